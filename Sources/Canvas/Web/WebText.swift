package import Foundation

/// The pieces every web writer (SVG here, HTML in TagCloud) formats the same way: escaped text,
/// numbers, colours and the document's id prefix.
package enum WebText {
    /// Whether words in `language` (a BCP 47 tag) are English, or in no language said: where this
    /// package's own English words ("Tag cloud", "6 more tags") need no `lang` of their own.
    package static func isEnglish(_ language: String?) -> Bool {
        guard let language = language?.lowercased() else { return true }
        return language == "en" || language.hasPrefix("en-")
    }

    /// Escapes text for XML or HTML character data and double-quoted attribute values (XML 1.0,
    /// section 2.4; HTML, "escaping a string"), dropping the control characters XML does not
    /// allow. Line breaks and tabs become character references, so an attribute keeps them.
    ///
    /// With `keepingNoncharacters`, for HTML's text, U+FFFE and U+FFFF are written as character
    /// references instead of dropped: a browser keeps them (as a parse error) and draws the box
    /// the picture draws, so that the chip has the picture's width (dropped, a tag's chip was
    /// 16.9 pt narrower than the layout said, and every chip after it moved).
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func escape(_ text: String, keepingNoncharacters: Bool = false) -> String {
        // Most labels and identifiers need nothing escaped.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0xEF || $0 == 0xC2 }) {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            default:
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF, keepingNoncharacters {
                    result += scalar.value == 0xFFFE ? "&#xFFFE;" : "&#xFFFF;"
                    continue
                }
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    continue
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A colour as CSS writes it: `#rrggbb`, or `#rrggbbaa` when translucent (CSS Color 4, § 5.2).
    package static func cssColor(_ color: RGBAColor) -> String {
        let alpha = byte(color.opacity)
        return "#" + hex(byte(color.red)) + hex(byte(color.green)) + hex(byte(color.blue)) + (alpha == 255 ? "" : hex(alpha))
    }

    /// The colour without its alpha, `#rrggbb`, for SVG 1.1's `fill` and `stroke` attributes (the
    /// alpha goes into `fill-opacity`, ``opacity(_:)``).
    package static func opaqueColor(_ color: RGBAColor) -> String {
        "#" + hex(byte(color.red)) + hex(byte(color.green)) + hex(byte(color.blue))
    }

    /// A colour's alpha as an SVG opacity, `nil` when it is opaque.
    package static func opacity(_ color: RGBAColor) -> String? {
        let alpha = byte(color.opacity)
        return alpha == 255 ? nil : number(Double(alpha) / 255, decimals: 3)
    }

    private static func byte(_ component: Double) -> Int {
        Int((min(max(component, 0), 1) * 255).rounded())
    }

    private static let digits = Array("0123456789abcdef")

    private static func hex(_ value: Int) -> String {
        String([digits[value >> 4], digits[value & 15]])
    }

    /// A number in its shortest decimal form after rounding to `decimals` places: no exponent,
    /// no trailing zeros, no leading zero before the point (`.5`, `-.25`, `12`), which SVG, CSS
    /// and HTML all read.
    ///
    /// - Parameters:
    ///   - value: The number; a value that is not finite is written as 0.
    ///   - decimals: The places kept after the point, 0 to 8.
    /// - Returns: The text.
    package static func number(_ value: Double, decimals: Int = 4) -> String {
        var text = ""
        appendNumber(value, decimals: decimals, to: &text)
        return text
    }

    /// 10^places for 0 to 8 places, as a switch (a global array's element is read through a lazy
    /// initialiser check and a retain of its storage, for every number written).
    @inline(__always)
    private static func power(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// Appends ``number(_:decimals:)`` to a string.
    package static func appendNumber(_ value: Double, decimals: Int = 4, to text: inout String) {
        withDigits(of: value, decimals: decimals) { text += String(decoding: $0, as: UTF8.self) }
    }

    /// Appends ``number(_:decimals:)`` as ASCII bytes (path data of a large cloud is millions of
    /// numbers).
    package static func appendNumber(_ value: Double, decimals: Int = 4, to bytes: inout [UInt8]) {
        withDigits(of: value, decimals: decimals) { bytes.append(contentsOf: $0) }
    }

    /// Lends ``number(_:decimals:)``'s ASCII bytes, made in place (no string per part).
    static func withDigits(of value: Double, decimals: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        let places = min(max(decimals, 0), 8)
        let scaled = (value * power(places)).rounded()
        guard value.isFinite, abs(scaled) < 9e15 else {
            // Not finite: 0. Beyond exact integers: whole numbers anyway.
            var whole = value.isFinite ? String(Int64(clamping: Int64(value.rounded().clamped(to: -9e18...9e18)))) : "0"
            whole.withUTF8 { body(UnsafeRawBufferPointer($0)) }
            return
        }
        let negative = scaled < 0
        // Unsigned from here: a division by 10 is a multiplication and a shift.
        var units = UInt64(abs(scaled))
        // Digits from the last: the fraction without its trailing zeros, the point, the whole
        // part (none when it is 0: ".5", as SVG and CSS allow), the sign.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            if units == 0 {
                index -= 1
                buffer[index] = 0x30
            } else {
                var fractionDigits = places
                while fractionDigits > 0 {
                    let quotient = units / 10
                    guard quotient &* 10 == units else { break }
                    units = quotient
                    fractionDigits -= 1
                }
                for _ in 0..<fractionDigits {
                    let quotient = units / 10
                    index -= 1
                    buffer[index] = UInt8(truncatingIfNeeded: 0x30 &+ (units &- quotient &* 10))
                    units = quotient
                }
                if fractionDigits > 0 {
                    index -= 1
                    buffer[index] = 0x2E
                }
                while units > 0 {
                    let quotient = units / 10
                    index -= 1
                    buffer[index] = UInt8(truncatingIfNeeded: 0x30 &+ (units &- quotient &* 10))
                    units = quotient
                }
                if negative {
                    index -= 1
                    buffer[index] = 0x2D
                }
            }
            body(UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// The id prefix of a document: `tc` and eight hexadecimal digits of a hash of its bytes (the
    /// concatenation of `parts`; see ``PrefixHash``), so that the same picture always gets the
    /// same prefix and different pictures inlined into one page get different ones.
    package static func derivedPrefix(hashing parts: [String]) -> String {
        var hash = PrefixHash(byteCount: parts.reduce(0) { $0 + $1.utf8.count })
        for var part in parts {
            part.withUTF8 { hash.feed($0) }
        }
        return prefix(ofHash: hash.value)
    }

    /// The hash a derived id prefix is made from, fed a document's bytes in pieces.
    ///
    /// It is the 64-bit FNV-1a hash of the bytes for documents up to ``wordwiseThreshold`` bytes,
    /// and for larger ones FNV-1a taken over their little-endian 64-bit words (the last bytes
    /// that make no whole word one at a time): FNV-1a's multiplication per byte took a sixth of
    /// writing a 100,000-chip SVG, and the documents people keep as goldens stay under the
    /// threshold with the prefixes they always had. Either way it depends only on the bytes,
    /// whatever pieces they come in.
    package struct PrefixHash {
        /// The largest document hashed a byte at a time: 1 MiB.
        package static let wordwiseThreshold = 1 << 20

        private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
        private static let prime: UInt64 = 0x0000_0100_0000_01B3

        private var hash = offsetBasis
        private let wordwise: Bool
        /// The bytes of a word begun in one piece and not finished (word-wise only).
        private var pending: UInt64 = 0
        private var pendingCount = 0

        /// A hash for a document of `byteCount` bytes.
        package init(byteCount: Int) {
            wordwise = byteCount > Self.wordwiseThreshold
        }

        /// Feeds one byte.
        @inline(__always)
        package mutating func feed(_ byte: UInt8) {
            guard wordwise else {
                hash = (hash ^ UInt64(byte)) &* Self.prime
                return
            }
            pending |= UInt64(byte) << UInt64(8 * pendingCount)
            pendingCount += 1
            if pendingCount == 8 {
                hash = (hash ^ pending) &* Self.prime
                pending = 0
                pendingCount = 0
            }
        }

        /// Feeds `bytes`.
        package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard wordwise else {
                var h = hash
                for byte in bytes { h = (h ^ UInt64(byte)) &* Self.prime }
                hash = h
                return
            }
            var index = 0
            while pendingCount != 0 && index < bytes.count {
                feed(bytes[index])
                index += 1
            }
            guard let base = bytes.baseAddress else { return }
            var h = hash
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                h = (h ^ word) &* Self.prime
                index += 8
            }
            hash = h
            while index < bytes.count {
                feed(bytes[index])
                index += 1
            }
        }

        /// The hash of the bytes fed.
        package var value: UInt64 {
            var h = hash
            for shift in stride(from: 0, to: 8 * pendingCount, by: 8) {
                h = (h ^ ((pending >> UInt64(shift)) & 0xFF)) &* Self.prime
            }
            return h
        }
    }

    /// The prefix of a document whose bytes hash to `hash`: `tc` and the hash folded to eight
    /// hexadecimal digits.
    package static func prefix(ofHash hash: UInt64) -> String {
        let folded = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
        let text = String(folded, radix: 16)
        return "tc" + String(repeating: "0", count: 8 - text.count) + text
    }

    /// Whether ``number(_:decimals:)`` writes `value` as `0`.
    package static func roundsToZero(_ value: Double, decimals: Int) -> Bool {
        guard value.isFinite else { return true }
        let scaled = (value * power(min(max(decimals, 0), 8))).rounded()
        return abs(scaled) < 9e15 ? scaled == 0 : false
    }

    /// The placeholder byte writers put where the id prefix goes until it is known: a control
    /// character, which ``escape(_:)`` never lets through from user text.
    package static let prefixPlaceholder: UInt8 = 0x01

    /// The document made of `parts`, one after the other, with every ``prefixPlaceholder``
    /// replaced by the prefix: the given one, or one derived from the document's bytes.
    ///
    /// The parts are copied once, a run between two placeholders at a time (an SVG of 100,000
    /// chips is 110 MB with hundreds of thousands of ids and classes).
    ///
    /// - Parameters:
    ///   - parts: The document with placeholders, in pieces (a head written last, the body).
    ///   - prefix: The prefix to use; `nil` derives it.
    /// - Returns: The document with its ids complete.
    package static func fillingPrefix(_ parts: [String], prefix: String?) -> Data {
        let prefix = Array((prefix ?? derivedPrefix(hashing: parts)).utf8)
        var output = Data()
        output.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count } * 11 / 10)
        for var part in parts {
            part.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return }
                var start = 0
                while start < bytes.count, let found = memchr(base + start, Int32(prefixPlaceholder), bytes.count - start) {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    output.append(base + start, count: index - start)
                    output.append(contentsOf: prefix)
                    start = index + 1
                }
                if start < bytes.count { output.append(base + start, count: bytes.count - start) }
            }
        }
        return output
    }

    /// Checks an id prefix a user gave: an ASCII letter, then letters, digits, `-` and `_`, at
    /// most 64 characters, so that it is a valid id and CSS identifier on its own.
    ///
    /// - Throws: ``CanvasError/invalidIdPrefix(_:)``.
    package static func checkPrefix(_ prefix: String) throws(CanvasError) {
        let scalars = Array(prefix.unicodeScalars)
        guard let first = scalars.first, scalars.count <= 64, first.isASCIILetter,
              scalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
            throw .invalidIdPrefix(prefix)
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
