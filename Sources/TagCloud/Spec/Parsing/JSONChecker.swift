/// Checks that text is strict JSON (RFC 8259) before libyaml composes it, and prepares it for
/// libyaml.
///
/// JSON is almost a subset of YAML's flow style, but libyaml accepts much that JSON does not
/// (comments, single quotes, bare words, trailing commas, `.inf`) and refuses a little that JSON
/// allows: surrogate-pair escapes (`"\ud83d\ude00"`, which Python's `json.dumps` writes for every
/// emoji) and tabs before the top-level value. So this pass reports JSON errors with JSON's
/// words, finds duplicate keys with both places, and hands libyaml a text where surrogate pairs
/// are rewritten as YAML's `\UXXXXXXXX`, `\/` as `/`, and whitespace tabs as spaces. The
/// rewrites shorten some lines; ``ColumnMap`` maps libyaml's columns back to the original's.
///
/// - Complexity: O(n) time; O(depth + keys of the open objects) space.
struct JSONChecker {
    /// The text to hand to libyaml and the map from its columns back to the input's.
    struct Prepared {
        /// The JSON with the rewrites made.
        var text: String
        /// Maps columns of `text` back to the input's.
        var columns: ColumnMap
    }

    private let input: TextInput
    private let bytes: [UInt8]
    private var index = 0
    private var output: [UInt8] = []
    private var copiedUpTo = 0
    private var columns = ColumnMap()

    private init(_ input: TextInput) {
        self.input = input
        self.bytes = input.bytes
    }

    /// Checks `input` as JSON.
    ///
    /// - Returns: The text for libyaml and its column map.
    /// - Throws: ``TagCloudError/syntax(format:_:message:)`` with the place and what was expected,
    ///   ``TagCloudError/duplicateKey(path:_:previous:)``, or
    ///   ``TagCloudError/controlCharacter(_:tag:key:_:)`` for a raw control character.
    static func prepare(_ input: TextInput) throws(TagCloudError) -> Prepared {
        var checker = JSONChecker(input)
        try checker.checkDocument()
        if checker.copiedUpTo == 0 && checker.output.isEmpty {
            return Prepared(text: input.text, columns: checker.columns)
        }
        checker.output.append(contentsOf: checker.bytes[checker.copiedUpTo...])
        return Prepared(text: String(decoding: checker.output, as: UTF8.self), columns: checker.columns)
    }

    // MARK: Grammar

    /// An open object or list: its key path, and for a list the index of the current element.
    private struct Open {
        var isObject: Bool
        var path: String
        var count = 0
    }

    /// The open containers, innermost last, and for each open object the byte offsets of its keys.
    private var stack: [Open] = []
    private var keySets: [[String: Int]] = []

