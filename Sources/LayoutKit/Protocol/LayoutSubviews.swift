/// What a layout asked for one subview: the arguments of its `place` call.
package struct PlacementRequest: Equatable, Sendable {
    /// Where the anchor goes.
    package var position: CGPoint
    /// The point of the subview that goes there.
    package var anchor: UnitPoint
    /// The size proposed to the subview.
    package var proposal: ProposedViewSize
    /// Whether the layout hid the subview (``LayoutSubview/placeHidden(at:)``).
    package var isHidden = false
}

/// The subviews of one container during one layout: their backends and where the layout put them.
///
/// `@unchecked Sendable`: SwiftUI's proxies are `Sendable`, so ours are too. A layout pass is
/// synchronous, and the proxies are used only by the thread running it, as in SwiftUI.
package final class LayoutSubviewsStorage: @unchecked Sendable {
    package let backends: [any LayoutSubviewBackend]
    package let layoutDirection: LayoutDirection
    /// The latest `place` call for each subview, by index; empty until the first one (and
    /// again once ``LayoutHost`` has turned them into placements: a cloud of 100,000 chips kept
    /// 6 MB of them).
    package var requests: [PlacementRequest?]

    /// Creates the storage of a container's subviews, none of them placed yet.
    package init(backends: [any LayoutSubviewBackend], layoutDirection: LayoutDirection) {
        self.backends = backends
        self.layoutDirection = layoutDirection
        self.requests = []
    }
}

/// A proxy that represents one subview of a layout.
///
/// The port of SwiftUI's `LayoutSubview`. Ask it for sizes, dimensions, spacing, priority and
/// layout values; tell it where to go with ``place(at:anchor:proposal:)``. Each call reaches the
/// subview's ``LayoutSubviewBackend``.
public struct LayoutSubview: Equatable, Sendable {
    package let storage: LayoutSubviewsStorage
    package let index: Int

    /// Creates the proxy of the subview at `index`.
    package init(storage: LayoutSubviewsStorage, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// The backend that answers for this subview.
    package var backend: any LayoutSubviewBackend { storage.backends[index] }

    /// Asks the subview for its size.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The size the subview chooses.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        backend.sizeThatFits(proposal)
    }

    /// Asks the subview for its dimensions and alignment guides.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The subview's size for `proposal`, with its guides.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        let backend = self.backend
        return ViewDimensions(size: backend.sizeThatFits(proposal), backend: backend, proposal: proposal)
    }

    /// The subview's preferred spacing.
    public var spacing: ViewSpacing { backend.spacing }

    /// The subview's layout priority (0 unless set).
    public var priority: Double { backend.priority }

    /// Reads a layout value the host attached to the subview.
    ///
    /// - Parameter key: The key type.
    /// - Returns: The value, or the key's default value if none was set.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        backend.layoutValue(key)
    }

    /// Assigns a position and proposed size to the subview.
    ///
    /// Call it once per subview from ``Layout/placeSubviews(in:proposal:subviews:cache:)``; a
    /// later call replaces an earlier one. A subview that is never placed goes to the center of
    /// the container's bounds with the container's proposal, as in SwiftUI.
    ///
    /// - Parameters:
    ///   - position: Where the subview's `anchor` goes, in the container's parent's coordinates.
    ///   - anchor: The point of the subview that lands on `position`.
    ///   - proposal: The size proposed to the subview; it chooses its size from it.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        if storage.requests.isEmpty { storage.requests = Array(repeating: nil, count: storage.backends.count) }
        storage.requests[index] = PlacementRequest(position: position, anchor: anchor, proposal: proposal)
    }

    /// Hides the subview: it is placed at `position` with a zero proposal, and drawn by no host
    /// (``LayoutPlacement/isHidden``). LayoutKit's own layouts call it for the items they leave
    /// out (``FlowLayout``'s rows past `maxRows`); SwiftUI's `Layout` has no such call, and a
    /// subview placed out of the bounds there is still drawn.
    ///
    /// - Parameter position: Where the subview's top-leading corner goes.
    public func placeHidden(at position: CGPoint) {
        if storage.requests.isEmpty { storage.requests = Array(repeating: nil, count: storage.backends.count) }
        storage.requests[index] = PlacementRequest(position: position, anchor: .topLeading, proposal: .zero, isHidden: true)
    }

    /// Two proxies are equal when they stand for the same subview of the same container.
    public static func == (lhs: LayoutSubview, rhs: LayoutSubview) -> Bool {
        lhs.storage === rhs.storage && lhs.index == rhs.index
    }
}

/// A collection of proxy values that represent the subviews of a layout view.
///
/// The port of SwiftUI's `LayoutSubviews`: a random-access collection of ``LayoutSubview`` in the
/// order the container lists them, whose slices are again `LayoutSubviews`.
public struct LayoutSubviews: Equatable, RandomAccessCollection, Sendable {
    /// A slice of subviews is a `LayoutSubviews`.
    public typealias SubSequence = LayoutSubviews
    /// The element type.
    public typealias Element = LayoutSubview
    /// The index type.
    public typealias Index = Int
    /// The indices type.
    public typealias Indices = Range<Int>
    /// The iterator type.
    public typealias Iterator = IndexingIterator<LayoutSubviews>

    private let elements: ArraySlice<LayoutSubview>

    /// The layout direction inherited by the container.
    ///
    /// Layouts rarely need it: ``LayoutHost`` mirrors placements for right-to-left, as SwiftUI does.
    public var layoutDirection: LayoutDirection

    /// Creates the proxies of every subview in a storage.
    package init(storage: LayoutSubviewsStorage) {
        elements = ArraySlice((0..<storage.backends.count).map { LayoutSubview(storage: storage, index: $0) })
        layoutDirection = storage.layoutDirection
    }

    private init(elements: ArraySlice<LayoutSubview>, layoutDirection: LayoutDirection) {
        self.elements = elements
        self.layoutDirection = layoutDirection
    }

    /// The index of the first subview.
    public var startIndex: Int { elements.startIndex }
    /// The index one past the last subview.
    public var endIndex: Int { elements.endIndex }

    /// The subview at an index.
    ///
    /// - Parameter index: A valid index.
    public subscript(index: Int) -> LayoutSubview { elements[index] }

    /// The subviews in a range, keeping their indices.
    ///
    /// - Parameter bounds: A range of valid indices.
    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        LayoutSubviews(elements: elements[bounds], layoutDirection: layoutDirection)
    }

    /// The subviews at the given indices, in that order, indexed from zero.
    ///
    /// - Parameter indices: Valid indices.
    public subscript<S: Sequence>(indices: S) -> LayoutSubviews where S.Element == Int {
        LayoutSubviews(elements: ArraySlice(indices.map { elements[$0] }), layoutDirection: layoutDirection)
    }
}
