@testable import Canvas
import Foundation
import Testing
import Typesetting
import TestRandom

/// How item metadata travels through Cairo's SVG surface: coalesced markers, image markers outside
/// opacity groups, numbered rectangles inside, and the fallbacks.
@Suite struct SVGMarkerTests {
    static func raw(_ list: DisplayList, _ markers: SVGMarkers) throws -> String {
        String(decoding: try SVGBackend.drawRaw(list, background: nil, markers: markers), as: UTF8.self)
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func chipsShareOneImageMarkerBetweenThemAndNoNumberIsFormatted() throws {
        let labels = try (0..<150).map { try Fixtures.shape("\($0)") }
        let list = SamplePictures.numberedCapsules(labels: labels)
        let markers = SVGMarkers(style: .images)
        let raw = try Self.raw(list, markers)
        // One marker before each chip and one after the last: 151, not 300.
        #expect(markers.markers.count == 151)
        #expect(markers.imageMarkers == Array(0..<151))
        #expect(markers.markers[0] == [.begin(0)])
        #expect(markers.markers[1] == [.end(0), .begin(1)])
        #expect(markers.markers[150] == [.end(149)])
        #expect(Self.count("xlink:href=\"tagcloud:marker\"", in: raw) == 1)
        #expect(Self.count("\"/>\n", in: raw) >= 151)
        #expect(!raw.contains("fill-opacity:0.123457"))
        let processed = try #require(SVGPostProcessor.process(Array(raw.utf8), markers: markers))
        let text = String(decoding: processed, as: UTF8.self)
        #expect(Self.count("<g id=\"chip-", in: text) == 150)
        #expect(!text.contains("tagcloud:marker") && !text.contains("<use xlink:href=\"#image"))
        #expect(text == String(decoding: try list.svgData(), as: UTF8.self))
    }

    @Test func markersInsideOpacityGroupsAreNumberedRectangles() throws {
        let list = DisplayList(size: CGSize(width: 60, height: 60)) {
            DisplayItem.group(opacity: 0.5) {
                DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black)).metadata(identifier: "inner")
                DisplayItem.fill(.rect(CGRect(x: 20, y: 0, width: 10, height: 10)), with: .color(.black))
            }.metadata(identifier: "outer")
            DisplayItem.fill(.rect(CGRect(x: 0, y: 30, width: 10, height: 10)), with: .color(.black)).metadata(identifier: "after")
        }
        let markers = SVGMarkers(style: .images)
        let raw = try Self.raw(list, markers)
        // outer begins outside (image), inner begins and ends inside (rectangles), then outer ends
        // and after begins together outside, and after ends at the finish.
        #expect(markers.markers == [[.begin(0)], [.begin(1)], [.end(1)], [.end(0), .begin(2)], [.end(2)]])
        #expect(markers.imageMarkers == [0, 3, 4])
        #expect(Self.count("fill-opacity:0.123457", in: raw) == 2)
        let text = String(decoding: try #require(SVGPostProcessor.process(Array(raw.utf8), markers: markers)), as: UTF8.self)
        #expect(text.contains("<g id=\"inner\">"))
        #expect(text.contains("<g id=\"outer\">") && text.contains("<g id=\"after\">"))
        #expect(!text.contains("0.123457"))
    }

    @Test func randomNestingsTakeTheImageMarkerPathAndAgreeWithRectangles() throws {
        var random = SeededRandom(seed: 0x5A5)
        for round in 0..<90 {
            // Nested groups with clips and opacity; then everything, with emoji images beside the
            // marker image.
            let list = round < 60 ? random.nestedList()
                : random.richList(width: 200, height: 200, labels: BandTests.labels)
            let fast = SVGMarkers(style: .images), slow = SVGMarkers(style: .rectangles)
            let viaImages = SVGPostProcessor.process(Array(try Self.raw(list, fast).utf8), markers: fast)
            let viaRectangles = SVGPostProcessor.process(Array(try Self.raw(list, slow).utf8), markers: slow)
            #expect(viaImages != nil, "round \(round)")
            #expect(viaImages == viaRectangles, "round \(round)")
            let rendered = try list.svgData()
            #expect(viaImages.map { Data($0) } == rendered)
        }
    }

    @Test func aMissingOrExtraImageMarkerIsDetected() throws {
        let list = DisplayList(size: CGSize(width: 40, height: 40)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black)).metadata(identifier: "a")
            DisplayItem.fill(.rect(CGRect(x: 20, y: 0, width: 10, height: 10)), with: .color(.black)).metadata(identifier: "b")
        }
        let markers = SVGMarkers(style: .images)
        let raw = try Self.raw(list, markers)
        #expect(SVGPostProcessor.process(Array(raw.utf8), markers: markers) != nil)
        let use = try #require(raw.range(of: "<use xlink:href=\"#image"))
        let lineEnd = try #require(raw[use.lowerBound...].range(of: "\n"))
        let line = String(raw[use.lowerBound..<lineEnd.upperBound])
        // Cairo dropping a marker, or writing one more, must not shift the metadata silently.
        #expect(SVGPostProcessor.process(Array(raw.replacingCharacters(in: use.lowerBound..<lineEnd.upperBound, with: "").utf8), markers: markers) == nil)
        #expect(SVGPostProcessor.process(Array(raw.replacingCharacters(in: use.lowerBound..<use.lowerBound, with: line).utf8), markers: markers) == nil)
    }

    @Test func aDocumentWhoseOnlyDefinitionIsTheMarkerImageHasNoDefinitions() throws {
        let list = DisplayList(size: CGSize(width: 40, height: 40)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black)).metadata(identifier: "a")
        }
        let markers = SVGMarkers(style: .images)
        let raw = try Self.raw(list, markers)
        #expect(raw.contains("<defs>\n<image id=\"image"))
        let text = String(decoding: try #require(SVGPostProcessor.process(Array(raw.utf8), markers: markers)), as: UTF8.self)
        #expect(!text.contains("<defs>"))
        #expect(text.contains("<g id=\"surface1\">\n<g id=\"a\">\n<path"))
    }

    @Test func attributeValuesAreEscapedAsXMLRequires() {
        #expect(SVGPostProcessor.escape("chip-42") == "chip-42")
        #expect(SVGPostProcessor.escape("Wörter 🎉") == "Wörter 🎉")
        #expect(SVGPostProcessor.escape("a&b<c>\"d\"") == "a&amp;b&lt;c&gt;&quot;d&quot;")
        #expect(SVGPostProcessor.escape("line\nnext\ttab\rret") == "line&#10;next&#9;tab&#13;ret")
        // Control characters and the non-characters U+FFFE and U+FFFF are not allowed in XML.
        #expect(SVGPostProcessor.escape("a\u{01}b\u{FFFE}c\u{FFFF}d") == "abcd")
        // U+FF01 shares its first UTF-8 byte with U+FFFE and is kept.
        #expect(SVGPostProcessor.escape("\u{FF01}&") == "\u{FF01}&amp;")
    }
}
