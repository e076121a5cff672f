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
        var output = ""
        encodedTree().writeJSON(to: &output, indent: "")
        return output + "\n"
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

    /// A Yams node; strings the decoder or another YAML reader would read as something else are
    /// double-quoted.
    var yamlNode: Node {
        switch self {
        case .mapping(let pairs):
            return .mapping(Node.Mapping(pairs.map { (Node($0.0), $0.1.yamlNode) }))
        case .sequence(let elements):
            return .sequence(Node.Sequence(elements.map(\.yamlNode)))
        case .string(let text):
            let plainIsString = parseNumber(text) == nil && !Self.quotedWords.contains(text)
            return .scalar(Node.Scalar(text, .implicit, plainIsString ? .any : .doubleQuoted))
        case .number(let number):
            return .scalar(Node.Scalar(Self.format(number), .implicit, .plain))
        case .bool(let value):
            return .scalar(Node.Scalar(value ? "true" : "false", .implicit, .plain))
        }
    }

    /// Appends the tree as indented JSON.
    func writeJSON(to output: inout String, indent: String) {
        switch self {
        case .mapping(let pairs):
            guard !pairs.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, pair) in pairs.enumerated() {
                output += indent + "  "
                Self.writeJSONString(pair.0, to: &output)
                output += ": "
                pair.1.writeJSON(to: &output, indent: indent + "  ")
                output += index == pairs.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case .sequence(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += indent + "  "
                element.writeJSON(to: &output, indent: indent + "  ")
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .string(let text):
            Self.writeJSONString(text, to: &output)
        case .number(let number):
            output += Self.format(number)
        case .bool(let value):
            output += value ? "true" : "false"
        }
    }

    /// A JSON string (RFC 8259 §7): quotes, backslashes and control characters escaped.
    static func writeJSONString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029
                    || (0x80...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
