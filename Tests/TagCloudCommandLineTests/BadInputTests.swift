import Canvas
import Foundation
@testable import TagCloud
import TagCloudCommandLine
import Testing

/// Bad input through the real command: a message naming the problem and its place, the
/// documented exit code, no partial output and no crash; an existing output file is never
/// replaced by a failed run.
@Suite struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var file: String
        var bytes: [UInt8]
        var options: [String] = []
        var status: Int32
        var message: String

        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "malformed JSON", file: "bad.json", bytes: Array(#"{"width": 300,}"#.utf8), status: 65,
             message: "error: bad.json:1:15: malformed JSON: a comma before '}' is not allowed in JSON; remove it"),
        Case(name: "malformed YAML", file: "bad.yaml", bytes: Array("tags: [a, b\nwidth: 3\n".utf8), status: 65,
             message: "error: bad.yaml:"),
        Case(name: "unknown key", file: "bad.yaml", bytes: Array("widht: 300\n".utf8), status: 65,
             message: #"error: bad.yaml:1:1: unknown key "widht"; did you mean "width"?"#),
        Case(name: "wrong type", file: "bad.yaml", bytes: Array("width: wide\n".utf8), status: 65,
             message: #"error: bad.yaml:1:8: "width" must be a number, but it is the string "wide""#),
        Case(name: "negative size", file: "bad.yaml", bytes: Array("width: -3\n".utf8), status: 65,
             message: #"error: bad.yaml:1:8: "width" is -3, but it must not be negative"#),
        Case(name: "NaN size", file: "bad.yaml", bytes: Array("spacing: .nan\n".utf8), status: 65,
             message: #"error: bad.yaml:1:10: "spacing" is .nan"#),
        Case(name: "infinite size", file: "bad.json", bytes: Array(#"{"padding": 1e999}"#.utf8), status: 65,
             message: #"error: bad.json:1:13: "padding" is 1e999"#),
        Case(name: "negative size option", file: "ok.yaml", bytes: Array("tags: [a]\n".utf8), options: ["--width", "-3"],
             status: 64, message: #"error: option --width: "width" is -3, but it must not be negative"#),
        Case(name: "picture too large", file: "big.yaml", bytes: Array("width: 20000\ntags: [a]\n".utf8),
             options: ["--scale", "2"], status: 65,
             // Refused before layout, from the width and padding alone (the height a lower bound).
             message: "error: big.yaml: the picture would be at least 40064 × 64 pixels, over the limit of 32767 pixels on a side: \"width\" 20000 + 2 × "
                + "\"padding\" 16 points, × \"scale\" 2; lower \"width\" (--width), \"padding\" (--padding) or \"scale\" (--scale)"),
        Case(name: "unknown font family", file: "bad.yaml", bytes: Array("font: {family: Comic Nonsense}\ntags: [a]\n".utf8),
             status: 65, message: #"error: bad.yaml:1:16: unknown font family "Comic Nonsense"; available families: DejaVu Sans, Inter, Noto Color Emoji (and the machine's, which `tagcloud fonts` lists)"#),
        Case(name: "unknown font family option", file: "ok.yaml", bytes: Array("tags: [a]\n".utf8),
             options: ["--font", "Comic Nonsense"], status: 64,
             message: #"error: option --font: unknown font family "Comic Nonsense""#),
        Case(name: "unknown tag font family", file: "bad.yaml",
             bytes: Array("tags:\n  - a\n  - {text: b, font: {family: Nope Sans}}\n".utf8), status: 65,
             message: #"error: bad.yaml:3:30: unknown font family "Nope Sans""#),
        Case(name: "unknown preset", file: "bad.yaml", bytes: Array("style: tagclod\n".utf8), status: 65,
             message: #"error: bad.yaml:1:8: unknown value "tagclod" for "style"; did you mean "tagCloud"?"#),
        Case(name: "unknown preset option", file: "ok.yaml", bytes: Array("tags: [a]\n".utf8), options: ["--style", "chips"],
             status: 64, message: #"error: option --style: unknown value "chips" for "style""#),
        Case(name: "unknown theme", file: "bad.yaml", bytes: Array("theme: night\n".utf8), status: 65,
             message: #"error: bad.yaml:1:8: unknown value "night" for "theme"; did you mean "light"?"#),
        Case(name: "unknown theme option", file: "ok.yaml", bytes: Array("tags: [a]\n".utf8), options: ["--theme", "Dark"],
             status: 64, message: #"error: option --theme: unknown value "Dark" for "theme"; did you mean "dark"?"#),
        Case(name: "unknown key option", file: "ok.yaml", bytes: Array("tags: [a]\n".utf8),
             options: ["--set", "chip.paddng=3"], status: 64,
             message: #"error: option --set: unknown key "chip.paddng"; did you mean "chip.padding"?"#),
        Case(name: "invalid UTF-8", file: "bad.txt", bytes: [0x61, 0x0A, 0x62, 0xFF, 0x0A], status: 65,
             message: "error: bad.txt:2:2: the input is not valid UTF-8 at byte offset 3"),
        Case(name: "control character", file: "bad.json", bytes: Array(#"{"tags": ["a\u0007b"]}"#.utf8), status: 65,
             message: #"error: bad.json:1:11: the tag "a\u{7}b" contains the control character U+0007; remove it"#),
        Case(name: "control character in text", file: "bad.txt", bytes: Array("ok\nbell\u{7}\n".utf8), status: 65,
             message: "contains the control character U+0007"),
        Case(name: "unknown input format", file: "tags.xml", bytes: Array("<tags/>".utf8), status: 64,
             message: #"error: tags.xml: unknown input format ".xml"; use one of .json, .yaml, .yml, .txt, .csv"#),
    ]

    @Test(arguments: cases) func badInputFailsCleanly(_ bad: Case) throws {
        let dir = try temporaryFolder("bad-input")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(bad.bytes).write(to: dir.appendingPathComponent(bad.file))
        let output = try CommandRunner.run(["render", bad.file, "-o", "out.png"] + bad.options, in: dir)
        #expect(output.status == bad.status, "\(bad.name): \(output.standardError)")
        #expect(output.standardError.hasPrefix(bad.message) || (bad.message.hasPrefix("contains")
                && output.standardError.contains(bad.message)), "\(bad.name): \(output.standardError)")
        #expect(output.standardError.hasSuffix("\n"))
        #expect(output.standardError.split(separator: "\n").count == 1, "one line: \(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [bad.file], "\(bad.name) left \(left)")
    }

    @Test func aFailedRunNeverReplacesAnExistingOutput() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [Swift]\n".utf8).write(to: dir.appendingPathComponent("good.yaml"))
        try Data("tags: [Swift\n".utf8).write(to: dir.appendingPathComponent("bad.yaml"))
        #expect(try CommandRunner.run(["render", "good.yaml", "-o", "cloud.png"], in: dir).status == 0)
        let before = try Data(contentsOf: dir.appendingPathComponent("cloud.png"))
        #expect(try CommandRunner.run(["render", "bad.yaml", "-o", "cloud.png"], in: dir).status == 65)
        #expect(try CommandRunner.run(["render", "good.yaml", "-o", "cloud.png", "--width", "90000"], in: dir).status == 65)
        #expect(try CommandRunner.run(["render", "good.yaml", "-o", "cloud.png", "--font", "Nope"], in: dir).status == 64)
        #expect(try Data(contentsOf: dir.appendingPathComponent("cloud.png")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.yaml", "cloud.png", "good.yaml"])
    }

    @Test func unreadableInputExits66() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.yaml"), withIntermediateDirectories: true)
        let missing = try CommandRunner.run(["render", "missing.yaml"], in: dir)
        #expect(missing.status == 66)
        #expect(missing.standardError == "error: cannot read the input \"missing.yaml\": there is no such file\n")
        let folder = try CommandRunner.run(["render", "folder.yaml", "-o", "x.png"], in: dir)
        #expect(folder.status == 66)
        #expect(folder.standardError.contains("it is a folder"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
    }

    @Test func unwritableOutputExits73() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [a]\n".utf8).write(to: dir.appendingPathComponent("tags.yaml"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.png").path, withDestinationPath: "tags.yaml")
        let cases: [(String, String)] = [
            ("missing/cloud.png", "the folder \"missing\" does not exist"),
            ("sub", "it is a folder"),
            ("tags.yaml", "it is the input file, which"),
            // Another name for the spec names the spec.
            ("link.png", "it is the input file \"tags.yaml\", which"),
            ("tags.yaml/cloud.png", "\"tags.yaml\" is not a folder"),
        ]
        for (path, reason) in cases {
            let output = try CommandRunner.run(["render", "tags.yaml", "-o", path, "--format", "png"], in: dir)
            #expect(output.status == 73, "\(path): \(output.standardError)")
            #expect(output.standardError.hasPrefix("error: cannot write the output \"\(path)\": \(reason)"),
                    "\(output.standardError)")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("tags.yaml"), encoding: .utf8) == "tags: [a]\n")
    }

    /// Font files are inputs as specs are: none is written over, whether given with
    /// `--font-file` or in a spec's `fonts`, alone or in a folder of fonts, by `render` alone, in a
    /// batch or by `animate` (a PNG or SVG replaced the font, exit 0).
    @Test func fontFilesAreNeverWrittenOver() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let font = try Data(contentsOf: packageRoot.appendingPathComponent("Fonts/DejaVu/DejaVuSans-Bold.ttf"))
        try font.write(to: dir.appendingPathComponent("font.ttf"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts/more"), withIntermediateDirectories: true)
        try font.write(to: dir.appendingPathComponent("fonts/more/x.TTF"))
        try Data("fonts: [fonts]\nfont: {family: DejaVu Sans}\ntags: [a]\n".utf8).write(to: dir.appendingPathComponent("d.yaml"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try font.write(to: dir.appendingPathComponent("out/s.png"))
        try Data("tags: [a, b]\n".utf8).write(to: dir.appendingPathComponent("s.yaml"))
        try Data("tags: [c]\n".utf8).write(to: dir.appendingPathComponent("b.yaml"))
        try Data("fonts: [font.ttf]\nfont: {family: DejaVu Sans}\ntags: [a]\n".utf8).write(to: dir.appendingPathComponent("f.yaml"))
        let cases: [[String]] = [
            ["render", "s.yaml", "--font-file", "font.ttf", "-o", "font.ttf", "--format", "png"],
            ["render", "f.yaml", "-o", "font.ttf", "--format", "svg"],
            ["render", "s.yaml", "b.yaml", "--out-dir", "out", "--formats", "png", "--font-file", "out/s.png"],
            ["render", "s.yaml", "--font-file", "out/s.png", "--out-dir", "out"],
            ["animate", "s.yaml", "b.yaml", "--font-file", "font.ttf", "-o", "font.ttf", "--format", "svg"],
            // In a folder of fonts, at any depth.
            ["render", "s.yaml", "--font-file", "fonts", "-o", "fonts/more/x.TTF", "--format", "png"],
            ["render", "d.yaml", "-o", "fonts/more/x.TTF", "--format", "svg"],
            ["animate", "s.yaml", "b.yaml", "--font-file", "fonts", "-o", "fonts/more/x.TTF", "--format", "svg"],
        ]
        for arguments in cases {
            let run = try CommandRunner.run(arguments, in: dir)
            #expect(run.status == 73 && run.standardError.contains("which must not be replaced"), "\(arguments): \(run.standardError)")
            #expect(try Data(contentsOf: dir.appendingPathComponent("font.ttf")) == font, "\(arguments)")
            #expect(try Data(contentsOf: dir.appendingPathComponent("fonts/more/x.TTF")) == font, "\(arguments)")
            #expect(try Data(contentsOf: dir.appendingPathComponent("out/s.png")) == font, "\(arguments)")
        }
    }

    /// Standard output opened on an input (`-o -` with `1<>spec.yaml` or `>> spec.yaml`) is refused
    /// as `-o /dev/stdout` is: the spec was replaced, or grew a picture.
    @Test func standardOutputThatIsAnInputIsRefused() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = "tags: [a, b]\n"
        try Data(spec.utf8).write(to: dir.appendingPathComponent("s.yaml"))
        let tagcloud = CommandRunner.executable.path
        for redirect in ["1<>s.yaml", ">> s.yaml", "< s.yaml 1<>s.yaml"] {
            let input = redirect.hasPrefix("<") ? "-" : "s.yaml"
            let run = try CommandRunner.run(["-c", "'\(tagcloud)' render \(input) -o - --format svg \(redirect)"], in: dir,
                                            program: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.status == 73 && run.standardError.contains("cannot write to standard output: standard output is the"),
                    "\(redirect): \(run.standardError)")
            #expect(try String(contentsOf: dir.appendingPathComponent("s.yaml"), encoding: .utf8) == spec, "\(redirect)")
        }
    }

    /// Standard output opened on a file an input folder's rules protect (a counted page of
    /// `collect` or `render --from`, a font of `--font-file DIR`) is refused as `-o` naming it is:
    /// `collect content -o - 1<>content/a.md` wrote the spec over the page with exit 0.
    @Test func standardOutputThatIsAProtectedFileOfAnInputFolderIsRefused() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = "---\ntitle: A\ntags: [swift]\n---\nbody text\n"
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("content"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: dir.appendingPathComponent("content/a.md"))
        let font = packageRoot.appendingPathComponent("Fonts/Inter/Inter-Regular.otf")
        try FileManager.default.copyItem(at: font, to: dir.appendingPathComponent("fonts/font.otf"))
        let fontBytes = try Data(contentsOf: font)
        try Data("tags: [a, b]\n".utf8).write(to: dir.appendingPathComponent("s.yaml"))
        let tagcloud = CommandRunner.executable.path
        for command in ["collect content -o - 1<>content/a.md", "collect content >> content/a.md",
                        "render --from content -o - --format svg >> content/a.md",
                        "render s.yaml --font-file fonts -o - --format svg >> fonts/font.otf"] {
            let run = try CommandRunner.run(["-c", "'\(tagcloud)' \(command)"], in: dir, program: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.status == 73 && run.standardError.contains("cannot write to standard output: standard output is"),
                    "\(command): \(run.standardError)")
            #expect(try String(contentsOf: dir.appendingPathComponent("content/a.md"), encoding: .utf8) == page, "\(command)")
            #expect(try Data(contentsOf: dir.appendingPathComponent("fonts/font.otf")) == fontBytes, "\(command)")
        }
        // A file of its own elsewhere is still written.
        let run = try CommandRunner.run(["-c", "'\(tagcloud)' collect content > tags.yaml"], in: dir, program: URL(fileURLWithPath: "/bin/sh"))
        let written = try String(contentsOf: dir.appendingPathComponent("tags.yaml"), encoding: .utf8)
        #expect(run.status == 0 && written.contains("swift"), "\(run.standardError)")
    }

    /// `render /dev/stdin < spec.yaml` without `-o` is refused as a pipe is: its output went
    /// beside `/dev/stdin`, into /dev (as root).
    @Test func noOutputGoesBesideAnInputNamedThroughDevOrProc() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [a, b]\n".utf8).write(to: dir.appendingPathComponent("s.yaml"))
        let tagcloud = CommandRunner.executable.path
        for input in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"] {
            let run = try CommandRunner.run(["-c", "'\(tagcloud)' render \(input) --formats png,svg < s.yaml"], in: dir,
                                            program: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.status == 64 && run.standardError.contains("so no output goes beside it; give -o or --out-dir"),
                    "\(input): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: input + ".png") && !FileManager.default.fileExists(atPath: input + ".svg"))
        }
    }

    /// An output named after its spec beside it is the command's naming, as in `--out-dir`: a
    /// link there to a file elsewhere (a cloned repository's `s.png` linked to `../outside`) is
    /// refused and left as it was, not followed and written over; a FIFO there is refused, not
    /// waited on.
    @Test func anOutputBesideItsSpecIsARegularFileOfTheSpecsFolder() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in ["spec", "outside"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("tags: [a, b]\n".utf8).write(to: dir.appendingPathComponent("spec/s.yaml"))
        try Data("keep".utf8).write(to: dir.appendingPathComponent("outside/important.txt"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("spec/s.png").path,
                                                   withDestinationPath: "../outside/important.txt")
        let linked = try CommandRunner.run(["render", "spec/s.yaml"], in: dir)
        #expect(linked.status == 73 && linked.standardError.contains("outside the folder"), "\(linked.standardError)")
        #expect(try String(contentsOf: dir.appendingPathComponent("outside/important.txt"), encoding: .utf8) == "keep")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("spec/s.png"))
        #expect(mkfifo(dir.appendingPathComponent("spec/s.png").path, 0o644) == 0)
        let fifo = try CommandRunner.run(["render", "spec/s.yaml"], in: dir)
        #expect(fifo.status == 73 && fifo.standardError.contains("it is a FIFO"), "\(fifo.standardError)")
        // A link the user named is theirs to write through, as before.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("spec/t.svg").path, withDestinationPath: "../outside/t.svg")
        let through = try CommandRunner.run(["render", "spec/s.yaml", "-o", "spec/t.svg"], in: dir)
        #expect(through.status == 0 && FileManager.default.fileExists(atPath: dir.appendingPathComponent("outside/t.svg").path),
                "\(through.standardError)")
    }

    /// Runs sharing an `--out-dir` (`make -j`), one failing: the failing run removes the empty
    /// folders it made, which the other found there and was writing into. The other run is never
    /// failed by that cleanup (it was, in about 1 run of 4: "the folder "pub/tags" does not exist").
    @Test func aFailingRunDoesNotFailAnotherSharingItsFolder() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [Swift, Rust]\n".utf8).write(to: dir.appendingPathComponent("good.yaml"))
        try Data("width: abc\n".utf8).write(to: dir.appendingPathComponent("bad.yaml"))
        let tagcloud = CommandRunner.executable.path
        let script = """
            fails=0
            for t in $(seq 40); do
              rm -rf pub
              '\(tagcloud)' render bad.yaml --out-dir pub/tags --quiet 2>/dev/null &
              '\(tagcloud)' render good.yaml --out-dir pub/tags --quiet || fails=$((fails+1))
              wait
              test -f pub/tags/good.png || fails=$((fails+1))
            done
            echo "$fails"
            """
        let run = try CommandRunner.run(["-c", script], in: dir, program: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.text == "0\n", "\(run.text) \(run.standardError)")
    }

    /// A batch says what rendering a spec alone says of an empty one (a pipe whose writer failed).
    @Test func aBatchSaysASpecIsEmpty() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data().write(to: dir.appendingPathComponent("empty.yaml"))
        try Data("width: 300\n".utf8).write(to: dir.appendingPathComponent("notags.yaml"))
        try Data("tags: [a]\n".utf8).write(to: dir.appendingPathComponent("a.yaml"))
        let run = try CommandRunner.run(["render", "empty.yaml", "notags.yaml", "a.yaml", "--out-dir", "out", "--quiet"], in: dir)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("warning: the input \"empty.yaml\" is empty; the picture has no tags"), "\(run.standardError)")
        #expect(run.standardError.contains("warning: the input \"notags.yaml\" has no tags; the picture is empty"), "\(run.standardError)")
    }

    /// What `-v` says it wrote shows a name's control characters escaped, as messages do: an
    /// escape sequence in a file name reached the terminal.
    @Test func writtenNamesAreEscaped() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [a]\n".utf8).write(to: dir.appendingPathComponent("s.yaml"))
        try Data("tags: [b]\n".utf8).write(to: dir.appendingPathComponent("b.yaml"))
        for arguments in [["render", "s.yaml", "-v", "-o", "o\nut\u{1B}[2J.svg"],
                          ["animate", "s.yaml", "b.yaml", "-v", "-o", "an\u{1B}[7mim.svg"]] {
            let run = try CommandRunner.run(arguments, in: dir)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.contains("wrote ") && !run.standardError.contains("\u{1B}"), "\(arguments): \(run.standardError)")
        }
    }

    /// A name's line break reads the same in every message: quoted in a read error, in a
    /// location after a parse error (it was `"bad\nname.yaml"` in one and `bad\u{A}name.yaml:2:1`
    /// in the other).
    @Test func aNameIsEscapedOneWayInEveryMessage() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: [a\n".utf8).write(to: dir.appendingPathComponent("bad\nname.yaml"))
        let parse = try CommandRunner.run(["render", "bad\nname.yaml", "-o", "x.png"], in: dir)
        #expect(parse.status == 65 && parse.standardError.hasPrefix("error: bad\\nname.yaml:2:1: malformed YAML"), "\(parse.standardError)")
        let read = try CommandRunner.run(["render", "nope\nname.yaml", "-o", "x.png"], in: dir)
        #expect(read.status == 66 && read.standardError.contains("\"nope\\nname.yaml\""), "\(read.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
        // A bidirectional override in a name or a tag would show the rest of the line reversed.
        let override = try CommandRunner.run(["render", "rlo\u{202E}yaml.lmay", "-o", "x.png"], in: dir)
        #expect(override.status == 66 && override.standardError.contains("rlo\\u{202E}yaml.lmay")
                && !override.standardError.unicodeScalars.contains("\u{202E}"), "\(override.standardError.debugDescription)")
        // (A tag with a noncharacter, which no font draws: a warning names it.)
        try Data(#"tags: ["\u202Eabc\uFFFE"]"#.utf8).write(to: dir.appendingPathComponent("tag.yaml"))
        let tag = try CommandRunner.run(["render", "tag.yaml", "-o", "x.png"], in: dir)
        #expect(tag.status == 0 && tag.standardError.contains("\\u{202E}abc\\u{FFFE}") && !tag.standardError.unicodeScalars.contains("\u{202E}"),
                "\(tag.standardError.debugDescription)")
    }

    /// Piped input read in a guessed format that does not parse says it was a guess and how to
    /// name the format: `{"tags": [a, b]}` is YAML (a flow mapping), not the JSON its brace suggests.
    @Test func aWrongGuessOfThePipedFormatSaysHowToNameIt() throws {
        let run = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json"], input: Data("{\"tags\": [a, b]}\n".utf8))
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("malformed JSON") && run.standardError.contains(
            "(the input was read as JSON, guessed from its first character; --input-format names another: yaml, text, csv)"),
                "\(run.standardError)")
        let named = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json", "--input-format", "yaml"],
                                          input: Data("{\"tags\": [a, b]}\n".utf8))
        #expect(named.status == 0 && named.text.contains("\"text\": \"b\""), "\(named.standardError)")
        // In a batch, standard input is named once, as "<stdin>".
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let batch = try CommandRunner.run(["render", "-", "--out-dir", "out", "--formats", "json"], in: folder,
                                          input: Data("{\"tags\": [a, b]}\n".utf8))
        #expect(batch.status == 65 && batch.standardError.hasPrefix("error: <stdin>:1:"), "\(batch.standardError)")
        // A named format is not a guess: the message says nothing of one.
        let json = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json", "--input-format", "json"],
                                         input: Data("{\"tags\": [a, b]}\n".utf8))
        #expect(json.status == 65 && !json.standardError.contains("guessed"), "\(json.standardError)")
    }

    /// Every command's mistakes on its command line read as `render`'s do: `error: …` then
    /// `usage: tagcloud NAME …; see 'tagcloud NAME --help'` (collect, animate, fonts and diff
    /// printed the argument parser's own `Error:`/`Help:`/`Usage:` block), and an unknown option is
    /// the mistake named, whatever else is missing.
    @Test func everyCommandLineMistakeReadsAlike() throws {
        for (arguments, message, code) in [(["collect"], #"error: missing expected argument "<folder> ...""#, Int32(64)),
                                           (["animate", "a.yaml"], #"error: missing expected argument "<to>""#, 64),
                                           (["fonts", "--bogus"], #"error: unknown option "--bogus""#, 64),
                                           (["samples", "--bogus"], #"error: unknown option "--bogus""#, 64),
                                           (["diff", "a.png"], #"error: missing expected argument "<second>""#, 2),
                                           (["render"], "error: missing the input", 64),
                                           // An unknown option is named before the arguments missing
                                           // with it (the parser reported "<from>" missing first).
                                           (["animate", "--bogus"], #"error: unknown option "--bogus""#, 64),
                                           (["animate", "a.yaml", "b.yaml", "--bogus"], #"error: unknown option "--bogus""#, 64),
                                           (["animate", "a.yaml", "b.yaml"], #"error: missing expected argument "--output"#, 64),
                                           (["collect", "--min-cont", "2"], #"error: unknown option "--min-cont""#, 64),
                                           (["diff", "--bogus", "a.png"], #"error: unknown option "--bogus""#, 2)] {
            let run = try CommandRunner.run(arguments)
            let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(run.status == code && lines.count == 3 && lines[0].hasPrefix(message)
                    && lines[1].hasPrefix("usage: tagcloud \(arguments[0])")
                    && lines[1].hasSuffix("; see 'tagcloud \(arguments[0]) --help'") && lines[2].isEmpty,
                    "\(arguments): \(run.standardError.debugDescription)")
        }
        // An output named twice is refused by every command, as render refuses it (the last one
        // was written, in silence); after `--` an argument is not an option.
        for (arguments, message, code) in [
            (["animate", "a.yaml", "b.yaml", "-o", "a.svg", "-o", "b.svg"], #"error: -o is given twice ("a.svg" and "b.svg"); it names one file"#, Int32(64)),
            (["animate", "a.yaml", "b.yaml", "-o", "a.svg", "--output=b.svg"],
             #"error: -o and --output are one option, and it is given twice ("a.svg" and "b.svg"); it names one file"#, 64),
            (["collect", "site", "--output", "a.yaml", "-o", "b.yaml"],
             #"error: --output and -o are one option, and it is given twice ("a.yaml" and "b.yaml"); it names one file"#, 64),
            (["diff", "--out", "d.png", "a.png", "b.png", "--out", "e.png"], #"error: --out is given twice ("d.png" and "e.png"); it names one file"#, 2),
            (["samples", "--out", "x", "--out", "y"], #"error: --out is given twice ("x" and "y"); it names one folder"#, 64),
        ] {
            let run = try CommandRunner.run(arguments)
            let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(run.status == code && lines.count == 3 && lines[0] == message && lines[1].hasPrefix("usage: tagcloud \(arguments[0])"),
                    "\(arguments): \(run.standardError.debugDescription)")
        }
        #expect(TagCloudMain.outputNamedTwice(in: ["collect", "site", "-o", "a.yaml", "--", "-o"]) == nil)
        // A single-value option given twice with another value is warned about; the last one is used.
        #expect(TagCloudMain.valuesGivenTwice(in: ["collect", "site", "--top", "2", "--top=3", "--sort", "name", "--sort", "name"])
                == [#"warning: --top is given twice ("2" and "3"); the last one is used"#])
        #expect(TagCloudMain.valuesGivenTwice(in: ["diff", "a.png", "b.png", "--threshold", "0.1", "--", "--threshold", "0.2"]).isEmpty)
        // An empty output name is said as render says it.
        let empty = try CommandRunner.run(["collect", ".", "-o", ""])
        #expect(empty.status == 64 && empty.standardError == "error: -o is empty; name a file, or - for standard output\n",
                "\(empty.standardError.debugDescription)")
        // The parser's "did you mean" stays only for an option spelled alike (it suggested
        // "--out" for "--bogus").
        let unlike = try CommandRunner.run(["diff", "--bogus", "a.png", "b.png"])
        #expect(unlike.standardError.hasPrefix("error: unknown option \"--bogus\".\nusage: "), "\(unlike.standardError.debugDescription)")
        let alike = try CommandRunner.run(["animate", "a.yaml", "b.yaml", "-o", "x.svg", "--fsp", "3"])
        #expect(alike.standardError.hasPrefix("error: unknown option \"--fsp\". Did you mean \"--fps\"?\nusage: "),
                "\(alike.standardError.debugDescription)")
        // `--version` with more after it printed the version and exited 0.
        let version = try CommandRunner.run(["--version", "extra"])
        #expect(version.status == 64 && version.standardError == "error: --version takes no arguments, but \"extra\" follows it\n"
                && version.standardOutput.isEmpty, "\(version.standardError.debugDescription)")
    }

    @Test func anEmptyTagListRendersAnEmptyPicture() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("tags: []\n".utf8).write(to: dir.appendingPathComponent("empty.yaml"))
        let output = try CommandRunner.run(["render", "empty.yaml", "-o", "empty.png"], in: dir)
        #expect(output.status == 0, "\(output.standardError)")
        let image = try RGBAImage(contentsOf: dir.appendingPathComponent("empty.png"))
        #expect((image.width, image.height) == (390, 32))
        #expect(Set(image.pixels) == [255])
        let json = try CommandRunner.run(["render", "empty.yaml", "-o", "-", "--format", "json", "--padding", "0"], in: dir)
        #expect(json.text == "{\"width\": 358, \"height\": 1, \"chips\": []}\n")
        #expect(output.standardError.isEmpty, "\(output.standardError)")
        // An input with nothing in it (a pipe whose writer failed) is said, and still rendered.
        try Data().write(to: dir.appendingPathComponent("nothing.yaml"))
        try Data(" \n\t\n".utf8).write(to: dir.appendingPathComponent("nothing.json"))
        // JSON too, though blank is no JSON document (it was a syntax error, exit 65).
        for arguments in [["render", "nothing.yaml", "-o", "nothing.png"], ["render", "-", "-o", "stdin.png"],
                          ["render", "nothing.json", "-o", "nothing-json.png"], ["render", "-", "--input-format", "json", "-o", "stdin-json.png"]] {
            let run = try CommandRunner.run(arguments, in: dir, input: Data())
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.contains("is empty; the picture has no tags"), "\(arguments): \(run.standardError)")
        }
        // As are comments alone, and a spec without tags (they rendered an empty picture in silence).
        try Data("# only a comment\n".utf8).write(to: dir.appendingPathComponent("comment.txt"))
        try Data("width: 300\n".utf8).write(to: dir.appendingPathComponent("notags.yaml"))
        for name in ["comment.txt", "notags.yaml"] {
            let run = try CommandRunner.run(["render", name, "-o", "x.png"], in: dir)
            #expect(run.status == 0 && run.standardError.contains("has no tags; the picture is empty"), "\(name): \(run.standardError)")
        }
    }

    @Test func aHundredThousandTagsAndATenThousandCharacterTag() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let many = "{\"width\": 25000, \"tags\": [" + (0..<100_000).map { "{\"text\": \"tag \($0)\", \"weight\": \($0 % 7)}" }
            .joined(separator: ",") + "]}"
        try Data(many.utf8).write(to: dir.appendingPathComponent("many.json"))
        let layout = try CommandRunner.run(["render", "many.json", "-o", "many.layout.json"], in: dir)
        #expect(layout.status == 0, "\(layout.standardError)")
        let cloud = try CloudLayout(jsonData: Data(contentsOf: dir.appendingPathComponent("many.layout.json")))
        #expect(cloud.chips.count == 100_000)
        #expect(cloud.chips.last?.text == "tag 99999")
        let png = try CommandRunner.run(["render", "many.json", "-o", "many.png", "--scale", "0.25"], in: dir)
        #expect(png.status == 0, "\(png.standardError)")
        let image = try RGBAImage(contentsOf: dir.appendingPathComponent("many.png"))
        #expect(image.width == 6258)  // ceil((25000 + 32) × 0.25)
        #expect(Double(image.height) == (cloud.height * 0.25).rounded(.up))

        let long = String(repeating: "abcdé💪ghij", count: 1000)
        try Data("tags:\n  - \"\(long)\"\n  - short\n".utf8).write(to: dir.appendingPathComponent("long.yaml"))
        for file in ["long.png", "long.svg", "long.pdf", "long.json"] {
            let output = try CommandRunner.run(["render", "long.yaml", "-o", file], in: dir)
            #expect(output.status == 0, "\(file): \(output.standardError)")
        }
        let longLayout = try CloudLayout(jsonData: Data(contentsOf: dir.appendingPathComponent("long.json")))
        // The long chip is cut with an ellipsis to the row's width; the short one takes the next row.
        #expect(longLayout.chips.map(\.x) == [16, 16])
        #expect(longLayout.chips[0].width <= 358)
        #expect(longLayout.chips[0].shown?.hasSuffix("…") == true)
        #expect(longLayout.chips[0].shown.map { long.hasPrefix($0.dropLast()) } == true)
        #expect(longLayout.chips[1].y > longLayout.chips[0].y)
        #expect(try RGBAImage(contentsOf: dir.appendingPathComponent("long.png")).width == 390)
    }
}

/// `tagcloud render` of a large spec restarts itself with glibc's allocator asked for huge pages,
/// only when that pays and only once.
@Suite struct HugePageRestartTests {
    private let onRequest = "always [madvise] never\n"

    @Test("A large render restarts when the kernel gives huge pages on request and the setting is not there yet")
    func restartsWhenItPays() {
        #expect(HugePageRestart.pays(arguments: ["render", "big.json"], tunables: nil, hugePageMode: onRequest,
                                     largestInput: 3 << 20))
        #expect(HugePageRestart.pays(arguments: ["render", "big.json"], tunables: "glibc.malloc.tcache_count=10",
                                     hugePageMode: onRequest, largestInput: HugePageRestart.minimumInputSize))
    }

    @Test("No restart for a small input, another command, the setting already given, or a kernel that gives none or always does")
    func staysOtherwise() {
        let big = 3 << 20
        #expect(!HugePageRestart.pays(arguments: ["render", "a.yaml"], tunables: nil, hugePageMode: onRequest,
                                      largestInput: HugePageRestart.minimumInputSize - 1))
        #expect(!HugePageRestart.pays(arguments: ["collect", "site"], tunables: nil, hugePageMode: onRequest, largestInput: big))
        // Given by the user, or by the restart itself: once only, and =0 turns it off.
        #expect(!HugePageRestart.pays(arguments: ["render", "big.json"], tunables: "glibc.malloc.hugetlb=1",
                                      hugePageMode: onRequest, largestInput: big))
        #expect(!HugePageRestart.pays(arguments: ["render", "big.json"], tunables: "glibc.malloc.hugetlb=0",
                                      hugePageMode: onRequest, largestInput: big))
        #expect(!HugePageRestart.pays(arguments: ["render", "big.json"], tunables: nil, hugePageMode: "always madvise [never]\n",
                                      largestInput: big))
        #expect(!HugePageRestart.pays(arguments: ["render", "big.json"], tunables: nil, hugePageMode: "[always] madvise never\n",
                                      largestInput: big))
        #expect(!HugePageRestart.pays(arguments: ["render", "big.json"], tunables: nil, hugePageMode: nil, largestInput: big))
        // Another tunable whose name starts the same is not the setting.
        #expect(HugePageRestart.pays(arguments: ["render", "big.json"], tunables: "glibc.malloc.hugetlbx=0:glibc.malloc.top_pad=1",
                                     hugePageMode: onRequest, largestInput: big))
    }

    @Test("A restarted render writes what one that does not restart writes, from the same arguments")
    func restartedRenderWritesTheSame() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = "{\"width\": 1200, \"tags\": [" + (0..<32_000).map { "{\"text\": \"swift\($0)\", \"weight\": \(1 + $0 % 9)}" }
            .joined(separator: ",") + "]}"
        #expect(spec.utf8.count >= HugePageRestart.minimumInputSize)
        try Data(spec.utf8).write(to: dir.appendingPathComponent("big.json"))
        let restarted = try CommandRunner.run(["render", "big.json", "-o", "a.layout.json", "--width", "900"], in: dir)
        let stayed = try CommandRunner.run(["render", "big.json", "-o", "b.layout.json", "--width", "900"], in: dir,
                                           environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
        #expect(restarted.status == 0 && stayed.status == 0, "\(restarted.standardError) \(stayed.standardError)")
        let first = try Data(contentsOf: dir.appendingPathComponent("a.layout.json"))
        #expect(first == (try Data(contentsOf: dir.appendingPathComponent("b.layout.json"))))
        #expect(try CloudLayout(jsonData: first).width == 932, "the options after the spec are kept (900 and 16 of padding on each side)")
    }
}
