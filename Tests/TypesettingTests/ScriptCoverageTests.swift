import Foundation
import Testing
@testable import Typesetting

/// Whether Debian's Noto fonts (fonts-noto-core and fonts-noto-cjk, which `make test` installs)
/// are on this machine: the tests of fallback to the machine's fonts need them, and are skipped,
/// saying why, only when they are absent.
let notoInstalled = ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
                     "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"]
    .allSatisfy { FileManager.default.fileExists(atPath: $0) }

/// The reason given when they are absent.
let notoMissing: Comment = "needs the machine's Noto fonts: apt-get install fonts-noto-core fonts-noto-cjk (make test does)"

/// A typesetter over the bundled fonts with the machine's fonts as fallback, as the command uses.
let systemTypesetter: Typesetter = {
    do {
        return Typesetter(library: try FontLibrary(directory: fontsDirectory, systemFonts: true))
    } catch {
        fatalError("cannot load the bundled fonts from \(fontsDirectory): \(error)")
    }
}()

/// Labels in 36 scripts against `hb-shape` with the font the typesetter falls back to
/// (`Fixtures/script_shape_refs.json`, made by `make_script_refs.py`).
///
/// **Depends on the machine's fonts**: the results hold for the Noto versions the fixture names
/// (Debian 12's fonts-noto-core 20201225-1 and fonts-noto-cjk 1:20220127+repack1-1); the tests
/// are skipped, with that reason, only when the packages are absent.
@Suite(.enabled(if: notoInstalled, notoMissing)) struct ScriptCoverageTests {
    struct Fixture: Decodable {
        var cases: [Case]
        var emoji: Emoji
    }

    struct Case: Decodable {
        var script: String
        var text: String
        var language: String?
        var font: String
        var index: Int
        var glyphs: [UInt32]
        var clusters: [Int]
    }

    struct Emoji: Decodable {
        var script: String
        var text: String
    }

    static let fixture: Fixture = {
        let url = fixturesDirectory.appendingPathComponent("script_shape_refs.json")
        do {
            return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// The font path as the fixture names it: relative to the package for bundled fonts.
    static func fixturePath(_ face: FontFace) -> String {
        face.path.hasPrefix(packageRoot.path + "/") ? String(face.path.dropFirst(packageRoot.path.count + 1)) : face.path
    }

    @Test func atLeastThirtyScriptsAndEmoji() {
        #expect(Set(Self.fixture.cases.map(\.script)).count >= 30)
        #expect(Self.fixture.emoji.text.unicodeScalars.contains { $0.properties.isEmojiPresentation })
    }

    /// Every label: no `.notdef`, nothing reported uncovered, every character outside the spaces
    /// drawn by the fixture's font file, and the glyphs and clusters of those runs exactly those
    /// `hb-shape` gives for the same file (conjuncts, reordering, contextual forms).
    @Test(arguments: fixture.cases.map(\.script))
    func shapesAsHarfBuzzDoes(script: String) throws {
        let c = try #require(Self.fixture.cases.first { $0.script == script })
        let language = try c.language.map(TextLanguage.init)
        let shaped = try systemTypesetter.shape(c.text, font: .body, language: language)
        #expect(shaped.runs.allSatisfy { !$0.glyphs.contains(0) }, "\(script): .notdef in \(shaped.runs.map(\.glyphs))")
        #expect(shaped.uncoveredCharacters.isEmpty, "\(script): \(shaped.uncoveredCharacters)")
        let text = Array(c.text.utf8)
        let isSpace = { (cluster: Int) in text[cluster] == 0x20 }
        let ours = shaped.runs.flatMap { run in zip(run.glyphs, run.clusters).filter { !isSpace($0.1) }.map { (run.face, $0.0, $0.1) } }
        for (face, _, cluster) in ours {
            #expect(Self.fixturePath(face) == c.font && face.index == c.index,
                    "\(script): cluster \(cluster) drawn with \(face), the fixture says \(c.font)#\(c.index)")
        }
        let expected = zip(c.glyphs, c.clusters).filter { !isSpace($0.1) }
        #expect(ours.map(\.1) == expected.map(\.0), "\(script) glyphs")
        #expect(ours.map(\.2) == expected.map(\.1), "\(script) clusters")
        #expect(shaped.fontFamilies.contains(where: { $0 != "Inter" }) || c.font.hasPrefix("Fonts/Inter"))
    }

    /// Emoji sequences are drawn by the bundled colour font, never as boxes.
    @Test func emoji() throws {
        let shaped = try systemTypesetter.shape(Self.fixture.emoji.text, font: .body)
        #expect(shaped.runs.allSatisfy { !$0.glyphs.contains(0) })
        #expect(shaped.fontFamilies.contains("Noto Color Emoji") && shaped.uncoveredCharacters.isEmpty)
    }

    /// Full-width punctuation side by side is set half a width closer (`halt`), as Chromium's
    /// default `text-spacing-trim: normal` sets it: widths Chromium 156 gave with Noto Sans CJK JP
    /// at 17 px (each label 8.5 px or 17 px narrower than with every mark full width).
    @Test(arguments: [("「東京」、「大阪」", 136.0), ("日本語（にほんご）。", 161.5), ("『本』「題」", 93.5), ("。、「」", 51.0),
                      ("東京", 34.0), ("「東京」", 68.0), ("」\u{3000}", 25.5)])
    func adjacentPunctuationIsSetCloserAsInChromium(text: String, width: Double) throws {
        let shaped = try systemTypesetter.shape(text, font: Font(size: 17), language: TextLanguage("ja"))
        #expect(shaped.fontFamilies == ["Noto Sans CJK JP"])
        #expect(abs(shaped.size.width - width) < 1.0 / 128, "\(text): \(shaped.size.width)")
    }

    /// Traditional Chinese centres its commas: an opening bracket after one is set closer, as
    /// after a middle dot (Chromium 156, Noto Sans CJK TC, 20 px).
    @Test func traditionalChineseCommasAreMiddleDots() throws {
        for (text, width) in [("」、「", 40.0), ("、「", 30.0), ("，「", 30.0)] {
            let shaped = try systemTypesetter.shape(text, font: Font(size: 20), language: TextLanguage("zh-Hant"))
            #expect(abs(shaped.size.width - width) < 1.0 / 128, "\(text): \(shaped.size.width)")
        }
    }

    /// Han forms follow the language: 直 and 骨 are other glyphs in Japanese than in Simplified
    /// Chinese (the JP and SC faces, and `locl`), and Hong Kong Chinese gets its own forms in the
    /// face Chromium picks for it (TC).
    @Test func hanFormsFollowTheLanguage() throws {
        func shaped(_ tag: String) throws -> ShapedText {
            try systemTypesetter.shape("直骨", font: .body, language: TextLanguage(tag))
        }
        let ja = try shaped("ja"), hans = try shaped("zh-Hans"), hant = try shaped("zh-Hant"), hk = try shaped("zh-HK")
        #expect(ja.fontFamilies == ["Noto Sans CJK JP"] && hans.fontFamilies == ["Noto Sans CJK SC"])
        #expect(hant.fontFamilies == ["Noto Sans CJK TC"] && hk.fontFamilies == ["Noto Sans CJK TC"])
        let glyphs = [ja, hans, hant, hk].map { $0.runs.flatMap(\.glyphs) }
        #expect(glyphs[0][0] != glyphs[1][0] && glyphs[0][1] != glyphs[1][1], "直 骨 ja \(glyphs[0]) zh-Hans \(glyphs[1])")
        #expect(glyphs[3] != glyphs[2], "zh-HK uses the Hong Kong forms: \(glyphs[3]) vs \(glyphs[2])")
        // Without a language: the face Chromium falls back to for a page without lang (en-US).
        let none = try systemTypesetter.shape("直骨", font: .body)
        #expect(none.fontFamilies == ["Noto Sans CJK JP"] && none.language == nil && ja.language?.identifier == "ja")
        // The language is part of the cache key: the same text in two languages is two layouts.
        #expect(try systemTypesetter.shape("直骨", font: .body, language: TextLanguage("ja")) == ja)
    }

    /// A bold label falls back to the regular face, as Chromium's fontconfig fallback does (it
    /// emboldens it synthetically, which leaves the advances, and so the width, unchanged), and the
    /// run asks renderers for synthetic bold.
    @Test func boldFallsBackToTheRegularFace() throws {
        let regular = try systemTypesetter.shape("हिन्दी", font: .body)
        let bold = try systemTypesetter.shape("हिन्दी", font: Font.body.bold())
        #expect(bold.runs.map(\.face) == regular.runs.map(\.face))
        #expect(bold.size.width == regular.size.width)
        // Renderers embolden it, as Chromium does.
        #expect(bold.runs.map(\.synthesis) == [.bold] && regular.runs.map(\.synthesis) == [[]])
    }

    /// Output with fallback fonts is the same run to run: a fresh library and typesetter give
    /// identical layouts for every label.
    @Test func fallbackIsDeterministic() throws {
        let fresh = Typesetter(library: try FontLibrary(directory: fontsDirectory, systemFonts: true))
        for c in Self.fixture.cases {
            let language = try c.language.map(TextLanguage.init)
            let a = try fresh.shape(c.text, font: .body, language: language)
            let b = try systemTypesetter.shape(c.text, font: .body, language: language)
            #expect(a.size == b.size && a.runs.map(\.glyphs) == b.runs.map(\.glyphs)
                    && a.runs.map(\.face.path) == b.runs.map(\.face.path) && a.runs.map(\.positions) == b.runs.map(\.positions))
        }
    }
}
