import Foundation
import Testing
@testable import Typesetting
import TestRandom

@Suite struct WrappingTests {
    let font = Font.body

    @Test func fitsOnOneLineAtItsOwnWidth() throws {
        let ideal = try typesetter.shape("Morning routine", font: font)
        let proposed = try typesetter.shape("Morning routine", font: font, width: ideal.size.width)
        #expect(proposed.lines.count == 1 && proposed.size == ideal.size)
    }

    @Test func wrapsAtTheSpace() throws {
        let ideal = try typesetter.shape("Morning routine", font: font)
        let shaped = try typesetter.shape("Morning routine", font: font, width: ideal.size.width - 1)
        #expect(shaped.lines.map(\.text) == ["Morning", "routine"])
        #expect(shaped.size.height == 40)
        #expect(shaped.firstBaseline == 16 && shaped.lastBaseline == 36)
        #expect(shaped.lines[1].origin.y == 20)
        let morning = try typesetter.shape("Morning", font: font)
        #expect(shaped.lines[0].advance == morning.advance)     // the swallowed space does not count
        #expect(shaped.runs.map(\.line) == [0, 1])
        #expect(shaped.runs[1].positions[0] == CGPoint(x: 0, y: 36))
        #expect(shaped.runs[1].clusters.first == 0)            // offsets into the line's own text
    }

    @Test func hardLineBreaks() throws {
        let shaped = try typesetter.shape("Tag\nclouds\r\nwrap\u{2028}end", font: font)
        #expect(shaped.lines.map(\.text) == ["Tag", "clouds", "wrap", "end"])
        #expect(shaped.size.height == 80)
        let empty = try typesetter.shape("", font: font)
        #expect(empty.size == CGSize(width: 0, height: 20) && empty.runs.isEmpty)
    }

    @Test func breaksAfterHyphens() throws {
        let shaped = try typesetter.shape("state-of-the-art layout", font: font, width: 80)
        #expect(shaped.lines.count >= 2)
        #expect(shaped.lines[0].text.hasSuffix("-"))
    }

    /// The pieces a line is never broken inside: words without their spaces, but single
    /// ideographs in Chinese and Japanese, the dictionary's words in Thai, and the parts of a
    /// hyphenated word or a path; what the line breaking of ``Typesetter/shape(_:font:width:lineLimit:truncation:alignment:direction:language:)`` takes.
    @Test func unbreakablePiecesAreWhereLinesMayNotBreak() throws {
        #expect(typesetter.unbreakablePieces(of: "Morning  routine ") == ["Morning", "routine"])
        #expect(typesetter.unbreakablePieces(of: "日本語の文章") == ["日", "本", "語", "の", "文", "章"])
        #expect(typesetter.unbreakablePieces(of: "state-of-the-art") == ["state-", "of-", "the-", "art"])
        #expect(typesetter.unbreakablePieces(of: "ภาษาไทยง่าย") == ["ภาษา", "ไทย", "ง่าย"])
        #expect(typesetter.unbreakablePieces(of: "Tag\nclouds") == ["Tag", "clouds"])
        // Between two ASCII characters, where Chromium breaks (Blink's own table, not UAX #14):
        // never inside a URL's path or after "!", after "-" and "?", and before "(" after "," ...
        #expect(typesetter.unbreakablePieces(of: "https://example.com/a/very/long?x=1") == ["https://example.com/a/very/long?", "x=1"])
        #expect(typesetter.unbreakablePieces(of: "alpha/beta!gamma|delta}epsilon") == ["alpha/beta!gamma|delta}epsilon"])
        #expect(typesetter.unbreakablePieces(of: "a-1 (-1 -2 é-3 2-4") == ["a-", "1", "(-1", "-2", "é-3", "2-", "4"])
        #expect(typesetter.unbreakablePieces(of: "a,(b") == ["a,", "(b"])
        #expect(typesetter.unbreakablePieces(of: "  \n ").isEmpty && typesetter.unbreakablePieces(of: "").isEmpty)
        // Every piece is text of the string, in order, and the pieces hold all but its white space.
        let text = "Swift 東京 state-of-the-art café 👩‍👩‍👧 ok"
        let pieces = typesetter.unbreakablePieces(of: text)
        #expect(pieces.joined() == text.filter { !$0.isWhitespace })
        #expect(pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy { !$0.isWhitespace } })
        // Wrapped at its widest piece's width, the text breaks no piece.
        let widest = try pieces.map { try typesetter.shape(String($0), font: font).advance }.max() ?? 0
        let wrapped = try typesetter.shape(text, font: font, width: widest + 1)
        #expect(wrapped.lines.map { $0.text.filter { !$0.isWhitespace } }.joined() == pieces.joined())
        for line in wrapped.lines {
            var rest = Substring(line.text.filter { !$0.isWhitespace })
            while !rest.isEmpty, let piece = pieces.first(where: { rest.hasPrefix($0) }) { rest = rest.dropFirst(piece.count) }
            #expect(rest.isEmpty, "\(line.text) is not whole pieces: \(wrapped.lines.map(\.text))")
        }
    }

