@testable import Canvas
import CDeflate
import Foundation
import Testing
import TestRandom

/// ``ScanlineDeflate`` writes valid DEFLATE: every stream inflates to exactly its data (libdeflate
/// here; libpng's zlib, which rejects incomplete codes, in ``PNGCodecTests``), parts splice into one
/// stream, Huffman codes are complete and length-limited, and incompressible data barely grows.
@Suite struct ScanlineDeflateTests {
    /// Filtered PNG-like rows: runs of a few colours, rows repeated from the row above, and a
    /// little noise, `rowLength` bytes each (the filter byte first).
    static func rows(_ count: Int, rowLength: Int, _ random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        var previous: [UInt8] = []
        while bytes.count < count {
            var row: [UInt8]
            if !previous.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
                row = previous
            } else {
                row = [0]
                while row.count < rowLength {
                    let value = UInt8([0, 255, 204, 51, 17][Int.random(in: 0..<5, using: &random)])
                    if Int.random(in: 0..<8, using: &random) == 0 {
                        row.append(UInt8.random(in: 0...255, using: &random))
                    } else {
                        row += [UInt8](repeating: value, count: Int.random(in: 1...40, using: &random))
                    }
                }
                row = Array(row.prefix(rowLength))
            }
            bytes += row
            previous = row
        }
        return Array(bytes.prefix(count))
    }

    static func data(kind: Int, count: Int, rowLength: Int, _ random: inout SeededRandom) -> [UInt8] {
        switch kind % 4 {
        case 0: SplicedZlibTests.noise(count, &random)
        case 1: SplicedZlibTests.text(count, &random)
        case 2: SplicedZlibTests.picture(count, &random)
        default: rows(count, rowLength: rowLength, &random)
        }
    }

    /// Cuts `data` into parts, compresses each with ScanlineDeflate and splices them.
    static func spliced(_ data: [UInt8], cuts: [Int], rowLength: Int, pixelBytes: Int) -> [UInt8] {
        let bounds = [0] + cuts + [data.count]
        let parts = (0..<(bounds.count - 1)).map { k in
            data[bounds[k]..<bounds[k + 1]].withUnsafeBytes {
                SplicedZlib.compressPart($0, rowLength: rowLength, pixelBytes: pixelBytes, isLast: k == bounds.count - 2)
            }
        }
        var stream: [UInt8] = []
        SplicedZlib.appendStream(of: parts, level: 1, to: &stream)
        return stream
    }

    @Test func streamsInflateToTheirDataForEveryKindSizeAndRowLength() throws {
        var random = SeededRandom(seed: 0x5CA7)
        for round in 0..<160 {
            let count = [0, 1, 3, 4, 9, 259, 700, 9_000, 70_000, 300_000][round % 10] + Int.random(in: 0...40, using: &random)
            // Row lengths from one byte to more than the 32 KiB window.
            let rowLength = [1, 3, 4, 97, 2_341, 40_000][Int.random(in: 0..<6, using: &random)]
            let pixelBytes = Int.random(in: 1...4, using: &random)
            let data = Self.data(kind: round, count: count, rowLength: rowLength, &random)
            let cutCount = Int.random(in: 0...3, using: &random)
            let cuts = (0..<cutCount).map { _ in Int.random(in: 0...count, using: &random) }.sorted()
            let stream = Self.spliced(data, cuts: cuts, rowLength: rowLength, pixelBytes: pixelBytes)
            let label = "round \(round): \(count) bytes, kind \(round % 4), row \(rowLength), pixel \(pixelBytes), cuts \(cuts)"
            #expect(SplicedZlibTests.inflate(stream, expectedCount: count) == data, "\(label)")
        }
    }

    /// A row length no picture has (none, negative, two bytes of three-byte pixels, past any
    /// memory) is taken as given and not trusted: the encoder keeps a table per byte of a row, so a
    /// row longer than the data must not size it.
    @Test func rowLengthsOfNoPictureStillGiveTheData() throws {
        var random = SeededRandom(seed: 0x0DD5)
        for rowLength in [0, -5, 2, Int.max] {
            let data = Self.rows(5_000, rowLength: 97, &random)
            let stream = Self.spliced(data, cuts: [1_234], rowLength: rowLength, pixelBytes: 3)
            #expect(SplicedZlibTests.inflate(stream, expectedCount: data.count) == data, "row \(rowLength)")
        }
    }

    @Test func theBlockWalkerReadsEveryPartAndFindsTheFinalBlockAtTheEnd() throws {
        var random = SeededRandom(seed: 0xB10C)
        for round in 0..<40 {
            let count = Int.random(in: 0...120_000, using: &random)
            let data = Self.data(kind: round, count: count, rowLength: 781, &random)
            let last = data.withUnsafeBytes { ScanlineDeflate.compress($0, rowLength: 781, pixelBytes: 3, isLast: true) }
            let summary = try last.withUnsafeBytes { try DeflateBlockWalker.walk($0) }
            #expect((summary.end + 7) / 8 == last.count, "round \(round)")
            // A continued part ends with the empty stored block 00 00 FF FF, on a byte boundary.
            let continued = data.withUnsafeBytes { ScanlineDeflate.compress($0, rowLength: 781, pixelBytes: 3, isLast: false) }
            #expect(Array(continued.suffix(4)) == [0x00, 0x00, 0xFF, 0xFF], "round \(round)")
        }
    }

    @Test func incompressibleDataGrowsByLessThanOnePercent() {
        var random = SeededRandom(seed: 0x0DD)
        for count in [1, 1_000, 65_535, 65_536, 200_000, 1_000_000] {
            let data = SplicedZlibTests.noise(count, &random)
            let compressed = data.withUnsafeBytes { ScanlineDeflate.compress($0, rowLength: 100, pixelBytes: 3, isLast: true) }
            #expect(compressed.count <= count + count / 100 + 16, "\(count) bytes became \(compressed.count)")
            #expect(SplicedZlibTests.inflate(Self.spliced(data, cuts: [], rowLength: 100, pixelBytes: 3), expectedCount: count) == data)
        }
    }

    @Test func drawnRowsCompressWell() {
        var random = SeededRandom(seed: 0xF1A7)
        let data = Self.rows(500_000, rowLength: 2_341, &random)
        let compressed = data.withUnsafeBytes { ScanlineDeflate.compress($0, rowLength: 2_341, pixelBytes: 3, isLast: true) }
        // Repeated rows and runs: the row-above and left-pixel candidates find them.
        #expect(compressed.count < data.count / 4, "\(data.count) bytes became \(compressed.count)")
    }

    // MARK: Huffman codes

    /// The Kraft sum of the lengths, in units of 2^-limit.
    static func kraft(_ lengths: [UInt8], limit: Int) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - Int($1))) }
    }

    @Test func huffmanCodesAreCompleteAndWithinTheLimitForAnyFrequencies() {
        var random = SeededRandom(seed: 0x4AFF)
        var cases: [([UInt32], Int)] = []
        // Fibonacci frequencies make the deepest possible trees: far over 15 and 7 bits.
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 40 { fibonacci.append(fibonacci[fibonacci.count - 1] &+ fibonacci[fibonacci.count - 2]) }
        cases.append((fibonacci + [UInt32](repeating: 0, count: 246), 15))
        cases.append((Array(fibonacci.prefix(19)), 7))
        cases.append(([UInt32](repeating: 0, count: 30), 15))
        cases.append(([5] + [UInt32](repeating: 0, count: 29), 15))
        cases.append(([UInt32](repeating: 0, count: 18) + [3], 7))
        for _ in 0..<300 {
            let limit = Bool.random(using: &random) ? 15 : 7
            let size = limit == 7 ? 19 : [30, 286][Int.random(in: 0...1, using: &random)]
            let used = Int.random(in: 0...size, using: &random)
            var frequencies = [UInt32](repeating: 0, count: size)
            for _ in 0..<used {
                frequencies[Int.random(in: 0..<size, using: &random)] = UInt32.random(in: 1...1 << UInt32.random(in: 0...24, using: &random), using: &random)
            }
            cases.append((frequencies, limit))
        }
        for (frequencies, limit) in cases {
            let code = HuffmanCode(frequencies: frequencies, limit: limit)
            #expect(code.lengths.allSatisfy { $0 <= limit })
            #expect(Self.kraft(code.lengths, limit: limit) == 1 << limit, "complete code for \(frequencies)")
            #expect(code.lengths.filter { $0 > 0 }.count >= 2)
            for (symbol, frequency) in frequencies.enumerated() where frequency > 0 { #expect(code.lengths[symbol] > 0) }
        }
    }

    @Test func canonicalCodesArePrefixFree() {
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        // RFC 1951, section 3.2.2's example: codes 010, 011, 100, 101, 110, 00, 1110, 1111,
        // written least significant bit first (reversed).
        let expected: [UInt32] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        for (symbol, value) in expected.enumerated() {
            #expect(code.codes[symbol] == value.bitReversed(width: Int(code.lengths[symbol])))
        }
    }
}
