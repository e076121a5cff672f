/// The bytes of a spec checked as UTF-8 and turned into text, with the means to turn a byte
/// offset into a line and column for messages.
///
/// A UTF-8 byte order mark is dropped; UTF-16 and UTF-32 byte order marks are refused with a
/// message that says so. Lines end at LF, CR LF or a lone CR.
struct TextInput {
    /// The input without its byte order mark.
    let bytes: [UInt8]
    /// The same, as text: decoded when asked for (by the located readers), not kept beside the
    /// bytes, which a cloud keeps for its locations (a second copy of a large spec for the whole
    /// rendering).
    var text: String { String(decoding: bytes, as: UTF8.self) }
    /// Where the input came from.
    let source: String
    /// The byte offset in the original input of `bytes[0]` (3 after a byte order mark).
    let bomLength: Int

    /// Checks and decodes the input.
    ///
    /// - Parameters:
    ///   - bytes: The input as read.
    ///   - source: Where it came from.
    /// - Throws: ``TagCloudError/invalidUTF8(_:detail:)`` at the first bad byte.
    /// - Complexity: O(n).
    init(bytes input: [UInt8], source: String) throws(TagCloudError) {
        self.source = source
        if let encoding = Self.foreignByteOrderMark(of: input) {
            throw .invalidUTF8(SpecLocation(source: source, line: 1, column: 1, byteOffset: 0),
                               detail: "it starts with a \(encoding) byte order mark")
        }
        bomLength = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        bytes = bomLength == 0 ? input : Array(input.dropFirst(bomLength))
        if let (offset, detail) = Self.firstInvalidUTF8(in: bytes) {
            let position = Self.lineAndColumn(in: bytes, byteOffset: offset)
            throw .invalidUTF8(SpecLocation(source: source, line: position.line, column: position.column,
                                            byteOffset: offset + bomLength),
                               detail: detail)
        }
    }

    /// The encoding a UTF-16 or UTF-32 byte order mark at the start of the bytes names
    /// (`UTF-16 (little-endian)`), or `nil` when they start with none (a UTF-8 one is not foreign).
    static func foreignByteOrderMark(of bytes: some Collection<UInt8>) -> String? {
        let marks: [(bytes: [UInt8], name: String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian)"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian)"),
            ([0xFE, 0xFF], "UTF-16 (big-endian)"), ([0xFF, 0xFE], "UTF-16 (little-endian)"),
        ]
        return marks.first { bytes.starts(with: $0.bytes) }?.name
    }

    /// The location of a byte offset in ``bytes``.
    func location(ofByte offset: Int) -> SpecLocation {
        let position = Self.lineAndColumn(in: bytes, byteOffset: offset)
        return SpecLocation(source: source, line: position.line, column: position.column)
    }

    /// A location from a line and column.
    func location(line: Int, column: Int) -> SpecLocation {
        SpecLocation(source: source, line: line, column: column)
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    ///
    /// - Complexity: O(offset).
    static func lineAndColumn(in bytes: [UInt8], byteOffset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(byteOffset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0D, index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        // Count scalars: every byte that is not a continuation byte starts one.
        var column = 1
        for offset in lineStart..<end where bytes[offset] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8 (Unicode §3.9,
    /// table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), and what is wrong.
    ///
    /// - Complexity: O(n).
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, detail: String)? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                // Eight ASCII bytes at a time (most of a spec): 1,000,000 tags were read at a
                // byte a step, 40 ms before anything else could start.
                while index + 8 <= count, asciiWord(bytes, at: index) { index += 8 }
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            case 0x80...0xBF:
                return (index, "byte 0x\(hexByte(lead)) cannot start a character")
            default:
                return (index, "byte 0x\(hexByte(lead)) never appears in UTF-8")
            }
            for position in 1..<length {
                guard index + position < count else {
                    return (index, "the input ends inside a \(length)-byte character")
                }
                let byte = bytes[index + position]
                let range: ClosedRange<UInt8> = position == 1 ? low...high : 0x80...0xBF
                guard range.contains(byte) else {
                    return (index, "byte 0x\(hexByte(byte)) cannot follow 0x\(hexByte(lead))")
                }
            }
            index += length
        }
        return nil
    }

    /// Whether the eight bytes from `offset` are all ASCII.
    @inline(__always)
    private static func asciiWord(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// Whether a character is refused in tag text: Unicode general category Cc (C0 controls,
    /// DEL, C1 controls) and the line and paragraph separators U+2028, U+2029.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// Whether a text shows nothing: every scalar is white space or a default-ignorable code
    /// point (U+FEFF, zero-width joiners and spaces, direction marks, a soft hyphen, variation
    /// selectors), which a browser draws as nothing, or a noncharacter, which means nothing and
    /// which XML cannot carry (a tag of U+FFFF alone drew a box chip with an empty accessible
    /// name). Such a tag drew an empty chip.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint || isNoncharacter($0) }
    }

    /// Whether a scalar is one of Unicode's 66 noncharacters.
    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    /// The first character JSON or YAML text may not hold raw (``isControl(_:)`` apart from tab,
    /// LF and CR), with its location.
    ///
    /// - Complexity: O(n).
    /// - Parameter noncharacters: Whether noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF, and the
    ///   last two of every plane) count too: YAML does not allow them raw, JSON does.
    func firstRawControlCharacter(noncharacters: Bool = false) -> (Unicode.Scalar, SpecLocation)? {
        var offset = 0
        for scalar in text.unicodeScalars {
            if (Self.isControl(scalar) && scalar != "\t" && scalar != "\n" && scalar != "\r")
                || (noncharacters && Self.isNoncharacter(scalar)) {
                return (scalar, location(ofByte: offset))
            }
            offset += UTF8.width(scalar)
        }
        return nil
    }
}
