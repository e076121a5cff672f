import CHarfBuzz
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Positions are kept as integers in 1/65536 of a point (16.16 fixed point, the unit HarfBuzz
/// positions have in Blink), so sums are exact and identical on every machine.
///
/// Glyph advances are scaled the way Chromium's text stack does it, so that widths match a
/// browser to the last layout unit:
/// - the nominal advance (hmtx) goes through FreeType's linear advance, as Skia reads it:
///   `x_scale = FT_DivFix(trunc(size × 64), upem)`, `advance = FT_MulDiv(units, x_scale, 64)`
///   (Skia asks FreeType for the size in 26.6 fixed point, truncated, and applies no correction
///   at sizes of 1 point and more);
/// - GPOS adjustments (kerning) and offsets go through HarfBuzz's scaling at Blink's font scale of
///   `size × 65536`: `x_mult = (scale << 16) / upem`, `value = (units × x_mult + 32768) >> 16`.
typealias Fixed = Int64

/// One unit of ``Fixed``.
let fixedOne: Double = 65536

/// An item shaped by HarfBuzz: glyphs in visual order with their advances and offsets.
struct ShapedItem: Sendable {
    var face: FontFace
    var start: Int
    var end: Int
    var level: UInt8
    var glyphs: [UInt32]
    var advances: [Fixed]
    /// Each glyph's GPOS offset (x right, y up), or empty when every offset is zero (most text).
    var offsets: [GlyphOffset]
    /// UTF-8 offsets into the paragraph, one per glyph.
    var clusters: [Int]
    /// The sum of `advances`.
    var width: Fixed

    /// Appends one glyph.
    @inline(__always)
    mutating func append(glyph: UInt32, advance: Fixed, x: Fixed, y: Fixed, cluster: Int) {
        if (x != 0 || y != 0) && offsets.count < glyphs.count {
            offsets.append(contentsOf: repeatElement(GlyphOffset(x: 0, y: 0), count: glyphs.count - offsets.count))
        }
        if !offsets.isEmpty || x != 0 || y != 0 { offsets.append(GlyphOffset(x: x, y: y)) }
        glyphs.append(glyph)
        advances.append(advance)
        clusters.append(cluster)
        width += advance
    }

    /// The offset of glyph `i`.
    @inline(__always)
    func offset(_ i: Int) -> GlyphOffset { offsets.isEmpty ? GlyphOffset(x: 0, y: 0) : offsets[i] }

    /// Reserves room for `count` glyphs.
    mutating func reserve(_ count: Int) {
        glyphs.reserveCapacity(count)
        advances.reserveCapacity(count)
        clusters.reserveCapacity(count)
    }
}

/// A glyph's offset from its pen position, in ``Fixed`` units (y up, as in OpenType).
struct GlyphOffset: Sendable {
    var x: Fixed
    var y: Fixed
}

/// The HarfBuzz language of text without a ``TextLanguage``: a fixed tag, so results never depend
/// on the process locale (HarfBuzz's default language comes from `setlocale`).
nonisolated(unsafe) private let defaultShapingLanguage = hb_language_from_string("en", -1)

/// Shapes `spec` (a run of `utf8`) with HarfBuzz at `size` points.
///
/// The whole paragraph is given as context so Arabic joining and contextual features see the
/// neighbours. Features are HarfBuzz's defaults, which are the ones browsers apply by default
/// (`kern`, `liga`, `clig`, `calt`, `ccmp`, `locl`, `mark`, `mkmk`, `rlig`, …; CSS Fonts 4,
/// section 7). Positions come from the font at a scale of one unit per design unit and are
/// converted to 16.16 points with one rounding per value; colour-bitmap faces take their advances
/// from the bitmap strike scaled to `size`, as Skia does for Chromium.
///
/// - Complexity: O(n) in the item's length (HarfBuzz's shaping is linear for these fonts).
func shape(_ spec: ItemSpec, utf8: UnsafeBufferPointer<UInt8>, size: Double, language: TextLanguage?,
           words: WordCache? = nil, simple: Bool = false, inert: InertFeatures? = nil,
           text: @autoclosure () -> String) throws -> ShapedItem {
    let scaler = UnitScaler(size: size, unitsPerEm: spec.face.unitsPerEm)
    // Printable ASCII that no substitution can touch, in a face that positions by pairs: its
    // glyphs and the pairs' kerning, without running HarfBuzz on the whole text (shaping was a
    // quarter of the time of a large cloud's layout, and most of it was lookups that do nothing).
    if simple, spec.level == 0, let inert, !spec.face.hasColorBitmaps,
       inert.shapesByPairs(UnsafeBufferPointer(rebasing: utf8[spec.start..<spec.end])),
       let item = try PairKerning.shape(spec, utf8: utf8, scaler: scaler, language: language, inert: inert, text: text()) {
        return item
    }
    // A label of one word is shaped whole: the word cache would hold the same glyphs as the layout
    // cache, and a site's labels are mostly distinct (100,000 single-word tags paid a lookup, a
    // shaping into design units, a copy and an insertion each, for no hit).
    if let words, simple, spec.level == 0, utf8[spec.start..<spec.end].contains(0x20),
       words.independence(of: spec.face).allows(UnsafeBufferPointer(rebasing: utf8[spec.start..<spec.end])) {
        // Word by word from the cache: exact for faces whose default lookups never cross a space.
        var item = ShapedItem(face: spec.face, start: spec.start, end: spec.end, level: spec.level,
                              glyphs: [], advances: [], offsets: [], clusters: [], width: 0)
        item.reserve(spec.end - spec.start)
        var start = spec.start
        while start < spec.end {
            var end = start + 1
            if utf8[start] != 0x20 { while end < spec.end && utf8[end] != 0x20 { end += 1 } }
            let bytes = UnsafeBufferPointer(rebasing: utf8[start..<end])
            let word = Substring(decoding: bytes, as: UTF8.self)
            let shape: WordShape
            if let cached = words.word(word, face: spec.face, language: language) {
                shape = cached
            } else {
                shape = try shapeWord(bytes, face: spec.face, script: spec.script, language: language, inert: inert,
                                      text: text())
                words.insert(shape, word: word, face: spec.face, language: language)
            }
            append(shape, offset: start, to: &item, scaler: scaler)
            start = end
        }
        return item
    }
    // The item is made and returned inside the closure: captured by it, it was copied out at the
    // end (a retain and a release of its face and of each of its arrays, for every label).
    let inertMask = inert?.inert(for: UnsafeBufferPointer(rebasing: utf8[spec.start..<spec.end])) ?? 0
    return try withHarfBuzz(spec.face, utf8: utf8, start: spec.start, end: spec.end, level: spec.level, script: spec.script,
                            language: language, turningOff: inertMask, text: text()) { infos, positions in
        let hbFont = spec.face.font.pointer
        let bitmap = spec.face.hasColorBitmaps
        let count = infos.count
        var item = ShapedItem(face: spec.face, start: spec.start, end: spec.end, level: spec.level,
                              glyphs: [], advances: [], offsets: [], clusters: [], width: 0)
        item.reserve(count)
        for i in 0..<count {
            let info = infos[i], position = positions[i]
            var advance: Fixed = 0
            if position.x_advance != 0 {
                let nominal = Int64(hb_font_get_glyph_h_advance(hbFont, info.codepoint))
                advance = scaler.advance(nominal) + scaler.adjustment(Int64(position.x_advance) - nominal)
                if bitmap, let strikeAdvance = spec.face.bitmapAdvance(glyph: info.codepoint, size: size) {
                    advance = Fixed((strikeAdvance * fixedOne).rounded())
                }
            }
            item.append(glyph: info.codepoint, advance: advance, x: scaler.adjustment(Int64(position.x_offset)),
                        y: scaler.adjustment(Int64(position.y_offset)), cluster: Int(info.cluster))
        }
        return item
    }
}

/// Shapes one word alone (no context) and keeps its positions in design units.
private func shapeWord(_ bytes: UnsafeBufferPointer<UInt8>, face: FontFace, script: UInt32, language: TextLanguage?,
                       inert: InertFeatures?, text: @autoclosure () -> String) throws -> WordShape {
    try withHarfBuzz(face, utf8: bytes, start: 0, end: bytes.count, level: 0, script: script, language: language,
                     turningOff: inert?.inert(for: bytes) ?? 0, text: text()) { infos, positions in
        let hbFont = face.font.pointer
        let count = infos.count
        var shape = WordShape(glyphs: [], hasOffsets: false)
        shape.glyphs.reserveCapacity(count)
        for i in 0..<count {
            let info = infos[i], position = positions[i]
            let nominal = position.x_advance != 0 ? hb_font_get_glyph_h_advance(hbFont, info.codepoint) : 0
            shape.glyphs.append(WordShape.Glyph(glyph: info.codepoint, nominal: nominal, adjustment: position.x_advance - nominal,
                                                xOffset: position.x_offset, yOffset: position.y_offset,
                                                cluster: Int32(info.cluster)))
            if position.x_offset != 0 || position.y_offset != 0 { shape.hasOffsets = true }
        }
        return shape
    }
}

/// Appends a cached word, placed at UTF-8 offset `offset`, converting its units at `scaler`.
private func append(_ shape: WordShape, offset: Int, to item: inout ShapedItem, scaler: UnitScaler) {
    let hasOffsets = shape.hasOffsets
    for glyph in shape.glyphs {
        let advance = scaler.advance(Int64(glyph.nominal)) + scaler.adjustment(Int64(glyph.adjustment))
        let x = hasOffsets ? scaler.adjustment(Int64(glyph.xOffset)) : 0
        let y = hasOffsets ? scaler.adjustment(Int64(glyph.yOffset)) : 0
        item.append(glyph: glyph.glyph, advance: advance, x: x, y: y, cluster: offset + Int(glyph.cluster))
    }
}

/// The slot of each thread's reusable HarfBuzz buffer (a thread's buffer is destroyed as the
/// thread exits), or `nil` when the system has no key left to give, and every shaping then makes
/// a buffer of its own.
private let harfBuzzBufferKey: pthread_key_t? = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { buffer in hb_buffer_destroy(OpaquePointer(buffer)) }
    return status == 0 ? key : nil
}()

