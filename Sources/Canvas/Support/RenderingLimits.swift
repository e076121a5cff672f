/// The largest bitmaps Canvas draws.
public enum RenderingLimits {
    /// The largest width or height of a bitmap, in pixels: Cairo's image surfaces allow no more.
    public static let maximumImageSide = Cairo.maximumImageSide

    /// The most pixels a bitmap may have in all: 16,384 × 16,384 (268,435,456), the area limit
    /// Chromium sets for a canvas. A bitmap of sides under ``maximumImageSide`` could otherwise
    /// need 4 GiB for its buffer alone (32,767 × 32,767 × 4 bytes), which a tiny spec can ask for
    /// (a 30,000 pt width at a font size of 10,000): refused by size, before any memory is taken.
    public static let maximumImagePixels = 1 << 28

    /// The most pixels an animated PNG may draw in all its frames: 1,073,741,824, four of the
    /// largest still pictures. Every frame is drawn whole before the rectangle that changed is
    /// kept, so an animation costs its frame count times its frame's pixels: 100 frames at
    /// `--scale 40` drew 6.4 billion pixels for minutes, each frame within ``maximumImagePixels``.
    /// A 780 × 2392 px cloud (the 150-number example at 2×) animated at 60 frames a second for
    /// 3 seconds draws about 337 million. Refused by count, before any frame is drawn.
    public static let maximumAnimationPixels = 1 << 30
}
