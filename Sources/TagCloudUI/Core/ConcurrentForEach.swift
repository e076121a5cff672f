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
public struct _ConcurrentForEach<Content: View>: View {
    /// The number of elements.
    @usableFromInline
    let count: Int
    /// The content of element `index`.
    @usableFromInline
    let content: @Sendable (Int) -> Content

    /// The fewest elements resolved on several threads: below it, starting the threads costs more
    /// than resolving (an element takes a few microseconds).
    public static var parallelThreshold: Int { 2048 }

    /// Creates the elements `0..<count`.
    ///
    /// - Parameters:
    ///   - count: The number of elements.
    ///   - content: The view of one element; called on any thread, several at once.
    @inlinable
    public init(count: Int, @ViewBuilder content: @escaping @Sendable (Int) -> Content) {
        self.count = max(0, count)
        self.content = content
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never

    /// The nodes of every element, in order, each tagged with its index.
    ///
    /// Inlinable, so that the elements resolve in code specialised for their view type.
    ///
    /// - Complexity: O(n) work in the number of elements, spread over the cores from
    ///   ``parallelThreshold`` elements.
    @inlinable
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let content = view.content
        return _ViewOutputs.concurrentElements(count: view.count, inputs: inputs) { index, inner in
            Content._makeNodes(content(index), inputs: inner)
        }
    }
}

extension _ViewOutputs {
    /// The nodes of elements `0..<count`, in order, as ``element(_:inputs:content:)`` makes them
    /// (the identifier is the index), resolved on every core from
    /// ``_ConcurrentForEach/parallelThreshold`` elements.
    ///
    /// - Parameters:
    ///   - content: Resolves element `index` with the inputs given; called on several threads at
    ///     once, each element once.
    @usableFromInline
    static func concurrentElements(count: Int, inputs: _ViewInputs,
                                   content: (Int, _ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let workers = Cores.active
        guard count >= _ConcurrentForEach<EmptyView>.parallelThreshold, workers > 1 else {
            var nodes: [ViewNode] = []
            nodes.reserveCapacity(count)
            for index in 0..<count {
                element(NodeTag(index: index), inputs: inputs) { content(index, $0) }.append(to: &nodes)
            }
            return _ViewOutputs(nodes: nodes)
        }
        var perElement = [_ViewOutputs](repeating: _ViewOutputs(nodes: []), count: count)
        perElement.withUnsafeMutableBufferPointer { buffer in
            withoutActuallyEscaping(content) { content in
                // Unchecked: each iteration writes its own elements' slots, and only reads the
                // inputs; the content closure is the `_ConcurrentForEach`'s, which is `@Sendable`.
                nonisolated(unsafe) let buffer = buffer
                nonisolated(unsafe) let inputs = inputs
                nonisolated(unsafe) let content = content
                let chunks = workers * 8
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    // Each chunk's nodes keep objects of their own (see `forOneThread`).
                    let inputs = inputs.forOneThread()
                    for index in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                        buffer[index] = element(NodeTag(index: index), inputs: inputs) { content(index, $0) }
                    }
                }
            }
        }
        var nodes: [ViewNode] = []
        nodes.reserveCapacity(count)
        for element in perElement { element.append(to: &nodes) }
        return _ViewOutputs(nodes: nodes)
    }
}
