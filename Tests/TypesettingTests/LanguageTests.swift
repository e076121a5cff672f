import Foundation
import Testing
@testable import Typesetting

@Suite struct LanguageTests {
    @Test(arguments: [("ja", "ja"), ("zh-hans", "zh-Hans"), ("ZH_hant_hk", "zh-Hant-HK"), ("sr-cyrl-rs", "sr-Cyrl-RS"),
                      ("de_DE.UTF-8", "de-DE"), ("sr_RS@latin", "sr-RS"), ("es-419", "es-419"), ("en-x-Private", "en-x-private"),
                      ("und", "und")])
    func canonicalTags(tag: String, identifier: String) throws {
        #expect(try TextLanguage(tag).identifier == identifier)
    }

    @Test func parts() throws {
        let hk = try TextLanguage("zh-Hant-HK")
        #expect(hk.languageCode == "zh" && hk.scriptCode == "Hant" && hk.regionCode == "HK" && hk.description == "zh-Hant-HK")
        let ja = try TextLanguage("ja")
        #expect(ja.scriptCode == nil && ja.regionCode == nil)
    }

    @Test(arguments: ["", "x", "1234", "en--US", "en-US-", "ja JP", "日本語", "en-toolongsubtag", String(repeating: "a-", count: 40) + "a"])
    func malformedTags(tag: String) {
        #expect(throws: TypesettingError.self) { try TextLanguage(tag) }
        #expect(TypesettingError.invalidLanguageTag(tag).description.contains("BCP 47"))
    }

    /// Foundation locales (SwiftUI's `\.locale`) become tags.
    @Test func foundationLocales() {
        #expect(TextLanguage(Locale(identifier: "zh_Hant_TW"))?.identifier == "zh-Hant-TW")
        #expect(TextLanguage(Locale(identifier: "ja_JP"))?.identifier == "ja-JP")
    }

    /// The fontconfig language Chromium uses for fallback, as measured (Tools/browser/scriptrefs.py).
    @Test(arguments: [(nil, "en-us"), ("en", "en-us"), ("ar", "en-us"), ("hi", "en-us"), ("sr", "en-us"), ("en-JP", "en-us"),
                      ("ja", "ja"), ("ja-JP", "ja"), ("ko-KR", "ko"), ("zh", "zh-cn"), ("zh-SG", "zh-cn"), ("zh-CN", "zh-cn"),
                      ("zh-Hans", "zh-cn"), ("zh-Hant", "zh-tw"), ("zh-TW", "zh-tw"), ("zh-HK", "zh-tw"), ("zh-MO", "zh-tw"),
                      ("yue", "zh-tw"), ("zh-Hans-HK", "zh-cn"), ("zh-Hant-CN", "zh-tw"), ("ja-Hans", "zh-cn")] as [(String?, String)])
    func fallbackLanguages(tag: String?, expected: String) throws {
        #expect(TextLanguage.fallbackLanguage(for: try tag.map(TextLanguage.init)) == expected)
    }

    /// Serbian and Macedonian б: DejaVu Sans (bundled) has a `locl` form, so the language reaches
    /// HarfBuzz; Russian keeps the default form.
    @Test func serbianLocalForms() throws {
        let font = Font(family: "DejaVu Sans", size: 17)
        func glyph(_ tag: String?) throws -> UInt32 {
            try typesetter.shape("б", font: font, language: tag.map(TextLanguage.init)).runs[0].glyphs[0]
        }
        let plain = try glyph(nil)
        #expect(try glyph("sr") != plain && glyph("mk") == glyph("sr"))
        #expect(try glyph("ru") == plain && glyph("sr-Latn") != plain)
        // The word cache keeps languages apart too (ASCII words in a language with locl forms).
        let cached = Typesetter(library: bundledLibrary)
        #expect(try cached.shape("Swift", font: .body, language: TextLanguage("de")).size == cached.shape("Swift", font: .body).size)
    }
}

@Suite struct UncoveredCharacterTests {
    /// With the bundled fonts only, a Han character is reported with its script and package, and
    /// the families list the requested face.
    @Test func bundledOnlyReportsWhatIsMissing() throws {
        let shaped = try typesetter.shape("a中b中ह", font: .body)
        #expect(shaped.uncoveredCharacters.map(\.description) == ["U+4E2D (Han)", "U+0939 (Devanagari)"])
        #expect(shaped.uncoveredCharacters.map(\.debianPackage) == ["fonts-noto-cjk", "fonts-noto-core"])
        #expect(shaped.uncoveredCharacters.map(\.scriptCode) == ["Hani", "Deva"])
        #expect(shaped.fontFamilies == ["Inter"])
        // Covered text reports nothing; fallback families are listed in run order.
        let covered = try typesetter.shape("Hi مرحبا ☀️", font: .body)
        #expect(covered.uncoveredCharacters.isEmpty)
        #expect(covered.fontFamilies == ["Inter", "DejaVu Sans", "Noto Color Emoji"])
    }

