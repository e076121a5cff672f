import Foundation

/// `ForEach(0..<count, id: \.self)` whose elements are resolved on every core when there are
/// many: for views of this package whose element content is made of primitive views and views
/// with nonisolated bodies only (no state, no main-actor body, no lifecycle actions), such as the
/// `TagCloud` library's chips.
///
/// The elements resolve to the same nodes, in the same order, with the same structural identities
/// and tags as they do under `ForEach(0..<count, id: \.self)`: each element's nodes are its own,
/// the inputs are only read (the environment is copied on write), and the resolution context
/// records errors under a lock. A body that needs the main actor stops the program on a worker
/// thread (as it does anywhere off the main actor), so misuse is loud.
package struct _ConcurrentForEach<Content: View>: View {
    /// The number of elements.
    let count: Int
    /// The content of element `index`.
    let content: @Sendable (Int) -> Content

    /// The fewest elements resolved on several threads: below it, starting the threads costs more
    /// than resolving (an element takes a few microseconds).
    package static var parallelThreshold: Int { 2048 }

    /// Creates the elements `0..<count`.
    ///
    /// - Parameters:
    ///   - count: The number of elements.
    ///   - content: The view of one element; called on any thread, several at once.
    package init(count: Int, @ViewBuilder content: @escaping @Sendable (Int) -> Content) {
        self.count = max(0, count)
        self.content = content
    }

    /// A primitive view: its body is `Never`.
    package typealias Body = Never

    /// The nodes of every element, in order, each tagged with its index.
    ///
    /// - Complexity: O(n) work in the number of elements, spread over the cores from
    ///   ``parallelThreshold`` elements.
    package static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let count = view.count
        let workers = ProcessInfo.processInfo.activeProcessorCount
        guard count >= parallelThreshold, workers > 1 else {
            var nodes: [ViewNode] = []
            nodes.reserveCapacity(count)
            for index in 0..<count { elementNodes(view, index, inputs).append(to: &nodes) }
            return _ViewOutputs(nodes: nodes)
        }
        var perElement = [_ViewOutputs](repeating: _ViewOutputs(nodes: []), count: count)
        perElement.withUnsafeMutableBufferPointer { buffer in
            // Unchecked: each iteration writes its own elements' slots, and only reads the inputs.
            nonisolated(unsafe) let buffer = buffer
            nonisolated(unsafe) let resolve = { (index: Int) in elementNodes(view, index, inputs) }
            let chunks = workers * 8
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for index in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                    buffer[index] = resolve(index)
                }
            }
        }
        var nodes: [ViewNode] = []
        nodes.reserveCapacity(count)
        for element in perElement { element.append(to: &nodes) }
        return _ViewOutputs(nodes: nodes)
    }

    /// Element `index`'s nodes, as `ForEach` makes them: at the path step of the index, tagged
    /// with it.
    private static func elementNodes(_ view: Self, _ index: Int, _ inputs: _ViewInputs) -> _ViewOutputs {
        let tag = NodeTag(AnyHashable(index))
        let outputs = makeNodes(view.content(index), inputs, at: .element(tag))
        outputs.forEach { if $0.tagBox == nil { $0.tagBox = tag } }
        return outputs
    }
}
