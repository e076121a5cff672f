import Canvas
import Foundation
import Testing
@testable import TagCloud
import TestRandom

/// Random specs and random bytes, from a seeded generator so failures repeat.
@Suite struct SpecPropertyTests {
    /// Pieces that stress quoting in YAML and JSON.
    static let pieces = ["a", "Swift", "yes", "no", "null", "~", "true", "False", "#", "# c", ": ", "- ", "-", "'", "\"",
                         "\\", " ", "  ", "💪", "☀️", "é", "{", "}", "[", "]", "&x", "*y", "!z", "%", "@", "`", "12",
                         "1e3", ".inf", ".nan", "0x1F", "2024-01-01", "|", ">", "?", ",", "\u{A0}", "→", "漢字", "\u{200D}",
                         "=", "<<", "+", "ü", "🇫🇷"]

    static func randomText(_ generator: inout SeededRandom) -> String {
        let count = Int.random(in: 1...6, using: &generator)
        var text = ""
        for _ in 0..<count { text += pieces.randomElement(using: &generator) ?? "a" }
        return text
    }

    static func maybe<T>(_ generator: inout SeededRandom, _ make: (inout SeededRandom) -> T) -> T? {
        Int.random(in: 0..<3, using: &generator) == 0 ? nil : make(&generator)
    }

