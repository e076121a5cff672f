import Foundation
@testable import TagCloud
import Testing

/// The command's layout against Chromium's CSS flex-wrap, case by case.
///
/// `Fixtures/chromium-flex.json` holds seeded random clouds (tags with font sizes and weights,
/// chip padding, gaps, width, justification, alignment with baselines, direction) and the boxes
/// headless Chromium gave their chips (`Tools/browser/flexrefs.py`; `make refs` regenerates it).
/// Each case becomes a spec, goes through the whole pipeline (parse, resolve, views, layout) to
/// the layout JSON, and is compared: every chip's width within 0.05 pt, x within 0.25 pt, the same
/// rows, y within 0.25 pt, heights within 0.05 pt, and the container's height. Chips are at most
/// the container's width, a longer label cut with an ellipsis (CSS `max-width: 100%`,
/// `text-overflow: ellipsis`). The one deliberate difference: a chip whose padding and ellipsis
/// alone are wider than its container keeps them and the container grows to hold it, where CSS
/// clips the chip to the container; in such a case x is not compared, nor that chip's width. The
/// fixture's CSS also asks for `safe` alignment (LayoutKit's `FlowLayout` places a subview wider
/// than the flow at the leading edge), which no chip of a cloud needs, as none is wider.
@Suite struct ChromiumFlexTests {
    struct Fixture: Decodable {
        var browser: String
        var cases: [Case]
    }

    struct Case: Decodable {
        var name: String
        var width: Double
        var columnGap: Double
        var rowGap: Double
        var paddingH: Double
        var paddingV: Double
        var justification: String
        var horizontal: String
        var vertical: String
        var direction: String
        var family: String?
        var tags: [Tag]
        var expected: Expected
    }

    struct Tag: Decodable {
        var text: String
        var size: Double
        var weight: Int
    }

    struct Expected: Decodable {
        var height: Double
        var chips: [Box]
    }

