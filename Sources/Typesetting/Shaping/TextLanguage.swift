public import Foundation

/// The language of a piece of text, as a BCP 47 tag ("ja", "zh-Hant-HK", "sr-Cyrl"): the HTML
/// `lang` attribute of a label.
///
/// The language decides two things, as it does in a browser:
/// - **Glyph forms.** HarfBuzz shapes with it as the buffer language, so OpenType `locl` lookups
///   for that language apply: Serbian and Macedonian б in DejaVu Sans and Noto Sans, the Japanese,
///   Simplified Chinese, Traditional Chinese and Hong Kong forms of unified Han ideographs in
///   Noto Sans CJK (直 and 骨 differ between `ja` and `zh-Hans`).
/// - **The fallback face.** Characters no bundled font covers are looked up in the machine's fonts
///   in fontconfig's order for the language Chromium asks fontconfig for (see
///   ``fallbackLanguage``), so `ja` gets Noto Sans CJK JP, `zh-Hans` Noto Sans CJK SC, `zh-Hant`
///   and `zh-HK` Noto Sans CJK TC (with the Hong Kong forms from `locl`), `ko` Noto Sans CJK KR.
///
/// Without a language (`nil` where an API takes one), text is shaped as English and fallback
/// follows fontconfig's order for `en-us`, which is what headless Chromium does for a page without
/// `lang` on a machine whose locale is C or en-US; results never depend on the process locale.
public struct TextLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The tag in canonical case: language lowercase, script title case, region uppercase
    /// ("zh-Hant-HK"); `_` separators become `-`.
    public let identifier: String

    /// The primary language subtag, lowercase ("zh" for "zh-Hant-HK").
    public var languageCode: String { String(subtags[0]) }

    /// The script subtag in title case ("Hant"), if the tag has one.
    public var scriptCode: String? {
        subtags.dropFirst().first { $0.count == 4 && $0.allSatisfy(\.isLetter) }.map(String.init)
    }

    /// The region subtag in upper case ("HK", "419"), if the tag has one.
    public var regionCode: String? {
        subtags.dropFirst().first { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
            .map(String.init)
    }

    private var subtags: [Substring] { identifier.split(separator: "-") }

    /// The longest tag accepted, in characters: BCP 47 tags in use are far shorter, and the bound
    /// keeps a tag from costing memory.
    public static let maximumLength = 64

    /// Parses a BCP 47 language tag.
    ///
    /// The tag is checked for the shape RFC 5646 gives every tag (section 2.1: subtags of 1 to 8
    /// letters and digits separated by hyphens, a first subtag of 2 to 8 letters), not against the
    /// registry, so a well-formed tag this library knows nothing special about is accepted and
    /// still reaches HarfBuzz. Underscores (as in POSIX and ICU locale names, "zh_TW") are read as
    /// hyphens; a POSIX codeset or modifier ("de_DE.UTF-8", "sr_RS@latin") is dropped.
    ///
    /// - Parameter tag: the tag, such as "ja", "zh-Hans", "sr_RS".
    /// - Throws: ``TypesettingError/invalidLanguageTag(_:)`` when the tag is empty, longer than
    ///   ``maximumLength``, or not shaped like a BCP 47 tag.
    public init(_ tag: String) throws {
        guard tag.utf8.count <= Self.maximumLength else { throw TypesettingError.invalidLanguageTag(String(tag.prefix(Self.maximumLength)) + "…") }
        let trimmed = tag.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
            throw TypesettingError.invalidLanguageTag(tag)
        }
        var canonical: [String] = [first.lowercased()]
        var privateUse = false
        for part in parts.dropFirst() {
            if part.count == 1 { privateUse = privateUse || part.lowercased() == "x" }
            if privateUse || part.count == 1 {
                canonical.append(part.lowercased())
            } else if part.count == 4 && part.allSatisfy(\.isLetter) && canonical.count == 1 {
                canonical.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2 && part.allSatisfy(\.isLetter) {
                canonical.append(part.uppercased())
            } else {
                canonical.append(part.lowercased())
            }
        }
        identifier = canonical.joined(separator: "-")
    }

    /// The language of a Foundation locale (SwiftUI's `\.locale` environment value), from its
    /// identifier ("zh_Hant_TW" becomes "zh-Hant-TW"; keywords after "@" are dropped).
    ///
    /// - Returns: the language, or `nil` for the root locale (identifier "" or "root": no
    ///   language) and for an identifier that is not a language tag.
    public init?(_ locale: Locale) {
        let identifier = locale.identifier
        guard !identifier.isEmpty, identifier != "root", let language = try? TextLanguage(identifier) else { return nil }
        self = language
    }

    public var description: String { identifier }

    /// The language Chromium on Linux hands fontconfig when it looks for a font for a character
    /// the page's fonts lack, for text of this language (measured with Chromium 156 over 46 tags and
    /// 24 scripts; `Tools/browser/scriptrefs.py` records the faces it picks).
    ///
    /// Only the disambiguation of Han ideographs changes the list: a script subtag decides first
    /// (`Hans` gives "zh-cn", `Hant` "zh-tw", `Jpan`, `Hira`, `Kana` and `Hrkt` "ja", `Kore` and
    /// `Hang` "ko"), then the language (`zh` by region: TW, HK and MO give "zh-tw", others
    /// "zh-cn"; `yue` "zh-tw"; `ja` "ja"; `ko` "ko"). Every other language falls back in the
    /// order of the browser's default locale, "en-us", as Chromium does (an Arabic or Hindi label
    /// in a page whose `lang` is `ar` or `hi` gets the same fallback faces as one without `lang`).
    public var fallbackLanguage: String {
        Self.fallbackLanguage(for: self)
    }

    /// See ``fallbackLanguage``; `nil` is the default language.
    static func fallbackLanguage(for language: TextLanguage?) -> String {
        guard let language else { return defaultFallbackLanguage }
        switch language.scriptCode {
        case "Hans": return "zh-cn"
        case "Hant": return "zh-tw"
        case "Jpan", "Hira", "Kana", "Hrkt": return "ja"
        case "Kore", "Hang": return "ko"
        default: break
        }
        switch language.languageCode {
        case "zh", "cmn":
            switch language.regionCode {
            case "TW", "HK", "MO": return "zh-tw"
            default: return "zh-cn"
            }
        case "yue": return "zh-tw"
        case "ja": return "ja"
        case "ko": return "ko"
        default: return defaultFallbackLanguage
        }
    }

    /// fontconfig's language for text without a language: Chromium's default locale, en-US.
    static let defaultFallbackLanguage = "en-us"
}
