public import Foundation

extension RGBAImage {
    /// Decodes a PNG image from bytes.
    ///
    /// - Parameters:
    ///   - pngData: The PNG file's bytes.
    ///   - limits: The largest image accepted, checked against the header before the pixels'
    ///     memory is allocated.
    ///   - refusingAnimation: Whether an animated PNG (APNG) is refused, as a golden-image
    ///     comparison refuses it (its other frames would go unseen), rather than read as its
    ///     default image (the first frame, or the still image players skip).
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` if the data is not a valid PNG
    ///   (damaged, cut short, a chunk's CRC wrong, anything after `IEND`: a damaged file is never
    ///   read as far as it goes) or is an APNG refused, ``CanvasError/pngTooLarge(source:width:height:limits:)``
    ///   if its header claims more pixels than `limits` allow.
    public init(pngData: Data, limits: PNGReadingLimits = .standard, refusingAnimation: Bool = false) throws(CanvasError) {
        let decoded = pngData.withUnsafeBytes { raw in
            Result { () throws(CanvasError) in
                try PNGDecoder.decode(raw, source: "data", limits: limits, refusingAnimation: refusingAnimation)
            }
        }
        self = try decoded.get()
    }

    /// Decodes a PNG file, reading it as a stream (the file is never in memory whole).
    ///
    /// - Parameters:
    ///   - url: The file's location (a regular file, a FIFO, `/dev/stdin`…).
    ///   - limits: The largest image accepted, checked against the header before the pixels'
    ///     memory is allocated.
    ///   - refusingAnimation: Whether an animated PNG (APNG) is refused rather than read as its
    ///     default image.
    /// - Throws: ``CanvasError/fileReadFailed(path:reason:)`` if it cannot be opened or read,
    ///   ``CanvasError/pngDecodingFailed(source:reason:)`` if it is not a valid PNG (as
    ///   ``init(pngData:limits:refusingAnimation:)`` says), ``CanvasError/pngTooLarge(source:width:height:limits:)``
    ///   if its header claims more pixels than `limits` allow.
    public init(contentsOf url: URL, limits: PNGReadingLimits = .standard, refusingAnimation: Bool = false) throws(CanvasError) {
        self = try PNGDecoder.decode(path: url.path, limits: limits, refusingAnimation: refusingAnimation)
    }

    /// The image as a PNG file: RGB when every pixel is opaque, RGBA otherwise.
    ///
    /// - Returns: The PNG bytes.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` for an image of zero width or height.
    public func pngData() throws -> Data {
        Data(try PNGEncoder().encode(self))
    }

    /// Makes an image from Cairo ARGB32 pixels, un-premultiplying them.
    init(premultipliedARGB32 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            guard let output = out.baseAddress else { return }
            for y in 0..<height {
                Unpremultiply.argb32ToRGBA((base + y * stride).assumingMemoryBound(to: UInt32.self),
                                           output + y * width * 4, count: width)
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
