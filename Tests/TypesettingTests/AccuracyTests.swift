import Foundation
import Testing
@testable import Typesetting

/// One string shaped by `hb-shape` with one bundled font (Fixtures/hb_shape_refs.json).
struct HarfBuzzReference: Decodable {
    var font: String
    var text: String
    var glyphs: [UInt32]
    var clusters: [Int]
    var advanceUnits: Int
    var unitsPerEm: Int
    var widths: [Double]?
}

struct HarfBuzzReferences: Decodable {
    var sizes: [Double]
    var cases: [HarfBuzzReference]
}

/// One string laid out by headless Chromium (Fixtures/chromium_refs.json).
struct ChromiumReference: Decodable {
    var text: String
    var family: String
    var weight: Int
    var italic: Bool
    var size: Double
    var width: Double
    var height: Double
    var baseline: Double
}

struct ChromiumReferences: Decodable {
    var cases: [ChromiumReference]
}

func loadFixture<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
    let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent(name))
    return try JSONDecoder().decode(T.self, from: data)
}

/// The font request that selects the face of a reference file.
func font(forReferenceFile file: String, size: CGFloat) -> Font {
    let name = (file as NSString).lastPathComponent
    let family = file.hasPrefix("Inter/") ? "Inter" : file.hasPrefix("DejaVu/") ? "DejaVu Sans" : "Noto Color Emoji"
    let weight: Font.Weight = name.contains("SemiBold") ? .semibold : name.contains("Bold") ? .bold
        : name.contains("Medium") ? .medium : .regular
    return Font(family: family, size: size, weight: weight, italic: name.contains("Italic") || name.contains("Oblique"))
}

@Suite struct HarfBuzzAccuracyTests {
    let references: HarfBuzzReferences

    init() throws {
        references = try loadFixture("hb_shape_refs.json", as: HarfBuzzReferences.self)
    }

    @Test func thereAreSeveralHundredReferences() {
        #expect(references.cases.count >= 500)
        #expect(references.sizes.first == 9 && references.sizes.last == 72)
    }

