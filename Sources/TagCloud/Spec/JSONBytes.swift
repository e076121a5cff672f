import Canvas
import Foundation

/// JSON text (RFC 8259) built as UTF-8 bytes: the spec's and the layout's writers, which write
/// a string per tag and four numbers per chip (a 1,000,000-chip layout is 80 MB of them).
struct JSONBytes {
    /// The bytes so far, in a buffer that becomes the document's `Data` without a copy.
    private var bytes: GrowingBuffer

    init(reservingCapacity capacity: Int = 0) {
        bytes = GrowingBuffer(capacity: capacity)
    }

    /// The text, which must be UTF-8 (this writer writes nothing else).
    var string: String {
        bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes as `Data`; the writer must not be used afterwards.
    mutating func data() -> Data {
        bytes.takeData()
    }

    /// Appends text as it is (punctuation, keys known to need no escape).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        bytes.append(text)
    }

    /// Appends what another writer wrote.
    mutating func append(contentsOf other: JSONBytes) {
        other.bytes.withBytes { bytes.append($0) }
    }

    /// Appends a string's UTF-8 as it is.
    mutating func appendVerbatim(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append($0) }
    }

    /// Appends a number in its shortest form that reads back exactly (``SpecTree/format(_:)``).
    ///
    /// Integers and multiples of 1/64 below 2^24 (every layout unit of a layout, every chip's
    /// coordinate) are written digit by digit: their exact decimal expansion, at most six places,
    /// is the shortest that reads back (their neighbouring doubles are less than 10⁻⁸ away), which
    /// is what ``SpecTree/format(_:)`` writes for them too. Other numbers go through it.
    mutating func append(number: Double) {
        let magnitude = abs(number)
        let sixtyFourths = magnitude * 64
        guard magnitude < 16_777_216, sixtyFourths.rounded() == sixtyFourths else {
            appendVerbatim(SpecTree.format(number))
            return
        }
        let units = Int64(sixtyFourths)
        if number < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(units >> 6)
        let fraction = units & 63
        guard fraction != 0 else { return }
        // k/64 = k × 15625 / 10⁶: six places, trailing zeros dropped.
        var places = fraction * 15_625
        var count = 6
        while places % 10 == 0 {
            places /= 10
            count -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(places / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends a non-negative integer in decimal.
    private mutating func appendDigits(_ value: Int64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            var rest = value
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[index...]))
        }
    }

    /// Appends a JSON string (RFC 8259 §7): quotes, backslashes and the C0 controls escaped
    /// (`\n`, `\r`, `\t` by name), and also DEL, the C1 controls and U+2028/U+2029 as `\uXXXX`
    /// (lower-case hex), which some readers (JavaScript before ES2019, terminals) take for line
    /// ends or commands. Runs of other bytes are copied whole.
    mutating func append(string text: String) {
        bytes.append(UInt8(0x22))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0, index = 0
            func flush(upTo end: Int) {
                if start < end { bytes.append(UnsafeBufferPointer(rebasing: utf8[start..<end])) }
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
        bytes.append(UInt8(0x22))
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
                bytes.append(UInt8(digit < 10 ? 0x30 + digit : 0x57 + digit))
            }
        }
    }
}
