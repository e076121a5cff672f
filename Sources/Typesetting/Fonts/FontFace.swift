public import Foundation
import CFreeType
import CHarfBuzz

/// One face of a font file, loaded once and shared.
///
/// Shaping and metrics go through HarfBuzz's own OpenType functions on an immutable `hb_font_t`
/// at a scale of one unit per design unit, which is safe to use from several threads at once and
/// gives exact integer positions. The FreeType face that Cairo draws with is created on first use
/// and handed out only inside `withFreeTypeFace(_:)`.
///
/// The type owns its C handles and frees them in `deinit`; no C type appears in its public API.
public final class FontFace: Sendable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// The index of the face inside the file (0 for plain .ttf/.otf files).
    public let index: Int
    /// The number of faces in the file: more than one for a collection (`.ttc`, `.otc`).
    public let faceCount: Int
    /// The index of the face inside ``blob``: ``index`` for OpenType files, 0 for a WOFF or WOFF2
    /// face, which is decompressed alone.
    let blobIndex: Int
    /// The family name read from the font's name table (typographic family when present).
    public let familyName: String
    /// `[familyName]`, made once: the ``ShapedText/fontFamilies`` of a text set in this face
    /// alone (most labels), shared by every such text instead of an array each.
    let familyNameList: [String]
    /// A number no other face made in this process has, for caches that must tell faces apart
    /// without keeping them alive (a face's address can be given to a face made after it is
    /// freed). It replaces a weak reference: a weakly referenced object gets a side table, and
    /// every retain and release of the face, on every thread, then took the runtime's slow path
    /// (13 % of laying out 100,000 tags).
    let serial: UInt64 = FontFace.serials.withLock { count in
        count += 1
        return count
    }
    private static let serials = Locked<UInt64>(0)
    /// The largest font file read: 512 MiB, several times the largest collections (a CJK `.ttc`
    /// is 20 to 100 MB).
    public static let largestFileSize = 512 << 20
    /// The style name read from the font's name table ("Regular", "Bold Italic", …).
    public let styleName: String
    /// Design units per em.
    public let unitsPerEm: Int
    /// The number of glyphs in the face.
    public let glyphCount: Int
    /// Whether the face draws glyphs as colour bitmaps (CBDT/sbix), like Noto Color Emoji.
    ///
    /// Advances of such faces come from the bitmap strike (see ``GlyphRun``), as in browsers.
    public let hasColorBitmaps: Bool
    /// The OpenType weight class (OS/2 `usWeightClass`), 100 to 900.
    public let weightClass: Int
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// The face's vertical metrics in design units (see ``FontMetrics``).
    let unitMetrics: UnitMetrics

    let blob: HarfBuzzHandle
    let face: HarfBuzzHandle
    /// A HarfBuzz font at a scale of one unit per design unit (exact integer positions).
    let font: HarfBuzzHandle
    /// Which ASCII code points (bit n of word n / 64) the face maps to a glyph.
    private let asciiCoverage: (UInt64, UInt64)
    private let freeType: Locked<FreeTypeState>
    private let bitmapMetrics: Locked<BitmapMetricsState>

    /// Loads face `index` of the font file at `path`.
    ///
    /// TrueType and OpenType files and collections are read directly; WOFF and WOFF2 files are
    /// decompressed by FreeType (Debian's FreeType is built with Brotli, which WOFF2 needs) into
    /// an OpenType font in memory, which HarfBuzz shapes with and Cairo draws from.
    ///
    /// - Parameters:
    ///   - path: a TrueType, OpenType, WOFF or WOFF2 file (`.ttf`, `.otf`, `.ttc`, `.otc`,
    ///     `.woff`, `.woff2`), recognised by its first bytes, not its name.
    ///   - index: the face inside a collection.
    /// - Throws: ``TypesettingError/fontFileUnreadable(path:)`` when the file cannot be read,
    ///   ``TypesettingError/fontFileCorrupt(path:reason:)`` when it is not a usable font.
    public init(path: String, index: Int = 0) throws {
        // A device or FIFO named as a font (`--font-file /dev/zero`) was read without end, and
        // then said to be unreadable; a file is read whole, so its size is bounded first.
        // What the path leads to, through symbolic links (a folder of fonts linked from elsewhere,
        // as Debian's font packages make them, was refused as "a device, FIFO or socket"); a
        // link to nothing cannot be read.
        var status = stat()
        guard stat(path, &status) == 0 else { throw TypesettingError.fontFileUnreadable(path: path) }
        if status.st_mode & S_IFMT != S_IFREG {
            throw TypesettingError.fontFileCorrupt(path: path, reason: status.st_mode & S_IFMT == S_IFDIR ? "it is a folder, not a file"
                                                   : "it is a device, FIFO or socket, not a file")
        }
        if Int(status.st_size) > Self.largestFileSize {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "it is \(status.st_size) bytes, over the limit of \(Self.largestFileSize) bytes")
        }
        guard FileManager.default.isReadableFile(atPath: path),
              let fileBlob = hb_blob_create_from_file_or_fail(path) else {
            throw TypesettingError.fontFileUnreadable(path: path)
        }
        let blob: OpaquePointer
        let blobIndex: Int
        let faceCount: Int
        switch FontFileFormat(blob: fileBlob) {
        case .sfnt:
            blob = fileBlob
            blobIndex = index
            faceCount = Int(hb_face_count(fileBlob))
        case .woff, .woff2:
            defer { hb_blob_destroy(fileBlob) }
            (blob, faceCount) = try decompressWebFont(fileBlob, index: index, path: path)
            blobIndex = 0
        case .unknown:
            hb_blob_destroy(fileBlob)
            throw TypesettingError.fontFileCorrupt(path: path, reason: "it is not a TrueType, OpenType, WOFF or WOFF2 font")
        }
        let blobHandle = HarfBuzzHandle(blob, destroy: { hb_blob_destroy($0) })
        guard index >= 0, blobIndex >= 0, hb_face_count(blob) > UInt32(blobIndex) else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "there is no font face \(index) in the file")
        }
        guard let face = hb_face_create(blob, UInt32(blobIndex)) else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "HarfBuzz cannot open the face")
        }
        let faceHandle = HarfBuzzHandle(face, destroy: { hb_face_destroy($0) })
        let glyphs = Int(hb_face_get_glyph_count(face))
        let upem = Int(hb_face_get_upem(face))
        guard glyphs > 1, upem >= 16, upem <= 16_384 else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "it has no glyphs or no valid head table")
        }
        guard let font = hb_font_create(face) else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "HarfBuzz cannot create a font")
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        self.path = path
        self.index = index
        self.faceCount = faceCount
        self.blobIndex = blobIndex
        self.blob = blobHandle
        self.face = faceHandle
        self.font = HarfBuzzHandle(font, destroy: { hb_font_destroy($0) })
        self.unitsPerEm = upem
        self.glyphCount = glyphs
        self.hasColorBitmaps = hb_ot_color_has_png(face) != 0
        self.weightClass = Int(hb_style_get_value(font, HB_STYLE_TAG_WEIGHT).rounded())
        self.isItalic = hb_style_get_value(font, HB_STYLE_TAG_ITALIC) > 0.5
            || hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE) != 0
        self.familyName = Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY))
            ?? Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY))
            ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        self.familyNameList = [familyName]
        self.styleName = Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_SUBFAMILY))
            ?? Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_SUBFAMILY)) ?? "Regular"
        self.unitMetrics = UnitMetrics(font: font)
        var low: UInt64 = 0, high: UInt64 = 0
        var glyph: hb_codepoint_t = 0
        for codePoint in 0..<128 where hb_font_get_nominal_glyph(font, hb_codepoint_t(codePoint), &glyph) != 0 {
            if codePoint < 64 { low |= 1 << UInt64(codePoint) } else { high |= 1 << UInt64(codePoint - 64) }
        }
        self.asciiCoverage = (low, high)
        self.freeType = Locked(FreeTypeState())
        self.bitmapMetrics = Locked(BitmapMetricsState())
    }

    /// Checks that FreeType, which draws the face (Cairo's PNG and PDF, the SVG's outlines), can
    /// open it, and keeps the face it opened for drawing. A file HarfBuzz reads but FreeType
    /// cannot open (cut short, its tables damaged) failed every picture as an internal error,
    /// after its layout JSON had been written with the widths of a broken face. The user's font
    /// files are checked when they are added (``FontLibrary/adding(fontFiles:)``); the bundled
    /// ones, which the tests draw, are opened when first drawn (opening them all at start-up
    /// cost every run 3 ms).
    ///
    /// - Throws: ``TypesettingError/fontFileCorrupt(path:reason:)`` naming the file.
    package func checkDrawable() throws(TypesettingError) {
        let error: Int32? = freeType.withLock { state in
            guard state.faces[FontSynthesis().rawValue] == nil else { return nil }
            let (opened, error) = openFreeTypeFace(blob: blob.pointer, index: blobIndex)
            guard let opened else { return error }
            state.faces[FontSynthesis().rawValue] = opened
            return nil
        }
        if let error {
            throw .fontFileCorrupt(path: path, reason: "FreeType cannot open it (error \(error)): the file is damaged or cut short")
        }
    }

    public var description: String { "\(familyName) \(styleName) (\(path))" }

    /// The face's metrics at `size` points, with the rounded values a browser lays lines out with.
    ///
    /// - Parameter size: the em size in points (CSS pixels).
    /// - Returns: the metrics, in points.
    public func metrics(size: CGFloat) -> FontMetrics {
        FontMetrics(units: unitMetrics, unitsPerEm: unitsPerEm, size: size)
    }

    /// Whether the face maps `scalar` to a glyph of its own (not `.notdef`).
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiCoverage.0 & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiCoverage.1 & (1 << UInt64(value - 64)) != 0 }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font.pointer, value, &glyph) != 0
    }

    /// Whether every ASCII byte of `bytes` has a glyph in this face.
    func coversASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            let covered = byte < 64 ? asciiCoverage.0 & (1 << UInt64(byte)) : asciiCoverage.1 & (1 << UInt64(byte &- 64))
            if covered == 0 { return false }
        }
        return true
    }

    /// Whether the face has a glyph for the variation sequence `base` + `selector` (cmap format 14).
    func hasVariation(_ base: Unicode.Scalar, _ selector: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_variation_glyph(font.pointer, base.value, selector.value, &glyph) != 0
    }

    /// The advance of `glyph` in the bitmap strike a browser would use for `size`, in pixels of that
    /// size (so the caller needs no further scaling), or `nil` for faces without colour bitmaps.
    ///
    /// Like Skia's FreeType scaler, the strike is the smallest one at least `size` pixels per em,
    /// else the largest; its advance is scaled by `size / strike ppem`.
    func bitmapAdvance(glyph: UInt32, size: Double) -> Double? {
        guard hasColorBitmaps else { return nil }
        return bitmapMetrics.withLock { state -> Double? in
            if !state.loaded {
                state.loaded = true
                state.load(data: blob.pointer, index: blobIndex)
            }
            guard let strike = state.strike(for: size) else { return nil }
            guard let advance = state.advance(glyph: glyph, strike: strike) else { return nil }
            return advance * size / strike.ppem
        }
    }

    /// The bitmap strike a renderer scales colour glyphs from at `size` points, and the scale to
    /// apply (`size / ppem`), or `nil` for faces without colour bitmaps. The strike is the one
    /// ``GlyphRun`` advances were measured with (Skia's rule: the smallest strike at least `size`
    /// pixels per em, else the largest).
    package func colorBitmapStrike(forSize size: CGFloat) -> (ppem: CGFloat, scale: CGFloat)? {
        guard hasColorBitmaps else { return nil }
        return bitmapMetrics.withLock { state -> (ppem: CGFloat, scale: CGFloat)? in
            if !state.loaded {
                state.loaded = true
                state.load(data: blob.pointer, index: blobIndex)
            }
            guard let strike = state.strike(for: Double(size)) else { return nil }
            return (CGFloat(strike.ppem), size / CGFloat(strike.ppem))
        }
    }

    /// Runs `body` with this face's FreeType `FT_Face`, created on first use, while holding the
    /// face's lock. The pointer must not escape `body`; Canvas uses it to make a Cairo font face,
    /// which keeps its own reference to the `FT_Face` and locks it itself while drawing.
    ///
    /// Each ``FontSynthesis`` gets an `FT_Face` of its own: Cairo keeps one font face per `FT_Face`
    /// and options, so a synthetic bold or oblique face must not share the plain one's.
    ///
    /// - Parameter synthesis: the styles the Cairo face made from it will imitate.
    /// - Throws: ``TypesettingError/freeType(function:code:)`` if FreeType cannot open the face.
    package func withFreeTypeFace<R>(synthesis: FontSynthesis = [], _ body: (UnsafeMutableRawPointer) throws -> R) throws -> R {
        try freeType.withLock { state in
            let face: UnsafeMutableRawPointer
            if let existing = state.faces[synthesis.rawValue] {
                face = existing
            } else {
                let (created, error) = openFreeTypeFace(blob: blob.pointer, index: blobIndex)
                guard let created else {
                    throw TypesettingError.freeType(function: "FT_New_Memory_Face", code: error)
                }
                state.faces[synthesis.rawValue] = created
                face = created
            }
            return try body(face)
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
            for face in state.faces.values { closeFreeTypeFace(face) }
        }
        bitmapMetrics.withLock { state in
            if let face = state.face { closeFreeTypeFace(face) }
        }
    }
}

