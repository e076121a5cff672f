import Foundation

/// Runs some of this test binary's Swift Testing tests in a child process, for what one process
/// cannot test on itself (an environment variable a C library reads when it loads).
struct ChildTestRun {
    /// The child's exit status.
    var status: Int32
    /// What it wrote to standard output.
    var output: String
    /// What it wrote to standard error.
    var standardError: String

    /// Runs the tests whose identifiers match `filter` (a regular expression, as `swift test
    /// --filter` takes) in a new process of this test binary, and waits for it.
    ///
    /// - Parameters:
    ///   - filter: Which tests to run.
    ///   - environment: The child's whole environment.
    /// - Returns: The child's status and output.
    /// - Throws: If the child cannot be started or its output read.
    static func run(filter: String, environment: [String: String]) throws -> ChildTestRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout"), errorURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let outputHandle = try FileHandle(forWritingTo: outputURL), errorHandle = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        process.environment = environment
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try outputHandle.close()
        try errorHandle.close()
        return ChildTestRun(status: process.terminationStatus,
                            output: try String(contentsOf: outputURL, encoding: .utf8),
                            standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }
}
