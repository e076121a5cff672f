import Foundation
import Testing
@testable import Typesetting
import TestRandom

@Suite struct ShapingTests {
    /// Kerning pairs at 17 pt: each pair is narrower than its two letters apart, by the font's GPOS
    /// kerning, and measures what Chromium measures (Fixtures/chromium_refs.json).
    @Test(arguments: [("AV", 21.84375), ("To", 19.71875), ("Ta", 19.25), ("We", 25.171875), ("Wo", 25.40625),
                      ("Yo", 20.140625), ("fi", 10.171875)])
    func kerningPairs(pair: String, chromium: Double) throws {
        let font = Font(size: 17)
        let whole = try typesetter.shape(pair, font: font)
        let letters = try pair.map { try typesetter.shape(String($0), font: font).advance }
        #expect(Double(whole.size.width) == chromium)
        if pair != "fi" { #expect(whole.advance < letters.reduce(0, +) - 0.1) }
        #expect(whole.runs.count == 1 && whole.runs[0].face.path.hasSuffix("Inter-Regular.otf"))
    }

    /// "Hello, world" at 17 px: 15700 font units × 17 / 2816 = 94.7798 (FreeType's x_scale makes
    /// it 94.7796), laid out as 94.78125 (rounded up to 1/64 px), as Chromium does.
    @Test func helloWorld() throws {
        let shaped = try typesetter.shape("Hello, world", font: Font(size: 17))
        #expect(shaped.size == CGSize(width: 94.78125, height: 20))
        #expect(abs(shaped.advance - 94.7798) < 0.002)
        #expect(shaped.firstBaseline == 16 && shaped.lastBaseline == 16)
        #expect(shaped.lines.count == 1 && shaped.lines[0].text == "Hello, world")
        #expect(shaped.runs[0].glyphs.count == 12 && shaped.runs[0].clusters == Array(0..<12))
        #expect(shaped.runs[0].positions[0] == CGPoint(x: 0, y: 16))
    }

    /// Emoji clusters stay one glyph in Noto Color Emoji and advance by the bitmap strike's advance
    /// scaled to the size (136 px at 109 ppem), as Chromium measures them.
    @Test(arguments: ["👩‍👩‍👧", "🇯🇵", "☀️", "💪", "👍🏽", "1️⃣", "🏳️‍🌈", "🧑‍💻", "©️"])
    func emojiSequencesAreOneGlyph(emoji: String) throws {
        for size in [9.0, 17, 34, 72] {
            let shaped = try typesetter.shape(emoji, font: Font(size: size))
            #expect(shaped.runs.count == 1)
            let run = try #require(shaped.runs.first)
            #expect(run.face.familyName == "Noto Color Emoji" && run.face.hasColorBitmaps)
            #expect(run.glyphs.filter { $0 != 0 }.count == 1, "\(emoji) @\(size): \(run.glyphs)")
            let expected = 136 * size / 109
            #expect(abs(Double(shaped.advance) - expected) < 1e-4)
            #expect(Double(shaped.size.width) == (expected * 64).rounded(.up) / 64)
        }
    }

    @Test func emojiLabels() throws {
        let morning = try typesetter.shape("Morning routine ☀️", font: .body)
        #expect(morning.size.width == 152.78125)               // Chromium
        #expect(morning.runs.map(\.face.familyName) == ["Inter", "Noto Color Emoji"])
        let exercise = try typesetter.shape("Exercise 💪", font: .body)
        #expect(exercise.size.width == 93.203125)               // Chromium
        // The emoji's line: Noto Color Emoji's rounded ascent and descent join Inter's (72 pt: 70 + 18).
        let big = try typesetter.shape("x😀", font: Font(size: 72))
        #expect(big.size.height == 88 && big.firstBaseline == 70)
    }

    /// Presentation as browsers choose it: text presentation (no selector, or U+FE0E) stays in a
    /// text font, emoji presentation (U+FE0F, or Emoji_Presentation characters) goes to the colour
    /// font even when a text font has the character.
    @Test func presentation() throws {
        func family(_ text: String) throws -> [String] {
            try typesetter.shape(text, font: .body).runs.map(\.face.familyName)
        }
        #expect(try family("©") == ["Inter"])
        #expect(try family("©️") == ["Noto Color Emoji"])
        #expect(try family("😀") == ["Noto Color Emoji"])
        #expect(try family("😀︎") == ["DejaVu Sans"])
        #expect(try family("☀") == ["Inter"])
        #expect(try family("☀️") == ["Noto Color Emoji"])
        // With DejaVu Sans as the requested family, its own 😀 wins (the family list comes first).
        let dejaVu = try typesetter.shape("😀", font: Font(family: "DejaVu Sans", size: 17))
        #expect(dejaVu.runs.map(\.face.familyName) == ["DejaVu Sans"])
    }

    /// Latin + Arabic measures as the sum of its runs (each bidi run rounded up to 1/64, as Blink
    /// lays out inline items), with the Arabic run right to left in visual order.
    @Test func latinAndArabic() throws {
        let font = Font.body
        let mixed = try typesetter.shape("Hi مرحبا", font: font)
        let latin = try typesetter.shape("Hi ", font: font)
        let arabic = try typesetter.shape("مرحبا", font: font)
        #expect(mixed.size.width == latin.size.width + arabic.size.width)
        #expect(mixed.size.width == 60.71875)                   // Chromium
        #expect(mixed.runs.count == 2)
        let (first, second) = (mixed.runs[0], mixed.runs[1])
        #expect(first.face.familyName == "Inter" && !first.isRightToLeft)
        #expect(second.face.familyName == "DejaVu Sans" && second.isRightToLeft)
        #expect(second.positions[0].x == latin.size.width)
        #expect(second.clusters == second.clusters.sorted(by: >))      // visual order, right to left
        #expect(zip(second.positions, second.positions.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    @Test func rightToLeftParagraph() throws {
        // A paragraph takes the direction of its first strong character: the Arabic word first,
        // base level 1, whatever the requested direction; "Hi" (level 2) ends up on the left.
        for requested in TextDirection.allCases {
            let shaped = try typesetter.shape("مرحبا Hi", font: .body, direction: requested)
            #expect(shaped.runs.first?.bidiLevel == 2 && shaped.runs.dropFirst().allSatisfy { $0.bidiLevel == 1 }, "\(requested)")
            #expect(shaped.runs.first?.face.familyName == "Inter" && shaped.runs.first?.positions[0].x == 0)
        }
        // Base level 0 with a number inside the Arabic: "(1)" is placed by the bidi algorithm
        // (W and N rules), left of the Arabic word; "Hi" stays last.
        let ltr = try typesetter.shape("Hi مرحبا (1) Hi", font: .body, direction: .rightToLeft)
        let last = try #require(ltr.runs.last)
        #expect(ltr.lines[0].text.hasSuffix("Hi") && last.face.familyName == "Inter" && last.bidiLevel == 0)
        let arabic = try #require(ltr.runs.first { $0.face.familyName == "DejaVu Sans" })
        #expect(arabic.positions.allSatisfy { $0.x < last.positions[0].x })
    }

    /// "C++" requested right to left reads "C++" (its C is its first strong character), as
    /// SwiftUI's natural writing direction and CSS `unicode-bidi: plaintext` lay it out; digits
    /// alone take the requested direction; an isolate's letters do not count (UAX #9 rule P2).
    @Test func aTextTakesTheDirectionOfItsFirstStrongCharacter() throws {
        let cpp = try typesetter.shape("C++", font: .body, direction: .rightToLeft)
        #expect(cpp.runs.allSatisfy { $0.bidiLevel == 0 })
        #expect(cpp == (try typesetter.shape("C++", font: .body)))
        let digits = try typesetter.shape("42", font: .body, direction: .rightToLeft)
        #expect(digits.runs.allSatisfy { $0.bidiLevel == 2 })
        #expect(TextDirection.firstStrong(in: "C++") == .leftToRight)
        #expect(TextDirection.firstStrong(in: "#1 שלום") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "!مرحبا") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "-5 °, 42 😀") == nil)
        #expect(TextDirection.firstStrong(in: "") == nil)
        #expect(TextDirection.firstStrong(in: "\u{2067}שלום\u{2069} Hi") == .leftToRight)
        #expect(TextDirection.firstStrong(in: "\u{2066}Hi\u{2069}") == nil)
        #expect(TextDirection.firstStrong(in: "Ωμέγα") == .leftToRight)
        #expect(TextDirection.firstStrong(in: "日本") == .leftToRight)
    }

    /// Characters no bundled font has show the requested face's .notdef (system fonts are off here).
    @Test func notdefWhenNothingCovers() throws {
        let shaped = try typesetter.shape("a中b", font: .body)
        #expect(shaped.runs.count == 3)                       // Latin, Han, Latin script runs
        #expect(shaped.runs.allSatisfy { $0.face.familyName == "Inter" })
        #expect(shaped.runs[1].glyphs == [0])
        #expect(shaped.advance > 0)
    }

    @Test func ligatureClusters() throws {
        // "ffi" in Inter: whatever the glyphs, every cluster points at the start of a character.
        let shaped = try typesetter.shape("office", font: .body)
        let clusters = shaped.runs.flatMap(\.clusters)
        #expect(clusters == clusters.sorted())
        #expect(clusters.allSatisfy { (0..<6).contains($0) })
    }

    /// Shaping word by word from the cache gives exactly what shaping whole runs gives, for random
    /// labels in every bundled weight (property test, seeded).
    @Test func wordByWordEqualsWhole() throws {
        let whole = Typesetter(library: bundledLibrary, cacheCapacity: 0, shapesWordByWord: false)
        let split = Typesetter(library: bundledLibrary, cacheCapacity: 1 << 20, shapesWordByWord: true)
        var generator = SeededRandom(seed: 14)
        let words = ["Swift", "iOS", "To", "Yo", "AV", "office", "Wave", "x", "3 x 4", "a-b", "(beta)", ":", "12:30",
                     "->", "Tapas", "We", "LT", "fi", "--", "<=", "Typography", "@home", "T", "V", "1/2", "..."]
        let weights: [Font.Weight] = [.regular, .medium, .semibold, .bold]
        for _ in 0..<1500 {
            let count = Int.random(in: 1...4, using: &generator)
            let label = (0..<count).map { _ in words.randomElement(using: &generator) ?? "" }
                .joined(separator: Bool.random(using: &generator) ? " " : "  ")
            let font = Font(size: [9, 13.5, 17, 28, 72].randomElement(using: &generator) ?? 17,
                            weight: weights.randomElement(using: &generator) ?? .regular,
                            italic: Int.random(in: 0..<5, using: &generator) == 0)
            #expect(try split.shape(label, font: font) == whole.shape(label, font: font), "\(label) \(font)")
        }
    }

    /// Shaping with the features a text leaves inert turned off gives exactly what shaping with
    /// every default feature gives (property test, seeded): random printable-ASCII labels, and
    /// labels built from pieces that Inter's contextual alternates, ligatures, case forms and
    /// kerning act on, in every bundled face, whole and word by word.
    @Test func turningOffInertFeaturesChangesNothing() throws {
        let every = Typesetter(library: bundledLibrary, cacheCapacity: 0, shapesWordByWord: false, turnsOffInertFeatures: false)
        let inert = Typesetter(library: bundledLibrary, cacheCapacity: 0, shapesWordByWord: false)
        let words = Typesetter(library: bundledLibrary, cacheCapacity: 1 << 20, shapesWordByWord: true)
        var generator = SeededRandom(seed: 41)
        let pieces = ["swift", "12345", "x", "3x4", "12:30", "->", "<-", "=>", "<=", "--", "---", "A-B", "(A)", "[H]",
                      "fi", "ffi", "fl", "Ta", "AV", "LT", "1/2", "...", "@", "#1", "a.b", "Q&A", "*", "0", "ll", "tt",
                      "W", "y", ":", "+", "=", "~", "'", "\"", "!", "?", "$5", "%", "^", "_", "|", "`", "{}", "i", "j"]
        let families: [String?] = [nil, "DejaVu Sans"]
        let weights: [Font.Weight] = [.ultraLight, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        for round in 0..<4000 {
            let label: String
            if round % 3 == 0 {
                // Any printable ASCII.
                let length = Int.random(in: 1...12, using: &generator)
                label = String(decoding: (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }, as: UTF8.self)
            } else {
                let count = Int.random(in: 1...4, using: &generator)
                label = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }
                    .joined(separator: Int.random(in: 0..<3, using: &generator) == 0 ? " " : "")
            }
            let font = Font(family: families.randomElement(using: &generator) ?? nil,
                            size: [9, 17, 28].randomElement(using: &generator) ?? 17,
                            weight: weights.randomElement(using: &generator) ?? .regular,
                            italic: Bool.random(using: &generator))
            // Languages whose `locl` forms Latin fonts carry (Turkish i, Dutch IJ, Catalan l·l, …).
            let language = try ["", "tr", "nl", "ca", "ro", "pl", "de"].randomElement(using: &generator)
                .flatMap { $0.isEmpty ? nil : try TextLanguage($0) }
            let expected = try every.shape(label, font: font, language: language)
            #expect(try inert.shape(label, font: font, language: language) == expected, "\(label) \(font) \(String(describing: language))")
            #expect(try words.shape(label, font: font, language: language) == expected, "\(label) \(font), word by word")
        }
    }

    /// Inter's glyph composition (`ccmp`, which needs combining marks) can change no ASCII text;
    /// its contextual alternates cannot change a label of letters and digits, but can change one
    /// with an arrow, a multiplication or a time.
    @Test func inertFeaturesOfInter() throws {
        let regular = InertFeatures(face: try bundledLibrary.face(for: .body))
        let calt = try #require(InertFeatures.defaultSubstitutionFeatures.indices.first {
            InertFeatures.defaultSubstitutionFeatures[$0] == hbTag("calt")
        })
        func inert(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { regular.inert(for: $0) } & (1 << UInt32(calt)) != 0
        }
        #expect(regular.characters(setting: hbTag("calt")) != nil, "calt is analysed")
        #expect(inert("swift12345") && inert("harfbuzz") && inert("layout 42"))
        #expect(!inert("a->b") && !inert("3x4") && !inert("12:30"))
        #expect(!inert("café"), "non-ASCII text turns nothing off")
        #expect(regular.characters(setting: hbTag("ccmp")) == InertFeatures.Characters(),
                "no printable character sets off a composition")
    }

    /// Printable ASCII shaped by pairs (each glyph's advance adjusted by its pair's kerning,
    /// ``InertFeatures/shapesByPairs(_:)``) equals HarfBuzz's shaping of the whole text, glyph for
    /// glyph, to the unit (property test, seeded): random printable ASCII up to 30 characters, in
    /// every bundled weight and style of Inter and in DejaVu Sans, at several sizes and in
    /// languages whose forms Latin fonts carry. More than a third of the labels must take the pair
    /// path, so that the comparison is not empty (Inter's; DejaVu Sans has a required substitution
    /// feature, outside the analysis, and is always shaped by HarfBuzz).
    @Test func shapingByPairsEqualsHarfBuzz() throws {
        let harfBuzz = Typesetter(library: bundledLibrary, cacheCapacity: 0, shapesWordByWord: false, turnsOffInertFeatures: false)
        let pairs = Typesetter(library: bundledLibrary, cacheCapacity: 0, shapesWordByWord: false)
        var generator = SeededRandom(seed: 77)
        let families: [String?] = [nil, "DejaVu Sans"]
        let weights: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        var byPairs = 0
        var analyses: [ObjectIdentifier: InertFeatures] = [:]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-_'".utf8)
        let rounds = 3000
        for round in 0..<rounds {
            let length = Int.random(in: 1...30, using: &generator)
            // Letters, digits and spaces mostly (labels), any printable character in a third.
            let label = String(decoding: (0..<length).map { _ -> UInt8 in
                if round % 3 == 0 { return UInt8.random(in: 0x20...0x7E, using: &generator) }
                return alphabet.randomElement(using: &generator) ?? 0x61
            }, as: UTF8.self)
            let font = Font(family: families.randomElement(using: &generator) ?? nil,
                            size: [9, 13, 17, 28, 64].randomElement(using: &generator) ?? 17,
                            weight: weights.randomElement(using: &generator) ?? .regular,
                            italic: Bool.random(using: &generator))
            let language = try ["", "tr", "nl", "de", "vi"].randomElement(using: &generator)
                .flatMap { $0.isEmpty ? nil : try TextLanguage($0) }
            let face = try bundledLibrary.face(for: font)
            let analysis = analyses[ObjectIdentifier(face)] ?? InertFeatures(face: face)
            analyses[ObjectIdentifier(face)] = analysis
            if Array(label.utf8).withUnsafeBufferPointer({ analysis.shapesByPairs($0) }) { byPairs += 1 }
            #expect(try pairs.shape(label, font: font, language: language) == harfBuzz.shape(label, font: font, language: language),
                    "\(label) \(font) \(String(describing: language))")
        }
        #expect(byPairs > rounds / 3, "\(byPairs) of \(rounds) labels were shaped by pairs")
    }

    /// Fonts that HarfBuzz does not position by pairs alone are shaped by HarfBuzz (the fixtures
    /// of `make_fonts.py`): a kerning lookup that skips base glyphs pairs glyphs that are not
    /// neighbours ("1A." kerns "1" with "."), and a lookup under `trak`, on by default, moves
    /// every glyph, the last one and a one-character text's too. Both gave the pairs' result
    /// before the analysis looked at lookup flags and at every feature HarfBuzz turns on.
    @Test(arguments: ["InterSkipsBases.otf", "InterTracks.otf"])
    func fontsThatDoNotPositionByPairsAreShapedByHarfBuzz(file: String) throws {
        let path = testFontsDirectory.appendingPathComponent(file).path
        let library = try bundledLibrary.adding(fontFiles: [path])
        let face = try library.face(for: .body)
        #expect(face.path == path)
        #expect(!Array("1A.".utf8).withUnsafeBufferPointer { InertFeatures(face: face).shapesByPairs($0) })
        let harfBuzz = Typesetter(library: library, cacheCapacity: 0, shapesWordByWord: false, turnsOffInertFeatures: false)
        let typesetter = Typesetter(library: library, cacheCapacity: 0, shapesWordByWord: false)
        var generator = SeededRandom(seed: 5)
        let labels = ["1A.", "A", "\"$.", "To 1A. 2B, 3C"] + (0..<300).map { _ in
            String(decoding: (0..<Int.random(in: 1...16, using: &generator)).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) },
                   as: UTF8.self)
        }
        for label in labels {
            #expect(try typesetter.shape(label, font: .body) == harfBuzz.shape(label, font: .body), "\(label)")
        }
    }

    /// Shaping by pairs keeps no face alive: a library loaded for a while (the preview loads a
    /// spec's fonts again at each change) frees its faces when it goes, though the thread that
    /// shaped with them keeps its kerning tables.
    @Test func shapingByPairsKeepsNoFaceAlive() throws {
        let path = testFontsDirectory.appendingPathComponent("InterSubset.woff2").path
        weak var loaded: FontFace?
        do {
            let library = try bundledLibrary.adding(fontFiles: [path])
            let face = try library.face(for: .body)
            #expect(face.path == path)
            #expect(Array("swift12345".utf8).withUnsafeBufferPointer { InertFeatures(face: face).shapesByPairs($0) })
            let typesetter = Typesetter(library: library, cacheCapacity: 0, shapesWordByWord: false)
            _ = try typesetter.shape("swift12345", font: .body)
            loaded = face
        }
        #expect(loaded == nil, "the face outlived its library")
    }

    /// Inter positions by pairs (kerning and mark attachment only); a label of letters and digits
    /// is shaped by pairs, one that its contextual alternates can change (an arrow, a time) or
    /// that is not ASCII is not.
    @Test func interShapesLabelsByPairs() throws {
        let regular = InertFeatures(face: try bundledLibrary.face(for: .body))
        func byPairs(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { regular.shapesByPairs($0) }
        }
        #expect(byPairs("swift12345") && byPairs("harfbuzz") && byPairs("Layout 42") && byPairs("AV To Yo"))
        #expect(!byPairs("a->b") && !byPairs("3x4") && !byPairs("12:30"))
        #expect(!byPairs("café"), "non-ASCII text is shaped by HarfBuzz")
        let emoji = InertFeatures(face: try bundledLibrary.face(for: Font(family: "Noto Color Emoji", size: 17)))
        #expect(!Array("abc".utf8).withUnsafeBufferPointer { emoji.shapesByPairs($0) }, "a bitmap face is never analysed")
    }

    /// Inter Regular may be split at spaces except around characters its space-context `calt`
    /// lookup can change; the bold weights kern the space and are never split.
    @Test func spaceIndependence() throws {
        let regular = SpaceIndependence(face: try bundledLibrary.face(for: .body))
        #expect(regular.isSplittable)
        func allows(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { regular.allows($0) }
        }
        #expect(allows("Morning routine"))
        #expect(!allows("3 x 4") && !allows("a -> b"))
        let bold = SpaceIndependence(face: try bundledLibrary.face(for: Font(size: 17, weight: .bold)))
        #expect(!bold.isSplittable)
    }

    /// The same requests from eight threads at once, on a cold typesetter, give identical results.
    @Test func identicalResultsFromSeveralThreads() async throws {
        let shared = Typesetter(library: bundledLibrary)
        let reference = Typesetter(library: bundledLibrary, cacheCapacity: 0, shapesWordByWord: false)
        let labels = benchmarkLikeLabels(300) + ["Morning routine ☀️", "Hi مرحبا", "👩‍👩‍👧", "a中b", "office"]
        let expected = try labels.map { try reference.shape($0, font: .body, width: 80, lineLimit: 2) }
        try await withThrowingTaskGroup(of: [ShapedText].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try labels.map { try shared.shape($0, font: .body, width: 80, lineLimit: 2) }
                }
            }
            for try await results in group { #expect(results == expected) }
        }
    }

    /// Cached layouts are the layouts: asked for again in the same order, in reverse and shuffled,
    /// every text gives what it gave the first time, from the cache from its second request on:
    /// 6,000 texts, several hundred in each of the cache's 16 shards, whose tables grow many times.
    @Test func cacheReturnsTheSameLayoutsInAnyOrder() throws {
        let cached = Typesetter(library: bundledLibrary, cacheCapacity: 64 << 20)
        let labels = benchmarkLikeLabels(6000)
        let first = try labels.map { try cached.shape($0, font: .body) }
        // Asked for once: (almost) nothing kept; a bit another hash set admits a few early.
        let early = cached.cacheStatistics.entries
        #expect(early < 1500)
        var generator = SeededRandom(seed: 21)
        for order in [Array(labels.indices), labels.indices.reversed(), labels.indices.shuffled(using: &generator)] {
            for index in order { #expect(try cached.shape(labels[index], font: .body) == first[index]) }
        }
        // The second request of each is a miss that keeps it (but the early ones), the rest hits.
        #expect(cached.cacheStatistics.hits == 12000 + early)
        #expect(cached.cacheStatistics.entries == 6000)
        // Another font or width is another entry.
        #expect(try cached.shape(labels[0], font: .caption).size != first[0].size)
        #expect(try cached.shape(labels[0], font: .body, width: 1).lines.count > 1)
    }

    /// The layout cache stays within its budget however many distinct texts go through it.
    @Test func cacheIsBounded() throws {
        let budget = 64 << 10
        let small = Typesetter(library: bundledLibrary, cacheCapacity: budget)
        for label in benchmarkLikeLabels(3000) {
            _ = try small.shape(label, font: .body)
            _ = try small.shape(label, font: .body)
        }
        let statistics = small.cacheStatistics
        #expect(statistics.bytes <= budget)
        #expect(statistics.entries > 20)
        _ = try small.shape("Swift", font: .body)
        _ = try small.shape("Swift", font: .body)
        _ = try small.shape("Swift", font: .body)
        #expect(small.cacheStatistics.hits >= 1)
        small.removeCachedLayouts()
        #expect(small.cacheStatistics.entries == 0)
    }

    /// A request made once is not kept (a large cloud's labels, each kept by its own text
    /// node); its second time keeps it, and the third is a hit. Clearing the cache forgets the
    /// requests seen.
    @Test func aLayoutIsKeptFromItsSecondRequestOn() throws {
        let typesetter = Typesetter(library: bundledLibrary, cacheCapacity: 1 << 20)
        let once = try typesetter.shape("Kept once?", font: .body)
        #expect(typesetter.cacheStatistics.entries == 0)
        #expect(try typesetter.shape("Kept once?", font: .body) == once)
        #expect(typesetter.cacheStatistics.entries == 1 && typesetter.cacheStatistics.hits == 0)
        #expect(try typesetter.shape("Kept once?", font: .body) == once)
        #expect(typesetter.cacheStatistics.hits == 1)
        typesetter.removeCachedLayouts()
        _ = try typesetter.shape("Kept once?", font: .body)
        #expect(typesetter.cacheStatistics.entries == 0)
        // Without a budget nothing is kept, however often it is asked for.
        let uncached = Typesetter(library: bundledLibrary, cacheCapacity: 0)
        for _ in 0..<3 { _ = try uncached.shape("Kept once?", font: .body) }
        #expect(uncached.cacheStatistics.entries == 0)
    }
}