/// Runs HarfBuzz on `utf8[start..<end]` (the rest as context) with `language` as the buffer's
/// language (so its OpenType `locl` forms apply, as a browser applies the `lang` attribute's), and
/// lends the glyph infos and positions (as many of each; none for no glyphs), valid only inside
/// `body`. The default features `mask` names are turned off (``InertFeatures/inert(for:)``: they
/// cannot change the text).
private func withHarfBuzz<Result>(
    _ face: FontFace, utf8: UnsafeBufferPointer<UInt8>, start: Int, end: Int, level: UInt8, script: UInt32,
    language: TextLanguage?, turningOff mask: UInt32 = 0, text: @autoclosure () -> String,
    _ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) throws -> Result
) throws -> Result {
    // The thread's buffer, taken out of its slot while in use (a nested shaping makes its own),
    // cleared with hb_buffer_clear_contents (which keeps its arrays), and put back after: a buffer
    // and its two glyph arrays were allocated and freed for every label. Not hb_buffer_reset, which
    // also drops and takes again the default Unicode functions: their reference count is shared
    // by every thread, and two threads shaping 100,000 labels spent 1 % of their time passing
    // its cache line to and fro. Every setting reset would restore is set below, or never changed.
    let buffer: OpaquePointer
    if let key = harfBuzzBufferKey, let kept = pthread_getspecific(key) {
        buffer = OpaquePointer(kept)
        pthread_setspecific(key, nil)
        hb_buffer_clear_contents(buffer)
    } else {
        guard let created = hb_buffer_create(), hb_buffer_allocation_successful(created) != 0 else {
            throw TypesettingError.shapingFailed(text: text(), reason: "HarfBuzz could not allocate a buffer")
        }
        buffer = created
    }
    defer {
        if let key = harfBuzzBufferKey, pthread_getspecific(key) == nil {
            pthread_setspecific(key, UnsafeRawPointer(buffer))
        } else {
            hb_buffer_destroy(buffer)
        }
    }
    let base = utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
    hb_buffer_add_utf8(buffer, base, Int32(utf8.count), UInt32(start), Int32(end - start))
    hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
    hb_buffer_set_language(buffer, language.map { hb_language_from_string($0.identifier, -1) } ?? defaultShapingLanguage)
    var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
    if start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
    if end == utf8.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
    hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
    if mask != 0 {
        InertFeatures.withFeatures(turningOff: mask) { features in
            hb_shape(face.font.pointer, buffer, features.baseAddress, UInt32(features.count))
        }
    } else {
        // A text that is not printable ASCII may hold CJK punctuation a browser sets closer.
        let centredDots = HanKerning.centresDots(family: face.familyName, language: language?.identifier)
        HanKerning.withFeatures(utf8: utf8, start: start, end: end, centredDots: centredDots) { features in
            hb_shape(face.font.pointer, buffer, features.baseAddress, UInt32(features.count))
        }
    }
    guard hb_buffer_allocation_successful(buffer) != 0 else {
        throw TypesettingError.shapingFailed(text: text(), reason: "HarfBuzz ran out of memory")
    }
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    guard count > 0, let infos, let positions else {
        return try body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
    }
    return try body(UnsafeBufferPointer(start: infos, count: Int(count)), UnsafeBufferPointer(start: positions, count: Int(count)))
}

