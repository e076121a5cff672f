import CPNG
import Foundation

/// Decodes PNG files to straight-alpha RGBA8 with libpng's simplified API.
enum PNGDecoder {
    /// Decodes PNG bytes.
    ///
    /// 8-bit images keep their exact values; 16-bit images are reduced to 8 bits, palette and grey
    /// images are expanded to RGBA.
    ///
    /// - Parameters:
    ///   - bytes: The PNG file's bytes.
    ///   - source: A name for error messages (a path, or "data").
    /// - Returns: The decoded image.
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` with libpng's message.
    static func decode(_ bytes: UnsafeRawBufferPointer, source: String) throws -> RGBAImage {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw CanvasError.pngDecodingFailed(source: source, reason: "the data is empty")
        }
        guard png_image_begin_read_from_memory(&image, base, bytes.count) != 0 else {
            defer { png_image_free(&image) }
            throw CanvasError.pngDecodingFailed(source: source, reason: message(of: &image))
        }
        // PNG_FORMAT_RGBA: colour with alpha, 8 bits, sRGB, not premultiplied.
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else {
            png_image_free(&image)
            throw CanvasError.pngDecodingFailed(source: source, reason: "unsupported size \(width) × \(height) px")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, png_int_32(width * 4), nil)
        }
        guard ok != 0 else {
            defer { png_image_free(&image) }
            throw CanvasError.pngDecodingFailed(source: source, reason: message(of: &image))
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            return text.isEmpty ? "libpng could not read it" : text
        }
    }
}
