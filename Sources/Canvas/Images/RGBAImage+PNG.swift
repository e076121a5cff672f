public import Foundation

extension RGBAImage {
    /// Decodes a PNG image from bytes.
    ///
    /// - Parameter pngData: The PNG file's bytes.
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` if the data is not a valid PNG.
    public init(pngData: Data) throws {
        self = try pngData.withUnsafeBytes { try PNGDecoder.decode($0, source: "data") }
    }

    /// Decodes a PNG file.
    ///
    /// - Parameter url: The file's location.
    /// - Throws: ``CanvasError/fileReadFailed(path:reason:)`` if it cannot be read,
    ///   ``CanvasError/pngDecodingFailed(source:reason:)`` if it is not a valid PNG.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CanvasError.fileReadFailed(path: url.path, reason: (error as NSError).localizedDescription)
        }
        self = try data.withUnsafeBytes { try PNGDecoder.decode($0, source: url.path) }
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
