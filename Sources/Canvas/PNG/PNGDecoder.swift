import CPNG
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How large a PNG image a reader accepts: the image's header is checked against these limits
/// before any memory is set aside for its pixels, so a small file that claims a huge picture (a
/// "PNG bomb") costs a few kilobytes and is refused at once.
///
/// ```swift
/// let image = try RGBAImage(contentsOf: url, limits: PNGReadingLimits(maxPixels: 4_000_000))
/// ```
public struct PNGReadingLimits: Sendable, Hashable {
    /// The most pixels on either side: 32,767 by default, the largest side Cairo draws.
    public var maxSide: Int
    /// The most pixels in all (width × height): 64,000,000 by default (8,000 × 8,000, which
    /// decodes to 256 MB of RGBA).
    public var maxPixels: Int

    /// Makes limits.
    ///
    /// - Parameters:
    ///   - maxSide: The most pixels on either side.
    ///   - maxPixels: The most pixels in all.
    public init(maxSide: Int = 32_767, maxPixels: Int = 64_000_000) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// 32,767 pixels a side and 64,000,000 pixels in all.
    public static let standard = PNGReadingLimits()

    /// Refuses a size over the limits.
    ///
    /// - Throws: ``CanvasError/pngTooLarge(source:width:height:limits:)``.
    func check(width: Int, height: Int, source: String) throws(CanvasError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width <= maxSide, height <= maxSide, !overflow, pixels <= maxPixels else {
            throw .pngTooLarge(source: source, width: width, height: height, limits: self)
        }
    }
}

/// Decodes PNG files to straight-alpha RGBA8 with libpng's simplified API.
///
/// The header is read first and checked against ``PNGReadingLimits`` before the pixels' memory
/// is allocated; files are read through a `FILE` stream, so only libpng's buffers and the decoded
/// pixels are ever in memory, never the whole file, and the pixel buffer is filled row by row as
/// the data arrives (a truncated file fails having touched only the rows it had).
enum PNGDecoder {
    /// Decodes PNG bytes.
    ///
    /// Images are read as sRGB unless a `gAMA`, `sRGB` or `iCCP` chunk says otherwise, as browsers
    /// read them: 8-bit sRGB images keep their exact values (an 8-bit file whose `gAMA` chunk says
    /// another gamma, as a tool may add, is converted, and its values change); 16-bit images are
    /// reduced to 8 bits; palette and grey images are expanded to RGBA.
    ///
    /// - Parameters:
    ///   - bytes: The PNG file's bytes.
    ///   - source: A name for error messages (a path, or "data").
    ///   - limits: The largest image accepted.
    /// - Returns: The decoded image.
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` with libpng's message, or
    ///   ``CanvasError/pngTooLarge(source:width:height:limits:)``.
    static func decode(_ bytes: UnsafeRawBufferPointer, source: String, limits: PNGReadingLimits) throws(CanvasError) -> RGBAImage {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw .pngDecodingFailed(source: source, reason: "the data is empty")
        }
        guard png_image_begin_read_from_memory(&image, base, bytes.count) != 0 else {
            defer { png_image_free(&image) }
            throw .pngDecodingFailed(source: source, reason: message(of: &image))
        }
        return try finish(&image, source: source, limits: limits)
    }

    /// Decodes a PNG file, reading it as a stream.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - limits: The largest image accepted.
    /// - Returns: The decoded image.
    /// - Throws: ``CanvasError/fileReadFailed(path:reason:)`` when the file cannot be opened,
    ///   ``CanvasError/pngDecodingFailed(source:reason:)`` or
    ///   ``CanvasError/pngTooLarge(source:width:height:limits:)``.
    static func decode(path: String, limits: PNGReadingLimits) throws(CanvasError) -> RGBAImage {
        guard let file = fopen(path, "rb") else {
            throw .fileReadFailed(path: path, reason: errno == ENOENT ? "there is no such file" : String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var status = stat()
        if fstat(fileno(file), &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .fileReadFailed(path: path, reason: "it is a folder")
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_stdio(&image, file) != 0 else {
            defer { png_image_free(&image) }
            throw .pngDecodingFailed(source: path, reason: message(of: &image))
        }
        return try finish(&image, source: path, limits: limits)
    }

    /// Checks the size the header gave, then reads the pixels into a buffer allocated for them.
    private static func finish(_ image: inout png_image, source: String, limits: PNGReadingLimits) throws(CanvasError) -> RGBAImage {
        // PNG_FORMAT_RGBA: colour with alpha, 8 bits, sRGB, not premultiplied.
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        // A 16-bit image without gAMA or sRGB is read as sRGB, as every other reader takes it
        // (browsers, image tools, PIL): libpng's simplified API takes it for linear light by
        // default and re-encoded it, so a golden re-saved at 16 bits, or a screenshot tool's
        // 16-bit PNG, read brighter (128 became 186) and every pixel differed from the same
        // picture at 8 bits. A 16-bit value v becomes round(v / 257): the 8-bit value it was
        // scaled from, exactly.
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let width = Int(image.width), height = Int(image.height)
        do throws(CanvasError) {
            guard width > 0, height > 0 else {
                throw .pngDecodingFailed(source: source, reason: "the image is \(width) × \(height) px")
            }
            try limits.check(width: width, height: height, source: source)
        } catch {
            png_image_free(&image)
            throw error
        }
        var succeeded = false
        // Not zero-filled first: libpng writes every byte, row by row, so pages are touched only as
        // rows are decoded.
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            succeeded = png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil) != 0
            count = succeeded ? width * height * 4 : 0
        }
        guard succeeded else {
            defer { png_image_free(&image) }
            throw .pngDecodingFailed(source: source, reason: message(of: &image))
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
