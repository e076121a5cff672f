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

    /// The Debian package whose fonts cover this character's script, or `nil` when none is known:
    /// fonts-noto-core for most scripts, fonts-noto-cjk for Han, kana, Hangul and Bopomofo,
    /// fonts-noto-color-emoji for emoji (measured from those packages' fonts, see
    /// `make_script_tables.py`).
    public var debianPackage: String? {
        if scalar.properties.isEmojiPresentation { return "fonts-noto-color-emoji" }
        return scriptPackages[scriptCode]
    }

    /// "U+0939 (Devanagari)".
    public var description: String { "\(codePoint) (\(scriptName))" }
}
