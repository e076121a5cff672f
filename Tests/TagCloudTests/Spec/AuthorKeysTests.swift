import Foundation
@testable import TagCloud
import Testing

/// The keys site authors set (issue 17): `order`, `colors`, `label`, `tooltip`, `chip.lineLimit`
/// and a tag's `tooltip`, read, checked, written back and resolved through the key tables
/// (`fonts` and `locale` are Typesetting's keys, tested with it).
@Suite struct AuthorKeysTests {
    @Test func orderIsANameOrAMapping() throws {
        #expect(try parseSpec("order: weight", .yaml).order == Cloud.Order(by: .weight))
        #expect(try parseSpec("order: {by: shuffle, seed: 7}", .yaml).order == Cloud.Order(by: .shuffle, seed: 7))
        #expect(try parseSpec(#"{"order": {"by": "name", "descending": true}}"#, .json).order
            == Cloud.Order(by: .name, descending: true))
        let unknown = try #require(parseError("order: wieght", .yaml))
        #expect(unknown == .unknownValue(path: "order", value: "wieght", suggestion: "weight",
                                         valid: ["given", "weight", "name", "shuffle"], at(.yaml, 1, 8)))
        let seed = try #require(parseError("order: {by: shuffle, seed: -1}", .yaml))
        #expect(seed.description.contains("order.seed"))
        #expect(parseError("order: {by: shuffle, seed: 4294967296}", .yaml) != nil)
        #expect(parseError("order: {by: shuffle, seed: 2.5}", .yaml) != nil)
        // The name form is written back as a name, the mapping form as a mapping.
        #expect(try parseSpec("order: name", .yaml).yaml() == "order: name\n")
        let mapping = try parseSpec("order: {by: shuffle, seed: 3}", .yaml)
        #expect(try parseSpec(try mapping.yaml(), .yaml) == mapping)
    }

    @Test func orderResolvesWithItsDefaults() throws {
        func order(_ yaml: String) throws -> [String] {
            try parseSpec(yaml + "\ntags: [{text: b, weight: 2}, {text: a, weight: 5}, {text: c}]", .yaml).resolved().chips.map(\.text)
        }
        #expect(try order("order: given") == ["b", "a", "c"])
        #expect(try order("order: weight") == ["a", "b", "c"])  // heaviest first by default; c counts as 1
        #expect(try order("order: {by: weight, descending: false}") == ["c", "b", "a"])
        #expect(try order("order: name") == ["a", "b", "c"])
        #expect(try order("order: {by: name, descending: true}") == ["c", "b", "a"])
        // A chip keeps its tag's index; the look and size follow the tag.
        let cloud = try parseSpec("order: weight\ntags: [{text: b, weight: 2}, {text: a, weight: 5}]", .yaml).resolved()
        #expect(cloud.chips.map(\.index) == [1, 0])
        #expect(cloud.chips.map(\.fontSize) == [34, 17])
    }

    @Test func colorsTakeAPaletteOrAGradient() throws {
        let named = try parseSpec("colors: {by: weight, palette: okabeIto, apply: both}", .yaml)
        #expect(named.colors == Cloud.Colors(by: .weight, palette: .named(.okabeIto), apply: .both))
        let listed = try parseSpec("colors: {palette: [red, '#00ff00']}", .yaml)
        #expect(listed.colors?.palette == .colors([CSSColor(css: "red"), CSSColor(css: "#00ff00")].compactMap { $0 }))
        let gradient = try parseSpec("colors: {gradient: [white, navy]}", .yaml)
        #expect(gradient.colors?.gradient?.count == 2)
        #expect(try parseSpec(try gradient.yaml(), .yaml) == gradient)

        let both = try #require(parseError("colors: {palette: viridis, gradient: [red, blue]}", .yaml))
        #expect(both == .wrongType(path: "colors", expected: "either a palette or a gradient", got: "both", at(.yaml, 1, 9)))
        let short = try #require(parseError("colors: {gradient: [red]}", .yaml))
        #expect(short.description.contains("colors.gradient") && short.description.contains("2 or more colours, but it is a list of 1 colour"),
                "\(short.description)")
        let badColor = try #require(parseError("colors: {gradient: [red, reed]}", .yaml))
        #expect(badColor == .invalidColor(path: "colors.gradient[1]", value: "reed", suggestion: "red", at(.yaml, 1, 26)))
        let badName = try #require(parseError("colors: {palette: virdis}", .yaml))
        #expect(badName.description.contains(#"did you mean "viridis"?"#))
        #expect(parseError("colors: {by: count}", .yaml) != nil)
    }

    /// A gradient given over a palette replaces it, and the other way round: the merge keeps one.
    @Test func aLaterPaletteOrGradientReplacesTheOther() throws {
        var cloud = try parseSpec("colors: {gradient: [white, navy], apply: text}", .yaml)
        try cloud.setValue("tolMuted", forKeyPath: "colors.palette", source: "option --palette")
        #expect(cloud.colors == Cloud.Colors(palette: .named(.tolMuted), apply: .text))
        let back = cloud.merging(try parseSpec("colors: {gradient: [red, blue]}", .yaml))
        #expect(back.colors?.palette == nil && back.colors?.gradient?.count == 2 && back.colors?.apply == .text)
    }

    @Test func templatesAreChecked() throws {
        #expect(try parseSpec("label: '{text} ({weight})'", .yaml).label == "{text} ({weight})")
        let unknown = try #require(parseError("label: '{text} {count}'", .yaml))
        #expect(unknown == .unknownValue(path: "label", value: "{count}", suggestion: nil,
                                         valid: ["{text}", "{weight}"], at(.yaml, 1, 8)))
        let near = try #require(parseError("tooltip: '{txt}'", .yaml))
        #expect(near.description.contains(#"did you mean "{text}"?"#))
        #expect(try #require(parseError("label: '{text'", .yaml)).description.contains("write {{ for a brace"))
        #expect(try #require(parseError("label: 'a } b'", .yaml)).description.contains("write }} for a brace"))
        // A template a program sets is checked when the cloud is rendered.
        var cloud = Cloud(tags: ["Swift"])
        cloud.label = "{text"
        #expect(throws: TagCloudError.self) { try cloud.rendered(typesetter: bundledTypesetter) }
    }

    @Test func templatePartsAndStrings() throws {
        let counts = try Template("{text} {weight}")
        #expect(counts.parts(text: "iOS Development", weight: 12)
            == [LabelPart(text: "iOS Development", isCount: false), LabelPart(text: "12", isCount: true)])
        #expect(counts.parts(text: "Swift", weight: nil) == [LabelPart(text: "Swift", isCount: false)])
        #expect(counts.parts(text: "Swift", weight: 2.5)[1].text == "2.5")
        let around = try Template("{weight}× {text} posts")
        #expect(around.parts(text: "Swift", weight: 3)
            == [LabelPart(text: "3×", isCount: true), LabelPart(text: "Swift posts", isCount: false)])
        let braces = try Template("{{{text}}} ({weight})")
        #expect(braces.parts(text: "a", weight: 1) == [LabelPart(text: "{a}", isCount: false), LabelPart(text: "(1)", isCount: true)])
        let tooltip = try Template("{text}:  {weight} posts")
        #expect(tooltip.string(text: "Swift", weight: 12) == "Swift:  12 posts")
        #expect(tooltip.string(text: "Swift", weight: nil) == "Swift: posts")
        #expect(try Template("{weight}").string(text: "x", weight: nil) == "")
        #expect(try Template("plain").parts(text: "x", weight: 1) == [LabelPart(text: "plain", isCount: false)])
        // A count word holding the text keeps it for a tag without a weight (the chip was empty),
        // and a label the template leaves empty is the tag's text.
        let joined = try Template("{text}{weight}")
        #expect(joined.parts(text: "Bee", weight: nil) == [LabelPart(text: "Bee", isCount: false)])
        // It is drawn as the text, not in the count's lighter look.
        #expect(joined.parts(text: "A", weight: 2) == [LabelPart(text: "A2", isCount: false)])
        // Whole weights are digits however large; others as Swift writes them.
        #expect(counts.parts(text: "a", weight: 1e15)[1].text == "1000000000000000")
        #expect(counts.parts(text: "a", weight: 4503599627370496)[1].text == "4503599627370496")
        #expect(counts.parts(text: "a", weight: 1e16)[1].text == "10000000000000000")
        #expect(counts.parts(text: "a", weight: 0)[1].text == "0")
        #expect(counts.parts(text: "a", weight: 1e21)[1].text == "1e+21")
        #expect(tooltip.string(text: "a", weight: 1e16) == "a:  10000000000000000 posts")
        #expect(joined.string(text: "Bee", weight: nil) == "Bee")
        #expect(try Template("{weight}").parts(text: "Bee", weight: nil) == [LabelPart(text: "Bee", isCount: false)])
        #expect(try Template("({weight})").parts(text: "Bee", weight: nil) == [LabelPart(text: "Bee", isCount: false)])
    }

    @Test func labelsAndTooltipsResolvePerTag() throws {
        let cloud = try parseSpec("""
            label: "{text} {weight}"
            tooltip: "{text}: {weight} posts"
            tags: [{text: Swift, weight: 12}, {text: Linux, tooltip: The kernel}, Cairo]
            """, .yaml).resolved()
        #expect(cloud.chips.map(\.label) == [[LabelPart(text: "Swift", isCount: false), LabelPart(text: "12", isCount: true)],
                                             [LabelPart(text: "Linux", isCount: false)], [LabelPart(text: "Cairo", isCount: false)]])
        #expect(try parseSpec("tags: [a]", .yaml).resolved().chips[0].label == nil)
        // Cairo has no weight: a template naming it gives no tooltip ("Cairo: posts" said nothing).
        #expect(cloud.chips.map(\.tooltip) == ["Swift: 12 posts", "The kernel", nil])
        let plain = try parseSpec("tooltip: \"About {text}\"\ntags: [Cairo]", .yaml).resolved()
        #expect(plain.chips.map(\.tooltip) == ["About Cairo"])
        #expect(parseError("tags: [{text: a, tooltip: \"line\\nbreak\"}]", .yaml) != nil)
    }

    @Test func lineLimitIsAWholeNumber() throws {
        #expect(try parseSpec("chip: {lineLimit: 3}", .yaml).resolved().lineLimit == 3)
        #expect(try parseSpec("tags: [a]", .yaml).resolved().lineLimit == 1)
        #expect(parseError("chip: {lineLimit: 0}", .yaml) != nil)
        #expect(parseError("chip: {lineLimit: 1.5}", .yaml) != nil)
    }

    /// Every new key survives the YAML and JSON writers.
    @Test func theNewKeysRoundTrip() throws {
        let cloud = try parseSpec("""
            fonts: [a.ttf, b.woff2]
            locale: sv
            order: {by: weight, descending: false, seed: 9}
            colors: {by: weight, palette: [red, blue], apply: text}
            label: "{text} {weight}"
            tooltip: "{weight} posts"
            chip: {lineLimit: 2}
            tags: [{text: a, tooltip: tip}]
            """, .yaml)
        #expect(try parseSpec(try cloud.yaml(), .yaml) == cloud)
        #expect(try parseSpec(cloud.json(), .json) == cloud)
    }

    /// The spec examples of the README and the TagCloud catalog (every ```yaml block) are valid
    /// specs that use the new keys, and everything but the font file renders.
    @Test(arguments: ["README.md", "Sources/TagCloud/TagCloud.docc/TagCloud.md"])
    func theDocumentedSpecsParse(_ file: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        #expect(!blocks.isEmpty)
        for block in blocks {
            var cloud = try Cloud(yaml: block, source: file)
            #expect(cloud.order != nil && cloud.colors != nil && cloud.label != nil && cloud.tooltip != nil)
            cloud.fonts = nil
            _ = try cloud.rendered(typesetter: bundledTypesetter)
        }
    }
}