extension FontFace: Hashable {
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A face's vertical metrics in design units, as a browser reads them: OS/2 typo metrics when the
/// font sets USE_TYPO_METRICS, else hhea (HarfBuzz's `hb_font_get_h_extents`).
struct UnitMetrics: Sendable, Hashable {
    var ascender: Int
    var descender: Int
    var lineGap: Int
    var capHeight: Int
    var xHeight: Int

    init(font: OpaquePointer?) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Int(extents.ascender)
        descender = Int(-extents.descender)
        lineGap = Int(extents.line_gap)
        var value: hb_position_t = 0
        capHeight = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &value) != 0 ? Int(value) : 0
        xHeight = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_X_HEIGHT, &value) != 0 ? Int(value) : 0
    }
}

/// Opens a FreeType face on the bytes of `blob`, under the library lock.
private func openFreeTypeFace(blob: OpaquePointer?, index: Int) -> (UnsafeMutableRawPointer?, Int32) {
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return (nil, -1) }
    var ftFace: FT_Face?
    let error = FreeTypeLibrary.shared.withLibrary { library in
        data.withMemoryRebound(to: FT_Byte.self, capacity: Int(length)) { bytes in
            FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(index), &ftFace)
        }
    }
    guard error == 0, let ftFace else { return (nil, error) }
    return (UnsafeMutableRawPointer(ftFace), 0)
}

