// The tagcloud process: parses arguments, runs one command, maps its error to an exit code.
import ArgumentParser
import Foundation
import TagCloud

#if canImport(Glibc)
import Glibc
#endif

/// The `tagcloud` executable's `main`.
package enum TagCloudMain {
    /// Runs the command line and exits with its exit code (``TagCloudExitCode``).
    ///
    /// - Parameter arguments: The arguments after the program's name.
    @MainActor
    package static func run(_ arguments: [String]) -> Never {
        // A closed pipe gives a write error (exit 73) instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
        if arguments.first == "render" {
            // Fonts, shaping plans and Cairo set themselves up on the second core while this one
            // parses.
            let rest = Array(arguments.dropFirst())
            let parsed: RenderCommandLine.Parsed
            do {
                parsed = try RenderCommandLine.parse(rest)
            } catch {
                fail(error)
            }
            switch parsed {
            case .run(let line):
                TagCloudCommand.startWarmingUp()
                render(line)
            case .help:
                print(Tagcloud.helpMessage(for: Render.self))
                exit(TagCloudExitCode.success.rawValue)
            }
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
            case let samples as Samples:
                let report = try TagCloudCommand.samples(samples.request(), progress: { print($0) })
                print(report.summary)
            case is Fonts:
                print(try TagCloudCommand.fonts(), terminator: "")
            case let preview as Preview:
                let (server, host, port) = try preview.server()
                Task {
                    do {
                        try await server.run(host: host, port: port) { url in
                            let line = "Previewing \(preview.spec) at \(url) (Ctrl-C stops)\n"
                            _ = try? StandardStreams.write(Data(line.utf8), to: 1)
                        }
                        exit(TagCloudExitCode.success.rawValue)
                    } catch {
                        fail(.usage("the preview server cannot listen on \(host):\(port): \(error)"))
                    }
                }
                dispatchMain()
            case let collect as Collect:
                let summary = try TagCloudCommand.collectSpec(try collect.options.commandLine(folders: collect.folders).request(),
                                                              output: collect.output, warn: warnOnStandardError)
                if collect.verbose { warnOnStandardError(summary) }
            case let diff as Diff:
                let outcome = try TagCloudCommand.diff(diff.request())
                print(outcome.summary)
                exit(outcome.exitCode.rawValue)
            default:
                var other = command
                try other.run()
            }
        } catch let error as CommandError {
            fail(error)
        } catch {
            Tagcloud.exit(withError: error)
        }
        exit(TagCloudExitCode.success.rawValue)
    }

    /// Prints `error: …` to standard error and exits with the error's code.
    static func fail(_ error: CommandError) -> Never {
        FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
        exit(error.exitCode.rawValue)
    }

    /// Prints a line on standard error.
    static func warnOnStandardError(_ text: String) {
        _ = try? StandardStreams.write(Data((text + "\n").utf8), to: 2)
    }

    /// Renders a parsed command line and exits: one spec to one output as a plain render, or
    /// many specs (or formats) in parallel with a progress bar.
    static func render(_ line: RenderCommandLine) -> Never {
        do {
            let request = try line.request()
            let jobs = try TagCloudCommand.plan(request)
            if jobs.count == 1, jobs[0].destinations.count == 1 {
                let result = try TagCloudCommand.render(request, warn: warnOnStandardError)
                if line.verbose { warnOnStandardError(result.summary) }
                exit(TagCloudExitCode.success.rawValue)
            }
            let bar = ProgressBar(enabled: line.progress ?? ProgressBar.standardErrorIsTerminal)
            let report = try TagCloudCommand.renderAll(request, progress: { bar.update(done: $0, total: $1) },
                                                       report: { bar.message($0) }, warn: warnOnStandardError)
            bar.finish()
            if line.progress != false { warnOnStandardError(report.summary) }
            exit(report.exitCode.rawValue)
        } catch {
            fail(error)
        }
    }
}
