import CDeflate
import Foundation
import Typesetting

/// One zlib stream (RFC 1950) made of parts compressed separately, so that the parts can be
/// compressed on several threads at once, as pigz does with zlib.
///
/// Each part is compressed by libdeflate as a complete raw DEFLATE stream, which ends with a final
/// block (BFINAL = 1) and zero bits up to a byte boundary. Every part but the last is then made
/// continuable (``makeContinuable(_:)``): ``DeflateBlockWalker`` finds its final block, its BFINAL
/// bit is cleared, and an empty stored block follows its end-of-block code — the marker zlib writes
/// for `Z_SYNC_FLUSH` (three zero header bits, zero bits to the byte boundary, then `00 00 FF FF`),
/// after which the next part starts on a byte boundary. The stream is the zlib header, the parts in
/// order, and the Adler-32 of all the uncompressed data, combined from the parts' checksums.
///
/// No part refers back into an earlier one, so the stream is a little larger than one compressed
/// whole (about 0.1 % per part on pictures); a single part gives exactly libdeflate's own zlib
/// stream.
enum SplicedZlib {
    /// One part, compressed and ready to be joined.
    struct Part {
        /// The raw DEFLATE bytes; for every part but the last, continuable.
        var bytes: [UInt8]
        /// The Adler-32 of the part's uncompressed bytes.
        var adler: UInt32
        /// The number of uncompressed bytes.
        var count: Int
    }

    /// Compresses one part.
    ///
    /// - Parameters:
    ///   - data: The part's uncompressed bytes.
    ///   - level: The libdeflate level, 0 to 12.
    ///   - isLast: Whether the part ends the stream; other parts are made continuable.
    /// - Returns: The compressed part.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` if libdeflate fails.
    static func compressPart(_ data: UnsafeRawBufferPointer, level: Int32, isLast: Bool) throws -> Part {
        let compressor = try DeflateCompressors.shared.take(level: level)
        defer { DeflateCompressors.shared.give(compressor) }
        let bound = libdeflate_deflate_compress_bound(compressor.pointer, data.count)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: bound + 5) { buffer, count in
            count = libdeflate_deflate_compress(compressor.pointer, data.baseAddress, data.count, buffer.baseAddress, bound)
            failed = count == 0
        }
        if failed { throw CanvasError.pngEncodingFailed(reason: "libdeflate could not compress \(data.count) bytes at level \(level)") }
        if !isLast { try makeContinuable(&bytes) }
        let adler = UInt32(libdeflate_adler32(1, data.baseAddress, data.count))
        return Part(bytes: bytes, adler: adler, count: data.count)
    }

    /// Compresses one part with ``ScanlineDeflate``, which ends a part that is not the last
    /// continuable by itself.
    ///
    /// - Parameters:
    ///   - data: The part's uncompressed bytes: filtered PNG rows.
    ///   - rowLength: The bytes per filtered row, the filter byte included.
    ///   - pixelBytes: The bytes per pixel.
    ///   - isLast: Whether the part ends the stream.
    /// - Returns: The compressed part.
    static func compressPart(_ data: UnsafeRawBufferPointer, rowLength: Int, pixelBytes: Int, isLast: Bool) -> Part {
        let (bytes, adler) = ScanlineDeflate.compressWithChecksum(data, rowLength: rowLength, pixelBytes: pixelBytes, isLast: isLast)
        return Part(bytes: bytes, adler: adler, count: data.count)
    }

    /// Turns a complete raw DEFLATE stream into one that another stream can follow: clears the final
    /// block's BFINAL bit and appends an empty, non-final stored block, so the stream ends on a byte
    /// boundary without ending the data.
    ///
    /// - Parameter bytes: A complete raw DEFLATE stream, with nothing after its final block but the
    ///   zero bits up to the next byte.
    /// - Throws: ``CanvasError/pngEncodingFailed(reason:)`` if the stream cannot be walked or has
    ///   bytes after its end.
    static func makeContinuable(_ bytes: inout [UInt8]) throws {
        let summary: DeflateBlockWalker.Summary
        do {
            summary = try bytes.withUnsafeBytes { raw throws(DeflateBlockWalker.Failure) in try DeflateBlockWalker.walk(raw) }
        } catch {
            throw CanvasError.pngEncodingFailed(reason: "a compressed part is not a valid DEFLATE stream (\(error))")
        }
        let usedBytes = (summary.end + 7) / 8
        guard usedBytes == bytes.count else {
            throw CanvasError.pngEncodingFailed(reason: "a compressed part has \(bytes.count - usedBytes) bytes after its final block")
        }
        bytes[summary.finalBlockStart / 8] &= ~(1 << UInt8(summary.finalBlockStart % 8))
        let usedBits = summary.end % 8
        if usedBits != 0 { bytes[usedBytes - 1] &= UInt8((1 << usedBits) - 1) }
        // The stored block's 3 header bits go into the padding if it has room, else into a new byte.
        let padding = usedBits == 0 ? 0 : 8 - usedBits
        if padding < 3 { bytes.append(0) }
        bytes += [0x00, 0x00, 0xFF, 0xFF]
    }

    /// The two zlib header bytes libdeflate writes for a level (RFC 1950, section 2.2): deflate
    /// with a 32 KiB window, FLEVEL from the level, and the check bits.
    static func header(level: Int32) -> [UInt8] {
        let levelHint: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level < 8 ? 2 : 3
        var header: UInt16 = 0x7800 | levelHint << 6
        header |= 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    /// The size of the zlib stream the parts make.
    static func streamSize(of parts: [Part]) -> Int {
        parts.reduce(6) { $0 + $1.bytes.count }
    }

    /// Appends the zlib stream the parts make: header, parts, Adler-32.
    ///
    /// - Parameters:
    ///   - parts: The parts in order; every one but the last continuable.
    ///   - level: The level they were compressed at, for the header.
    ///   - output: Where to append.
    static func appendStream(of parts: [Part], level: Int32, to output: inout [UInt8]) {
        output += header(level: level)
        var adler: UInt32 = 1
        for part in parts {
            output += part.bytes
            adler = combineAdler32(adler, part.adler, secondCount: part.count)
        }
        output.appendBigEndian(adler)
    }

    /// The Adler-32 of two byte strings one after the other, from their own checksums (the
    /// combination zlib's `adler32_combine` computes).
    ///
    /// Adler-32 (RFC 1950, section 8.2) keeps s1 = 1 + Σ bytes and s2 = Σ s1 after each byte,
    /// modulo 65521. Appending n bytes with sums s1′, s2′ gives s1 = s1 + s1′ − 1 and
    /// s2 = s2 + s2′ + n · (s1 − 1).
    ///
    /// - Parameters:
    ///   - first: The checksum of the first string.
    ///   - second: The checksum of the second string.
    ///   - secondCount: The length of the second string.
    /// - Returns: The checksum of both.
    static func combineAdler32(_ first: UInt32, _ second: UInt32, secondCount: Int) -> UInt32 {
        let base: UInt64 = 65521
        let a1 = UInt64(first & 0xFFFF), a2 = UInt64(first >> 16)
        let b1 = UInt64(second & 0xFFFF), b2 = UInt64(second >> 16)
        let n = UInt64(secondCount) % base
        let s1 = (a1 + b1 + base - 1) % base
        let s2 = (a2 + b2 + n * ((a1 + base - 1) % base)) % base
        return UInt32(s2 << 16 | s1)
    }
}