    private mutating func checkDocument() throws(TagCloudError) {
        skipWhitespace()
        guard index < bytes.count else { throw error("the input is empty; expected an object {…} or a list […]") }
        try checkValue(path: "")
        while let open = stack.last {
            skipWhitespace()
            guard index < bytes.count else {
                throw error("the input ends before the closing \(open.isObject ? "'}'" : "']'")")
            }
            let byte = bytes[index]
            let close = open.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if byte == close {
                index += 1
                stack.removeLast()
                if open.isObject { keySets.removeLast() }
            } else if byte == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == close {
                    throw error("a comma before '\(Character(Unicode.Scalar(close)))' is not allowed in JSON; remove it")
                }
                if open.isObject {
                    let key = try checkKey(path: open.path)
                    try checkValue(path: join(open.path, key))
                } else {
                    stack[stack.count - 1].count += 1
                    try checkValue(path: "\(open.path)[\(open.count + 1)]")
                }
            } else if open.isObject {
                throw error("expected ',' or '}' after a value in an object, found \(found())")
            } else {
                throw error("expected ',' or ']' after a value in a list, found \(found())")
            }
        }
        skipWhitespace()
        if index < bytes.count {
            throw error("expected the end of the input after the top-level value, found \(found())")
        }
    }

    /// Checks one value; an object or list is pushed on the stack with its first member checked.
    private mutating func checkValue(path: String) throws(TagCloudError) {
        skipWhitespace()
        guard index < bytes.count else { throw error("the input ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try checkDepth()
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            stack.append(Open(isObject: true, path: path))
            keySets.append([:])
            let key = try checkKey(path: path)
            try checkValue(path: join(path, key))
        case UInt8(ascii: "["):
            try checkDepth()
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            stack.append(Open(isObject: false, path: path))
            try checkValue(path: "\(path)[0]")
        case UInt8(ascii: "\""):
            _ = try checkString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try checkNumber()
        case UInt8(ascii: "t"): try checkLiteral("true")
        case UInt8(ascii: "f"): try checkLiteral("false")
        case UInt8(ascii: "n"): try checkLiteral("null")
        case UInt8(ascii: "'"):
            throw error("JSON strings use double quotes (\"…\"), not single quotes")
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
            throw error("JSON does not allow comments")
        default:
            throw error("expected a value (an object, a list, a string in double quotes, a number, "
                        + "true, false or null), found \(found())")
        }
    }

    private func checkDepth() throws(TagCloudError) {
        if stack.count >= maxSpecNesting {
            throw error("the objects and lists nest more than \(maxSpecNesting) levels deep")
        }
    }

    /// Checks `"key" :` and records the key; returns it.
    private mutating func checkKey(path: String) throws(TagCloudError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                throw error("expected a key in double quotes, found '}'")
            }
            throw error("expected a key in double quotes, found \(found())")
        }
        let keyStart = index
        let key = try checkString()
        if key.unicodeScalars.count > 1000 {
            throw .syntax(format: .json, input.location(ofByte: keyStart),
                          message: "a key is longer than 1,000 characters")
        }
        if let previous = keySets[keySets.count - 1][key] {
            throw .duplicateKey(path: join(path, key), input.location(ofByte: keyStart),
                                previous: input.location(ofByte: previous))
        }
        keySets[keySets.count - 1][key] = keyStart
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after the key \(quoted(key)), found \(found())")
        }
        index += 1
        return key
    }

    /// Checks a string starting at the opening quote and returns its raw text (escapes kept).
    private mutating func checkString() throws(TagCloudError) -> String {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
            case UInt8(ascii: "\\"):
                try checkEscape()
            case 0x00..<0x20:
                throw .controlCharacter(Unicode.Scalar(byte), tag: nil, key: nil, here())
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                let scalar = Unicode.Scalar(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029) ?? " "
                throw .controlCharacter(scalar, tag: nil, key: nil, here())
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                let scalar = Unicode.Scalar(UInt32(bytes[index + 1])) ?? " "
                throw .controlCharacter(scalar, tag: nil, key: nil, here())
            case 0x7F:
                throw .controlCharacter("\u{7F}", tag: nil, key: nil, here())
            default:
                index += 1
            }
        }
        index = start
        throw error("the string that starts here has no closing double quote")
    }

    private mutating func checkEscape() throws(TagCloudError) {
        let start = index
        guard index + 1 < bytes.count else { throw error("the input ends inside an escape") }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "/"):
            // YAML has no `\/`: write the slash itself.
            replace(start..<(start + 2), with: Array("/".utf8))
            index += 2
        case UInt8(ascii: "u"):
            guard let high = hex4(at: index + 2) else {
                throw error("expected four hex digits after \\u")
            }
            if (0xDC00...0xDFFF).contains(high) {
                throw error("the escape \\u\(hexString(high)) is the second half of a surrogate pair "
                            + "without its first half")
            }
            guard (0xD800...0xDBFF).contains(high) else {
                index += 6
                return
            }
            guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                  bytes[index + 7] == UInt8(ascii: "u"), let low = hex4(at: index + 8),
                  (0xDC00...0xDFFF).contains(low) else {
                throw error("the escape \\u\(hexString(high)) is the first half of a surrogate pair "
                            + "without its second half")
            }
            let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            let escape = "\\U" + String(repeating: "0", count: 8 - String(scalar, radix: 16).count)
                + String(scalar, radix: 16, uppercase: true)
            replace(start..<(start + 12), with: Array(escape.utf8))
            index += 12
        default:
            throw error("unknown escape; JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    private func hex4(at position: Int) -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            guard let digit = hexDigitValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func hexString(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (RFC 8259 §6).
    private mutating func checkNumber() throws(TagCloudError) {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else {
            index = start
            throw error("a number needs a digit after '-'")
        }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            index = start
            throw error("JSON numbers cannot start with 0 (write 7, not 07)")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else {
                index = start
                throw error("a number needs digits after the decimal point")
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else {
                index = start
                throw error("a number needs digits in its exponent")
            }
        }
        if index < bytes.count, !isDelimiter(bytes[index]) {
            index = start
            throw error("malformed number; JSON numbers look like 12, -3.5 or 1e3")
        }
    }

    private mutating func checkLiteral(_ word: String) throws(TagCloudError) {
        let utf8 = Array(word.utf8)
        guard bytes[index...].starts(with: utf8),
              index + utf8.count == bytes.count || isDelimiter(bytes[index + utf8.count]) else {
            throw error("expected a value (an object, a list, a string in double quotes, a number, "
                        + "true, false or null), found \(found()); put text in double quotes")
        }
        index += utf8.count
    }

    private func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): true
        default: false
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D:
                index += 1
            case 0x09:
                // libyaml refuses tabs in some places JSON allows them; a space is the same width.
                replace(index..<(index + 1), with: [0x20])
                index += 1
            default:
                return
            }
        }
    }

    // MARK: Rewriting and locations

    private mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        output.append(contentsOf: bytes[copiedUpTo..<range.lowerBound])
        output.append(contentsOf: replacement)
        copiedUpTo = range.upperBound
        let removedScalars = range.count   // escapes are ASCII
        if removedScalars != replacement.count {
            advanceCursor(to: range.lowerBound)
            columns.record(line: cursor.line, originalColumn: cursor.column,
                           removed: removedScalars - replacement.count)
        }
    }

    /// Line and column of `cursor.offset`, moved forward only, so rewrites cost O(n) in all.
    private var cursor = (offset: 0, line: 1, column: 1)

    private mutating func advanceCursor(to offset: Int) {
        while cursor.offset < offset {
            let byte = bytes[cursor.offset]
            if byte == 0x0A || (byte == 0x0D && (cursor.offset + 1 >= bytes.count || bytes[cursor.offset + 1] != 0x0A)) {
                cursor.line += 1
                cursor.column = 1
            } else if byte & 0xC0 != 0x80 {
                cursor.column += 1
            }
            cursor.offset += 1
        }
    }

    private func here() -> SpecLocation {
        input.location(ofByte: index)
    }

    private func error(_ message: String) -> TagCloudError {
        .syntax(format: .json, here(), message: message)
    }

    /// A short quote of the text at the current position, for messages.
    private func found() -> String {
        guard index < bytes.count else { return "the end of the input" }
        var end = index
        var scalars = 0
        while end < bytes.count, scalars < 12, !isDelimiter(bytes[end]) || end == index {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            scalars += 1
        }
        return quoted(String(decoding: bytes[index..<end], as: UTF8.self))
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}

/// The deepest nesting of mappings and lists a spec may have; deeper input is refused before it
/// is composed, so no input can exhaust the stack.
let maxSpecNesting = 64

/// Maps columns of a rewritten line back to the original line, where rewrites shortened it.
struct ColumnMap {
    /// Per line: (original column of the rewrite, scalars removed), in column order.
    private var shifts: [Int: [(column: Int, removed: Int)]] = [:]

    mutating func record(line: Int, originalColumn: Int, removed: Int) {
        shifts[line, default: []].append((originalColumn, removed))
    }

    /// The original column of a column in the rewritten line.
    func originalColumn(line: Int, column: Int) -> Int {
        guard !shifts.isEmpty, let list = shifts[line] else { return column }
        var result = column
        for shift in list {
            // A rewrite at original column c ends up at c minus what earlier rewrites removed.
            if shift.column < result { result += shift.removed } else { break }
        }
        return result
    }
}
