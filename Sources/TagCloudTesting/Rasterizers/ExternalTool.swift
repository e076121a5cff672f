import Foundation
import Typesetting

/// A program a strategy runs (`rsvg-convert`, `pdftoppm`): found on the `PATH`, run with its input
/// on standard input or in a file, its standard output collected.
struct ExternalTool: Sendable {
    /// The program's name.
    let name: String
    /// The Debian package that installs it, for the error message.
    let debianPackage: String

    /// The program's path, or `nil` when it is not on the `PATH`.
    var executable: URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the program and waits for it.
    ///
    /// - Parameters:
    ///   - arguments: Its arguments.
    ///   - input: Bytes for its standard input, written on another thread while this one reads its
    ///     output, so that neither pipe fills up; `nil` for none.
    /// - Returns: What it wrote to standard output.
    /// - Throws: ``SnapshotError/toolNotInstalled(tool:debianPackage:)`` or
    ///   ``SnapshotError/toolFailed(tool:status:message:)``.
    func run(_ arguments: [String], input: Data? = nil) throws(SnapshotError) -> Data {
        guard let executable else { throw .toolNotInstalled(tool: name, debianPackage: debianPackage) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let inputPipe = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .toolFailed(tool: name, status: -1, message: "cannot start \(executable.path): \(error)")
        }
        if let input {
            let handle = inputPipe.fileHandleForWriting
            let writer = Thread {
                // A program that exits without reading all its input closes the pipe: the write
                // then fails (its status is the program's to report) instead of raising SIGPIPE,
                // which is blocked on this thread only and dies with it, or trapping in
                // FileHandle's non-throwing write.
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                try? handle.write(contentsOf: input)
                try? handle.close()
            }
            writer.start()
        }
        // Standard error is read on its own thread too: a chatty program must not block on it.
        let messages = Locked(Data())
        let errorHandle = errors.fileHandleForReading
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            let data = errorHandle.readDataToEndOfFile()
            messages.withLock { $0 = data }
            errorsRead.signal()
        }.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        guard process.terminationStatus == 0 else {
            throw .toolFailed(tool: name, status: process.terminationStatus,
                              message: String(decoding: messages.withLock { $0 }, as: UTF8.self))
        }
        return data
    }
}
