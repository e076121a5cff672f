import Foundation
@testable import TagCloudUI
import Testing

/// SwiftUI's `\.locale` reaches text shaping and the display list.
@Suite @MainActor struct LocaleTests {
    /// Serbian б has its own form in DejaVu Sans (OpenType `locl`): `.environment(\.locale, …)`
    /// changes the glyph, and the text item carries the language for backends to write.
    @Test func localeSelectsLocalFormsAndTravelsWithTheText() throws {
        func drawn(_ locale: Locale?) throws -> TextItem {
            let text = Text("б").font(.custom("DejaVu Sans", size: 17))
            let rendered = if let locale { try render(text.environment(\.locale, locale)) } else { try render(text) }
            return try #require(rendered.texts.first?.item)
        }
        let plain = try drawn(nil), serbian = try drawn(Locale(identifier: "sr_RS")), russian = try drawn(Locale(identifier: "ru"))
        #expect(plain.language == nil && serbian.language?.identifier == "sr-RS" && russian.language?.identifier == "ru")
        #expect(serbian.runs[0].glyphs != plain.runs[0].glyphs)
        #expect(russian.runs[0].glyphs == plain.runs[0].glyphs)
    }

    /// The display list's JSON keeps the language.
    @Test func languageSurvivesJSON() throws {
        let rendered = try render(Text("直骨").environment(\.locale, Locale(identifier: "ja")))
        let decoded = try DisplayList(jsonData: rendered.list.jsonData(), fonts: typesetter().library)
        let texts = decoded.flattened.compactMap { entry -> TextItem? in
            if case .text(let text) = entry.item.content { return text }
            return nil
        }
        #expect(texts.map(\.language?.identifier) == ["ja"])
        #expect(decoded == rendered.list)
    }

    /// The default is the root locale: no language, whatever the process locale is.
    @Test func defaultLocaleHasNoLanguage() {
        #expect(TextLanguage(EnvironmentValues().locale) == nil)
    }
}
