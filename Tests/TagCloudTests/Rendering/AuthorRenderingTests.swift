import Canvas
import Foundation
@testable import TagCloud
import TagCloudTesting
import Testing
import TestRandom
import Typesetting

/// What the new keys draw: cut and wrapped labels (no chip wider than the flow, every chip in the
/// picture), counts as a second text, tooltips in SVG, HTML and PDF, font files, and the same
/// layout with and without drawing.
@Suite struct AuthorRenderingTests {
    /// 10,000 characters of words, and one word of 10,000 characters.
    static let longWords: String = {
        let words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split(separator: " ")
        var text = ""
        var index = 0
        while text.count < 10_000 {
            text += words[index % words.count] + " "
            index += 1
        }
        return String(text.prefix(10_000)).trimmingCharacters(in: .whitespaces)
    }()
    static let longWord = String(repeating: "x", count: 10_000)

    @Test func aLabelWiderThanTheRowIsCutToFillIt() throws {
        let rendered = try renderSpec("tags: [Swift, \"\(Self.longWords)\", Linux, \(Self.longWord)]")
        let chips = rendered.layout.chips
        #expect(rendered.layout.width == 390)
        #expect(chips.map(\.x) == [16, 16, 16, 16])
        // The cut chips fill the flow's width (CSS max-width: 100%); the short ones keep theirs.
        #expect(chips[1].width == 358 && chips[3].width == 358)
        #expect(chips[0].width < 100 && chips[0].shown == nil && chips[0].label == nil)
        let shown = try #require(chips[1].shown)
        #expect(shown.hasSuffix("…") && Self.longWords.hasPrefix(String(shown.dropLast())))
        #expect(chips[3].shown?.hasSuffix("x…") == true)
        #expect(chips[1].height == chips[0].height)
        // The full text stays the chip's label in the display list (SVG data-label, PDF).
        let labels = rendered.displayList.flattened.compactMap { $0.item.metadata.identifier == "chip-1" ? $0.item.metadata.label : nil }
        #expect(labels == [Self.longWords])
    }

