/// A decoded picture: 8-bit red, green, blue and alpha per pixel, straight (not premultiplied)
/// alpha, rows top to bottom with no padding.
///
/// This is the form golden images are compared in, whatever produced them (Cairo's premultiplied
/// surfaces, PNG files, rsvg-convert).
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row by row.
    public var pixels: [UInt8]

    /// Makes an image from its pixels.
    ///
    /// - Precondition: `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "RGBAImage needs width * height * 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A fully transparent image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: max(0, width * height * 4)))
    }
}
