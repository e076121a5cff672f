import CCairo
import Synchronization
import Typesetting

/// One Cairo font face per Typesetting ``FontFace``, made from the face's FreeType face and kept for
/// the life of the process.
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
        /// The largest colour-bitmap strike in pixels per em, for colour-bitmap faces.
        let strikePixelsPerEm: Double?
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// The Cairo font face drawing `face`, created on first use.
    ///
    /// - Throws: ``CanvasError/fontUnavailable(path:reason:)`` if the face cannot be opened.
    func cairoFace(for face: FontFace) throws -> OpaquePointer {
        try entry(for: face).cairoFace
    }

    /// The pixels per em of the largest colour-bitmap strike of `face`, or `nil` if it has none.
    func strikePixelsPerEm(for face: FontFace) throws -> Double? {
        try entry(for: face).strikePixelsPerEm
    }

    private func entry(for face: FontFace) throws -> Entry {
        try entries.withLock { entries in
            if let entry = entries[ObjectIdentifier(face)] { return entry }
            let made: (OpaquePointer?, Double?)
            do {
                made = try face.withFreeTypeFace { raw in
                    let ftFace = raw.assumingMemoryBound(to: FT_FaceRec_.self)
                    var strike: Double?
                    if face.hasColorBitmaps, let sizes = ftFace.pointee.available_sizes {
                        for i in 0..<Int(ftFace.pointee.num_fixed_sizes) {
                            strike = max(strike ?? 0, Double(sizes[i].y_ppem) / 64)
                        }
                    }
                    return (cairo_ft_font_face_create_for_ft_face(ftFace, 0), strike)
                }
            } catch {
                throw CanvasError.fontUnavailable(path: face.path, reason: "\(error)")
            }
            guard let cairoFace = made.0 else {
                throw CanvasError.fontUnavailable(path: face.path, reason: "Cairo could not make a font face")
            }
            let status = cairo_font_face_status(cairoFace)
            guard status == CAIRO_STATUS_SUCCESS else {
                cairo_font_face_destroy(cairoFace)
                throw CanvasError.fontUnavailable(path: face.path, reason: Cairo.message(status))
            }
            let entry = Entry(owner: face, cairoFace: cairoFace, strikePixelsPerEm: made.1)
            entries[ObjectIdentifier(face)] = entry
            return entry
        }
    }
}
