import CHarfBuzz

/// The default substitution features of a face that cannot change a given printable-ASCII text,
/// so that the text can be shaped with them turned off and give exactly the glyphs, positions and
/// clusters of shaping it with them on, in a fraction of the time.
///
/// HarfBuzz tries a feature's lookups at every glyph they may cover, whether or not the rest of
/// what they need is there: Inter's glyph composition (`ccmp`: a letter and the combining marks
/// after it become one glyph) is more than a third of shaping a label such as `swift12345`,
/// which holds no mark.
///
/// The analysis, once per face:
/// 1. The glyphs any printable-ASCII text can hold: its characters' glyphs and what the face's
///    default substitution lookups can make of them (HarfBuzz's closure, which a subsetter relies
///    on to keep every glyph shaping can reach).
/// 2. Where each lookup can act: a lookup acts only at a glyph of its coverage, and only through a
///    rule whose other glyphs (a ligature's components, a context's input, backtrack and
///    lookahead glyphs or classes) can all be there. Rules needing a glyph that no ASCII text can
///    hold are dropped, so a letter starts no composition with a combining mark. The GSUB table
///    is read for this (``GSUBReader``); a subtable it cannot read counts as able to act at every
///    glyph of its input.
/// 3. The lookups each printable character sets off: starting from its glyph, a lookup goes off
///    when a glyph is where it can act, and adds every glyph it can output (its nested lookups'
///    too). This over-approximates shaping, and a set goes off a lookup if one of its glyphs does,
///    so a text sets off the union of what its characters set off alone.
///
/// A feature none of whose lookups a text's characters set off does nothing to it. Positioning
/// features (kerning, marks) are left as they are; a text that sets off no substitution at all,
/// in a face that positions by pairs, is shaped by pairs instead (``shapesByPairs(_:)``).
///
/// Turning a feature off removes its lookups from HarfBuzz's plan (`hb_ot_map_builder_t` skips a
/// feature whose value is 0 everywhere); a lookup shared with a feature that stays on stays, and
/// the lookups that stay run in the same order on the same glyphs. A property test compares both
/// ways over random labels in every bundled face.
struct InertFeatures: Sendable {
    /// Printable ASCII characters as bits: bit n of `low` for n < 64, of `high` for the others.
    struct Characters: Sendable, Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        static let all = Characters(low: ~0, high: ~0)

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte &- 64) }
        }

        func isDisjoint(with other: Characters) -> Bool {
            low & other.low == 0 && high & other.high == 0
        }
    }

    /// The substitution features HarfBuzz turns on by default for horizontal text (hb-ot-shape.cc),
    /// whichever script it shapes: the features analysed, bit i of a mask standing for entry i.
    static let defaultSubstitutionFeatures: InlineArray<10, hb_tag_t> = [
        hbTag("ccmp"), hbTag("locl"), hbTag("rlig"), hbTag("calt"), hbTag("clig"), hbTag("liga"), hbTag("rclt"),
        hbTag("ltra"), hbTag("ltrm"), hbTag("rvrn"),
    ]

    /// For each default feature, the characters that may make it act; every character for a
    /// feature the face lacks (nothing to turn off). Held inline: a text's shaping reads it on
    /// every thread, and an array's buffer would be one more reference count they all write.
    private let sensitive: InlineArray<10, Characters>
    /// The printable characters whose glyph sets off no default substitution lookup at all.
    private let quiet: Characters
    /// Whether the face's default positioning lookups only adjust the advance of the first glyph
    /// of a pair (kerning) or attach marks, and no printable character's glyph is anything but a
    /// base glyph: ``shapesByPairs(_:)``.
    private let positionsByPairs: Bool

    static let none = InertFeatures(sensitive: InlineArray(repeating: .all), quiet: Characters(), positionsByPairs: false)

    private init(sensitive: InlineArray<10, Characters>, quiet: Characters, positionsByPairs: Bool) {
        self.sensitive = sensitive
        self.quiet = quiet
        self.positionsByPairs = positionsByPairs
    }

    /// The positioning features HarfBuzz turns on by default for horizontal text (hb-ot-shape.cc).
    static let defaultPositioningFeatures: [hb_tag_t] = [
        hbTag("abvm"), hbTag("blwm"), hbTag("curs"), hbTag("dist"), hbTag("kern"), hbTag("mark"), hbTag("mkmk"),
    ]

    /// The other features HarfBuzz 6 turns on by default, in either table: randomised
    /// alternates, tracking, and its own test features. The substitution analysis leaves them
    /// on; shaping by pairs needs a face without lookups under them.
    static let otherDefaultFeatures: [hb_tag_t] = [
        hbTag("rand"), hbTag("trak"), hbTag("Harf"), hbTag("HARF"), hbTag("Buzz"), hbTag("BUZZ"),
    ]

    /// Whether shaping `bytes` (printable ASCII the face covers) is only its characters' glyphs
    /// at their advances, each advance adjusted by kerning with the next glyph alone: no default
    /// substitution lookup can act on it, and the face positions by pairs (see
    /// ``positionsByPairs``). HarfBuzz then gives each glyph the advance it gives the first glyph
    /// of the pair alone, since a pair adjustment with an empty second value moves on to the next
    /// glyph, and marks-only lookups never act; ``PairKerning`` shapes from this.
    func shapesByPairs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard positionsByPairs else { return false }
        var present = Characters()
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F else { return false }
            present.insert(byte)
        }
        return present.low & ~quiet.low == 0 && present.high & ~quiet.high == 0
    }

    /// The characters that may make `tag` act, or `nil` when it is not analysed (not a default
    /// substitution feature, or one the face lacks).
    func characters(setting tag: hb_tag_t) -> Characters? {
        for index in sensitive.indices where Self.defaultSubstitutionFeatures[index] == tag {
            return sensitive[index] == .all ? nil : sensitive[index]
        }
        return nil
    }

    /// Analyses `face`'s GSUB lookups.
    ///
    /// - Complexity: O(c · i · l · g / 64) for the c = 95 printable characters, i rounds, l default
    ///   lookups and g glyphs; a few milliseconds for Inter, once per font request
    ///   (``FontLibrary/resolve(_:)`` keeps it with the faces it resolves).
    init(face: FontFace) {
        let hbFace = face.face.pointer
        let gsub = hbTag("GSUB")
        guard !face.hasColorBitmaps, let all = hb_set_create() else {
            self = .none
            return
        }
        defer { hb_set_destroy(all) }
        var defaults = (0..<Self.defaultSubstitutionFeatures.count).map { Self.defaultSubstitutionFeatures[$0] } + [0]
        defaults.withUnsafeMutableBufferPointer { tags in
            hb_ot_layout_collect_lookups(hbFace, gsub, nil, nil, tags.baseAddress, all)
        }
        // Each default lookup's input (its coverage and the rest of its input sequences) and
        // output (its nested lookups' too), as bit sets of glyphs as large as the largest id any
        // of them holds (a malformed font's may pass its glyph count).
        var lookupIndices: [hb_codepoint_t] = []
        var sets: [(input: OpaquePointer, output: OpaquePointer)] = []
        defer { for set in sets { hb_set_destroy(set.input); hb_set_destroy(set.output) } }
        var largest = face.glyphCount
        var index = hb_codepoint_t.max   // HB_SET_VALUE_INVALID
        while hb_set_next(all, &index) != 0 {
            guard let input = hb_set_create(), let output = hb_set_create() else {
                self = .none
                return
            }
            sets.append((input, output))
            hb_ot_layout_lookup_collect_glyphs(hbFace, gsub, index, nil, input, nil, output)
            lookupIndices.append(index)
            for set in [input, output] where hb_set_is_empty(set) == 0 {
                largest = max(largest, Int(hb_set_get_max(set)) + 1)
            }
        }
        let words = (largest + 63) / 64
        // The glyphs any printable-ASCII text can hold.
        guard let reachable = hb_set_create() else {
            self = .none
            return
        }
        defer { hb_set_destroy(reachable) }
        for byte in UInt8(0x20)...UInt8(0x7E) {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(face.font.pointer, hb_codepoint_t(byte), &glyph) != 0 { hb_set_add(reachable, glyph) }
        }
        hb_ot_layout_lookups_substitute_closure(hbFace, all, reachable)
        let available = GlyphBits(reachable, words: words)
        // Where each lookup can act (its whole input where the table cannot be read), and what it
        // can output.
        let reader = GSUBReader(face: hbFace)
        let inputs = zip(lookupIndices, sets).map { index, set in
            reader?.triggers(ofLookup: Int(index), available: available, words: words) ?? GlyphBits(set.input, words: words)
        }
        let outputs = sets.map { GlyphBits($0.output, words: words) }
        // The lookups each printable character sets off.
        var setOff: [(byte: UInt8, lookups: [Bool])] = []
        for byte in UInt8(0x20)...UInt8(0x7E) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(face.font.pointer, hb_codepoint_t(byte), &glyph) != 0 else { continue }
            var glyphs = GlyphBits(words: words)
            glyphs.insert(Int(glyph))
            var active = [Bool](repeating: false, count: lookupIndices.count)
            var changed = true
            while changed {
                changed = false
                for lookup in lookupIndices.indices where !active[lookup] && glyphs.intersects(inputs[lookup]) {
                    active[lookup] = true
                    glyphs.formUnion(outputs[lookup])
                    changed = true
                }
            }
            setOff.append((byte, active))
        }
        var sensitive = InlineArray<10, Characters>(repeating: .all)
        for feature in sensitive.indices {
            guard let lookups = hb_set_create() else { continue }
            defer { hb_set_destroy(lookups) }
            var tags: [hb_tag_t] = [Self.defaultSubstitutionFeatures[feature], 0]
            tags.withUnsafeMutableBufferPointer { tags in
                hb_ot_layout_collect_lookups(hbFace, gsub, nil, nil, tags.baseAddress, lookups)
            }
            guard hb_set_is_empty(lookups) == 0 else { continue }
            let members = lookupIndices.indices.filter { hb_set_has(lookups, lookupIndices[$0]) != 0 }
            var characters = Characters()
            for entry in setOff where members.contains(where: { entry.lookups[$0] }) { characters.insert(entry.byte) }
            sensitive[feature] = characters
        }
        var quiet = Characters()
        for entry in setOff where !entry.lookups.contains(true) { quiet.insert(entry.byte) }
        self.init(sensitive: sensitive, quiet: quiet, positionsByPairs: Self.positionsByPairs(face))
    }

    /// Whether a language system of `table` has a required feature, which HarfBuzz always applies.
    private static func hasRequiredFeature(_ face: OpaquePointer?, _ table: hb_tag_t) -> Bool {
        var feature: UInt32 = 0
        let scripts = hb_ot_layout_table_get_script_tags(face, table, 0, nil, nil)
        for script in 0..<scripts {
            if hb_ot_layout_language_get_required_feature_index(face, table, script, HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX,
                                                                &feature) != 0 { return true }
            let languages = hb_ot_layout_script_get_language_tags(face, table, script, 0, nil, nil)
            for language in 0..<languages
            where hb_ot_layout_language_get_required_feature_index(face, table, script, language, &feature) != 0 {
                return true
            }
        }
        return false
    }

    /// Whether HarfBuzz positions printable-ASCII text in `face` by OpenType GPOS pair
    /// adjustments of the first glyph's advance alone: the face has a GPOS table and no AAT
    /// tables (which HarfBuzz would apply instead, or as well), no legacy `kern` table that
    /// HarfBuzz would apply (one is, when GPOS has no kerning), every lookup of the default
    /// positioning features is pair positioning of that kind or mark attachment, and no printable
    /// character's glyph is a mark, a ligature or a component (which lookups may skip, making
    /// pairs of glyphs that are not next to each other).
    private static func positionsByPairs(_ face: FontFace) -> Bool {
        let hbFace = face.face.pointer
        let gsub = hbTag("GSUB"), gpos = hbTag("GPOS")
        guard hb_ot_layout_has_positioning(hbFace) != 0, hb_aat_layout_has_substitution(hbFace) == 0,
              hb_aat_layout_has_positioning(hbFace) == 0, hb_aat_layout_has_tracking(hbFace) == 0,
              !hasRequiredFeature(hbFace, gsub), !hasRequiredFeature(hbFace, gpos),
              let reader = GSUBReader(face: hbFace, positioning: true), let lookups = hb_set_create(),
              let others = hb_set_create() else { return false }
        defer { hb_set_destroy(lookups); hb_set_destroy(others) }
        // Substitutions under the other default features are outside the analysis: none allowed.
        var otherTags = otherDefaultFeatures + [0]
        otherTags.withUnsafeMutableBufferPointer { tags in
            hb_ot_layout_collect_lookups(hbFace, gsub, nil, nil, tags.baseAddress, others)
        }
        guard hb_set_is_empty(others) != 0 else { return false }
        // Every positioning lookup HarfBuzz may apply by default, under whichever feature.
        let substitution = (0..<defaultSubstitutionFeatures.count).map { defaultSubstitutionFeatures[$0] }
        var tags = defaultPositioningFeatures + otherDefaultFeatures + substitution + [0]
        tags.withUnsafeMutableBufferPointer { tags in
            hb_ot_layout_collect_lookups(hbFace, gpos, nil, nil, tags.baseAddress, lookups)
        }
        var index = hb_codepoint_t.max   // HB_SET_VALUE_INVALID
        while hb_set_next(lookups, &index) != 0 {
            guard reader.adjustsPairAdvancesOnly(lookup: Int(index)) else { return false }
        }
        // HarfBuzz also applies a legacy `kern` table (whose state-machine formats are not pair
        // adjustments) when GPOS has no kerning feature.
        if let legacy = hb_face_reference_table(hbFace, hbTag("kern")) {
            defer { hb_blob_destroy(legacy) }
            if hb_blob_get_length(legacy) > 0, let kerning = hb_set_create() {
                defer { hb_set_destroy(kerning) }
                var kern: [hb_tag_t] = [hbTag("kern"), 0]
                kern.withUnsafeMutableBufferPointer { tags in
                    hb_ot_layout_collect_lookups(hbFace, hbTag("GPOS"), nil, nil, tags.baseAddress, kerning)
                }
                guard hb_set_is_empty(kerning) == 0 else { return false }
            }
        }
        for byte in UInt8(0x20)...UInt8(0x7E) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(face.font.pointer, hb_codepoint_t(byte), &glyph) != 0 else { continue }
            let kind = hb_ot_layout_get_glyph_class(hbFace, glyph)
            guard kind == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || kind == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { return false }
        }
        return true
    }

    /// The features `bytes` leaves inert, as a mask over ``defaultSubstitutionFeatures``; none
    /// unless every byte is printable ASCII.
    ///
    /// - Complexity: O(n) in the bytes.
    func inert(for bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var present = Characters()
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F else { return 0 }
            present.insert(byte)
        }
        var mask: UInt32 = 0
        for index in sensitive.indices where sensitive[index] != .all && sensitive[index].isDisjoint(with: present) {
            mask |= 1 << UInt32(index)
        }
        return mask
    }

    /// Calls `body` with the HarfBuzz features that turn off the features of `mask` (see
    /// ``inert(for:)``) over the whole buffer; an empty buffer for none.
    static func withFeatures<Result>(turningOff mask: UInt32,
                                     _ body: (UnsafeBufferPointer<hb_feature_t>) throws -> Result) rethrows -> Result {
        guard mask != 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try withUnsafeTemporaryAllocation(of: hb_feature_t.self, capacity: defaultSubstitutionFeatures.count) { buffer in
            var count = 0
            for index in defaultSubstitutionFeatures.indices where mask & (1 << UInt32(index)) != 0 {
                buffer[count] = hb_feature_t(tag: defaultSubstitutionFeatures[index], value: 0, start: 0, end: UInt32.max)
                count += 1
            }
            return try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}

/// A set of glyph ids as bits, for the analysis's many intersections.
private struct GlyphBits {
    private var words: [UInt64]

    init(words count: Int) {
        words = [UInt64](repeating: 0, count: count)
    }

    /// The glyphs of a HarfBuzz set (those below `64 × count`).
    init(_ set: OpaquePointer, words count: Int) {
        self.init(words: count)
        var glyph = hb_codepoint_t.max   // HB_SET_VALUE_INVALID
        while hb_set_next(set, &glyph) != 0 { insert(Int(glyph)) }
    }

    func contains(_ glyph: Int) -> Bool {
        guard glyph >= 0, glyph / 64 < words.count else { return false }
        return words[glyph / 64] & (1 << UInt64(glyph % 64)) != 0
    }

    mutating func insert(_ glyph: Int) {
        guard glyph >= 0, glyph / 64 < words.count else { return }
        words[glyph / 64] |= 1 << UInt64(glyph % 64)
    }

    func intersects(_ other: GlyphBits) -> Bool {
        for index in words.indices where words[index] & other.words[index] != 0 { return true }
        return false
    }

    mutating func formUnion(_ other: GlyphBits) {
        for index in words.indices { words[index] |= other.words[index] }
    }
}

/// Reads where a GSUB lookup can act (``InertFeatures``): the glyphs of its coverage at which one
/// of its rules can match, given the glyphs that can be in the buffer.
///
/// It follows the OpenType GSUB table's layout (OpenType 1.9, "GSUB — Glyph Substitution Table"
/// and "OpenType Layout Common Table Formats": coverage and class definition tables, lookup types
/// 1 to 8, extension subtables). Every read is bounds-checked; a subtable it cannot read makes
/// ``triggers(ofLookup:available:words:)`` answer `nil`, and the caller then counts the lookup
/// as able to act at every glyph of its input.
private final class GSUBReader {
    private let blob: OpaquePointer
    private let bytes: UnsafeRawBufferPointer
    private let lookupList: Int
    /// The extension lookup type: 7 in GSUB, 9 in GPOS.
    private let extensionType: Int

    /// Reads the header of the face's GSUB table, or of its GPOS table with `positioning`
    /// (whose lookup list is at the same place, and whose extension lookups are type 9); `nil`
    /// when the face has no such table.
    init?(face: OpaquePointer?, positioning: Bool = false) {
        extensionType = positioning ? 9 : 7
        guard let blob = hb_face_reference_table(face, hbTag(positioning ? "GPOS" : "GSUB")) else { return nil }
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        let bytes = UnsafeRawBufferPointer(start: data.map(UnsafeRawPointer.init), count: data == nil ? 0 : Int(length))
        guard let offset = Self.u16(bytes, 8), offset > 0 else {
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        self.bytes = bytes
        lookupList = offset
    }

    deinit {
        hb_blob_destroy(blob)
    }

    private static func u16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func u16(_ offset: Int) -> Int? { Self.u16(bytes, offset) }

    private func u32(_ offset: Int) -> Int? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// `count` 16-bit values from `offset`.
    private func array(_ offset: Int, _ count: Int) -> [Int]? {
        guard count >= 0, offset >= 0, offset + 2 * count <= bytes.count else { return nil }
        return (0..<count).map { Int(bytes[offset + 2 * $0]) << 8 | Int(bytes[offset + 2 * $0 + 1]) }
    }

    /// A coverage table's glyphs, in coverage-index order (formats 1 and 2).
    private func coverage(_ offset: Int) -> [Int]? {
        switch u16(offset) {
        case 1:
            guard let count = u16(offset + 2) else { return nil }
            return array(offset + 4, count)
        case 2:
            guard let count = u16(offset + 2), let ranges = array(offset + 4, 3 * count) else { return nil }
            var glyphs: [Int] = []
            for range in 0..<count {
                let start = ranges[3 * range], end = ranges[3 * range + 1], index = ranges[3 * range + 2]
                guard start <= end, index == glyphs.count else { return nil }
                glyphs.append(contentsOf: start...end)
            }
            return glyphs
        default:
            return nil
        }
    }

    /// A class definition table (formats 1 and 2): the class of each glyph it lists.
    private func classDef(_ offset: Int) -> [Int: Int]? {
        var classes: [Int: Int] = [:]
        switch u16(offset) {
        case 1:
            guard let start = u16(offset + 2), let count = u16(offset + 4), let values = array(offset + 6, count) else { return nil }
            for (index, value) in values.enumerated() { classes[start + index] = value }
        case 2:
            guard let count = u16(offset + 2), let ranges = array(offset + 4, 3 * count) else { return nil }
            for range in 0..<count where ranges[3 * range] <= ranges[3 * range + 1] {
                for glyph in ranges[3 * range]...ranges[3 * range + 1] { classes[glyph] = ranges[3 * range + 2] }
            }
        default:
            return nil
        }
        return classes
    }

    /// A class definition's classes and those of them a glyph of `available` is in: class 0
    /// (every glyph the table does not list) always counts as held.
    private struct Classes {
        var of: [Int: Int] = [:]
        var held: Set<Int> = [0]

        init() {}

        init(_ classes: [Int: Int], available: GlyphBits) {
            of = classes
            for (glyph, value) in classes where available.contains(glyph) { held.insert(value) }
        }
    }

    /// The lookup's subtables, an extension resolved to the type and offset it points at.
    private func subtables(ofLookup index: Int) -> [(type: Int, offset: Int)]? {
        guard let count = u16(lookupList), index < count, let relative = u16(lookupList + 2 + 2 * index) else { return nil }
        let lookup = lookupList + relative
        guard let type = u16(lookup), let subtableCount = u16(lookup + 4),
              let offsets = array(lookup + 6, subtableCount) else { return nil }
        var result: [(type: Int, offset: Int)] = []
        for offset in offsets {
            let subtable = lookup + offset
            if type == self.extensionType {
                guard u16(subtable) == 1, let extended = u16(subtable + 2), extended != self.extensionType,
                      let extensionOffset = u32(subtable + 4) else { return nil }
                result.append((extended, subtable + extensionOffset))
            } else {
                result.append((type, subtable))
            }
        }
        return result
    }

    /// Whether GPOS lookup `index` can only adjust the advance of the first glyph of a pair of
    /// glyphs next to each other (pair positioning whose first value holds nothing but an x
    /// advance and whose second is empty, not skipping base glyphs), or attach marks (types 4 to
    /// 6); `false` for anything else or a subtable that cannot be read.
    func adjustsPairAdvancesOnly(lookup index: Int) -> Bool {
        // A lookup that skips base glyphs pairs glyphs that are not next to each other (the
        // printable characters' glyphs are base glyphs or unclassified, which it does not skip).
        guard let count = u16(lookupList), index < count, let relative = u16(lookupList + 2 + 2 * index),
              let flag = u16(lookupList + relative + 2), flag & 0x0002 == 0,
              let subtables = subtables(ofLookup: index) else { return false }
        return subtables.allSatisfy { subtable in
            switch subtable.type {
            case 2:
                guard let format = u16(subtable.offset), format == 1 || format == 2,
                      let first = u16(subtable.offset + 4), let second = u16(subtable.offset + 6) else { return false }
                return first & ~0x0004 == 0 && second == 0
            case 4, 5, 6:
                return true
            default:
                return false
            }
        }
    }

    /// The glyphs at which lookup `index` can act when only the glyphs of `available` can be in
    /// the buffer, or `nil` when a subtable cannot be read.
    func triggers(ofLookup index: Int, available: GlyphBits, words: Int) -> GlyphBits? {
        guard let subtables = subtables(ofLookup: index) else { return nil }
        var triggers = GlyphBits(words: words)
        for subtable in subtables {
            guard let glyphs = self.triggers(type: subtable.type, at: subtable.offset, available: available) else { return nil }
            for glyph in glyphs { triggers.insert(glyph) }
        }
        return triggers
    }

    /// Whether every glyph of a coverage table at `offset` is out of `available`'s reach.
    private func coverageCanHold(_ offset: Int, available: GlyphBits) -> Bool? {
        guard let glyphs = coverage(offset) else { return nil }
        return glyphs.contains { available.contains($0) }
    }

    /// The glyphs of one subtable at which it can act.
    private func triggers(type: Int, at subtable: Int, available: GlyphBits) -> [Int]? {
        guard let format = u16(subtable) else { return nil }
        switch (type, format) {
        case (1, _), (2, 1), (3, 1):
            // Single, multiple and alternate substitution: every covered glyph.
            guard let offset = u16(subtable + 2) else { return nil }
            return coverage(subtable + offset)
        case (4, 1):
            // Ligatures: a covered glyph whose ligature set has one whose components can all be there.
            guard let offset = u16(subtable + 2), let covered = coverage(subtable + offset),
                  let setCount = u16(subtable + 4), let sets = array(subtable + 6, setCount), setCount == covered.count else { return nil }
            var result: [Int] = []
            for (glyph, setOffset) in zip(covered, sets) {
                let set = subtable + setOffset
                guard let count = u16(set), let ligatures = array(set + 2, count) else { return nil }
                for ligatureOffset in ligatures {
                    let ligature = set + ligatureOffset
                    guard let components = u16(ligature + 2), components >= 1,
                          let rest = array(ligature + 4, components - 1) else { return nil }
                    if rest.allSatisfy({ available.contains($0) }) {
                        result.append(glyph)
                        break
                    }
                }
            }
            return result
        case (5, 1), (6, 1):
            // Glyph contexts: a covered glyph with a rule whose other glyphs can all be there.
            guard let offset = u16(subtable + 2), let covered = coverage(subtable + offset),
                  let setCount = u16(subtable + 4), let sets = array(subtable + 6, setCount), setCount == covered.count else { return nil }
            var result: [Int] = []
            for (glyph, setOffset) in zip(covered, sets) where setOffset != 0 {
                let set = subtable + setOffset
                guard let count = u16(set), let rules = array(set + 2, count) else { return nil }
                for ruleOffset in rules {
                    guard let needed = glyphRule(set + ruleOffset, chained: type == 6) else { return nil }
                    if needed.allSatisfy({ available.contains($0) }) {
                        result.append(glyph)
                        break
                    }
                }
            }
            return result
        case (5, 2), (6, 2):
            // Class contexts: a covered glyph whose class's rules have one whose classes can all be there.
            let base = type == 5 ? subtable + 6 : subtable + 10
            guard let offset = u16(subtable + 2), let covered = coverage(subtable + offset),
                  let setCount = u16(base), let sets = array(base + 2, setCount) else { return nil }
            let classOffsets = type == 5 ? [u16(subtable + 4)] : [u16(subtable + 4), u16(subtable + 6), u16(subtable + 8)]
            var definitions: [Classes] = []
            for classOffset in classOffsets {
                guard let classOffset else { return nil }
                guard classOffset != 0 else { definitions.append(Classes()); continue }   // no table: every glyph is class 0
                guard let classes = classDef(subtable + classOffset) else { return nil }
                definitions.append(Classes(classes, available: available))
            }
            let input = (type == 5 ? definitions[0] : definitions[1]).of
            var result: [Int] = []
            var satisfiable: [Int: Bool] = [:]
            for glyph in covered {
                let value = input[glyph] ?? 0
                if let known = satisfiable[value] {
                    if known { result.append(glyph) }
                    continue
                }
                var can = false
                if value < sets.count, sets[value] != 0 {
                    let set = subtable + sets[value]
                    guard let count = u16(set), let rules = array(set + 2, count) else { return nil }
                    for ruleOffset in rules {
                        guard let needed = classRule(set + ruleOffset, chained: type == 6) else { return nil }
                        let canAll = needed.allSatisfy { part, value in
                            (type == 5 ? definitions[0] : definitions[part]).held.contains(value)
                        }
                        if canAll {
                            can = true
                            break
                        }
                    }
                }
                satisfiable[value] = can
                if can { result.append(glyph) }
            }
            return result
        case (5, 3):
            // One rule of coverages: the first one's glyphs, if the others can all be held.
            guard let count = u16(subtable + 2), count >= 1, let offsets = array(subtable + 6, count) else { return nil }
            for offset in offsets.dropFirst() {
                guard let can = coverageCanHold(subtable + offset, available: available) else { return nil }
                if !can { return [] }
            }
            return coverage(subtable + offsets[0])
        case (6, 3):
            guard let backtrackCount = u16(subtable + 2), let backtrack = array(subtable + 4, backtrackCount),
                  let inputCount = u16(subtable + 4 + 2 * backtrackCount), inputCount >= 1,
                  let input = array(subtable + 6 + 2 * backtrackCount, inputCount),
                  let lookaheadCount = u16(subtable + 6 + 2 * backtrackCount + 2 * inputCount),
                  let lookahead = array(subtable + 8 + 2 * backtrackCount + 2 * inputCount, lookaheadCount) else { return nil }
            for offset in backtrack + input.dropFirst() + lookahead {
                guard let can = coverageCanHold(subtable + offset, available: available) else { return nil }
                if !can { return [] }
            }
            return coverage(subtable + input[0])
        case (8, 1):
            // Reverse chaining: every covered glyph, if the backtrack and lookahead can be held.
            guard let offset = u16(subtable + 2), let backtrackCount = u16(subtable + 4),
                  let backtrack = array(subtable + 6, backtrackCount),
                  let lookaheadCount = u16(subtable + 6 + 2 * backtrackCount),
                  let lookahead = array(subtable + 8 + 2 * backtrackCount, lookaheadCount) else { return nil }
            for context in backtrack + lookahead {
                guard let can = coverageCanHold(subtable + context, available: available) else { return nil }
                if !can { return [] }
            }
            return coverage(subtable + offset)
        default:
            return nil
        }
    }

    /// The glyphs a glyph-context rule needs besides the covered one: its input (and, chained,
    /// its backtrack and lookahead) glyphs.
    private func glyphRule(_ rule: Int, chained: Bool) -> [Int]? {
        if !chained {
            guard let count = u16(rule), count >= 1 else { return nil }
            return array(rule + 4, count - 1)
        }
        guard let backtrackCount = u16(rule), let backtrack = array(rule + 2, backtrackCount),
              let inputCount = u16(rule + 2 + 2 * backtrackCount), inputCount >= 1,
              let input = array(rule + 4 + 2 * backtrackCount, inputCount - 1),
              let lookaheadCount = u16(rule + 4 + 2 * backtrackCount + 2 * (inputCount - 1)),
              let lookahead = array(rule + 6 + 2 * backtrackCount + 2 * (inputCount - 1), lookaheadCount) else { return nil }
        return backtrack + input + lookahead
    }

    /// The classes a class-context rule needs besides the covered glyph's, each with the part it
    /// belongs to (0 backtrack, 1 input, 2 lookahead; 0 for an unchained rule's input).
    private func classRule(_ rule: Int, chained: Bool) -> [(part: Int, value: Int)]? {
        if !chained {
            guard let count = u16(rule), count >= 1, let input = array(rule + 4, count - 1) else { return nil }
            return input.map { (0, $0) }
        }
        guard let needed = glyphRule(rule, chained: true),
              let backtrackCount = u16(rule), let inputCount = u16(rule + 2 + 2 * backtrackCount) else { return nil }
        return needed.enumerated().map { position, value in
            (position < backtrackCount ? 0 : position < backtrackCount + inputCount - 1 ? 1 : 2, value)
        }
    }
}
