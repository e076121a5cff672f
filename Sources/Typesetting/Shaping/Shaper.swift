import CHarfBuzz

/// Positions are kept as integers in 1/65536 of a point (16.16 fixed point, the unit HarfBuzz
/// positions have in Blink), so sums are exact and identical on every machine.
///
/// Glyph advances are scaled the way Chromium's text stack does it, so that widths match a
/// browser to the last layout unit:
/// - the nominal advance (hmtx) goes through FreeType's linear advance, as Skia reads it:
///   `x_scale = FT_DivFix(round(size × 64), upem)`, `advance = FT_MulDiv(units, x_scale, 64)`;
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
    var xOffsets: [Fixed]
    var yOffsets: [Fixed]
    /// UTF-8 offsets into the paragraph, one per glyph.
    var clusters: [Int]
    /// The sum of `advances`.
    var width: Fixed
}

/// The HarfBuzz language every item is shaped with: a fixed tag, so results never depend on the
/// process locale (HarfBuzz's default language comes from `setlocale`).
nonisolated(unsafe) private let shapingLanguage = hb_language_from_string("en", -1)

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
func shape(_ spec: ItemSpec, utf8: UnsafeBufferPointer<UInt8>, size: Double, text: @autoclosure () -> String) throws -> ShapedItem {
    guard let buffer = hb_buffer_create() else {
        throw TypesettingError.shapingFailed(text: text(), reason: "HarfBuzz could not allocate a buffer")
    }
    defer { hb_buffer_destroy(buffer) }
    let base = utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
    hb_buffer_add_utf8(buffer, base, Int32(utf8.count), UInt32(spec.start), Int32(spec.end - spec.start))
    hb_buffer_set_direction(buffer, spec.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(rawValue: spec.script))
    hb_buffer_set_language(buffer, shapingLanguage)
    var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
    if spec.start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
    if spec.end == utf8.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
    hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
    hb_shape(spec.face.font.pointer, buffer, nil, 0)
    guard hb_buffer_allocation_successful(buffer) != 0 else {
        throw TypesettingError.shapingFailed(text: text(), reason: "HarfBuzz ran out of memory")
    }
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    let n = Int(count)
    let scaler = UnitScaler(size: size, unitsPerEm: spec.face.unitsPerEm)
    let hbFont = spec.face.font.pointer
    var item = ShapedItem(face: spec.face, start: spec.start, end: spec.end, level: spec.level,
                          glyphs: [], advances: [], xOffsets: [], yOffsets: [], clusters: [], width: 0)
    item.glyphs.reserveCapacity(n)
    item.advances.reserveCapacity(n)
    item.xOffsets.reserveCapacity(n)
    item.yOffsets.reserveCapacity(n)
    item.clusters.reserveCapacity(n)
    guard let infos, let positions else { return item }
    let bitmap = spec.face.hasColorBitmaps
    var width: Fixed = 0
    for i in 0..<n {
        let info = infos[i], position = positions[i]
        var advance: Fixed = 0
        if position.x_advance != 0 {
            let nominal = Int64(hb_font_get_glyph_h_advance(hbFont, info.codepoint))
            advance = scaler.advance(nominal) + scaler.adjustment(Int64(position.x_advance) - nominal)
            if bitmap, let strikeAdvance = spec.face.bitmapAdvance(glyph: info.codepoint, size: size) {
                advance = Fixed((strikeAdvance * fixedOne).rounded())
            }
        }
        item.glyphs.append(info.codepoint)
        item.advances.append(advance)
        item.xOffsets.append(scaler.adjustment(Int64(position.x_offset)))
        item.yOffsets.append(scaler.adjustment(Int64(position.y_offset)))
        item.clusters.append(Int(info.cluster))
        width += advance
    }
    item.width = width
    return item
}

/// Converts design units to ``Fixed`` points as FreeType (advances) and HarfBuzz (adjustments)
/// do inside Chromium; see ``Fixed``.
struct UnitScaler {
    /// FreeType's 16.16 scale from design units to 26.6 pixels.
    let freeTypeScale: Int64
    /// HarfBuzz's 16.16 multiplier from design units to 16.16 pixels.
    let harfBuzzMultiplier: Int64

    init(size: Double, unitsPerEm: Int) {
        let upem = Int64(unitsPerEm)
        let size26_6 = Int64((size * 64).rounded())
        freeTypeScale = ((size26_6 << 16) + upem / 2) / upem                       // FT_DivFix
        let scale = Int64(size * fixedOne)                                         // SkiaScalarToHarfBuzzPosition
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
