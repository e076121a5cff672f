package import TagCloud

extension TagCloudCommand {
    /// The input format an option names (`--input-format yaml`).
    ///
    /// - Parameter name: `json`, `yaml`, `yml`, `text`, `txt` or `csv`, any case.
    /// - Returns: The format.
    /// - Throws: ``CommandError/usage(_:)`` for another name.
    package static func inputFormat(named name: String) throws(CommandError) -> SpecFormat {
        guard let format = SpecFormat(fileExtension: name) else {
            throw .usage("unknown input format \(quoted(name)); use one of json, yaml, text, csv")
        }
        return format
    }

    /// The output format an option names (`--format svg`).
    ///
    /// - Parameter name: `png`, `svg`, `pdf` or `json`, any case.
    /// - Returns: The format.
    /// - Throws: ``CommandError/usage(_:)`` for another name.
    package static func outputFormat(named name: String) throws(CommandError) -> OutputFormat {
        guard let format = OutputFormat(fileExtension: name) else {
            let valid = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("unknown output format \(quoted(name)); use one of \(valid)")
        }
        return format
    }
}
