import Foundation

/// A layout whose subviews may be measured on several threads at once, such as a
/// ``FlowLayout`` with ``FlowLayout/measuresSubviewsConcurrently``: ``LayoutHost`` then also sizes
/// them for their placements on every core.
///
/// Only for subviews that can be measured on any thread, several at once: views that keep their
/// state in their own nodes and measure text through a thread-safe typesetter, such as a tag
/// cloud's chips. The results are those of measuring one by one.
public protocol ConcurrentlyMeasuredLayout: Layout {
    /// Whether the subviews may be measured on several threads at once.
    var measuresSubviewsConcurrently: Bool { get }
}

extension ConcurrentlyMeasuredLayout {
    /// The fewest subviews measured on several threads: below it, starting the threads costs more
    /// than measuring (a chip takes a few microseconds).
    public static var concurrentMeasuringThreshold: Int { 2048 }
}

/// Calls `body` with each index of `0..<count`: in order on this thread, or, when `concurrently`
/// and there are at least ``ConcurrentlyMeasuredLayout/concurrentMeasuringThreshold`` of them, in
/// contiguous chunks on every core (eight chunks a core, so that a slow chunk does not hold the
/// others up). `body` must touch nothing that another index touches.
func forEachSubviewIndex(_ count: Int, concurrently: Bool, _ body: (Int) -> Void) {
    let workers = Cores.active
    guard concurrently, count >= FlowLayout.concurrentMeasuringThreshold, workers > 1 else {
        for index in 0..<count { body(index) }
        return
    }
    withoutActuallyEscaping(body) { body in
        // Unchecked: each index is measured once, into slots of its own.
        nonisolated(unsafe) let body = body
        let chunks = workers * 8
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for index in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) { body(index) }
        }
    }
}
