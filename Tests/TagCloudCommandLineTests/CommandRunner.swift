import Foundation
import Testing

/// Runs the built `tagcloud` executable, as a user would.
struct CommandRunner {
    /// What a run gave.
    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: String

        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// The executable: beside the test bundle (`.build/<triple>/debug`), or in the package's
    /// `.build/debug`.
    static let executable: URL = {
        var candidates = [Bundle.main.bundleURL.appendingPathComponent("tagcloud"),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                              .appendingPathComponent("tagcloud")]
        for configuration in ["debug", "release"] {
            candidates.append(packageRoot.appendingPathComponent(".build/\(configuration)/tagcloud"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// Runs `tagcloud` with arguments, in a folder, with standard input.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `tagcloud`.
    ///   - folder: The working folder.
    ///   - input: Standard input.
    ///   - environment: Variables set on top of this process's environment.
    ///   - program: Another program to run instead (`script`, to give the command a terminal).
    /// - Returns: The exit status and the output.
    /// Ignores SIGPIPE in the test process, once: a write to a pipe the command closed is an
    /// error (EPIPE), as it is in the command itself.
    private static let ignoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static func run(_ arguments: [String], in folder: URL? = nil, input: Data? = nil,
                    environment extra: [String: String] = [:], program: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var environment = ProcessInfo.processInfo.environment
        environment["TAGCLOUD_FONTS"] = packageRoot.appendingPathComponent("Fonts").path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let errorData = LockedData()
        let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        // The command may stop reading before the end (a spec over --max-input-size, an early
        // error): the rest of the input then meets a closed pipe, an error ignored here, not a
        // SIGPIPE that would end the test process.
        _ = ignoresBrokenPipes
        if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
        try? stdin.fileHandleForWriting.close()
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Output(status: process.terminationStatus, standardOutput: outputData,
                      standardError: String(decoding: errorData.value, as: UTF8.self))
    }
}

/// Data handed over from a reading thread.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}