    /// A word wider than the line breaks between grapheme clusters, never inside an emoji.
    @Test func longWordsBreakBetweenClusters() throws {
        let shaped = try typesetter.shape("Supercalifragilistic👩‍👩‍👧expialidocious", font: font, width: 50)
        #expect(shaped.lines.count > 3)
        for line in shaped.lines { #expect(line.advance <= 50 || line.text.count == 1) }
        #expect(shaped.lines.map(\.text).joined() == "Supercalifragilistic👩‍👩‍👧expialidocious")
    }

    /// Property test (seeded): at any width, every line fits (or is one cluster), no text is lost,
    /// and a narrower width never gives fewer lines.
    @Test func wrappingInvariants() throws {
        var generator = SeededRandom(seed: 3)
        let words = ["Swift", "iOS", "Development", "Morning", "routine", "☀️", "مرحبا", "well-known", "(beta)", "1,234.56",
                     "Typography", "x", "Exercise", "💪", "中文", "AVATAR"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                .joined(separator: " ")
            let width = CGFloat(Int.random(in: 20...300, using: &generator))
            let shaped = try typesetter.shape(text, font: font, width: width)
            for line in shaped.lines {
                #expect(line.advance <= width || line.text.count == 1, "'\(text)' at \(width): '\(line.text)' \(line.advance)")
            }
            let kept = shaped.lines.map(\.text).joined().filter { $0 != " " }
            #expect(kept == text.filter { $0 != " " }, "'\(text)' at \(width)")
            let narrower = try typesetter.shape(text, font: font, width: max(1, width - 40))
            #expect(narrower.lines.count >= shaped.lines.count)
            #expect(shaped.size.height == CGFloat(shaped.lines.count) * 20)
        }
    }
}

@Suite struct TruncationTests {
    let font = Font.body
    let text = "Morning routine with coffee"

    func width(_ text: String) throws -> CGFloat { try typesetter.shape(text, font: font).advance }

    @Test func tail() throws {
        let shaped = try typesetter.shape(text, font: font, width: 100, lineLimit: 1, truncation: .tail)
        let line = try #require(shaped.lines.first)
        #expect(shaped.lines.count == 1 && shaped.isTruncated && line.isTruncated)
        #expect(line.text == "Morning r…")
        #expect(line.advance <= 100)
        #expect(try width("Morning ro…") > 100)                // one more cluster would not fit
    }

    @Test func head() throws {
        let shaped = try typesetter.shape(text, font: font, width: 100, lineLimit: 1, truncation: .head)
        #expect(shaped.lines.map(\.text) == ["…ith coffee"])
        #expect(shaped.lines[0].advance <= 100)
        #expect(try width("…with coffee") > 100)
    }

    @Test func middle() throws {
        let shaped = try typesetter.shape(text, font: font, width: 100, lineLimit: 1, truncation: .middle)
        let line = try #require(shaped.lines.first?.text)
        #expect(line.hasPrefix("Morn") && line.hasSuffix("ffee") && line.contains("…"))
        #expect(shaped.lines[0].advance <= 100)
    }

    @Test func lineLimitTwo() throws {
        let shaped = try typesetter.shape("Swift iOS Development Morning routine Exercise", font: font, width: 90, lineLimit: 2)
        #expect(shaped.lines.count == 2)
        #expect(shaped.lines[1].text.hasSuffix("…") && !shaped.lines[0].text.hasSuffix("…"))
        #expect(shaped.lines.allSatisfy { $0.advance <= 90 })
        let head = try typesetter.shape("Swift iOS Development Morning routine Exercise", font: font, width: 90,
                                        lineLimit: 2, truncation: .head)
        #expect(head.lines[0].text.hasPrefix("…") && head.lines[1].text.hasSuffix("Exercise"))
    }

    /// The last line shown is the line as it was broken, then the ellipsis, as a browser's
    /// `-webkit-line-clamp` shows it (the text after it was joined on: "two three…").
    @Test func lineLimitWithHardBreaksAndNoWidth() throws {
        let shaped = try typesetter.shape("one\ntwo\nthree", font: font, lineLimit: 2)
        #expect(shaped.lines.map(\.text) == ["one", "two…"])
        let fits = try typesetter.shape("one\ntwo", font: font, lineLimit: 2)
        #expect(!fits.isTruncated)
    }

