@testable import Canvas
import CDeflate
import Foundation
import Testing
import TestRandom

/// Parts compressed separately and spliced into one zlib stream inflate to exactly the data, with
/// libdeflate and with libpng (here for rendered pictures; random images of every filter and level in
/// ``PNGCodecTests``); the block walker finds the end of every kind of block.
@Suite struct SplicedZlibTests {
    // MARK: Data

    /// Random bytes: incompressible, so libdeflate writes stored blocks.
    static func noise(_ count: Int, _ random: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// Words from a small vocabulary: compressible, dynamic Huffman blocks with many matches.
    static func text(_ count: Int, _ random: inout SeededRandom) -> [UInt8] {
        let words = ["tag", "cloud", "swift", "layout", "capsule", "glyph", "🎉", "render", "flow", "\n"].map { Array($0.utf8) }
        var bytes: [UInt8] = []
        while bytes.count < count {
            bytes += words[Int.random(in: 0..<words.count, using: &random)]
            bytes.append(UInt8(ascii: " "))
        }
        return Array(bytes.prefix(count))
    }

    /// Rows of a picture: long runs of a few colours, as in rendered tag clouds.
    static func picture(_ count: Int, _ random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let value = [0, 255, 204, 51][Int.random(in: 0..<4, using: &random)]
            bytes += [UInt8](repeating: UInt8(value), count: Int.random(in: 1...300, using: &random))
        }
        return Array(bytes.prefix(count))
    }

    static func data(kind: Int, count: Int, _ random: inout SeededRandom) -> [UInt8] {
        switch kind % 3 {
        case 0: noise(count, &random)
        case 1: text(count, &random)
        default: picture(count, &random)
        }
    }

    // MARK: Helpers

    static func walk(_ bytes: [UInt8]) throws -> DeflateBlockWalker.Summary {
        try bytes.withUnsafeBytes { try DeflateBlockWalker.walk($0) }
    }

    static func rawDeflate(_ data: [UInt8], level: Int32) throws -> [UInt8] {
        try data.withUnsafeBytes { try SplicedZlib.compressPart($0, level: level, isLast: true).bytes }
    }

    /// Splits `data` at `cuts`, compresses the parts and splices them.
    static func spliced(_ data: [UInt8], cuts: [Int], level: Int32) throws -> [UInt8] {
        let bounds = [0] + cuts + [data.count]
        let parts = try (0..<(bounds.count - 1)).map { k in
            try data[bounds[k]..<bounds[k + 1]].withUnsafeBytes {
                try SplicedZlib.compressPart($0, level: level, isLast: k == bounds.count - 2)
            }
        }
        var stream: [UInt8] = []
        SplicedZlib.appendStream(of: parts, level: level, to: &stream)
        return stream
    }

