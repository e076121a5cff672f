import CHarfBuzz

/// The script of a character (UAX #24) as an OpenType/ISO 15924 tag, from HarfBuzz, and for the
/// characters HarfBuzz's Unicode data is too old to know (Debian's HarfBuzz 6 has Unicode 15.0),
/// from ``newerScripts``: a CJK Extension I ideograph is Han, not Unknown, so it is itemized
/// with the Han around it and named in font warnings.
///
/// - Parameters:
///   - scalar: The character.
///   - funcs: HarfBuzz's Unicode functions, fetched once by callers in a loop.
func scriptTag(of scalar: Unicode.Scalar, funcs: OpaquePointer? = hb_unicode_funcs_get_default()) -> UInt32 {
    let tag = hb_unicode_script(funcs, scalar.value).rawValue
    guard tag == unknownScriptTag else { return tag }
    let value = scalar.value
    var low = 0, high = newerScripts.count
    while low < high {
        let middle = (low + high) / 2
        if newerScripts[middle].range.upperBound < value { low = middle + 1 } else { high = middle }
    }
    guard low < newerScripts.count, newerScripts[low].range.contains(value) else { return tag }
    return fourCharacterTag(newerScripts[low].code)
}

/// `Zzzz`, the tag of the Unknown script.
let unknownScriptTag = fourCharacterTag("Zzzz")

/// An ISO 15924 code as HarfBuzz's big-endian tag.
func fourCharacterTag(_ code: String) -> UInt32 {
    code.utf8.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
}

/// Ranges of characters assigned after Unicode 15.0, with their scripts (Scripts.txt of Unicode
/// 15.1, 16.0 and 17.0: new CJK extensions, and the blocks of the scripts Unicode 16.0 added),
/// sorted and disjoint. Only consulted for characters HarfBuzz calls Unknown.
let newerScripts: [(range: ClosedRange<UInt32>, code: String)] = [
    (0x105C0...0x105FF, "Todr"),   // Todhri (16.0)
    (0x10D40...0x10D8F, "Gara"),   // Garay (16.0)
    (0x11380...0x113FF, "Tutg"),   // Tulu-Tigalari (16.0)
    (0x116D0...0x116FF, "Mymr"),   // Myanmar Extended-C (16.0)
    (0x11BC0...0x11BFF, "Sunu"),   // Sunuwar (16.0)
    (0x13460...0x143FF, "Egyp"),   // Egyptian Hieroglyphs Extended-A (16.0)
    (0x16100...0x1613F, "Gukh"),   // Gurung Khema (16.0)
    (0x16D40...0x16D7F, "Krai"),   // Kirat Rai (16.0)
    (0x1E5D0...0x1E5FF, "Onao"),   // Ol Onal (16.0)
    (0x2EBF0...0x2EE5D, "Hani"),   // CJK Unified Ideographs Extension I (15.1)
    (0x323B0...0x3347F, "Hani"),   // CJK Unified Ideographs Extension J (17.0)
]

/// The names of the scripts ``newerScripts`` adds, which the generated ``scriptNames`` (from an
/// older Unicode Character Database) lacks.
let newerScriptNames: [String: String] = [
    "Todr": "Todhri", "Gara": "Garay", "Tutg": "Tulu-Tigalari", "Sunu": "Sunuwar",
    "Gukh": "Gurung Khema", "Krai": "Kirat Rai", "Onao": "Ol Onal",
]
