import CCairo
import Typesetting

/// One Cairo font face per Typesetting ``FontFace`` and ``FontSynthesis``, made from the face's
/// FreeType face (with Cairo's synthetic bold or oblique when asked) and kept for the life of the
/// process.
///
/// Cairo's FreeType font face borrows the `FT_Face`, so each entry keeps its ``FontFace`` (the
/// `FT_Face`'s owner) alive as long as the Cairo face. Creation is serialised by the cache's lock;
/// while drawing, Cairo locks the `FT_Face` itself.
final class CairoFontFaces: Sendable {
    static let shared = CairoFontFaces()

    private struct Entry: @unchecked Sendable {
        // Cairo font faces are reference-counted and internally locked: safe to share.
        let owner: FontFace
        let cairoFace: OpaquePointer
    }

    private struct Key: Hashable {
        var face: ObjectIdentifier
        var synthesis: UInt8
    }

    private let entries = Locked<[Key: Entry]>([:])

    /// The Cairo font face drawing `face` with `synthesis`, created on first use.
    ///
    /// - Throws: ``CanvasError/fontUnavailable(path:reason:)`` if the face cannot be opened.
    func cairoFace(for face: FontFace, synthesis: FontSynthesis = []) throws -> OpaquePointer {
        try entry(for: face, synthesis: synthesis).cairoFace
    }

    private func entry(for face: FontFace, synthesis: FontSynthesis) throws -> Entry {
        let key = Key(face: ObjectIdentifier(face), synthesis: synthesis.rawValue)
        return try entries.withLock { entries in
            if let entry = entries[key] { return entry }
            let made: OpaquePointer?
            do {
                // The FT_Face is only handed to Cairo, which reads it through FreeType itself.
                made = try face.withFreeTypeFace(synthesis: synthesis) { raw in
                    cairo_ft_font_face_create_for_ft_face(raw.assumingMemoryBound(to: FT_FaceRec_.self), 0)
                }
            } catch {
                throw CanvasError.fontUnavailable(path: face.path, reason: "\(error)")
            }
            let cairoFace: OpaquePointer
            do {
                cairoFace = try Cairo.adopt(made, "cairo_ft_font_face_create_for_ft_face",
                                            status: cairo_font_face_status, destroy: cairo_font_face_destroy)
            } catch {
                throw CanvasError.fontUnavailable(path: face.path, reason: "\(error)")
            }
            var flags: UInt32 = 0
            if synthesis.contains(.bold) { flags |= CAIRO_FT_SYNTHESIZE_BOLD.rawValue }
            if synthesis.contains(.italic) { flags |= CAIRO_FT_SYNTHESIZE_OBLIQUE.rawValue }
            if flags != 0 { cairo_ft_font_face_set_synthesize(cairoFace, flags) }
            let entry = Entry(owner: face, cairoFace: cairoFace)
            entries[key] = entry
            return entry
        }
    }
}

/// Owns one `cairo_scaled_font_t`: a face at a size in device pixels, with no transform and the
/// fixed font options.
final class CairoScaledFont {
    let pointer: OpaquePointer

    /// Held while a glyph is rasterised with a scaled font made for it (made, used and destroyed
    /// under the lock). Cairo's font map hands two threads asking for the same face at the same
    /// size the same scaled font, and Cairo 1.16 can then destroy it while the other thread has
    /// its glyph cache frozen (`cairo_scaled_font_destroy: Assertion '! scaled_font->cache_frozen'
    /// failed`, seen once in the test suite while a PNG's bands were drawn in parallel).
    /// Rasterising happens once per glyph, size and phase (the results are cached), so the lock is
    /// rarely waited for. It counts the glyphs rasterised: a lock over no value (`Locked<Void>`)
    /// gave ThreadSanitizer a zero-sized property at the address of the mutex's pointer, which
    /// another thread reads before locking, and a downstream program's sanitised run reported a
    /// race on every concurrent PNG.
    static let rasterising = Locked<Int>(0)

    /// Makes the scaled font of `face` at `pixelSize` pixels per em, with `synthesis`.
    ///
    /// - Throws: ``CanvasError`` if the face cannot be opened or Cairo fails.
    init(face: FontFace, pixelSize: Double, synthesis: FontSynthesis = []) throws {
        let cairoFace = try CairoFontFaces.shared.cairoFace(for: face, synthesis: synthesis)
        var fontMatrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, pixelSize, pixelSize)
        cairo_matrix_init_identity(&identity)
        let options = try Cairo.makeFixedFontOptions()
        defer { cairo_font_options_destroy(options) }
        pointer = try Cairo.adopt(cairo_scaled_font_create(cairoFace, &fontMatrix, &identity, options),
                                  "cairo_scaled_font_create(\(face.path), \(pixelSize) px)",
                                  status: cairo_scaled_font_status, destroy: cairo_scaled_font_destroy)
    }

    /// The ink extents of one glyph drawn at the origin, in pixels.
    func extents(of glyph: UInt32) -> cairo_text_extents_t {
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(pointer, &cairoGlyph, 1, &extents)
        return extents
    }

    deinit { cairo_scaled_font_destroy(pointer) }
}