    struct Box: Decodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// The committed fixture, or the file `TAGCLOUD_CHROMIUM_FLEX` names: fresh cases from
    /// `python3 Tools/browser/flexrefs.py --seed N --out FILE`, to check cases the fixture does not
    /// hold without committing them.
    static let fixture: Fixture = {
        let url = ProcessInfo.processInfo.environment["TAGCLOUD_CHROMIUM_FLEX"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.appendingPathComponent("Tests/TagCloudTests/Fixtures/chromium-flex.json")
        return load(url)
    }()

    /// The same kinds of cases with every tag at a fractional size (9 to 48 px, 6 decimals), as a
    /// weighted cloud's interpolated sizes are: `flexrefs.py --fractional-sizes` (`make refs`).
    /// Chromium shapes them at the size floored to 1/100 px, given to FreeType truncated to 1/64.
    static let fractionalFixture = load(packageRoot.appendingPathComponent("Tests/TagCloudTests/Fixtures/chromium-flex-fractional.json"))

    static func load(_ url: URL) -> Fixture {
        do {
            return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }

    /// The spec of a case: its keys as the TagCloud DocC catalog's CSS correspondence maps them.
    static func spec(_ c: Case) -> String {
        let vertical = ["top": "top", "center": "", "bottom": "bottom",
                        "firstTextBaseline": "FirstTextBaseline", "lastTextBaseline": "LastTextBaseline"][c.vertical] ?? ""
        let alignment: String = switch (vertical, c.horizontal) {
        case ("", let horizontal): horizontal
        case ("top", "center"), ("bottom", "center"): vertical
        case (let v, "center") where v.hasSuffix("Baseline"): "center" + v
        case (let v, let h) where v.hasSuffix("Baseline"): h + v
        case (let v, let h): v + h.prefix(1).uppercased() + h.dropFirst()
        }
        let tags = c.tags.map { tag in
            "{\"text\": \(jsonString(tag.text)), \"font\": {\"size\": \(tag.size), \"weight\": \(tag.weight)}}"
        }
        let font = c.family.map { $0 == "Inter" ? "" : "\"font\": {\"family\": \(jsonString($0))}," } ?? ""
        return """
            {"width": \(c.width), "padding": 0, \(font) "spacing": {"horizontal": \(c.columnGap), "vertical": \(c.rowGap)},
             "alignment": "\(alignment)", "justification": "\(c.justification)", "direction": "\(c.direction)",
             "chip": {"padding": {"horizontal": \(c.paddingH), "vertical": \(c.paddingV)}},
             "tags": [\(tags.joined(separator: ", "))]}
            """
    }

    static func jsonString(_ text: String) -> String {
        var output = JSONBytes()
        output.append(string: text)
        return output.string
    }

    /// The row of each box: a box starts a new row when its top is at or below the bottom of the
    /// row so far (rows never overlap, whatever the vertical alignment).
    static func rows(_ boxes: [(y: Double, height: Double)]) -> [Int] {
        var rows: [Int] = []
        var row = 0
        var bottom = -Double.infinity
        for (index, box) in boxes.enumerated() {
            if index > 0, box.y >= bottom - 0.01 {
                row += 1
                bottom = -.infinity
            }
            rows.append(row)
            bottom = max(bottom, box.y + box.height)
        }
        return rows
    }

    /// What comparing one case found.
    struct Deviation {
        var width = 0.0, x = 0.0, y = 0.0, height = 0.0, containerHeight = 0.0
        var rowsMatch = true
        var overflowing = 0
        var grownCases = 0
        /// Chips whose label was cut to the container's width.
        var cut = 0

        mutating func merge(_ other: Deviation) {
            width = max(width, other.width)
            x = max(x, other.x)
            y = max(y, other.y)
            height = max(height, other.height)
            containerHeight = max(containerHeight, other.containerHeight)
            rowsMatch = rowsMatch && other.rowsMatch
            overflowing += other.overflowing
            grownCases += other.grownCases
            cut += other.cut
        }
    }

    @MainActor
    static func compare(_ c: Case) throws -> Deviation {
        deviation(of: try renderSpec(spec(c), format: .json).layout, from: c)
    }

    /// How a layout deviates from a case's Chromium boxes.
    static func deviation(of layout: CloudLayout, from c: Case) -> Deviation {
        var deviation = Deviation()
        #expect(layout.chips.count == c.expected.chips.count, "\(c.name): chip count")
        // The deliberate difference: a chip whose padding and ellipsis alone are wider than the
        // container keeps them, and the container grows to hold it (CSS clips the chip to the
        // container), so rows align in a wider container: x is not compared in such a case, nor
        // that chip's width; it shows no more than the ellipsis.
        let grown = layout.chips.contains { $0.width > c.width + 1.0 / 128 }
        if grown { deviation.grownCases = 1 }
        for ((chip, box), tag) in zip(zip(layout.chips, c.expected.chips), c.tags) {
            deviation.height = max(deviation.height, abs(chip.height - box.height))
            deviation.y = max(deviation.y, abs(chip.y - box.y))
            if chip.width > c.width + 1.0 / 128 {
                deviation.overflowing += 1
                // A label that is itself "…" is shown whole (not cut).
                #expect(chip.shown == "…" || (chip.shown == nil && tag.text == "…"),
                        "\(c.name): a chip wider than its container shows only the ellipsis")
            } else {
                deviation.width = max(deviation.width, abs(chip.width - box.width))
            }
            if chip.shown != nil { deviation.cut += 1 }
            if !grown { deviation.x = max(deviation.x, abs(chip.x - box.x)) }
        }
        deviation.rowsMatch = rows(layout.chips.map { ($0.y, $0.height) })
            == rows(c.expected.chips.map { ($0.y, $0.height) })
        deviation.containerHeight = abs(layout.height - c.expected.height)
        return deviation
    }

    @Test @MainActor func everyCaseMatchesChromium() throws {
        #expect(Self.fixture.cases.count >= 400)
        try Self.check(Self.fixture, label: "chromium-flex")
    }

    @Test("Fractional font sizes (a weighted cloud's) match Chromium too") @MainActor
    func fractionalSizesMatchChromium() throws {
        let fixture = Self.fractionalFixture
        #expect(fixture.cases.count >= 140)
        #expect(fixture.cases.flatMap(\.tags).allSatisfy { $0.size != $0.size.rounded() })
        try Self.check(fixture, label: "chromium-flex-fractional")
    }

    /// Lengths off the 1/64 grid, exactly as Chromium 156 laid them out (a flex-wrap page with the
    /// bundled Inter, boxes from `getBoundingClientRect()`): Blink cuts CSS lengths down to its
    /// 1/64 px layout units, so a width 1/128 short of a row does not hold it, and fractional
    /// spacing and padding do not add up to more than in the browser over many rows.
    @Test(arguments: [
        // The row needs 155.125: 155.12 is 155.109375 in the browser, so SwiftUI wraps.
        ("width: 155.12\ntags: [Swift, SwiftUI]", 187.109375, 112.0, [(16.0, 16.0, 65.015625, 36.0), (16, 60, 82.109375, 36)]),
        // 8.1 is 8.09375 a gap, so café still fits the first row.
        ("width: 296.76\nspacing: 8.1\ntags: [Swift, SwiftUI, Linux, café]", 328.75, 68,
         [(16, 16, 65.015625, 36), (89.109375, 16, 82.109375, 36), (179.3125, 16, 66.609375, 36), (254.015625, 16, 58.734375, 36)]),
        // 0.3 is 0.296875 between rows: 39 gaps.
        ("width: 100\nspacing: {horizontal: 8, vertical: 0.3}\ntags: [" + Array(repeating: "Swift", count: 40).joined(separator: ", ") + "]",
         132, 1483.578125, [(16, 16, 65.015625, 36), (16, 52.296875, 65.015625, 36)]),
        // A chip's padding of 0.7 is 0.6875.
        ("width: 300\nchip: {padding: 0.7}\ntags: [Swift, SwiftUI]", 332, 53.375,
         [(16, 16, 42.390625, 21.375), (66.390625, 16, 59.484375, 21.375)]),
    ] as [(String, Double, Double, [(Double, Double, Double, Double)])])
    @MainActor func lengthsOffTheLayoutGridAreCutToItAsInChromium(spec: String, width: Double, height: Double,
                                                                  chips: [(Double, Double, Double, Double)]) throws {
        let layout = try renderSpec(spec).layout
        #expect(layout.width == width)
        #expect(layout.height == height)
        for (chip, box) in zip(layout.chips, chips) {
            #expect(chip.x == box.0 && chip.y == box.1 && chip.width == box.2 && chip.height == box.3,
                    "\(chip.text): \(chip.x), \(chip.y), \(chip.width) × \(chip.height); Chromium \(box)")
        }
    }

