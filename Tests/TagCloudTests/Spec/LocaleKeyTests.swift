import Canvas
import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// The `locale` key (document-wide and per tag; `--locale`): checked as a BCP 47 tag, resolved per
/// chip, and carried to text shaping and the display list.
@Suite struct LocaleKeyTests {
    @Test func parsedCanonicalAndPerTag() throws {
        let cloud = try Cloud(yaml: """
            locale: sr_rs
            tags: [Beograd, {text: 東京, locale: ja}, {text: 中文, locale: zh-hans}]
            """)
        #expect(cloud.locale == "sr-RS" && cloud.tags.map(\.locale) == [nil, "ja", "zh-Hans"])
        #expect(cloud.resolved().chips.map(\.locale) == ["sr-RS", "ja", "zh-Hans"])
        #expect(try Cloud(yaml: "tags: [a]").resolved().chips.map(\.locale) == [nil])
    }

    @Test func aBadTagIsAnErrorAtItsLine() throws {
        do {
            _ = try Cloud(yaml: "tags: [a]\nlocale: \"ja JP\"\n")
            Issue.record("a bad language tag was accepted")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("locale") && message.contains("BCP 47") && message.contains("2"), "\(message)")
            #expect(message.contains("but it is \"ja JP\""), "\(message)")
        }
    }

    /// Serbian б in DejaVu Sans (bundled) has its own form: the locale reaches shaping, and each
    /// chip's text item carries its language for SVG and HTML `lang`.
    @Test func localeReachesShapingAndTheDisplayList() throws {
        func rendered(_ locale: String?) throws -> [TextItem] {
            var cloud = try Cloud(yaml: "font: {family: DejaVu Sans}\ntags: [б]")
            cloud.locale = locale
            let list = try cloud.rendered(typesetter: bundledTypesetter).displayList
            return list.flattened.compactMap { entry in
                if case .text(let text) = entry.item.content { return text }
                return nil
            }
        }
        let plain = try rendered(nil), serbian = try rendered("sr")
        #expect(plain.map(\.language) == [nil] && serbian.map(\.language?.identifier) == ["sr"])
        #expect(plain[0].runs[0].glyphs != serbian[0].runs[0].glyphs)
    }
}
