extension ImageRenderer {
    /// The view as a PNG image, ``scale`` pixels per point, on the ``background`` (SwiftUI's
    /// renderer makes a `CGImage`; this encodes one).
    ///
    /// - Returns: The PNG bytes: `ceil(size × scale)` pixels, RGB when the background is opaque.
    /// - Throws: As ``displayList()``, and ``TagCloudUIError/renderingFailed(format:_:)`` when
    ///   the picture cannot be encoded (too many pixels, for example).
    public func pngData() throws(TagCloudUIError) -> Data {
        try encode(displayList(), as: .png)
    }

    /// The view as an SVG document on the ``background``: one `px` per point, text as glyph
    /// outlines, metadata as `<g id data-label>` groups and links.
    ///
    /// - Returns: The SVG bytes (UTF-8).
    /// - Throws: As ``pngData()``.
    public func svgData() throws(TagCloudUIError) -> Data {
        try encode(displayList(), as: .svg)
    }

    /// The view as a one-page PDF document on the ``background``, one PDF point per point, with
    /// clickable links.
    ///
    /// - Returns: The PDF bytes.
    /// - Throws: As ``pngData()``.
    public func pdfData() throws(TagCloudUIError) -> Data {
        try encode(displayList(), as: .pdf)
    }

    /// The view's picture in a format, through Canvas's one renderer for that format.
    private func encode(_ list: DisplayList, as format: ImageFormat) throws(TagCloudUIError) -> Data {
        do {
            return try format.renderer(scale: Double(scale), background: background?.rgba).render(list)
        } catch {
            throw .renderingFailed(format: format, CanvasError(thrown: error))
        }
    }
}
