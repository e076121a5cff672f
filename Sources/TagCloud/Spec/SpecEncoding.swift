
extension Cloud {
    /// The spec as YAML, keys in the reference's order, only the keys that are given.
    ///
    /// Parsing the result gives back an equal spec for any spec the parser can produce
    /// (colours are written as 8-bit hex, so colours not from 8-bit values are rounded).
    ///
    /// Text is written as itself, emoji and every other character outside the Basic
    /// Multilingual Plane included (`SpecTree/yaml()`); only what YAML cannot carry raw
    /// (control characters, line breaks, noncharacters, the byte order mark) is escaped, in
    /// double quotes.
    ///
    /// - Returns: YAML text ending with a newline.
    /// - Throws: Nothing any more (the YAML is written by `SpecTree/yaml()`, which cannot
    ///   fail); kept so that callers need not change.
    public func yaml() throws(TagCloudError) -> String {
        encodedTree().yaml()
    }

    /// The spec as JSON (RFC 8259), keys in the reference's order, indented by two spaces.
    ///
    /// Parsing the result gives back an equal spec, as for ``yaml()``.
    ///
    /// - Returns: JSON text ending with a newline.
    public func json() -> String {
        var output = JSONBytes()
        encodedTree().writeJSON(to: &output, indent: "")
        output.append("\n")
        return output.string
    }

    /// The spec as a tree of plain values, keys in the table's order.
    func encodedTree() -> SpecTree {
        Cloud.keys.encode(self)
    }
}

/// A spec as plain values, in key order, for the emitters.
indirect enum SpecTree {
    case mapping([(String, SpecTree)])
    case sequence([SpecTree])
    case string(String)
    case number(Double)
    case bool(Bool)

    /// The number as the spec writes it: whole numbers without a fraction, others in Swift's
    /// shortest round-tripping form (`0.1`, `1e-05`).
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// Plain scalars other YAML readers take for booleans or null (YAML 1.1), quoted on output so
    /// the file means the same everywhere.
    private static let quotedWords: Set<String> = [
        "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES",
        "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
    ]

    /// Whether a YAML 1.1 reader (PyYAML, Ruby's Psych, which Jekyll uses) might read the text,
    /// written plain, as something else: what starts as a number does (`0x1F`, `12:30` is 750,
    /// `2024-01-01` a date, `1_000`, `.5`, `.inf`), and `=` and `<<` are keys of their own.
    static func mayReadAsNonText(_ text: String) -> Bool {
        if text == "=" || text == "<<" { return true }
        var scalars = text.unicodeScalars.makeIterator()
        guard var first = scalars.next() else { return false }
        if first == "+" || first == "-" {
            guard let next = scalars.next() else { return false }
            first = next
        }
        if first == "." { return true }
        return first.properties.numericType != nil && first.isASCII
    }

    /// Whether a string may be written without quotes as far as its meaning goes: neither this
    /// decoder nor a YAML 1.1 reader takes it for a number, a boolean, null, a date or a merge
    /// key (whether YAML's syntax lets it stand plain is ``YAMLScalarStyle``'s to say).
    static func readsAsTextWhenPlain(_ text: String) -> Bool {
        parseNumber(text) == nil && !quotedWords.contains(text) && !mayReadAsNonText(text)
    }

    /// The tree as block YAML, laid out as libyaml lays it out with Yams' defaults (two-space
    /// indents, a list under a key not indented, no line width, `[]` and `{}` for empty
    /// collections), strings plain when they can be (``readsAsTextWhenPlain(_:)``), else in
    /// single quotes, else in double quotes with escapes.
    ///
    /// libyaml itself is not used: it escapes every character outside the Basic Multilingual
    /// Plane (`"\U0001F389"` for 🎉) whatever its `unicode` setting, where YAML (1.1 and 1.2)
    /// allows them raw. Here they are written as themselves; only what YAML may not hold raw, or
    /// what this package's reader refuses raw, is escaped (``YAMLScalarStyle/needsEscape(_:)``).
    ///
    /// - Returns: The YAML, ending with a newline.
    /// - Complexity: O(n) in the size of the output.
    func yaml() -> String {
        guard !isInline else { return inlineYAML + "\n" }
        var output = ""
        writeBlock(indent: 0, afterDash: false, to: &output)
        // Every entry starts a line, the first one too: the document's needs no break before it.
        output.removeFirst()
        return output + "\n"
    }

    /// A scalar, or an empty collection (`[]`, `{}`), as it is written after `key: ` or `- `.
    private var inlineYAML: String {
        switch self {
        case .mapping: "{}"
        case .sequence: "[]"
        case .string(let text): YAMLScalarStyle.write(text, plainIfTextual: Self.readsAsTextWhenPlain(text))
        case .number(let number): Self.format(number)
        case .bool(let value): value ? "true" : "false"
        }
    }

    /// Whether the value is written on its key's line or its item's (a scalar, an empty
    /// collection), not below it.
    private var isInline: Bool {
        switch self {
        case .mapping(let pairs): pairs.isEmpty
        case .sequence(let elements): elements.isEmpty
        case .string, .number, .bool: true
        }
    }

    /// Writes a collection that is not empty in block style at `indent`: each entry starts a
    /// line, except the first one of an item's collection, which goes after its `- `
    /// (`- text: a`, `- - a`). A list under a key is not indented (libyaml's "indentless"
    /// sequence); a mapping under a key is.
    private func writeBlock(indent: Int, afterDash: Bool, to output: inout String) {
        func startLine(_ index: Int) {
            if index > 0 || !afterDash { output += "\n" + String(repeating: " ", count: indent) }
        }
        switch self {
        case .mapping(let pairs):
            for (index, (key, value)) in pairs.enumerated() {
                startLine(index)
                output += YAMLScalarStyle.write(key, plainIfTextual: true) + ":"
                if value.isInline {
                    output += " " + value.inlineYAML
                } else if case .sequence = value {
                    value.writeBlock(indent: indent, afterDash: false, to: &output)
                } else {
                    value.writeBlock(indent: indent + 2, afterDash: false, to: &output)
                }
            }
        case .sequence(let elements):
            for (index, element) in elements.enumerated() {
                startLine(index)
                output += "- "
                if element.isInline {
                    output += element.inlineYAML
                } else {
                    element.writeBlock(indent: indent + 2, afterDash: true, to: &output)
                }
            }
        case .string, .number, .bool:
            output += " " + inlineYAML
        }
    }

    /// Appends the tree as indented JSON.
    func writeJSON(to output: inout JSONBytes, indent: String) {
        switch self {
        case .mapping(let pairs):
            guard !pairs.isEmpty else { output.append("{}"); return }
            output.append("{\n")
            for (index, pair) in pairs.enumerated() {
                output.appendVerbatim(indent + "  ")
                output.append(string: pair.0)
                output.append(": ")
                pair.1.writeJSON(to: &output, indent: indent + "  ")
                output.append(index == pairs.count - 1 ? "\n" : ",\n")
            }
            output.appendVerbatim(indent)
            output.append("}")
        case .sequence(let elements):
            guard !elements.isEmpty else { output.append("[]"); return }
            output.append("[\n")
            for (index, element) in elements.enumerated() {
                output.appendVerbatim(indent + "  ")
                element.writeJSON(to: &output, indent: indent + "  ")
                output.append(index == elements.count - 1 ? "\n" : ",\n")
            }
            output.appendVerbatim(indent)
            output.append("]")
        case .string(let text):
            output.append(string: text)
        case .number(let number):
            output.append(number: number)
        case .bool(let value):
            output.append(value ? "true" : "false")
        }
    }
}

