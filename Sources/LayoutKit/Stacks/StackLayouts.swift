/// A horizontal container that you can use in conditional layouts.
///
/// The port of SwiftUI's `HStackLayout`: children side by side, aligned on `alignment`, sharing
/// the width by layout priority, then least flexible first (see the discussion of
/// ``LayoutHost`` and the DocC article for the algorithm).
public struct HStackLayout: Layout {
    /// The vertical alignment of the children.
    public var alignment: VerticalAlignment
    /// The distance between adjacent children, or `nil` for their preferred spacing.
    public var spacing: CGFloat?

    /// Creates a horizontal stack layout.
    ///
    /// - Parameters:
    ///   - alignment: The vertical alignment of the children.
    ///   - spacing: The distance between adjacent children, or `nil` for their preferred spacing.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    /// The stack's cache: children's flexibility and recent resolutions.
    public struct Cache {
        var storage = StackCache()
    }

    /// A horizontal stack orientation.
    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    private var engine: StackEngine { StackEngine(axis: .horizontal, spacing: spacing, guide: MinorGuide(alignment)) }

    /// Creates an empty cache.
    ///
    /// - Parameter subviews: The children.
    /// - Returns: The cache.
    public func makeCache(subviews: Subviews) -> Cache { Cache() }

    /// The stack's size: the children's widths plus spacing, by the height of their aligned extent.
    ///
    /// - Parameters:
    ///   - proposal: The size the parent proposes.
    ///   - subviews: The children.
    ///   - cache: The layout's cache: the children's flexibility and recent resolutions.
    /// - Returns: The size.
    /// - Complexity: O(n log n) plus a few measurements per child.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        engine.resolve(proposal, subviews: subviews, cache: &cache.storage).size
    }

    /// Places the children left to right (leading to trailing), aligned on ``alignment``.
    ///
    /// - Parameters:
    ///   - bounds: The region the parent allocated to the container, in the parent's coordinates;
    ///     the children start at its leading edge and are aligned within its height.
    ///   - proposal: The proposal the bounds came from; the children get the same sizes as in
    ///     ``sizeThatFits(proposal:subviews:cache:)``.
    ///   - subviews: The children.
    ///   - cache: The layout's cache.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        engine.place(in: bounds, proposal: proposal, subviews: subviews, cache: &cache.storage)
    }

    /// The stack's spacing: leading edge from the first child, trailing from the last, top and
    /// bottom from all.
    ///
    /// - Parameters:
    ///   - subviews: The children.
    ///   - cache: Ignored.
    /// - Returns: The spacing.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        engine.spacing(subviews: subviews)
    }
}

/// A vertical container that you can use in conditional layouts.
///
/// The port of SwiftUI's `VStackLayout`: children one above the other, aligned on `alignment`,
/// sharing the height by layout priority, then least flexible first.
public struct VStackLayout: Layout {
    /// The horizontal alignment of the children.
    public var alignment: HorizontalAlignment
    /// The distance between adjacent children, or `nil` for their preferred spacing.
    public var spacing: CGFloat?

    /// Creates a vertical stack layout.
    ///
    /// - Parameters:
    ///   - alignment: The horizontal alignment of the children.
    ///   - spacing: The distance between adjacent children, or `nil` for their preferred spacing.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    /// The stack's cache: children's flexibility and recent resolutions.
    public struct Cache {
        var storage = StackCache()
    }

    /// A vertical stack orientation.
    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    private var engine: StackEngine { StackEngine(axis: .vertical, spacing: spacing, guide: MinorGuide(alignment)) }

    /// Creates an empty cache.
    ///
    /// - Parameter subviews: The children.
    /// - Returns: The cache.
    public func makeCache(subviews: Subviews) -> Cache { Cache() }