    /// Property test (seeded): truncated lines fit, keep the text's start (tail), end (head) or
    /// both (middle), and contain one ellipsis.
    @Test func truncationInvariants() throws {
        var generator = SeededRandom(seed: 11)
        let words = ["Swift", "iOS", "Development", "Morning", "routine", "☀️", "Exercise", "Typography", "AVATAR", "cloud"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 2...7, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                .joined(separator: " ")
            let width = CGFloat(Int.random(in: 30...200, using: &generator))
            for mode in TruncationMode.allCases {
                let shaped = try typesetter.shape(text, font: font, width: width, lineLimit: 1, truncation: mode)
                #expect(shaped.lines.count == 1)
                let line = shaped.lines[0]
                guard shaped.isTruncated else {
                    #expect(line.text == text)
                    continue
                }
                #expect(line.advance <= width || line.text == "…", "'\(text)' \(mode) at \(width): '\(line.text)'")
                #expect(line.text.filter { $0 == "…" }.count == 1)
                let parts = line.text.split(separator: "…", omittingEmptySubsequences: false).map(String.init)
                switch mode {
                case .tail: #expect(text.hasPrefix(parts[0]) && parts[1].isEmpty)
                case .head: #expect(text.hasSuffix(parts[1]) && parts[0].isEmpty)
                case .middle: #expect(text.hasPrefix(parts[0]) && text.hasSuffix(parts[1]))
                }
            }
        }
    }
}

/// A cut line is the text's own shaping up to the cut, then the ellipsis, as a browser cuts its
/// shaped text (CSS `text-overflow: ellipsis`): not the kept text shaped again.
@Suite struct CutShapingTests {
    /// The glyph of each cluster of `shaped`'s runs (the ellipsis's excluded).
    static func glyphsByCluster(_ shaped: ShapedText, face: String? = nil) -> [Int: [UInt32]] {
        var byCluster: [Int: [UInt32]] = [:]
        for run in shaped.runs {
            for index in 0..<run.glyphCount { byCluster[run.cluster(index), default: []].append(run.glyph(index)) }
        }
        return byCluster
    }

    /// Cut Arabic keeps the joined form of its last letter (shaped again it took its final form,
    /// often wider, so that a letter fewer fitted), and a lam-alef ligature is kept or cut whole.
    @Test(arguments: [TextDirection.rightToLeft, .leftToRight])
    func cutArabicKeepsItsShapedGlyphs(direction: TextDirection) throws {
        let text = "مرحبا بكم في عالم البرمجة الحديثة لا للإعلانات والتصميم"
        let whole = try typesetter.shape(text, font: .body, direction: direction)
        let original = Self.glyphsByCluster(whole)
        var cuts = 0
        for width in stride(from: 30.0, through: Double(whole.size.width) - 1, by: 3) {
            let shaped = try typesetter.shape(text, font: .body, width: CGFloat(width), lineLimit: 1, direction: direction)
            let line = try #require(shaped.lines.first)
            try #require(shaped.isTruncated && line.text.hasSuffix("…"), "\(width): \(line.text)")
            #expect(line.advance <= CGFloat(width), "\(width): \(line.advance)")
            let kept = line.text.utf8.count - "…".utf8.count
            #expect(text.utf8.starts(with: line.text.utf8.prefix(kept)))
            // Every kept cluster has the glyphs the whole text was shaped with.
            for (cluster, glyphs) in Self.glyphsByCluster(shaped) where cluster < kept {
                #expect(original[cluster] == glyphs, "\(width): cluster \(cluster) of '\(line.text)'")
            }
            // The ligature's lam is never kept without its alef.
            #expect(!line.text.hasSuffix("ل…") || !text.contains(line.text.dropLast() + "ا"), "\(width): '\(line.text)'")
            cuts += 1
        }
        #expect(cuts > 50)
    }