/// How a string is written in block YAML: plain when YAML's syntax and its meaning allow it, else
/// in single quotes, else in double quotes with escapes. The choice between plain and single
/// quotes is libyaml's (`yaml_emitter_analyze_scalar`, block context), so that what libyaml wrote
/// is written the same; characters outside the Basic Multilingual Plane are not special here.
enum YAMLScalarStyle {
    /// The string as a scalar.
    ///
    /// - Parameters:
    ///   - text: The string.
    ///   - plainIfTextual: Whether it means text when written plain (``SpecTree/readsAsTextWhenPlain(_:)``);
    ///     when not, it is double-quoted.
    static func write(_ text: String, plainIfTextual: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        if scalars.contains(where: needsEscape) || !plainIfTextual { return doubleQuoted(scalars) }
        if allowsPlain(scalars) { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// Whether a character must be written as an escape, in double quotes: a control character
    /// (tab and line feed included: a scalar stays on its line), a line or paragraph separator,
    /// the byte order mark, and a noncharacter (which YAML does not allow raw, nor this package's
    /// reader), and the double quote and backslash that would end or start an escape. Everything
    /// else is written as itself, emoji included.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        TextInput.isControl(scalar) || TextInput.isNoncharacter(scalar) || scalar == "\u{FEFF}"
    }

    /// Whether YAML's block syntax lets the string stand plain: not empty, no space at either
    /// end, no indicator that starts it (`#`, `&`, `- `, `? `, `'`, …), no `: ` or ` #` inside,
    /// no `---` or `...` at its start (libyaml's rules).
    private static func allowsPlain(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first, let last = scalars.last, first != " ", last != " " else { return false }
        if scalars.count >= 3, scalars[0] == scalars[1], scalars[1] == scalars[2], scalars[0] == "-" || scalars[0] == "." {
            return false
        }
        func blankOrEnd(_ index: Int) -> Bool { index >= scalars.count || scalars[index] == " " }
        for (index, scalar) in scalars.enumerated() {
            let followedByBlank = blankOrEnd(index + 1)
            if index == 0 {
                if "#,[]{}&*!|>'\"%@`".unicodeScalars.contains(scalar) { return false }
                if (scalar == "?" || scalar == ":" || scalar == "-") && followedByBlank { return false }
            } else {
                if scalar == ":" && followedByBlank { return false }
                if scalar == "#" && scalars[index - 1] == " " { return false }
            }
        }
        return true
    }

    /// The string in double quotes, with libyaml's escapes for what ``needsEscape(_:)`` names.
    private static func doubleQuoted(_ scalars: [Unicode.Scalar]) -> String {
        var output = "\""
        for scalar in scalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case _ where !needsEscape(scalar): output.unicodeScalars.append(scalar)
            case "\u{0}": output += "\\0"
            case "\u{7}": output += "\\a"
            case "\u{8}": output += "\\b"
            case "\t": output += "\\t"
            case "\n": output += "\\n"
            case "\u{B}": output += "\\v"
            case "\u{C}": output += "\\f"
            case "\r": output += "\\r"
            case "\u{1B}": output += "\\e"
            case "\u{85}": output += "\\N"
            case "\u{2028}": output += "\\L"
            case "\u{2029}": output += "\\P"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += scalar.value <= 0xFF ? "\\x" + hex.leftPadded(to: 2)
                    : scalar.value <= 0xFFFF ? "\\u" + hex.leftPadded(to: 4) : "\\U" + hex.leftPadded(to: 8)
            }
        }
        return output + "\""
    }
}
