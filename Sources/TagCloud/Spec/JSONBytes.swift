/// JSON text (RFC 8259) built as UTF-8 bytes: the spec's and the layout's writers, which write
/// a string per tag and four numbers per chip (a 1,000,000-chip layout is 80 MB of them).
struct JSONBytes {
    /// The bytes so far.
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends text as it is (punctuation, keys known to need no escape).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 as it is.
    mutating func appendVerbatim(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a number in its shortest form that reads back exactly (``SpecTree/format(_:)``).
    mutating func append(number: Double) {
        appendVerbatim(SpecTree.format(number))
    }

    /// Appends a JSON string (RFC 8259 §7): quotes, backslashes and the C0 controls escaped
    /// (`\n`, `\r`, `\t` by name), and also DEL, the C1 controls and U+2028/U+2029 as `\uXXXX`
    /// (lower-case hex), which some readers (JavaScript before ES2019, terminals) take for line
    /// ends or commands. Runs of other bytes are copied whole.
    mutating func append(string text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var start = 0, index = 0
            func flush(upTo end: Int) {
                if start < end { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end])) }
            }
            while index < utf8.count {
                let byte = utf8[index]
                // The escaped scalar and how many bytes it takes, or nil to copy the byte.
                let escaped: (scalar: UInt32, length: Int)?
                switch byte {
                case 0x00..<0x20, 0x22, 0x5C, 0x7F:
                    escaped = (UInt32(byte), 1)
                case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                    escaped = (UInt32(utf8[index + 1]), 2)
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escaped = (0x2000 | UInt32(utf8[index + 2] - 0x80), 3)
                default:
                    escaped = nil
                }
                guard let escaped else {
                    index += 1
                    continue
                }
                flush(upTo: index)
                appendEscape(escaped.scalar)
                index += escaped.length
                start = index
            }
            flush(upTo: utf8.count)
        }
        bytes.append(0x22)
    }

    private mutating func appendEscape(_ scalar: UInt32) {
        switch scalar {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            append("\\u")
            for shift: UInt32 in [12, 8, 4, 0] {
                let digit = UInt8((scalar >> shift) & 0xF)
                bytes.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            }
        }
    }
}
