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

    @Test func theChecksumIsAdler32OfTheWholeData() {
        var random = SeededRandom(seed: 0xAD1E)
        // Empty, one block, many blocks (drawn rows and noise, whose blocks are stored).
        for (round, count) in [0, 1, 5_000, 300_000, 1_200_000].enumerated() {
            let data = round % 2 == 0 ? Self.rows(count, rowLength: 781, &random) : SplicedZlibTests.noise(count, &random)
            let result = data.withUnsafeBytes { ScanlineDeflate.compressWithChecksum($0, rowLength: 781, pixelBytes: 3, isLast: true) }
            let expected = data.withUnsafeBytes { libdeflate_adler32(1, $0.baseAddress, $0.count) }
            #expect(result.adler == expected, "\(count) bytes")
            #expect(result.bytes == data.withUnsafeBytes { ScanlineDeflate.compress($0, rowLength: 781, pixelBytes: 3, isLast: true) })
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

    /// The code lengths as the first encoder made them, plainly (arrays, a comparison sort, a
    /// search for each shortening): the model the encoder's allocation-free version must equal,
    /// so that its files do not change.
    static func referenceLengths(frequencies: [UInt32], limit: Int) -> [UInt8] {
        let n = frequencies.count
        var used = (0..<n).filter { frequencies[$0] > 0 }
        var weights = frequencies
        for symbol in 0..<n where used.count < 2 && weights[symbol] == 0 {
            weights[symbol] = 1
            used.append(symbol)
        }
        // Leaves by weight, ties by symbol, so the code is the same on every machine: one integer
        // key each (weights fit in 32 bits, symbols in 16), sorted without a comparison closure.
        used = used.map { UInt64(weights[$0]) << 16 | UInt64($0) }.sorted().map { Int($0 & 0xFFFF) }
        var lengths = [UInt8](repeating: 0, count: n)
        let m = used.count
        var parent = [Int](repeating: 0, count: 2 * m - 1)
        var nodeWeight = used.map { UInt64(weights[$0]) } + [UInt64](repeating: 0, count: m - 1)
        var leaf = 0, inner = m, next = m
        func smallest() -> Int {
            if leaf < m, inner >= next || nodeWeight[leaf] <= nodeWeight[inner] { leaf += 1; return leaf - 1 }
            inner += 1
            return inner - 1
        }
        while next < 2 * m - 1 {
            let a = smallest(), b = smallest()
            nodeWeight[next] = nodeWeight[a] + nodeWeight[b]
            parent[a] = next
            parent[b] = next
            next += 1
        }
        var depth = [Int](repeating: 0, count: 2 * m - 1)
        if m > 1 {
            for node in stride(from: 2 * m - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        }
        for (index, symbol) in used.enumerated() { lengths[symbol] = UInt8(min(depth[index], limit)) }

        // Kraft sum in units of 2^-limit; a complete code sums to exactly 2^limit.
        let full = 1 << limit
        var kraft = used.reduce(0) { $0 + (1 << (limit - Int(lengths[$1]))) }
        var leastFirst = used.makeIterator()
        while kraft > full {
            guard let symbol = leastFirst.next() else { leastFirst = used.makeIterator(); continue }
            if Int(lengths[symbol]) < limit {
                lengths[symbol] += 1
                kraft -= 1 << (limit - Int(lengths[symbol]))
            }
        }
        let mostFirst = used.reversed()
        while kraft < full {
            // The deepest symbols can always be shortened; prefer the most frequent of those that fit.
            guard let symbol = mostFirst.first(where: { lengths[$0] > 1 && kraft + (1 << (limit - Int(lengths[$0]))) <= full }) else { break }
            kraft += 1 << (limit - Int(lengths[symbol]))
            lengths[symbol] -= 1
        }
        return lengths
    }

    @Test func huffmanLengthsEqualTheModelsForAnyFrequencies() {
        var random = SeededRandom(seed: 0x11FF)
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 40 { fibonacci.append(fibonacci[fibonacci.count - 1] &+ fibonacci[fibonacci.count - 2]) }
        var cases: [([UInt32], Int)] = [(fibonacci + [UInt32](repeating: 0, count: 246), 15), (Array(fibonacci.prefix(19)), 7),
                                        ([0, 0, 0, 7, 0], 15), ([0, 0, 0, 0, 0], 15), ([9, 0, 9], 7), ([4], 15),
                                        ([UInt32.max, 1, UInt32.max, 2], 15)]
        for _ in 0..<2_000 {
            // The alphabets and limits DEFLATE has: 7 bits for the 19 code-length symbols.
            let limit = [7, 15][Int.random(in: 0...1, using: &random)]
            let size = limit == 7 ? [2, 19][Int.random(in: 0...1, using: &random)] : [2, 19, 30, 286][Int.random(in: 0...3, using: &random)]
            var frequencies = [UInt32](repeating: 0, count: size)
            // Few symbols, many, ties, and weights of one to four bytes.
            let used = Int.random(in: 0...size, using: &random)
            let bits = UInt32.random(in: 0...31, using: &random)
            for _ in 0..<used {
                frequencies[Int.random(in: 0..<size, using: &random)] = Bool.random(using: &random)
                    ? UInt32.random(in: 1...3, using: &random) : UInt32.random(in: 1...(1 << bits), using: &random)
            }
            cases.append((frequencies, limit))
        }
        for (frequencies, limit) in cases {
            #expect(HuffmanCode(frequencies: frequencies, limit: limit).lengths == Self.referenceLengths(frequencies: frequencies, limit: limit),
                    "lengths for \(frequencies), limit \(limit)")
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