private func closeFreeTypeFace(_ face: UnsafeMutableRawPointer) {
    FreeTypeLibrary.shared.withLibrary { _ in
        _ = FT_Done_Face(face.assumingMemoryBound(to: FT_FaceRec.self))
    }
}

/// The lazily created FreeType faces of a ``FontFace``, one per ``FontSynthesis`` raw value.
private struct FreeTypeState: @unchecked Sendable {
    var faces: [UInt8: UnsafeMutableRawPointer] = [:]
}

/// A private FreeType face used only to read bitmap-strike advances, so that selecting a strike
/// never disturbs the face Cairo draws with.
private struct BitmapMetricsState: @unchecked Sendable {
    struct Strike { var index: Int; var ppem: Double }
    var loaded = false
    var face: UnsafeMutableRawPointer?
    var strikes: [Strike] = []
    var selected: Int = -1
    var advances: [Int: [UInt32: Double]] = [:]

    mutating func load(data blob: OpaquePointer?, index: Int) {
        let (face, _) = openFreeTypeFace(blob: blob, index: index)
        guard let face else { return }
        self.face = face
        let ft = face.assumingMemoryBound(to: FT_FaceRec.self)
        let count = Int(ft.pointee.num_fixed_sizes)
        if let sizes = ft.pointee.available_sizes {
            for i in 0..<count where sizes[i].y_ppem > 0 {
                strikes.append(Strike(index: i, ppem: Double(sizes[i].y_ppem) / 64))
            }
        }
    }

