import Yams

extension TagCloudSpec {
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

    /// The spec as a tree of plain values.
    func encodedTree() -> SpecTree {
        var pairs: [(String, SpecTree)] = []
        func add(_ key: String, _ value: SpecTree?) {
            if let value { pairs.append((key, value)) }
        }
        add("width", width.map(SpecTree.number))
        add("padding", padding.map(SpecTree.number))
        add("spacing", spacing.map(\.tree))
        add("alignment", alignment.map { .string($0.rawValue) })
        add("justification", justification.map { .string($0.rawValue) })
        add("justifyLastRow", justifyLastRow.map(SpecTree.bool))
        add("lineBreaking", lineBreaking.map { .string($0.rawValue) })
        add("maxRows", maxRows.map { .number(Double($0)) })
        add("direction", direction.map { .string($0.rawValue) })
        add("font", font.map(\.tree))
        add("weights", weights.map(\.tree))
        add("chip", chip.map(\.tree))
        add("style", style.map { .string($0.rawValue) })
        add("theme", theme.map { .string($0.rawValue) })
        add("scale", scale.map(SpecTree.number))
        add("background", background.map { .string($0.hex) })
        if !tags.isEmpty { add("tags", .sequence(tags.map(\.tree))) }
        return .mapping(pairs)
    }
}

extension TagCloudSpec.Axes {
    var tree: SpecTree {
        if let horizontal, horizontal == vertical { return .number(horizontal) }
        var pairs: [(String, SpecTree)] = []
        if let horizontal { pairs.append(("horizontal", .number(horizontal))) }
        if let vertical { pairs.append(("vertical", .number(vertical))) }
        return .mapping(pairs)
    }
}

extension TagCloudSpec.Font {
    var tree: SpecTree {
        var pairs: [(String, SpecTree)] = []
        if let family { pairs.append(("family", .string(family))) }
        if let size { pairs.append(("size", .number(size))) }
        if let weight { pairs.append(("weight", weight.name.map(SpecTree.string) ?? .number(Double(weight.value)))) }
        return .mapping(pairs)
    }
}

extension TagCloudSpec.Weights {
    var tree: SpecTree {
        var pairs: [(String, SpecTree)] = []
        if let minSize { pairs.append(("minSize", .number(minSize))) }
        if let maxSize { pairs.append(("maxSize", .number(maxSize))) }
        if let scale { pairs.append(("scale", .string(scale.rawValue))) }
        return .mapping(pairs)
    }
}

extension TagCloudSpec.Fill {
    var tree: SpecTree {
        switch self {
        case .color(let color): .string(color.hex)
        case .material(let material): .string(material.rawValue)
        }
    }
}

extension TagCloudSpec.Chip {
    var tree: SpecTree {
        var pairs: [(String, SpecTree)] = []
        if let padding { pairs.append(("padding", padding.tree)) }
        if let shape { pairs.append(("shape", .string(shape.rawValue))) }
        if let cornerRadius { pairs.append(("cornerRadius", .number(cornerRadius))) }
        if let fill { pairs.append(("fill", fill.tree)) }
        if let stroke { pairs.append(("stroke", .string(stroke.hex))) }
        if let strokeWidth { pairs.append(("strokeWidth", .number(strokeWidth))) }
        if let textColor { pairs.append(("textColor", .string(textColor.hex))) }
        if let selected { pairs.append(("selected", selected.tree)) }
        return .mapping(pairs)
    }
}

extension TagCloudSpec.SelectedChip {
    var tree: SpecTree {
        var pairs: [(String, SpecTree)] = []
        if let fill { pairs.append(("fill", fill.tree)) }
        if let stroke { pairs.append(("stroke", .string(stroke.hex))) }
        if let strokeWidth { pairs.append(("strokeWidth", .number(strokeWidth))) }
        if let textColor { pairs.append(("textColor", .string(textColor.hex))) }
        if let checkmark { pairs.append(("checkmark", .bool(checkmark))) }
        return .mapping(pairs)
    }
}

extension TagCloudSpec.Tag {
    var tree: SpecTree {
        if weight == nil, href == nil, selected == nil, fill == nil, textColor == nil, font == nil {
            return .string(text)
        }
        var pairs: [(String, SpecTree)] = [("text", .string(text))]
        if let weight { pairs.append(("weight", .number(weight))) }
        if let href { pairs.append(("href", .string(href))) }
        if let selected { pairs.append(("selected", .bool(selected))) }
        if let fill { pairs.append(("fill", fill.tree)) }
        if let textColor { pairs.append(("textColor", .string(textColor.hex))) }
        if let font { pairs.append(("font", font.tree)) }
        return .mapping(pairs)
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
