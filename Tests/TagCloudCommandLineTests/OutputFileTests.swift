import Foundation
import TagCloud
@testable import TagCloudCommandLine
import Testing

/// The output writer in process: what a path resolves to, how it is written, and what is refused.
/// (The fault matrix, Tests/FaultMatrix, runs the same cases through the release command, with
/// umasks, other users, closed streams and signals, which a test process cannot set for itself.)
@Suite struct OutputFileTests {
    @Test func pathsResolveToWhatIsWrittenAndHow() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.png")
        let dangling = dir.appendingPathComponent("dangling.png").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "new.png")
        let fifo = dir.appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)

        #expect(try OutputFile.resolve(file).method == .replace)
        #expect(try OutputFile.resolve(file).existing != nil)
        #expect(try OutputFile.resolve(link).path == dir.appendingPathComponent("a.png").path)
        #expect(try OutputFile.resolve(dangling).path == dir.appendingPathComponent("new.png").path)
        #expect(try OutputFile.resolve(dangling).existing == nil)
        #expect(try OutputFile.resolve("/dev/null").method == .inPlace)
        #expect(try OutputFile.resolve(fifo).method == .inPlace)
        #expect(try OutputFile.resolve(dir.appendingPathComponent("new.png").path).existing == nil)
        for (path, reason) in [(dir.path, "it is a folder"),
                               (dir.appendingPathComponent("missing/x.png").path, "does not exist"),
                               (file + "/x.png", "is not a folder")] {
            #expect {
                try OutputFile.resolve(path)
            } throws: { error in
                guard case let .cannotWriteOutput(_, text) = error as? CommandError else { return false }
                return text.contains(reason)
            }
        }
        // A loop of links.
        let loop = dir.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop")
        #expect(throws: CommandError.cannotWriteOutput(path: loop, reason: "the path has a loop of symbolic links")) {
            try OutputFile.resolve(loop)
        }
    }

    @Test func filesAreReplacedAtomicallyThroughLinks() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("a.png")
        try Data("old".utf8).write(to: target)
        #expect(chmod(target.path, 0o6640) == 0)
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.png")

        try OutputFile.write(Data("new".utf8), to: link)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "a.png")
        var status = stat()
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o7777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "link.png"])

        // The named-temporary path gives the same result and leaves nothing either.
        let fresh = dir.appendingPathComponent("fresh.png").path
        try OutputFile.write(Data("1".utf8), to: fresh)
        try OutputFile.write(Data("2".utf8), to: fresh)
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "fresh.png", "link.png"])
    }

    /// A path made from a spec's name inside `--out-dir` is written only as a regular file inside
    /// that folder: a link there to a file elsewhere, or a FIFO, is refused and left as it was;
    /// a link to a file inside the folder is followed, as for a path the user named.
    @Test func madePathsStayInsideTheirFolder() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), elsewhere = dir.appendingPathComponent("elsewhere.png")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: elsewhere)
        let outside = out.appendingPathComponent("a.png").path
        try FileManager.default.createSymbolicLink(atPath: outside, withDestinationPath: elsewhere.path)
        #expect(throws: CommandError.self) { try OutputFile.write(Data("new".utf8), to: outside, within: out.path) }
        do {
            try OutputFile.write(Data("new".utf8), to: outside, within: out.path)
        } catch {
            #expect("\(error)".contains("is a symbolic link to") && "\(error)".contains("only inside the output folder"), "\(error)")
        }
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "keep")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: outside) == elsewhere.path)
        // The same path the user named is theirs to write through.
        try OutputFile.write(Data("named".utf8), to: outside)
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "named")
        // A link to a file inside the folder, and the folder reached through a link, are inside.
        try Data("x".utf8).write(to: out.appendingPathComponent("b.png"))
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("c.png").path, withDestinationPath: "b.png")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("alias").path, withDestinationPath: "out")
        try OutputFile.write(Data("c".utf8), to: dir.appendingPathComponent("alias/c.png").path, within: dir.appendingPathComponent("alias").path)
        #expect(try String(contentsOf: out.appendingPathComponent("b.png"), encoding: .utf8) == "c")
        // A link to a folder that does not exist, outside: said to be such a link (it was "the
        // folder … does not exist", which asked for that folder to be made).
        let dangling = out.appendingPathComponent("e.png").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "/nonexistent-tagcloud/zz.png")
        #expect(throws: CommandError.cannotWriteOutput(path: dangling, reason: "it is a symbolic link to \"/nonexistent-tagcloud/zz.png\", "
                        + "outside the folder; a file the command names itself is written only inside the output folder, "
                        + "as a regular file (remove this one)")) {
            try OutputFile.write(Data("e".utf8), to: dangling, within: out.path)
        }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-tagcloud"))
        // A FIFO is not waited on.
        let fifo = out.appendingPathComponent("d.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: CommandError.self) { try OutputFile.write(Data("d".utf8), to: fifo, within: out.path) }
    }

    @Test func anInputIsNeverWrittenOverWhateverItsPath() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("tags.yaml").path
        try Data("tags: [a]\n".utf8).write(to: URL(fileURLWithPath: input))
        let hard = dir.appendingPathComponent("hard.png").path
        #expect(link(input, hard) == 0)
        let soft = dir.appendingPathComponent("soft.png").path
        try FileManager.default.createSymbolicLink(atPath: soft, withDestinationPath: input)
        for path in [input, hard, soft, dir.appendingPathComponent("./tags.yaml").path] {
            #expect {
                try OutputFile.write(Data("x".utf8), to: path, inputs: [input])
            } throws: { error in
                guard case let .cannotWriteOutput(_, reason) = error as? CommandError else { return false }
                return reason.hasPrefix("it is the input file")
            }
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "tags: [a]\n")
        // Writing in place to a device is not writing over an input, even when it is one too.
        try OutputFile.write(Data("x".utf8), to: "/dev/null", inputs: ["/dev/null"])
    }

    /// A batch's inputs are looked at once (``InputFiles``) and each output is checked against
    /// them by identity: the first input, in the order given, that an output collides with is
    /// the one named, whether it is a file (under any of its names) or a folder whose pages are
    /// protected; missing inputs are skipped; inputs added later (a spec's fonts) come after.
    @Test func outputsAreCheckedAgainstInputsLookedAtOnce() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = dir.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let page = site.appendingPathComponent("post.md").path
        try Data("---\ntags: [a]\n---\n".utf8).write(to: URL(fileURLWithPath: page))
        let spec = dir.appendingPathComponent("a.yaml").path
        try Data("tags: [a]\n".utf8).write(to: URL(fileURLWithPath: spec))
        let other = dir.appendingPathComponent("b.yaml").path
        try Data("tags: [b]\n".utf8).write(to: URL(fileURLWithPath: other))
        let hard = dir.appendingPathComponent("hard.yaml").path
        #expect(link(spec, hard) == 0)
        let missing = dir.appendingPathComponent("missing.yaml").path

        func reason(_ path: String, _ inputs: InputFiles) -> String? {
            do throws(CommandError) {
                try OutputFile.check(path, inputs: inputs)
                return nil
            } catch {
                guard case let .cannotWriteOutput(_, reason) = error else { return "\(error)" }
                return reason
            }
        }
        var inputs = InputFiles([missing, other, hard, spec])
        #expect(inputs.names == [missing, other, hard, spec])
        #expect(inputs.folders.isEmpty)
        // The same file under two names: the first given is named.
        #expect(reason(spec, inputs) == "it is the input file \(quoted(path: hard)), which must not be replaced")
        #expect(reason(other, inputs) == "it is the input file, which must not be replaced")
        #expect(reason(dir.appendingPathComponent("new.png").path, inputs) == nil)
        #expect(reason(page, inputs) == nil)
        // A folder added later protects its pages; a file given before it is still named first.
        inputs.add([site.path])
        #expect(inputs.folders.map(\.name) == [site.path])
        #expect(reason(page, inputs)?.hasPrefix("it is a page with front matter in the input folder") == true)
        #expect(reason(other, inputs) == "it is the input file, which must not be replaced")
        // A folder given before a file that is also in it is named first.
        try Data("---\ntags: [c]\n---\n".utf8).write(to: site.appendingPathComponent("c.md"))
        let inSite = site.appendingPathComponent("c.md").path
        #expect(reason(inSite, InputFiles([site.path, inSite]))?.hasPrefix("it is a page with front matter") == true)
        #expect(reason(inSite, InputFiles([inSite, site.path])) == "it is the input file, which must not be replaced")
        // The list overload looks at the inputs as the set does.
        #expect(throws: CommandError.cannotWriteOutput(path: spec, reason: "it is the input file \(quoted(path: hard)), which must not be replaced")) {
            try OutputFile.check(spec, inputs: [hard])
        }
    }

    /// A batch writes on several threads at once: each thread's named temporary is registered
    /// for removal on a signal in a slot of its own (one slot for all let a thread's registration
    /// replace another's, whose temporary a Ctrl-C then left behind).
    @Test func temporariesOfThreadsWritingAtOnceAreAllRegistered() {
        let threads = 8
        let registered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                TemporaryFileCleanup.register("/tmp/.cloud-\(index).png.tmp-x")
                registered.signal()
                release.wait()
                TemporaryFileCleanup.unregister()
                done.leave()
            }
        }
        for _ in 0..<threads { registered.wait() }
        let paths = Set(TemporaryFileCleanup.registeredPaths.filter { $0.hasPrefix("/tmp/.cloud-") })
        #expect(paths == Set((0..<threads).map { "/tmp/.cloud-\($0).png.tmp-x" }))
        for _ in 0..<threads { release.signal() }
        done.wait()
        #expect(TemporaryFileCleanup.registeredPaths.filter { $0.hasPrefix("/tmp/.cloud-") }.isEmpty)
    }

    @Test func devicesAreWrittenInPlace() throws {
        try OutputFile.write(Data(repeating: 7, count: 100_000), to: "/dev/null")
        #expect(throws: CommandError.cannotWriteOutput(path: "/dev/full", reason: "no space left on the device")) {
            try OutputFile.write(Data("x".utf8), to: "/dev/full")
        }
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func maxInputSizeTakesBytesWithUnits() throws {
        #expect(try RenderCommandLine.byteCount("65536") == 65536)
        #expect(try RenderCommandLine.byteCount("64K") == 65536)
        #expect(try RenderCommandLine.byteCount("64M") == 64 << 20)
        #expect(try RenderCommandLine.byteCount("1G") == 1 << 30)
        for bad in ["", "0", "-1", "1.5M", "2G", "M", "12X", "99999999999999999999", String(repeating: "9", count: 200)] {
            #expect {
                try RenderCommandLine.byteCount(bad)
            } throws: { error in
                guard case .usage(let message) = error as? CommandError else { return false }
                return message.hasPrefix("--max-input-size takes a size from 1 byte to 1G") && message.count < 200
            }
        }
    }
}