    func strike(for size: Double) -> Strike? {
        let larger = strikes.filter { $0.ppem >= size }
        return larger.min { $0.ppem < $1.ppem } ?? strikes.max { $0.ppem < $1.ppem }
    }

    mutating func advance(glyph: UInt32, strike: Strike) -> Double? {
        if let cached = advances[strike.index]?[glyph] { return cached }
        guard let face else { return nil }
        let ft = face.assumingMemoryBound(to: FT_FaceRec.self)
        if selected != strike.index {
            guard FT_Select_Size(ft, FT_Int(strike.index)) == 0 else { return nil }
            selected = strike.index
        }
        let flags = FT_Int32(FT_LOAD_COLOR) | FT_Int32(FT_LOAD_BITMAP_METRICS_ONLY)
        guard FT_Load_Glyph(ft, glyph, flags) == 0, let slot = ft.pointee.glyph else { return nil }
        let advance = Double(slot.pointee.advance.x) / 64
        advances[strike.index, default: [:]][glyph] = advance
        return advance
    }
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
/// one `FT_Library`, so every such call goes through ``withLibrary(_:)``. It lives as long as the
/// process (faces of any library may still be open), and frees the library if it is ever released.
final class FreeTypeLibrary: Sendable {
    static let shared = FreeTypeLibrary()
    private let library: Locked<LibraryHandle>