    /// Glyph ids and clusters equal hb-shape's for every reference string in its font.
    @Test func glyphsAndClustersMatchHbShape() throws {
        var mismatches: [String] = []
        for reference in references.cases {
            let shaped = try typesetter.shape(reference.text, font: font(forReferenceFile: reference.font, size: 17))
            #expect(shaped.runs.allSatisfy { $0.face.path.hasSuffix(reference.font) }, "\(reference.text) in \(reference.font)")
            // hb-shape lists RTL glyphs in visual order too; compare as a whole line.
            let glyphs = shaped.runs.flatMap(\.glyphs)
            let clusters = shaped.runs.flatMap(\.clusters)
            if glyphs != reference.glyphs || clusters != reference.clusters {
                mismatches.append("\(reference.font) '\(reference.text)': \(glyphs)/\(clusters) vs \(reference.glyphs)/\(reference.clusters)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// Widths at every size from 9 to 72 agree with hb-shape's advance sum, scaled exactly and
    /// rounded up to 1/64 point, to within 1/64 point; almost all agree exactly. (The engine scales
    /// advances through FreeType's 16.16 `x_scale` as Chromium does, which moves a sum that lands
    /// exactly on a 1/64 boundary to the next one; ChromiumAccuracyTests checks those exactly.)
    @Test func widthsMatchHbShapeWithinOneLayoutUnit() throws {
        var beyond: [String] = []
        var compared = 0, exact = 0
        for reference in references.cases {
            guard let widths = reference.widths else { continue }
            for (size, expected) in zip(references.sizes, widths) {
                let shaped = try typesetter.shape(reference.text, font: font(forReferenceFile: reference.font, size: size))
                compared += 1
                let difference = abs(Double(shaped.size.width) - expected)
                if difference == 0 { exact += 1 }
                let ideal = Double(reference.advanceUnits) * size / Double(reference.unitsPerEm)
                if difference > 1.0 / 64 || abs(Double(shaped.advance) - ideal) > 1e-4 * ideal + 1e-4 {
                    beyond.append("\(reference.font) '\(reference.text)' @\(size): \(shaped.size.width) vs \(expected), advance \(shaped.advance) vs \(ideal)")
                }
            }
        }
        print("hb-shape references: \(compared) widths compared, \(exact) exact, \(compared - exact - beyond.count) within 1/64, \(beyond.count) beyond")
        #expect(compared > 10_000)
        #expect(Double(exact) / Double(compared) > 0.95)
        #expect(beyond.isEmpty, "\(beyond.count) of \(compared) differ by more than 1/64:\n\(beyond.prefix(20).joined(separator: "\n"))")
    }
}

@Suite struct ChromiumAccuracyTests {
    let references: ChromiumReferences

    init() throws {
        references = try loadFixture("chromium_refs.json", as: ChromiumReferences.self)
    }

    func shape(_ reference: ChromiumReference) throws -> ShapedText {
        try typesetter.shape(reference.text, font: Font(family: reference.family, size: reference.size,
                                                        weight: Font.Weight(reference.weight), italic: reference.italic))
    }

    /// Layout widths equal Chromium's span widths exactly (multiples of 1/64 px), emoji, Arabic and
    /// Hebrew included.
    @Test func widthsMatchChromium() throws {
        var mismatches: [String] = []
        for reference in references.cases {
            let shaped = try shape(reference)
            if Double(shaped.size.width) != reference.width {
                mismatches.append("'\(reference.text)' \(reference.family) \(reference.weight)\(reference.italic ? "i" : "") @\(reference.size): \(shaped.size.width) vs \(reference.width)")
            }
        }
        #expect(references.cases.count > 2000)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(references.cases.count) differ:\n\(mismatches.prefix(30).joined(separator: "\n"))")
    }

    /// Line heights (CSS line-height: normal, fallback fonts included) and baselines equal
    /// Chromium's.
    @Test func heightsAndBaselinesMatchChromium() throws {
        var mismatches: [String] = []
        for reference in references.cases {
            let shaped = try shape(reference)
            if Double(shaped.size.height) != reference.height || Double(shaped.firstBaseline) != reference.baseline {
                mismatches.append("'\(reference.text)' \(reference.family) @\(reference.size): height \(shaped.size.height) vs \(reference.height), baseline \(shaped.firstBaseline) vs \(reference.baseline)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(references.cases.count) differ:\n\(mismatches.prefix(30).joined(separator: "\n"))")
    }
}

/// Wrapped texts laid out by Chromium in a fixed-width block (Fixtures/chromium_wrap_refs.json).
struct ChromiumWrapReference: Decodable {
    var text: String
    var size: Double
    var width: Double
    var lines: [Double]
    var height: Double
}

struct ChromiumWrapReferences: Decodable {
    var cases: [ChromiumWrapReference]
}

@Suite struct ChromiumWrapAccuracyTests {
    /// Line breaks (UAX #14 opportunities, long words broken between clusters), each line's width
    /// and the block's height equal Chromium's for 195 texts, sizes and widths.
    @Test func wrappedLinesMatchChromium() throws {
        let references = try loadFixture("chromium_wrap_refs.json", as: ChromiumWrapReferences.self)
        var mismatches: [String] = []
        for reference in references.cases {
            let shaped = try typesetter.shape(reference.text, font: Font(size: reference.size), width: reference.width)
            let widths = shaped.lines.map { Double($0.width) }
            if widths != reference.lines || Double(shaped.size.height) != reference.height {
                mismatches.append("'\(reference.text)' @\(reference.size) in \(reference.width): \(shaped.lines.map(\.text)) \(widths) height \(shaped.size.height) vs \(reference.lines) height \(reference.height)")
            }
        }
        #expect(references.cases.count > 150)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(references.cases.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }
}
