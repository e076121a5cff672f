import ArgumentParser
import TagCloud
@testable import TagCloudCommandLine
import Testing
import TestRandom

/// The fast path for `tagcloud render` agrees with swift-argument-parser wherever it answers, and
/// answers for the forms the README and scripts use.
@Suite struct RenderCommandLineTests {
    /// What swift-argument-parser makes of the arguments after `render`, or nil when it rejects them.
    static func parsedByArgumentParser(_ arguments: [String]) -> RenderCommandLine? {
        (try? Render.parse(arguments))?.commandLine
    }

    @Test(arguments: [
        ["tags.yaml", "-o", "cloud.png"],
        ["tags.txt", "--style", "suggestionChips", "--width", "320", "-o", "chips.svg"],
        ["tags.csv", "--theme", "dark", "--scale", "3", "-o", "cloud@3x.png"],
        ["tags.json", "--format", "json", "-o", "layout.json"],
        ["-", "-o", "-"],
        ["tags.yaml", "--set", "chip.fill=gold", "--max-rows", "2", "-o", "out.pdf"],
        ["samples/numbers-flow.yaml", "-o", "x.png", "--scale", "2"],
        ["tags.yaml", "--width=-5", "--font", "Inter", "--font-size=17", "-v"],
        ["tags.yaml", "--padding", "-3", "--set=a.b=c", "--set", "d=e", "--verbose", "--output=o.png"],
    ])
    func theCommonFormsTakeTheFastPathWithArgumentParsersValues(_ arguments: [String]) throws {
        let fast = try #require(RenderCommandLine.parseFast(arguments))
        #expect(fast == Self.parsedByArgumentParser(arguments))
    }

    @Test(arguments: [
        ["--help"], ["tags.yaml", "-h"], [], ["-o", "x.png"], ["a.yaml", "b.yaml"], ["tags.yaml", "--bogus", "1"],
        ["tags.yaml", "-o"], ["tags.yaml", "--width"], ["tags.yaml", "-o", "--width", "3"], ["tags.yaml", "-ov", "x"],
        ["tags.yaml", "--", "x"], ["tags.yaml", "--width", "1", "--width", "2"], ["tags.yaml", "--verbose=1"],
        ["-5"], ["tags.yaml", "-x"],
    ])
    func otherFormsGoToArgumentParser(_ arguments: [String]) {
        #expect(RenderCommandLine.parseFast(arguments) == nil)
    }

    /// Random command lines from a vocabulary of options, values, and awkward tokens.
    @Test func wheneverTheFastPathAnswersArgumentParserAgrees() {
        let vocabulary = [
            "tags.yaml", "-", "in.txt", "-o", "--output", "out.png", "--output=x.svg", "--output=", "-o=x",
            "--format", "png", "--format=json", "--input-format", "yaml", "--input-format=csv",
            "--width", "320", "--width=-5", "-5", "--set", "chip.fill=red", "--set=a=b", "--set=", "=",
            "-v", "--verbose", "--verbose=yes", "--help", "-h", "--", "--unknown", "-x", "--scale", "2",
            "--font", "Inter", "--font-size=12", "--max-rows", "--line-breaking", "balanced", "-ov", "",
            "--theme", "dark", "--style=tagCloud", "--fill", "#fff", "--background", "transparent",
            "--shape", "rounded", "--direction", "rtl", "--alignment", "center", "--justification=stretch",
            "--padding", "--spacing", "4", "--font-weight", "bold", "-vv", "---width", "--Width",
        ]
        var answered = 0
        var random = SeededRandom(seed: 0xA5F)
        for _ in 0..<6_000 {
            let count = Int.random(in: 0...7, using: &random)
            let arguments = (0..<count).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)] }
            guard let fast = RenderCommandLine.parseFast(arguments) else { continue }
            answered += 1
            #expect(fast == Self.parsedByArgumentParser(arguments), "\(arguments)")
        }
        // The fast path must cover a good share of command lines, or it tests little.
        #expect(answered > 300, "the fast path answered \(answered) of 6,000")
    }

    @Test func bothPathsMakeTheSameRequest() throws {
        let arguments = ["tags.yaml", "--set", "chip.padding.horizontal=10", "--width", "320", "--theme", "dark", "-o", "x.svg"]
        let fast = try #require(RenderCommandLine.parseFast(arguments))
        let slow = try #require(Self.parsedByArgumentParser(arguments))
        let a = try fast.request(), b = try slow.request()
        #expect(a.input == b.input && a.output == b.output && a.format == b.format && a.inputFormat == b.inputFormat)
        #expect(a.overrides.spec == b.overrides.spec)
    }
}