/// Shaping of printable ASCII by pairs (``InertFeatures/shapesByPairs(_:)``): each character's
/// glyph and advance, and each glyph's advance adjusted by what HarfBuzz gives the first glyph
/// of the two-character text made of it and the next character, found once per pair and kept.
///
/// HarfBuzz shapes such a text into one glyph per character, clusters at their byte offsets, no
/// offsets, and kerning that adjusts the first glyph of each pair of neighbours alone, pair by
/// pair: the same glyphs and advances as here, to the unit. The kerning of a pair is shaped with
/// the text's script and language (a face may kern differently for each), in the same face
/// object; each thread keeps its own tables (no lock, no shared reference count), at most
/// ``tableLimit`` of them. Tables are found by the face's ``FontFace/serial``, not the face
/// itself: a long-running process (the preview) that loads fonts again keeps no face alive
/// through them, and a table whose face is gone is never used for another face made at the same
/// address. (They held the face weakly, which made every retain and release of every face slow.)
private final class PairKerning {
    private struct Key: Hashable {
        let face: UInt64
        let script: UInt32
        let language: String?
    }

    /// One face's kerning in one script and language, by pair of printable characters.
    private final class Table {
        /// 95 × 95 design-unit adjustments, ``unknown`` until shaped, ``unusable`` for a pair
        /// HarfBuzz did not shape into two glyphs without offsets.
        var values: [Int32]
        /// Each printable character's glyph (``noGlyph`` until looked up) and nominal advance in
        /// design units: HarfBuzz's cmap and hmtx lookups were most of what shaping by pairs
        /// still cost.
        var glyphs: [UInt32]
        var advances: [Int32]

