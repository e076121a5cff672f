public import Foundation

/// A way to turn a display list into output: PNG, SVG or PDF bytes, or decoded pixels.
///
/// Renderers are small values holding one closure, in the spirit of swift-snapshot-testing's
/// `Snapshotting` strategies: pick one (`.png(scale: 2)`, `.svg()`, `.pdf()`, `.image(scale: 1)`),
/// call ``render(_:)``, or ``write(_:to:)`` for a file; derive new ones with ``map(fileExtension:_:)``.
///
/// Every renderer validates the list first (``DisplayList/validate()``), uses the same fixed font
/// options (grey antialiasing, no hinting, unhinted metrics), and is safe to use from several threads
/// at once; the same list always gives the same PNG and SVG bytes.
public struct Renderer<Output>: Sendable {
    /// The usual file name extension of the output, without a dot (`png`, `svg`, `pdf`).
    public let fileExtension: String
    private let body: @Sendable (DisplayList) throws -> Output

    /// Makes a renderer from a closure.
    ///
    /// - Parameters:
    ///   - fileExtension: The output's file name extension.
    ///   - render: Turns a display list into output.
    public init(fileExtension: String, render: @escaping @Sendable (DisplayList) throws -> Output) {
        self.fileExtension = fileExtension
        self.body = render
    }

    /// Renders a display list.
    ///
    /// - Parameter list: The picture.
    /// - Returns: The output.
    /// - Throws: ``CanvasError`` if the list has an invalid value, the picture is too large for the
    ///   format, or Cairo reports an error.
    public func render(_ list: DisplayList) throws -> Output {
        try body(list)
    }

    /// A renderer that transforms this one's output.
    ///
    /// - Parameters:
    ///   - fileExtension: The new output's extension; this renderer's by default.
    ///   - transform: Turns this renderer's output into the new output.
    /// - Returns: The new renderer.
    public func map<NewOutput>(fileExtension: String? = nil,
                               _ transform: @escaping @Sendable (Output) throws -> NewOutput) -> Renderer<NewOutput> {
        let body = self.body
        return Renderer<NewOutput>(fileExtension: fileExtension ?? self.fileExtension) { try transform(body($0)) }
    }
}

extension Renderer where Output == Data {
    /// PNG at a scale, on a background colour or transparent, like SwiftUI's `ImageRenderer` with its
    /// `scale` set.
    ///
    /// The image is `ceil(size × scale)` pixels; scale 2 gives two pixels per point. The PNG is
    /// written by Canvas's own encoder (unfiltered rows compressed by its scanline DEFLATE
    /// compressor), RGB when the background is opaque; large pictures are compressed, and where
    /// possible drawn, in parts on every core, with the same bytes whatever the number of cores.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point: 1, 2, 3 or any positive number.
    ///   - background: The colour under everything; `nil` (the default) leaves the background
    ///     transparent.
    /// - Returns: The renderer.
    public static func png(scale: Double = 1, background: RGBAColor? = nil) -> Renderer {
        Renderer(fileExtension: "png") { list in
            try BitmapBackend.png(list, scale: scale, background: background)
        }
    }

    /// SVG for the web: one `px` per point, so the SVG shows at the size of the PNG at scale 1;
    /// glyphs as outlines defined once per glyph and scaled to each size, each line of text also
    /// as invisible real `<text>` (selectable, findable, indexable); colour emoji as embedded PNG
    /// images; every id under one per-document prefix; a `<title>`; items with ``ItemRole``s as
    /// a list of chips with classes and colour custom properties; links checked by ``WebLink``.
    /// The same list and options give the same bytes in every process and thread. The structure
    /// is described in the Canvas catalog ("SVG for web pages").
    ///
    /// - Parameters:
    ///   - background: A colour painted under everything; `nil` (the default) for none.
    ///   - options: The id prefix, title, automatic theme, responsive size and link target.
    /// - Returns: The renderer.
    public static func svg(background: RGBAColor? = nil, options: SVGOptions = SVGOptions()) -> Renderer {
        Renderer(fileExtension: "svg") { list in
            try SVGBackend.svg(list, background: background, options: options)
        }
    }

    /// PDF through Cairo's PDF surface: one page the size of the picture in points, text as embedded
    /// font subsets, links as link annotations over the item.
    ///
    /// Cairo 1.16 crashes or rejects the document for tags inside opacity groups and under some clips,
    /// so links are written for items that are not inside a clipped or translucent group (a group's
    /// own link is written: it is outside its clip), only the outermost of nested links, and no named
    /// destinations. The same list gives the same bytes on every run: the document has no creation
    /// or modification date, unless `SOURCE_DATE_EPOCH` (seconds since 1970) names one.
    ///
    /// - Parameters:
    ///   - background: A colour painted under everything; `nil` (the default) for none.
    ///   - title: The document's title (its information dictionary's `/Title`), which PDF readers
    ///     show and read out in place of the file's name; `nil` (the default) or empty for none.
    /// - Returns: The renderer.
    public static func pdf(background: RGBAColor? = nil, title: String? = nil) -> Renderer {
        Renderer(fileExtension: "pdf") { list in
            try PDFBackend.pdf(list, background: background, title: title)
        }
    }

