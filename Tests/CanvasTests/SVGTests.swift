import Canvas
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TagCloudTesting
import Testing
import Typesetting
import TestRandom

/// The SVG backend: size in px, glyph outlines, embedded emoji, metadata, and agreement with the PNG.
@Suite struct SVGTests {
    static func svg(_ list: DisplayList) throws -> String {
        String(decoding: try list.svgData(), as: UTF8.self)
    }

    @Test func documentUnitIsPixelsSoTheSVGIsAsLargeAsThePNGAt1x() throws {
        let text = try Self.svg(DisplayList(size: CGSize(width: 390, height: 120.5)))
        #expect(text.contains("width=\"390\" height=\"120.5\" viewBox=\"0 0 390 120.5\""))
    }

    @Test func glyphsAreOutlinesAndEmojiAreEmbeddedPNGImages() throws {
        let label = try Fixtures.shape("Tag")
        let emoji = try Fixtures.shape("🎉🎉", family: "Noto Color Emoji")
        let text = try Self.svg(DisplayList(size: CGSize(width: 100, height: 30)) {
            DisplayItem.text(label, at: CGPoint(x: 2, y: 2), with: .color(.black))
            DisplayItem.text(emoji, at: CGPoint(x: 40, y: 2), with: .color(.black))
        })
        let prefix = try #require(SVGWebTests.prefix(of: text))
        // One outline per glyph (T, a, g), scaled to the size; the real text is a layer of its own.
        #expect(text.components(separatedBy: "<path id=\"\(prefix)-g").count - 1 == 3)
        #expect(text.contains(">Tag</text>") && text.contains(">🎉🎉</text>"))
        // The same emoji twice is embedded once, at the full 136 × 128 strike, and used twice.
        #expect(text.components(separatedBy: "<image id=").count - 1 == 1)
        #expect(text.contains("<image id=\"\(prefix)-e0\" width=\"136\" height=\"128\" href=\"data:image/png;base64,"))
        #expect(text.components(separatedBy: "href=\"#\(prefix)-e0\"").count - 1 == 2)
    }

    @Test func metadataBecomesLinksAndIdentifiedGroups() throws {
        let text = try Self.svg(DisplayList(size: CGSize(width: 50, height: 50)) {
            DisplayItem.fill(.capsule(CGRect(x: 0, y: 0, width: 40, height: 20)), with: .color(Fixtures.blue))
                .metadata(label: "Swift & \"Co\" <3>", link: URL(string: "https://swift.org/?a=1&b=2"), identifier: "chip-swift")
            DisplayItem.fill(.rect(CGRect(x: 0, y: 30, width: 10, height: 10)), with: .color(.black)).metadata(identifier: "plain")
        })
        let prefix = try #require(SVGWebTests.prefix(of: text))
        #expect(text.contains("<a href=\"https://swift.org/?a=1&amp;b=2\">\n<g id=\"\(prefix)-chip-swift\" data-label=\"Swift &amp; &quot;Co&quot; &lt;3&gt;\">\n<rect"))
        #expect(text.contains("<g id=\"\(prefix)-plain\">\n<rect"))
        try Self.expectWellFormed(text)
    }

    /// Random nestings of groups, clips, opacity and metadata always give well-formed XML with
    /// every identifier at most once (links inside links are not written, so their groups may be
    /// the only trace), and every top-level identifier once.
    @Test func metadataStaysWellNestedInRandomLists() throws {
        var random = SeededRandom(seed: 42)
        for round in 0..<40 {
            let list = random.nestedList()
            let text = try Self.svg(list)
            try Self.expectWellFormed(text)
            let prefix = try #require(SVGWebTests.prefix(of: text))
            for (path, item) in list.flattened {
                if let id = item.metadata.identifier {
                    let count = text.components(separatedBy: "id=\"\(prefix)-\(id)\"").count - 1
                    #expect(path.count == 1 ? count == 1 : count <= 1, "round \(round): \(id)")
                }
            }
        }
    }

    @Test func theSameListGivesTheSameBytesWhateverWasWrittenBefore() throws {
        let list = try PrimitiveSnapshotTests.chip()
        let first = try list.svgData()
        _ = try DisplayList(size: CGSize(width: 10, height: 10)) {
            DisplayItem.group(opacity: 0.5) { DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black)) }
        }.svgData()
        let second = try list.svgData()
        #expect(first == second)
    }

    /// The SVG rendered by librsvg matches the PNG backend within a small tolerance.
    @Test(arguments: ["chip", "primitives", "text"])
    func svgRenderedByRsvgMatchesThePNG(name: String) throws {
        try #require(SVGRasterizer.isAvailable, "rsvg-convert is needed (Debian package librsvg2-bin)")
        let list: DisplayList
        switch name {
        case "chip": list = try PrimitiveSnapshotTests.chip()
        case "text": list = try DisplayList(size: CGSize(width: 200, height: 40)) {
            DisplayItem.text(try Fixtures.shape("Flow layout 0123"), at: CGPoint(x: 4, y: 8), with: .color(.black))
            DisplayItem.text(try Fixtures.shape("🌍", family: "Noto Color Emoji"), at: CGPoint(x: 160, y: 8), with: .color(.black))
        }
        default: list = DisplayList(size: CGSize(width: 200, height: 100)) {
            DisplayItem.fill(.capsule(CGRect(x: 5, y: 5, width: 90, height: 30)), with: .color(Fixtures.blue.opacity(0.2)))
            DisplayItem.stroke(.roundedRect(CGRect(x: 5, y: 45, width: 90, height: 50), cornerRadius: 12, style: .continuous),
                               with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [5, 3]), placement: .inside)
            DisplayItem.group(clip: Clip(.circle(CGRect(x: 110, y: 10, width: 80, height: 80))), opacity: 0.6) {
                DisplayItem.fill(.rect(CGRect(x: 100, y: 0, width: 50, height: 100)), with: .color(RGBAColor(red: 1, green: 0, blue: 0)))
                DisplayItem.fill(.rect(CGRect(x: 140, y: 0, width: 60, height: 100)), with: .linearGradient(
                    stops: GradientStop.evenlySpaced([Fixtures.blue, .white]), start: CGPoint(x: 140, y: 0), end: CGPoint(x: 200, y: 0)))
            }
        }
        }
        for scale in [1.0, 2.0] {
            let png = try list.rgbaImage(scale: scale, background: .white)
            let svg = try SVGRasterizer.render(try list.svgData(background: .white), scale: scale)
            #expect(svg.width == png.width && svg.height == png.height)
            // Edges may round differently between two rasterisers (anti-aliased pixels are told apart
            // and ignored); nearly all other pixels must agree closely.
            let difference = Diffing<RGBAImage>.image(tolerance: ImageTolerance(threshold: 0.1, maxDiffPixelRatio: 0.003)).diff(png, svg)
            #expect(difference == nil, "\(name) at \(scale)×: \(difference?.message ?? "")")
        }
    }

    static func expectWellFormed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let parsed = parser.parse()
        #expect(parsed, "not well-formed XML: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
    }

    @Test func backgroundIsPaintedUnderEverything() throws {
        let text = try String(decoding: DisplayList(size: CGSize(width: 10, height: 10)).svgData(background: RGBAColor(red: 1, green: 0, blue: 0)), as: UTF8.self)
        let prefix = try #require(SVGWebTests.prefix(of: text))
        #expect(text.contains("<rect class=\"tc-background \(prefix)-c0\" width=\"10\" height=\"10\" fill=\"#ff0000\"/>"))
        #expect(text.contains("{fill:var(--tc-background,#ff0000)}"))
    }
}
