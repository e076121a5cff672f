import CDeflate
import Foundation

/// Writes PNG files (ISO/IEC 15948, the PNG specification, second edition) from Cairo's
/// premultiplied ARGB32 pixels or from straight RGBA8 images.
///
/// The encoder un-premultiplies with the same rounding as Cairo's own PNG writer (so the decoded
/// pixels equal those of `cairo_surface_write_to_png`), writes 8-bit RGB when every pixel is opaque
/// and RGBA otherwise, filters rows (section 9) and compresses the whole image in one call to
/// libdeflate, which also computes the chunk CRCs. Rows identical to the previous row, common in
/// pictures with flat backgrounds, are neither converted nor filtered again.
package struct PNGEncoder: Sendable {
    /// A PNG row filter (section 9.2).
    package enum Filter: UInt8, CaseIterable, Sendable {
        case none = 0, sub = 1, up = 2, average = 3, paeth = 4
    }

    /// How each row's filter is chosen.
    package enum FilterChoice: Equatable, Sendable {
        /// The same filter for every row.
        case fixed(Filter)
        /// Per row, the filter whose output has the smallest sum of absolute signed bytes (the
        /// heuristic section 12.8 of the specification recommends, and libpng's default).
        case adaptive
    }

    /// The libdeflate compression level, 0 (store) to 12 (smallest).
    package var level: Int32
    /// The row filter strategy.
    package var filter: FilterChoice

    /// Makes an encoder. The defaults were chosen by measurement (`TAGCLOUD_BENCH_SWEEP=1
    /// TagCloudBench canvas`): on tag clouds (flat colours, the same glyphs many times) unfiltered
    /// rows let deflate find the repeated shapes, so filter None gives the smallest files and is as
    /// fast as any other; libdeflate's levels 1 to 3 cost about the same, level 2 compresses a little
    /// better than 1, and higher levels cost more time than they save bytes.
    package init(level: Int32 = 2, filter: FilterChoice = .fixed(.none)) {
        self.level = level
        self.filter = filter
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
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` if compression fails.
    package func encode(premultipliedARGB32 base: UnsafeRawPointer, width: Int, height: Int, stride: Int, isOpaque: Bool) throws -> [UInt8] {
        if isOpaque {
            var sawTranslucent = false
            let bytes = try encode(width: width, height: height, channels: 3, sourceRow: { y in
                base + y * stride
            }, sourceRowBytes: width * 4, convert: { source, output in
                if !Unpremultiply.argb32ToRGB(source.assumingMemoryBound(to: UInt32.self), output, count: width) {
                    sawTranslucent = true
                }
            })
            if !sawTranslucent { return bytes }
        }
        return try encode(width: width, height: height, channels: 4, sourceRow: { y in
            base + y * stride
        }, sourceRowBytes: width * 4, convert: { source, output in
            Unpremultiply.argb32ToRGBA(source.assumingMemoryBound(to: UInt32.self), output, count: width)
        })
    }

    /// Encodes a straight-alpha RGBA8 image, as RGB if every pixel is opaque.
    ///
    /// - Parameter image: The image; it must be at least 1 × 1 pixel.
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` for an empty image or if compression fails.
    package func encode(_ image: RGBAImage) throws -> [UInt8] {
        let width = image.width
        let opaque = image.pixels.withUnsafeBufferPointer { p in
            var index = 3
            while index < p.count { if p[index] != 255 { return false }; index += 4 }
            return true
        }
        return try image.pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else {
                throw CanvasError.pngEncodingFailed(reason: "the image is empty (\(image.width) × \(image.height) px)")
            }
            return try encode(width: width, height: image.height, channels: opaque ? 3 : 4, sourceRow: { y in
                base + y * width * 4
            }, sourceRowBytes: width * 4, convert: { source, output in
                let s = source.assumingMemoryBound(to: UInt8.self)
                if opaque {
                    for x in 0..<width {
                        output[3 * x] = s[4 * x]; output[3 * x + 1] = s[4 * x + 1]; output[3 * x + 2] = s[4 * x + 2]
                    }
                } else {
                    output.update(from: s, count: width * 4)
                }
            })
        }
    }

    /// The core: converts each row, filters it, compresses everything, writes the chunks.
    private func encode(width: Int, height: Int, channels: Int,
                        sourceRow: (Int) -> UnsafeRawPointer, sourceRowBytes: Int,
                        convert: (UnsafeRawPointer, UnsafeMutablePointer<UInt8>) -> Void) throws -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw CanvasError.pngEncodingFailed(reason: "a PNG image needs a size of at least 1 × 1 px, not \(width) × \(height)")
        }
        let rowBytes = width * channels
        let filteredCount = height * (rowBytes + 1)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var trial = [UInt8](repeating: 0, count: filter == .adaptive ? rowBytes : 0)
        // The filtered rows go into a reused buffer: fresh pages would cost more than the filtering.
        let buffer = ScratchBuffers.shared.take(filteredCount)
        defer { ScratchBuffers.shared.give(buffer.pointer, capacity: buffer.capacity) }
        let out = buffer.pointer.assumingMemoryBound(to: UInt8.self)
        do {
            previous.withUnsafeMutableBufferPointer { p in
                current.withUnsafeMutableBufferPointer { c in
                    trial.withUnsafeMutableBufferPointer { s in
                        guard var prev = p.baseAddress, var cur = c.baseAddress else { return }
                        var previousSource: UnsafeRawPointer?
                        var previousFilter = Filter.none
                        for y in 0..<height {
                            let source = sourceRow(y)
                            let row = out + y * (rowBytes + 1)
                            if let previousSource, memcmp(previousSource, source, sourceRowBytes) == 0,
                               let repeated = Self.repeatRow(into: row, previousRow: row - (rowBytes + 1), rowBytes: rowBytes, filter: previousFilter) {
                                previousFilter = repeated
                                continue
                            }
                            if filter == .fixed(.none) {
                                // No prediction: convert straight into the output row.
                                row.pointee = Filter.none.rawValue
                                convert(source, row + 1)
                                previousFilter = .none
                            } else {
                                convert(source, cur)
                                let chosen: Filter
                                switch filter {
                                case .fixed(let f): chosen = f
                                case .adaptive: chosen = Self.bestFilter(cur, prev, s.baseAddress ?? row + 1, rowBytes, channels)
                                }
                                row.pointee = chosen.rawValue
                                Self.apply(chosen, cur, prev, row + 1, rowBytes, channels)
                                previousFilter = chosen
                                swap(&prev, &cur)
                            }
                            previousSource = source
                        }
                    }
                }
            }
        }
        let compressed = try compress(UnsafeBufferPointer(start: out, count: filteredCount))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(compressed.count + 64)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
        Self.appendChunk("IHDR", header[...], to: &png)
        let chunkLimit = 1 << 30
        var start = 0
        repeat {
            let end = min(start + chunkLimit, compressed.count)
            Self.appendChunk("IDAT", compressed[start..<end], to: &png)
            start = end
        } while start < compressed.count
        Self.appendChunk("IEND", [][...], to: &png)
        return png
    }

    /// Deflates `data` as one zlib stream with libdeflate.
    private func compress(_ data: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw CanvasError.pngEncodingFailed(reason: "libdeflate could not make a compressor at level \(level)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = libdeflate_zlib_compress(compressor, data.baseAddress, data.count, buffer.baseAddress, bound)
            failed = count == 0
        }
        if failed { throw CanvasError.pngEncodingFailed(reason: "libdeflate could not compress \(data.count) bytes") }
        return output
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
                                   _ scratch: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) -> Filter {
        var best = Filter.none, bestScore = Int.max
        for candidate in Filter.allCases {
            apply(candidate, cur, prev, scratch, count, bpp)
            var score = 0
            for i in 0..<count { score += Int(Int8(bitPattern: scratch[i]).magnitude) }
            if score < bestScore { bestScore = score; best = candidate }
        }
        return best
    }

    /// Appends a chunk: length, type, data and the CRC-32 of type and data (section 5.3).
    private static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        png += typeBytes
        png += data
        var crc = typeBytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        crc = data.withUnsafeBytes { UInt32(libdeflate_crc32(crc, $0.baseAddress, $0.count)) }
        png.appendBigEndian(crc)
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
}

