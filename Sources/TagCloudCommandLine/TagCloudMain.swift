// The tagcloud process: guards its standard streams and signals, parses arguments, runs one
// command, maps its error to an exit code.
import ArgumentParser
import Foundation
import TagCloud

#if canImport(Glibc)
import Glibc
#endif

/// The `tagcloud` executable's `main`.
package enum TagCloudMain {
    /// Sets glibc's allocator for a process that renders picture after picture.
    ///
    /// - Freed memory at the top of a heap is kept up to 64 MiB (`M_TRIM_THRESHOLD`), not given
    ///   back to the system at once: a worker thread's heap was trimmed after each cloud of a
    ///   batch (`madvise(MADV_DONTNEED)` of about 5 MiB) and its pages faulted in and zeroed again
    ///   by the next, as 2 MiB huge pages (50 clouds of a batch: 11,861 page faults, 2,623 with
    ///   the setting, `perf stat`).
    /// - Blocks from 4 MiB are mapped on their own (`M_MMAP_THRESHOLD`). Setting the trim
    ///   threshold stops glibc from moving the mapping threshold (from 128 KiB up to 32 MiB as
    ///   large blocks are freed), so it is set too: blocks under 4 MiB (a picture's compressed
    ///   parts) come from the heap that is kept, and larger growing arrays (a layout's JSON) are
    ///   mapped, where `realloc` moves them without copying.
    ///
    /// Set once, before any thread starts; the library leaves the allocator as its host set it.
    /// `mallopt` is looked up at run time (Swift's Glibc module leaves out `malloc.h`); a C
    /// library without it (musl) keeps its own behaviour.
    private static func tuneMemoryAllocator() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        // glibc's malloc.h: M_TRIM_THRESHOLD is -1, M_MMAP_THRESHOLD -3.
        _ = mallopt(-1, 64 << 20)
        _ = mallopt(-3, 4 << 20)
        #endif
    }

    /// The arguments with an output named in the same argument as `-o` (`-oout.png`, `-o-`,
    /// `-o-out.png`) given as `--output=out.png`, as getopt reads a short option's attached value
    /// (a name starting with `-` included); nothing after `--` changes (`-- -ofile.yaml` names
    /// an input). `-o=FILE` is left as it is (and refused as an unknown option): getopt would
    /// name the file `=FILE`.
    static func separatingAttachedOutput(_ arguments: [String]) -> [String] {
        var options = true
        return arguments.map { argument in
            if argument == "--" { options = false }
            guard options, argument.hasPrefix("-o"), argument.count > 2, !argument.hasPrefix("-o=") else { return argument }
            return "--output=" + argument.dropFirst(2)
        }
    }

    /// Ends the process with `code`, once the warm-up has ended
    /// (``TagCloudCommand/finishWarmingUp()``): every exit of the command goes through it.
    private static func exit(_ code: Int32) -> Never {
        TagCloudCommand.finishWarmingUp()
        Foundation.exit(code)
    }

    /// Runs the command line and exits with its exit code (``TagCloudExitCode``).
    ///
    /// Before anything else: closed standard streams are opened on `/dev/null` (and remembered,
    /// ``StandardStreams``), SIGPIPE is ignored (a closed pipe is a write error, exit 73), and
    /// SIGINT, SIGTERM and SIGHUP remove a named temporary output before they end the process
    /// (``TemporaryFileCleanup``).
    ///
    /// - Parameter arguments: The arguments after the program's name.
    @MainActor
    package static func run(_ given: [String]) -> Never {
        // A large spec: the same command again, its heaps in huge pages (before anything is read).
        HugePageRestart.restartIfItPays(given)
        // `-oFILE`, as getopt reads it: the output named in the same argument.
        let arguments = separatingAttachedOutput(given)
        _ = StandardStreams.closedAtStart
        // Its messages name the options that set a value (`"width" (--width)`).
        TagCloudError.namesCommandLineOptions.store(true, ordering: .relaxed)
        tuneMemoryAllocator()
        signal(SIGPIPE, SIG_IGN)
        // A write past `ulimit -f` fails with EFBIG, said as an unwritable output (73), instead
        // of the signal ending the process without a word (status 153): a batch's writing
        // threads, which block signals, said it; a single render was killed.
        signal(SIGXFSZ, SIG_IGN)
        TemporaryFileCleanup.install()
        // Swift reads arguments as UTF-8, a byte that is not becoming U+FFFD: such a file name
        // would be read as a name that does not exist, or written as another file than the one
        // named. Refused, naming the argument.
        if let bad = notUTF8Argument() {
            // A name on disk can only be renamed; a value (`--href`, `--set`) is retyped.
            let remedy = bad.namesAFile ? "rename the file or folder" : "give it as UTF-8 text"
            let message = "argument \(bad.position) (\(quoted(bad.shown))) is not UTF-8 text; tagcloud reads names "
                + "and values as UTF-8 (\(remedy))"
            // `tagcloud diff` exits 0, 1 or 2 whatever goes wrong, as its help says.
            fail(arguments.first == "diff" ? CommandError.cannotCompareImages(reason: message) : CommandError.usage(message))
        }
        // `tagcloud help NAME` for a command that does not exist: the parser printed the general
        // help and exited 0, as if it were an answer.
        if arguments.first == "help", arguments.count > 1, let name = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }),
           !Tagcloud.configuration.subcommands.contains(where: { $0._commandName == name }) {
            let names = Tagcloud.configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            fail(CommandError.usage("there is no command \(quoted(name)) to explain; the commands are \(names)"))
        }
        // `tagcloud rendr a.yaml` said "2 unexpected arguments"; `tagcloud` alone printed the help
        // and exited 0, so a script's `tagcloud $EMPTY` succeeded.
        let commandNames = Tagcloud.configuration.subcommands.map { $0._commandName }
        if arguments.isEmpty {
            StandardStreams.diagnostic(Tagcloud.helpMessage() + "\n")
            fail(CommandError.usage("no command given; the commands are \(commandNames.joined(separator: ", "))"))
        }
        if let first = arguments.first, !first.hasPrefix("-"), first != "help", !commandNames.contains(first) {
            let near = commandNames.first { $0.lowercased() == first.lowercased() } ?? nearestName(to: first, in: commandNames)
            fail(CommandError.usage("there is no command \(quoted(first))" + (near.map { "; did you mean \(quoted($0))?" } ?? "")
                                    + " (the commands are \(commandNames.joined(separator: ", ")))"))
        }
        // `tagcloud --version extra` printed the version and ignored the rest, exit 0.
        if arguments.first == "--version", arguments.count > 1 {
            fail(CommandError.usage("--version takes no arguments, but \(quoted(arguments[1])) follows it"))
        }
        if arguments.first == "render" {
            let rest = Array(arguments.dropFirst())
            let parsed: RenderCommandLine.Parsed
            do {
                parsed = try RenderCommandLine.parse(rest)
            } catch {
                fail(error)
            }
            switch parsed {
            case .run(let line):
                // Fonts, shaping plans and Cairo set themselves up on the second core while this
                // one reads the spec.
                TagCloudCommand.startWarmingUp()
                render(line)
            case .help:
                finish(output: Tagcloud.helpMessage(for: Render.self) + "\n", exitCode: .success)
            case .version:
                finish(output: TagCloudVersion.string + "\n", exitCode: .success)
            }
        }
        // An output named twice (`animate -o a.svg -o b.svg`) was the last one, in silence, where
        // render refuses it: refused alike, with the command's usage.
        if let message = outputNamedTwice(in: arguments) {
            StandardStreams.diagnostic(usageError(message, command: arguments.first) + "\n")
            exit(arguments.first == "diff" ? TagCloudExitCode.diffFailed.rawValue : TagCloudExitCode.usage.rawValue)
        }
        for warning in valuesGivenTwice(in: arguments) { warnOnStandardError(warning) }
        let command: any ParsableCommand
        do {
            command = try Tagcloud.parseAsRoot(arguments)
        } catch {
            end(parserError: error, arguments: arguments)
        }
        do throws(CommandError) {
            switch command {
            case let animate as Animate:
                let result = try TagCloudCommand.animate(try animate.request(), warn: warnOnStandardError)
                if animate.verbose { warnOnStandardError(result.summary) }
            case let samples as Samples:
                let report = try TagCloudCommand.samples(samples.request(), progress: { line throws(CommandError) in
                    try StandardStreams.output(line + "\n")
                })
                for (sample, error) in report.failures {
                    StandardStreams.diagnostic(TagCloudCommand.failure(error, of: sample) + "\n")
                }
                try StandardStreams.output(report.summary + "\n")
                exit(report.exitCode.rawValue)
            case is Fonts:
                try StandardStreams.output(try TagCloudCommand.fonts())
            case let preview as Preview:
                let (server, host, port) = try preview.server()
                Task {
                    do {
                        try await server.run(host: host, port: port) { url in
                            let line = "Previewing \(escapingControls(preview.spec)) at \(url) (Ctrl-C stops)\n"
                            try? StandardStreams.output(line)
                        }
                        exit(TagCloudExitCode.success.rawValue)
                    } catch {
                        fail(.cannotListen(host: host, port: port, reason: PreviewServer.listenFailure(error)))
                    }
                }
                dispatchMain()
            case let collect as Collect:
                let summary = try TagCloudCommand.collectSpec(try collect.options.commandLine(folders: collect.folders).request(),
                                                              output: collect.output, warn: warnOnStandardError)
                if collect.verbose { warnOnStandardError(summary) }
            case let diff as Diff:
                let outcome: DiffOutcome
                do {
                    outcome = try TagCloudCommand.diff(diff.request())
                    if outcome.imageOnStandardOutput {
                        StandardStreams.diagnostic(outcome.summary + "\n")
                    } else {
                        try StandardStreams.output(outcome.summary + "\n")
                    }
                } catch {
                    // diff's own contract: 2 for any trouble, a full standard output included.
                    if case .cannotCompareImages = error { fail(error) }
                    StandardStreams.diagnostic("error: \(error.description)\n")
                    exit(TagCloudExitCode.diffFailed.rawValue)
                }
                if let failure = outcome.diffImageFailure { fail(failure) }
                exit(outcome.exitCode.rawValue)
            default:
                // `tagcloud`, `tagcloud help …`: swift-argument-parser's help, which it throws.
                var other = command
                do {
                    try other.run()
                } catch {
                    end(parserError: error, arguments: arguments)
                }
            }
        } catch {
            fail(error)
        }
        exit(TagCloudExitCode.success.rawValue)
    }

    /// Ends the process for what swift-argument-parser threw: help is output (exit 0, or 73 when
    /// standard output cannot take it), anything else an error on standard error with its exit
    /// code; `tagcloud diff` promises 0, 1 or 2 (as diff(1) does), so its usage errors exit with 2.
    ///
    /// An error is written as `render` writes its own (``RenderCommandLine``): `error: ` and what is
    /// wrong, then `usage: ` and the command's usage with where its help is, instead of the
    /// parser's own block (`Error:`, `Help:`, `Usage:` and a line of advice), so that every
    /// command's mistakes read alike.
    static func end(parserError error: any Error, arguments: [String]) -> Never {
        let code = Tagcloud.exitCode(for: error)
        if code == .success {
            let message = Tagcloud.fullMessage(for: error)
            finish(output: message.isEmpty ? "" : message + "\n", exitCode: .success)
        }
        let message = Self.checkingSuggestion(unknownOption(in: arguments, missing: error) ?? Tagcloud.message(for: error))
        StandardStreams.diagnostic(usageError(message, command: arguments.first) + "\n")
        exit(arguments.first == "diff" ? TagCloudExitCode.diffFailed.rawValue : code.rawValue)
    }

    /// The parser's message for an unknown option in `arguments`, when it reported a missing
    /// argument instead (swift-argument-parser checks for missing arguments before it looks at the
    /// ones left over, so `tagcloud animate --bogus` said `<from>` was missing, which sends the
    /// user after the wrong mistake). The arguments are parsed again with stand-ins for the missing
    /// ones (an option's after the user's options, a positional one after `--`), at most six
    /// times; `nil` if no unknown option turns up.
    static func unknownOption(in arguments: [String], missing error: any Error) -> String? {
        var message = Tagcloud.message(for: error)
        var options: [String] = [], positionals: [String] = []
        for _ in 0..<6 {
            guard message.lowercased().hasPrefix("missing expected argument"),
                  let name = message.firstMatch(of: /'([^' ]+)/)?.1 else { break }
            if name.hasPrefix("-") { options += [String(name), "stand-in"] } else { positionals.append("stand-in") }
            // After `--` every argument is positional, so a stand-in is never taken for an option.
            // Options before the user's `--`, when there is one.
            let split = arguments.firstIndex(of: "--") ?? arguments.endIndex
            let padded = Array(arguments[..<split]) + options + ["--"] + Array(arguments[split...].dropFirst()) + positionals
            do {
                _ = try Tagcloud.parseAsRoot(padded)
                return nil
            } catch {
                message = Tagcloud.message(for: error)
            }
        }
        // Only an option the user gave: the stand-ins are never options.
        return message.lowercased().hasPrefix("unknown option") ? message : nil
    }

    /// The options of each command (other than render, which reads its own) that name the file or
    /// folder it writes.
    static let outputOptions: [String: Set<String>] = ["animate": ["-o", "--output"], "collect": ["-o", "--output"],
                                                       "diff": ["--out"], "samples": ["--out"]]

    /// The message for a command's output option given twice, as render says it (`-o is given
    /// twice ("a.svg" and "b.svg"); it names one file`), or `nil`. Arguments after `--` are not
    /// options.
    package static func outputNamedTwice(in arguments: [String]) -> String? {
        guard let command = arguments.first, let names = outputOptions[command] else { return nil }
        var first: (option: String, value: String)?
        for given in optionValues(in: arguments, named: names) {
            // `-o` and `--output` are one option.
            if let first {
                let named = first.option == given.option ? given.option : "\(first.option) and \(given.option) are one option, and it"
                return "\(named) is given twice (\(quoted(first.value)) and \(quoted(given.value))); "
                    + "it names one \(command == "samples" ? "folder" : "file")"
            }
            first = given
        }
        return nil
    }

    /// The values given to the options `names` in a command's arguments (`--name value`,
    /// `--name=value`, `-o value`), in order; arguments after `--` are not options, and an option
    /// without its value at the end gives none.
    static func optionValues(in arguments: [String], named names: Set<String>) -> [(option: String, value: String)] {
        var values: [(option: String, value: String)] = []
        var index = 1
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            let equals = argument.hasPrefix("--") ? argument.firstIndex(of: "=") : nil
            let option = equals.map { String(argument[..<$0]) } ?? argument
            guard names.contains(option) else { continue }
            if let equals {
                values.append((option, String(argument[argument.index(after: equals)...])))
            } else if index < arguments.count {
                values.append((option, arguments[index]))
                index += 1
            }
        }
        return values
    }

    /// The options of each command (other than render) that take one value, the last one given
    /// being used: given twice with another value, they are warned about.
    static let singleValueOptions: [String: Set<String>] = [
        "animate": ["--format", "--animation", "--fps", "--hold", "--scale", "--max-input-size"],
        "collect": ["--language", "--href", "--min-count", "--top", "--sort"],
        "diff": ["--threshold", "--max-diff-pixels", "--max-pixels"],
        "samples": ["--samples"],
    ]

    /// Warnings for a command's single-value option given twice with different values (`collect
    /// --top 2 --top 3`, likely a slip in a build script; the last one is used, as render says).
    package static func valuesGivenTwice(in arguments: [String]) -> [String] {
        guard let command = arguments.first, let names = singleValueOptions[command] else { return [] }
        var seen: [String: String] = [:], warnings: [String] = []
        for (option, value) in optionValues(in: arguments, named: names) {
            if let first = seen[option], first != value { warnings.append(RenderCommandLine.givenTwice(String(option.dropFirst(2)), first, value)) }
            seen[option] = value
        }
        return warnings
    }

    /// The parser's message for an unknown option, without its "Did you mean" when the option it
    /// names is not spelled like the unknown one by the rule of every other suggestion
    /// (``nearestName(to:in:maxDistance:)``): the parser suggested `--out` for `--bogus`.
    static func checkingSuggestion(_ message: String) -> String {
        guard let match = message.firstMatch(of: /^(Unknown option '([^']+)'\.) Did you mean '([^']+)'\?/) else { return message }
        func bare(_ option: Substring) -> String { String(option.drop { $0 == "-" }) }
        if nearestName(to: bare(match.2), in: [bare(match.3)]) != nil { return message }
        return String(match.1) + message[match.range.upperBound...]
    }

    /// `error: <message>` (its first letter lower-case and names in double quotes, as every other
    /// message of the command),
    /// then, for a known command, `usage: tagcloud NAME …; see 'tagcloud NAME --help'`.
    static func usageError(_ message: String, command name: String?) -> String {
        var text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        // "Missing expected argument" → "missing …"; a word in capitals ("URL …") stays.
        if let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) {
            text = first.lowercased() + text.dropFirst()
        }
        // Names in double quotes, as every other message writes them (the parser writes '--bogus');
        // an empty value too (`''`: taken for the text between two quotes, it garbled the line).
        text = text.replacing(/'([^'\n]*)'/) { "\"" + $0.1 + "\"" }
        var lines = "error: " + text
        if let name, let command = Tagcloud.configuration.subcommands.first(where: { $0._commandName == name }) {
            let usage = Tagcloud.usageString(for: command).trimmingCharacters(in: .whitespacesAndNewlines)
            lines += "\nusage: " + usage + "; see 'tagcloud \(name) --help'"
        }
        return lines
    }

    /// Prints `error: …` to standard error and exits with the error's code.
    static func fail(_ error: CommandError) -> Never {
        StandardStreams.diagnostic("error: \(error.description)\n")
        exit(error.exitCode.rawValue)
    }

    /// The first of the process's arguments that is not UTF-8 text: its position (1 for the first
    /// after the program's name) and its text with U+FFFD for the bytes that are not UTF-8.
    static func notUTF8Argument() -> (position: Int, shown: String, namesAFile: Bool)? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: argument) == nil {
                // Whether the bytes as given name something that exists (a link, even a broken one).
                // (Raw memory: the zero initialiser of `stat` is imported from whichever C module
                // included <sys/stat.h> first, and this file sees it missing by turns.)
                let status = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<stat>.size, alignment: 16)
                defer { status.deallocate() }
                return (index, String(cString: argument), lstat(argument, status.assumingMemoryBound(to: stat.self)) == 0)
            }
        }
        return nil
    }

    /// Writes output (help) and exits with `exitCode`, or with 73 when standard output cannot
    /// take it.
    static func finish(output: String, exitCode: TagCloudExitCode) -> Never {
        do throws(CommandError) {
            try StandardStreams.output(output)
        } catch {
            fail(error)
        }
        exit(exitCode.rawValue)
    }

    /// Prints a line on standard error (lost, and nothing else, when standard error is closed
    /// or full).
    static func warnOnStandardError(_ text: String) {
        StandardStreams.diagnostic(text + "\n")
    }

    /// Renders a parsed command line and exits: one spec to one output as a plain render, or
    /// many specs (or formats) in parallel with a progress bar.
    static func render(_ line: RenderCommandLine) -> Never {
        for warning in line.warnings { warnOnStandardError(warning) }
        do throws(CommandError) {
            let request = try line.request()
            let jobs = try TagCloudCommand.plan(request)
            // One spec to one output is a plain render, unless --progress asks for the bar and
            // the summary line, or --out-dir names a batch's folder (a glob that matched one spec
            // ends with the summary line as one that matched two).
            if jobs.count == 1, jobs[0].destinations.count == 1, line.progress != true, line.outputFolder == nil {
                do throws(CommandError) {
                    let result = try TagCloudCommand.render(request, warn: warnOnStandardError)
                    if line.verbose { warnOnStandardError(result.summary) }
                } catch .library(let error) where error.isTheSpecsWithoutPlace && jobs[0].input.map({ $0 != "-" }) == true {
                    // A spec's problem with no place in its text (a picture too large, an
                    // unknown extension) names the spec, as a batch names it; one about a font
                    // file an option gave does not (it named the spec as the font's).
                    fail(.inSpec(name: jobs[0].input ?? "", .library(error)))
                }
                exit(TagCloudExitCode.success.rawValue)
            }
            let bar = ProgressBar(enabled: line.progress ?? ProgressBar.standardErrorIsTerminal)
            let report = try TagCloudCommand.renderAll(request, progress: { bar.update(done: $0, total: $1) },
                                                       report: { bar.message($0) }, listingFiles: line.verbose,
                                                       warn: warnOnStandardError)
            bar.finish()
            if line.progress != false { warnOnStandardError(report.summary) }
            exit(report.exitCode.rawValue)
        } catch {
            fail(error)
        }
    }
}

extension TagCloudError {
    /// Whether this is a problem of a spec's content that has no place in its text, so that a
    /// message naming the spec helps: a picture too large, an unknown extension.
    var isTheSpecsWithoutPlace: Bool {
        guard location == nil, inputPath == nil else { return false }
        switch self {
        case .pictureTooLarge, .pictureHasTooManyPixels, .animationTooLarge, .animationHasTooManyPixels, .unknownFormat: return true
        default: return false
        }
    }
}
