import Testing
@testable import TagCloud

@Suite struct SpecParsingTests {
    static let fullYAML = """
        # Every key of the spec.
        width: 300
        padding: 12.5
        spacing: {horizontal: 6, vertical: 10}
        alignment: centerFirstTextBaseline
        justification: spaceBetween
        justifyLastRow: false
        lineBreaking: balanced
        maxRows: 3
        direction: rtl
        font:
          family: DejaVu Sans
          size: subheadline
          weight: semibold
        weights: {minSize: 12, maxSize: 30, scale: sqrt}
        chip:
          padding: 9
          shape: rounded
          cornerRadius: 5
          fill: "#00000019"
          stroke: navy
          strokeWidth: 1.5
          text: white
          selected: {fill: regularMaterial, stroke: "#f00", strokeWidth: 2, textColor: black, checkmark: false}
        style: suggestionChips
        theme: dark
        scale: 2
        background: transparent
        tags:
          - Swift
          - text: SwiftUI
            weight: 3
            href: https://developer.apple.com/swiftui/
            selected: true
            fill: "#ABC"
            textColor: rebeccapurple
          - 42
          - "true"
        """

    static let expected = with(Cloud(tags: [
        "Swift",
        with(Cloud.Tag("SwiftUI", weight: 3, href: "https://developer.apple.com/swiftui/", selected: true)) {
            $0.fill = .color(CSSColor(red8: 0xAA, green8: 0xBB, blue8: 0xCC))
            $0.textColor = CSSColor(red8: 0x66, green8: 0x33, blue8: 0x99)
        },
        "42",
        "true",
    ])) {
        $0.width = 300
        $0.padding = 12.5
        $0.spacing = .init(horizontal: 6, vertical: 10)
        $0.alignment = .centerFirstTextBaseline
        $0.justification = .spaceBetween
        $0.justifyLastRow = false
        $0.lineBreaking = .balanced
        $0.maxRows = 3
        $0.direction = .rtl
        $0.font = with(Cloud.Font()) { $0.family = "DejaVu Sans"; $0.size = 15; $0.weight = .semibold }
        $0.weights = with(Cloud.Weights()) { $0.minSize = 12; $0.maxSize = 30; $0.scale = .sqrt }
        $0.chip = with(Cloud.Chip()) {
            $0.padding = .init(9)
            $0.shape = .rounded
            $0.cornerRadius = 5
            $0.fill = .color(CSSColor(red8: 0, green8: 0, blue8: 0, alpha8: 0x19))
            $0.stroke = CSSColor(red8: 0, green8: 0, blue8: 0x80)
            $0.strokeWidth = 1.5
            $0.textColor = .white
            $0.selected = with(Cloud.SelectedChip()) {
                $0.fill = .material(.regularMaterial)
                $0.stroke = CSSColor(red8: 255, green8: 0, blue8: 0)
                $0.strokeWidth = 2
                $0.textColor = .black
                $0.checkmark = false
            }
        }
        $0.style = .suggestionChips
        $0.theme = .dark
        $0.scale = 2
        $0.background = .transparent
    }

    @Test func yamlWithEveryKey() throws {
        #expect(try parseSpec(Self.fullYAML, .yaml) == Self.expected)
    }

    @Test func jsonWithEveryKeyMatchesYAML() throws {
        let json = """
            {
            \t"width": 300, "padding": 12.5, "spacing": {"horizontal": 6, "vertical": 10},
              "alignment": "centerFirstTextBaseline", "justification": "spaceBetween", "justifyLastRow": false,
              "lineBreaking": "balanced", "maxRows": 3, "direction": "rtl",
              "font": {"family": "DejaVu Sans", "size": "subheadline", "weight": "semibold"},
              "weights": {"minSize": 12, "maxSize": 30, "scale": "sqrt"},
              "chip": {"padding": 9, "shape": "rounded", "cornerRadius": 5, "fill": "#00000019",
                       "stroke": "navy", "strokeWidth": 1.5, "text": "white",
                       "selected": {"fill": "regularMaterial", "stroke": "#f00", "strokeWidth": 2,
                                    "textColor": "black", "checkmark": false}},
              "style": "suggestionChips", "theme": "dark", "scale": 2, "background": "transparent",
              "tags": ["Swift",
                       {"text":"SwiftUI","weight":3,"href":"https:\\/\\/developer.apple.com\\/swiftui\\/",
                        "selected":true,"fill":"#ABC","textColor":"rebeccapurple"},
                       42, "true"]
            }
            """
        #expect(try parseSpec(json, .json) == Self.expected)
    }

