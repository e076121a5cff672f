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
    /// outlines, metadata as `<g id data-label>` groups and links, ids prefixed by a hash of the
    /// document (``svgData(options:)`` with the default options).
    ///
    /// - Returns: The SVG bytes (UTF-8).
    /// - Throws: As ``pngData()``.
    public func svgData() throws(TagCloudUIError) -> Data {
        try svgData(options: SVGOptions())
    }

    /// The view as an SVG document for a web page: as ``svgData()``, written with `options`, so
    /// that several pictures can be inlined into one page (their own id prefixes), named for
    /// assistive technology (the title), scale with their container (responsive), open links in
    /// a new tab, and follow the reader's colour scheme.
    ///
    /// ```swift
    /// func chip(_ text: Color, on fill: Color) -> some View {
    ///     Text("Swift").foregroundColor(text).padding(8).background(Capsule().fill(fill))
    /// }
    /// let renderer = ImageRenderer(content: chip(.black, on: .yellow))
    /// var options = SVGOptions(idPrefix: "languages", title: "Languages by share", isResponsive: true)
    /// let dark = ImageRenderer(content: chip(.white, on: .indigo))
    /// options.darkLook = SVGOptions.DarkLook(list: try dark.displayList(), background: RGBAColor(red: 0, green: 0, blue: 0))
    /// let svg = try renderer.svgData(options: options)
    /// ```
    ///
    /// A dark look must be the same picture in other colours (the same items in the same order
    /// and places); its background is the dark look's own, not ``background``.
    ///
    /// - Parameter options: The id prefix, title, dark look, size and link target.
    /// - Returns: The SVG bytes (UTF-8).
    /// - Throws: As ``pngData()``; ``TagCloudUIError/renderingFailed(format:_:)`` also for an id
    ///   prefix that is not a letter followed by letters, digits, `-` and `_`, or a dark look that
    ///   is not the same picture.
    public func svgData(options: SVGOptions) throws(TagCloudUIError) -> Data {
        let list = try displayList()
        do {
            return try Renderer.svg(background: background?.rgba, options: options).render(list)
        } catch {
            throw .renderingFailed(format: .svg, CanvasError(thrown: error))
        }
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
