/// What `tagcloud render` writes.
public enum OutputFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A PNG image, `scale` pixels per point (Canvas's encoder).
    case png
    /// An SVG document, one `px` per point, links as `<a>`.
    case svg
    /// A one-page PDF document, links as annotations.
    case pdf
    /// The layout as JSON (``CloudLayout``).
    case json

    /// The format a file extension names, any case (`png`, `SVG`).
    ///
    /// - Parameter fileExtension: The extension without its dot.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }

    /// The format of an output file, from its extension.
    ///
    /// - Parameter path: The output path.
    /// - Returns: The format.
    /// - Throws: ``TagCloudError/unknownFormat(what:name:valid:)`` for a missing or unknown extension.
    public static func of(path: String) throws(TagCloudError) -> OutputFormat {
        let (name, ext) = fileNameAndExtension(path)
        guard let ext, let format = OutputFormat(fileExtension: ext) else {
            throw .unknownFormat(what: "output format", name: ext.map { ".\($0)" } ?? name,
                                 valid: allCases.map { ".\($0.rawValue)" } + ["or give --format"])
        }
        return format
    }

    /// The name in messages: `PNG`, `SVG`, `PDF`, `JSON`.
    public var displayName: String { rawValue.uppercased() }

    /// The raw value.
    public var description: String { rawValue }
}