    /// A label cut on several lines is shown as its lines joined as the text had them: by a space
    /// where it broke at one, by nothing between ideographs (the layout JSON's `shown` put a space
    /// inside a Chinese word).
    @Test func aCutLabelOnSeveralLinesKeepsTheTextsSpacing() throws {
        let han = String(repeating: "直骨", count: 40)
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        let rendered = try renderSpec("width: 120\nchip: {lineLimit: 2}\ntags: [\"\(han)\", \"\(words)\"]")
        let chips = rendered.layout.chips
        let shownHan = try #require(chips[0].shown)
        #expect(shownHan.hasSuffix("…") && !shownHan.contains(" ") && han.hasPrefix(String(shownHan.dropLast())), "\(shownHan)")
        let shownWords = try #require(chips[1].shown)
        #expect(shownWords.hasSuffix("…") && shownWords.contains(" ") && words.hasPrefix(String(shownWords.dropLast()).trimmingCharacters(in: .whitespaces)),
                "\(shownWords)")
    }

    /// A count that cannot fit beside the ellipsis in the flow's width is dropped, and the text is
    /// cut as any other: the chip was as wide as its whole count, wider than the flow, the picture
    /// grew, and the tag's name was a bare "…".
    @Test func aCountTooWideForTheFlowIsLeftOutNotTheFlowWidened() throws {
        let spec = "width: 150\nlabel: \"{text} {weight}\"\ntags:\n  - {text: Kubernetes, weight: 1000000000000}\n  - {text: Go, weight: 1}"
        let rendered = try renderSpec(spec)
        let chips = rendered.layout.chips
        #expect(rendered.layout.width == 182)
        #expect(chips.allSatisfy { $0.width <= 150 }, "\(chips)")
        // The weight makes Kubernetes the largest size: its name is cut, its count left out.
        let shown = try #require(chips[0].shown)
        #expect(chips[0].label == "Kubernetes 1000000000000" && shown.hasPrefix("Kube") && shown.hasSuffix("…") && !shown.contains("1"))
        #expect(chips[1].label == "Go 1" && chips[1].shown == nil)
        let narrow = try renderSpec("width: 120\nfont: {size: 40}\nlabel: \"{text} {weight}\"\ntags:\n  - {text: Swift, weight: 123456}\n  - {text: Kubernetes, weight: 3}\n  - Go")
        #expect(narrow.layout.width == 152, "\(narrow.layout)")
        #expect(narrow.layout.chips[0].shown == "…" && narrow.layout.chips[0].width == 120)
        #expect(narrow.layout.chips[1].shown == "K… 3")
        // Where the ellipsis and the count fit, the count stays and the text is cut.
        let kept = try renderSpec("width: 200\nlabel: \"{text} {weight}\"\ntags:\n  - {text: Kubernetes and more, weight: 1000000000000}")
        #expect(kept.layout.chips[0].width <= 200 && kept.layout.chips[0].shown?.hasSuffix("1000000000000") == true)
    }

    @Test func withALineLimitLongLabelsWrapFirst() throws {
        let one = try renderSpec("tags: [\"\(Self.longWords)\"]").layout.chips[0]
        let three = try renderSpec("chip: {lineLimit: 3}\ntags: [\"\(Self.longWords)\", \(Self.longWord)]").layout.chips
        #expect(three[0].width <= 358 && three[0].height > 2.5 * (one.height - 16) + 16)
        #expect(three[0].shown?.hasSuffix("…") == true && (three[0].shown?.count ?? 0) > 2 * (one.shown?.count ?? 0))
        // A word wider than the row is cut on one line, not broken.
        #expect(three[1].height == one.height && three[1].shown?.hasSuffix("…") == true)
        // Text written without spaces wraps where a browser breaks it: between Japanese and
        // Chinese ideographs, between Thai words (taken for one word wider than the row, each was
        // cut on one line).
        let unspaced = ["日本語の文章はとても長いので三行に折り返されて最後に切れます", "中文文本非常长应该换行到多行然后在最后被截断",
                        "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำแต่ต้องตัดคำให้ถูกต้อง"]
        let wrapped = try renderSpec("width: 220\nchip: {lineLimit: 3}\ntags: [" + unspaced.map { "\"\($0 + $0)\"" }.joined(separator: ", ") + "]")
        for (chip, text) in zip(wrapped.layout.chips, unspaced) {
            #expect(chip.height > 2.5 * (one.height - 16) + 16 && chip.shown?.hasSuffix("…") == true, "\(text): \(chip)")
        }
        // A label that wraps without being cut shows all of it.
        let fits = try renderSpec("width: 120\nchip: {lineLimit: 4}\ntags: [one two three four five]").layout.chips[0]
        #expect(fits.shown == nil && fits.width <= 120 && fits.height > 60)
    }

    /// The property: for random clouds (widths down to nothing, long and short labels, counts,
    /// checkmarks, line limits, every justification and direction), every chip is drawn, inside
    /// the picture, and no wider than the flow unless its padding and an ellipsis alone are.
    @Test func noChipLeavesThePicture() throws {
        var random = SeededRandom(seed: 41)
        let words = ["Swift", "a", "Objective-C", "مرحبا", "👩‍👩‍👧", "lorem ipsum dolor sit amet", Self.longWord.prefix(300).description,
                     String(Self.longWords.prefix(700))]
        for round in 0..<60 {
            let count = Int.random(in: 1...12, using: &random)
            let width = [0, 5, 30, 80, 150, 358, 600].randomElement(using: &random) ?? 358
            let padding = [0, 4, 16].randomElement(using: &random) ?? 0
            let tags = (0..<count).map { index in
                let text = words.randomElement(using: &random) ?? "a"
                let weight = Bool.random(using: &random) ? ", weight: \(Int.random(in: 1...50, using: &random))" : ""
                let selected = Int.random(in: 0..<5, using: &random) == 0 ? ", selected: true" : ""
                return "{text: \"\(text) \(index)\"\(weight)\(selected)}"
            }
            var spec = "width: \(width)\npadding: \(padding)\nchip: {lineLimit: \(Int.random(in: 1...3, using: &random))}\n"
            spec += "style: \(["tagCloud", "suggestionChips", "globulusList"].randomElement(using: &random) ?? "tagCloud")\n"
            spec += "justification: \(["none", "stretch", "spaceBetween"].randomElement(using: &random) ?? "none")\n"
            spec += "direction: \(Bool.random(using: &random) ? "rtl" : "ltr")\n"
            if Bool.random(using: &random) { spec += "label: '{text} {weight}'\n" }
            spec += "tags: [\(tags.joined(separator: ", "))]\n"
            let layout = try renderSpec(spec).layout
            #expect(layout.chips.count == count, "round \(round)")
            for chip in layout.chips {
                #expect(chip.x >= -1e-9 && chip.y >= -1e-9 && chip.x + chip.width <= layout.width + 1e-9
                    && chip.y + chip.height <= layout.height + 1e-9,
                        "round \(round): \(chip.text.prefix(20)) at \(chip.frame) leaves the \(layout.width) × \(layout.height) picture\n\(spec.prefix(300))")
                if width >= 150 {
                    #expect(chip.width <= Double(width) + 1e-9, "round \(round): \(chip.text.prefix(20)) is \(chip.width) wide")
                }
            }
        }
    }

    @Test func aFlowNarrowerThanAnEllipsisGrowsToHoldIt() throws {
        let layout = try renderSpec("width: 5\npadding: 2\ntags: [Swift]").layout
        let chip = layout.chips[0]
        #expect(chip.shown == "…" && chip.width > 5)
        #expect(layout.width == chip.width + 4)
    }

    @Test func countsAreASecondSmallerLighterText() throws {
        let rendered = try renderSpec("label: '{text} {weight}'\ntags: [{text: Swift, weight: 12}, Linux]")
        #expect(rendered.layout.chips.map(\.label) == ["Swift 12", nil])
        #expect(rendered.layout.chips.map(\.shown) == [nil, nil])
        var texts: [(label: String, size: CGFloat, color: Double, opacity: Double)] = []
        let entries = rendered.displayList.flattened
        var groupOpacity: [[Int]: Double] = [:]
        for entry in entries {
            if case .group(let group) = entry.item.content { groupOpacity[entry.path] = group.opacity }
            guard case .text(let text) = entry.item.content, case .color(let color) = text.shading else { continue }
            // What the text is drawn at: its colour's opacity within its groups'.
            let groups = (1..<entry.path.count).map { groupOpacity[Array(entry.path.prefix($0))] ?? 1 }
            texts.append((entry.item.metadata.label ?? "", text.runs.first?.fontSize ?? 0, color.opacity,
                          groups.reduce(color.opacity, *)))
        }
        #expect(texts.map(\.label) == ["Swift", "12", "Linux"])
        // Swift is the heaviest tag (34 pt), Linux counts as weight 1 (17 pt); the count is 80 %,
        // drawn at its effective size (27.2 in single precision).
        #expect(texts.map(\.size) == [34, Font.effectiveSize(34 * 0.8), 17])
        // The count is the text's colour in a group at 60 % (so that a page's --tc-text keeps it lighter).
        #expect(texts.map(\.color) == [1, 1, 1])
        #expect(abs(texts[1].opacity - 0.6) < 1e-9 && texts[0].opacity == 1 && texts[2].opacity == 1)
        // HTML: the texts in a baseline-aligned row, the count at 80 % and 60 % opacity.
        let html = String(decoding: try rendered.data(as: .html), as: UTF8.self)
        // A space between them, which the flex row drops: read without the style sheet, "Swift 12".
        #expect(html.contains("<span class=\"tc-label\"><span class=\"tc-text\">Swift</span> <span class=\"tc-count\">12</span></span>"))
        #expect(html.contains(" .tc-count{flex:none;font-size:80%;opacity:0.6}"))
        #expect(html.contains("<span class=\"tc-text\">Linux</span>"))
        // A cut label keeps its count whole.
        let long = try renderSpec("label: '{text} {weight}'\ntags: [{text: \"\(Self.longWords)\", weight: 1234}]").layout.chips[0]
        #expect(long.shown?.hasSuffix("… 1234") == true && long.width == 358)
    }

    @Test func tooltipsAreSVGTitlesAndPDFAnnotations() throws {
        let spec = """
            tooltip: "{text}: {weight} posts"
            tags: [{text: Swift, weight: 12, href: "https://swift.org"}, {text: Linux, tooltip: "<kernel> & \\"co\\""}, Cairo]
            """
        let rendered = try renderSpec(spec)
        let svg = String(decoding: try rendered.data(as: .svg), as: UTF8.self)
        #expect(svg.contains("-chip-0\" class=\"tc-chip\" role=\"listitem\" aria-label=\"Swift\" data-label=\"Swift\">\n<title>Swift: 12 posts</title>\n"))
        #expect(svg.contains("<title>&lt;kernel&gt; &amp; &quot;co&quot;</title>"))
        // A tag without a weight has no tooltip from a template that names the weight ("Cairo: posts").
        #expect(!svg.contains("<title>Cairo") && rendered.cloud.chips.map(\.tooltip) == ["Swift: 12 posts", "<kernel> & \"co\"", nil])

        // HTML: the chip's title attribute.
        let html = String(decoding: try rendered.data(as: .html), as: UTF8.self)
        #expect(html.contains("aria-label=\"Swift\" title=\"Swift: 12 posts\"><a class=\"tc-body tc-link\""))
        #expect(html.contains("aria-label=\"Linux\" title=\"&lt;kernel&gt; &amp; &quot;co&quot;\"><span"))
        #expect(html.contains("aria-label=\"Cairo\"><span") && !html.contains("Cairo: posts"))

        let pdf = try rendered.data(as: .pdf)
        let text = String(decoding: pdf, as: UTF8.self)
        let annotations = text.components(separatedBy: "/Subtype /Square").count - 1
        #expect(annotations == 2)
        #expect(text.contains("/Subtype /Link") && text.contains("(https://swift.org)"))
        #expect(!text.contains("tagcloud-tooltip"))
        let contents = text.components(separatedBy: "/Contents <").dropFirst().compactMap { $0.split(separator: ">").first }
            .map { Self.utf16BE(String($0)) }
        #expect(contents == ["Swift: 12 posts", "<kernel> & \"co\""])
        // The annotations draw nothing: the same picture without them.
        let plain = try renderSpec(spec.replacingOccurrences(of: "tooltip: \"{text}: {weight} posts\"\n", with: "")
            .replacingOccurrences(of: ", tooltip: \"<kernel> & \\\"co\\\"\"", with: ""))
        #expect(!String(decoding: try plain.data(as: .pdf), as: UTF8.self).contains("/Square"))
        #expect(try plain.data(as: .png) == rendered.data(as: .png))
    }

    /// The text of a PDF hex string with a UTF-16BE byte order mark.
    static func utf16BE(_ hex: String) -> String {
        var units: [UInt16] = []
        var index = hex.index(hex.startIndex, offsetBy: 4)
        while index < hex.endIndex {
            let end = hex.index(index, offsetBy: 4)
            units.append(UInt16(hex[index..<end], radix: 16) ?? 0)
            index = end
        }
        return String(decoding: units, as: UTF16.self)
    }

    @Test func theLayoutJSONCarriesLabelAndShown() throws {
        let layout = CloudLayout(width: 10, height: 10, chips: [
            CloudLayout.Chip(text: "a", label: "a 1", shown: "a…", x: 0, y: 0, width: 1, height: 1),
            CloudLayout.Chip(text: "b", x: 1, y: 0, width: 1, height: 1),
        ])
        let json = String(decoding: layout.jsonData(), as: UTF8.self)
        #expect(json.contains(#"{"text": "a", "label": "a 1", "shown": "a…", "x": 0"#))
        #expect(json.contains(#"{"text": "b", "x": 1"#))
        #expect(try CloudLayout(jsonData: layout.jsonData()) == layout)
    }

    @Test func shuffleAndNameOrderReachThePicture() throws {
        let tags = "tags: [delta, alpha, Charlie, bravo]"
        #expect(try renderSpec("order: name\n" + tags).layout.chips.map(\.text) == ["alpha", "bravo", "Charlie", "delta"])
        let shuffled = try renderSpec("order: {by: shuffle, seed: 5}\n" + tags).layout.chips.map(\.text)
        #expect(shuffled.sorted() == ["Charlie", "alpha", "bravo", "delta"])
        #expect(try renderSpec("order: {by: shuffle, seed: 5}\n" + tags).layout.chips.map(\.text) == shuffled)
        let svg = String(decoding: try renderSpec("order: name\n" + tags).data(as: .svg), as: UTF8.self)
        #expect(svg.contains("-chip-0\" class=\"tc-chip\" role=\"listitem\" aria-label=\"alpha\""))
    }

    /// A spec's font files, a WOFF2 (Inter cut to ASCII) and a TTF (Noto Sans Devanagari cut to a
    /// few Hindi words) from the Typesetting fixtures, draw the chips that name their families:
    /// a golden at `Rendering/__Snapshots__/AuthorRenderingTests/fontFilesDrawTheirChips.1.png`.
    @Test func fontFilesDrawTheirChips() throws {
        let fonts = packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures/Fonts").path
        let cloud = try Cloud(yaml: """
            fonts: ["\(fonts)/InterSubset.woff2", "\(fonts)/DevanagariSubset.ttf"]
            font: {family: Inter}
            label: "{text} {weight}"
            tags: [{text: WOFF2, weight: 3}, {text: "हिन्दी", font: {family: Noto Sans Devanagari}},
                   {text: "नमस्ते", font: {family: Noto Sans Devanagari}}, {text: Fonts, weight: 1}]
            """)
        let rendered = try cloud.rendered(typesetter: bundledTypesetter)
        let faces = Set(rendered.displayList.flattened.flatMap { entry -> [String] in
            guard case .text(let text) = entry.item.content else { return [] }
            return text.runs.map { ($0.face.path as NSString).lastPathComponent }
        })
        #expect(faces == ["InterSubset.woff2", "DevanagariSubset.ttf"])
        assertSnapshot(of: cloud, as: .image(scale: 2))
    }

    /// `Cloud.layout()` lays out without drawing, yet gives what the drawn pass gives, the shown
    /// text of cut labels included, for every sample spec (each order, palette, gradient, counts,
    /// long tags) and random clouds with long labels, counts and line limits.
    @Test func theLayoutAloneEqualsTheDrawnLayout() throws {
        for spec in try SampleGoldenTests.specs() {
            let cloud = try Cloud(contentsOf: SampleGoldenTests.samples.appendingPathComponent(spec))
            #expect(try cloud.layout(typesetter: bundledTypesetter) == cloud.rendered(typesetter: bundledTypesetter).layout, "\(spec)")
        }
        var random = SeededRandom(seed: 17)
        for _ in 0..<20 {
            let tags = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                let text = Bool.random(using: &random) ? String(Self.longWords.prefix(Int.random(in: 1...400, using: &random))) : "Swift"
                return "{text: \"\(text)\", weight: \(Int.random(in: 1...50, using: &random))}"
            }
            let yaml = """
                width: \(Int.random(in: 40...400, using: &random))
                maxRows: \(Int.random(in: 1...4, using: &random))
                chip: {lineLimit: \(Int.random(in: 1...3, using: &random))}
                label: '\(Bool.random(using: &random) ? "{text} {weight}" : "{text}")'
                tags: [\(tags.joined(separator: ", "))]
                """
            let cloud = try Cloud(yaml: yaml)
            #expect(try cloud.layout(typesetter: bundledTypesetter) == cloud.rendered(typesetter: bundledTypesetter).layout, "\(yaml)")
        }
    }
}
