import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// Never silent, in the library: with the bundled fonts only, Devanagari and Han have no font, so
/// the rendered cloud names those tags, and `strictFonts` refuses them.
@Suite struct FontWarningTests {
    @Test func warningsAndFamiliesPerChip() throws {
        let cloud = try Cloud(yaml: "tags: [Swift, हिन्दी, {text: 東京, locale: ja}, مرحبا ☀️]")
        let rendered = try cloud.rendered(typesetter: bundledTypesetter)
        #expect(rendered.fontWarnings.map(\.tagIndex) == [1, 2])
        #expect(rendered.fontWarnings.map(\.packages) == [["fonts-noto-core"], ["fonts-noto-cjk"]])
        // Named with where its tag was written, as errors are.
        #expect(rendered.fontWarnings[1].description == "<yaml>:1:23: tag \"東京\" (tags[2]): no font has U+6771 (Han), U+4EAC (Han); install fonts-noto-cjk")
        #expect(rendered.fontWarnings[1].message == "tag \"東京\" (tags[2]): no font has U+6771 (Han), U+4EAC (Han); install fonts-noto-cjk")
        // The tag's place in the spec, whatever place `order` drew its chip in (it was the chip's).
        let sorted = try Cloud(yaml: "order: {by: name, descending: true}\ntags: [Swift, हिन्दी, Zebra]").rendered(typesetter: bundledTypesetter)
        #expect(sorted.fontWarnings.map(\.tagIndex) == [1] && sorted.fontWarnings.first?.location?.column == 15)
        // "مرحبا ☀️" reads right to left (its first letter is Arabic): the emoji's run comes first.
        #expect(rendered.layout.chips.map(\.fonts) == [["Inter"], ["Inter"], ["Inter"], ["Noto Color Emoji", "Inter", "DejaVu Sans"]])
        // The layout JSON carries the families and reads back.
        #expect(try CloudLayout(jsonData: rendered.layout.jsonData()) == rendered.layout)
        #expect(String(decoding: rendered.layout.jsonData(), as: UTF8.self).contains("\"fonts\": [\"Inter\"]"))
    }

    /// A cloud of thousands of chips finds its chips' figures on every core: the warnings come in
    /// the tags' order and the chips in theirs, as for a small cloud.
    /// What a label template adds is drawn, so it is checked too: `{text} 中` drew boxes without a
    /// warning, and strictFonts passed.
    @Test func aLabelTemplatesOwnTextIsChecked() throws {
        let cloud = try Cloud(yaml: "label: \"{text} 中 {weight}\"\ntags: [{text: Swift, weight: 3}, Go]")
        let rendered = try cloud.rendered(typesetter: bundledTypesetter)
        #expect(rendered.fontWarnings.map(\.tagIndex) == [0, 1])
        #expect(rendered.fontWarnings.allSatisfy { $0.characters.map(\.codePoint) == ["U+4E2D"] })
        #expect(throws: TagCloudError.self) { try Cloud(yaml: "strictFonts: true\nlabel: \"{text} 中\"\ntags: [Swift]").rendered(typesetter: bundledTypesetter) }
        #expect(try Cloud(yaml: "label: \"{text} ({weight})\"\ntags: [{text: Swift, weight: 3}]").rendered(typesetter: bundledTypesetter).fontWarnings.isEmpty)
    }

    @Test func aLargeCloudWarnsInTheTagsOrder() throws {
        let count = CloudRenderer.concurrentLayoutChips + 904
        var cloud = Cloud(tags: (0..<count).map { Cloud.Tag($0 % 997 == 5 ? "हिन्दी \($0)" : "t\($0)") })
        cloud.width = 4000
        let rendered = try cloud.rendered(typesetter: bundledTypesetter)
        let expected = (0..<count).filter { $0 % 997 == 5 }
        #expect(rendered.fontWarnings.map(\.tagIndex) == expected)
        #expect(rendered.layout.chips.map(\.text) == cloud.tags.map(\.text))
        #expect(rendered.layout.chips.allSatisfy { $0.fonts.contains("Inter") && $0.width > 0 })
        // The same chips as in a small cloud of the same tags' first row.
        let small = try Cloud(tags: Array(cloud.tags.prefix(12))).rendered(typesetter: bundledTypesetter)
        #expect(small.layout.chips.map(\.width) == rendered.layout.chips.prefix(12).map(\.width))
    }

    @Test func strictFontsRefuses() throws {
        let strict = try Cloud(yaml: "strictFonts: true\ntags: [Swift, हिन्दी]")
        var message = ""
        var refused: [FontWarning] = []
        do {
            _ = try strict.rendered(typesetter: bundledTypesetter)
        } catch {
            message = error.description
            if case .missingGlyphs(let warnings) = error { refused = warnings }
        }
        #expect(refused.map(\.text) == ["हिन्दी"] && message.contains("install fonts-noto-core"))
        let covered = try Cloud(yaml: "strictFonts: true\ntags: [Swift, Linux]")
        #expect(try covered.rendered(typesetter: bundledTypesetter).fontWarnings.isEmpty)
        // Many characters: the message lists eight and counts the rest.
        let long = FontWarning(tagIndex: 0, text: "x", characters: "一二三四五六七八九十".unicodeScalars.map(UncoveredCharacter.init))
        #expect(long.description.hasSuffix("U+516B (Han) and 2 more; install fonts-noto-cjk"))
    }
}