    /// YAML's own tags are read (`!!str` makes a plain scalar text; the others change nothing),
    /// as are the non-specific `!` and aliases; a tag of another namespace is refused (SpecErrorTests).
    @Test func yamlsOwnTagsAreRead() throws {
        let text = "title: !!str 2024\ntags: !!seq [a, ! b, &c !!str 300, *c, !<tag:yaml.org,2002:str> d]\nwidth: !!float 320\n"
        let cloud = try Cloud(parsing: Array(text.utf8), format: .yaml, source: "x.yaml")
        #expect(cloud.title == "2024")
        #expect(cloud.tags.map(\.text) == ["a", "b", "300", "300", "d"])
        #expect(cloud.width == 320)
    }

    @Test func jsonSurrogatePairEscapesAreOneCharacter() throws {
        // Python's json.dumps writes every emoji this way.
        let spec = try parseSpec(#"{"tags": ["Exercise \ud83d\udcaa", "caf\u00e9"]}"#, .json)
        #expect(spec.tags.map(\.text) == ["Exercise 💪", "café"])
    }

    @Test func jsonColumnsAfterRewrittenEscapesPointAtTheOriginal() {
        // Two surrogate pairs (12 characters each, 10 after rewriting) before the bad key.
        let error = parseError(#"{"tags": ["\ud83d\udcaa\ud83d\udcaa"], "widht": 1}"#, .json)
        #expect(error?.location == at(.json, 1, 40))
    }

    @Test func topLevelListIsTags() throws {
        #expect(try parseSpec("- a\n- b\n", .yaml).tags.map(\.text) == ["a", "b"])
        #expect(try parseSpec(#"["a", "b"]"#, .json).tags.map(\.text) == ["a", "b"])
    }

    @Test func emptyYAMLAndNullValuesMeanNotGiven() throws {
        #expect(try parseSpec("", .yaml) == Cloud())
        #expect(try parseSpec("# nothing\n", .yaml) == Cloud())
        #expect(try parseSpec("width:\nfont: ~\ntags: null\n", .yaml) == Cloud())
        #expect(try parseSpec(#"{"width": null, "tags": []}"#, .json) == Cloud())
    }

    @Test func numberFormsAndTextStyles() throws {
        let spec = try parseSpec("width: +1e2\npadding: .5\nscale: 2.\nfont: {size: largeTitle, weight: 650}\n", .yaml)
        #expect(spec.width == 100)
        #expect(spec.padding == 0.5)
        #expect(spec.scale == 2)
        #expect(spec.font == with(Cloud.Font()) { $0.size = 34; $0.weight = Cloud.FontWeight(650) })
    }

    @Test func spacingAndPaddingTakeANumberOrAMapping() throws {
        let spec = try parseSpec("spacing: 4\nchip: {padding: {vertical: 3}}\n", .yaml)
        #expect(spec.spacing == .init(horizontal: 4, vertical: 4))
        #expect(spec.chip?.padding == .init(horizontal: nil, vertical: 3))
    }

    @Test func yamlTagTextIsTakenAsWritten() throws {
        let spec = try parseSpec("tags: [yes, 'no', 1.50, null, ~, 2024-01-01, \"a: b\", '#hash']\n", .yaml)
        #expect(spec.tags.map(\.text) == ["yes", "no", "1.50", "null", "~", "2024-01-01", "a: b", "#hash"])
    }

    @Test func yamlBlockScalarsAndAnchorsWork() throws {
        let spec = try parseSpec("chip: &look {fill: red}\ntags:\n  - >-\n    folded\n    text\n", .yaml)
        #expect(spec.tags.map(\.text) == ["folded text"])
        #expect(spec.chip?.fill == .color(CSSColor(red8: 255, green8: 0, blue8: 0)))
    }

    @Test func utf8ByteOrderMarkIsIgnored() throws {
        #expect(try Cloud(parsing: [0xEF, 0xBB, 0xBF] + Array("- a\n".utf8), format: .yaml, source: "x").tags == [.init("a")])
    }

    @Test func sourceMapKnowsWhereValuesAre() throws {
        let document = try Cloud(parsing: Array("font:\n  family: Inter\ntags:\n  - a\n  - {text: b}\n".utf8),
                                 format: .yaml, source: "x.yaml")
        #expect(document.location(ofKeyPath: "font.family") == SpecLocation(source: "x.yaml", line: 2, column: 11))
        #expect(document.location(ofKeyPath: "tags[1]") == SpecLocation(source: "x.yaml", line: 5, column: 5))
        #expect(document.location(ofKeyPath: "tags[\(0)]") == SpecLocation(source: "x.yaml", line: 4, column: 5))
        #expect(document.location(ofKeyPath: "width") == nil)
        #expect(document.location(ofKeyPath: "tags[\(2)]") == nil)
    }

    // MARK: Text

    @Test func textListWithWeightsCommentsAndBlankLines() throws {
        let text = "# My tags\nSwift\t3\n\n  SwiftUI  \r\n#hashtag\t1.5\n   # indented comment\n#\nC++\t\nlast"
        let spec = try parseSpec(text, .text)
        #expect(spec.tags == [.init("Swift", weight: 3), .init("SwiftUI"), .init("#hashtag", weight: 1.5),
                              .init("C++"), .init("last")])
    }

