/// Layout-specific properties of a layout container.
///
/// The port of SwiftUI's `LayoutProperties`.
public struct LayoutProperties: Hashable, Sendable {
    /// Creates the default properties: no stack orientation.
    public init() {}

    /// The orientation of a stack-like container, or `nil` if it has none.
    ///
    /// Views such as `Spacer` take their major axis from it. ``FlowLayout`` declares
    /// `.horizontal`, and treats a spacer subview as a forced line break.
    public var stackOrientation: Axis?
}

/// A type that defines the geometry of a collection of views.
///
/// The port of SwiftUI's `Layout` protocol, with the same requirements, the same default
/// implementations and the same call order (see ``LayoutHost``):
///
/// 1. ``makeCache(subviews:)`` once, ``updateCache(_:subviews:)`` whenever the layout or its
///    subviews change;
/// 2. ``sizeThatFits(proposal:subviews:cache:)``, possibly several times with different proposals;
/// 3. ``placeSubviews(in:proposal:subviews:cache:)`` with bounds of a size it returned;
/// 4. ``spacing(subviews:cache:)`` and the `explicitAlignment` methods when a parent asks.
///
/// A layout written for SwiftUI compiles against LayoutKit once `import SwiftUI` becomes
/// `import LayoutKit`.
public protocol Layout: Animatable, Sendable {
    /// The data to animate; layouts that animate nothing use ``EmptyAnimatableData``.
    associatedtype AnimatableData: VectorArithmetic = EmptyAnimatableData

    /// Properties of this kind of layout container.
    static var layoutProperties: LayoutProperties { get }

    /// Cached values that the layout keeps between calls.
    associatedtype Cache = Void

    /// The proxies for the subviews of the layout.
    typealias Subviews = LayoutSubviews

    /// Creates and initializes a cache for a layout instance.
    ///
    /// - Parameter subviews: The subviews of the container.
    /// - Returns: The cache's initial value.
    func makeCache(subviews: Self.Subviews) -> Self.Cache

    /// Updates the cache after the layout or its subviews changed.
    ///
    /// - Parameters:
    ///   - cache: The cache to update.
    ///   - subviews: The subviews of the container.
    func updateCache(_ cache: inout Self.Cache, subviews: Self.Subviews)

    /// The preferred spacing of the container itself, as its parent sees it.
    ///
    /// - Parameters:
    ///   - subviews: The subviews of the container.
    ///   - cache: The layout's cache.
    /// - Returns: The container's spacing preferences.
    func spacing(subviews: Self.Subviews, cache: inout Self.Cache) -> ViewSpacing

    /// Returns the size of the composite view, given a proposed size and the view's subviews.
    ///
    /// - Parameters:
    ///   - proposal: The size the parent proposes.
    ///   - subviews: The subviews of the container.
    ///   - cache: The layout's cache.
    /// - Returns: The size the container needs.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Self.Subviews, cache: inout Self.Cache) -> CGSize

    /// Assigns positions to each of the layout's subviews.
    ///
    /// - Parameters:
    ///   - bounds: The region the parent allocated to the container, in the parent's coordinates.
    ///   - proposal: The proposal from which the container's size was computed.
    ///   - subviews: The subviews of the container; call ``LayoutSubview/place(at:anchor:proposal:)``
    ///     once for each.
    ///   - cache: The layout's cache.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Self.Subviews, cache: inout Self.Cache)

    /// Returns the position of a horizontal alignment guide along the x axis, if the container
    /// defines one explicitly.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for.
    ///   - bounds: The container's bounds.
    ///   - proposal: The proposal from which the container's size was computed.
    ///   - subviews: The subviews of the container.
    ///   - cache: The layout's cache.
    /// - Returns: The guide's position in the coordinate space of `bounds`, or `nil`.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat?

    /// Returns the position of a vertical alignment guide along the y axis, if the container
    /// defines one explicitly.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for.
    ///   - bounds: The container's bounds.
    ///   - proposal: The proposal from which the container's size was computed.
    ///   - subviews: The subviews of the container.
    ///   - cache: The layout's cache.
    /// - Returns: The guide's position in the coordinate space of `bounds`, or `nil`.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat?
}

