import Foundation

/// A value behind a POSIX mutex: every access goes through ``withLock(_:)``.
///
/// Typesetting uses this rather than `Synchronization.Mutex` because ThreadSanitizer on Linux does
/// not see `Mutex`'s futex-based locking and reports races on every value it protects (a
/// twelve-line program with one `Mutex` shows it), while it understands `pthread_mutex_t`, so the
/// thread-safety tests can run under `--sanitize=thread` and mean something. The mutex is owned by
/// this object and destroyed in `deinit`. Canvas uses it for its caches for the same reason.
///
/// The value has a size: a zero-sized one (`Void`) sits at the address of the mutex's pointer,
/// which ThreadSanitizer then reports as a race between the locked write of the value and another
/// thread's read of the pointer before it locks.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        assert(MemoryLayout<Value>.size > 0, "Locked needs a value with a size (see the type's documentation)")
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // A default mutex cannot fail to initialise except for lack of memory.
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    }

    /// Runs `body` with exclusive access to the value. (Locking a valid default mutex that this
    /// thread does not hold cannot fail, so the results are not checked.)
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }
}
