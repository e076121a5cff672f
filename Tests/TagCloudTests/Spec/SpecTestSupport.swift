@testable import TagCloud

/// Parses text as a spec from a file named after the format (`spec.yaml`, `spec.json`…).
func parseSpec(_ text: String, _ format: SpecFormat) throws(TagCloudError) -> Cloud {
    try Cloud(parsing: Array(text.utf8), format: format, source: fileName(format))
}

/// The error parsing `text` gives, or `nil` if it parses.
func parseError(_ text: String, _ format: SpecFormat) -> TagCloudError? {
    parseError(Array(text.utf8), format)
}

/// The error parsing `bytes` gives, or `nil` if they parse.
func parseError(_ bytes: [UInt8], _ format: SpecFormat) -> TagCloudError? {
    do {
        _ = try Cloud(parsing: bytes, format: format, source: fileName(format))
        return nil
    } catch {
        return error
    }
}

func fileName(_ format: SpecFormat) -> String {
    switch format {
    case .json: "spec.json"
    case .yaml: "spec.yaml"
    case .text: "tags.txt"
    case .csv: "tags.csv"
    }
}

/// `file:line:column` for expectations.
func at(_ format: SpecFormat, _ line: Int, _ column: Int) -> SpecLocation {
    SpecLocation(source: fileName(format), line: line, column: column)
}

/// A value changed by a closure: `with(Cloud.Chip()) { $0.fill = .color(.red) }`.
func with<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
    var copy = value
    change(&copy)
    return copy
}
