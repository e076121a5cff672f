import Foundation

/// A line-breaking class of UAX #14 (Unicode Line Breaking Algorithm, section 5.1), in the order
/// the generated table uses (see `make_unicode_tables.py`).
enum LineBreakClass: UInt8, Sendable {
    case XX = 0, BK, CR, LF, NL, SP, ZW, WJ, GL, CL, CP, EX, IS, NS, OP, QU, SY, IN, HY, BA, BB, B2,
         NU, PR, PO, AL, HL, ID, EB, EM, CM, ZWJ, CJ, RI, SA, AI, SG, JL, JV, JT, H2, H3, CB
}

/// The Unicode properties the line breaker needs, one byte per code point, decoded once from the
/// generated run-length table into a two-stage lookup table (256-code-point blocks, deduplicated).
///
/// - Complexity: O(1) per lookup; building takes O(number of runs + 0x110000 / 256) once.
struct UnicodeProperties: Sendable {
    /// The table shared by every caller, built on first use.
    static let shared = UnicodeProperties()

    private let stage1: [UInt16]
    private let stage2: [UInt8]

    private init() {
        var blocks: [[UInt8]: UInt16] = [:]
        var stage1: [UInt16] = []
        stage1.reserveCapacity(0x1100)
        var stage2: [UInt8] = []
        var block: [UInt8] = []
        block.reserveCapacity(256)
        func flush() {
            if let index = blocks[block] {
                stage1.append(index)
            } else {
                let index = UInt16(blocks.count)
                blocks[block] = index
                stage1.append(index)
                stage2.append(contentsOf: block)
            }
            block.removeAll(keepingCapacity: true)
        }
        let runs = unicodeTableRuns.replacingOccurrences(of: "\n", with: "")
        for token in runs.split(separator: " ") {
            let parts = token.split(separator: ":")
            guard parts.count == 2, let value = UInt8(parts[0], radix: 16), var count = Int(parts[1], radix: 16) else {
                continue
            }
            while count > 0 {
                let take = min(count, 256 - block.count)
                block.append(contentsOf: repeatElement(value, count: take))
                count -= take
                if block.count == 256 { flush() }
            }
        }
        if !block.isEmpty {
            block.append(contentsOf: repeatElement(0, count: 256 - block.count))
            flush()
        }
        self.stage1 = stage1
        self.stage2 = stage2
    }

    @inline(__always)
    private func byte(_ scalar: Unicode.Scalar) -> UInt8 {
        let cp = Int(scalar.value)
        let blockIndex = cp >> 8
        guard blockIndex < stage1.count else { return 0 }
        return stage2[Int(stage1[blockIndex]) << 8 | (cp & 0xFF)]
    }

    /// The Line_Break property of `scalar` as listed in LineBreak.txt (before rule LB1).
    func lineBreakClass(_ scalar: Unicode.Scalar) -> LineBreakClass {
        LineBreakClass(rawValue: byte(scalar) & 0x3F) ?? .XX
    }

    /// Whether `scalar` has the Extended_Pictographic property (UTS #51).
    func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool {
        byte(scalar) & 0x40 != 0
    }

    /// Whether `scalar`'s East_Asian_Width is Fullwidth, Wide or Halfwidth (UAX #11).
    func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
        byte(scalar) & 0x80 != 0
    }
}
