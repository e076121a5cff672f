@testable import Canvas
import Foundation
import Testing
import Typesetting

/// Tooltips in the display list: SVG `<title>`, PDF square annotations made from Cairo's
/// placeholder links, and the area an item covers.
@Suite struct TooltipTests {
    static func chip(tooltip: String?, link: URL? = nil, at x: CGFloat = 10) -> DisplayItem {
        DisplayItem.group {
            DisplayItem.fill(.capsule(CGRect(x: x, y: 10, width: 60, height: 20)), with: .color(Fixtures.blue))
        }.metadata(label: "Swift", link: link, identifier: "chip-\(Int(x))", tooltip: tooltip)
    }

    @Test func svgWritesTheTooltipAsTheGroupsFirstChild() throws {
        let svg = String(decoding: try DisplayList(size: CGSize(width: 100, height: 40)) {
            Self.chip(tooltip: "Swift: 12 <posts> & \"more\"")
        }.svgData(), as: UTF8.self)
        #expect(svg.contains("-chip-10\" data-label=\"Swift\">\n<title>Swift: 12 &lt;posts&gt; &amp; &quot;more&quot;</title>\n"))
        // The document's own title, and the item's.
        #expect(svg.components(separatedBy: "<title").count - 1 == 2)
        let without = String(decoding: try DisplayList(size: CGSize(width: 100, height: 40)) { Self.chip(tooltip: nil) }.svgData(),
                             as: UTF8.self)
        #expect(without.components(separatedBy: "<title").count - 1 == 1)
        // An item with only a tooltip is a group too.
        let alone = String(decoding: try DisplayList(size: CGSize(width: 100, height: 40)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(Fixtures.blue)).metadata(tooltip: "Tip")
        }.svgData(), as: UTF8.self)
        #expect(alone.contains("<g>\n<title>Tip</title>\n<rect"))
    }

    @Test func pdfTooltipsAreSquareAnnotationsOverTheItem() throws {
        let pdf = String(decoding: try DisplayList(size: CGSize(width: 200, height: 40)) {
            Self.chip(tooltip: "Swift: 12 posts")
            Self.chip(tooltip: "Ünïcødé 💪", link: URL(string: "https://swift.org"), at: 100)
        }.pdfData(), as: UTF8.self)
        #expect(!pdf.contains("tagcloud-tooltip"))
        #expect(pdf.contains("/Subtype /Square /Rect [ 10 10 70 30 ] /Contents <\(PDFTooltips.hex("Swift: 12 posts"))> /BS << /W 0 >>"))
        #expect(pdf.contains("/Contents <\(PDFTooltips.hex("Ünïcødé 💪"))>"))
        // The chip's own link is kept beside its tooltip.
        #expect(pdf.contains("/Subtype /Link") && pdf.contains("(https://swift.org)"))
        #expect(PDFTooltips.hex("A💪") == "FEFF0041D83DDCAA")
    }

    /// The rewrite keeps every byte offset: the document has the same length as Cairo's, and
    /// poppler reads it without complaint (its page renders).
    @Test func theRewriteKeepsTheDocumentsLayout() throws {
        let placeholderURI = PDFTooltips.placeholder(number: 0, text: "tip")
        #expect(placeholderURI.hasPrefix("tagcloud-tooltip-0-") && placeholderURI.count >= 4 + 4 * 3 + 48)
        let cairo = Array("1 0 obj\n<< /Type /Annot\n   /Subtype /Link\n   /StructParent 3\n   /Rect [ 1 2 3 4 ]\n   /A << /S /URI /URI (\(placeholderURI)) >>\n>>\nendobj\n".utf8)
        let rewritten = try #require(PDFTooltips.annotate(cairo, tooltips: ["tip"]))
        #expect(rewritten.count == cairo.count)
        let text = String(decoding: rewritten, as: UTF8.self)
        #expect(text.hasPrefix("1 0 obj\n<< /Type /Annot /Subtype /Square /Rect [ 1 2 3 4 ] /Contents <FEFF007400690070> /BS << /W 0 >> /StructParent 3 >>"))
        #expect(text.hasSuffix(" \nendobj\n"))
        // A document without the placeholder (a Cairo that compresses its objects) is refused, and
        // the backend draws it again without tooltips.
        #expect(PDFTooltips.annotate(Array("%PDF-1.5\n".utf8), tooltips: ["tip"]) == nil)
    }

    @Test func pdfTooltipsInsideOpacityGroupsAreLeftOut() throws {
        let pdf = String(decoding: try DisplayList(size: CGSize(width: 100, height: 40)) {
            DisplayItem.group(opacity: 0.5) { Self.chip(tooltip: "hidden") }
        }.pdfData(), as: UTF8.self)
        #expect(!pdf.contains("/Square") && !pdf.contains("tagcloud-tooltip"))
    }

    @Test func coveredBoundsFollowTransformsAndClips() throws {
        let fill = DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
        let moved = DisplayItem.group(transform: Transform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 1)) { fill }
        #expect(moved.coveredBounds == CGRect(x: 5, y: 1, width: 20, height: 20))
        let clipped = DisplayItem.group(clip: Clip(.rect(CGRect(x: 2, y: 2, width: 4, height: 4)))) { fill }
        #expect(clipped.coveredBounds == CGRect(x: 2, y: 2, width: 4, height: 4))
        let stroke = DisplayItem.stroke(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black),
                                        style: StrokeStyle(lineWidth: 4))
        #expect(stroke.coveredBounds == CGRect(x: -2, y: -2, width: 14, height: 14))
        let text = try Fixtures.shape("Swift")
        let bounds = try #require(DisplayItem.text(text, at: CGPoint(x: 3, y: 4), with: .color(.black)).coveredBounds)
        #expect(bounds.minX >= 3 && bounds.maxX <= 3 + text.size.width + 1 && bounds.minY >= 0 && bounds.maxY <= 4 + text.size.height + 6)
        #expect(DisplayItem.group {}.coveredBounds == nil)
    }

    @Test func metadataWithATooltipRoundTripsThroughJSON() throws {
        let list = DisplayList(size: CGSize(width: 100, height: 40)) { Self.chip(tooltip: "tip") }
        let back = try DisplayList(jsonData: list.jsonData(), fonts: Fixtures.fonts)
        #expect(back.items[0].metadata.tooltip == "tip")
        #expect(ItemMetadata(tooltip: "x").isEmpty == false)
    }
}
