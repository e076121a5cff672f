import Foundation
import TagCloud
import Testing

/// The executable draws exactly what the library draws: the command's warm-up (fonts, shaping and
/// Cairo set up on a second thread while the arguments are parsed) changes when work happens,
/// never its result.
@Suite("The executable's output")
struct ExecutableOutputTests {
    @Test("tagcloud render writes the library's bytes, run after run", arguments: [
        "numbers-flow.yaml", "emoji.yaml", "rtl.yaml", "suggestion-picker-selected.yaml", "weights.yaml",
    ])
    func sameBytesAsTheLibrary(sample: String) throws {
        let spec = packageRoot.appendingPathComponent("samples").appendingPathComponent(sample).path
        var cloud = try Cloud(contentsOf: URL(fileURLWithPath: spec))
        cloud.scale = 2
        let expected = try cloud.pngData()
        for _ in 0..<3 {
            let run = try CommandRunner.run(["render", spec, "-o", "-", "--format", "png", "--scale", "2"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput == expected, "\(sample): the executable's PNG differs from the library's")
        }
    }
}

/// `tagcloud --version` prints the release the Debian package is stamped with (VERSION).
@Suite("The command's version")
struct VersionTests {
    @Test("--version prints the VERSION file's release, and exits 0")
    func versionMatchesTheVersionFile() throws {
        let file = try String(contentsOf: packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
        let release = file.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!release.isEmpty)
        // The help states the batch's exit code, as the README does.
        let help = try CommandRunner.run(["--help"])
        #expect(help.text.contains("the exit code is the highest of the failures'"), "\(help.text)")
        for arguments in [["--version"], ["render", "--version"], ["collect", "--version"]] {
            let run = try CommandRunner.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(String(decoding: run.standardOutput, as: UTF8.self) == release + "\n", "\(arguments)")
        }
    }
}
