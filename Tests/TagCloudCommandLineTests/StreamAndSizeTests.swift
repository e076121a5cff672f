import Foundation
import Testing

/// What a shell can hand the command that a name does not show: standard input redirected from
/// the output file, one pipe under two names, a pipe whose writer wrote nothing, a symbolic link
/// loop in a site, and a spec whose picture is sure to be too large before it is laid out.
@Suite struct StreamAndSizeTests {
    /// Runs a shell line in `folder` with `$TAGCLOUD` set to the command.
    static func shell(_ line: String, in folder: URL) throws -> CommandRunner.Output {
        try CommandRunner.run(["-c", line], in: folder, environment: ["TAGCLOUD": CommandRunner.executable.path],
                              program: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test func standardInputReadFromTheOutputFileIsNotReplaced() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = Data("tags: [Swift, Linux]\n".utf8)
        try spec.write(to: folder.appendingPathComponent("s.yaml"))
        for line in ["\"$TAGCLOUD\" render - -o s.yaml --format svg < s.yaml",
                     "\"$TAGCLOUD\" animate - s2.yaml -o s.yaml --format svg < s.yaml"] {
            try Data("width: 200\ntags: [Swift]\n".utf8).write(to: folder.appendingPathComponent("s2.yaml"))
            let result = try Self.shell(line, in: folder)
            #expect(result.status == 73, "\(line): \(result.status) \(result.standardError)")
            #expect(result.standardError.contains("it is the file standard input reads, which must not be replaced"),
                    "\(result.standardError)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("s.yaml")) == spec)
        }
    }

    @Test func onePipeUnderTwoNamesIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.shell("printf 'Alpha\\nBeta\\n' | \"$TAGCLOUD\" render /dev/stdin /proc/self/fd/0 --out-dir o --formats json",
                                    in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains("\"/dev/stdin\" and \"/proc/self/fd/0\" are the same pipe or device, which can be read once"),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path))
    }

    /// A spec one of whose files cannot be written (a file size limit, as a full disk) leaves all
    /// its files as they were: the layout JSON was replaced and the SVG not, a layout of one run
    /// beside the picture of another, and the summary counted the file of a failed spec.
    @Test func aSpecThatCannotWriteOneFormatReplacesNone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("tags: [Swift, SwiftUI, Linux, Kotlin, Rust, Go, Zig, Haskell, OCaml, Elixir]\n".utf8)
            .write(to: folder.appendingPathComponent("c.yaml"))
        let first = try Self.shell("exec \"$TAGCLOUD\" render c.yaml --out-dir out --formats json,svg --quiet", in: folder)
        try #require(first.status == 0, "\(first.standardError)")
        let before = try ["out/c.layout.json", "out/c.svg"].map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        let limited = try Self.shell("ulimit -f 4 && exec \"$TAGCLOUD\" render c.yaml --out-dir out --formats json,svg --width 150",
                                     in: folder)
        #expect(limited.status == 73 && limited.standardError.contains("out/c.svg"), "\(limited.standardError)")
        #expect(limited.standardError.contains("rendered 0 of 1 spec") && !limited.standardError.contains("(1 file)"),
                "\(limited.standardError)")
        let after = try ["out/c.layout.json", "out/c.svg"].map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        #expect(after == before, "a file of the failed spec was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
                == ["c.layout.json", "c.svg"])
    }

    /// A single render past the file size limit says so and exits 73, as a batch does, to a
    /// file or to standard output, the old file kept and nothing left beside it: the signal the
    /// limit raises ended the process without a word (status 153).
    @Test func aSingleRenderPastTheFileSizeLimitSaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("tags: [Swift, SwiftUI, Linux, Kotlin, Rust, Go, Zig, Haskell, OCaml, Elixir]\n".utf8)
            .write(to: folder.appendingPathComponent("c.yaml"))
        try Data("old".utf8).write(to: folder.appendingPathComponent("c.png"))
        for command in ["render c.yaml -o c.png --scale 4", "render c.yaml -o c.svg", "render c.yaml -o - --scale 4 > piped.png"] {
            let result = try Self.shell("ulimit -f 4 && exec \"$TAGCLOUD\" \(command)", in: folder)
            #expect(result.status == 73, "\(command): \(result.status) \(result.standardError)")
            #expect(result.standardError.contains("ulimit -f"), "\(command): \(result.standardError)")
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("c.png")) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["c.png", "c.yaml", "piped.png"])
    }

    /// Under a low limit on open files a batch runs fewer specs at once and renders them all
    /// (it failed nine of twelve with "Too many open files" at `ulimit -n 10`).
    @Test func aBatchUnderALowFileLimitRendersEverySpec() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 1...12 { try Data("tags: [t\(index), Swift]\n".utf8).write(to: folder.appendingPathComponent("s\(index).yaml")) }
        let result = try Self.shell("ulimit -n 10 && exec \"$TAGCLOUD\" render s*.yaml --out-dir out --formats png,svg", in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? []
        #expect(written.count == 24, "\(written.sorted())")
        // Five formats, each held open until the spec's files are put in place: the budget counts
        // them (at `ulimit -n 16` most specs failed, a different number each run), and one spec
        // whose formats cannot all be held open writes them at commit, one at a time.
        for limit in [10, 12, 16, 18] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
            let five = try Self.shell("ulimit -n \(limit) && exec \"$TAGCLOUD\" render s*.yaml --out-dir out --formats png,svg,pdf,html,json",
                                      in: folder)
            #expect(five.status == 0, "ulimit -n \(limit): \(five.standardError)")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? []
            #expect(files.count == 60, "ulimit -n \(limit): \(files.count) files")
        }
    }

    /// A spec's files that cannot all be held open at once (a low `ulimit -n`) are written in full
    /// before any is put in place, as under a full disk: at `ulimit -n 8` the PNG was replaced and
    /// the SVG and PDF not (exit 73), a dark picture beside a light SVG. At every limit the spec's
    /// files are all new or all old, and nothing is left beside them.
    @Test func aSpecShortOfFileDescriptorsReplacesAllItsFilesOrNone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("tags: [Swift, SwiftUI, Linux, Kotlin, Rust, Go]\n".utf8).write(to: folder.appendingPathComponent("c.yaml"))
        let names = ["c.pdf", "c.png", "c.svg"]
        let first = try Self.shell("exec \"$TAGCLOUD\" render c.yaml --out-dir out --formats png,svg,pdf --quiet", in: folder)
        try #require(first.status == 0, "\(first.standardError)")
        var previous = try names.map { try Data(contentsOf: folder.appendingPathComponent("out/" + $0)) }
        var rendered = 0
        for limit in 6...10 {
            let run = try Self.shell("ulimit -n \(limit) && exec \"$TAGCLOUD\" render c.yaml --out-dir out --formats png,svg,pdf "
                                     + "--width \(150 + limit)", in: folder)
            let now = try names.map { try Data(contentsOf: folder.appendingPathComponent("out/" + $0)) }
            let changed = zip(previous, now).map { $0 != $1 }
            #expect(changed == (run.status == 0 ? [true, true, true] : [false, false, false]),
                    "ulimit -n \(limit): status \(run.status), changed \(changed): \(run.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted() == names,
                    "ulimit -n \(limit)")
            if run.status == 0 { rendered += 1 }
            previous = now
        }
        // Named temporaries stand in for the unnamed files it cannot hold: from 8 up it renders.
        #expect(rendered >= 3, "rendered at \(rendered) of 5 limits")
    }

    /// A batch never writes over a font file: another spec's `fonts` may name it, and that spec
    /// may be read after the file is written (a font named B.png was replaced by B.yaml's picture
    /// while A.yaml drew with it, exit 0).
    @Test func aBatchNeverWritesOverAFont() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = try Data(contentsOf: packageRoot.appendingPathComponent("Fonts/DejaVu/DejaVuSans.ttf"))
        try font.write(to: folder.appendingPathComponent("B.png"))
        try Data("fonts: [B.png]\ntags: [a, b]\n".utf8).write(to: folder.appendingPathComponent("A.yaml"))
        try Data("tags: [c, d]\n".utf8).write(to: folder.appendingPathComponent("B.yaml"))
        let run = try Self.shell("exec \"$TAGCLOUD\" render A.yaml B.yaml --out-dir . --formats png,svg", in: folder)
        #expect(run.status == 73, "\(run.standardError)")
        #expect(run.standardError.contains("cannot write the output \"./B.png\": it is a font file"), "\(run.standardError)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("B.png")) == font)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("A.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("B.svg").path))
    }

    @Test func anEmptyPipeNamedByAPathIsSaid() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.shell("true | \"$TAGCLOUD\" render /dev/stdin -o x.svg", in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning: the input \"/dev/stdin\" is empty; the picture has no tags"),
                "\(result.standardError)")
    }

    @Test func aLoopOfLinksInASiteIsAProblem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ntags: [a]\n---\n".utf8).write(to: content.appendingPathComponent("p.md"))
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("self").path, withDestinationPath: "self")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("one").path, withDestinationPath: "two")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("two").path, withDestinationPath: "one")
        // Links that cannot be pages or folders of pages are no problem, looped or broken alike;
        // a broken link that may be a folder is.
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("img.png").path, withDestinationPath: "img.png")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("gone.png").path, withDestinationPath: "nothing.png")
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("posts").path, withDestinationPath: "../missing")
        let result = try CommandRunner.run(["collect", "content", "--strict"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        for name in ["one", "self", "two"] {
            #expect(result.standardError.contains("content/\(name): is a symbolic link in a loop of links"), "\(result.standardError)")
        }
        #expect(result.standardError.contains("content/posts: is a broken symbolic link"), "\(result.standardError)")
        #expect(!result.standardError.contains("img.png") && !result.standardError.contains("gone.png"), "\(result.standardError)")
    }

    /// A million tags in a 2 MB list cannot fit a picture: refused before the layout (which took
    /// 9 s and 3 GB to refuse it afterwards), naming a bound, not a height.
    @Test func aPictureSureToBeTooLargeIsRefusedBeforeTheLayout() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(String(repeating: "a\n", count: 1_000_000).utf8).write(to: folder.appendingPathComponent("many.txt"))
        for format in ["png", "svg", "pdf"] {
            let result = try CommandRunner.run(["render", "many.txt", "-o", "many.\(format)"], in: folder)
            #expect(result.status == 65, "\(format): \(result.standardError)")
            #expect(result.standardError.contains("the picture would be at least 390 × "), "\(format): \(result.standardError)")
            #expect(result.standardError.contains("1000000 tags make it at least"), "\(format): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("many.\(format)").path))
        }
        // The bound is a bound: a picture under the limit is still made (with maxRows it fits).
        let limited = try CommandRunner.run(["render", "many.txt", "-o", "few.png", "--max-rows", "3"], in: folder)
        #expect(limited.status == 0, "\(limited.standardError)")
    }
}