/// Paths a shell user types that the writer once got wrong: one-character names (Foundation's
/// `deletingLastPathComponent` traps on them), a trailing `/`, the descriptors a shell's
/// redirections set up (`-o /dev/stdout >> log` appended through them instead of replacing the
/// file behind), and a missing input reported before any output.
@Suite struct ShellPathTests {
    @Test(arguments: [("y", "."), ("x/", "."), ("x//", "."), ("a/b", "a"), ("a//b/", "a"), ("/a", "/"), ("/", "/"), ("//", "/")])
    func folderOfIsDirname(path: String, folder: String) {
        #expect(OutputFile.folderOf(path) == folder)
    }

    @Test func descriptorsAreNamedByTheirPaths() {
        #expect(OutputFile.descriptorNumber("/dev/stdout") == 1 && OutputFile.descriptorNumber("/dev/stderr") == 2)
        #expect(OutputFile.descriptorNumber("/dev/fd/5") == 5 && OutputFile.descriptorNumber("/proc/self/fd/12") == 12)
        #expect(OutputFile.descriptorNumber("/dev/fd/") == nil && OutputFile.descriptorNumber("/dev/fd/x") == nil)
        #expect(OutputFile.descriptorNumber("/dev/null") == nil && OutputFile.descriptorNumber("stdout") == nil)
    }