    /// Inflates a zlib stream with libdeflate, which checks the Adler-32 and that the stream ends
    /// exactly at its last byte.
    static func inflate(_ stream: [UInt8], expectedCount: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: max(expectedCount, 1))
        var consumed = 0, produced = 0
        let result = stream.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_zlib_decompress_ex(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &consumed, &produced)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, consumed == stream.count else { return nil }
        return Array(output.prefix(produced))
    }

    // MARK: The block walker

    @Test func walkerFindsTheEndOfStoredFixedAndDynamicBlocksAtEveryLevel() throws {
        var random = SeededRandom(seed: 0xDEF1)
        var stored = 0, fixed = 0, dynamic = 0
        for round in 0..<150 {
            let count = [0, 1, 5, 60, 700, 9_000, 70_000, 400_000][round % 8] + Int.random(in: 0...50, using: &random)
            let data = Self.data(kind: round, count: count, &random)
            let level = Int32(round % 13)
            let raw = try Self.rawDeflate(data, level: level)
            let summary = try Self.walk(raw)
            // The final block ends in the last byte, followed only by zero padding.
            #expect((summary.end + 7) / 8 == raw.count, "round \(round): level \(level), \(count) bytes")
            if summary.end % 8 != 0 { #expect(raw[raw.count - 1] >> (summary.end % 8) == 0) }
            #expect(raw[summary.finalBlockStart / 8] >> (summary.finalBlockStart % 8) & 1 == 1, "BFINAL is set")
            stored += summary.storedBlocks
            fixed += summary.fixedBlocks
            dynamic += summary.dynamicBlocks
        }
        #expect(stored > 0 && fixed > 0 && dynamic > 0, "stored \(stored), fixed \(fixed), dynamic \(dynamic)")
    }

    @Test func walkerRejectsTruncatedAndDamagedStreamsWithoutCrashing() throws {
        var random = SeededRandom(seed: 0xBAD)
        let raw = try Self.rawDeflate(Self.text(20_000, &random), level: 6)
        for length in [0, 1, 2, 10, raw.count / 2, raw.count - 1] {
            #expect(throws: DeflateBlockWalker.Failure.self) {
                _ = try Self.walk(Array(raw.prefix(length)))
            }
        }
        // Random damage: the walker either fails or reports a final block inside the data.
        for _ in 0..<300 {
            var damaged = raw
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            if let summary = try? Self.walk(damaged) {
                #expect(summary.end <= damaged.count * 8)
            }
        }
        #expect(throws: DeflateBlockWalker.Failure.invalid("block type 3 (reserved) at bit 0")) {
            _ = try Self.walk([0b111])
        }
    }

    // MARK: Splicing

    @Test func oneEmptyStoredBlockFollowsTheEndOfBlockCode() throws {
        // A final fixed block holding only its end-of-block code: BFINAL 1, BTYPE 01, then code
        // 256 (seven zero bits): 10 bits, so 6 bits of padding. Made continuable: BFINAL cleared,
        // the stored block's 3 header bits in the padding, then LEN and NLEN.
        var stream: [UInt8] = [0b0000_0011, 0b0000_0000]
        try SplicedZlib.makeContinuable(&stream)
        #expect(stream == [0b0000_0010, 0b0000_0000, 0x00, 0x00, 0xFF, 0xFF])
        // A stored final block of two bytes ends on a byte boundary: no padding, so the stored
        // block's header needs a byte of its own.
        var stored: [UInt8] = [0b0000_0001, 0x02, 0x00, 0xFD, 0xFF, 0xAB, 0xCD]
        try SplicedZlib.makeContinuable(&stored)
        #expect(stored == [0b0000_0000, 0x02, 0x00, 0xFD, 0xFF, 0xAB, 0xCD, 0x00, 0x00, 0x00, 0xFF, 0xFF])
    }

    @Test func splicedStreamsInflateToTheDataForOneToEightParts() throws {
        var random = SeededRandom(seed: 0x5711CE)
        for round in 0..<120 {
            let count = Int.random(in: 1...300_000, using: &random)
            let data = Self.data(kind: round, count: count, &random)
            let partCount = round % 8 + 1
            let cuts = (0..<(partCount - 1)).map { _ in Int.random(in: 0...count, using: &random) }.sorted()
            let level = Int32([0, 1, 2, 6, 12][round % 5])
            let stream = try Self.spliced(data, cuts: cuts, level: level)
            #expect(Self.inflate(stream, expectedCount: count) == data, "round \(round): \(partCount) parts of \(count) bytes, level \(level)")
        }
    }

    @Test func partsEndingAtEveryPaddingWidthSplice() throws {
        // Parts of many sizes end their last block at every bit of a byte; each must splice.
        var random = SeededRandom(seed: 0xB175)
        var widths = Set<Int>()
        var round = 0
        while widths.count < 8 || round < 64 {
            round += 1
            guard round < 2_000 else { break }
            let first = Self.data(kind: round, count: Int.random(in: 1...3_000, using: &random), &random)
            let second = Self.data(kind: round + 1, count: Int.random(in: 1...3_000, using: &random), &random)
            let level = Int32(1 + round % 12)
            let raw = try Self.rawDeflate(first, level: level)
            let summary = try Self.walk(raw)
            let padding = (8 - summary.end % 8) % 8
            widths.insert(padding)
            var continuable = raw
            try SplicedZlib.makeContinuable(&continuable)
            #expect(continuable.count == raw.count + (padding < 3 ? 5 : 4))
            let stream = try Self.spliced(first + second, cuts: [first.count], level: level)
            #expect(Self.inflate(stream, expectedCount: first.count + second.count) == first + second, "padding \(padding)")
        }
        #expect(widths == Set(0...7), "padding widths seen: \(widths.sorted())")
    }

    @Test func onePartIsExactlyLibdeflatesZlibStream() throws {
        var random = SeededRandom(seed: 1)
        for level: Int32 in [0, 1, 2, 5, 6, 7, 9, 12] {
            let data = Self.text(50_000, &random)
            let ours = try Self.spliced(data, cuts: [], level: level)
            let compressor = try #require(libdeflate_alloc_compressor(level))
            defer { libdeflate_free_compressor(compressor) }
            var theirs = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, data.count))
            let count = data.withUnsafeBytes { input in
                theirs.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, input.count, $0.baseAddress, $0.count) }
            }
            #expect(ours == Array(theirs.prefix(count)), "level \(level)")
        }
    }

    @Test func adlerChecksumsCombineLikeOneChecksumOfEverything() {
        var random = SeededRandom(seed: 0xAD1E)
        func adler(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            bytes.withUnsafeBytes { UInt32(libdeflate_adler32(1, $0.baseAddress, $0.count)) }
        }
        for round in 0..<200 {
            // Long runs of 0xFF make the sums wrap modulo 65521 many times.
            let data = round % 2 == 0 ? Self.noise(Int.random(in: 0...200_000, using: &random), &random)
                : [UInt8](repeating: 0xFF, count: Int.random(in: 0...200_000, using: &random))
            let cut = Int.random(in: 0...data.count, using: &random)
            let combined = SplicedZlib.combineAdler32(adler(data[..<cut]), adler(data[cut...]), secondCount: data.count - cut)
            #expect(combined == adler(data[...]), "round \(round): \(data.count) bytes cut at \(cut)")
        }
        #expect(SplicedZlib.combineAdler32(1, 1, secondCount: 0) == 1)
    }

    @Test func headersMatchRFC1950CheckBits() {
        for level: Int32 in 0...12 {
            let header = SplicedZlib.header(level: level)
            #expect(header[0] == 0x78)
            #expect((Int(header[0]) * 256 + Int(header[1])) % 31 == 0)
        }
        #expect(SplicedZlib.header(level: 1) == [0x78, 0x01])
        #expect(SplicedZlib.header(level: 2) == [0x78, 0x5E])
        #expect(SplicedZlib.header(level: 6) == [0x78, 0x9C])
        #expect(SplicedZlib.header(level: 9) == [0x78, 0xDA])
    }

    // MARK: Whole PNGs

    @Test func renderedPicturesInPartsDecodeToTheSamePixelsAsOnePart() throws {
        let labels = try (0..<60).map { try Fixtures.shape("\($0)") }
        let list = SamplePictures.numberedCapsules(labels: labels, width: 300)
        for background in [RGBAColor.white, nil] {
            let surface = try RenderedSurface(list, scale: 2, background: background)
            let one = try surface.png(encoder: PNGEncoder(pixelsPerPart: .max))
            for count in 2...8 {
                let parts = try surface.png(encoder: PNGEncoder(pixelsPerPart: 1, maximumParts: count))
                #expect(try RGBAImage(pngData: Data(parts)) == RGBAImage(pngData: Data(one)), "\(count) parts")
                // Each part restarts deflate's window, which costs a little.
                #expect(parts.count < one.count + count * 2_000)
            }
        }
    }

    @Test func partsAreWholeRowsOfNearlyEqualHeight() {
        let encoder = PNGEncoder(pixelsPerPart: 1000, maximumParts: 8)
        #expect(encoder.parts(width: 10, height: 1) == [0..<1])
        #expect(encoder.parts(width: 10, height: 99) == [0..<99])
        #expect(encoder.parts(width: 10, height: 250) == [0..<125, 125..<250])
        #expect(encoder.parts(width: 10, height: 399) == [0..<199, 199..<399])
        #expect(encoder.parts(width: 10, height: 799) == [0..<199, 199..<399, 399..<599, 599..<799])
        #expect(encoder.parts(width: 1000, height: 20).map(\.count) == [2, 3, 2, 3, 2, 3, 2, 3])
        #expect(encoder.parts(width: 1000, height: 7) == [0..<1, 1..<3, 3..<5, 5..<7])
        #expect(PNGEncoder().parts(width: 780, height: 2392).count == 2)
        #expect(PNGEncoder().parts(width: 780, height: 2700).count == 2)
        #expect(PNGEncoder().parts(width: 1600, height: 2000).count == 4)
        #expect(PNGEncoder().parts(width: 400, height: 400).count == 1)
        var random = SeededRandom(seed: 0x9A27)
        for _ in 0..<500 {
            let width = Int.random(in: 1...3_000, using: &random), height = Int.random(in: 1...3_000, using: &random)
            let encoder = PNGEncoder(pixelsPerPart: Int.random(in: 1...1_000_000, using: &random), maximumParts: Int.random(in: 1...8, using: &random))
            let parts = encoder.parts(width: width, height: height)
            let wanted = min(encoder.maximumParts, height, max(1, width * height / encoder.pixelsPerPart))
            #expect(parts.count <= wanted && parts.count * 2 > wanted && parts.count & (parts.count - 1) == 0)
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == height)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound } && parts.allSatisfy { !$0.isEmpty })
            #expect(parts.map(\.count).max()! - parts.map(\.count).min()! <= 1)
        }
    }
}
