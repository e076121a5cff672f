import CHarfBuzz

/// A character no available font covers, with its script and the Debian package whose fonts cover
/// that script: what a label shows as a `.notdef` box, and what to install so it shows a letter.
///
/// ``ShapedText/uncoveredCharacters`` lists them per label; ``description`` reads
/// "U+0939 (Devanagari)".
public struct UncoveredCharacter: Hashable, Sendable, CustomStringConvertible {
    /// The character.
    public let scalar: Unicode.Scalar

    /// Creates the report of one character.
    ///
    /// - Parameter scalar: the character.
    public init(_ scalar: Unicode.Scalar) {
        self.scalar = scalar
    }

    /// The code point as Unicode writes it: "U+0939", "U+1F600" (at least four hex digits).
    public var codePoint: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The character's script as an ISO 15924 code (UAX #24, the Script property): "Deva",
    /// "Hani", "Zyyy" for Common.
    public var scriptCode: String {
        let tag = scriptTag(of: scalar)
        return String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// The script's Unicode name: "Devanagari", "Han", "Common"; the code when the Unicode
    /// Character Database this library was built with does not know it.
    public var scriptName: String {
        scriptNames[scriptCode] ?? newerScriptNames[scriptCode] ?? scriptCode
    }

    /// The Debian package whose fonts map this character, or `nil` when none is known:
    /// fonts-noto-color-emoji for emoji up to Unicode 15 (the version Debian 12's package
    /// draws); else the package whose fonts map 90 % of its script (fonts-noto-core for most
    /// scripts, fonts-noto-cjk for Han, kana, Hangul and Bopomofo); else the first of them whose
    /// fonts map the character itself (Syriac and Duployan, under 90 %, and Common's
    /// mathematical letters), fonts-noto-cjk first for the CJK blocks' punctuation and symbols. All measured from those packages' fonts, see
    /// `make_script_tables.py`. A character no package maps (private use, a script no Debian font
    /// has yet) gets none rather than a package that would not help.
    public var debianPackage: String? {
        if scalar.properties.isEmojiPresentation {
            guard let age = scalar.properties.age, age.major < 15 || (age.major == 15 && age.minor == 0) else { return nil }
            return "fonts-noto-color-emoji"
        }
        if let package = scriptPackages[scriptCode] { return package }
        let value = scalar.value
        // The CJK blocks' punctuation and symbols (、。「」, fullwidth forms): what a machine with
        // both packages draws them from is Noto Sans CJK, though a Mongolian or Yi font maps some.
        if Self.cjkSymbolBlocks.contains(where: { $0.contains(value) }),
           let cjk = packageCoverage.first(where: { $0.package == "fonts-noto-cjk" }), Self.contains(value, in: cjk.ranges) {
            return cjk.package
        }
        return packageCoverage.first { Self.contains(value, in: $0.ranges) }?.package
    }

    /// CJK Symbols and Punctuation, Enclosed CJK Letters and Months, CJK Compatibility, CJK
    /// Compatibility Forms, and Halfwidth and Fullwidth Forms.
    private static let cjkSymbolBlocks: [ClosedRange<UInt32>] = [0x3000...0x303F, 0x3200...0x33FF, 0xFE30...0xFE4F, 0xFF00...0xFFEF]

    /// Whether `value` is in one of `ranges` (sorted, disjoint, flat first and last code points).
    private static func contains(_ value: UInt32, in ranges: [UInt32]) -> Bool {
        var low = 0, high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if ranges[2 * middle + 1] < value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count / 2 && ranges[2 * low] <= value
    }

    /// "U+0939 (Devanagari)".
    public var description: String { "\(codePoint) (\(scriptName))" }
}
