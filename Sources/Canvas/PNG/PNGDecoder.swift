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

/// Decodes PNG files to straight-alpha RGBA8 with libpng's simplified API, after checking their
/// chunks strictly (``PNGChunkChecker``).
///
/// The header is read first and checked against ``PNGReadingLimits`` before the pixels' memory
/// is allocated. A regular file is read twice through a `FILE` stream, once to check its chunks
/// and once by libpng, so only libpng's buffers and the decoded pixels are ever in memory, never
/// the whole file; a pipe or FIFO, which can be read once, is read into memory as it is checked
/// (its header's size is checked before anything else is kept), then decoded from there.
///
/// A damaged file is refused, not read as far as it goes: a chunk whose CRC is wrong (ancillary
/// ones included), a file without its `IEND` chunk or with anything after it, image data that
/// inflates to more or less than the image. An interlaced 16-bit image is rewritten without
/// interlacing before libpng reads it (``PNGDeinterlacer``), as libpng 1.6 reduces it to 8 bits
/// wrongly.
enum PNGDecoder {
    /// Decodes PNG bytes.
    ///
    /// Images are read as sRGB unless a `gAMA`, `sRGB` or `iCCP` chunk says otherwise, as browsers
    /// read them: 8-bit sRGB images keep their exact values (an 8-bit file whose `gAMA` chunk says
    /// another gamma, as a tool may add, is converted, and its values change); 16-bit images are
    /// reduced to 8 bits; palette and grey images are expanded to RGBA. An animated PNG reads as
    /// its default image, unless `refusingAnimation`.
    ///
    /// - Parameters:
    ///   - bytes: The PNG file's bytes.
    ///   - source: A name for error messages (a path, or "data").
    ///   - limits: The largest image accepted.
    ///   - refusingAnimation: Whether an animated PNG (APNG) is refused rather than read as its
    ///     default image.
    /// - Returns: The decoded image.
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` saying what is wrong (or with
    ///   libpng's message), or ``CanvasError/pngTooLarge(source:width:height:limits:)``.
    static func decode(_ bytes: UnsafeRawBufferPointer, source: String, limits: PNGReadingLimits,
                       refusingAnimation: Bool = false) throws(CanvasError) -> RGBAImage {
        var checker = PNGChunkChecker(source: source, limits: limits)
        try checker.consume(bytes)
        try checker.finish()
        return try decodeChecked(bytes, checker: checker, refusingAnimation: refusingAnimation)
    }

    /// Decodes bytes `checker` has read whole.
    private static func decodeChecked(_ bytes: UnsafeRawBufferPointer, checker: PNGChunkChecker,
                                      refusingAnimation: Bool) throws(CanvasError) -> RGBAImage {
        try refuseAnimation(checker, refusingAnimation)
        if checker.needsOwnDeinterlacing {
            let rewritten = try PNGDeinterlacer.rewrite(checker)
            let decoded = rewritten.withUnsafeBytes { raw in
                Result { () throws(CanvasError) in try decodeWithLibpng(raw, source: checker.source, limits: checker.limits) }
            }
            return try decoded.get()
        }
        return try decodeWithLibpng(bytes, source: checker.source, limits: checker.limits)
    }

    private static func refuseAnimation(_ checker: PNGChunkChecker, _ refusing: Bool) throws(CanvasError) {
        guard refusing, checker.isAnimated else { return }
        throw .pngDecodingFailed(source: checker.source, reason: "it is an animated PNG (APNG), and animated PNGs are not compared: "
                                 + "only its first frame would be; compare its frames as still PNG files instead")
    }

    private static func decodeWithLibpng(_ bytes: UnsafeRawBufferPointer, source: String,
                                         limits: PNGReadingLimits) throws(CanvasError) -> RGBAImage {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw .pngDecodingFailed(source: source, reason: "the file is empty")
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
    ///   - refusingAnimation: Whether an animated PNG (APNG) is refused rather than read as its
    ///     default image.
    /// - Returns: The decoded image.
    /// - Throws: ``CanvasError/fileReadFailed(path:reason:)`` when the file cannot be opened or
    ///   read, ``CanvasError/pngDecodingFailed(source:reason:)`` or
    ///   ``CanvasError/pngTooLarge(source:width:height:limits:)``.
    static func decode(path: String, limits: PNGReadingLimits, refusingAnimation: Bool = false) throws(CanvasError) -> RGBAImage {
        guard let file = fopen(path, "rb") else {
            // In the words of the other input messages ("Permission denied" read unlike the rest).
            throw .fileReadFailed(path: path, reason: FileErrorWording.reason(errno))
        }
        defer { fclose(file) }
        var status = stat()
        guard fstat(fileno(file), &status) == 0 else { throw .fileReadFailed(path: path, reason: String(cString: strerror(errno))) }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw .fileReadFailed(path: path, reason: "it is a folder")
        }
        // A regular file is checked in a first pass and read again by libpng; anything else can
        // be read once, and is kept as it is checked.
        let regular = status.st_mode & S_IFMT == S_IFREG
        var checker = PNGChunkChecker(source: path, limits: limits)
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 {
                if ferror(file) != 0 { throw .fileReadFailed(path: path, reason: String(cString: strerror(errno))) }
                break
            }
            let consumed = buffer.withUnsafeBytes { raw in
                Result { () throws(CanvasError) in try checker.consume(UnsafeRawBufferPointer(rebasing: raw[..<count])) }
            }
            try consumed.get()
            if !regular { kept += buffer[..<count] }
        }
        try checker.finish()
        if !regular || checker.needsOwnDeinterlacing {
            let decoded = kept.withUnsafeBytes { raw in
                Result { () throws(CanvasError) in try decodeChecked(raw, checker: checker, refusingAnimation: refusingAnimation) }
            }
            return try decoded.get()
        }
        try refuseAnimation(checker, refusingAnimation)
        rewind(file)
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
        // libpng warns, and reads on, where the image data inflates to more than the image
        // ("Too much image data") or leaves compressed data over: the file is damaged.
        if image.warning_or_error & png_uint_32(PNG_IMAGE_WARNING) != 0 {
            let warning = message(of: &image)
            if warning.hasPrefix("IDAT") || warning.contains("image data") || warning.contains("compressed data") {
                throw .pngDecodingFailed(source: source, reason: "\(warning); the file is damaged")
            }
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
