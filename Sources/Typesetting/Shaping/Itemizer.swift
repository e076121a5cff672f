import CFriBidi
import CHarfBuzz

/// A run of a paragraph to shape with one face, at one bidi embedding level, in one script.
struct ItemSpec: Sendable {
    var face: FontFace
    /// UTF-8 offsets into the paragraph.
    var start: Int
    var end: Int
    /// The bidi embedding level (UAX #9); odd is right-to-left.
    var level: UInt8
    /// The HarfBuzz script (ISO 15924 tag).
    var script: UInt32
}

/// A paragraph split into items (UAX #24 script runs, UAX #9 levels, font coverage), with its
/// break opportunities and grapheme boundaries, ready to shape and break into lines.
struct Paragraph: Sendable {
    /// The paragraph's text (no hard line breaks inside).
    let text: String
    /// The UTF-8 bytes of `text`.
    let utf8: [UInt8]
    /// The UTF-8 offset of each scalar, plus `utf8.count` at the end.
    var scalarOffsets: [Int] { isSimple ? Array(0...utf8.count) : storedOffsets }
    /// The offsets of a paragraph that is not simple (ASCII ones are the identity).
    private let storedOffsets: [Int]
    /// The items in logical order.
    let items: [ItemSpec]
    /// The paragraph's base level: 0 left-to-right, 1 right-to-left.
    let baseLevel: UInt8
    /// Whether the paragraph went the all-ASCII way: printable ASCII, left to right, every
    /// character in the requested face, one item (each byte is a scalar and a grapheme cluster).
    let isSimple: Bool

    /// Splits `text` into items for `faces`; characters none of them covers fall back to the
    /// machine's fonts in the order for `language` (``TextLanguage/fallbackLanguage``).
    ///
    /// - Complexity: O(n · f) for n scalars and f fallback faces tried per uncovered cluster.
    init(_ text: String, faces: ResolvedFaces, library: FontLibrary, baseLevel: UInt8, language: TextLanguage?) throws {
        self.text = text
        self.baseLevel = baseLevel
        let utf8 = Array(text.utf8)
        self.utf8 = utf8
        let primary = faces.primary
        // The common case: printable ASCII, all in the requested face, left to right.
        if baseLevel == 0, let item = utf8.withUnsafeBufferPointer({ Self.simpleItem($0, face: primary) }) {
            isSimple = true
            storedOffsets = []
            items = utf8.isEmpty ? [] : [item]
            return
        }
        isSimple = false
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var offset = 0
        for scalar in text.unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        storedOffsets = offsets
        let levels = try bidiLevels(scalars, baseLevel: baseLevel, text: text)
        let scripts = resolvedScripts(scalars)

        // Faces per grapheme cluster (UAX #29 extended grapheme clusters, as Swift's Character).
        var faceOfScalar: [FontFace] = []
        faceOfScalar.reserveCapacity(scalars.count)
        var index = 0
        for character in text {
            let count = character.unicodeScalars.count
            let cluster = scalars[index..<(index + count)]
            let face = chooseFace(cluster, faces: faces, library: library, language: language)
            for _ in 0..<count { faceOfScalar.append(face) }
            index += count
        }

        var items: [ItemSpec] = []
        var start = 0
        for i in 1...scalars.count {
            if i == scalars.count || faceOfScalar[i] !== faceOfScalar[start] || levels[i] != levels[start]
                || scripts[i] != scripts[start] {
                items.append(ItemSpec(face: faceOfScalar[start], start: offsets[start], end: offsets[i],
                                      level: levels[start], script: scripts[start]))
                start = i
            }
        }
        self.items = scalars.isEmpty ? [] : items
    }

    /// The one item of a simple paragraph (printable ASCII that `face` covers entirely), or `nil`
    /// if `bytes` is not simple. Left-to-right paragraphs only.
    static func simpleItem(_ bytes: UnsafeBufferPointer<UInt8>, face: FontFace) -> ItemSpec? {
        var hasLetter = false
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { hasLetter = true }
        }
        guard face.coversASCII(bytes) else { return nil }
        return ItemSpec(face: face, start: 0, end: bytes.count, level: 0, script: hasLetter ? scriptLatin : scriptCommon)
    }
}