extension Layout where Cache == () {
    /// Returns the empty cache.
    ///
    /// - Parameter subviews: Ignored.
    public func makeCache(subviews: Self.Subviews) -> Self.Cache { () }
}

extension Layout {
    /// Default properties: no stack orientation.
    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    /// Replaces the cache with a fresh one from ``makeCache(subviews:)``, as SwiftUI's default does.
    ///
    /// - Parameters:
    ///   - cache: The cache to replace.
    ///   - subviews: The subviews of the container.
    public func updateCache(_ cache: inout Self.Cache, subviews: Self.Subviews) {
        cache = makeCache(subviews: subviews)
    }

    /// Merges the spacing preferences of all subviews, as SwiftUI's default does.
    ///
    /// - Parameters:
    ///   - subviews: The subviews of the container.
    ///   - cache: Ignored.
    /// - Returns: The union of the subviews' spacing on every edge.
    public func spacing(subviews: Self.Subviews, cache: inout Self.Cache) -> ViewSpacing {
        var result = ViewSpacing()
        for subview in subviews { result.formUnion(subview.spacing) }
        return result
    }

    /// Merges the subviews' explicit values of a horizontal guide, as SwiftUI's default does.
    ///
    /// Places the subviews in a scratch pass (nothing is recorded as their real placement), reads
    /// each placed subview's explicit value of `guide`, and combines them with
    /// ``HorizontalAlignment/combineExplicit(_:)``.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for.
    ///   - bounds: The container's bounds.
    ///   - proposal: The container's proposal.
    ///   - subviews: The subviews of the container.
    ///   - cache: The layout's cache.
    /// - Returns: The merged value in the coordinate space of `bounds`, or `nil` if no subview has
    ///   an explicit value.
    /// - Complexity: One placement pass plus one guide query per subview.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat? {
        let values = scratchPlacements(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            .map { subview, placement -> CGFloat? in
                let dimensions = subview.dimensions(in: placement.proposal)
                guard let value = dimensions[explicit: guide] else { return nil }
                return placement.position.x - placement.anchor.x * dimensions.width + value
            }
        return guide.combineExplicit(values)
    }

    /// Merges the subviews' explicit values of a vertical guide, as SwiftUI's default does.
    ///
    /// Works like the horizontal variant, along the y axis.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for.
    ///   - bounds: The container's bounds.
    ///   - proposal: The container's proposal.
    ///   - subviews: The subviews of the container.
    ///   - cache: The layout's cache.
    /// - Returns: The merged value in the coordinate space of `bounds`, or `nil` if no subview has
    ///   an explicit value.
    /// - Complexity: One placement pass plus one guide query per subview.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat? {
        let values = scratchPlacements(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            .map { subview, placement -> CGFloat? in
                let dimensions = subview.dimensions(in: placement.proposal)
                guard let value = dimensions[explicit: guide] else { return nil }
                return placement.position.y - placement.anchor.y * dimensions.height + value
            }
        return guide.combineExplicit(values)
    }

    /// Runs `placeSubviews` without disturbing the recorded placements, and returns where each
    /// subview would go.
    private func scratchPlacements(in bounds: CGRect, proposal: ProposedViewSize, subviews: Self.Subviews,
                                   cache: inout Self.Cache) -> [(LayoutSubview, PlacementRequest)] {
        guard let storage = subviews.first?.storage else { return [] }
        let saved = storage.requests
        storage.requests = Array(repeating: nil, count: storage.backends.count)
        placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        let placed = subviews.compactMap { subview in storage.requests[subview.index].map { (subview, $0) } }
        storage.requests = saved
        return placed
    }
}

/// A key for accessing a layout value of a layout container's subviews.
///
/// The port of SwiftUI's `LayoutValueKey`. A host attaches values to subviews (SwiftUI's
/// `layoutValue(key:value:)` modifier); a layout reads them with ``LayoutSubview/subscript(_:)``.
/// LayoutKit's own keys are ``LineBreakLayoutKey`` and ``SpacerLayoutKey``.
public protocol LayoutValueKey {
    /// The type of the value.
    associatedtype Value
    /// The value a subview has when nothing set it.
    static var defaultValue: Self.Value { get }
}
