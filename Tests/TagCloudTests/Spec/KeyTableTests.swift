import Foundation
import Testing
import Yams
@testable import TagCloud

/// A mapping declared only here, with a key of each sort the machinery handles: a number with a
/// default and a style's value, a name with an option, a colour with an alias, and a nested
/// mapping. Everything derived from key tables must pick its keys up without any other code.
struct DummyMapping: Sendable, Hashable {
    var size: Double?
    var mode: Cloud.Theme?
    var tint: CSSColor?
    var inner: Cloud.Axes?

    struct Keys: Sendable {
        let size = SpecKey("size", \DummyMapping.size, .number(.length), default: KeyDefault(7),
                           presets: [.globulusList: KeyDefault(9)], doc: "A dummy size.")
        let mode = SpecKey("mode", \DummyMapping.mode, .name, default: KeyDefault(Cloud.Theme.dark), option: "dummy-mode",
                           valueName: "mode", doc: "A dummy name.")
        let tint = SpecKey("tint", \DummyMapping.tint, .color, defaultDoc: "none", aliases: ["colour"], doc: "A dummy colour.")
        let inner = SpecKey("inner", \DummyMapping.inner, .axes, default: KeyDefault(Cloud.Axes(1)), doc: "A dummy pair.")
    }
    static let fields = Keys()
    static let keys = KeyTable<DummyMapping>(reflecting: fields)
}

@Suite struct KeyTableTests {
    func decode(_ yaml: String) throws -> DummyMapping {
        let composed = try YAMLReader.compose(try TextInput(bytes: Array(yaml.utf8), source: "dummy.yaml"), format: .yaml)
        let decoder = SpecDecoder(locate: composed.locate, input: nil)
        return try decoder.decodeMapping(try #require(composed.root), path: "", table: DummyMapping.keys, into: DummyMapping())
    }

    @Test func aKeyDeclaredInATableIsReadWrittenMergedResolvedAndDocumented() throws {
        // Read, with aliases and nested mappings.
        let value = try decode("size: 3\nmode: light\ncolour: red\ninner: {vertical: 4}\n")
        #expect(value == DummyMapping(size: 3, mode: .light, tint: CSSColor(css: "red"), inner: .init(vertical: 4)))
        // Checked by the key's kind, with the key's path in the message.
        #expect(throws: TagCloudError.self) { try decode("size: -1\n") }
        #expect((try? decode("mode: dusk\n")) == nil)
        let unknown = #expect(throws: TagCloudError.self) { try decode("sise: 1\n") }
        #expect(unknown?.description.contains(#"did you mean "size"?"#) == true)
        // Written back in table order, and read back equal.
        let tree = DummyMapping.keys.encode(value)
        #expect(tree.inlineText == "{size: 3, mode: light, tint: #ff0000, inner: {vertical: 4}}")
        // Merged key by key, nested mappings too.
        let merged = DummyMapping.keys.merge(value, DummyMapping(size: nil, mode: .dark, tint: nil, inner: .init(horizontal: 2)))
        #expect(merged == DummyMapping(size: 3, mode: .dark, tint: CSSColor(css: "red"), inner: .init(horizontal: 2, vertical: 4)))
        // Resolved: given, else the style's, else the default (layered for mappings).
        let keys = DummyMapping.fields
        #expect(keys.size.resolved(in: nil, style: .tagCloud, theme: .light) == 7)
        #expect(keys.size.resolved(in: nil, style: .globulusList, theme: .light) == 9)
        #expect(keys.size.resolved(in: value, style: .globulusList, theme: .light) == 3)
        #expect(keys.inner.resolved(in: value, style: .tagCloud, theme: .light) == .init(horizontal: 1, vertical: 4))
        #expect(keys.tint.resolved(in: nil, style: .tagCloud, theme: .light) == nil)
        // The schema, its option and its documentation come from the same declaration.
        let schema = DummyMapping.keys.schema
        #expect(schema.keys == ["size", "mode", "tint", "inner"])
        #expect(schema.canonical("colour") == "tint")
        #expect(schema.colorKeys == ["tint", "colour"])
        #expect(schema.options["mode"]?.name == "dummy-mode")
        #expect(schema.children["inner"]?.keys == ["horizontal", "vertical"])
        let reference = schema.reference(title: "Dummy", prefix: "dummy.")
        #expect(reference.contains("| `dummy.size` | number ≥ 0, at most 100,000 | `7`; globulusList `9` | A dummy size. |"))
        #expect(reference.contains("| `dummy.mode` | `light`, `dark`, `auto` | `dark` | A dummy name. Option: `--dummy-mode`. |"))
        #expect(reference.contains("| `dummy.tint` or `dummy.colour` | colour | none | A dummy colour. |"))
        #expect(reference.contains("#### `dummy.inner`"))
    }

    /// Every stored property of the spec's types is a key of its table (a property added without
    /// a key would be silently dropped by the parser, the encoder and the merge), in the same order.
    @Test func everyPropertyIsAKeyInDeclarationOrder() {
        func properties(_ value: Any) -> [String] {
            Mirror(reflecting: value).children.flatMap { child -> [String] in
                guard let label = child.label, label != "provenance" else { return [] }
                // A tag's seldom-set keys are held in a box (`own`): its stored properties count.
                guard label == "own" else { return [label] }
                let box = Mirror(reflecting: child.value).children.first?.value
                return box.map { Mirror(reflecting: $0).children.compactMap(\.label) } ?? ["own"]
            }
        }
        #expect(properties(Cloud()) == Cloud.keys.schema.keys)
        #expect(properties(Cloud.Font()) == Cloud.Font.keys.schema.keys)
        #expect(properties(Cloud.Weights()) == Cloud.Weights.keys.schema.keys)
        #expect(properties(Cloud.Chip()) == Cloud.Chip.keys.schema.keys)
        #expect(properties(Cloud.SelectedChip()) == Cloud.SelectedChip.keys.schema.keys)
        var tag = Cloud.Tag("x")
        tag.tooltip = "with its box"
        #expect(properties(tag) == Cloud.Tag.keys.schema.keys)
        #expect(properties(Cloud.Axes()) == Cloud.Axes.keys.schema.keys)
        #expect(properties(Cloud.Order()) == Cloud.Order.keys.schema.keys)
        #expect(properties(Cloud.Colors()) == Cloud.Colors.keys.schema.keys)
    }

    /// The command's options come from the tables: one per key that declares one, with unique
    /// names, each reaching its key through `setValue(_:forKeyPath:source:)`.
    @Test func everyOptionSetsItsKey() throws {
        let options = Cloud.commandLineOptions
        #expect(Set(options.map(\.name)).count == options.count)
        #expect(options.map(\.name) == ["width", "padding", "spacing", "alignment", "justification", "line-breaking",
                                        "max-rows", "direction", "font", "font-size", "font-weight", "shape", "fill",
                                        "line-limit", "style", "theme", "scale", "background", "locale", "order", "seed",
                                        "palette", "label", "tooltip", "id"])
        let samples = ["width": "300", "padding": "3", "spacing": "4", "alignment": "center", "justification": "stretch",
                       "line-breaking": "balanced", "max-rows": "2", "direction": "rtl", "font": "Inter", "font-size": "12",
                       "font-weight": "bold", "shape": "rounded", "fill": "gold", "style": "collectionView", "theme": "dark",
                       "scale": "2", "background": "navy", "locale": "ja", "line-limit": "3", "order": "shuffle", "seed": "7",
                       "palette": "okabeIto", "label": "{text} {weight}", "tooltip": "{weight} posts", "id": "langs"]
        for option in options {
            var cloud = Cloud()
            try cloud.setValue(try #require(samples[option.name]), forKeyPath: option.keyPath, source: "option")
            #expect(cloud != Cloud(), "--\(option.name) set nothing")
            #expect(cloud.location(ofKeyPath: option.keyPath) == SpecLocation(source: "option"))
        }
    }