    @Test func codePointsAndNames() {
        #expect(UncoveredCharacter("\u{1F600}").codePoint == "U+1F600")
        #expect(UncoveredCharacter("\u{1F600}").debianPackage == "fonts-noto-color-emoji")
        #expect(UncoveredCharacter("a").codePoint == "U+0061" && UncoveredCharacter("a").scriptName == "Latin")
        #expect(UncoveredCharacter("\u{0E01}").scriptName == "Thai" && UncoveredCharacter("\u{1200}").scriptName == "Ethiopic")
        #expect(UncoveredCharacter("\u{10900}").debianPackage == "fonts-noto-core")        // Phoenician
        #expect(UncoveredCharacter("\u{E000}").debianPackage == nil)                        // private use
    }

    /// The package advised is the one whose fonts map the character, whatever share of its script
    /// they map (checked against fc-query of Debian 12's fonts: Noto Sans Syriac, Duployan and Math
    /// are in fonts-noto-core; the CJK blocks' punctuation, which a Mongolian font maps too, is
    /// advised fonts-noto-cjk, whose fonts draw it where both are installed).
    @Test(arguments: [
        ("\u{0710}", "fonts-noto-core"),    // Syriac letter alaph: Syriac is under 90 % covered
        ("\u{1BC00}", "fonts-noto-core"),   // Duployan letter H
        ("\u{1D400}", "fonts-noto-core"),   // mathematical bold capital A (Common)
        ("\u{3001}", "fonts-noto-cjk"),     // ideographic comma (Common): drawn from Noto Sans CJK where both are installed
        ("\u{FF01}", "fonts-noto-cjk"),     // fullwidth exclamation mark
        ("\u{4E00}", "fonts-noto-cjk"),     // Han
        ("\u{0939}", "fonts-noto-core"),    // Devanagari
        ("\u{1FAE9}", nil),                 // an Emoji 16 face: Debian 12's emoji font draws Unicode 15
        ("\u{10FFFD}", nil),                // private use, plane 16
    ] as [(String, String?)])
    func theAdvisedPackageMapsTheCharacter(text: String, package: String?) throws {
        let scalar = try #require(text.unicodeScalars.first)
        #expect(UncoveredCharacter(scalar).debianPackage == package, "\(UncoveredCharacter(scalar))")
    }

    /// Characters newer than HarfBuzz's Unicode data (Debian's HarfBuzz 6 has Unicode 15.0) still
    /// have their scripts: a CJK Extension I ideograph is Han, not Unknown, in warnings and in
    /// itemization.
    @Test func charactersNewerThanHarfBuzzsDataHaveTheirScripts() throws {
        #expect(UncoveredCharacter("\u{2EBF0}").description == "U+2EBF0 (Han)")
        #expect(UncoveredCharacter("\u{2EE5D}").scriptCode == "Hani")
        #expect(UncoveredCharacter("\u{10D40}").scriptName == "Garay")
        #expect(UncoveredCharacter("\u{16D40}").scriptName == "Kirat Rai")
        #expect(UncoveredCharacter("\u{2EE5E}").scriptCode == "Zzzz")          // not assigned
        #expect(UncoveredCharacter("\u{4E2D}").scriptCode == "Hani")           // HarfBuzz's own answer
        // The table is sorted and disjoint (it is searched by halves).
        for (a, b) in zip(newerScripts, newerScripts.dropFirst()) { #expect(a.range.upperBound < b.range.lowerBound) }
        for entry in newerScripts where entry.code != "Hani" && entry.code != "Mymr" && entry.code != "Egyp" {
            #expect(newerScriptNames[entry.code] != nil, "\(entry.code)")
        }
        let shaped = try typesetter.shape("中\u{2EBF0}", font: .body)
        #expect(shaped.uncoveredCharacters.map(\.scriptName) == ["Han", "Han"])
    }

    /// Right-to-left and wrapped text: the characters are found on every line, each once.
    @Test func wrappedAndRightToLeft() throws {
        let shaped = try typesetter.shape("中文 中文 ไทย", font: .body, width: 30, direction: .rightToLeft)
        #expect(shaped.lines.count > 1)
        #expect(Set(shaped.uncoveredCharacters.map(\.scalar)) == Set("中文ไทย".unicodeScalars))
    }
}

/// The Typesetting catalog's overview example, as written there (it must compile and run).
@Suite struct CatalogExampleTests {
    @Test func overview() throws {
        let typesetter = try Typesetter.standard()
        let label = try typesetter.shape("Morning routine ☀️", font: .body)
        #expect(label.size.width == 152.78125 && label.runs.count == 2)
        let wrapped = try typesetter.shape("Some long item here", font: .body, width: 80,
                                           lineLimit: 2, truncation: .tail, alignment: .center)
        #expect(wrapped.lines.count == 2)
        let japanese = try typesetter.shape("直骨", font: .body, language: try TextLanguage("ja"))
        if notoInstalled { #expect(japanese.fontFamilies == ["Noto Sans CJK JP"]) }
        let bundledOnly = Typesetter(library: try FontLibrary.bundled(systemFonts: false))
        let boxes = try bundledOnly.shape("हिन्दी", font: .body)
        #expect(boxes.uncoveredCharacters.first?.description == "U+0939 (Devanagari)")
        #expect(boxes.uncoveredCharacters.allSatisfy { $0.debianPackage == "fonts-noto-core" })
        // `adding(fontFiles:)` with a real file: the catalog names a site's font.
        let brand = try FontLibrary.bundled().adding(fontFiles: [testFontsDirectory.appendingPathComponent("InterSubset.woff2").path])
        #expect(brand.addedFamilies == ["Inter"])
    }
}
