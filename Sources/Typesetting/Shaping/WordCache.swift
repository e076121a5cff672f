import CHarfBuzz

/// Whether a face shapes words independently of the spaces between them, so that a label can be
/// shaped word by word from a cache and give exactly the glyphs and positions of shaping it whole
/// (the technique of Blink's word shape cache).
///
/// It is decided from the font's own lookups for the features HarfBuzz applies by default: if a
/// default GSUB or GPOS lookup takes the space glyph as input (a kerning pair or ligature with a
/// space), the face is never split. Lookups that only look at a space as context (backtrack or
/// lookahead) make the characters that can reach their input glyphs "sensitive" (the closure of
/// each ASCII character's glyph under the default GSUB lookups is checked); text with such a
/// character is shaped whole. Other lookups cannot match across a space, since they would have to
/// match the space glyph itself.
struct SpaceIndependence: Sendable {
    /// Whether words may be shaped apart at all.
    var isSplittable: Bool
    /// ASCII characters (bit n of word n / 64) whose glyphs a space-context lookup may change.
    var sensitive: (UInt64, UInt64)

    static let never = SpaceIndependence(isSplittable: false, sensitive: (~0, ~0))

    /// Whether `bytes` (printable ASCII) may be shaped word by word.
    func allows(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isSplittable else { return false }
        for byte in bytes {
            let bit = byte < 64 ? sensitive.0 & (1 << UInt64(byte)) : sensitive.1 & (1 << UInt64(byte &- 64))
            if bit != 0 { return false }
        }
        return true
    }

    /// The features HarfBuzz turns on by default for horizontal left-to-right text (hb-ot-shape.cc).
    private static let defaultFeatures: [hb_tag_t] = [
        "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga",
        "rclt", "ltra", "ltrm", "rvrn",
    ].map { tag in tag.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) } } + [0]

    init(isSplittable: Bool, sensitive: (UInt64, UInt64)) {
        self.isSplittable = isSplittable
        self.sensitive = sensitive
    }

    /// Analyses `face`'s GSUB and GPOS lookups.
    ///
    /// - Complexity: O(lookups + 94 closures); about a millisecond for Inter, once per face.
    init(face: FontFace) {
        let hbFace = face.face.pointer
        var space: hb_codepoint_t = 0
        guard face.hasColorBitmaps == false, hb_font_get_nominal_glyph(face.font.pointer, 0x20, &space) != 0,
              let sensitiveInputs = hb_set_create() else {
            self = .never
            return
        }
        defer { hb_set_destroy(sensitiveInputs) }
        var splittable = true
        let gsubLookups = hb_set_create()
        defer { hb_set_destroy(gsubLookups) }
        for table in [hbTag("GSUB"), hbTag("GPOS")] {
            let lookups = table == hbTag("GSUB") ? gsubLookups : hb_set_create()
            defer { if table != hbTag("GSUB") { hb_set_destroy(lookups) } }
            Self.defaultFeatures.withUnsafeBufferPointer { features in
                hb_ot_layout_collect_lookups(hbFace, table, nil, nil, features.baseAddress, lookups)
            }
            var index = hb_codepoint_t.max   // HB_SET_VALUE_INVALID
            while hb_set_next(lookups, &index) != 0 {
                let before = hb_set_create(), input = hb_set_create(), after = hb_set_create(), output = hb_set_create()
                defer { [before, input, after, output].forEach { hb_set_destroy($0) } }
                hb_ot_layout_lookup_collect_glyphs(hbFace, table, index, before, input, after, output)
                if hb_set_has(input, space) != 0 || hb_set_has(output, space) != 0 { splittable = false }
                if hb_set_has(before, space) != 0 || hb_set_has(after, space) != 0 { hb_set_union(sensitiveInputs, input) }
            }
        }
        var sensitive: (UInt64, UInt64) = (0, 0)
        if splittable && hb_set_is_empty(sensitiveInputs) == 0 {
            for byte in UInt8(0x21)...UInt8(0x7E) {
                var glyph: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(face.font.pointer, hb_codepoint_t(byte), &glyph) != 0,
                      let closure = hb_set_create() else { continue }
                defer { hb_set_destroy(closure) }
                hb_set_add(closure, glyph)
                hb_ot_layout_lookups_substitute_closure(hbFace, gsubLookups, closure)
                hb_set_intersect(closure, sensitiveInputs)
                if hb_set_is_empty(closure) == 0 {
                    if byte < 64 { sensitive.0 |= 1 << UInt64(byte) } else { sensitive.1 |= 1 << UInt64(byte - 64) }
                }
            }
        }
        self.init(isSplittable: splittable, sensitive: sensitive)
    }
}

/// One word shaped alone, in design units: enough to place it at any size.
///
/// The glyphs are one array of packed values, so that a word costs one allocation (six parallel
/// arrays grown by appending cost about thirty for a ten-letter word, the largest part of a
/// cold label's allocations).
struct WordShape: Sendable {
    /// One glyph of a shaped word, in design units.
    struct Glyph: Sendable {
        var glyph: UInt32
        /// The nominal (hmtx) advance.
        var nominal: Int32
        /// The GPOS adjustment: the shaped advance minus the nominal one.
        var adjustment: Int32
        /// The GPOS offset (x right, y up).
        var xOffset: Int32
        var yOffset: Int32
        /// The UTF-8 offset of the glyph's cluster within the word.
        var cluster: Int32
    }

    var glyphs: [Glyph]
    /// Whether any glyph has a non-zero offset.
    var hasOffsets: Bool

    var cost: Int { 64 + glyphs.count * MemoryLayout<Glyph>.stride }
}

/// Shaped words keyed by face, language and text, bounded by an estimated byte budget (cleared when full),
/// owned by one ``Typesetter`` so a new typesetter starts cold.
final class WordCache: Sendable {
    private struct Key: Hashable, Sendable {
        var face: ObjectIdentifier
        var language: TextLanguage?
        var word: Substring
    }

    private struct State: Sendable {
        var words: [Key: WordShape] = [:]
        var cost = 0
    }

    private let capacity: Int
    private let state = Locked(State())
    private let faces = Locked<[ObjectIdentifier: SpaceIndependence]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The face's space independence, computed once.
    func independence(of face: FontFace) -> SpaceIndependence {
        let id = ObjectIdentifier(face)
        if let known = faces.withLock({ $0[id] }) { return known }
        let computed = SpaceIndependence(face: face)
        faces.withLock { $0[id] = computed }
        return computed
    }

    func word(_ word: Substring, face: FontFace, language: TextLanguage?) -> WordShape? {
        state.withLock { $0.words[Key(face: ObjectIdentifier(face), language: language, word: word)] }
    }

    func insert(_ shape: WordShape, word: Substring, face: FontFace, language: TextLanguage?) {
        guard capacity > 0 else { return }
        state.withLock { state in
            if state.cost + shape.cost > capacity {
                state.words.removeAll(keepingCapacity: true)
                state.cost = 0
            }
            state.words[Key(face: ObjectIdentifier(face), language: language, word: Substring(String(word)))] = shape
            state.cost += shape.cost
        }
    }

    func removeAll() {
        state.withLock { $0 = State() }
    }
}