/// Distinct labels of one to three words (seeded).
func benchmarkLikeLabels(_ count: Int) -> [String] {
    let words = ["Swift", "iOS", "Development", "Morning", "routine", "Exercise", "Design", "Travel", "cloud", "layout",
                 "Typography", "Wave", "Tower", "Yoga", "AVATAR", "office", "Kayak", "Zephyr"]
    var generator = SeededRandom(seed: 7)
    var seen = Set<String>()
    var labels: [String] = []
    while labels.count < count {
        let n = Int.random(in: 1...3, using: &generator)
        var label = (0..<n).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " ")
        if seen.contains(label) { label += " \(Int.random(in: 0..<10_000, using: &generator))" }
        if seen.insert(label).inserted { labels.append(label) }
    }
    return labels
}

@Suite struct MeasureTests {
    /// `measure` is the one-line size from the same cache as `shape`.
    @Test func measureMatchesShape() throws {
        let measured = try typesetter.measure("Hello, world", font: .body)
        #expect(measured == TextMeasurement(advance: try typesetter.shape("Hello, world", font: .body).advance,
                                            size: CGSize(width: 94.78125, height: 20), firstBaseline: 16, lastBaseline: 16))
        let two = try typesetter.measure("Tag\ncloud", font: .body)
        #expect(two.size.height == 40 && two.lastBaseline == 36)
    }
}
