import Foundation
import Testing
@testable import Typesetting

/// UAX #14 conformance: every case of the Unicode 15.0 LineBreakTest.txt (Fixtures/, copied from
/// the Unicode Character Database by make_unicode_tables.py).
@Suite struct LineBreakConformanceTests {
    struct Case {
        var line: Int
        var scalars: [Unicode.Scalar]
        /// For each position 1...n, whether a break is allowed before it.
        var breaks: [Bool]
    }

    static func cases() throws -> [Case] {
        let text = try String(contentsOf: fixturesDirectory.appendingPathComponent("LineBreakTest.txt"), encoding: .utf8)
        var result: [Case] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Bool] = []
            for token in tokens.dropFirst() {
                if token == "÷" || token == "×" {
                    breaks.append(token == "÷")
                } else if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                }
            }
            result.append(Case(line: number + 1, scalars: scalars, breaks: breaks))
        }
        return result
    }

    @Test func allCasesOfLineBreakTestPass() throws {
        let cases = try Self.cases()
        #expect(cases.count > 7000)
        var failures: [String] = []
        for test in cases {
            let actions = lineBreakActions(test.scalars)
            let got = (1...test.scalars.count).map { actions[$0] != .prohibited }
            if got != test.breaks {
                let hex = test.scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                failures.append("line \(test.line): \(hex): got \(got.map { $0 ? "÷" : "×" }.joined()) expected \(test.breaks.map { $0 ? "÷" : "×" }.joined())")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) fail:\n\(failures.prefix(25).joined(separator: "\n"))")
    }

    @Test func unicodeTablesVersion() {
        #expect(Typesetting.unicodeTablesVersion == "15.0.0")
        let table = UnicodeProperties.shared
        #expect(table.lineBreakClass(" ") == .SP)
        #expect(table.lineBreakClass("a") == .AL)
        #expect(table.lineBreakClass("中") == .ID)
        #expect(table.lineBreakClass("\u{05D0}") == .HL)
        #expect(table.lineBreakClass("\u{1F1EF}") == .RI)
        #expect(table.lineBreakClass("\u{0E01}") == .SA)
        #expect(table.lineBreakClass("\u{10FFFF}") == .XX)
        #expect(table.isExtendedPictographic("\u{1F600}") && !table.isExtendedPictographic("a"))
        #expect(table.isEastAsianWide("中") && !table.isEastAsianWide("("))
    }

    @Test func opportunitiesInLabels() {
        func breaks(_ text: String) -> [Int] {
            let actions = lineBreakActions(Array(text.unicodeScalars))
            return actions.indices.filter { $0 > 0 && $0 < actions.count - 1 && actions[$0] != .prohibited }
        }
        #expect(breaks("Morning routine") == [8])
        #expect(breaks("well-known fact") == [5, 11])
        #expect(breaks("1,234.56 kg") == [9])
        #expect(breaks("(beta) test") == [7])
        #expect(breaks("Exercise 💪 now") == [9, 11])
        #expect(breaks("中文字") == [1, 2])
        #expect(breaks("a\u{00A0}b c") == [4])
    }

    /// Between two printable ASCII characters, lines break where Chromium breaks them (Blink's
    /// own table, measured into ``browserASCIIBreaks``), not where UAX #14 allows: never inside a
    /// URL's path, after "-" before a digit only after a letter or digit. UAX #14's own answers
    /// stay ``lineBreakActions(_:)``'s (the conformance test above).
    @Test func betweenASCIICharactersLinesBreakAsABrowserBreaksThem() {
        func breaks(_ text: String) -> [Int] {
            let actions = browserLineBreakActions(Array(text.unicodeScalars))
            return actions.indices.filter { $0 > 0 && $0 < actions.count - 1 && actions[$0] != .prohibited }
        }
        #expect(breaks("example.com/a/b!c|d}e") == [])
        #expect(breaks("well-known fact") == [5, 11])
        #expect(breaks("a-1 (-1 x?y") == [2, 4, 8, 10])
        #expect(breaks("f(x) a,(b") == [5, 7])
        // UAX #14 breaks after "/" and "!" before a letter, and not in "a-1".
        let uax = lineBreakActions(Array("a/b!c a-1".unicodeScalars))
        #expect(uax[2] == .allowed && uax[4] == .allowed && uax[8] == .prohibited)
        // Around other characters, UAX #14 decides.
        let other = Array("中/文 Swift ภาษาไทย (1)".unicodeScalars)
        #expect(browserLineBreakActions(other) == lineBreakActions(other))
    }

    /// Scripts written without spaces break between words, at the boundaries of ICU's
    /// dictionaries, as browsers break them (UAX #14 leaves class SA to such a dictionary; without
    /// one a Thai label broke only at its spaces).
    @Test func wordsOfScriptsWithoutSpacesAreBreakOpportunities() {
        func breaks(_ text: String) -> [Int] {
            let actions = lineBreakActions(Array(text.unicodeScalars))
            return actions.indices.filter { $0 > 0 && $0 < actions.count - 1 && actions[$0] != .prohibited }
        }
        // ภาษา|ไทย|เป็น|ภาษา (scalars 4, 7 and 11).
        #expect(breaks("ภาษาไทยเป็นภาษา") == [4, 7, 11])
        // Never before a combining vowel or tone mark: every break starts a consonant or a
        // leading vowel.
        let text = "สวัสดีครับยินดีต้อนรับสู่ประเทศไทย"
        let scalars = Array(text.unicodeScalars)
        let found = breaks(text)
        #expect(found.count >= 4, "\(found)")
        #expect(found.allSatisfy { ![.nonspacingMark, .spacingMark].contains(scalars[$0].properties.generalCategory) })
        // Around other text, the rules of UAX #14 hold as before.
        #expect(breaks("Swift ภาษาไทย") == [6, 10])
    }
}
