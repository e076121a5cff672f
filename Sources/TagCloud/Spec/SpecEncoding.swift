import Yams

extension Cloud {
    /// The spec as YAML, keys in the reference's order, only the keys that are given.
    ///
    /// Parsing the result gives back an equal spec for any spec the parser can produce
    /// (colours are written as 8-bit hex, so colours not from 8-bit values are rounded).
    ///
    /// - Returns: YAML text ending with a newline.
    /// - Throws: ``TagCloudError/internalError(_:)`` if the YAML emitter fails.
    public func yaml() throws(TagCloudError) -> String {
        do {
            return try Yams.serialize(node: encodedTree().yamlNode, width: -1, allowUnicode: true)
        } catch {
            throw .internalError("the YAML emitter failed: \(error)")
        }
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

    /// A Yams node; strings the decoder or another YAML reader would read as something else are
    /// double-quoted.
    var yamlNode: Node {
        switch self {
        case .mapping(let pairs):
            return .mapping(Node.Mapping(pairs.map { (Node($0.0), $0.1.yamlNode) }))
        case .sequence(let elements):
            return .sequence(Node.Sequence(elements.map(\.yamlNode)))
        case .string(let text):
            let plainIsString = parseNumber(text) == nil && !Self.quotedWords.contains(text) && !Self.mayReadAsNonText(text)
            return .scalar(Node.Scalar(text, .implicit, plainIsString ? .any : .doubleQuoted))
        case .number(let number):
            return .scalar(Node.Scalar(Self.format(number), .implicit, .plain))
        case .bool(let value):
            return .scalar(Node.Scalar(value ? "true" : "false", .implicit, .plain))
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
