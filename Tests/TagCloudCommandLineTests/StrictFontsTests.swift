import Foundation
@testable import TagCloud
@testable import TagCloudCommandLine
import Testing

/// Never silent: a tag with characters no font covers is named on standard error with the
/// package to install, and `--strict-fonts` (or `strictFonts: true`) refuses it with exit 65 and
/// no output. The fonts come from a private fontconfig configuration with no fonts
/// (`FONTCONFIG_FILE`), so Devanagari is missing whatever the machine has installed.
@Suite struct StrictFontsTests {
    /// A fontconfig configuration with an empty font folder.
    static func emptyConfiguration() throws -> (file: String, folder: URL) {
        let folder = try temporaryFolder("strict-fonts")
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let conf = folder.appendingPathComponent("fonts.conf")
        try "<?xml version=\"1.0\"?><fontconfig><dir>\(fonts.path)</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>"
            .write(to: conf, atomically: true, encoding: .utf8)
        return (conf.path, folder)
    }

    @Test func warningsNameTheTagCharactersAndPackage() throws {
        let (file, folder) = try Self.emptyConfiguration()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Data("Swift\nहिन्दी\n東京\n".utf8)
        let run = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json"], input: input,
                                        environment: ["FONTCONFIG_FILE": file])
        #expect(run.status == 0)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines == [
            "warning: <stdin>:2:1: tag \"हिन्दी\" (tags[1]): no font has U+0939 (Devanagari), U+093F (Devanagari), U+0928 (Devanagari), "
                + "U+094D (Devanagari), U+0926 (Devanagari), U+0940 (Devanagari); install fonts-noto-core",
            "warning: <stdin>:3:1: tag \"東京\" (tags[2]): no font has U+6771 (Han), U+4EAC (Han); install fonts-noto-cjk",
        ])
        // The layout JSON names the families each chip was drawn in.
        let layout = try CloudLayout(jsonData: run.standardOutput)
        #expect(layout.chips.map(\.fonts) == [["Inter"], ["Inter"], ["Inter"]])
    }

    @Test(arguments: [["--strict-fonts"], ["--set", "strictFonts=true"]])
    func strictRefusesWithNoOutput(arguments: [String]) throws {
        let (file, folder) = try Self.emptyConfiguration()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("cloud.png")
        let run = try CommandRunner.run(["render", "-", "-o", output.path] + arguments, input: Data("Swift\nहिन्दी\n".utf8),
                                        environment: ["FONTCONFIG_FILE": file])
        #expect(run.status == 65, "\(run.standardError)")
        // Named with the place of the tag, as every spec error is.
        #expect(run.standardError.contains("error: <stdin>:2:1: a tag has characters no font covers, and strictFonts is on"))
        #expect(run.standardError.contains("install fonts-noto-core"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // A covered cloud passes the strict check.
        let fine = try CommandRunner.run(["render", "-", "-o", output.path] + arguments, input: Data("Swift\n".utf8),
                                         environment: ["FONTCONFIG_FILE": file])
        #expect(fine.status == 0 && fine.standardError.isEmpty)
    }

    @Test func theFlagParses() throws {
        guard case .run(let line) = try RenderCommandLine.parse(["tags.txt", "--strict-fonts"]) else {
            Issue.record("--strict-fonts did not parse")
            return
        }
        #expect(line.strictFonts)
        #expect(try line.request().settings.contains { $0.keyPath == "strictFonts" && $0.value == "true" })
        #expect(throws: CommandError.self) { try RenderCommandLine.parse(["tags.txt", "--strict-fonts=yes"]) }
    }
}

/// `--font-file`: font files on the command line, relative to the working folder, added to the
/// spec's `fonts`; an unreadable file exits 66, a file that is not a font 65, each named.
@Suite struct FontFileOptionTests {
    @Test func fontFilesFromTheCommandLine() throws {
        let fixtures = packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures/Fonts")
        let input = Data("font: {family: Noto Sans Devanagari}\ntags: [हिन्दी]\n".utf8)
        let run = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json", "--font-file", "DevanagariSubset.ttf"],
                                        in: fixtures, input: input)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try CloudLayout(jsonData: run.standardOutput).chips.map(\.fonts) == [["Noto Sans Devanagari"]])
        let missing = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json", "--font-file", "nowhere.woff2"],
                                            in: fixtures, input: input)
        // Named as given, by its option (it was the absolute path, with no option).
        #expect(missing.status == 66 && missing.standardError.hasPrefix("error: option --font-file: the font file \"nowhere.woff2\""),
                "\(missing.standardError)")
        let notAFont = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json", "--font-file", "LICENSE-Inter"],
                                             in: fixtures, input: input)
        #expect(notAFont.status == 65 && notAFont.standardError.hasPrefix("error: option --font-file: the font file \"LICENSE-Inter\""),
                "\(notAFont.standardError)")
    }
}
