/// The text formats a spec can be written in.
public enum SpecFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// JSON (RFC 8259), the same schema as YAML. Extension `.json`.
    case json
    /// YAML 1.1/1.2 as libyaml reads it. Extensions `.yaml`, `.yml`.
    case yaml
    /// A tag per line, with an optional weight after a tab. Extension `.txt`.
    case text
    /// Comma-separated values (RFC 4180) with the header `tag,weight` or `tag,weight,href`.
    /// Extension `.csv`.
    case csv

    /// The format a file extension names.
    ///
    /// - Parameter fileExtension: The extension without its dot, any case (`json`, `YML`).
    /// - Returns: The format, or `nil` when the extension is not one of `json`, `yaml`, `yml`,
    ///   `txt`, `csv`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "txt", "text": self = .text
        case "csv": self = .csv
        default: return nil
        }
    }

    /// The format of a file, from its path's extension.
    ///
    /// - Parameter path: A file path.
    /// - Returns: The format.
    /// - Throws: ``TagCloudError/unknownFormat(what:name:valid:)`` when the extension is missing
    ///   or unknown.
    public static func of(path: String) throws(TagCloudError) -> SpecFormat {
        let (name, ext) = fileNameAndExtension(path)
        guard let ext, let format = SpecFormat(fileExtension: ext) else {
            throw .unknownFormat(what: "input format", name: ext.map { ".\($0)" } ?? name,
                                 valid: [".json", ".yaml", ".yml", ".txt", ".csv"])
        }
        return format
    }

    /// Guesses the format of unnamed input (standard input without `--input-format`).
    ///
    /// JSON when the first non-blank character is `{` or `[`; CSV when the first line is a CSV
    /// spec's header (`tag,weight` or `tag,weight,href`, any case, spaces around the commas); YAML
    /// when a line starts with `---`, `- ` or a `key:` (letters, digits, `_` or `-` followed by a
    /// colon); otherwise text, a tag per line.
    ///
    /// - Parameter bytes: The input.
    /// - Returns: The likely format.
    /// - Complexity: O(n) in the length of the input.
    public static func guess(_ bytes: [UInt8]) -> SpecFormat {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
            return .json
        }
        var firstEnd = index
        while firstEnd < bytes.count, bytes[firstEnd] != 0x0A { firstEnd += 1 }
        let header = String(decoding: bytes[index..<firstEnd], as: UTF8.self).lowercased()
            .split(separator: ",", omittingEmptySubsequences: false).map { field in
                let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
                return String(field.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
            }
        if header == ["tag", "weight"] || header == ["tag", "weight", "href"] { return .csv }
        var lineStart = index
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if looksLikeYAML(bytes[lineStart..<end]) { return .yaml }
            lineStart = end + 1
        }
        return .text
    }

    /// The line and column (from 1) where unnamed input gives its tags as TOML does (`tags = [`,
    /// `"tags" = [`, `[[tags]]` or `[tags]`), which no spec format is; `nil` when no line does. Read as a guess, such a
    /// spec became a list of tags named `width = 300` and `tags = ["Swift"]`.
    ///
    /// - Complexity: O(n) in the length of the input.
    static func tomlTagsLine(_ bytes: [UInt8]) -> (line: Int, column: Int)? {
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        var line = 1, start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            // A line's start is enough to tell (a long line is not decoded whole).
            let whole = Substring(decoding: bytes[start..<min(end, start + 256)], as: UTF8.self)
            let text = whole.drop(while: isBlank)
            let column = whole.count - text.count + 1
            // A table of tags, `[[tags]]` or `[tags]`, spaces allowed inside the brackets.
            if text.hasPrefix("[") {
                let name = text.filter { !isBlank($0) }.prefix { $0 != "#" }
                if name == "[[tags]]" || name == "[tags]" { return (line, column) }
            }
            // `tags = [`, the key bare or quoted.
            for key in ["tags", "\"tags\"", "'tags'"] where text.hasPrefix(key) {
                let rest = text.dropFirst(key.count).drop(while: isBlank)
                if rest.hasPrefix("="), rest.dropFirst().first(where: { !isBlank($0) }) == "[" { return (line, column) }
            }
            line += 1
            start = end + 1
        }
        return nil
    }

    private static func looksLikeYAML(_ line: ArraySlice<UInt8>) -> Bool {
        if line.starts(with: Array("---".utf8)) || line.starts(with: Array("- ".utf8)) || line.elementsEqual(Array("-".utf8)) {
            return true
        }
        var sawName = false
        for byte in line {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                sawName = true
            case UInt8(ascii: ":"):
                return sawName
            default:
                return false
            }
        }
        return false
    }

    /// The name used in messages: `JSON`, `YAML`, `text`, `CSV`.
    public var displayName: String {
        switch self {
        case .json: "JSON"
        case .yaml: "YAML"
        case .text: "text"
        case .csv: "CSV"
        }
    }

    /// The raw value (`json`, `yaml`, `text`, `csv`).
    public var description: String { rawValue }
}

/// A path's last component and the extension after its last dot, if it has one (`tags.yaml` →
/// `("tags.yaml", "yaml")`, `README` → `("README", nil)`).
func fileNameAndExtension(_ path: String) -> (name: String, extension: String?) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let ext = name.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last.map(String.init)
    return (name, ext)
}
