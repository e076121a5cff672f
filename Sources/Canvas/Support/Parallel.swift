import Dispatch

/// Runs independent pieces of one render on several cores.
package enum Parallel {
    /// Calls `body` once for each index in `0..<count`, on as many threads as there are cores (the
    /// calling thread is one of them), and returns the results in index order.
    ///
    /// Dispatch hands out indices one by one as threads become free, so a slow piece does not hold
    /// up the others, and the calling thread works too: it never waits idle for a thread that is
    /// not running. With one piece, `body` runs on the calling thread alone.
    ///
    /// - Parameters:
    ///   - count: The number of pieces.
    ///   - body: Computes piece `index`; it must touch nothing another piece writes.
    /// - Returns: The results, `results[i] == body(i)`.
    /// - Throws: The error of the lowest-numbered piece that failed, after every piece has ended.
    package static func map<Result, Failure: Error>(_ count: Int, _ body: (Int) throws(Failure) -> Result) throws(Failure) -> [Result] {
        if count == 1 { return [try body(0)] }
        let slots = UnsafeMutablePointer<Swift.Result<Result, Failure>?>.allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
        defer {
            slots.deinitialize(count: count)
            slots.deallocate()
        }
        // Each index writes only its own slot, and concurrentPerform returns after every write.
        withoutActuallyEscaping(body) { body in
            let box = UncheckedBox((body, slots))
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let (body, slots) = box.value
                slots[index] = Swift.Result { () throws(Failure) in try body(index) }
            }
        }
        var results: [Result] = []
        results.reserveCapacity(count)
        for index in 0..<count {
            guard let result = slots[index] else { preconditionFailure("concurrentPerform skipped piece \(index)") }
            results.append(try result.get())
        }
        return results
    }
}

/// Carries a value that is not `Sendable` into a closure that runs on other threads, where the
/// caller guarantees that the threads use it safely.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
