public import Canvas
public import Foundation
public import TagCloud
import Typesetting

/// A cloud rendered for a snapshot with the allowed fonts, its text checked for missing glyphs.
private func rendered(_ cloud: Cloud, fonts: SnapshotFonts) throws -> RenderedCloud {
    let typesetter = try fonts.typesetter()
    let rendered = try cloud.rendered(typesetter: typesetter)
    try fonts.checkGlyphs(in: rendered.displayList, library: typesetter.library)
    return rendered
}

extension Snapshotting where Value == Cloud, Format == RGBAImage {
    /// A spec's cloud drawn as its PNG would be (its background, its scale), as a PNG golden
    /// compared in pixelmatch's measure.
    ///
    /// ```swift
    /// assertSnapshot(of: try Cloud(yaml: "tags: [Swift, Linux, Cairo]"), as: .image(scale: 2))
    /// ```
    ///
    /// - Parameters:
    ///   - scale: Pixels per point; the cloud's `scale` (1 when it has none) by default.
    ///   - fonts: Which fonts the chips' text may use; the bundled ones only by default (a family
    ///     or character they lack fails the assertion).
    ///   - tolerance: How far pictures may differ.
    /// - Returns: The strategy.
    public static func image(scale: Double? = nil, fonts: SnapshotFonts = .bundled,
                             tolerance: ImageTolerance = .golden) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(tolerance: tolerance).pullback { cloud in
            let picture = try rendered(cloud, fonts: fonts)
            return try Renderer.image(scale: scale ?? picture.scale, background: picture.background).render(picture.displayList)
        }
    }
}

extension Snapshotting where Value == Cloud, Format == String {
    /// A spec's cloud as its SVG document, compared as text.
    ///
    /// - Parameters:
    ///   - fonts: Which fonts the chips' text may use.
    ///   - idPrefix: The prefix of the document's ids, as the spec's `id` key sets it; `nil` (the
    ///     default) keeps the spec's, or derives one from a hash of the document, so that any
    ///     change renames every id. Give one (`"tc"`) to keep a failing diff to the lines that
    ///     changed.
    /// - Returns: The strategy.
    public static func svg(fonts: SnapshotFonts = .bundled, idPrefix: String? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) { cloud in
            var cloud = cloud
            if let idPrefix { cloud.id = idPrefix }
            return String(decoding: try rendered(cloud, fonts: fonts).data(as: .svg), as: UTF8.self)
        }
    }

    /// A spec's layout JSON (what `tagcloud render --format json` writes: every chip's frame, text
    /// and row), compared as text, so a unified diff names the chips that moved.
    ///
    /// - Parameter fonts: Which fonts the chips' text may use.
    /// - Returns: The strategy, storing `.layout.json` files.
    public static func layoutJSON(fonts: SnapshotFonts = .bundled) -> Snapshotting {
        Snapshotting(pathExtension: "layout.json", diffing: .lines) { cloud in
            String(decoding: try rendered(cloud, fonts: fonts).layout.jsonData(), as: UTF8.self)
        }
    }
}

extension Snapshotting where Value == Cloud, Format == Data {
    /// A spec's cloud as its PDF document, compared by rasterising its page (see
    /// ``Diffing/pdf(scale:tolerance:)``).
    ///
    /// - Parameters:
    ///   - scale: Pixels per point of the rasterised page.
    ///   - fonts: Which fonts the chips' text may use.
    ///   - tolerance: How far the page's pictures may differ.
    /// - Returns: The strategy.
    public static func pdf(scale: Double = 1, fonts: SnapshotFonts = .bundled, tolerance: ImageTolerance = .golden) -> Snapshotting {
        Snapshotting(pathExtension: "pdf", diffing: .pdf(scale: scale, tolerance: tolerance)) { cloud in
            try rendered(cloud, fonts: fonts).data(as: .pdf)
        }
    }
}