        init() {
            values = [Int32](repeating: PairKerning.unknown, count: 95 * 95)
            glyphs = [UInt32](repeating: PairKerning.noGlyph, count: 95)
            advances = [Int32](repeating: 0, count: 95)
        }

        /// The glyph and nominal advance of printable character `byte` in `face` (the table's);
        /// `nil` when the face does not map it.
        func glyph(_ byte: UInt8, in face: FontFace) -> (glyph: UInt32, advance: Int64)? {
            let slot = Int(byte &- 0x20)
            if glyphs[slot] == PairKerning.noGlyph {
                var glyph: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(face.font.pointer, hb_codepoint_t(byte), &glyph) != 0,
                      glyph != PairKerning.noGlyph else { return nil }
                advances[slot] = hb_font_get_glyph_h_advance(face.font.pointer, glyph)
                glyphs[slot] = glyph
            }
            return (glyphs[slot], Int64(advances[slot]))
        }
    }

    /// No glyph looked up yet (glyph ids are 16-bit).
    static let noGlyph = UInt32.max

    static let unknown = Int32.min
    static let unusable = Int32.min + 1
    /// The most tables a thread keeps before it starts again.
    static let tableLimit = 64
    private var tables: [Key: Table] = [:]

    /// The slot of each thread's tables, or `nil` when the system has no key left to give.
    private static let slot: pthread_key_t? = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { tables in
            guard let tables else { return }
            Unmanaged<PairKerning>.fromOpaque(UnsafeRawPointer(tables)).release()
        }
        return status == 0 ? key : nil
    }()

    /// The thread's tables, made on first use.
    private static func forThisThread() -> PairKerning? {
        guard let slot else { return nil }
        if let kept = pthread_getspecific(slot) { return Unmanaged<PairKerning>.fromOpaque(kept).takeUnretainedValue() }
        let made = PairKerning()
        guard pthread_setspecific(slot, Unmanaged.passRetained(made).toOpaque()) == 0 else {
            Unmanaged.passUnretained(made).release()
            return nil
        }
        return made
    }

    /// Shapes `spec` (a run of printable ASCII that ``InertFeatures/shapesByPairs(_:)`` allows)
    /// by pairs; `nil` when a pair cannot be (the caller then runs HarfBuzz on the text).
    static func shape(_ spec: ItemSpec, utf8: UnsafeBufferPointer<UInt8>, scaler: UnitScaler, language: TextLanguage?,
                      inert: InertFeatures, text: @autoclosure () -> String) throws -> ShapedItem? {
        guard let kerning = forThisThread() else { return nil }
        let key = Key(face: spec.face.serial, script: spec.script, language: language?.identifier)
        let table: Table
        if let kept = kerning.tables[key] {
            table = kept
        } else {
            if kerning.tables.count >= tableLimit { kerning.tables.removeAll() }
            table = Table()
            kerning.tables[key] = table
        }
        var item = ShapedItem(face: spec.face, start: spec.start, end: spec.end, level: 0,
                              glyphs: [], advances: [], offsets: [], clusters: [], width: 0)
        item.reserve(spec.end - spec.start)
        for index in spec.start..<spec.end {
            let byte = utf8[index]
            guard byte >= 0x20 && byte < 0x7F, let (glyph, nominal) = table.glyph(byte, in: spec.face) else { return nil }
            var adjustment: Int64 = 0
            if index + 1 < spec.end {
                let slot = Int(byte - 0x20) * 95 + Int(utf8[index + 1] - 0x20)
                var value = table.values[slot]
                if value == unknown {
                    guard let next = table.glyph(utf8[index + 1], in: spec.face) else { return nil }
                    value = try pairAdjustment(byte, utf8[index + 1], glyphs: (glyph, next.glyph), secondAdvance: next.advance,
                                               spec: spec, language: language, inert: inert, text: text())
                    table.values[slot] = value
                }
                guard value != unusable else { return nil }
                adjustment = Int64(value)
            }
            let advance = nominal + adjustment != 0 ? scaler.advance(nominal) + scaler.adjustment(adjustment) : 0
            item.append(glyph: glyph, advance: advance, x: scaler.adjustment(0), y: scaler.adjustment(0), cluster: index)
        }
        return item
    }

    /// What HarfBuzz adds to the advance of `first`'s glyph in the text `first second`, in design
    /// units; ``unusable`` unless it shapes into the two nominal glyphs, without offsets, the
    /// second at its own advance (anything that moves the last glyph too is not pair kerning).
    private static func pairAdjustment(_ first: UInt8, _ second: UInt8, glyphs: (UInt32, UInt32), secondAdvance: Int64,
                                       spec: ItemSpec, language: TextLanguage?, inert: InertFeatures,
                                       text: @autoclosure () -> String) throws -> Int32 {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { bytes in
            bytes[0] = first
            bytes[1] = second
            let buffer = UnsafeBufferPointer(bytes)
            return try withHarfBuzz(spec.face, utf8: buffer, start: 0, end: 2, level: 0, script: spec.script, language: language,
                                    turningOff: inert.inert(for: buffer), text: text()) { infos, positions in
                guard infos.count == 2, infos[0].codepoint == glyphs.0, infos[1].codepoint == glyphs.1,
                      infos[0].cluster == 0, infos[1].cluster == 1, Int64(positions[1].x_advance) == secondAdvance,
                      positions.allSatisfy({ $0.x_offset == 0 && $0.y_offset == 0 && $0.y_advance == 0 }) else { return unusable }
                let value = Int64(positions[0].x_advance) - Int64(hb_font_get_glyph_h_advance(spec.face.font.pointer, glyphs.0))
                guard let adjustment = Int32(exactly: value), adjustment > unusable else { return unusable }
                return adjustment
            }
        }
    }
}