    /// A right-to-left run in a left-to-right line is cut from its visual left, its logical end,
    /// as CSS hides what overflows the line's end edge in visual order.
    @Test func aLineMixingDirectionsIsCutInVisualOrder() throws {
        let arabic = "بالعربية مرحبا"
        let text = "Swift " + arabic
        let whole = try typesetter.shape(text, font: .body)
        let swift = try typesetter.shape("Swift …", font: .body)
        var cuts = 0
        for width in stride(from: Double(swift.size.width) + 4, through: Double(whole.size.width) - 1, by: 2) {
            let shaped = try typesetter.shape(text, font: .body, width: CGFloat(width), lineLimit: 1)
            let line = try #require(shaped.lines.first)
            #expect(line.advance <= CGFloat(width))
            let kept = String(line.text.dropLast())
            #expect(kept.hasPrefix("Swift "), "\(width): '\(line.text)'")
            #expect(arabic.hasSuffix(kept.dropFirst("Swift ".count)), "\(width): '\(line.text)' keeps the Arabic's start")
            cuts += 1
        }
        #expect(cuts > 10)
    }

    /// A Latin cut keeps the advance its last letter was shaped with (its kerning with the letter
    /// cut after it), so the kept text is exactly as wide as in the uncut line.
    @Test func cutLatinKeepsItsShapedAdvances() throws {
        let text = "Typography AVATAR Wave To Yo"
        let whole = try typesetter.shape(text, font: .body)
        for width in stride(from: 20.0, through: Double(whole.size.width) - 1, by: 2) {
            let shaped = try typesetter.shape(text, font: .body, width: CGFloat(width), lineLimit: 1)
            let line = try #require(shaped.lines.first)
            let kept = line.text.utf8.count - "…".utf8.count
            let run = try #require(shaped.runs.first)
            let original = try #require(whole.runs.first)
            for index in 0..<run.glyphCount where run.cluster(index) < kept {
                #expect(run.glyph(index) == original.glyph(index) && run.advances[index] == original.advances[index],
                        "\(width): glyph \(index) of '\(line.text)'")
            }
        }
    }
}

@Suite struct AlignmentTests {
    @Test(arguments: TextAlignment.allCases)
    func linesAlign(alignment: TextAlignment) throws {
        let shaped = try typesetter.shape("A tag cloud of chips", font: .body, width: 70, alignment: alignment)
        #expect(shaped.lines.count >= 2)
        for line in shaped.lines {
            let slack = shaped.size.width - line.width
            switch alignment {
            case .leading: #expect(line.origin.x == 0)
            case .center: #expect(line.origin.x == (slack * 32).rounded(.down) / 64)   // half, truncated to 1/64
            case .trailing: #expect(line.origin.x == slack)
            }
            let firstRun = shaped.runs[line.runRange.lowerBound]
            #expect(firstRun.positions[0].x == line.origin.x)
        }
    }

    @Test func trailingIsLeftInRightToLeftText() throws {
        let shaped = try typesetter.shape("مرحبا بكم في السحابة", font: .body, width: 70, alignment: .trailing,
                                          direction: .rightToLeft)
        #expect(shaped.lines.allSatisfy { $0.origin.x == 0 })
    }
}

@Suite struct SingleLinePathTests {
    /// The one-line path gives what the general line machinery gives: a text's layout equals the
    /// first line of the same text followed by a paragraph break and more text.
    @Test func matchesTheGeneralPath() throws {
        var generator = SeededRandom(seed: 5)
        let words = ["Swift", "Morning", "routine", "☀️", "Exercise", "💪", "AVATAR", "x", "office", "Café", "Ωμέγα"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                .joined(separator: " ")
            let font = Font(size: [9, 17, 40].randomElement(using: &generator) ?? 17)
            let single = try typesetter.shape(text, font: font)
            let double = try typesetter.shape(text + "\n" + text, font: font)
            #expect(double.lines[0] == single.lines[0])
            #expect(Array(double.runs[double.lines[0].runRange]) == single.runs)
            #expect(double.size.width == single.size.width && double.size.height == 2 * single.size.height)
        }
    }
}

@Suite struct CompactStorageTests {
    /// A label of one run on one line is kept without arrays; it reads and compares as the same
    /// text built from arrays.
    @Test func aCompactTextEqualsItsCopyFromArrays() throws {
        var generator = SeededRandom(seed: 11)
        let words = ["Swift", "layout", "Cairo", "x", "Café", "☀️", "Ωμέγα", "office", "AVATAR", "\u{10FFFD}"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                .joined(separator: " ")
            let shaped = try typesetter.shape(text, font: Font(size: [9, 17, 40].randomElement(using: &generator) ?? 17))
            let copy = ShapedText(runs: shaped.runs, lines: shaped.lines, size: shaped.size, advance: shaped.advance,
                                  firstBaseline: shaped.firstBaseline, lastBaseline: shaped.lastBaseline,
                                  isTruncated: shaped.isTruncated, language: shaped.language)
            #expect(shaped == copy && copy == shaped)
            #expect(shaped.runCount == shaped.runs.count && shaped.lineCount == shaped.lines.count)
            #expect((0..<shaped.runCount).map(shaped.run) == shaped.runs)
            #expect((0..<shaped.lineCount).map(shaped.line) == shaped.lines)
            #expect(shaped.fontFamilies == copy.fontFamilies)
            #expect(shaped.uncoveredCharacters == copy.uncoveredCharacters)
            let line = shaped.line(0)
            #expect(line.text == text && line.width == shaped.size.width && line.advance == shaped.advance)
            #expect(line.baseline == shaped.firstBaseline && line.ascent + line.descent == shaped.size.height)
        }
    }