    @MainActor
    static func check(_ fixture: Fixture, label: String) throws {
        var total = Deviation()
        var failing: [String] = []
        for c in fixture.cases {
            let deviation = try compare(c)
            total.merge(deviation)
            if deviation.width > 0.05 || deviation.x > 0.25 || !deviation.rowsMatch || deviation.y > 0.25
                || deviation.height > 0.05 || deviation.containerHeight > 0.25 {
                failing.append("\(c.name) (w \(deviation.width), x \(deviation.x), y \(deviation.y), "
                               + "h \(deviation.height), rows \(deviation.rowsMatch), H \(deviation.containerHeight))")
            }
        }
        print("\(label): \(fixture.cases.count) cases, \(fixture.cases.map(\.tags.count).reduce(0, +)) chips against \(fixture.browser): max |Δwidth| \(total.width), "
              + "|Δx| \(total.x), |Δy| \(total.y), |Δheight| \(total.height), |Δcontainer height| "
              + "\(total.containerHeight); \(total.cut) labels cut, \(total.overflowing) chips wider than their container in \(total.grownCases) cases (their width and the case's x not compared); "
              + "\(failing.count) failing")
        #expect(failing.isEmpty, "cases off Chromium: \(failing.joined(separator: "; "))")
        // Labels too wide for their container are compared too, and the fixture must hold some.
        #expect(total.cut > 0)
    }
}
