import Canvas
import Foundation
@testable import TagCloud
import Testing
import Typesetting
import TestRandom

/// The cloud's layout and drawing, against values computed independently from the text engine's
/// measurements and the spec's numbers.
@Suite struct CloudRendererTests {
    /// The layout size Typesetting gives a label (what a chip's text takes).
    func textSize(_ text: String, size: CGFloat = 17, weight: Font.Weight = .regular) throws -> CGSize {
        try bundledTypesetter.shape(text, font: Font(size: size, weight: weight)).size
    }

    /// The rows of a layout: chips grouped by their top edge.
    func rows(_ layout: CloudLayout) -> [[CloudLayout.Chip]] {
        var rows: [[CloudLayout.Chip]] = []
        for chip in layout.chips {
            if let last = rows.last?.last, last.y == chip.y { rows[rows.count - 1].append(chip) } else { rows.append([chip]) }
        }
        return rows
    }

    @Test func chipsAreTheirTextPaddedAndFlowedLeftToRight() throws {
        let tags = ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine", "Async/Await", "Core Data"]
        let layout = try renderSpec("tags: [\(tags.joined(separator: ", "))]").layout
        #expect(layout.width == 390)
        var x = 16.0
        var y = 16.0
        for (chip, tag) in zip(layout.chips, tags) {
            let text = try textSize(tag)
            #expect(chip.text == tag)
            #expect(chip.width == Double(text.width) + 24)
            #expect(chip.height == Double(text.height) + 16)
            if x > 16, x + chip.width > 16 + 358 {
                x = 16
                y += chip.height + 8
            }
            #expect((chip.x, chip.y) == (x, y), "\(tag)")
            x += chip.width + 8
        }
        #expect(layout.height == y + 36 + 16)
    }