    private init() {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        self.library = Locked(LibraryHandle(library: error == 0 ? library : nil))
    }

    /// Runs `body` with the library while holding its lock; `body` gets `nil` if FreeType could not
    /// be initialised, and FreeType calls on it then fail with an error the caller reports.
    func withLibrary<R>(_ body: (FT_Library?) throws -> R) rethrows -> R {
        try library.withLock { try body($0.library) }
    }

    deinit {
        library.withLock { handle in
            if let library = handle.library { FT_Done_FreeType(library) }
        }
    }
}

private struct LibraryHandle: @unchecked Sendable {
    let library: FT_Library?
}

/// How a font file is packaged, from its first four bytes (OpenType section 5.1; WOFF 1.0 and 2.0,
/// section 3).
enum FontFileFormat: Equatable {
    /// TrueType or OpenType, a single font or a collection (`ttcf`).
    case sfnt
    /// WOFF 1.0 (`wOFF`): zlib-compressed tables.
    case woff
    /// WOFF 2.0 (`wOF2`): Brotli-compressed, with transformed `glyf` and `loca`.
    case woff2
    /// Anything else.
    case unknown

    init(blob: OpaquePointer?) {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 12 else {
            self = .unknown
            return
        }
        self.init(tag: (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(UInt8(bitPattern: data[$1])) })
    }

    fileprivate init(tag: UInt32) {
        switch tag {
        case 0x0001_0000, 0x4F54_544F, 0x7472_7565, 0x7474_6366: self = .sfnt     // 1.0, OTTO, true, ttcf
        case 0x774F_4646: self = .woff                                              // wOFF
        case 0x774F_4632: self = .woff2                                             // wOF2
        default: self = .unknown
        }
    }
}

/// Whether the file at `path` is one a spec's `fonts` could load: a regular file that starts as a
/// TrueType, OpenType, WOFF or WOFF2 font does (what ``FontFace`` checks before it opens one).
/// A file that cannot be read, or that is not a regular file, is not.
///
/// Reads at most 12 bytes; never blocks on a FIFO (it is not opened).
package func isFontFile(atPath path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= 12 else { return false }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4)
    guard read(descriptor, &bytes, 4) == 4 else { return false }
    return FontFileFormat(tag: bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) != .unknown
}