    @Test func textLocationsAreLines() throws {
        let document = try Cloud(parsing: Array("a\n\n  b\n".utf8), format: .text, source: "<stdin>")
        #expect(document.location(ofKeyPath: "tags[\(1)]") == SpecLocation(source: "<stdin>", line: 3, column: 3))
    }

    // MARK: CSV

    @Test func csvWithQuotingAndHref() throws {
        let csv = "Tag, Weight ,HREF\r\nSwift,3,https://swift.org\r\n\"Hello, \"\"world\"\"\",,\r\n  spaced  , 2 ,\r\n\r\n"
        let spec = try parseSpec(csv, .csv)
        #expect(spec.tags == [.init("Swift", weight: 3, href: "https://swift.org"),
                              .init("Hello, \"world\""), .init("spaced", weight: 2)])
    }

    @Test func csvHeaderMayOmitColumns() throws {
        #expect(try parseSpec("tag\na\nb", .csv).tags.map(\.text) == ["a", "b"])
        #expect(try parseSpec("tag,weight\na,1\n", .csv).tags == [.init("a", weight: 1)])
        #expect(try parseSpec("", .csv).tags.isEmpty)
    }

    // MARK: Formats

    @Test func formatsFromExtensions() throws {
        #expect(try SpecFormat.of(path: "dir.v2/tags.YML") == .yaml)
        #expect(try SpecFormat.of(path: "a.json") == .json)
        #expect(try SpecFormat.of(path: "a.txt") == .text)
        #expect(try SpecFormat.of(path: "a.csv") == .csv)
        #expect(throws: TagCloudError.unknownFormat(what: "input format", name: ".xml",
                                                    valid: [".json", ".yaml", ".yml", ".txt", ".csv"])) {
            try SpecFormat.of(path: "tags.xml")
        }
        #expect(throws: TagCloudError.self) { try SpecFormat.of(path: "dir.d/README") }
    }

    @Test func guessingTheFormatOfStandardInput() {
        #expect(SpecFormat.guess(Array("  {\"tags\": []}".utf8)) == .json)
        #expect(SpecFormat.guess(Array("[1]".utf8)) == .json)
        #expect(SpecFormat.guess(Array("# c\nwidth: 3\n".utf8)) == .yaml)
        #expect(SpecFormat.guess(Array("- a\n".utf8)) == .yaml)
        #expect(SpecFormat.guess(Array("Swift\nSwiftUI\tp\n".utf8)) == .text)
        // A CSV spec's header names it; a text line with commas is still text.
        #expect(SpecFormat.guess(Array("tag,weight\na,3\n".utf8)) == .csv)
        #expect(SpecFormat.guess(Array("Tag, Weight, HREF\r\na,3,/a\r\n".utf8)) == .csv)
        #expect(SpecFormat.guess(Array("Swift, the language\nLinux\n".utf8)) == .text)
        #expect(SpecFormat.guess(Array("Swift Talk: episode 1".utf8)) == .text)
    }

    /// A TOML spec (Hugo's front matter language) given without a name is refused at its tags'
    /// line: guessed, it was a text whose lines were tags (`width = 300`).
    @Test(arguments: [
        ("width = 300\ntags = [\"Swift\", \"Linux\"]\n", 2),
        ("title = \"x\"\n\n[[tags]]\ntext = \"Swift\"\n", 3),
        ("[[tags]]\ntext = \"Swift\"\n", 1),
        ("  tags=[ 'a' ]", 1),
        ("\"tags\" = [\"x\"]\n", 1),
        ("width = 3\n'tags' = ['x']\n", 2),
        ("[[ tags ]]\ntext = \"a\"\n", 1),
        ("[tags]\nSwift = 3\n", 1),
    ])
    func tomlGivenWithoutANameIsRefused(text: String, line: Int) throws {
        let error = #expect(throws: TagCloudError.self) { try Cloud(parsingGuessed: Array(text.utf8), source: "<stdin>") }
        #expect(error?.location?.line == line, "\(String(describing: error))")
        #expect(error?.location?.column == (text.hasPrefix("  ") ? 3 : 1), "\(String(describing: error))")
        #expect(error?.description.contains("it is TOML") == true, "\(String(describing: error))")
    }

    /// Text and YAML that only look alike are not TOML.
    @Test func tagsThatMentionTOMLAreStillTags() throws {
        #expect(try Cloud(parsingGuessed: Array("tags = fun\ntagsoup = [x]\nE = mc²\n".utf8), source: "<stdin>").tags.count == 3)
        #expect(try Cloud(parsingGuessed: Array("tags: [a]\n# tags = [b]\n".utf8), source: "<stdin>").tags.map(\.text) == ["a"])
    }
}
