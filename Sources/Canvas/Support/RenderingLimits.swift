/// The largest bitmaps Canvas draws.
public enum RenderingLimits {
    /// The largest width or height of a bitmap, in pixels: Cairo's image surfaces allow no more.
    public static let maximumImageSide = Cairo.maximumImageSide

    /// The most pixels a bitmap may have in all: 16,384 × 16,384 (268,435,456), the area limit
    /// Chromium sets for a canvas. A bitmap of sides under ``maximumImageSide`` could otherwise
    /// need 4 GiB for its buffer alone (32,767 × 32,767 × 4 bytes), which a tiny spec can ask for
    /// (a 30,000 pt width at a font size of 10,000): refused by size, before any memory is taken.
    public static let maximumImagePixels = 1 << 28
}
