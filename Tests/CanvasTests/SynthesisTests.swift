import Canvas
import Foundation
import Testing
import Typesetting

/// Runs marked for synthetic bold or italic (a face lacking the weight or slant asked for, as the
/// machine's fallback faces do) are drawn emboldened or slanted, at the same positions, on every
/// backend; the display list's JSON keeps the mark.
@Suite struct SynthesisTests {
    /// The text of Inter Regular, drawn plain, emboldened and slanted.
    static func drawn(_ synthesis: FontSynthesis, scale: CGFloat = 1) throws -> (list: DisplayList, image: RGBAImage) {
        var text = try Fixtures.shape("Hamburg", size: 24)
        text.runs = text.runs.map { run in
            var run = run
            run.synthesis = synthesis
            return run
        }
        let list = DisplayList(size: CGSize(width: 110, height: 32)) {
            DisplayItem.text(text, at: CGPoint(x: 4, y: 2), with: .color(.black))
        }
        return (list, try list.rgbaImage(scale: scale, background: .white))
    }

    /// The ink (darkness summed over the picture).
    static func ink(_ image: RGBAImage) -> Int {
        var total = 0
        for y in 0..<image.height {
            for x in 0..<image.width { total += 255 - image.pixel(x, y)[0] }
        }
        return total
    }

    @Test func boldHasMoreInkAndItalicLeans() throws {
        let plain = try Self.drawn([]), bold = try Self.drawn(.bold), italic = try Self.drawn(.italic)
        #expect(Self.ink(bold.image) > Self.ink(plain.image) * 11 / 10, "synthetic bold adds at least 10% ink")
        #expect(italic.image != plain.image && abs(Self.ink(italic.image) - Self.ink(plain.image)) < Self.ink(plain.image) / 10)
        // Every backend draws it (SVG and PDF through Cairo's scaled font, PNG through glyph masks).
        #expect(try bold.list.svgData() != plain.list.svgData())
        #expect(try bold.list.rgbaImage(scale: 2.5, background: .white) != plain.list.rgbaImage(scale: 2.5, background: .white))
    }

    @Test func jsonKeepsTheSynthesis() throws {
        let bold = try Self.drawn([.bold, .italic]).list
        let decoded = try DisplayList(jsonData: bold.jsonData(), fonts: Fixtures.fonts)
        #expect(decoded == bold)
        let plain = try Self.drawn([]).list
        #expect(!String(decoding: try plain.jsonData(), as: UTF8.self).contains("synthesis"))
    }
}
