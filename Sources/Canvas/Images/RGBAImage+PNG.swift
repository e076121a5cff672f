public import Foundation

extension RGBAImage {
    /// Decodes a PNG image from bytes.
    ///
    /// - Parameters:
    ///   - pngData: The PNG file's bytes.
    ///   - limits: The largest image accepted, checked against the header before the pixels'
    ///     memory is allocated.
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` if the data is not a valid PNG,
    ///   ``CanvasError/pngTooLarge(source:width:height:limits:)`` if its header claims more pixels
    ///   than `limits` allow.
    public init(pngData: Data, limits: PNGReadingLimits = .standard) throws(CanvasError) {
        let decoded = pngData.withUnsafeBytes { raw in
            Result { () throws(CanvasError) in try PNGDecoder.decode(raw, source: "data", limits: limits) }
        }
        self = try decoded.get()
    }

    /// Decodes a PNG file, reading it as a stream (the file is never in memory whole).
    ///
    /// - Parameters:
    ///   - url: The file's location (a regular file, a FIFO, `/dev/stdin`…).
    ///   - limits: The largest image accepted, checked against the header before the pixels'
    ///     memory is allocated.
    /// - Throws: ``CanvasError/fileReadFailed(path:reason:)`` if it cannot be opened,
    ///   ``CanvasError/pngDecodingFailed(source:reason:)`` if it is not a valid PNG,
    ///   ``CanvasError/pngTooLarge(source:width:height:limits:)`` if its header claims more
    ///   pixels than `limits` allow.
    public init(contentsOf url: URL, limits: PNGReadingLimits = .standard) throws(CanvasError) {
        self = try PNGDecoder.decode(path: url.path, limits: limits)
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
