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
    /// An HTML fragment for a web page (``CloudHTML``): the chips as a `<ul class="tc-cloud">`
    /// laid out by CSS flex-wrap, with its `<style>`; a whole document with the `page` key.
    case html

    /// The formats that draw the chips (every one but the layout JSON): the readers of a key that
    /// only changes their look (a colour, the theme).
    static let pictures: Set<OutputFormat> = [.png, .svg, .pdf, .html]
    /// The formats that carry links and tooltips: SVG, PDF (annotations) and HTML.
    static let annotated: Set<OutputFormat> = [.svg, .pdf, .html]

    /// The format a file extension names, any case (`png`, `SVG`); `htm` is HTML.
    ///
    /// - Parameter fileExtension: The extension without its dot.
    public init?(fileExtension: String) {
        let name = fileExtension.lowercased()
        self.init(rawValue: name == "htm" ? "html" : name)
    }

    /// Canvas's format for the picture formats; `nil` for the layout JSON, which is not a picture.
    public var imageFormat: ImageFormat? {
        switch self {
        case .png: .png
        case .svg: .svg
        case .pdf: .pdf
        case .json, .html: nil
        }
    }

    /// Whether the format needs only the layout, not the picture: such output is made by a layout
    /// pass that draws nothing (``Cloud/layout(typesetter:)``).
    public var needsOnlyTheLayout: Bool {
        switch self {
        case .json: true
        case .png, .svg, .pdf, .html: false
        }
    }

    /// The name in messages: `PNG`, `SVG`, `PDF`, `JSON`, `HTML`.
    public var displayName: String { rawValue.uppercased() }

    /// The raw value.
    public var description: String { rawValue }
}
