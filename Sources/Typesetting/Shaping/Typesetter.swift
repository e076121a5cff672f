import Foundation
import CHarfBuzz

/// Shapes text into ``ShapedText`` with HarfBuzz.
///
/// This first version shapes one line in the best matching face; fallback, bidi and wrapping come
/// with the text-engine work.
public final class Typesetter: Sendable {
    /// The fonts this typesetter shapes with.
    public let library: FontLibrary

    public init(library: FontLibrary) {
        self.library = library
    }

    /// Shapes `text` in `font` on one line.
    ///
    /// - Throws: ``TypesettingError/unknownFamily(_:available:)`` for an unknown family.
    public func shape(_ text: String, font: Font) throws -> ShapedText {
        let face = try library.face(for: font)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        hb_buffer_add_utf8(buffer, &utf8, Int32(utf8.count), 0, Int32(utf8.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font.pointer, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let scale = font.size / CGFloat(face.unitsPerEm)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(face.font.pointer, &extents)
        let ascent = CGFloat(extents.ascender) * scale
        let descent = CGFloat(-extents.descender) * scale
        let baseline = ascent.rounded()
        var glyphs: [UInt32] = []
        var points: [CGPoint] = []
        var clusters: [Int] = []
        var penUnits: Int = 0
        for i in 0..<Int(count) {
            guard let info = infos?[i], let pos = positions?[i] else { break }
            glyphs.append(info.codepoint)
            clusters.append(Int(info.cluster))
            points.append(CGPoint(x: CGFloat(penUnits + Int(pos.x_offset)) * scale,
                                  y: baseline - CGFloat(pos.y_offset) * scale))
            penUnits += Int(pos.x_advance)
        }
        let width = CGFloat(penUnits) * scale
        let height = ascent.rounded() + descent.rounded() + (CGFloat(extents.line_gap) * scale).rounded()
        return ShapedText(runs: [GlyphRun(face: face, fontSize: font.size, glyphs: glyphs, positions: points, clusters: clusters)],
                          size: CGSize(width: width, height: height), firstBaseline: baseline, lastBaseline: baseline)
    }
}
