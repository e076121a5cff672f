import ArgumentParser
import Foundation
import TagCloud
@testable import TagCloudCommandLine
import Testing
import TestRandom

/// `tagcloud render`'s command line: its spec options come from the key tables, its forms are
/// the usual ones, and its errors name the problem.
@Suite struct RenderCommandLineTests {
    static func parsed(_ arguments: [String]) throws -> RenderCommandLine {
        guard case .run(let line) = try RenderCommandLine.parse(arguments) else {
            throw CommandError.usage("help")
        }
        return line
    }

    @Test func theReadmesFormsParse() throws {
        #expect(try Self.parsed(["tags.yaml", "-o", "cloud.png"]) == RenderCommandLine(inputs: ["tags.yaml"], output: "cloud.png"))
        #expect(try Self.parsed(["tags.txt", "--style", "suggestionChips", "--width", "320", "-o", "chips.svg"])
                == RenderCommandLine(inputs: ["tags.txt"], output: "chips.svg",
                                     specOptions: ["style": "suggestionChips", "width": "320"]))
        #expect(try Self.parsed(["-", "-o", "-"]) == RenderCommandLine(inputs: ["-"], output: "-"))
        #expect(try Self.parsed(["tags.json", "--format", "json", "-o", "layout.json"])
                == RenderCommandLine(inputs: ["tags.json"], output: "layout.json", formats: ["json"]))
        #expect(try Self.parsed(["tags.yaml", "--set", "chip.fill=gold", "--max-rows", "2", "-o", "out.pdf"])
                == RenderCommandLine(inputs: ["tags.yaml"], output: "out.pdf", specOptions: ["max-rows": "2"],
                                     assignments: ["chip.fill=gold"]))
        // Spec options and --set take any next argument (a negative number is refused later, by
        // the spec's rules, naming the option); -o, --format and --input-format do not.
        #expect(try Self.parsed(["tags.yaml", "--padding", "-3", "--set=a.b=c", "--set", "d=e", "--verbose", "--output=o.png"])
                == RenderCommandLine(inputs: ["tags.yaml"], output: "o.png", specOptions: ["padding": "-3"],
                                     assignments: ["a.b=c", "d=e"], verbose: true))
        #expect(try Self.parsed(["--", "-weird.yaml"]) == RenderCommandLine(inputs: ["-weird.yaml"]))
        #expect(try RenderCommandLine.parse(["tags.yaml", "--help"]) == .help)
        #expect(try RenderCommandLine.parse(["-h"]) == .help)
    }

    /// A key set twice to different values is said: `--set` twice (the last is used), and
    /// `--set` against the option that names the key (the option is used, in either order).
    @Test func aKeySetTwiceIsWarnedAbout() throws {
        let both = try Self.parsed(["w.yaml", "--set", "width=300", "--width", "200"])
        #expect(both.warnings == [#"warning: --set width=300 and --width 200 both set "width"; --width is used (options are applied after --set)"#])
        #expect(try Self.parsed(["w.yaml", "--width", "200", "--set", "width=300"]).warnings == both.warnings)
        #expect(try Self.parsed(["w.yaml", "--set", "width=300", "--set", "width=250"]).warnings
                == [#"warning: --set width is given twice ("300" and "250"); the last one is used"#])
        #expect(try Self.parsed(["w.yaml", "--set", "width=300", "--width", "300", "--set", "chip.fill=red"]).warnings.isEmpty)
        // Part of the option's key: the option replaces the whole of it.
        #expect(try Self.parsed(["s.yaml", "--set", "spacing.horizontal=40", "--spacing", "5"]).warnings
                == [#"warning: --set spacing.horizontal=40 and --spacing 5 both set "spacing"; --spacing is used (options are applied after --set)"#])
        // `--order NAME` sets the criterion alone: the seed set by --set is used, not overridden.
        #expect(try Self.parsed(["s.yaml", "--set", "order.seed=5", "--order", "shuffle"]).warnings.isEmpty)
        #expect(try Self.parsed(["s.yaml", "--order", "weight", "--set", "order.descending=false"]).warnings.isEmpty)
        #expect(try Self.parsed(["s.yaml", "--set", "order.by=name", "--order", "weight"]).warnings
                == [#"warning: --set order.by=name and --order weight both set "order"; --order is used (options are applied after --set)"#])
    }

    @Test(arguments: [
        (["tags.yaml", "--widht", "3"], #"unknown option "--widht"; did you mean "--width"?"#),
        (["tags.yaml", "--font_size", "3"], #"unknown option "--font_size"; did you mean "--font-size"?"#),
        // A key's path as an option names the key's option (it suggested --font-file), and the
        // start of an option names it.
        (["tags.yaml", "--font-family", "Inter"], #"unknown option "--font-family"; did you mean "--font"? (it sets "font.family")"#),
        (["tags.yaml", "--justify", "stretch"], #"unknown option "--justify"; did you mean "--justification"?"#),
        (["tags.yaml", "-x"], #"unknown option "-x""#),
        (["tags.yaml", "-o"], #"missing value for "-o""#),
        (["tags.yaml", "-o", "--width", "3"], #"missing value for "-o""#),
        // A file name that starts with "-": how to give it.
        (["tags.yaml", "-o", "-out.png"], #"missing value for "-o"; a value that starts with "-" is given as --output=-out.png or ./-out.png"#),
        (["tags.yaml", "--width"], #"missing value for "--width""#),
        (["tags.yaml", "--verbose=1"], #""--verbose" takes no value"#),
        (["a.yaml", "b.yaml", "-o", "x.png"], "-o names one file; with several inputs or formats, give --out-dir"),
        (["a.yaml", "--out-dir", ""], "--out-dir is empty; name a folder (. for this one)"),
        // A second -o replaced the first without a word: only y.svg was written.
        (["a.yaml", "-o", "x.png", "-o", "y.svg"],
         #"-o is given twice ("x.png" and "y.svg"); it names one file: for several formats of one spec, give --out-dir DIR --formats png,svg"#),
        (["a.yaml", "--output=x.png", "-o", "-"], #"-o is given twice ("x.png" and "-")"#),
        (["a.yaml", "--out-dir", "a", "--out-dir=b"], #"--out-dir is given twice ("a" and "b"); give one folder"#),
        (["a.yaml", "-o", ""], "-o is empty; name a file, or - for standard output"),
        (["a.yaml", "--font-file", ""], "--font-file is empty; name a font file or a folder of fonts (. for this one)"),
        ([], "missing the input: give a spec file, - for standard input, or --from DIR"),
        (["a.yaml", "--format", "png", "--formats", "png,svg"], "give --format or --formats, not both"),
        (["a.yaml", "--top", "3"], "the options of tagcloud collect need --from DIR"),
        (["a.yaml", "b.yaml", "--from", "content"], "with --from, give at most one spec"),
        (["-o", "x.png"], "missing the input"),
    ])
    func malformedCommandLinesAreUsageErrors(_ arguments: [String], _ message: String) {
        #expect {
            try RenderCommandLine.parse(arguments)
        } throws: { error in
            guard let error = error as? CommandError, case .usage(let text) = error else { return false }
            return text.hasPrefix(message) && text.contains("tagcloud render --help") && error.exitCode == .usage
        }
    }

    /// Random command lines made of the table's spec options, each written as `--name value` or
    /// `--name=value`, in any order around the input: every one parses to the options given.
    @Test func everySpecOptionParsesInEitherFormAndAnyOrder() throws {
        let options = RenderCommandLine.specOptionKeys
        #expect(options.count >= 17)
        var random = SeededRandom(seed: 0x5EC)
        for _ in 0..<2_000 {
            var expected: [String: String] = [:]
            var pieces: [[String]] = [["tags.yaml"]]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let option = options[Int.random(in: 0..<options.count, using: &random)]
                let value = ["300", "-1", "dark", "#fff", "a b", "", "=x", "--width"][Int.random(in: 0..<8, using: &random)]
                guard expected[option.name] == nil else { continue }
                expected[option.name] = value
                pieces.append(Bool.random(using: &random) ? ["--\(option.name)", value] : ["--\(option.name)=\(value)"])
            }
            pieces.shuffle(using: &random)
            let arguments = pieces.flatMap { $0 }
            let line = try Self.parsed(arguments)
            #expect(line.specOptions == expected, "\(arguments)")
            #expect(line.inputs == ["tags.yaml"])
        }
    }

    @Test func aRepeatedOptionKeepsItsLastValue() throws {
        #expect(try Self.parsed(["t.yaml", "--width", "1", "--width=2"]).specOptions == ["width": "2"])
    }

    @Test func theRequestSetsKeyPathsSetFirstThenOptionsInTableOrder() throws {
        let line = try Self.parsed(["tags.yaml", "--theme", "dark", "--width", "320", "--set", "chip.padding.horizontal=10",
                                    "--font-size", "12", "-o", "x.svg"])
        let request = try line.request()
        #expect(request.inputs == ["tags.yaml"] && request.output == "x.svg" && request.formats.isEmpty)
        #expect(request.settings.map(\.keyPath) == ["chip.padding.horizontal", "width", "font.size", "theme"])
        #expect(request.settings.map(\.option) == ["set", "width", "font-size", "theme"])
        #expect(throws: CommandError.usage(#"unknown output format "gif"; use one of png, svg, pdf, json, html"#)) {
            try RenderCommandLine(inputs: ["a"], formats: ["gif"]).request()
        }
        #expect(throws: CommandError.usage(#"--set takes KEY=VALUE, but "width" has no "=""#)) {
            try RenderCommandLine(inputs: ["a"], assignments: ["width"]).request()
        }
    }

    /// Every collect option `render` reads by name is an option of `tagcloud collect` (declared
    /// once more for swift-argument-parser), and the other way round.
    @Test func renderReadsTheCollectOptionsByTheirNames() {
        let help = Tagcloud.helpMessage(for: Collect.self, columns: 200)
        let declared = Set(help.split(separator: "\n").filter { $0.hasPrefix("  --") }
            .compactMap { $0.split(separator: " ").first.map { String($0.dropFirst(2)) } })
        #expect(declared.subtracting(["output", "verbose", "help", "version"]) == Set(CollectCommandLine.valueOptions + CollectCommandLine.flagOptions).subtracting(["from"]))
    }

    /// A count too large for a whole number is said to be too large (it was "must be a whole
    /// number ≥ 1", which it is), for every count collect and `render --from` take; a count too
    /// small or not a number is refused as before.
    @Test func aCountTooLargeIsSaidToBeTooLarge() throws {
        for option in ["top", "min-count"] {
            for value in ["99999999999999999999", "+9223372036854775808", String(repeating: "9", count: 100)] {
                #expect(throws: CommandError.usage("--\(option) is \(quoted(value, limit: 40)), which is too large: "
                                                   + "it must be a whole number from 1 to 9223372036854775807")) {
                    try Self.parsed(["--from", "c", "--\(option)", value]).request()
                }
            }
            for value in ["0", "-99999999999999999999", "1.5", "ten", ""] {
                #expect(throws: CommandError.usage("--\(option) is \(quoted(value)), but it must be a whole number ≥ 1")) {
                    try Self.parsed(["--from", "c", "--\(option)=\(value)"]).request()
                }
            }
            #expect(try Self.parsed(["--from", "c", "--\(option)", "9223372036854775807"]).request().collect != nil)
        }
    }

    /// A value option given twice with another value is warned about (a slip in a build script);
    /// the last one is used, as before. The same value twice says nothing.
    @Test func aValueOptionGivenTwiceIsWarnedAbout() throws {
        let line = try Self.parsed(["a.yaml", "-o", "a.png", "--width", "300", "--width=500", "--theme", "dark", "--theme", "dark",
                                    "--format", "png", "--format", "svg", "--max-input-size", "1M", "--max-input-size", "2M"])
        #expect(line.specOptions["width"] == "500" && line.formats == ["svg"] && line.maxInputSize == "2M")
        #expect(line.warnings == [#"warning: --width is given twice ("300" and "500"); the last one is used"#,
                                  #"warning: --format is given twice ("png" and "svg"); the last one is used"#,
                                  #"warning: --max-input-size is given twice ("1M" and "2M"); the last one is used"#])
        let run = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json", "--width", "300", "--width", "200"], input: Data("a\n".utf8))
        #expect(run.status == 0 && run.standardError == "warning: --width is given twice (\"300\" and \"200\"); the last one is used\n",
                "\(run.standardError.debugDescription)")
        #expect(run.text.hasPrefix("{\"width\": 232,"), "\(run.text)")
    }

    @Test func severalInputsFormatsAndTheSiteContentParse() throws {
        let line = try Self.parsed(["a.yaml", "b.yaml", "--out-dir", "out", "--formats", "png, svg,json", "--quiet"])
        var expected = RenderCommandLine(inputs: ["a.yaml", "b.yaml"], outputFolder: "out", formats: ["png", "svg", "json"], progress: false)
        expected.formatOption = "formats"
        #expect(line == expected)
        let site = try Self.parsed(["--from", "content", "--from", "blog", "--taxonomy", "tags", "--top", "5", "--drafts", "-o", "x.svg"])
        #expect(site.inputs.isEmpty && site.output == "x.svg")
        #expect(site.collect?.folders == ["content", "blog"] && site.collect?.taxonomies == ["tags"] && site.collect?.top == "5")
        #expect(site.collect?.drafts == true)
        #expect(throws: CommandError.usage("--top is \"0\", but it must be a whole number ≥ 1")) {
            try Self.parsed(["--from", "c", "--top", "0"]).request()
        }
        #expect(throws: CommandError.usage(#"--href has the unknown placeholder "{tag}"; use {slug}, {name}, {count}, {taxonomy} (a brace that is text is written %7B or %7D)"#)) {
            try Self.parsed(["--from", "c", "--href", "/t/{tag}/"]).request()
        }
        #expect(throws: CommandError.usage(#"--href has the unknown placeholder "{{x}}"; use {slug}, {name}, {count}, {taxonomy} (a brace that is text is written %7B or %7D)"#)) {
            try Self.parsed(["--from", "c", "--href", "/t/{{x}}/"]).request()
        }
        // A template whose links a spec would refuse is refused here, naming why.
        for (template, reason) in [("javascript:{slug}", "javascript"), ("/t\\{slug}/", "backslash"), ("data:text/html,{name}", "data")] {
            #expect {
                try Self.parsed(["--from", "c", "--href", template]).request()
            } throws: { error in
                guard case .usage(let message) = error as? CommandError else { return false }
                return message.contains("makes links a spec refuses") && message.contains(reason)
            }
        }
        #expect(try Self.parsed(["--from", "c", "--href", "https://example.com/tags/{slug}?n={count}"]).request().collect?.href != nil)
    }

    /// The help lists every spec option of the key tables, with its key path, and no other.
    @Test func theHelpListsTheTablesOptions() {
        let help = Tagcloud.helpMessage(for: Render.self, columns: 200)
        for option in RenderCommandLine.specOptionKeys {
            #expect(help.contains("--\(option.name) <\(option.valueName)>"), "\(option.name)")
            #expect(help.contains(option.keyPath), "\(option.keyPath)")
        }
        let listed = help.split(separator: "\n").filter { $0.hasPrefix("  --") && !$0.contains("  --set") }
            .compactMap { $0.split(separator: " ").first.map { String($0.dropFirst(2)) } }
        let known = Set(RenderCommandLine.specOptionKeys.map(\.name) + RenderCommandLine.valueOptions + RenderCommandLine.flagOptions + ["help", "version"])
        #expect(!listed.isEmpty)
        for name in listed { #expect(known.contains(name), "\(name) is listed but not an option") }
    }
}

/// The batch's progress line and what standard output refuses on a terminal.
@Suite struct ProgressAndTerminalTests {
    /// Every drawing clears the line first, and fits the terminal: the bar shrinks, then goes,
    /// then whole figures go, so a narrow terminal never wraps it nor shows half a word.
    @Test(arguments: [200, 80, 40, 24, 12, 8, 5, 2, 1])
    func theProgressLineFitsTheTerminal(_ columns: Int) {
        for (done, total) in [(0, 300), (1, 300), (150, 300), (300, 300), (7, 1_000_000)] {
            for estimate in [(rate: Double(done) / 1.5, secondsLeft: Double(total - done) / 100), nil] {
                let line = ProgressBar.line(done: done, total: total, estimate: estimate, columns: columns)
                #expect(line.hasPrefix("\r\u{1B}[K"))
                let shown = line.dropFirst(4)
                #expect(shown.count <= max(columns - 1, 0), "\(columns): \(shown)")
                if columns >= 80 {
                    #expect(shown.hasPrefix("[") && shown.contains("\(done)/\(total)") && shown.hasSuffix(estimate == nil ? "/\(total)" : " left"))
                }
                // Without the bar, whole figures (no `2 s le`, no leading space, no `59/3` for
                // 59/300): the count done alone, or nothing, when nothing else fits.
                if !shown.hasPrefix("[") {
                    let count = "\(done)/\(total)"
                    var whole = [count]
                    if let estimate {
                        let rate = ProgressBar.rate(estimate.rate), left = ProgressBar.duration(estimate.secondsLeft) + " left"
                        whole += ["\(count)  \(rate)  \(left)", "\(count)  \(left)"]
                    }
                    whole += ["\(done)", ""]
                    #expect(whole.contains(String(shown)), "\(columns): \(shown)")
                    if "\(done)".count <= columns - 1 { #expect(!shown.isEmpty, "\(columns)") }
                }
            }
        }
        #expect(ProgressBar.line(done: 150, total: 300, estimate: (150, 1.5), columns: 80).contains("[============            ]"))
    }

    /// The time left is the rate of the specs finished after the first, which carries the
    /// start-up (fonts, caches): the first estimate, extrapolated from the first spec alone, was
    /// many times too long. None is drawn until a second of work, or 20 specs, after the first.
    @Test func theTimeLeftComesFromTheWorkAfterTheFirstSpec() {
        // 300 specs: the first finishes after 2 s, then one every 0.05 s (20 a second).
        var estimate = ProgressBar.Estimate()
        var figures: [(rate: Double, secondsLeft: Double)?] = []
        for done in 1...40 { figures.append(estimate.update(done: done, total: 300, seconds: 2 + 0.05 * Double(done - 1))) }
        #expect(figures.prefix(20).allSatisfy { $0 == nil })
        let first = figures[20]
        #expect(first.map { abs($0.rate - 20) < 0.001 && abs($0.secondsLeft - 279.0 / 20) < 0.01 } == true, "\(String(describing: first))")
        // The whole time since the start would have said 21 specs in 3 s: 7 a second, 40 s left.
        #expect(ProgressBar.line(done: 21, total: 300, estimate: first, columns: 80).hasSuffix(" 21/300  20/s  14 s left"))
        #expect(ProgressBar.line(done: 1, total: 300, estimate: figures[0], columns: 80) == "\r\u{1B}[K[                        ] 1/300")
        // Slow specs: a rate after a second, from as few as one spec after the first.
        var slow = ProgressBar.Estimate()
        #expect(slow.update(done: 1, total: 10, seconds: 5) == nil)
        #expect(slow.update(done: 1, total: 10, seconds: 6.5) == nil)
        let after = slow.update(done: 2, total: 10, seconds: 8)
        #expect(after.map { abs($0.rate - 1.0 / 3) < 0.001 && abs($0.secondsLeft - 24) < 0.01 } == true, "\(String(describing: after))")
        // Their rate is not rounded to nothing ("0/s").
        #expect(ProgressBar.line(done: 2, total: 10, estimate: after, columns: 80).hasSuffix(" 2/10  0.33/s  24 s left"))
        #expect([58.4, 2.54, 0.254].map(ProgressBar.rate) == ["58/s", "2.5/s", "0.25/s"])
    }

    /// A PNG or PDF is not written to a terminal (it would only garble it): exit 64 with what to
    /// do; SVG is text and is. Run in a pseudo-terminal by `script`, as a user's shell is.
    @Test func binaryOutputIsNotWrittenToATerminal() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("tags: [a, b]\n".utf8).write(to: out.appendingPathComponent("t.yaml"))
        let tagcloud = CommandRunner.executable.path
        for (format, status) in [("png", "64"), ("pdf", "64"), ("svg", "0")] {
            let run = try CommandRunner.run(["-qec", "\(tagcloud) render - --format \(format) < t.yaml; echo \"status=$?\"", "/dev/null"],
                                            in: out, program: URL(fileURLWithPath: "/usr/bin/script"))
            #expect(run.text.contains("status=\(status)"), "\(format): \(run.text)")
            if status == "64" { #expect(run.text.contains("is binary and standard output is a terminal"), "\(run.text)") }
        }
        // Nor an animated PNG, nor a diff image (they were written to the terminal), named `-`
        // or by a path; diff says it with its own 2.
        _ = try CommandRunner.run(["render", "t.yaml", "-o", "t.png"], in: out)
        for (command, status, said) in [
            ("animate t.yaml t.yaml -o - --format png", "64", "standard output is a terminal"),
            ("animate t.yaml t.yaml -o /dev/tty --format png", "64", "\"/dev/tty\" is a terminal"),
            ("diff t.png t.png --out -", "2", "standard output is a terminal"),
            ("diff t.png t.png --out /dev/tty", "2", "\"/dev/tty\" is a terminal"),
        ] {
            let run = try CommandRunner.run(["-qec", "\(tagcloud) \(command); echo \"status=$?\"", "/dev/null"],
                                            in: out, program: URL(fileURLWithPath: "/usr/bin/script"))
            #expect(run.text.contains("status=\(status)") && run.text.contains(said) && !run.text.contains("PNG\r\n"),
                    "\(command): \(run.text)")
        }
    }

    /// `diff --out -` writes the diff image to standard output (it made a file named "-"), and
    /// its summary then goes to standard error, as with `--out /dev/stdout` (it was appended to
    /// the PNG).
    @Test func diffWritesItsImageToStandardOutput() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("tags: [a, b]\n".utf8).write(to: out.appendingPathComponent("t.yaml"))
        _ = try CommandRunner.run(["render", "t.yaml", "-o", "t.png"], in: out)
        for target in ["-", "/dev/stdout"] {
            let run = try CommandRunner.run(["diff", "t.png", "t.png", "--out", target], in: out)
            #expect(run.status == 0 && run.standardError.contains("pixels differ"), "\(target): \(run.standardError)")
            // A whole PNG and nothing after it: it ends with its IEND chunk.
            #expect(run.standardOutput.starts(with: [0x89, 0x50, 0x4E, 0x47]) && !run.text.contains("pixels differ"), "\(target)")
            #expect(run.standardOutput.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(target)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("-").path))
    }
}
