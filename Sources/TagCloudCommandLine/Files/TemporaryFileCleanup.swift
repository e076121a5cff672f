import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Removes a named temporary output file, and the output folders the run made while they are
/// still empty, when SIGINT, SIGTERM or SIGHUP ends the process, then lets the signal end it as
/// it would have (the shell sees the signal, not an exit code).
///
/// Outputs are written through unnamed files (``OutputFile``) wherever the file system allows;
/// a named temporary exists only where it does not, or for the moment between linking a
/// finished output and renaming it over the old file. Each thread has at most one at a time (a
/// thread writes its files one after another), and a batch writes on several threads at once:
/// each registers its temporary in a slot of its own. The handler reads the slots with atomic
/// loads and calls only async-signal-safe functions (`unlink`, `rmdir`, `signal`, `raise`).
///
/// SIGPIPE is not among the signals: the command ignores it, so a closed pipe makes a write fail
/// with `EPIPE` and the temporary is removed as for any failed write. SIGKILL cannot be caught;
/// an unnamed file needs no cleanup.
package enum TemporaryFileCleanup {
    /// One thread's registered temporary.
    final class Slot: Sendable {
        /// The thread that holds the slot (`pthread_self`), or 0 for a free slot.
        let owner = Atomic<UInt>(0)
        /// The address of the temporary's path, a C string made by `strdup`, or 0.
        let path = Atomic<UInt>(0)
    }

    /// The slots: more than the threads that write at once (one per core).
    static let slots: [Slot] = (0..<64).map { _ in Slot() }

    /// How many threads are creating a registered temporary now (``creatingTemporary(_:)``).
    static let creating = Atomic<Int>(0)
    /// Whether a signal is ending the process: no temporary is created from then on.
    static let ending = Atomic<Bool>(false)

    /// Runs `create`, the call that makes a registered temporary's name exist (`openat` with
    /// `O_CREAT`, `linkat`), so that a signal's handler on another thread never misses it: the
    /// handler waits until no thread is inside, then removes the registered names, and a thread
    /// arriving after the handler started does not create its temporary (it waits for the signal
    /// to end the process). Without this, a thread linking its temporary just after the handler
    /// removed the names left it behind (about one interrupted batch in 30).
    static func creatingTemporary<Result>(_ create: () -> Result) -> Result {
        creating.wrappingAdd(1, ordering: .sequentiallyConsistent)
        if ending.load(ordering: .sequentiallyConsistent) {
            creating.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            // The handler is removing the temporaries and will end the process.
            while true { pause() }
        }
        defer { creating.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        return create()
    }

    /// Whether a progress bar is drawn on standard error's last line (``ProgressBar``): a signal
    /// clears it, so that the shell's next line does not start after it.
    static let progressLineIsOpen = Atomic<Bool>(false)

    /// The signals that remove the temporary before ending the process.
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handler for ``signals``; the `tagcloud` executable calls this once at start.
    ///
    /// A signal the process was started ignoring stays ignored (`nohup`, a shell's background
    /// job without job control), as Unix tools leave it.
    package static func install() {
        // Made now, so that the handler never runs their one-time initialisation.
        _ = slots.count
        _ = createdFolders.count
        let ignore = unsafeBitCast(SIG_IGN, to: Int.self)
        for number in signals where unsafeBitCast(signal(number, SIG_IGN), to: Int.self) != ignore {
            signal(number, handleSignal)
        }
    }

    /// Registers the calling thread's temporary file to remove, replacing any it registered.
    /// With every slot taken (more than 64 threads writing at once), it is not registered.
    ///
    /// - Parameter path: Its path, absolute or relative to the working folder.
    static func register(_ path: String) {
        let thread = UInt(pthread_self())
        guard let slot = slots.first(where: { $0.owner.load(ordering: .acquiring) == thread })
            ?? slots.first(where: { $0.owner.compareExchange(expected: 0, desired: thread, ordering: .acquiringAndReleasing).exchanged })
        else { return }
        let copy = UInt(bitPattern: strdup(path))
        free(UnsafeMutableRawPointer(bitPattern: slot.path.exchange(copy, ordering: .acquiringAndReleasing)))
    }

    /// Forgets the calling thread's temporary (it was renamed into place or removed), and frees
    /// its slot.
    static func unregister() {
        let thread = UInt(pthread_self())
        guard let slot = slots.first(where: { $0.owner.load(ordering: .acquiring) == thread }) else { return }
        free(UnsafeMutableRawPointer(bitPattern: slot.path.exchange(0, ordering: .acquiringAndReleasing)))
        slot.owner.store(0, ordering: .releasing)
    }

    /// The folders the run made for its outputs (`--out-dir` and those above it), in the order
    /// made, as `strdup` C strings: a signal removes those still empty, deepest first, so that a
    /// run stopped before it wrote anything leaves no folder behind (as one that wrote nothing
    /// does). `rmdir` removes only empty folders, so one holding an output stays.
    static let createdFolders: [Folder] = (0..<64).map { _ in Folder() }

    /// One folder the run made: the address of its path, a `strdup` C string, or 0.
    final class Folder: Sendable {
        let path = Atomic<UInt>(0)
    }

    /// Registers folders the run made, after those registered before (beyond 64, not registered).
    static func registerCreatedFolders(_ paths: [String]) {
        var remaining = paths[...]
        for slot in createdFolders where !remaining.isEmpty {
            guard let path = remaining.first else { break }
            let copy = UInt(bitPattern: strdup(path))
            if slot.path.compareExchange(expected: 0, desired: copy, ordering: .acquiringAndReleasing).exchanged {
                remaining = remaining.dropFirst()
            } else {
                free(UnsafeMutableRawPointer(bitPattern: copy))
            }
        }
    }

    /// The registered paths, for tests.
    static var registeredPaths: [String] {
        slots.compactMap { slot in
            UnsafeMutablePointer<CChar>(bitPattern: slot.path.load(ordering: .acquiring)).map { String(cString: $0) }
        }
    }
}

/// Removes the registered temporaries, restores the signal's default action and raises it again.
///
/// First it stops new temporaries and waits (up to a fifth of a second, in steps of a
/// millisecond: `nanosleep` is async-signal-safe) for those being created on other threads; a
/// thread the signal interrupted inside ``TemporaryFileCleanup/creatingTemporary(_:)`` makes it
/// wait the whole time, and its temporary, registered before, is removed all the same.
private func handleSignal(_ number: Int32) {
    TemporaryFileCleanup.ending.store(true, ordering: .sequentiallyConsistent)
    var step = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    for _ in 0..<200 where TemporaryFileCleanup.creating.load(ordering: .sequentiallyConsistent) > 0 {
        nanosleep(&step, nil)
    }
    if TemporaryFileCleanup.progressLineIsOpen.load(ordering: .acquiring) {
        let clear: StaticString = "\r\u{1B}[K"
        _ = write(2, clear.utf8Start, clear.utf8CodeUnitCount)
    }
    for slot in TemporaryFileCleanup.slots {
        if let path = UnsafeMutablePointer<CChar>(bitPattern: slot.path.load(ordering: .acquiring)) { unlink(path) }
    }
    for slot in TemporaryFileCleanup.createdFolders.reversed() {
        if let path = UnsafeMutablePointer<CChar>(bitPattern: slot.path.load(ordering: .acquiring)) { rmdir(path) }
    }
    signal(number, SIG_DFL)
    raise(number)
}