let scriptLatin = hbTag("Latn")
let scriptCommon = hbTag("Zyyy")
let scriptInherited = hbTag("Zinh")
private let scriptUnknown = hbTag("Zzzz")

func hbTag(_ string: StaticString) -> UInt32 {
    string.withUTF8Buffer { bytes in bytes.reduce(0) { $0 << 8 | UInt32($1) } }
}

/// Picks the face for one grapheme cluster: the requested face, then the bundled fallbacks (colour
/// fonts first for emoji presentation, text fonts first otherwise), then the machine's face
/// Chromium picks for the text's language (``FontLibrary/systemFace(covering:language:)``), then
/// the requested face's `.notdef`.
///
/// A face covers a cluster when it maps every scalar that is not default-ignorable; a cluster with
/// an emoji or text variation selector (U+FE0F, U+FE0E) needs a face that has that variation
/// sequence, unless no face has it, as Blink does.
private func chooseFace(_ cluster: ArraySlice<Unicode.Scalar>, faces: ResolvedFaces, library: FontLibrary,
                        language: TextLanguage?) -> FontFace {
    let emoji = isEmojiPresentation(cluster)
    let selector = cluster.first { $0.value == 0xFE0F || $0.value == 0xFE0E }
    let chain = emoji ? faces.emojiFallbacks : faces.textFallbacks
    if let selector, let base = cluster.first {
        if covers(faces.primary, cluster) && faces.primary.hasVariation(base, selector) { return faces.primary }
        for face in chain where covers(face, cluster) && face.hasVariation(base, selector) { return face }
    }
    if covers(faces.primary, cluster) && (selector == nil || !emoji || faces.primary.hasColorBitmaps) {
        return faces.primary
    }
    for face in chain where covers(face, cluster) { return face }
    if covers(faces.primary, cluster) { return faces.primary }
    if let base = cluster.first(where: { !isIgnorable($0) }),
       let face = library.systemFace(covering: base, language: TextLanguage.fallbackLanguage(for: language)),
       covers(face, cluster) {
        return face
    }
    return faces.primary
}

/// Whether `face` maps every scalar of `cluster` that a shaper does not hide.
func covers(_ face: FontFace, _ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
    cluster.allSatisfy { isIgnorable($0) || face.hasGlyph($0) }
}

/// The default-ignorable code points HarfBuzz hides (ZWJ, variation selectors, bidi controls,
/// tags, …): its own list (`is_default_ignorable` in hb-unicode.hh, HarfBuzz 6), which is not
/// Unicode's Default_Ignorable_Code_Point. The Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and
/// Duployan's shorthand format controls (U+1BCA0–U+1BCA3) are drawn with the font's glyphs, as
/// Uniscribe draws them, and U+180F (a variation selector of Unicode 14) is not in HarfBuzz 6's
/// list: taken as hidden, they were never given a fallback font and drew a box without a warning.
func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x034F, 0x061C, 0x17B4...0x17B5, 0x180B...0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F,
         0xFE00...0xFE0F, 0xFEFF, 0xFFF0...0xFFF8, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
        true
    default:
        false
    }
}

/// Whether a cluster is shown as an emoji by default (UTS #51 section 4, "Presentation Style"):
/// an emoji variation selector, a keycap, a modifier, a ZWJ sequence of pictographs, a flag or a
/// tag sequence make it emoji; a text variation selector makes it text; otherwise the first
/// scalar's Emoji_Presentation property decides.
func isEmojiPresentation(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = cluster.first else { return false }
    var emoji = first.properties.isEmojiPresentation
    for scalar in cluster.dropFirst() {
        switch scalar.value {
        case 0xFE0E: return false
        case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: emoji = true
        case 0x200D: if first.properties.isEmoji { emoji = true }
        default: break
        }
    }
    if first.value >= 0x1F1E6 && first.value <= 0x1F1FF { emoji = true }
    return emoji
}

