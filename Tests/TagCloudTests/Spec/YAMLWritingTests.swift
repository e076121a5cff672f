import Foundation
import Testing
@testable import TagCloud
import TestRandom
import Yams

/// The YAML a spec is written as (`Cloud.yaml()`, `tagcloud collect -o tags.yaml`): every
/// character a reader sees as itself, emoji included, and what YAML cannot hold raw escaped.
@Suite struct YAMLWritingTests {
    /// Text a user reads in the spec: emoji (outside the Basic Multilingual Plane, which libyaml
    /// wrote as `\U0001F389`), CJK, right-to-left scripts; and text YAML must quote or escape.
    static let texts = [
        "🎉", "Party 🎉", "👩🏽‍💻 dev", "🇯🇵", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "日本語", "中文 标签", "한국어", "עברית", "العربية", "mixed עברית and English",
        "\u{200F}rtl mark", "\u{E000}private", "a\u{1}b", "tab\there", "line\nbreak", "cr\rlf", "\u{7F}del", "\u{85}nel", "\u{2028}ls",
        "\u{2029}ps", "b\u{FEFF}om", "nul\u{0}🎉", "quote \" and \\ back", "'single'",
        "# hash", "a: b", "a:", "- dash", "-x", "---", "...", " lead", "trail ", "", "true", "yes", "2024", "12:30", "0x1F", "@at",
        "%pct", "`tick`", "x #y", "x#y", "?q", "? q", ":c", "[a]", "{b}", "*star", "&amp", "!bang", "|pipe", ">fold", "C++", "C#",
    ] + [0xFFFE, 0xFDD0, 0x1FFFE, 0x10FFFF].compactMap { Unicode.Scalar(UInt32($0)).map { "non" + String($0) } }  // noncharacters

    /// Each text, as a value and as a list's element, reads back the same with this package's own
    /// YAML reader; what needs no escape is written as itself.
    @Test func everyTextReadsBackTheSame() throws {
        for text in Self.texts {
            let tree = SpecTree.mapping([("key", .string(text)), ("list", .sequence([.string(text), .mapping([("k", .string(text))])]))])
            let yaml = tree.yaml()
            let composed = try YAMLReader.compose(TextInput(bytes: Array(yaml.utf8), source: "t.yaml"), format: .yaml)
            guard case .mapping(let pairs)? = composed.root, pairs.count == 2, case .sequence(let list) = pairs[1].value,
                  list.count == 2, case .mapping(let inner) = list[1] else {
                Issue.record("\(quoted(text)): \(yaml)")
                continue
            }
            #expect(pairs[0].value.scalar?.string == text, "\(quoted(text)): \(yaml)")
            #expect(list[0].scalar?.string == text, "\(quoted(text)): \(yaml)")
            #expect(inner.first?.value.scalar?.string == text, "\(quoted(text)): \(yaml)")
            // Written as itself (plain, or in quotes that need no escape).
            if !text.isEmpty, !text.unicodeScalars.contains(where: { YAMLScalarStyle.needsEscape($0) || "\"'\\".unicodeScalars.contains($0) }) {
                #expect(yaml.contains(text), "\(quoted(text)): \(yaml)")
            }
        }
    }

    /// A spec of the site's tags shows them as written: `collect -o tags.yaml` wrote
    /// `text: "Party \U0001F389"`.
    @Test func emojiTagsAreWrittenAsThemselves() throws {
        let cloud = Cloud(tags: [Cloud.Tag("Party 🎉", weight: 2), Cloud.Tag("🚀"), Cloud.Tag("日本語"), Cloud.Tag("עברית"),
                                 Cloud.Tag("👩🏽‍💻", href: "/tags/%F0%9F%91%A9/")])
        let yaml = try cloud.yaml()
        #expect(yaml == """
            tags:
            - text: Party 🎉
              weight: 2
            - 🚀
            - 日本語
            - עברית
            - text: 👩🏽‍💻
              href: /tags/%F0%9F%91%A9/

            """, "\(yaml)")
        #expect(try parseSpec(yaml, .yaml) == cloud)
    }

    /// Where libyaml wrote nothing wrong (no character outside the Basic Multilingual Plane, no
    /// line break), the YAML is byte for byte what it wrote: the samples' specs, and random text
    /// of the characters that steer quoting.
    @Test func outsideThePlaneItIsWhatLibyamlWrote() throws {
        let samples = packageRoot.appendingPathComponent("samples")
        var trees: [SpecTree] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
        where name.hasSuffix(".yaml") || (name.hasSuffix(".json") && !name.hasSuffix(".layout.json")) {
            guard let cloud = try? Cloud(contentsOf: samples.appendingPathComponent(name)) else { continue }
            trees.append(cloud.encodedTree())
        }
        #expect(trees.count > 20)
        var generator = SeededRandom(seed: 15)
        let alphabet = Array("ab Z09-:#'\"?,[]{}&*!|>%@`.\\\t\u{1}\u{7F}\u{85}\u{A0}é日ע\u{E000}\u{FEFF}".unicodeScalars)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &generator) { text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
            trees.append(.mapping([("k", .string(String(text))), ("l", .sequence([.string(String(text)), .sequence([.number(1), .bool(true)])])),
                                   ("m", .mapping([("n", .string(String(text))), ("e", .sequence([])), ("f", .mapping([]))]))]))
        }
        var compared = 0
        for tree in trees where !tree.holdsText(where: { $0.value > 0xFFFF || $0 == "\n" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            let libyaml = try Yams.serialize(node: tree.libyamlNode, width: -1, allowUnicode: true)
            #expect(tree.yaml() == libyaml)
            compared += 1
        }
        #expect(compared > 1_500)
    }
}

extension SpecTree {
    /// Whether a string of the tree, or a key, has a character that `matches`.
    func holdsText(where matches: (Unicode.Scalar) -> Bool) -> Bool {
        switch self {
        case .mapping(let pairs): pairs.contains { $0.0.unicodeScalars.contains(where: matches) || $0.1.holdsText(where: matches) }
        case .sequence(let elements): elements.contains { $0.holdsText(where: matches) }
        case .string(let text): text.unicodeScalars.contains(where: matches)
        case .number, .bool: false
        }
    }

    /// The tree as the Yams node `Cloud.yaml()` gave libyaml to write.
    var libyamlNode: Node {
        switch self {
        case .mapping(let pairs):
            return .mapping(Node.Mapping(pairs.map { (Node($0.0), $0.1.libyamlNode) }))
        case .sequence(let elements):
            return .sequence(Node.Sequence(elements.map(\.libyamlNode)))
        case .string(let text):
            return .scalar(Node.Scalar(text, .implicit, Self.readsAsTextWhenPlain(text) ? .any : .doubleQuoted))
        case .number(let number):
            return .scalar(Node.Scalar(Self.format(number), .implicit, .plain))
        case .bool(let value):
            return .scalar(Node.Scalar(value ? "true" : "false", .implicit, .plain))
        }
    }
}