    /// Changing what a compact text's line is made from changes the text, not its line, as for a
    /// text built from arrays.
    @Test func settingAPartOfACompactTextKeepsItsLine() throws {
        let shaped = try typesetter.shape("Swift", font: Font(size: 17))
        #expect(shaped.runCount == 1 && shaped.lineCount == 1)
        let general = ShapedText(runs: shaped.runs, lines: shaped.lines, size: shaped.size, advance: shaped.advance,
                                 firstBaseline: shaped.firstBaseline, lastBaseline: shaped.lastBaseline)
        var a = shaped, b = general
        a.size.width += 10
        b.size.width += 10
        a.advance += 1
        b.advance += 1
        a.firstBaseline += 2
        b.firstBaseline += 2
        #expect(a == b)
        #expect(a.line(0) == shaped.line(0) && a.size.width == shaped.size.width + 10)
        a.runs = []
        b.runs = []
        #expect(a == b && a.runCount == 0 && a.lineCount == 1)
        #expect(shaped.runCount == 1 && shaped.size == general.size)
    }

    /// The typesetter keeps a run's positions and advances as its 16.16 values when they fit 32
    /// bits, as points otherwise (a label wider than 32,767 points): both read as the same run
    /// rebuilt from its arrays, and each glyph starts where the one before it ends.
    @Test(arguments: [("Swift", 17.0), ("Café Ωμέγα", 40.0), (String(repeating: "W", count: 300), 200.0),
                      (String(repeating: "layout ", count: 400), 96.0)])
    func typesetterRunsReadAsTheirArrays(_ text: String, size: Double) throws {
        let shaped = try typesetter.shape(text, font: Font(size: CGFloat(size)))
        #expect(shaped.runCount > 0)
        for index in 0..<shaped.runCount {
            let run = shaped.run(index)
            let rebuilt = GlyphRun(face: run.face, fontSize: run.fontSize, glyphs: run.glyphs, positions: run.positions,
                                   clusters: run.clusters, advances: run.advances, line: run.line, bidiLevel: run.bidiLevel,
                                   synthesis: run.synthesis)
            #expect(rebuilt == run && rebuilt.advances == run.advances)
            #expect((0..<run.glyphCount).allSatisfy { rebuilt.position($0) == run.position($0) && rebuilt.advance($0) == run.advance($0) })
            for glyph in 1..<max(run.glyphCount, 1) {
                #expect(run.position(glyph).x == run.position(glyph - 1).x + run.advance(glyph - 1))
            }
        }
        let end = shaped.run(shaped.runCount - 1)
        let last = end.position(end.glyphCount - 1).x + end.advance(end.glyphCount - 1)
        #expect(last == shaped.advance)
    }

    /// Clusters are kept in 32 bits, or in 64 when one does not fit: every value reads back.
    @Test(arguments: [[0, 7, 70_000, Int(UInt32.max)], [-1, 0, 5_000_000_000, Int.min], [Int.max]])
    func clustersReadBackAsGiven(_ clusters: [Int]) throws {
        let face = try typesetter.shape("a", font: Font(size: 17)).run(0).face
        let run = GlyphRun(face: face, fontSize: 17, glyphs: clusters.map { _ in 1 },
                           positions: clusters.indices.map { CGPoint(x: Double($0), y: 2) }, clusters: clusters,
                           advances: clusters.map { _ in 0.5 })
        #expect(run.clusters == clusters && run.clusterCount == clusters.count)
        #expect(clusters.indices.allSatisfy { run.cluster($0) == clusters[$0] })
        #expect(run.glyphs == clusters.map { _ in 1 } && run.advances == clusters.map { _ in 0.5 })
        #expect(run.positions == clusters.indices.map { CGPoint(x: Double($0), y: 2) })
        var changed = run
        changed.clusters = clusters.reversed()
        #expect(changed.clusters == clusters.reversed() && run.clusters == clusters)
    }
}
