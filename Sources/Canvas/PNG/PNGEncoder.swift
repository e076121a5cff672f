import CDeflate
import Foundation

/// Writes PNG files (ISO/IEC 15948, the PNG specification, second edition) from Cairo's
/// premultiplied ARGB32 pixels or from straight RGBA8 images.
///
/// The encoder un-premultiplies with the same rounding as Cairo's own PNG writer (so the decoded
/// pixels equal those of `cairo_surface_write_to_png`), writes 8-bit RGB when every pixel is opaque
/// and RGBA otherwise, filters rows (section 9) and compresses them with libdeflate, which also
/// computes the chunk CRCs. Rows identical to the previous row, common in pictures with flat
/// backgrounds, are neither converted nor filtered again.
///
/// Large images are cut into horizontal parts of whole rows (``parts(width:height:)``), each
/// converted, filtered and compressed on its own thread and joined into one zlib stream by
/// ``SplicedZlib``. The parts depend only on the image's size, so the bytes are the same on every
/// machine whatever its number of cores. A caller drawing the picture can draw each part's rows
/// just before they are encoded (`preparingRows`), so drawing is spread over the threads too.
package struct PNGEncoder: Sendable {
    /// A PNG row filter (section 9.2).
    package enum Filter: UInt8, CaseIterable, Sendable {
        case none = 0, sub = 1, up = 2, average = 3, paeth = 4

        /// Whether the filter predicts from the row above.
        var usesPreviousRow: Bool { self == .up || self == .average || self == .paeth }
    }

    /// How each row's filter is chosen.
    package enum FilterChoice: Equatable, Sendable {
        /// The same filter for every row (the first row of each part uses None instead of a filter
        /// that predicts from the row above, which belongs to another part).
        case fixed(Filter)
        /// Per row, the filter whose output has the smallest sum of absolute signed bytes (the
        /// heuristic section 12.8 of the specification recommends, and libpng's default).
        case adaptive
    }

    /// How the filtered rows are compressed.
    package enum Compression: Equatable, Sendable {
        /// ``ScanlineDeflate``: three match candidates per position (left pixel, row above, a
        /// hash of recent shapes). The default: several times faster than libdeflate's fastest
        /// level on drawn pictures, for files of about the same size.
        case scanline
        /// libdeflate at a level, 0 (store) to 12 (smallest).
        case libdeflate(level: Int32)
    }

    /// How the filtered rows are compressed.
    package var compression: Compression
    /// The row filter strategy.
    package var filter: FilterChoice
    /// The number of pixels per part: an image is cut into `pixels / pixelsPerPart` parts, rounded
    /// down to a power of two (at least one, at most ``maximumParts``). Smaller images are encoded on
    /// the calling thread alone.
    package var pixelsPerPart: Int
    /// The most parts an image is cut into.
    package var maximumParts: Int

    /// Makes an encoder. The defaults were chosen by measurement (`TAGCLOUD_BENCH_SWEEP=1
    /// TagCloudBench canvas`, on the 780 × 2700 px tag cloud): unfiltered rows let deflate find the
    /// repeated glyph shapes, so filter None gives the smallest files and is the fastest; of the
    /// compressors, ``ScanlineDeflate`` is the fastest for files about as small as libdeflate's
    /// level 1, and higher libdeflate levels cost more time than they save bytes. A part per
    /// 800,000 pixels: each part walks the whole display list and starts a fresh deflate window, and
    /// 1,000 specs of the 150-number example at 2× in one batch (1,865,760 px each) took 0.95 of the
    /// time in two parts than in four, and 1.10 in eight (`farm-bench`, 200 specs).
    package init(compression: Compression = .scanline, filter: FilterChoice = .fixed(.none), pixelsPerPart: Int = 800_000,
                 maximumParts: Int = 8) {
        self.compression = compression
        self.filter = filter
        self.pixelsPerPart = pixelsPerPart
        self.maximumParts = maximumParts
    }

    /// The rows of each part of an image, top to bottom: as many parts as ``pixelsPerPart`` and
    /// ``maximumParts`` allow, rounded down to a power of two, of nearly equal heights.
    ///
    /// A power of two shares the parts out evenly on 2, 4 or 8 cores; each further part costs a
    /// little (a Cairo surface, the list walked again, a fresh deflate window), so parts are large.
    ///
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    /// - Returns: Consecutive, non-empty row ranges covering `0..<height`.
    package func parts(width: Int, height: Int) -> [Range<Int>] {
        guard height > 1 else { return [0..<max(height, 0)] }
        let wanted = min(max(1, width * height / max(1, pixelsPerPart)), max(1, maximumParts), height)
        var count = 1
        while count * 2 <= wanted { count *= 2 }
        return (0..<count).map { k in (height * k / count)..<(height * (k + 1) / count) }
    }

    /// Encodes Cairo ARGB32 pixels (premultiplied alpha, native-endian 32-bit words).
    ///
    /// - Parameters:
    ///   - base: The first pixel of the top row.
    ///   - width: Width in pixels, at least 1.
    ///   - height: Height in pixels, at least 1.
    ///   - stride: Bytes from one row to the next.
    ///   - isOpaque: A hint that every pixel is opaque, so RGB is written; the encoder falls back to
    ///     RGBA if it meets a pixel that is not.
    ///   - prepare: Called once for each part's rows (``parts(width:height:)``), on the thread that
    ///     encodes them, before they are read; a renderer draws them there. `nil` when the pixels
    ///     are ready.
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` if compression fails, or what `prepare`
    ///   throws.
    package func encode(premultipliedARGB32 base: UnsafeRawPointer, width: Int, height: Int, stride: Int, isOpaque: Bool,
                        preparingRows prepare: ((Range<Int>) throws -> Void)? = nil) throws -> [UInt8] {
        if isOpaque, let bytes = try encode(width: width, height: height, channels: 3, sourceRow: { y in
            base + y * stride
        }, sourceRowBytes: width * 4, convert: { source, output in
            Unpremultiply.argb32ToRGB(source.assumingMemoryBound(to: UInt32.self), output, count: width)
        }, prepare: prepare) {
            return bytes
        }
        // Translucent pixels (or no opaque hint): every part's rows are ready by now.
        let bytes = try encode(width: width, height: height, channels: 4, sourceRow: { y in
            base + y * stride
        }, sourceRowBytes: width * 4, convert: { source, output in
            Unpremultiply.argb32ToRGBA(source.assumingMemoryBound(to: UInt32.self), output, count: width)
            return true
        }, prepare: isOpaque ? nil : prepare)
        guard let bytes else { preconditionFailure("RGBA conversion cannot fail") }
        return bytes
    }

    /// Encodes Cairo ARGB32 pixels that may be overwritten: an opaque picture's filtered RGB rows
    /// are written over its own pixels, so no second buffer of the picture's size is taken.
    ///
    /// A filtered RGB row (a filter byte and three bytes per pixel) is shorter than an ARGB32 row
    /// (four bytes per pixel), so each part's rows are packed, one after the other, at the start of
    /// the part's own pixels: row `k` of a part is written no later in memory than its pixels were,
    /// and a row is converted before its filter byte is written, so every pixel is read before
    /// anything is written over it. The bytes are those ``encode(premultipliedARGB32:width:height:stride:isOpaque:preparingRows:)``
    /// writes for the same pixels; the pixels themselves are lost.
    ///
    /// If the picture turns out to have a pixel that is not opaque, its rows are already partly
    /// overwritten: `redraw` is called to draw every pixel again, and the picture is written as
    /// RGBA with a separate buffer. Only unfiltered rows (``FilterChoice/fixed(_:)`` with
    /// ``Filter/none``, the default) are written in place; other filters use a separate buffer.
    ///
    /// - Parameters:
    ///   - base: The first pixel of the top row.
    ///   - width: Width in pixels, at least 1.
    ///   - height: Height in pixels, at least 1.
    ///   - stride: Bytes from one row to the next, at least `4 × width`.
    ///   - isOpaque: Whether every pixel is expected to be opaque (RGB is written in place only then).
    ///   - prepare: As for ``encode(premultipliedARGB32:width:height:stride:isOpaque:preparingRows:)``.
    ///   - redraw: Draws every pixel again, after which they are read once more.
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` if compression fails, or what `prepare`
    ///   or `redraw` throws.
    package func encode(overwriting base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, isOpaque: Bool,
                        preparingRows prepare: ((Range<Int>) throws -> Void)? = nil,
                        redraw: () throws -> Void) throws -> [UInt8] {
        guard isOpaque, filter == .fixed(.none), width > 0, stride >= 4 * width else {
            return try encode(premultipliedARGB32: base, width: width, height: height, stride: stride, isOpaque: isOpaque,
                              preparingRows: prepare)
        }
        if let bytes = try encode(width: width, height: height, channels: 3, sourceRow: { y in
            UnsafeRawPointer(base + y * stride)
        }, sourceRowBytes: width * 4, convert: { source, output in
            Unpremultiply.argb32ToRGB(source.assumingMemoryBound(to: UInt32.self), output, count: width)
        }, prepare: prepare, inPlace: true) {
            return bytes
        }
        try redraw()
        return try encode(premultipliedARGB32: base, width: width, height: height, stride: stride, isOpaque: false)
    }

    /// Encodes a straight-alpha RGBA8 image, as RGB if every pixel is opaque.
    ///
    /// - Parameter image: The image; it must be at least 1 × 1 pixel.
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` for an empty image or if compression fails.
    package func encode(_ image: RGBAImage) throws -> [UInt8] {
        let opaque = image.pixels.withUnsafeBufferPointer { p in
            var index = 3
            while index < p.count { if p[index] != 255 { return false }; index += 4 }
            return true
        }
        let channels = opaque ? 3 : 4
        return Self.file(width: image.width, height: image.height, channels: channels,
                         stream: try zlibStream(of: image, channels: channels))
    }

    /// The core: converts, filters and compresses each part on its own thread, then writes the
    /// chunks.
    ///
    /// - Parameter inPlace: Whether each part's filtered rows are written over its source rows
    ///   (unfiltered rows only, each no longer than a source row), instead of into a separate buffer.
    /// - Returns: The PNG, or `nil` if `convert` reported a pixel it could not write (a translucent
    ///   pixel in RGB).
    private func encode(width: Int, height: Int, channels: Int,
                        sourceRow: (Int) -> UnsafeRawPointer, sourceRowBytes: Int,
                        convert: (UnsafeRawPointer, UnsafeMutablePointer<UInt8>) -> Bool,
                        prepare: ((Range<Int>) throws -> Void)?, inPlace: Bool = false) throws -> [UInt8]? {
        guard let stream = try zlibStream(width: width, height: height, channels: channels, sourceRow: sourceRow,
                                          sourceRowBytes: sourceRowBytes, convert: convert, prepare: prepare,
                                          inPlace: inPlace) else { return nil }
        return Self.file(width: width, height: height, channels: channels, stream: stream)
    }

    /// A PNG file of one image: its header, its compressed rows and the end.
    private static func file(width: Int, height: Int, channels: Int, stream: [UInt8]) -> [UInt8] {
        var png = signature
        png.reserveCapacity(stream.count + 64)
        appendChunk("IHDR", header(width: width, height: height, channels: channels)[...], to: &png)
        appendData(stream, chunk: "IDAT", to: &png)
        appendChunk("IEND", [][...], to: &png)
        return png
    }

    /// The PNG file signature (section 5.2).
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The IHDR chunk's data: 8-bit RGB or RGBA, not interlaced.
    static func header(width: Int, height: Int, channels: Int) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
        return header
    }

    /// Appends a zlib stream as chunks of at most 2³⁰ bytes, each starting with `prefix` (the
    /// sequence number of an APNG `fdAT` chunk, nothing for `IDAT`).
    static func appendData(_ stream: [UInt8], chunk type: String, to png: inout [UInt8],
                           prefix: () -> [UInt8] = { [] }) {
        let chunkLimit = 1 << 30
        var start = 0
        repeat {
            let end = min(start + chunkLimit, stream.count)
            let head = prefix()
            appendChunk(type, head.isEmpty ? stream[start..<end] : (head + stream[start..<end])[...], to: &png)
            start = end
        } while start < stream.count
    }

    /// The zlib stream of a straight-alpha RGBA8 image's rows (what a PNG's `IDAT` chunks, or an
    /// APNG frame's `fdAT` chunks, hold), as `channels` bytes per pixel: 3 drops alpha, which the
    /// caller has found opaque.
    ///
    /// - Parameters:
    ///   - image: The image, at least 1 × 1 pixel.
    ///   - channels: 3 (RGB) or 4 (RGBA).
    /// - Returns: The compressed rows.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` for an empty image or if compression fails.
    package func zlibStream(of image: RGBAImage, channels: Int) throws -> [UInt8] {
        let width = image.width
        let stream = try image.pixels.withUnsafeBytes { raw -> [UInt8]? in
            guard let base = raw.baseAddress, width > 0 else {
                throw CanvasError.pngEncodingFailed(reason: "the image is empty (\(image.width) × \(image.height) px)")
            }
            return try zlibStream(width: width, height: image.height, channels: channels, sourceRow: { y in
                base + y * width * 4
            }, sourceRowBytes: width * 4, convert: { source, output in
                let s = source.assumingMemoryBound(to: UInt8.self)
                if channels == 3 {
                    for x in 0..<width {
                        output[3 * x] = s[4 * x]; output[3 * x + 1] = s[4 * x + 1]; output[3 * x + 2] = s[4 * x + 2]
                    }
                } else {
                    output.update(from: s, count: width * 4)
                }
                return true
            }, prepare: nil)
        }
        guard let stream else { preconditionFailure("RGBA8 conversion cannot fail") }
        return stream
    }

    /// Converts, filters and compresses each part on its own thread into one zlib stream.
    ///
    /// - Returns: The stream, or `nil` if `convert` reported a pixel it could not write.
    private func zlibStream(width: Int, height: Int, channels: Int,
                            sourceRow: (Int) -> UnsafeRawPointer, sourceRowBytes: Int,
                            convert: (UnsafeRawPointer, UnsafeMutablePointer<UInt8>) -> Bool,
                            prepare: ((Range<Int>) throws -> Void)?, inPlace: Bool = false) throws -> [UInt8]? {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw CanvasError.pngEncodingFailed(reason: "a PNG image needs a size of at least 1 × 1 px, not \(width) × \(height)")
        }
        let rowBytes = width * channels
        precondition(!inPlace || (filter == .fixed(.none) && rowBytes + 1 <= sourceRowBytes), "rows written in place must fit")
        // The filtered rows go into a reused buffer: fresh pages would cost more than the filtering.
        let buffer = inPlace ? nil : ScratchBuffers.shared.take(height * (rowBytes + 1))
        defer { if let buffer { ScratchBuffers.shared.give(buffer.pointer, capacity: buffer.capacity) } }
        let parts = self.parts(width: width, height: height)
        let compressed = try Parallel.map(parts.count) { index -> SplicedZlib.Part? in
            let rows = parts[index]
            try prepare?(rows)
            let output = if let buffer {
                buffer.pointer.assumingMemoryBound(to: UInt8.self) + rows.lowerBound * (rowBytes + 1)
            } else {
                UnsafeMutablePointer(mutating: sourceRow(rows.lowerBound).assumingMemoryBound(to: UInt8.self))
            }
            guard filterRows(rows, into: output, rowBytes: rowBytes, channels: channels, sourceRow: sourceRow,
                             sourceRowBytes: sourceRowBytes, inPlace: inPlace, convert: convert) else { return nil }
            let bytes = UnsafeRawBufferPointer(start: output, count: rows.count * (rowBytes + 1))
            let isLast = index == parts.count - 1
            switch compression {
            case .scanline:
                return SplicedZlib.compressPart(bytes, rowLength: rowBytes + 1, pixelBytes: channels, isLast: isLast)
            case .libdeflate(let level):
                return try SplicedZlib.compressPart(bytes, level: level, isLast: isLast)
            }
        }
        let zlibParts = compressed.compactMap { $0 }
        guard zlibParts.count == parts.count else { return nil }
        var stream: [UInt8] = []
        stream.reserveCapacity(SplicedZlib.streamSize(of: zlibParts))
        SplicedZlib.appendStream(of: zlibParts, level: compression.levelHint, to: &stream)
        return stream
    }

    /// Converts and filters one part's rows. The part's first row is filtered without the row
    /// above (None, or Sub for a Sub or adaptive choice), so parts do not depend on each other.
    ///
    /// With `inPlace`, `out` is the part's first source row and each unfiltered row is converted
    /// before its filter byte is written: output row `k` starts `k × (rowBytes + 1)` bytes after
    /// `out`, never after source row `k`, and `convert` reads each group of pixels before it writes
    /// their bytes, which end before the next group's pixels start.
    ///
    /// - Returns: `false` if `convert` failed on some row.
    private func filterRows(_ rows: Range<Int>, into out: UnsafeMutablePointer<UInt8>, rowBytes: Int, channels: Int,
                            sourceRow: (Int) -> UnsafeRawPointer, sourceRowBytes: Int, inPlace: Bool,
                            convert: (UnsafeRawPointer, UnsafeMutablePointer<UInt8>) -> Bool) -> Bool {
        if inPlace {
            for y in rows {
                let row = out + (y - rows.lowerBound) * (rowBytes + 1)
                guard convert(sourceRow(y), row + 1) else { return false }
                row.pointee = Filter.none.rawValue
            }
            return true
        }
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var trial = [UInt8](repeating: 0, count: filter == .adaptive ? rowBytes : 0)
        return previous.withUnsafeMutableBufferPointer { p in
            current.withUnsafeMutableBufferPointer { c in
                trial.withUnsafeMutableBufferPointer { s in
                    guard var prev = p.baseAddress, var cur = c.baseAddress else { return true }
                    var previousSource: UnsafeRawPointer?
                    var previousFilter = Filter.none
                    for y in rows {
                        let source = sourceRow(y)
                        let row = out + (y - rows.lowerBound) * (rowBytes + 1)
                        if let previousSource, memcmp(previousSource, source, sourceRowBytes) == 0,
                           let repeated = Self.repeatRow(into: row, previousRow: row - (rowBytes + 1), rowBytes: rowBytes, filter: previousFilter) {
                            previousFilter = repeated
                            continue
                        }
                        if filter == .fixed(.none) {
                            // No prediction: convert straight into the output row.
                            row.pointee = Filter.none.rawValue
                            guard convert(source, row + 1) else { return false }
                            previousFilter = .none
                        } else {
                            guard convert(source, cur) else { return false }
                            let isFirst = y == rows.lowerBound
                            let chosen: Filter
                            switch filter {
                            case .fixed(let f): chosen = isFirst && f.usesPreviousRow ? .none : f
                            case .adaptive: chosen = Self.bestFilter(cur, prev, s.baseAddress ?? row + 1, rowBytes, channels,
                                                                     candidates: isFirst ? [.none, .sub] : Filter.allCases)
                            }
                            row.pointee = chosen.rawValue
                            Self.apply(chosen, cur, prev, row + 1, rowBytes, channels)
                            previousFilter = chosen
                            swap(&prev, &cur)
                        }
                        previousSource = source
                    }
                    return true
                }
            }
        }
    }

    /// Writes a row whose source equals the previous row's, without converting it again: with the
    /// Up filter it is all zeros; with None or Sub it repeats the previous filtered row.
    ///
    /// - Returns: The filter used, or `nil` when the row must be filtered normally.
    private static func repeatRow(into row: UnsafeMutablePointer<UInt8>, previousRow: UnsafeMutablePointer<UInt8>,
                                  rowBytes: Int, filter: Filter) -> Filter? {
        switch filter {
        case .up, .paeth:
            // Up of identical rows is zero; so is Paeth's prediction when the row above is the same
            // and the row's left neighbours repeat (not guaranteed), so Paeth rows use Up here.
            row.pointee = Filter.up.rawValue
            (row + 1).initialize(repeating: 0, count: rowBytes)
            return .up
        case .none, .sub:
            row.update(from: previousRow, count: rowBytes + 1)
            return filter
        case .average:
            return nil
        }
    }

    /// Filters one row (section 9.2: filter types 0 to 4).
    static func apply(_ filter: Filter, _ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>,
                      _ out: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) {
        switch filter {
        case .none:
            out.update(from: cur, count: count)
        case .sub:
            for i in 0..<min(bpp, count) { out[i] = cur[i] }
            var i = bpp
            while i < count { out[i] = cur[i] &- cur[i - bpp]; i += 1 }
        case .up:
            for i in 0..<count { out[i] = cur[i] &- prev[i] }
        case .average:
            for i in 0..<min(bpp, count) { out[i] = cur[i] &- prev[i] / 2 }
            var i = bpp
            while i < count { out[i] = cur[i] &- UInt8((Int(cur[i - bpp]) + Int(prev[i])) / 2); i += 1 }
        case .paeth:
            for i in 0..<min(bpp, count) { out[i] = cur[i] &- prev[i] }
            var i = bpp
            while i < count {
                out[i] = cur[i] &- paeth(cur[i - bpp], prev[i], prev[i - bpp])
                i += 1
            }
        }
    }

    /// The Paeth predictor (section 9.4).
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int(a), ib = Int(b), ic = Int(c)
        let pa = abs(ib - ic), pb = abs(ia - ic), pc = abs(ia + ib - 2 * ic)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The filter with the smallest sum of absolute signed output bytes for this row.
    private static func bestFilter(_ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>,
                                   _ scratch: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int,
                                   candidates: [Filter]) -> Filter {
        var best = Filter.none, bestScore = Int.max
        for candidate in candidates {
            apply(candidate, cur, prev, scratch, count, bpp)
            var score = 0
            for i in 0..<count { score += Int(Int8(bitPattern: scratch[i]).magnitude) }
            if score < bestScore { bestScore = score; best = candidate }
        }
        return best
    }

    /// Appends a chunk: length, type, data and the CRC-32 of type and data (section 5.3).
    static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        png += typeBytes
        png += data
        var crc = typeBytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        crc = data.withUnsafeBytes { UInt32(libdeflate_crc32(crc, $0.baseAddress, $0.count)) }
        png.appendBigEndian(crc)
    }
}

extension PNGEncoder.Compression {
    /// The libdeflate level the compression is like, for the zlib header's FLEVEL hint.
    var levelHint: Int32 {
        switch self {
        case .scanline: 1
        case .libdeflate(let level): level
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
}