/// Scripts per scalar (UAX #24), with Common and Inherited resolved to the surrounding script:
/// a character takes the script of the run it continues, leading ones the first real script.
///
/// - Complexity: O(n).
private func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [UInt32] {
    let funcs = hb_unicode_funcs_get_default()
    var scripts = scalars.map { scalar -> UInt32 in
        let script = scriptTag(of: scalar, funcs: funcs)
        return script == scriptUnknown ? scriptCommon : script
    }
    var current: UInt32? = nil
    for i in scripts.indices {
        if scripts[i] == scriptCommon || scripts[i] == scriptInherited {
            if let current { scripts[i] = current }
        } else {
            current = scripts[i]
        }
    }
    if let firstReal = scripts.first(where: { $0 != scriptCommon && $0 != scriptInherited }) {
        for i in scripts.indices {
            guard scripts[i] == scriptCommon || scripts[i] == scriptInherited else { break }
            scripts[i] = firstReal
        }
    } else {
        for i in scripts.indices { scripts[i] = scriptCommon }
    }
    return scripts
}

/// Embedding levels per scalar by UAX #9, the Unicode Bidirectional Algorithm (rules P2 to I2),
/// computed by GNU FriBidi. Text without right-to-left or explicit formatting characters skips
/// FriBidi and gets the base level everywhere.
///
/// - Complexity: O(n).
private func bidiLevels(_ scalars: [Unicode.Scalar], baseLevel: UInt8, text: String) throws -> [UInt8] {
    let needsBidi = baseLevel != 0 || scalars.contains { scalar in
        guard scalar.value >= 0x0590 else { return false }
        let type = UInt32(fribidi_get_bidi_type(FriBidiChar(scalar.value)).rawValue)
        return type & 0x1 != 0 || type & 0x1000 != 0 || type & 0x8000 != 0   // RTL, explicit, isolate
    }
    guard needsBidi, !scalars.isEmpty else { return [UInt8](repeating: baseLevel, count: scalars.count) }
    let count = scalars.count
    let codePoints = scalars.map { FriBidiChar($0.value) }
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    fribidi_get_bidi_types(codePoints, FriBidiStrIndex(count), &types)
    fribidi_get_bracket_types(codePoints, FriBidiStrIndex(count), types, &brackets)
    var direction = FriBidiParType(rawValue: baseLevel == 0 ? 0x110 : 0x111)  // FRIBIDI_PAR_LTR, FRIBIDI_PAR_RTL
    let result = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &direction, &levels)
    guard result != 0 else { throw TypesettingError.shapingFailed(text: text, reason: "FriBidi could not resolve the bidi levels") }
    return levels.map { UInt8(bitPattern: $0) }
}

extension TextDirection {
    /// The direction of a text's first strong character (UAX #9 rules P2 and P3: a letter of a
    /// left-to-right or right-to-left script, characters inside isolates skipped), or `nil` when
    /// it has none (digits, punctuation, symbols, emoji).
    ///
    /// - Complexity: O(n), stopping at the first strong character.
    public static func firstStrong(in text: String) -> TextDirection? {
        var isolates = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let lower = value | 0x20
                if isolates == 0, lower >= 0x61, lower <= 0x7A { return .leftToRight }
                continue
            }
            if (0x2066...0x2068).contains(value) {
                isolates += 1
            } else if value == 0x2069 {
                isolates = Swift.max(0, isolates - 1)
            } else if isolates == 0 {
                let type = UInt32(fribidi_get_bidi_type(FriBidiChar(value)).rawValue)
                // FRIBIDI_MASK_LETTER and FRIBIDI_MASK_STRONG: L, R and AL; FRIBIDI_MASK_RTL for R and AL.
                if type & 0x100 != 0, type & 0x10 != 0 { return type & 0x1 != 0 ? .rightToLeft : .leftToRight }
            }
        }
        return nil
    }
}
