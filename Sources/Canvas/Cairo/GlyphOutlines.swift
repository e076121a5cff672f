import CCairo
import Foundation
import Typesetting

/// Glyph outlines as SVG path data in font units, made once per face and glyph and shared by
/// every SVG the process writes.
///
/// An outline is read with Cairo at one pixel per font unit (the face's units per em as the
/// pixel size) under the fixed font options (no hinting), so it is the font's own outline: the
/// SVG backend defines it once per document and scales it to every size it is drawn at. The y axis
/// points down, as in the picture: the baseline is y = 0 and ascenders have negative y.
final class GlyphOutlines: Sendable {
    static let shared = GlyphOutlines()

    private struct Key: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
        let synthesis: UInt8
    }

    private struct FontKey: Hashable {
        let face: ObjectIdentifier
        let synthesis: UInt8
    }

    /// Outlines by face and glyph; each entry keeps its face alive, so an identifier is never reused.
    private let outlines = Locked<[Key: (face: FontFace, data: String)]>([:])
    /// One scaled font per face at its units per em.
    private let fonts = Locked<[FontKey: FontAtUnits]>([:])

    private final class FontAtUnits: @unchecked Sendable {
        // Used only inside `fonts`' lock, with a context of its own.
        let face: FontFace
        let font: CairoScaledFont
        let surface: CairoSurface
        let context: CairoContext
        init(face: FontFace, synthesis: FontSynthesis) throws {
            self.face = face
            font = try CairoScaledFont(face: face, pixelSize: Double(max(face.unitsPerEm, 16)), synthesis: synthesis)
            surface = try CairoSurface.image(width: 1, height: 1)
            context = try CairoContext(surface: surface)
        }
    }

    /// The outline of `glyph` in `face` as SVG path data (absolute `M`, `L`, `C` and `Z`,
    /// numbers rounded to a tenth of a font unit), empty for a glyph without contours (a space);
    /// with `synthesis`, emboldened or slanted as Cairo draws synthetic bold and italic.
    ///
    /// - Throws: ``CanvasError`` if Cairo cannot load the face or the glyph.
    func pathData(face: FontFace, glyph: UInt32, synthesis: FontSynthesis = []) throws -> String {
        let key = Key(face: ObjectIdentifier(face), glyph: glyph, synthesis: synthesis.rawValue)
        if let cached = outlines.withLock({ $0[key]?.data }) { return cached }
        let data = try fonts.withLock { fonts -> String in
            let font: FontAtUnits
            let fontKey = FontKey(face: key.face, synthesis: key.synthesis)
            if let existing = fonts[fontKey] {
                font = existing
            } else {
                font = try FontAtUnits(face: face, synthesis: synthesis)
                fonts[fontKey] = font
            }
            return try Self.outline(glyph, in: font)
        }
        outlines.withLock { $0[key] = (face, data) }
        return data
    }

    /// The face's units per em as the outlines' scale: a glyph drawn at `size` points is its
    /// outline scaled by `size / unitsPerEm`.
    static func unitsPerEm(_ face: FontFace) -> Double {
        Double(max(face.unitsPerEm, 16))
    }

    private static func outline(_ glyph: UInt32, in font: FontAtUnits) throws -> String {
        let cr = font.context.pointer
        cairo_set_scaled_font(cr, font.font.pointer)
        cairo_new_path(cr)
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(cr, &cairoGlyph, 1)
        try font.context.check("cairo_glyph_path(glyph \(glyph) of \(font.face.path))")
        guard let path = cairo_copy_path(cr) else {
            throw CanvasError.cairo(operation: "cairo_copy_path", status: Cairo.message(CAIRO_STATUS_NO_MEMORY))
        }
        defer { cairo_path_destroy(path) }
        try Cairo.check(path.pointee.status, "cairo_copy_path(glyph \(glyph) of \(font.face.path))")
        let count = Int(path.pointee.num_data)
        guard let data = path.pointee.data else { return "" }
        // The commands with their points; Cairo follows each close with a move to the contour's
        // start, which is dropped when another move or the end comes next.
        var commands: [(command: Character, points: [cairo_path_data_t])] = []
        var index = 0
        while index < count {
            let header = data[index].header
            let points = (1..<max(Int(header.length), 1)).map { data[index + $0] }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if commands.last?.command == "M" { commands.removeLast() }
                commands.append(("M", points))
            case CAIRO_PATH_LINE_TO: commands.append(("L", points))
            case CAIRO_PATH_CURVE_TO: commands.append(("C", points))
            case CAIRO_PATH_CLOSE_PATH: commands.append(("Z", []))
            default: break
            }
            index += max(Int(header.length), 1)
        }
        if commands.last?.command == "M" { commands.removeLast() }
        var text = ""
        for (command, points) in commands {
            text.append(command)
            for (number, point) in points.enumerated() {
                if number > 0 { text += " " }
                WebText.appendNumber(point.point.x, decimals: 1, to: &text)
                text += " "
                WebText.appendNumber(point.point.y, decimals: 1, to: &text)
            }
        }
        return text
    }
}