    /// Renders `list` and writes the result to `url` atomically: into a temporary file in the same
    /// folder, flushed to disk, then renamed over `url`. If rendering or writing fails, `url` is left
    /// as it was and no temporary file remains.
    ///
    /// - Parameters:
    ///   - list: The picture.
    ///   - url: The file to write.
    /// - Throws: ``CanvasError`` from rendering, or ``CanvasError/fileWriteFailed(path:reason:)``.
    public func write(_ list: DisplayList, to url: URL) throws {
        let data = try render(list)
        try AtomicFile.write(data, to: url)
    }
}

/// The picture formats Canvas encodes a display list in: the one place a format becomes a
/// ``Renderer``, for `ImageRenderer`-style views, the `TagCloud` spec path and the command alike.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// PNG (``Renderer/png(scale:background:)``).
    case png
    /// SVG (``Renderer/svg(background:options:)``), one `px` per point.
    case svg
    /// PDF (``Renderer/pdf(background:title:)``), one PDF point per point.
    case pdf

    /// The renderer of this format.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point; only PNG has pixels (SVG and PDF are in points).
    ///   - background: The colour under everything; `nil` for transparent.
    /// - Returns: The renderer.
    public func renderer(scale: Double, background: RGBAColor?) -> Renderer<Data> {
        switch self {
        case .png: .png(scale: scale, background: background)
        case .svg: .svg(background: background)
        case .pdf: .pdf(background: background)
        }
    }

    /// Pixels per point of the output at a given raster scale: `scale` for PNG, 1 for the vector
    /// formats (whose pictures are sized in points).
    public func pixelsPerPoint(atScale scale: Double) -> Double {
        switch self {
        case .png: scale
        case .svg, .pdf: 1
        }
    }

    /// `PNG`, `SVG`, `PDF`.
    public var displayName: String { rawValue.uppercased() }

    /// The raw value (`png`).
    public var description: String { rawValue }
}

extension Renderer where Output == RGBAImage {
    /// Decoded pixels (straight-alpha RGBA8), drawn exactly as ``png(scale:background:)`` draws them.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; `nil` for transparent.
    /// - Returns: The renderer.
    public static func image(scale: Double = 1, background: RGBAColor? = nil) -> Renderer {
        Renderer(fileExtension: "png") { list in
            try BitmapBackend.image(list, scale: scale, background: background)
        }
    }
}

extension DisplayList {
    /// The picture as PNG; see ``Renderer/png(scale:background:)``.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; `nil` for transparent.
    /// - Returns: The PNG bytes.
    /// - Throws: ``CanvasError``.
    public func pngData(scale: Double = 1, background: RGBAColor? = nil) throws -> Data {
        try Renderer.png(scale: scale, background: background).render(self)
    }

    /// The picture as SVG; see ``Renderer/svg(background:options:)``.
    ///
    /// - Parameters:
    ///   - background: A colour painted under everything; `nil` for none.
    ///   - options: The id prefix, title, automatic theme, responsive size and link target.
    /// - Returns: The SVG bytes (UTF-8).
    /// - Throws: ``CanvasError``, including ``CanvasError/refusedLink(href:scheme:)`` and
    ///   ``CanvasError/malformedLink(href:reason:)`` for a link ``WebLink`` does not allow.
    public func svgData(background: RGBAColor? = nil, options: SVGOptions = SVGOptions()) throws -> Data {
        try Renderer.svg(background: background, options: options).render(self)
    }

    /// The picture as PDF; see ``Renderer/pdf(background:title:)``.
    ///
    /// - Parameter background: A colour painted under everything; `nil` for none.
    /// - Returns: The PDF bytes.
    /// - Throws: ``CanvasError``.
    public func pdfData(background: RGBAColor? = nil) throws -> Data {
        try Renderer.pdf(background: background).render(self)
    }

    /// The picture as decoded pixels; see ``Renderer/image(scale:background:)``.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; `nil` for transparent.
    /// - Returns: The pixels.
    /// - Throws: ``CanvasError``.
    public func rgbaImage(scale: Double = 1, background: RGBAColor? = nil) throws -> RGBAImage {
        try Renderer.image(scale: scale, background: background).render(self)
    }
}
