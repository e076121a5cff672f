import Foundation
import CFreeType
import CHarfBuzz
import Synchronization

/// One face of a font file, loaded once and shared.
///
/// Shaping and metrics go through HarfBuzz's own OpenType functions on an immutable `hb_font_t`,
/// which is safe to use from several threads at once. The FreeType face that Cairo draws with is
/// created on first use and handed out only inside ``withFreeTypeFace(_:)``.
///
/// The type owns its C handles and frees them in `deinit`; no C type appears in its public API.
public final class FontFace: Sendable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// The index of the face inside the file (0 for plain .ttf/.otf files).
    public let index: Int
    /// The family name read from the font's name table.
    public let familyName: String
    /// The style name read from the font's name table ("Regular", "Bold Italic", …).
    public let styleName: String
    /// Design units per em.
    public let unitsPerEm: Int
    /// The number of glyphs in the face.
    public let glyphCount: Int
    /// Whether the face draws glyphs as colour bitmaps (CBDT/sbix), like Noto Color Emoji.
    public let hasColorBitmaps: Bool

    let blob: HarfBuzzHandle
    let face: HarfBuzzHandle
    /// A HarfBuzz font at a scale of one unit per design unit (exact integer positions).
    let font: HarfBuzzHandle
    private let freeType: Mutex<FreeTypeState>

    /// Loads face `index` of the font file at `path`.
    ///
    /// - Throws: ``TypesettingError/fontFileUnreadable(path:)`` when the file cannot be read,
    ///   ``TypesettingError/fontFileCorrupt(path:reason:)`` when it is not a usable font.
    public init(path: String, index: Int = 0) throws {
        guard FileManager.default.isReadableFile(atPath: path),
              let blob = hb_blob_create_from_file_or_fail(path) else {
            throw TypesettingError.fontFileUnreadable(path: path)
        }
        let blobHandle = HarfBuzzHandle(blob, destroy: { hb_blob_destroy($0) })
        guard hb_face_count(blob) > UInt32(index) else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "no font face \(index) in the file")
        }
        let face = hb_face_create(blob, UInt32(index))
        let faceHandle = HarfBuzzHandle(face, destroy: { hb_face_destroy($0) })
        let glyphs = Int(hb_face_get_glyph_count(face))
        let upem = Int(hb_face_get_upem(face))
        guard glyphs > 0, upem >= 16 else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "it has no glyphs or no valid head table")
        }
        let font = hb_font_create(face)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        self.path = path
        self.index = index
        self.blob = blobHandle
        self.face = faceHandle
        self.font = HarfBuzzHandle(font, destroy: { hb_font_destroy($0) })
        self.unitsPerEm = upem
        self.glyphCount = glyphs
        self.hasColorBitmaps = hb_ot_color_has_png(face) != 0
        self.familyName = Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY))
            ?? Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)) ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        self.styleName = Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_SUBFAMILY))
            ?? Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_SUBFAMILY)) ?? "Regular"
        self.freeType = Mutex(FreeTypeState())
    }

    public var description: String { "\(familyName) \(styleName) (\(path))" }

    /// Runs `body` with this face's FreeType `FT_Face`, created on first use, while holding the
    /// face's lock. The pointer must not escape `body`; Canvas uses it to make a Cairo font face,
    /// which keeps its own reference to the `FT_Face` and locks it itself while drawing.
    ///
    /// - Throws: ``TypesettingError/freeType(function:code:)`` if FreeType cannot open the face.
    package func withFreeTypeFace<R>(_ body: (UnsafeMutableRawPointer) throws -> R) throws -> R {
        try freeType.withLock { state in
            if state.face == nil {
                var length: UInt32 = 0
                guard let data = hb_blob_get_data(blob.pointer, &length) else {
                    throw TypesettingError.fontFileCorrupt(path: path, reason: "empty file")
                }
                var ftFace: FT_Face?
                let error = FreeTypeLibrary.shared.withLibrary { library in
                    data.withMemoryRebound(to: FT_Byte.self, capacity: Int(length)) { bytes in
                        FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(index), &ftFace)
                    }
                }
                guard error == 0, let ftFace else {
                    throw TypesettingError.freeType(function: "FT_New_Memory_Face", code: error)
                }
                state.face = UnsafeMutableRawPointer(ftFace)
            }
            // The face exists now; the force-unwrap cannot fail.
            return try body(state.face!)
        }
    }

    private static func name(_ face: OpaquePointer?, _ id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 256
        var buffer = [UInt8](repeating: 0, count: Int(length) + 1)
        let total = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        guard total > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
    }

    deinit {
        freeType.withLock { state in
            if let face = state.face {
                FreeTypeLibrary.shared.withLibrary { _ in _ = FT_Done_Face(face.assumingMemoryBound(to: FT_FaceRec.self)) }
            }
        }
    }
}

/// The lazily created FreeType face of a ``FontFace``.
private struct FreeTypeState: @unchecked Sendable {
    var face: UnsafeMutableRawPointer?
}

/// An owned HarfBuzz object pointer with its destroy function; immutable after creation, so it
/// may be shared between threads.
struct HarfBuzzHandle: @unchecked Sendable {
    let pointer: OpaquePointer?
    private let box: Box

    init(_ pointer: OpaquePointer?, destroy: @escaping @Sendable (OpaquePointer?) -> Void) {
        self.pointer = pointer
        self.box = Box(pointer, destroy)
    }

    private final class Box: @unchecked Sendable {
        let pointer: OpaquePointer?
        let destroy: @Sendable (OpaquePointer?) -> Void
        init(_ pointer: OpaquePointer?, _ destroy: @escaping @Sendable (OpaquePointer?) -> Void) {
            self.pointer = pointer
            self.destroy = destroy
        }
        deinit { destroy(pointer) }
    }
}

/// The process-wide FreeType library. `FT_New_Face` and `FT_Done_Face` are not thread-safe on
/// one `FT_Library`, so every such call goes through ``withLibrary(_:)``.
final class FreeTypeLibrary: Sendable {
    static let shared = FreeTypeLibrary()
    private let library: Mutex<LibraryHandle>

    private init() {
        var library: FT_Library?
        FT_Init_FreeType(&library)
        self.library = Mutex(LibraryHandle(library: library))
    }

    func withLibrary<R>(_ body: (FT_Library?) throws -> R) rethrows -> R {
        try library.withLock { try body($0.library) }
    }
}

private struct LibraryHandle: @unchecked Sendable {
    let library: FT_Library?
}