    static func length(_ generator: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: Double(Int.random(in: 0...500, using: &generator))
        case 1: Double.random(in: 0...1000, using: &generator)
        case 2: Double.random(in: 0...1e-3, using: &generator)
        default: [0, 0.5, 1e-7, 99_999.5, 100_000][Int.random(in: 0..<5, using: &generator)]
        }
    }

    /// A font size: more than 0, at most 10,000 points (the key tables' limit), the limit itself
    /// among them.
    static func fontSize(_ generator: inout SeededRandom) -> Double {
        min(max(length(&generator), 0.25), 10_000)
    }

    static func color(_ generator: inout SeededRandom) -> CSSColor {
        CSSColor(red8: .random(in: 0...255, using: &generator), green8: .random(in: 0...255, using: &generator),
                 blue8: .random(in: 0...255, using: &generator), alpha8: .random(in: 0...255, using: &generator))
    }

    static func fill(_ generator: inout SeededRandom) -> Cloud.Fill {
        Bool.random(using: &generator)
            ? .color(color(&generator))
            : .material(Cloud.Material.allCases.randomElement(using: &generator) ?? .regularMaterial)
    }

    static func axes(_ generator: inout SeededRandom) -> Cloud.Axes {
        Cloud.Axes(horizontal: maybe(&generator, length), vertical: maybe(&generator, length))
    }

    static func randomSpec(_ generator: inout SeededRandom) -> Cloud {
        var spec = Cloud()
        spec.width = maybe(&generator, length)
        spec.padding = maybe(&generator, length)
        spec.spacing = maybe(&generator, axes)
        spec.alignment = maybe(&generator) { Cloud.Alignment.allCases.randomElement(using: &$0) ?? .center }
        spec.justification = maybe(&generator) { Cloud.Justification.allCases.randomElement(using: &$0) ?? .none }
        spec.justifyLastRow = maybe(&generator) { Bool.random(using: &$0) }
        spec.lineBreaking = maybe(&generator) { Cloud.LineBreaking.allCases.randomElement(using: &$0) ?? .greedy }
        spec.maxRows = maybe(&generator) { Int.random(in: 1...1_000_000, using: &$0) }
        spec.direction = maybe(&generator) { Cloud.Direction.allCases.randomElement(using: &$0) ?? .ltr }
        spec.font = maybe(&generator) { generator in
            with(Cloud.Font()) { font in
                font.family = maybe(&generator) { "F" + randomText(&$0) + "F" }
                font.size = maybe(&generator, fontSize)
                font.weight = maybe(&generator) { Cloud.FontWeight(Int.random(in: 1...1000, using: &$0)) ?? .regular }
            }
        }
        spec.weights = maybe(&generator) { generator in
            with(Cloud.Weights()) { weights in
                weights.minSize = maybe(&generator, fontSize)
                weights.maxSize = maybe(&generator, fontSize)
                weights.scale = maybe(&generator) { Cloud.WeightScale.allCases.randomElement(using: &$0) ?? .log }
            }
        }
        spec.chip = maybe(&generator) { generator in
            with(Cloud.Chip()) { chip in
                chip.padding = maybe(&generator, axes)
                chip.shape = maybe(&generator) { Cloud.ChipShape.allCases.randomElement(using: &$0) ?? .capsule }
                chip.cornerRadius = maybe(&generator, length)
                chip.fill = maybe(&generator, fill)
                chip.stroke = maybe(&generator, color)
                chip.strokeWidth = maybe(&generator, length)
                chip.textColor = maybe(&generator, color)
                chip.selected = maybe(&generator) { generator in
                    with(Cloud.SelectedChip()) { selected in
                        selected.fill = maybe(&generator, fill)
                        selected.stroke = maybe(&generator, color)
                        selected.strokeWidth = maybe(&generator, length)
                        selected.textColor = maybe(&generator, color)
                        selected.checkmark = maybe(&generator) { Bool.random(using: &$0) }
                    }
                }
            }
        }
        spec.style = maybe(&generator) { Cloud.Style.allCases.randomElement(using: &$0) ?? .tagCloud }
        spec.theme = maybe(&generator) { Cloud.Theme.allCases.randomElement(using: &$0) ?? .dark }
        spec.scale = maybe(&generator) { Double.random(in: 0.01...64, using: &$0) }
        spec.background = maybe(&generator, color)
        spec.id = maybe(&generator) { "tags-" + String(UInt32.random(in: 0...UInt32.max, using: &$0), radix: 36) }
        // A title is one line of text that is not blank, as a tag is.
        spec.title = maybe(&generator) { generator in with(randomText(&generator)) { if TextInput.isBlank($0) { $0 += "a" } } }
        spec.responsive = maybe(&generator) { Bool.random(using: &$0) }
        spec.linkTarget = maybe(&generator) { LinkTarget.allCases.randomElement(using: &$0) ?? .blank }
        spec.fontURL = maybe(&generator) { _ in "/fonts/" }
        spec.page = maybe(&generator) { Bool.random(using: &$0) }
        let tagCount = Int.random(in: 0...8, using: &generator)
        spec.tags = (0..<tagCount).map { _ in
            // A tag of only white space and invisible characters is refused (it drew an empty
            // chip): such a text gets a letter.
            with(Cloud.Tag(with(randomText(&generator)) { if TextInput.isBlank($0) { $0 += "a" } },
                           weight: maybe(&generator) { Double.random(in: 0...1e9, using: &$0) },
                           href: maybe(&generator, randomLink), selected: maybe(&generator) { Bool.random(using: &$0) })) { tag in
                tag.fill = maybe(&generator, fill)
                tag.textColor = maybe(&generator, color)
                tag.font = Int.random(in: 0..<4, using: &generator) == 0
                    ? with(Cloud.Font()) { font in
                        font.size = maybe(&generator, fontSize)
                        font.weight = maybe(&generator) { Cloud.FontWeight(Int.random(in: 1...1000, using: &$0)) ?? .bold }
                    }
                    : nil
            }
        }
        return spec
    }

    /// A link web output accepts: a web, mail or relative URL with random text, percent-encoded.
    static func randomLink(_ generator: inout SeededRandom) -> String {
        let text = randomText(&generator).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
        return (["https://example.com/", "mailto:me@example.com?subject=", "/tags/", "#"].randomElement(using: &generator) ?? "/tags/") + text
    }

    @Test func randomSpecsRoundTripThroughYAMLAndJSON() throws {
        var generator = SeededRandom(seed: 2024)
        for _ in 0..<400 {
            let spec = Self.randomSpec(&generator)
            let yaml = try spec.yaml()
            let json = spec.json()
            let fromYAML = try parseSpec(yaml, .yaml)
            let fromJSON = try parseSpec(json, .json)
            #expect(fromYAML == spec, "\(yaml)")
            #expect(fromJSON == spec, "\(json)")
            // JSON is YAML too.
            #expect(try parseSpec(json, .yaml) == spec)
        }
    }

    @Test func emittedTextOfAKnownSpec() throws {
        let spec = with(Cloud(tags: ["yes", .init("a", weight: 0.5)])) {
            $0.width = 300
            $0.spacing = .init(8)
            $0.font = with(Cloud.Font()) { $0.weight = .bold }
            $0.chip = with(Cloud.Chip()) { $0.fill = .material(.thinMaterial) }
        }
        #expect(try spec.yaml() == """
            width: 300
            spacing: 8
            font:
              weight: bold
            chip:
              fill: thinMaterial
            tags:
            - "yes"
            - text: a
              weight: 0.5

            """)
        #expect(spec.json() == """
            {
              "width": 300,
              "spacing": 8,
              "font": {
                "weight": "bold"
              },
              "chip": {
                "fill": "thinMaterial"
              },
              "tags": [
                "yes",
                {
                  "text": "a",
                  "weight": 0.5
                }
              ]
            }

            """)
    }

    /// Every error a parser throws is about the data, and has a place that exists.
    static func checkError(_ error: TagCloudError?, _ bytes: [UInt8]) {
        guard let error else { return }
        #expect(!error.description.isEmpty)
        #expect(error.location != nil, "\(error)")
        if let line = error.location?.line {
            let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            #expect(line >= 1 && line <= lineCount + 1, "\(error)")
        }
        if let column = error.location?.column { #expect(column >= 1, "\(error)") }
    }

    @Test func randomBytesNeverCrashTheParsers() {
        var generator = SeededRandom(seed: 99)
        let structural = Array("{}[]\":,-#\n\t '\\&*!|>?%@`0123456789.eE+truefalsnl".utf8)
        for round in 0..<3000 {
            let count = Int.random(in: 0...120, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                round % 3 == 0 ? UInt8.random(in: 0...255, using: &generator)
                    : structural.randomElement(using: &generator) ?? 0x20
            }
            for format in SpecFormat.allCases {
                Self.checkError(parseError(bytes, format), bytes)
            }
        }
    }

    @Test func mutatedSpecsNeverCrashTheParsers() throws {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let spec = Self.randomSpec(&generator)
            for (text, format) in [(try spec.yaml(), SpecFormat.yaml), (spec.json(), .json)] {
                var bytes = Array(text.utf8)
                for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: bytes.remove(at: index)
                    case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                    default: bytes[index] = Array("{}[]\":,-#\n\t '".utf8).randomElement(using: &generator) ?? 0
                    }
                }
                for format in [format, .text, .csv] {
                    Self.checkError(parseError(bytes, format), bytes)
                }
            }
        }
    }

    /// A tag's text is refused when empty, holding a control character or only white space and
    /// default-ignorable characters (U+200B, U+FEFF), and
    /// kept as written otherwise: printable ASCII takes a byte-wise path, the rest goes by Unicode
    /// scalars, and both must agree with the rule.
    @Test func tagTextsAreCheckedByTheSameRuleOnEveryPath() throws {
        var generator = SeededRandom(seed: 45)
        let extra: [Unicode.Scalar] = ["\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "é", "漢", "💪", "\u{200B}", "\u{9F}"]
        for round in 0..<4000 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                switch Int.random(in: 0..<8, using: &generator) {
                case 0: scalars.append(" ")
                case 1 where round % 2 == 0: scalars.append(extra.randomElement(using: &generator) ?? "a")
                case 2 where round % 3 == 0: scalars.append(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &generator)))
                default: scalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let literal = try #require(String(data: JSONEncoder().encode([text]), encoding: .utf8))
            let outcome: String
            do {
                let cloud = try Cloud(parsing: Array("{\"tags\": \(literal)}".utf8), format: .json, source: "t.json")
                outcome = "ok " + (cloud.tags.first?.text ?? "none")
            } catch .emptyTag {
                outcome = "empty"
            } catch .controlCharacter(let scalar, _, _, _) {
                outcome = "control \(scalar.value)"
            } catch {
                outcome = "\(error)"
            }
            // Of several control characters, the reader may name any (one refused anywhere in a
            // file, as U+2028 is, is named before the tag's own check runs).
            let controls = Set(scalars.filter(TextInput.isControl).map { "control \($0.value)" })
            if controls.contains(outcome) { continue }
            let expected = if text.isEmpty {
                "empty"
            } else if let bad = scalars.first(where: TextInput.isControl) {
                "control \(bad.value)"
            } else if scalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }) {
                "empty"
            } else {
                "ok " + text
            }
            #expect(outcome == expected, "\(scalars.map(\.value))")
        }
    }
}