/// Owns one libdeflate compressor; used by one thread at a time.
final class DeflateCompressor: @unchecked Sendable {
    // Only the thread that took it from the pool uses it until it is given back.
    let pointer: OpaquePointer
    let level: Int32

    init(level: Int32) throws {
        guard let pointer = libdeflate_alloc_compressor(level) else {
            throw CanvasError.pngEncodingFailed(reason: "libdeflate could not make a compressor at level \(level)")
        }
        self.pointer = pointer
        self.level = level
    }

    deinit { libdeflate_free_compressor(pointer) }
}

/// libdeflate compressors kept between encodes: making one allocates and initialises its hash
/// tables, which costs more than compressing a small picture.
final class DeflateCompressors: Sendable {
    static let shared = DeflateCompressors()
    /// At most this many idle compressors are kept per level.
    private static let keptPerLevel = 8

    private let idle = Locked<[Int32: [DeflateCompressor]]>([:])

    /// An idle compressor for `level`, or a new one.
    func take(level: Int32) throws -> DeflateCompressor {
        if let reused = idle.withLock({ $0[level]?.popLast() }) { return reused }
        return try DeflateCompressor(level: level)
    }

    /// Gives a compressor back for later encodes.
    func give(_ compressor: DeflateCompressor) {
        idle.withLock { idle in
            if idle[compressor.level, default: []].count < Self.keptPerLevel { idle[compressor.level, default: []].append(compressor) }
        }
    }
}
