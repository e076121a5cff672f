import CDeflate

/// Rewrites an interlaced (Adam7) PNG image of 16 bits a channel as the same image without
/// interlacing, for libpng to decode.
///
/// libpng 1.6's simplified API reduces such an image to 8 bits wrongly (pnggroup/libpng#853: the
/// row it merges each pass into holds the previous row's pixels, not the previous passes'), so
/// two different images could read as the same. The image data is inflated, unfiltered and put
/// in row order here; the file libpng then reads is the same image, with the same colour chunks
/// (`gAMA`, `sRGB`, `iCCP`, `cHRM`, `sBIT`, `tRNS`, `bKGD`), so it reads exactly as the image
/// saved without interlacing reads: the same 16-to-8-bit rounding, the same gamma.
///
/// It does not stream: the image data, the raw pixels (8 bytes a pixel at the most) and the
/// rewritten file are in memory at once, bounded by the reader's ``PNGReadingLimits``. Only
/// 16-bit interlaced images take this path, which few writers make.
enum PNGDeinterlacer {
    /// Adam7's passes: the first column and row, and the steps between them.
    static let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The non-interlaced PNG file of the image `checker` has read.
    ///
    /// - Parameter checker: A checker that has read a whole file whose header is 16-bit and
    ///   interlaced (``PNGChunkChecker/needsOwnDeinterlacing``).
    /// - Returns: A PNG file: the signature, the header without interlacing, the colour chunks,
    ///   one `IDAT` and `IEND`.
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` for a colour type that has no
    ///   16-bit form, or image data that does not inflate to exactly the image's size.
    static func rewrite(_ checker: PNGChunkChecker) throws(CanvasError) -> [UInt8] {
        func failure(_ reason: String) -> CanvasError { .pngDecodingFailed(source: checker.source, reason: reason) }
        guard let header = checker.header else { throw failure("it has no IHDR chunk") }
        let channels: Int
        switch header.colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw failure("its colour type \(header.colorType) has no 16-bit form; the file is damaged")
        }
        let pixelBytes = channels * 2
        let width = header.width, height = header.height
        // Each pass is a small image of its own, each row with its filter byte; an empty pass has
        // no rows at all.
        let sizes = passes.map { pass -> (columns: Int, rows: Int) in
            let columns = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
            let rows = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
            return columns == 0 || rows == 0 ? (0, 0) : (columns, rows)
        }
        let rawCount = sizes.reduce(0) { $0 + $1.rows * (1 + $1.columns * pixelBytes) }
        var raw = [UInt8](repeating: 0, count: rawCount)
        try inflate(checker.imageData, into: &raw, failure)

        let rowBytes = 1 + width * pixelBytes
        var rows = [UInt8](repeating: 0, count: height * rowBytes)   // filter byte 0 (None) on every row
        var start = 0
        for (pass, size) in zip(passes, sizes) where size.rows > 0 {
            let passRowBytes = size.columns * pixelBytes
            for row in 0..<size.rows {
                let line = start + row * (1 + passRowBytes)
                try unfilter(&raw, line: line, count: passRowBytes, previous: row == 0 ? nil : line - 1 - passRowBytes,
                             pixelBytes: pixelBytes, failure)
                let y = pass.y + row * pass.dy
                for column in 0..<size.columns {
                    let x = pass.x + column * pass.dx
                    let from = line + 1 + column * pixelBytes, to = y * rowBytes + 1 + x * pixelBytes
                    for byte in 0..<pixelBytes { rows[to + byte] = raw[from + byte] }
                }
            }
            start += size.rows * (1 + passRowBytes)
        }
        raw = []
        let compressed = try compress(rows, failure)
        var file = PNGChunkChecker.signature
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [16, UInt8(header.colorType), 0, 0, 0]
        PNGEncoder.appendChunk("IHDR", ihdr[...], to: &file)
        file += checker.colourChunks
        PNGEncoder.appendChunk("IDAT", compressed[...], to: &file)
        PNGEncoder.appendChunk("IEND", [], to: &file)
        return file
    }

    /// Inflates a zlib stream into exactly `raw.count` bytes.
    private static func inflate(_ data: [UInt8], into raw: inout [UInt8], _ failure: (String) -> CanvasError) throws(CanvasError) {
        guard let decompressor = libdeflate_alloc_decompressor() else { throw failure("libdeflate could not make a decompressor") }
        defer { libdeflate_free_decompressor(decompressor) }
        var used = 0, produced = 0
        let result = data.withUnsafeBytes { input in
            raw.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress_ex(decompressor, input.baseAddress, input.count, output.baseAddress, output.count,
                                              &used, &produced)
            }
        }
        switch result {
        case LIBDEFLATE_SUCCESS where produced < raw.count:
            throw failure("its image data is shorter than its size needs; the file is damaged")
        case LIBDEFLATE_SUCCESS where used < data.count:
            throw failure("it has more image data than its size takes; the file is damaged")
        case LIBDEFLATE_SUCCESS:
            return
        case LIBDEFLATE_INSUFFICIENT_SPACE:
            throw failure("it has more image data than its size takes; the file is damaged")
        default:
            throw failure("its image data cannot be inflated (it is not a valid zlib stream); the file is damaged")
        }
    }

    /// Undoes a row's PNG filter in place.
    private static func unfilter(_ raw: inout [UInt8], line: Int, count: Int, previous: Int?, pixelBytes: Int,
                                 _ failure: (String) -> CanvasError) throws(CanvasError) {
        let filter = raw[line]
        let first = line + 1
        let above = previous.map { $0 + 1 }
        for index in 0..<count {
            let a = index >= pixelBytes ? Int(raw[first + index - pixelBytes]) : 0
            let b = above.map { Int(raw[$0 + index]) } ?? 0
            let c = index >= pixelBytes ? above.map { Int(raw[$0 + index - pixelBytes]) } ?? 0 : 0
            let predicted: Int
            switch filter {
            case 0: predicted = 0
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            case 4: predicted = Int(PNGEncoder.paeth(UInt8(a), UInt8(b), UInt8(c)))
            default: throw failure("a row of its image data has the unknown filter \(filter); the file is damaged")
            }
            raw[first + index] = UInt8(truncatingIfNeeded: Int(raw[first + index]) + predicted)
        }
    }

    /// The rows as a zlib stream (libdeflate, level 1: the stream is read once, at once).
    private static func compress(_ rows: [UInt8], _ failure: (String) -> CanvasError) throws(CanvasError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(1) else { throw failure("libdeflate could not make a compressor") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, rows.count)
        var out = [UInt8](repeating: 0, count: bound)
        let count = rows.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, input.count, $0.baseAddress, $0.count) }
        }
        guard count > 0 else { throw failure("its image could not be compressed again for reading") }
        out.removeSubrange(count...)
        return out
    }
}
