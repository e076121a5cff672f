extension TagCloudCommand {
    /// The input format an option names (`--input-format yaml`).
    ///
    /// - Parameter name: `json`, `yaml`, `yml`, `text`, `txt` or `csv`, any case.
    /// - Returns: The format.
    /// - Throws: ``TagCloudError/unknownFormat(what:name:valid:)`` (exit code 64).
    public static func inputFormat(named name: String) throws(TagCloudError) -> SpecFormat {
        guard let format = SpecFormat(fileExtension: name) else {
            throw .unknownFormat(what: "input format", name: name, valid: ["json", "yaml", "text", "csv"])
        }
        return format
    }

    /// The output format an option names (`--format svg`).
    ///
    /// - Parameter name: `png`, `svg`, `pdf` or `json`, any case.
    /// - Returns: The format.
    /// - Throws: ``TagCloudError/unknownFormat(what:name:valid:)`` (exit code 64).
    public static func outputFormat(named name: String) throws(TagCloudError) -> OutputFormat {
        guard let format = OutputFormat(fileExtension: name) else {
            throw .unknownFormat(what: "output format", name: name, valid: OutputFormat.allCases.map(\.rawValue))
        }
        return format
    }
}

extension RenderResult {
    /// One line saying what was written: `wrote tags.png (PNG, 786 × 280 px, 8 chips)`.
    public var summary: String {
        let place = outputPath ?? "standard output"
        let size = "\(CloudLayout.number(layout.width)) × \(CloudLayout.number(layout.height)) pt"
        let more = hiddenCount > 0 ? ", \(hiddenCount) hidden behind +\(hiddenCount)" : ""
        return "wrote \(place) (\(format.displayName), \(size), \(layout.chips.count) chips\(more))"
    }
}