    @Test func theLayoutJSONIsExact() throws {
        let layout = CloudLayout(width: 390, height: 68.5, chips: [
            CloudLayout.Chip(text: "Swift \"5\" \\ é", x: 16, y: 16, width: 66.8125, height: 36),
            CloudLayout.Chip(text: "+2", x: 90.8125, y: 16.25, width: 1e-3, height: 36),
        ])
        #expect(String(decoding: layout.jsonData(), as: UTF8.self) == """
            {"width": 390, "height": 68.5, "chips": [
              {"text": "Swift \\"5\\" \\\\ é", "x": 16, "y": 16, "width": 66.8125, "height": 36},
              {"text": "+2", "x": 90.8125, "y": 16.25, "width": 0.001, "height": 36}
            ]}

            """)
        #expect(String(decoding: CloudLayout(width: 1, height: 2, chips: []).jsonData(), as: UTF8.self)
                == "{\"width\": 1, \"height\": 2, \"chips\": []}\n")
        #expect(try CloudLayout(jsonData: layout.jsonData()) == layout)
    }

    @Test func rightToLeftMirrorsTheRows() throws {
        let spec = "width: 300\ntags: [Swift, SwiftUI, Xcode, UIKit, Combine, Core Data]\n"
        let ltr = try renderSpec(spec).layout
        let rtl = try renderSpec(spec + "direction: rtl\n").layout
        #expect(rtl.width == ltr.width)
        for (a, b) in zip(ltr.chips, rtl.chips) {
            #expect(b.x == ltr.width - a.x - a.width)
            #expect((b.y, b.width, b.height) == (a.y, a.width, a.height))
        }
    }

    @Test func baselineAlignmentLinesUpTheTextBaselines() throws {
        let sizes: [CGFloat] = [12, 34, 17, 22, 9, 28, 15]
        let tags = sizes.enumerated().map { "{text: T\($0.offset)y, font: {size: \($0.element)}}" }
        let layout = try renderSpec("alignment: leadingFirstTextBaseline\nwidth: 250\nchip: {padding: {horizontal: 6, vertical: 3}}\ntags: [\(tags.joined(separator: ", "))]").layout
        var baselines: [Double: [Double]] = [:]
        var rowOf: [Int] = []
        var row = 0
        var bottom = -Double.infinity
        for (index, chip) in layout.chips.enumerated() {
            if index > 0, chip.y >= bottom { row += 1; bottom = -.infinity }
            bottom = max(bottom, chip.y + chip.height)
            rowOf.append(row)
            let text = try bundledTypesetter.shape("T\(index)y", font: Font(size: sizes[index]))
            baselines[Double(row), default: []].append(chip.y + 3 + Double(text.firstBaseline))
        }
        #expect(Set(rowOf).count > 1)
        for (_, values) in baselines { #expect(Set(values).count == 1, "\(values)") }
    }

    @Test func stretchGrowsTheChipsOfARowEqually() throws {
        let tags = ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine", "Async/Await"]
        let layout = try renderSpec("justification: stretch\ntags: [\(tags.joined(separator: ", "))]").layout
        var index = 0
        for row in rows(layout) {
            let grown = try row.map { chip -> Double in
                defer { index += 1 }
                return chip.width - Double(try textSize(tags[index]).width) - 24
            }
            #expect(abs((row.last.map { $0.x + $0.width } ?? 0) - (16 + 358)) < 1e-9)
            #expect(grown.allSatisfy { abs($0 - grown[0]) < 1e-9 && $0 >= 0 }, "\(grown)")
        }
    }

    @Test func justificationsShareTheFreeSpaceAsCSSDoes() throws {
        let tags = "tags: [Swift, SwiftUI, Xcode]\nwidth: 300\npadding: 0\nspacing: 10\n"
        let natural = try renderSpec(tags).layout.chips
        let used = natural.reduce(0) { $0 + $1.width } + 20
        let free = 300 - used
        let expectations: [(String, [Double])] = [
            ("spaceBetween", [0, natural[0].width + 10 + free / 2, 300 - natural[2].width]),
            ("spaceAround", [free / 6, natural[0].width + 10 + free / 2, 300 - natural[2].width - free / 6]),
            ("spaceEvenly", [free / 4, natural[0].width + 10 + free / 2, 300 - natural[2].width - free / 4]),
        ]
        for (justification, xs) in expectations {
            let chips = try renderSpec(tags + "justification: \(justification)\n").layout.chips
            for (chip, x) in zip(chips, xs) { #expect(abs(chip.x - x) < 1e-9, "\(justification)") }
        }
        let centred = try renderSpec(tags + "alignment: center\n").layout.chips
        #expect(abs(centred[0].x - free / 2) < 1e-9)
        let alone = try renderSpec("tags: [Swift]\nwidth: 300\npadding: 0\njustification: spaceBetween\n").layout.chips
        #expect(alone[0].x == 0)
    }

    @Test func maxRowsShowsAsManyTagsAsFitBesideThePlusChip() throws {
        var generator = SeededRandom(seed: 5)
        let words = ["Swift", "Go", "TypeScript", "Rust", "Kotlin", "a", "Objective-C", "Zig", "Haskell", "Python 3"]
        for _ in 0..<25 {
            let count = Int.random(in: 1...40, using: &generator)
            let tags = (0..<count).map { "\(words.randomElement(using: &generator) ?? "a")\($0)" }
            let width = [120, 200, 358, 500].randomElement(using: &generator) ?? 358
            let maxRows = Int.random(in: 1...3, using: &generator)
            let base = "width: \(width)\nmaxRows: \(maxRows)\n"
            let rendered = try renderSpec(base + "tags: [\(tags.joined(separator: ", "))]")
            let layout = rendered.layout
            #expect(rows(layout).count <= maxRows)
            guard rendered.hiddenCount > 0 else {
                #expect(layout.chips.map(\.text) == tags)
                continue
            }
            let shown = count - rendered.hiddenCount
            #expect(layout.chips.map(\.text) == Array(tags.prefix(shown)) + ["+\(rendered.hiddenCount)"])
            // One more tag and the chip for the rest would not fit in the rows.
            if rendered.hiddenCount > 1 {
                let more = Array(tags.prefix(shown + 1)) + ["\"+\(rendered.hiddenCount - 1)\""]
                let bigger = try renderSpec("width: \(width)\ntags: [\(more.joined(separator: ", "))]").layout
                #expect(rows(bigger).count > maxRows, "\(tags) \(width) \(maxRows)")
            }
        }
    }

    /// With one row allowed and a first tag too wide to go beside the "+N" chip, the first tag is
    /// cut to the room the "+N" chip leaves, rather than the "+N" chip standing alone (which
    /// showed no tag at all); in either direction, whether the tag is wider than the row or only
    /// too wide to share it. Only when even the room cannot hold a chip does "+N" stand alone.
    @Test(arguments: [
        ("ltr", "An extraordinarily long first tag that cannot fit the row at all", ""),
        ("ltr", "A tag of about the rows width here", ""),
        ("rtl", "שלום עולם זהו תג ארוך מאוד שנחתך בשורה אחת", ""),
        // A stretched row gave the "+N" chip alone the whole row.
        ("ltr", "An extraordinarily long first tag that cannot fit the row at all", "justification: stretch\n"),
    ])
    func aFirstTagTooWideForTheOneRowSharesItWithThePlusChip(direction: String, first: String, more: String) throws {
        let spec = "width: 300\nmaxRows: 1\ndirection: \(direction)\n\(more)tags: [\"\(first)\", b, c, d]\n"
        let rendered = try renderSpec(spec)
        let chips = rendered.layout.chips
        try #require(chips.count == 2, "\(chips.map(\.text))")
        #expect(chips[0].text == first && chips[0].shown != nil, "the first tag is shown, cut")
        #expect(chips[1].text == "+3" && rendered.hiddenCount == 3)
        #expect(chips[0].y == chips[1].y, "one row")
        let (leading, trailing) = direction == "rtl" ? (chips[1], chips[0]) : (chips[0], chips[1])
        #expect(leading.x + leading.width + 8 <= trailing.x + 1e-9, "the chips keep their spacing")
        #expect(leading.x >= 16 - 1e-9 && trailing.x + trailing.width <= 16 + 300 + 1e-9, "both inside the row")
        // The two fill the row: the cut tag takes all the room the "+N" chip leaves.
        #expect(leading.x <= 16 + 0.1 && trailing.x + trailing.width >= 16 + 300 - 0.1, "the cut tag takes the room")
        #expect(rendered.displayList.size.height == 68)
        // The tag that would start the last of two rows is cut to share it, rather than leave
        // that row to the "+N" chip alone (it was "Swift +4" on the first row, the second empty).
        let two = try renderSpec("width: 300\nmaxRows: 2\ndirection: \(direction)\n\(more)tags: [Swift, \"\(first)\", b, c, d]\n")
        #expect(two.layout.chips.map(\.text) == ["Swift", first, "+3"] && two.layout.chips[1].shown != nil,
                "\(two.layout.chips.map(\.text))")
        #expect(two.layout.chips[1].y == two.layout.chips[2].y && two.layout.chips[0].y < two.layout.chips[1].y)
        // Too narrow a row for any tag beside "+3": it stands alone, as before; narrower than
        // "+4" itself, the picture grows to hold it whole (it was cut to "…").
        for width in [60, 40] {
            let narrow = try renderSpec("width: \(width)\nmaxRows: 1\n\(more)tags: [\"\(first)\", b, c, d]\n")
            #expect(narrow.layout.chips.map(\.text) == ["+4"] && narrow.layout.chips[0].shown == nil, "\(width)")
            #expect(narrow.layout.width >= narrow.layout.chips[0].width + 32, "\(width)")
        }
    }

    /// A room beside the "+N" chip that keeps no letter of the tag gives no chip of "…" alone: the
    /// tag is counted by the "+N" chip (a 100-point row of `tag-cloud.yaml`'s tags drew "…" and
    /// "+6"); a room that keeps a letter still cuts the tag.
    @Test func aCutThatKeepsNoLetterIsCountedInstead() throws {
        let tags = "tags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Core Data, Vapor]\n"
        for width in [96, 100, 104] {
            let rendered = try renderSpec("width: \(width)\nmaxRows: 2\n" + tags)
            let chips = rendered.layout.chips
            #expect(!chips.contains { $0.shown.map { $0.replacingOccurrences(of: "…", with: "").isEmpty } ?? false },
                    "\(width): \(chips.map { "\($0.text) → \($0.shown ?? $0.text)" })")
            #expect(chips.last?.text == "+\(8 - (chips.count - 1))" && rendered.hiddenCount == 8 - (chips.count - 1))
        }
        let wider = try renderSpec("width: 110\nmaxRows: 2\n" + tags)
        #expect(wider.layout.chips.contains { ($0.shown?.count ?? 0) > 1 }, "\(wider.layout.chips.map { $0.shown ?? $0.text })")
    }

    @Test func selectedChipsShowACheckmarkAndABorder() throws {
        let layout = try renderSpec("style: suggestionChips\ntags: [Exercise, {text: Exercise, selected: true}]\n")
        let plain = layout.layout.chips[0]
        let selected = layout.layout.chips[1]
        // The checkmark (12 pt bold) and the HStack's 6 pt spacing widen the chip.
        #expect(selected.width > plain.width + 6)
        #expect(selected.height == plain.height)
        let strokes = layout.displayList.flattened.compactMap { entry -> StrokeStyle? in
            if case .stroke(_, .color(let color), let style, .inside) = entry.item.content,
               color == RGBAColor(red8: 0, green8: 122, blue8: 255) { return style }
            return nil
        }
        #expect(strokes.map(\.lineWidth) == [1.5])
    }

    @Test func linksAndIdentifiersReachSVGAndPDF() throws {
        let rendered = try renderSpec("tags: [{text: Swift, href: \"https://www.swift.org\"}, Linux]\n")
        let svg = String(decoding: try rendered.data(as: .svg), as: UTF8.self)
        #expect(svg.contains("https://www.swift.org"))
        #expect(svg.contains("-chip-0\" class=\"tc-chip\" role=\"listitem\""))
        #expect(svg.contains("-chip-1\" class=\"tc-chip\" role=\"listitem\""))
        let pdf = String(decoding: try rendered.data(as: .pdf), as: UTF8.self)
        #expect(pdf.contains("/URI (https://www.swift.org)"))
    }

    /// The PDF is named as the SVG is: by the spec's `title`, or "Tag cloud".
    @Test func thePDFIsNamedByTheTitle() throws {
        func title(_ spec: String) throws -> String? {
            let pdf = String(decoding: try renderSpec(spec).data(as: .pdf), as: UTF8.self)
            return pdf.components(separatedBy: "\n").first { $0.contains("/Title") }?.trimmingCharacters(in: .whitespaces)
        }
        #expect(try title("tags: [Swift]\n") == "/Title (Tag cloud)")
        #expect(try title("title: Posts\ntags: [Swift]\n") == "/Title (Posts)")
    }

    /// Every link annotation of the PDF lies over its own chip: its rectangle is the chip's frame
    /// (in PDF's upward coordinates, rounded outwards to whole points as Cairo writes it) and its
    /// URI that chip's `href`; chips without `href` get none. Left to right and mirrored, over
    /// several rows.
    @Test(arguments: ["ltr", "rtl"]) func pdfLinksCoverTheirOwnChips(direction: String) throws {
        let tags = ["Swift", "Linux", "Cairo", "HarfBuzz", "FreeType", "Fontconfig", "pixman", "FriBidi", "Inter"]
        let links = [0: "https://www.swift.org", 2: "https://cairographics.org/a(b)", 5: "https://fontconfig.org",
                     8: "https://rsms.me/inter/"]
        let items = tags.enumerated().map { index, tag in
            links[index].map { "{text: \(tag), href: \"\($0)\"}" } ?? tag
        }
        let rendered = try renderSpec("width: 200\ndirection: \(direction)\ntags: [\(items.joined(separator: ", "))]\n")
        let layout = rendered.layout
        #expect(Set(layout.chips.map(\.y)).count >= 3, "the tags wrap into several rows")
        let annotations = Self.linkAnnotations(String(decoding: try rendered.data(as: .pdf), as: UTF8.self))
        #expect(annotations.count == links.count)
        for (index, uri) in links {
            let chip = layout.chips[index]
            // The chip in PDF coordinates: x to the right, y up from the page's bottom edge.
            let (left, right) = (chip.x, chip.x + chip.width)
            let (bottom, top) = (layout.height - chip.y - chip.height, layout.height - chip.y)
            let covering = annotations.filter { rect in
                rect.x0 <= left && rect.x0 > left - 1 && rect.x1 >= right && rect.x1 < right + 1
                    && rect.y0 <= bottom && rect.y0 > bottom - 1 && rect.y1 >= top && rect.y1 < top + 1
            }
            // As the PDF holds it: parentheses percent-encoded (Cairo writes the URI into a literal
            // string as it is, and one alone broke the file).
            let held = uri.replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")
            #expect(covering.map(\.uri) == [held], "\(direction): chip \(chip.text) at \(chip) has links \(covering) of \(annotations)")
        }
    }

    /// The link annotations of a Cairo PDF: each `/Rect` with the `/URI` of its action.
    static func linkAnnotations(_ pdf: String) -> [(x0: Double, y0: Double, x1: Double, y1: Double, uri: String)] {
        pdf.components(separatedBy: "/Subtype /Link").dropFirst().compactMap { object in
            let lines = object.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let rect = lines.first(where: { $0.hasPrefix("/Rect [") }),
                  let uri = lines.first(where: { $0.hasPrefix("/URI (") && $0.hasSuffix(")") }) else { return nil }
            let numbers = rect.dropFirst("/Rect [".count).split(separator: " ").compactMap { Double($0) }
            guard numbers.count == 4 else { return nil }
            return (numbers[0], numbers[1], numbers[2], numbers[3], String(uri.dropFirst("/URI (".count).dropLast()))
        }
    }

    @Test func themesBackgroundsAndScale() throws {
        func corner(_ spec: String) throws -> [UInt8] {
            let image = try RGBAImage(pngData: try renderSpec(spec).data(as: .png))
            return Array(image.pixels[0..<4])
        }
        #expect(try corner("tags: [a]\n") == [255, 255, 255, 255])
        #expect(try corner("theme: dark\ntags: [a]\n") == [0, 0, 0, 255])
        #expect(try corner("background: transparent\ntags: [a]\n")[3] == 0)
        #expect(try corner("background: \"#336699\"\ntags: [a]\n") == [0x33, 0x66, 0x99, 255])
        let rendered = try renderSpec("scale: 3\ntags: [a]\n")
        let image = try RGBAImage(pngData: rendered.data(as: .png))
        #expect(image.width == 390 * 3)
        #expect(Double(image.height) == rendered.layout.height * 3)
    }

    @Test func weightsMakeHeavierTagsLarger() throws {
        let layout = try renderSpec("weights: {minSize: 10, maxSize: 30}\ntags: [{text: a, weight: 1}, {text: a, weight: 2}, {text: a, weight: 3}]\n").layout
        let heights = layout.chips.map(\.height)
        #expect(heights == heights.sorted() && Set(heights).count == 3)
        #expect(layout.chips[0].width == Double(try textSize("a", size: 10).width) + 24)
        #expect(layout.chips[2].width == Double(try textSize("a", size: 30).width) + 24)
    }

    @Test func anEmptyCloudIsItsMargins() throws {
        let rendered = try renderSpec("tags: []\n")
        #expect(rendered.layout == CloudLayout(width: 390, height: 32, chips: []))
        #expect(rendered.displayList.items.isEmpty)
    }
}

/// A long layout is written as JSON on every core, in pieces joined in order: the same bytes as
/// one pass writes, for any number of chips.
@Suite struct LayoutJSONPiecesTests {
    @Test(arguments: [0, 1, 2, 15, 16, 17, 1000, 5003])
    func piecesJoinToTheSameBytes(count: Int) throws {
        var generator = SeededRandom(seed: UInt64(count) + 7)
        let texts = ["Swift", "a \"quoted\" tag", "emoji 💪", "back\\slash", "عربي", "tab\there"]
        var chips: [CloudLayout.Chip] = []
        for index in 0..<count {
            let text: String = texts[index % texts.count] + String(index)
            let label: String? = Bool.random(using: &generator) ? "label " + String(index) : nil
            let x = Double(Int.random(in: 0..<100_000, using: &generator)) / 64
            let fonts: [String] = Array(["Inter", "Noto Color Emoji"].prefix(index % 3))
            chips.append(CloudLayout.Chip(text: text, label: label, shown: index % 7 == 0 ? "cut…" : nil, x: x,
                                          y: Double(index) * 1.5, width: 40.25, height: 36, fonts: fonts))
        }
        let layout = CloudLayout(width: 1200, height: Double(count) * 2, chips: chips)
        let whole = layout.jsonData(concurrentChips: Int.max)
        #expect(layout.jsonData(concurrentChips: 1) == whole)
        #expect(layout.jsonData() == whole)
        #expect(try CloudLayout(jsonData: whole) == layout)
    }
}