    /// The stack's size: the width of the children's aligned extent, by their heights plus spacing.
    ///
    /// - Parameters:
    ///   - proposal: The size the parent proposes.
    ///   - subviews: The children.
    ///   - cache: The layout's cache: the children's flexibility and recent resolutions.
    /// - Returns: The size.
    /// - Complexity: O(n log n) plus a few measurements per child.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        engine.resolve(proposal, subviews: subviews, cache: &cache.storage).size
    }

    /// Places the children top to bottom, aligned on ``alignment``.
    ///
    /// - Parameters:
    ///   - bounds: The region the parent allocated to the container, in the parent's coordinates;
    ///     the children start at its top edge and are aligned within its width.
    ///   - proposal: The proposal the bounds came from.
    ///   - subviews: The children.
    ///   - cache: The layout's cache.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        engine.place(in: bounds, proposal: proposal, subviews: subviews, cache: &cache.storage)
    }

    /// The stack's spacing: top edge from the first child, bottom from the last, leading and
    /// trailing from all.
    ///
    /// - Parameters:
    ///   - subviews: The children.
    ///   - cache: Ignored.
    /// - Returns: The spacing.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        engine.spacing(subviews: subviews)
    }
}

/// An overlaying container that you can use in conditional layouts.
///
/// The port of SwiftUI's `ZStackLayout`: every child gets the container's proposal and is aligned
/// on both axes; the container is the size of the aligned extent of all children.
public struct ZStackLayout: Layout {
    /// The alignment of the children in both axes.
    public var alignment: Alignment

    /// Creates an overlaying layout.
    ///
    /// - Parameter alignment: The alignment of the children.
    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    /// The extent of the aligned children for a proposal.
    private struct Extent {
        var dimensions: [ViewDimensions] = []
        var ascent = CGPoint.zero   // largest guide values (x: horizontal, y: vertical)
        var size = CGSize.zero
    }

    private func extent(_ proposal: ProposedViewSize, subviews: Subviews) -> Extent {
        var extent = Extent()
        var descent = CGPoint.zero
        var infinite = (width: false, height: false)
        for (i, subview) in subviews.enumerated() {
            let d = subview.dimensions(in: proposal)
            if d.width == .infinity { infinite.width = true }
            if d.height == .infinity { infinite.height = true }
            extent.dimensions.append(d)
            let gx = d[alignment.horizontal].sanitizedGuide
            let gy = d[alignment.vertical].sanitizedGuide
            let w = d.width.sanitizedLength
            let h = d.height.sanitizedLength
            extent.ascent.x = i == 0 ? gx : Swift.max(extent.ascent.x, gx)
            extent.ascent.y = i == 0 ? gy : Swift.max(extent.ascent.y, gy)
            descent.x = i == 0 ? w - gx : Swift.max(descent.x, w - gx)
            descent.y = i == 0 ? h - gy : Swift.max(descent.y, h - gy)
        }
        if !subviews.isEmpty {
            // An infinite child makes the stack infinite, as in SwiftUI (see StackEngine).
            extent.size = CGSize(width: infinite.width ? .infinity : Swift.max(0, extent.ascent.x + descent.x),
                                 height: infinite.height ? .infinity : Swift.max(0, extent.ascent.y + descent.y))
        }
        return extent
    }

    /// The size of the children's aligned extent.
    ///
    /// - Parameters:
    ///   - proposal: The proposal, passed to every child.
    ///   - subviews: The children.
    ///   - cache: The empty cache.
    /// - Returns: The size.
    /// - Complexity: O(n) measurements.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        extent(proposal, subviews: subviews).size
    }

    /// Places every child so that their alignment guides coincide.
    ///
    /// - Parameters:
    ///   - bounds: The bounds; spare room is shared as the alignment says.
    ///   - proposal: The proposal, passed to every child.
    ///   - subviews: The children.
    ///   - cache: The empty cache.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let extent = extent(proposal, subviews: subviews)
        let spareX = bounds.width.isFinite ? Swift.max(0, bounds.width - extent.size.width) : 0
        let spareY = bounds.height.isFinite ? Swift.max(0, bounds.height - extent.size.height) : 0
        let originX = bounds.minX + spareX * alignment.horizontal.key.unitFraction
        let originY = bounds.minY + spareY * alignment.vertical.key.unitFraction
        for (i, subview) in subviews.enumerated() {
            let d = extent.dimensions[i]
            subview.place(at: CGPoint(x: originX + extent.ascent.x - d[alignment.horizontal].sanitizedGuide,
                                      y: originY + extent.ascent.y - d[alignment.vertical].sanitizedGuide),
                          anchor: .topLeading, proposal: proposal)
        }
    }
}
