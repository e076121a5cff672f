package import Foundation
package import TagCloud
#if canImport(Glibc)
import Glibc
#endif

/// The process's standard streams, used so that none of them can crash the command.
///
/// - A stream closed when the process starts (`<&-`, `>&-`, `2>&-`) is opened on `/dev/null`
///   at once, so that no file the command opens takes its number (a closed standard error would
///   otherwise make the output file descriptor 2, and a message would be written into the
///   picture). What was closed is remembered: reading a closed standard input is an error
///   (exit 66), writing output to a closed standard output too (exit 73).
/// - Output (`-o -`, `tagcloud fonts`, `diff`'s summary, help) is written with `write(2)`, and a
///   failure (closed, full, a closed pipe) is an error the command reports (exit 73).
/// - Diagnostics (`error: …`, `-v`) are written the same way, and a failure is ignored: a full
///   or closed standard error loses the message and nothing else.
/// - Nothing goes through `FileHandle`, whose methods trap on these errors.
package enum StandardStreams {
    /// Whether standard input, output and error (0, 1, 2) were closed when the process started.
    /// The first use opens each closed one on `/dev/null`; ``TagCloudMain`` uses it first thing.
    package static let closedAtStart: [Bool] = (Int32(0)...2).map { descriptor in
        guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { return false }
        // open(2) gives the lowest free number, which is this one: the lower ones are open.
        let reopened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
        if reopened >= 0, reopened != descriptor {
            dup2(reopened, descriptor)
            close(reopened)
        }
        return true
    }

    /// Writes command output to standard output.
    ///
    /// - Parameter data: The bytes.
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` for the path `-` when standard
    ///   output is closed, full, or a pipe nothing reads.
    package static func output(_ data: Data) throws(CommandError) {
        if closedAtStart[1] { throw .cannotWriteOutput(path: "-", reason: "it is closed") }
        if let failure = OutputFile.writeAll(data, to: 1) { throw .cannotWriteOutput(path: "-", reason: failure) }
    }

    /// Writes command output text to standard output, as ``output(_:)-(Data)``.
    ///
    /// - Parameter text: The text, written as UTF-8.
    /// - Throws: As ``output(_:)-(Data)``.
    package static func output(_ text: String) throws(CommandError) {
        try output(Data(text.utf8))
    }

    /// Writes a diagnostic to standard error; if that fails, the message is lost and nothing
    /// else happens.
    ///
    /// - Parameter text: The text, written as UTF-8.
    package static func diagnostic(_ text: String) {
        _ = OutputFile.writeAll(Data(text.utf8), to: 2)
    }

    /// Reads all of standard input, at most `limit` bytes.
    ///
    /// - Parameter limit: The most bytes accepted.
    /// - Returns: The bytes and whether standard input is a regular file.
    /// - Throws: ``TagCloudError/cannotReadInput(path:reason:)`` naming `<stdin>` when standard
    ///   input is closed or cannot be read, ``TagCloudError/inputTooLarge(path:limit:)``.
    package static func readInput(limit: Int) throws(TagCloudError) -> [UInt8] {
        if closedAtStart[0] { throw .cannotReadInput(path: standardInputName, reason: "standard input is closed") }
        return try SpecReader.read(descriptor: 0, name: standardInputName, limit: limit).bytes
    }

    /// What messages call standard input.
    package static let standardInputName = "<stdin>"
}
