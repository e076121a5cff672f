import Foundation
import TagCloudTesting
import Testing
import TestRandom

/// Text goldens fail with a unified diff (`diff -u`) with three lines of context.
@Suite struct TextDiffingTests {
    static func diff(_ golden: String, _ actual: String) -> SnapshotDifference? {
        Diffing<String>.lines.diff(golden, actual)
    }

    @Test func aChangedLineIsShownWithItsContext() throws {
        let golden = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = golden.replacingOccurrences(of: "line 5", with: "line five")
        let difference = try #require(Self.diff(golden, actual))
        #expect(difference.message == """
            the text differs: 1 line removed and 1 added (- golden, + actual):
            --- golden
            +++ actual
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
            """)
        #expect(difference.artifacts.map(\.name) == ["diff"])
        #expect(Self.diff(golden, golden) == nil)
    }

    @Test func changesFarApartMakeSeparateHunks() throws {
        let golden = (1...30).map { "\($0)" }.joined(separator: "\n")
        let actual = golden.replacingOccurrences(of: "\n3\n", with: "\n3a\n").replacingOccurrences(of: "\n25\n", with: "\n")
        let text = try #require(Self.diff(golden, actual)).message
        #expect(text.contains("@@ -1,6 +1,6 @@") && text.contains("@@ -22,7 +22,6 @@"), "\(text)")
    }

    /// For random edits of random texts, the unified diff applied to the golden gives the actual
    /// text back, and its hunk headers count the lines they hold.
    @Test func theDiffTakesTheGoldenToTheActualText() throws {
        var random = SeededRandom(seed: 0xD1FF)
        for _ in 0..<300 {
            let words = ["a", "b", "c", "d", "{", "}", ""]
            let golden = (0..<Int.random(in: 0...30, using: &random)).map { _ in words.randomElement(using: &random)! }
            var actual = golden
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !actual.isEmpty: actual.remove(at: Int.random(in: 0..<actual.count, using: &random))
                case 1: actual.insert(words.randomElement(using: &random)!, at: Int.random(in: 0...actual.count, using: &random))
                default: if !actual.isEmpty { actual[Int.random(in: 0..<actual.count, using: &random)] = "x" }
                }
            }
            let goldenText = golden.joined(separator: "\n"), actualText = actual.joined(separator: "\n")
            guard let difference = Self.diff(goldenText, actualText) else {
                #expect(goldenText == actualText)
                continue
            }
            let patch = String(decoding: try #require(difference.artifacts.first).data, as: UTF8.self)
            #expect(try Self.apply(patch, to: goldenText) == actualText, "\(goldenText.debugDescription) → \(actualText.debugDescription)\n\(patch)")
        }
    }

    /// Applies a unified diff, checking every context and removed line and every hunk's counts.
    static func apply(_ patch: String, to text: String) throws -> String {
        struct Mismatch: Error {}
        let source = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var output: [String] = []
        var position = 0
        let lines = patch.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropFirst(2)
        var index = lines.startIndex
        while index < lines.endIndex {
            let header = lines[index]
            guard header.hasPrefix("@@ -") else { throw Mismatch() }
            let numbers = header.split(whereSeparator: { " -+,@".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 4 else { throw Mismatch() }
            let start = numbers[1] == 0 ? numbers[0] : numbers[0] - 1
            output += source[position..<start]
            position = start
            var removed = 0, added = 0
            index += 1
            while index < lines.endIndex, !lines[index].hasPrefix("@@") {
                let line = lines[index]
                let body = String(line.dropFirst())
                switch line.first {
                case " ": guard source[position] == body else { throw Mismatch() }; output.append(body); position += 1; removed += 1; added += 1
                case "-": guard source[position] == body else { throw Mismatch() }; position += 1; removed += 1
                case "+": output.append(body); added += 1
                default: throw Mismatch()
                }
                index += 1
            }
            guard removed == numbers[1], added == numbers[3] else { throw Mismatch() }
        }
        output += source[position...]
        return output.joined(separator: "\n")
    }
}