    /// Runs `script` in `sh` in `folder`, with `$T` the command.
    private func shell(_ script: String, in folder: URL) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["T"] = CommandRunner.executable.path
        environment["TAGCLOUD_FONTS"] = packageRoot.appendingPathComponent("Fonts").path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func shellPathsGetTheirErrorsAndDescriptorsAreWrittenInPlace() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [Swift, Linux]\n".utf8).write(to: dir.appendingPathComponent("a.yaml"))
        let cases: [(script: String, status: Int32, message: String)] = [
            ("$T render a.yaml -o y", 64, "the output \"y\" has no extension to tell its format"),
            ("mkdir -p d && $T render a.yaml -o d", 73, "cannot write the output \"d\": it is a folder: name a file in it"),
            ("mkdir -p d && $T render a.yaml -o d --format png", 73, "cannot write the output \"d\": it is a folder: name a file in it"),
            ("$T render b", 66, "cannot read the input \"b\""),
            ("$T render c/nosuch.yaml", 66, "there is no such file"),
            ("$T render a.yaml -o x/", 73, "it ends with /"),
            ("$T render a.yaml -o x.png/", 73, "it ends with /"),
            ("$T animate a.yaml . -o z.svg", 66, "it is a folder"),
            // As render says it: the folder first, not its missing extension (64).
            ("mkdir -p d && $T animate a.yaml a.yaml -o d", 73, "cannot write the output \"d\": it is a folder"),
            // A format and a name for another: SVG text was written into a .png (and a PNG into .svg).
            ("$T animate a.yaml a.yaml -o m.png --format svg", 64, "--format svg does not match the output \"m.png\""),
            ("$T render a.yaml -o p.png && $T diff p.png p.png --out d.svg", 2, "the diff image is a PNG, but --out \"d.svg\""),
            ("$T render -- a.yaml 5", 66, "error: 5: cannot read the input: there is no such file"),
            ("$T render a.yaml -o /dev/stdout >&-", 73, "closed when the command started"),
            ("$T render a.yaml -o /dev/fd/9", 73, "the descriptor 9 is not open"),
            ("$T render a.yaml -o /dev/fd/5 5<a.yaml", 73, "open for reading only"),
            ("printf 'tags: [a]\\n' | $T render /dev/fd/0", 64, "give -o or --out-dir"),
        ]
        for (script, status, message) in cases {
            let run = try shell(script, in: dir)
            #expect(run.status == status, "\(script): \(run.error)")
            #expect(run.error.contains(message), "\(script): \(run.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("y").path))
        for name in ["m.png", "d.svg"] { #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name)") }

        // A negative value is the option's error, not a missing value; a file's name never
        // reaches the terminal with its control characters.
        for (script, message) in [("$T animate a.yaml a.yaml -o z.svg --hold -1", "--hold must be from 0 to 60"),
                                  ("$T animate a.yaml a.yaml -o z.svg --fps -5", "--fps must be from 1 to 240"),
                                  ("$T preview a.yaml --port -1", "--port is -1"),
                                  ("$T collect . --min-count -1", "--min-count")] {
            let run = try shell(script, in: dir)
            #expect(run.status == 64 && run.error.contains(message) && !run.error.contains("Missing value"), "\(script): \(run.error)")
        }
        try Data("width: [1]\ntags: [a]\n".utf8).write(to: dir.appendingPathComponent("e\u{1B}[31mvil.yaml"))
        let hostile = try shell("$T render \"$(printf 'e\\033[31mvil.yaml')\" -o x.svg", in: dir)
        #expect(hostile.status == 65 && hostile.error.contains("e\\u{1B}[31mvil.yaml:1:8") && !hostile.error.contains("\u{1B}"),
                "\(hostile.error.debugDescription)")

        // Appended where the shell opened the file, which keeps its inode; the format from its name.
        try Data("HEADER\n".utf8).write(to: dir.appendingPathComponent("log.svg"))
        let before = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("log.svg").path)[.systemFileNumber] as? Int
        let append = try shell("$T render a.yaml -o /dev/stdout >> log.svg && exec 5>>log.svg && $T render a.yaml -o /dev/fd/5", in: dir)
        #expect(append.status == 0, "\(append.error)")
        let log = try String(contentsOf: dir.appendingPathComponent("log.svg"), encoding: .utf8)
        let after = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("log.svg").path)[.systemFileNumber] as? Int
        #expect(log.hasPrefix("HEADER\n<svg ") && log.components(separatedBy: "</svg>").count == 3 && before == after)
        // A name without a known extension behind the descriptor: PNG, as for standard output.
        let png = try shell("$T render a.yaml -o /dev/stdout > plain", in: dir)
        #expect(png.status == 0, "\(png.error)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("plain")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
