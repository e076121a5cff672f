import CTagCloudSignals

/// Removes a named temporary output file, and the output folders the run made while they are
/// still empty, when SIGINT, SIGTERM or SIGHUP ends the process, then lets the signal end it as
/// it would have (the shell sees the signal, not an exit code).
///
/// Outputs are written through unnamed files (``OutputFile``) wherever the file system allows;
/// a named temporary exists only where it does not, or for the moment between linking a
/// finished output and renaming it over the old file. Each thread has at most one at a time (a
/// thread writes its files one after another), and a batch writes on several threads at once:
/// each registers its temporary in a slot of its own.
///
/// The handler and the state it reads are C (`CTagCloudSignals`): it reads C11 atomics and calls
/// only async-signal-safe functions (`nanosleep`, `write`, `unlink`, `rmdir`, `signal`,
/// `raise`). It was Swift, and iterating its arrays could make a generic type's metadata on
/// first use, which allocates: a signal that came while a thread held the allocator's lock left
/// the process asleep for good (2 interrupted batches in 150).
///
/// SIGPIPE is not among the signals: the command ignores it, so a closed pipe makes a write fail
/// with `EPIPE` and the temporary is removed as for any failed write. SIGKILL cannot be caught;
/// an unnamed file needs no cleanup.
package enum TemporaryFileCleanup {
    /// Runs `create`, the call that makes a registered temporary's name exist (`openat` with
    /// `O_CREAT`, `linkat`), so that a signal's handler on another thread never misses it: the
    /// handler waits until no thread is inside, then removes the registered names, and a thread
    /// arriving after the handler started does not create its temporary (it waits for the signal
    /// to end the process). Without this, a thread linking its temporary just after the handler
    /// removed the names left it behind (about one interrupted batch in 30).
    static func creatingTemporary<Result>(_ create: () -> Result) -> Result {
        tagcloud_signals_begin_creating()
        defer { tagcloud_signals_end_creating() }
        return create()
    }

    /// Says whether a progress bar is drawn on standard error's last line (``ProgressBar``): a
    /// signal clears it, so that the shell's next line does not start after it.
    static func setProgressLineOpen(_ open: Bool) {
        tagcloud_signals_set_progress_line_open(open)
    }

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP; the `tagcloud` executable calls this
    /// once at start.
    ///
    /// A signal the process was started ignoring stays ignored (`nohup`, a shell's background
    /// job without job control), as Unix tools leave it.
    package static func install() {
        tagcloud_signals_install()
    }

    /// Registers the calling thread's temporary file to remove, replacing any it registered.
    /// With every slot taken (more than 64 threads writing at once), it is not registered.
    ///
    /// - Parameter path: Its path, absolute or relative to the working folder.
    static func register(_ path: String) {
        tagcloud_signals_register_temporary(path)
    }

    /// Forgets the calling thread's temporary (it was renamed into place or removed), and frees
    /// its slot.
    static func unregister() {
        tagcloud_signals_unregister_temporary()
    }

    /// Registers one of several temporaries the calling thread keeps at once (a group of outputs
    /// written in full before any is in place), in a slot of its own.
    ///
    /// - Returns: The slot, for ``remove(_:)``; `nil` with every slot taken (not registered).
    static func add(_ path: String) -> Int32? {
        let slot = tagcloud_signals_add_temporary(path)
        return slot >= 0 ? slot : nil
    }

    /// Forgets a temporary ``add(_:)`` registered (renamed into place or removed).
    static func remove(_ slot: Int32?) {
        if let slot { tagcloud_signals_remove_temporary(slot) }
    }

    /// Registers folders the run made, after those registered before (beyond 64, not
    /// registered): a signal removes those still empty, deepest first, so that a run stopped
    /// before it wrote anything leaves no folder behind (as one that wrote nothing does).
    /// `rmdir` removes only empty folders, so one holding an output stays.
    static func registerCreatedFolders(_ paths: [String]) {
        for path in paths { tagcloud_signals_register_created_folder(path) }
    }

    /// The registered paths, for tests.
    static var registeredPaths: [String] {
        (0..<tagcloud_signals_slot_count()).compactMap { index in
            tagcloud_signals_registered_temporary(index).map { String(cString: $0) }
        }
    }
}
