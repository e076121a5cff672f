import Canvas
import Foundation
import Testing

/// `tagcloud animate` end to end: two specs in, an APNG or an animated SVG out, errors and exit
/// codes as for `render`.
@Suite struct AnimateCommandTests {
    static let wide = "width: 358\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine]\n"
    static let narrow = "width: 150\nalignment: center\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine]\n"

    private func folder(_ name: String = #function) throws -> URL {
        let folder = try temporaryFolder(name)
        try Data(Self.wide.utf8).write(to: folder.appendingPathComponent("wide.yaml"))
        try Data(Self.narrow.utf8).write(to: folder.appendingPathComponent("narrow.yaml"))
        return folder
    }

    /// The chunk types of a PNG file, in order.
    private func chunkTypes(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var types: [String] = []
        var index = 8
        while index + 8 <= bytes.count {
            let length = bytes[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self))
            index += 12 + length
        }
        return types
    }

    @Test func writesAnAPNGAndAnAnimatedSVG() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let apng = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "switch.png", "--fps", "30", "-v"], in: dir)
        #expect(apng.status == 0, "\(apng.standardError)")
        #expect(apng.standardError.hasPrefix("wrote switch.png (APNG, "), "\(apng.standardError)")
        let png = try Data(contentsOf: dir.appendingPathComponent("switch.png"))
        let types = chunkTypes(png)
        #expect(types.prefix(3) == ["IHDR", "acTL", "fcTL"] && types.filter { $0 == "fdAT" }.count > 10, "\(types)")
        // `.apng` (any case) is an animated PNG too.
        let named = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "switch.APNG", "--fps", "30"], in: dir)
        let namedData = try Data(contentsOf: dir.appendingPathComponent("switch.APNG"))
        #expect(named.status == 0 && namedData == png, "\(named.standardError)")
        // A viewer without APNG shows the first spec's picture as render draws it, at the top of a
        // picture as tall as the narrow cloud, the rest of it the background.
        let still = try CommandRunner.run(["render", "wide.yaml", "-o", "wide-still.png"], in: dir)
        #expect(still.status == 0)
        let first = try RGBAImage(pngData: png)
        let wide = try RGBAImage(contentsOf: dir.appendingPathComponent("wide-still.png"))
        #expect(first.width == wide.width && first.height > wide.height, "\(first.width)x\(first.height)")
        #expect(Array(first.pixels.prefix(wide.pixels.count)) == wide.pixels)
        let background = Array(wide.pixels.prefix(4))
        #expect(first.pixels.dropFirst(wide.pixels.count).enumerated().allSatisfy { $1 == background[$0 % 4] },
                "below the wide cloud, its background")

        let svg = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "switch.svg", "--animation", "bouncy", "--loop"],
                                        in: dir)
        #expect(svg.status == 0, "\(svg.standardError)")
        let text = try String(contentsOf: dir.appendingPathComponent("switch.svg"), encoding: .utf8)
        #expect(text.contains("@keyframes") && text.contains("step-end infinite") && !text.contains("<script"))
        #expect(text.contains("@media (prefers-reduced-motion:reduce)"), "no still cloud for readers who ask for less motion")
        #expect(svg.standardError.isEmpty, "\(svg.standardError)")
        // --scale sets an APNG's pixels: an SVG has none, and says it was not used (silently ignored before).
        let scaled = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "scaled.svg", "--scale", "2"], in: dir)
        #expect(scaled.status == 0 && scaled.standardError.contains("warning: --scale sets an animated PNG's pixels per point"),
                "\(scaled.standardError)")
        // Standard output without --format is an APNG, as `render -o -` is a PNG (it was refused as
        // an unknown format "-").
        let toStandardOutput = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "-"], in: dir)
        #expect(toStandardOutput.status == 0 && toStandardOutput.standardOutput.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(toStandardOutput.standardError)")
        #expect(String(decoding: toStandardOutput.standardOutput.prefix(200), as: UTF8.self).contains("acTL"))
        let again = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "-", "--format", "svg", "--animation", "bouncy",
                                           "--loop"], in: dir)
        #expect(again.status == 0)
        #expect(again.standardOutput == Data(text.utf8), "the same command writes the same bytes")
    }

    @Test func badCommandLinesAndInputsExitWithTheirCodes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["animate", "wide.yaml", "narrow.yaml", "-o", "switch.gif"], 64, "unknown animation format \".gif\""),
            // A name without an extension is told so (".png" is a hidden file's name); -o empty.
            (["animate", "wide.yaml", "narrow.yaml", "-o", "x"], 64, "the output \"x\" has no extension to tell its format"),
            (["animate", "wide.yaml", "narrow.yaml", "-o", ".png"], 64, "the output \".png\" has no extension to tell its format"),
            (["animate", "wide.yaml", "narrow.yaml", "-o", ""], 64, "-o is empty"),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "a.svg", "--animation", "wobbly"], 64, "unknown animation \"wobbly\""),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "a.svg", "--fps", "0"], 64, "--fps must be from 1 to 240"),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "a.svg", "--hold", "90"], 64, "--hold must be from 0 to 60"),
            // Browsers show an APNG frame of 10 ms or less for 100 ms.
            (["animate", "wide.yaml", "narrow.yaml", "-o", "a.png", "--fps", "120"], 64, "--fps must be at most 90 for an animated PNG"),
            (["animate", "wide.yaml", "missing.yaml", "-o", "a.svg"], 66, "cannot read the input \"missing.yaml\""),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "no/such/folder/a.svg"], 73, "does not exist"),
        ]
        for (arguments, status, message) in cases {
            let output = try CommandRunner.run(arguments, in: dir)
            #expect(output.status == status, "\(arguments): \(output.standardError)")
            #expect(output.standardError.contains(message), "\(arguments): \(output.standardError)")
        }
        try Data("width: [1]\ntags: [a]\n".utf8).write(to: dir.appendingPathComponent("bad.yaml"))
        let bad = try CommandRunner.run(["animate", "wide.yaml", "bad.yaml", "-o", "a.svg"], in: dir)
        #expect(bad.status == 65, "\(bad.standardError)")
        #expect(bad.standardError.contains("bad.yaml"), "the error names the file: \(bad.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.svg").path))
        let help = try CommandRunner.run(["animate", "--help"], in: dir)
        #expect(help.text.contains("--animation") && help.text.contains("--loop"))
    }

    /// `--set` and `--font-file` change both specs as they change render's spec; `--strict-fonts`
    /// refuses a tag no font covers with no output.
    @Test func optionsChangeBothSpecs() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((Self.wide + "theme: dark\n").utf8).write(to: dir.appendingPathComponent("wide-dark.yaml"))
        try Data((Self.narrow + "theme: dark\n").utf8).write(to: dir.appendingPathComponent("narrow-dark.yaml"))
        let set = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "-", "--format", "svg", "--set", "theme=dark"], in: dir)
        let written = try CommandRunner.run(["animate", "wide-dark.yaml", "narrow-dark.yaml", "-o", "-", "--format", "svg"], in: dir)
        let light = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "-", "--format", "svg"], in: dir)
        #expect(set.status == 0 && written.status == 0 && light.status == 0, "\(set.standardError)")
        #expect(set.standardOutput == written.standardOutput, "--set theme=dark is the key written in both specs")
        #expect(set.standardOutput != light.standardOutput)

        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["--set", "theme"], 64, "--set takes KEY=VALUE, but \"theme\" has no \"=\""),
            (["--set", "width=wide"], 64, "option --set: \"width\" must be a number"),
            (["--set", "colour=red"], 64, "unknown key \"colour\""),
        ]
        for (arguments, status, message) in cases {
            let run = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "a.svg"] + arguments, in: dir)
            #expect(run.status == status, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.svg").path))
        }

        // An option that fits one spec and not the other names that spec.
        try Data("tags: [Swift, Linux]\n".utf8).write(to: dir.appendingPathComponent("two.yaml"))
        let misfit = try CommandRunner.run(["animate", "wide.yaml", "two.yaml", "-o", "m.svg", "--set", "tags[3].weight=2"], in: dir)
        #expect(misfit.status == 64 && misfit.standardError.contains("error: two.yaml: option --set: the key path \"tags[3].weight\" names tag 3"),
                "\(misfit.standardError)")

        // An empty spec is said, as render says it; the animation is still written.
        try Data().write(to: dir.appendingPathComponent("empty.yaml"))
        let emptySpec = try CommandRunner.run(["animate", "empty.yaml", "narrow.yaml", "-o", "e.svg"], in: dir)
        #expect(emptySpec.status == 0
                && emptySpec.standardError.contains("warning: the input \"empty.yaml\" is empty; the picture has no tags"),
                "\(emptySpec.standardError)")

        // A family from a font file named on the command line, with none of the machine's fonts.
        let (configuration, empty) = try StrictFontsTests.emptyConfiguration()
        defer { try? FileManager.default.removeItem(at: empty) }
        let noFonts = ["FONTCONFIG_FILE": configuration]
        let fixtures = packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures/Fonts")
        let devanagari = "font: {family: Noto Sans Devanagari}\ntags: [हिन्दी, Swift]\n"
        try Data(("width: 300\n" + devanagari).utf8).write(to: dir.appendingPathComponent("a.yaml"))
        try Data(("width: 100\n" + devanagari).utf8).write(to: dir.appendingPathComponent("b.yaml"))
        let font = fixtures.appendingPathComponent("DevanagariSubset.ttf").path
        let without = try CommandRunner.run(["animate", "a.yaml", "b.yaml", "-o", "ab.svg"], in: dir, environment: noFonts)
        #expect(without.status == 65 && without.standardError.contains("Noto Sans Devanagari"), "\(without.standardError)")
        let with = try CommandRunner.run(["animate", "a.yaml", "b.yaml", "-o", "ab.svg", "--font-file", font], in: dir,
                                         environment: noFonts)
        #expect(with.status == 0, "\(with.standardError)")
        let svg = try String(contentsOf: dir.appendingPathComponent("ab.svg"), encoding: .utf8)
        #expect(svg.contains("@keyframes"))

        try Data("tags: [Swift, हिन्दी]\n".utf8).write(to: dir.appendingPathComponent("uncovered.yaml"))
        let strict = try CommandRunner.run(["animate", "wide.yaml", "uncovered.yaml", "-o", "strict.svg", "--strict-fonts"], in: dir,
                                           environment: noFonts)
        #expect(strict.status == 65 && strict.standardError.contains("strictFonts is on"), "\(strict.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("strict.svg").path))
        let lenient = try CommandRunner.run(["animate", "wide.yaml", "uncovered.yaml", "-o", "lenient.svg"], in: dir,
                                            environment: noFonts)
        #expect(lenient.status == 0, "\(lenient.standardError)")
        #expect(lenient.standardError == "warning: uncovered.yaml:1:15: tag \"हिन्दी\" (tags[1]): no font has U+0939 (Devanagari), "
                + "U+093F (Devanagari), U+0928 (Devanagari), U+094D (Devanagari), U+0926 (Devanagari), U+0940 (Devanagari); "
                + "install fonts-noto-core\n", "named as render names it, with the spec")
    }

    /// A spec whose still picture cannot fit is refused before anything is animated, named, as
    /// `render` refuses it: a picture too wide (an animated SVG was written 40,032 points wide,
    /// past the side a still SVG is held to) or too tall (5,000 tags were laid out and animated
    /// for seconds first).
    @Test func aPictureThatCannotFitIsRefusedFirstAndNamed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [a, b]\n".utf8).write(to: dir.appendingPathComponent("small.yaml"))
        try Data((1...5000).map { "t\($0)" }.joined(separator: "\n").utf8).write(to: dir.appendingPathComponent("tall.txt"))
        for output in ["w.svg", "w.png"] {
            let wide = try CommandRunner.run(["animate", "small.yaml", "small.yaml", "-o", output, "--set", "width=40000"], in: dir)
            #expect(wide.status == 65 && wide.standardError.hasPrefix("error: small.yaml: the picture would be at least 40032"),
                    "\(wide.standardError)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(output).path))
        }
        // An empty value is quoted as one (the quotes were paired across it).
        let empty = try CommandRunner.run(["animate", "small.yaml", "small.yaml", "-o", "e.png", "--fps", ""], in: dir)
        #expect(empty.status == 64 && empty.standardError.hasPrefix("error: the value \"\" is invalid for \"--fps <rate>\""),
                "\(empty.standardError)")
        let tall = try CommandRunner.run(["animate", "small.yaml", "tall.txt", "-o", "t.png"], in: dir)
        #expect(tall.status == 65 && tall.standardError.hasPrefix("error: tall.txt: the picture would be"), "\(tall.standardError)")
    }
}
