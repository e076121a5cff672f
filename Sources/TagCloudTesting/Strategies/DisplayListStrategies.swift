public import Canvas
public import Foundation
import Typesetting

extension Snapshotting where Value == DisplayList, Format == RGBAImage {
    /// Display lists drawn by the PNG backend, as PNG goldens compared in pixelmatch's measure.
    ///
    /// A text that draws a missing glyph (`.notdef`) fails the assertion, naming the text and the
    /// characters the bundled fonts lack.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; `nil` for transparent.
    ///   - tolerance: How far pictures may differ.
    /// - Returns: The strategy.
    public static func image(scale: Double = 1, background: RGBAColor? = nil, tolerance: ImageTolerance = .golden) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(tolerance: tolerance).pullback { list in
            try SnapshotFonts.bundled.checkGlyphs(in: list, library: try? FontLibrary.bundled(systemFonts: false))
            return try Renderer.image(scale: scale, background: background).render(list)
        }
    }
}

extension Snapshotting where Value == DisplayList, Format == String {
    /// Display lists as SVG documents (Canvas's SVG backend), compared as text: a mismatch shows a
    /// unified diff of the markup.
    ///
    /// - Parameters:
    ///   - background: A colour painted under everything; `nil` for none.
    ///   - idPrefix: The prefix of the document's ids (`SVGOptions/idPrefix`); `nil` (the
    ///     default) derives it from a hash of the document, as web output does, so that any change
    ///     renames every id and the diff shows every line that holds one. Give one (`"tc"`) to
    ///     keep a failing diff to the lines that changed.
    /// - Returns: The strategy.
    public static func svg(background: RGBAColor? = nil, idPrefix: String? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) { list in
            String(decoding: try list.svgData(background: background, options: SVGOptions(idPrefix: idPrefix)), as: UTF8.self)
        }
    }

    /// Display lists as their JSON (`DisplayList/jsonData()`): every item's geometry, colour and
    /// glyph positions, compared as text.
    public static var json: Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { list in
            String(decoding: try list.jsonData(), as: UTF8.self) + "\n"
        }
    }
}

extension Snapshotting where Value == DisplayList, Format == Data {
    /// Display lists as PDF documents (Canvas's PDF backend), compared by rasterising their pages
    /// with ``PDFRasterizer`` (poppler's `pdftoppm`) and comparing the pictures in pixelmatch's
    /// measure, so that a different creation date or font subset name is no difference.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point of the rasterised pages.
    ///   - background: A colour painted under everything; `nil` for none.
    ///   - tolerance: How far the pages' pictures may differ.
    /// - Returns: The strategy.
    public static func pdf(scale: Double = 1, background: RGBAColor? = nil, tolerance: ImageTolerance = .golden) -> Snapshotting {
        Snapshotting(pathExtension: "pdf", diffing: .pdf(scale: scale, tolerance: tolerance)) { list in
            try list.pdfData(background: background)
        }
    }
}

extension Diffing where Format == Data {
    /// PDF documents compared page by page: equal bytes match at once; otherwise both are rasterised
    /// by ``PDFRasterizer`` at `scale` and their pages compared as pictures. A mismatch carries a
    /// diff picture per differing page (`diff.page2.png`).
    ///
    /// - Parameters:
    ///   - scale: Pixels per point of the rasterised pages.
    ///   - tolerance: How far the pages' pictures may differ.
    /// - Returns: The diffing strategy.
    public static func pdf(scale: Double = 1, tolerance: ImageTolerance = .golden) -> Diffing {
        Diffing(toData: { $0 }, fromData: { $0 }) { reference, actual in
            guard reference != actual else { return nil }
            let goldenPages: [RGBAImage], actualPages: [RGBAImage]
            do {
                goldenPages = try PDFRasterizer.render(reference, scale: scale)
                actualPages = try PDFRasterizer.render(actual, scale: scale)
            } catch {
                return SnapshotDifference(message: "the PDFs differ in bytes and cannot be rasterised to compare their pages: \(error)")
            }
            var messages: [String] = []
            var artifacts: [SnapshotArtifact] = []
            if goldenPages.count != actualPages.count {
                messages.append("the document has \(actualPages.count) pages, the golden \(goldenPages.count)")
            }
            for (index, (golden, page)) in zip(goldenPages, actualPages).enumerated() {
                guard let difference = ImageComparison(reference: golden, actual: page, tolerance: tolerance).difference() else { continue }
                messages.append("page \(index + 1): \(difference.message)")
                artifacts += difference.artifacts.map { artifact in
                    SnapshotArtifact(name: "\(artifact.name).page\(index + 1)", pathExtension: artifact.pathExtension, data: artifact.data)
                }
            }
            if messages.isEmpty { return nil }
            return SnapshotDifference(message: messages.joined(separator: "; "), artifacts: artifacts)
        }
    }
}