/// Converts design units to ``Fixed`` points as FreeType (advances) and HarfBuzz (adjustments)
/// do inside Chromium; see ``Fixed``.
struct UnitScaler {
    /// FreeType's 16.16 scale from design units to 26.6 pixels.
    let freeTypeScale: Int64
    /// HarfBuzz's 16.16 multiplier from design units to 16.16 pixels.
    let harfBuzzMultiplier: Int64

    /// - Parameter size: The effective size (``Font/effectiveSize``), a single-precision value.
    init(size: Double, unitsPerEm: Int) {
        let upem = Int64(unitsPerEm)
        let single = Double(Float(size))
        let size26_6 = Int64(single * 64)                                          // SkScalarToFDot6 truncates
        freeTypeScale = ((size26_6 << 16) + upem / 2) / upem                       // FT_DivFix
        let scale = Int64(single * fixedOne)                                       // SkiaScalarToHarfBuzzPosition
        harfBuzzMultiplier = (scale << 16) / upem                                  // hb_font_t::mults_changed
    }

    /// A nominal advance: FreeType's linear advance in 16.16 pixels.
    @inline(__always)
    func advance(_ units: Int64) -> Fixed {
        let product = abs(units) * freeTypeScale
        let value = (product + 32) / 64                                            // FT_MulDiv(units, scale, 64)
        return units < 0 ? -value : value
    }

    /// A GPOS value (kerning, offset): HarfBuzz's `em_mult`.
    @inline(__always)
    func adjustment(_ units: Int64) -> Fixed {
        (units * harfBuzzMultiplier + 32768) >> 16
    }
}
