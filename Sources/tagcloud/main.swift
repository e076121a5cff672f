// The tagcloud command: parses arguments, calls the TagCloud library, maps errors to exit codes.
import ArgumentParser
import Foundation
import TagCloud
import TagCloudCommandLine

#if canImport(Glibc)
import Glibc
#endif

// A closed pipe gives a write error (exit 73) instead of killing the process.
signal(SIGPIPE, SIG_IGN)

/// Prints `error: …` to standard error and exits with the error's code.
func fail(_ error: TagCloudError) -> Never {
    FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
    exit(error.exitCode.rawValue)
}

/// Renders a parsed command line and exits.
@MainActor
func render(_ line: RenderCommandLine) -> Never {
    do {
        let result = try TagCloudCommand.render(try line.request())
        if line.verbose {
            FileHandle.standardError.write(Data((result.summary + "\n").utf8))
        }
        exit(0)
    } catch {
        fail(error)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
// Fonts, shaping plans and Cairo set themselves up on the second core while this one parses.
if arguments.first == "render", !arguments.contains("--help"), !arguments.contains("-h") {
    TagCloudCommand.startWarmingUp()
    // The plain forms skip swift-argument-parser's reflection (see RenderCommandLine).
    if let line = RenderCommandLine.parseFast(Array(arguments.dropFirst())) { render(line) }
}
let command: any ParsableCommand
do {
    command = try Tagcloud.parseAsRoot(arguments)
} catch {
    // `tagcloud diff` promises 0, 1 or 2 (as diff(1) does), so its usage errors exit with 2.
    if arguments.first == "diff", Tagcloud.exitCode(for: error) != .success {
        FileHandle.standardError.write(Data((Tagcloud.fullMessage(for: error) + "\n").utf8))
        exit(TagCloudExitCode.diffFailed.rawValue)
    }
    Tagcloud.exit(withError: error)
}

do {
    switch command {
    case let command as Render:
        render(command.commandLine)
    case let samples as Samples:
        let report = try TagCloudCommand.samples(try samples.request(), progress: { print($0) })
        print(report.summary)
    case is Fonts:
        print(try TagCloudCommand.fonts(), terminator: "")
    case let diff as Diff:
        let outcome = try TagCloudCommand.diff(diff.request())
        print(outcome.summary)
        exit(outcome.exitCode.rawValue)
    default:
        var other = command
        try other.run()
    }
} catch let error as TagCloudError {
    fail(error)
} catch {
    Tagcloud.exit(withError: error)
}
