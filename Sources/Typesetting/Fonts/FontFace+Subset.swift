public import Foundation
import CHarfBuzz
import CHarfBuzzSubset

extension FontFace {
    /// A font file holding only what a document needs of this face: the glyphs of the given
    /// characters and the glyphs shaping them can produce (ligatures, contextual forms), with the
    /// layout tables (kerning, `GSUB`, `GPOS`), metrics and, for colour faces, the colour bitmaps
    /// of those glyphs. Made with HarfBuzz's subsetter (hb-subset), without hinting instructions.
    ///
    /// A web page that declares the subset with `@font-face` shapes the same characters with the
    /// same glyphs, advances and line metrics as Typesetting does with the whole face.
    ///
    /// ```swift
    /// let inter = try library.face(for: Font(size: 17))
    /// let file = try inter.subset(characters: Set("Swift".unicodeScalars))   // a few kilobytes
    /// ```
    ///
    /// - Parameter characters: The characters to keep; those the face does not map are ignored.
    ///   An empty set keeps only the `.notdef` glyph, the metrics and the tables.
    /// - Returns: The subset as a font file of the face's own format (TrueType or CFF OpenType),
    ///   the same bytes for the same face and characters.
    /// - Throws: ``TypesettingError/fontFileCorrupt(path:reason:)`` when HarfBuzz cannot subset
    ///   the face.
    /// - Complexity: O(g) in the glyphs kept, plus the face's layout tables.
    public func subset(characters: Set<Unicode.Scalar>) throws -> Data {
        guard let input = hb_subset_input_create_or_fail() else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "HarfBuzz cannot start a subset (out of memory)")
        }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        // In a fixed order, so that nothing depends on the set's iteration order.
        for scalar in characters.sorted(by: { $0.value < $1.value }) {
            hb_set_add(unicodes, scalar.value)
        }
        // The half widths a browser sets adjacent CJK punctuation in (`halt`, and `chws` where a
        // font has it; ``HanKerning``) are kept too: a page shaping the subset without them drew
        // its labels wider than the picture.
        if let features = hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG) {
            hb_set_add(features, HanKerning.halfWidths)
            hb_set_add(features, 0x6368_7773)  // chws
        }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        guard let subset = hb_subset_or_fail(face.pointer, input) else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "HarfBuzz cannot subset the face")
        }
        defer { hb_face_destroy(subset) }
        guard let blob = hb_face_reference_blob(subset) else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "HarfBuzz cannot write the subset")
        }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: "HarfBuzz wrote an empty subset")
        }
        return Data(bytes: bytes, count: Int(length))
    }

    /// Whether the face's outlines are CFF (an OpenType `.otf` file) rather than TrueType: what a
    /// web page's `@font-face` declares as `format("opentype")` or `format("truetype")`.
    public var hasCFFOutlines: Bool {
        hb_face_reference_table(face.pointer, hb_tag("C", "F", "F", " ")).map { table in
            defer { hb_blob_destroy(table) }
            return hb_blob_get_length(table) > 0
        } ?? false
    }

    private func hb_tag(_ a: Character, _ b: Character, _ c: Character, _ d: Character) -> hb_tag_t {
        [a, b, c, d].reduce(0) { ($0 << 8) | hb_tag_t($1.asciiValue ?? 32) }
    }
}
