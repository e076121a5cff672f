public import Canvas

/// What a cloud is written as: a picture (PNG, SVG, PDF) or its layout as JSON.
public enum OutputFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A PNG image, `scale` pixels per point.
    case png
    /// An SVG document, one `px` per point, links as `<a>`.
    case svg
    /// A one-page PDF document, links as annotations.
    case pdf
    /// Where every chip went, as JSON (``CloudLayout/jsonData()``).
    case json

    /// The format a file extension names, any case (`png`, `SVG`).
    ///
    /// - Parameter fileExtension: The extension without its dot.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }

    /// Canvas's format for the picture formats; `nil` for the layout JSON, which is not a picture.
    public var imageFormat: ImageFormat? {
        switch self {
        case .png: .png
        case .svg: .svg
        case .pdf: .pdf
        case .json: nil
        }
    }

    /// The name in messages: `PNG`, `SVG`, `PDF`, `JSON`.
    public var displayName: String { rawValue.uppercased() }

    /// The raw value.
    public var description: String { rawValue }
}
