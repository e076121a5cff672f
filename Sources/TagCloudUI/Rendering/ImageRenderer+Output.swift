extension ImageRenderer {
    /// The view as a PNG image, ``scale`` pixels per point, on the ``background`` (SwiftUI's
    /// renderer makes a `CGImage`; this encodes one).
    ///
    /// - Returns: The PNG bytes: `ceil(size × scale)` pixels, RGB when the background is opaque.
    /// - Throws: As ``displayList()``, and ``TagCloudUIError/renderingFailed(format:reason:)`` when
    ///   the picture cannot be encoded (too many pixels, for example).
    public func pngData() throws(TagCloudUIError) -> Data {
        try encode(displayList(), format: "PNG", with: Renderer.png(scale: Double(scale), background: background?.rgba))
    }

    /// The view as an SVG document on the ``background``: one `px` per point, text as glyph
    /// outlines with an invisible real-text layer, metadata as `<g id data-label>` groups and
    /// links (Canvas's `Renderer.svg(background:options:)`).
    ///
    /// - Parameter options: The id prefix, title, automatic theme, responsive size and link
    ///   target; the defaults by default.
    /// - Returns: The SVG bytes (UTF-8).
    /// - Throws: As ``pngData()``; a link that is not a safe, valid URL fails the rendering.
    public func svgData(options: SVGOptions = SVGOptions()) throws(TagCloudUIError) -> Data {
        try encode(displayList(), format: "SVG", with: Renderer.svg(background: background?.rgba, options: options))
    }

    /// The view as a one-page PDF document on the ``background``, one PDF point per point, with
    /// clickable links.
    ///
    /// - Returns: The PDF bytes.
    /// - Throws: As ``pngData()``.
    public func pdfData() throws(TagCloudUIError) -> Data {
        try encode(displayList(), format: "PDF", with: Renderer.pdf(background: background?.rgba))
    }

    private func encode(_ list: DisplayList, format: String, with renderer: Renderer<Data>) throws(TagCloudUIError) -> Data {
        do {
            return try renderer.render(list)
        } catch {
            throw .renderingFailed(format: format, reason: String(describing: error))
        }
    }
}
