import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Removes a named temporary output file when SIGINT, SIGTERM or SIGHUP ends the process, then
/// lets the signal end it as it would have (the shell sees the signal, not an exit code).
///
/// Outputs are written through unnamed files (``OutputFile``) wherever the file system allows;
/// a named temporary exists only where it does not, or for the moment between linking a
/// finished output and renaming it over the old file. One is registered at a time (the command
/// writes its files one after another); the handler reads it with an atomic load and calls only
/// async-signal-safe functions (`unlink`, `signal`, `raise`).
///
/// SIGPIPE is not among the signals: the command ignores it, so a closed pipe makes a write fail
/// with `EPIPE` and the temporary is removed as for any failed write. SIGKILL cannot be caught;
/// an unnamed file needs no cleanup.
package enum TemporaryFileCleanup {
    /// The address of the path of the temporary to remove, a C string made by `strdup`, or 0.
    private static let pending = Atomic<UInt>(0)

    /// The signals that remove the temporary before ending the process.
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handler for ``signals``; the `tagcloud` executable calls this once at start.
    ///
    /// A signal the process was started ignoring stays ignored (`nohup`, a shell's background
    /// job without job control), as Unix tools leave it.
    package static func install() {
        let ignore = unsafeBitCast(SIG_IGN, to: Int.self)
        for number in signals where unsafeBitCast(signal(number, SIG_IGN), to: Int.self) != ignore {
            signal(number, handleSignal)
        }
    }

    /// Registers the temporary file to remove, replacing any registered one.
    ///
    /// - Parameter path: Its path, absolute or relative to the working folder.
    static func register(_ path: String) {
        let copy = UInt(bitPattern: strdup(path))
        free(UnsafeMutableRawPointer(bitPattern: pending.exchange(copy, ordering: .acquiringAndReleasing)))
    }

    /// Forgets the registered temporary (it was renamed into place or removed).
    static func unregister() {
        free(UnsafeMutableRawPointer(bitPattern: pending.exchange(0, ordering: .acquiringAndReleasing)))
    }
}

/// Removes the registered temporary, restores the signal's default action and raises it again.
private func handleSignal(_ number: Int32) {
    if let path = TemporaryFileCleanup.pendingPath() { unlink(path) }
    signal(number, SIG_DFL)
    raise(number)
}

extension TemporaryFileCleanup {
    /// The registered path, for the signal handler.
    fileprivate static func pendingPath() -> UnsafeMutablePointer<CChar>? {
        UnsafeMutablePointer(bitPattern: pending.load(ordering: .acquiring))
    }
}