/// Decompresses face `index` of a WOFF or WOFF2 file into an OpenType font in memory: FreeType
/// opens the file (undoing the compression and, for WOFF2, the `glyf`/`loca` transform), each table
/// is read back with `FT_Load_Sfnt_Table`, and the tables are written out as an sfnt (OpenType
/// section 5.1: offset table, table records sorted by tag, tables 4-byte aligned, checksums).
///
/// - Returns: a HarfBuzz blob holding the font, owned by the caller, and the number of faces in
///   the file.
/// - Throws: ``TypesettingError/fontFileCorrupt(path:reason:)`` when FreeType cannot open the
///   file or read its tables.
private func decompressWebFont(_ file: OpaquePointer?, index: Int, path: String) throws -> (OpaquePointer, Int) {
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(file, &length), length > 0 else {
        throw TypesettingError.fontFileCorrupt(path: path, reason: "the file is empty")
    }
    var tables: [(tag: UInt32, bytes: [UInt8])] = []
    var faceCount = 1
    let error: Int32 = FreeTypeLibrary.shared.withLibrary { library in
        var face: FT_Face?
        let opened = data.withMemoryRebound(to: FT_Byte.self, capacity: Int(length)) { bytes in
            FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(index), &face)
        }
        guard opened == 0, let face else { return opened == 0 ? -1 : opened }
        defer { FT_Done_Face(face) }
        faceCount = max(1, Int(face.pointee.num_faces))
        var tableIndex: FT_UInt = 0
        while true {
            var tag: FT_ULong = 0
            var size: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, tableIndex, &tag, &size) == 0 else { break }
            tableIndex += 1
            // A table larger than the file could be after decompression (WOFF2 allows about 10x
            // for glyf) is refused before it costs memory.
            guard size <= FT_ULong(length) * 64 + (1 << 20) else { return -2 }
            var bytes = [UInt8](repeating: 0, count: Int(size))
            var read = size
            guard FT_Load_Sfnt_Table(face, tag, 0, &bytes, &read) == 0 else { return -3 }
            tables.append((UInt32(tag), bytes))
        }
        return tables.isEmpty ? -4 : 0
    }
    guard error == 0 else {
        let reason = switch error {
        case -2: "a table is larger than its compressed size allows"
        case -3, -4: "FreeType cannot read its tables"
        default: "FreeType cannot decompress it (error \(error))"
        }
        throw TypesettingError.fontFileCorrupt(path: path, reason: reason)
    }
    let sfnt = makeSFNT(tables)
    let blob = sfnt.withUnsafeBufferPointer { bytes -> OpaquePointer? in
        guard let base = bytes.baseAddress else { return nil }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
            hb_blob_create(pointer, UInt32(bytes.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
    }
    guard let blob, hb_blob_get_length(blob) == UInt32(sfnt.count) else {
        throw TypesettingError.fontFileCorrupt(path: path, reason: "out of memory while decompressing it")
    }
    return (blob, faceCount)
}

/// An sfnt (OpenType) file from its tables: the offset table with its binary-search fields, the
/// table records sorted by tag, then each table padded to 4 bytes (OpenType section 5.1).
///
/// - Complexity: O(total table size).
func makeSFNT(_ tables: [(tag: UInt32, bytes: [UInt8])]) -> [UInt8] {
    let sorted = tables.sorted { $0.tag < $1.tag }
    let hasCFF = sorted.contains { $0.tag == 0x4346_4620 || $0.tag == 0x4346_4632 }     // 'CFF ', 'CFF2'
    var output: [UInt8] = []
    func u16(_ value: Int) { output += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    func u32(_ value: UInt32) { output += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    let count = sorted.count
    var power = 1, log = 0
    while power * 2 <= count { power *= 2; log += 1 }
    u32(hasCFF ? 0x4F54_544F : 0x0001_0000)
    u16(count)
    u16(power * 16)
    u16(log)
    u16(count * 16 - power * 16)
    var offset = 12 + 16 * count
    for table in sorted {
        u32(table.tag)
        var sum: UInt32 = 0
        var padded = table.bytes
        while padded.count % 4 != 0 { padded.append(0) }
        for i in stride(from: 0, to: padded.count, by: 4) {
            sum &+= UInt32(padded[i]) << 24 | UInt32(padded[i + 1]) << 16 | UInt32(padded[i + 2]) << 8 | UInt32(padded[i + 3])
        }
        u32(sum)
        u32(UInt32(offset))
        u32(UInt32(table.bytes.count))
        offset += padded.count
    }
    for table in sorted {
        output += table.bytes
        while output.count % 4 != 0 { output.append(0) }
    }
    return output
}