    /// The catalog's key reference is the one the tables make. With `TAGCLOUD_UPDATE_DOCS=1` the
    /// test writes it into the catalog and fails, so an update is never taken for a pass.
    /// A list or a mapping is set as YAML writes one on a line; a value YAML cannot read is named.
    @Test func listsAndMappingsAreSetAsFlowYAML() throws {
        var cloud = try Cloud(yaml: "tags: [a, b]\n")
        try cloud.setValue(##"["#dbeafe", "#1e3a8a"]"##, forKeyPath: "colors.gradient", source: "option --set")
        #expect(cloud.colors?.gradient?.count == 2)
        try cloud.setValue("{horizontal: 4, vertical: 2}", forKeyPath: "spacing", source: "option --set")
        #expect(cloud.spacing == Cloud.Axes(horizontal: 4, vertical: 2))
        #expect(cloud.colors?.gradient?.count == 2)   // the other keys stay
        do {
            try cloud.setValue("[#a, #b]", forKeyPath: "colors.gradient", source: "option --set")
            Issue.record("a comment-cut list was taken")
        } catch {
            #expect(error.description.contains("quote colours, as # starts a YAML comment"), "\(error.description)")
        }
    }

    @Test func theCatalogsKeyReferenceIsTheTables() throws {
        let catalog = packageRoot.appendingPathComponent("Sources/TagCloud/TagCloud.docc/TagCloud.md")
        let text = try String(contentsOf: catalog, encoding: .utf8)
        let begin = "<!-- key-reference: made from the key tables; TAGCLOUD_UPDATE_DOCS=1 swift test --filter KeyTableTests -->\n"
        let end = "<!-- key-reference end -->"
        let start = try #require(text.range(of: begin), "the catalog has no key reference marker")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let current = String(text[start.upperBound..<stop.lowerBound])
        let expected = Cloud.keyReference
        if ProcessInfo.processInfo.environment["TAGCLOUD_UPDATE_DOCS"] == "1" {
            try (text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: expected))
                .write(to: catalog, atomically: true, encoding: .utf8)
            Issue.record("wrote the key reference into TagCloud.md; run again without TAGCLOUD_UPDATE_DOCS")
            return
        }
        #expect(current == expected, "the catalog's key reference differs from the tables; run TAGCLOUD_UPDATE_DOCS=1 swift test --filter KeyTableTests")
    }
}
