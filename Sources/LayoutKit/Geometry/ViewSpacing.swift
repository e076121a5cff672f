/// The preferred spacing around a view.
///
/// The port of SwiftUI's `ViewSpacing`. Each edge holds the view's preferences: an optional
/// minimum distance to any neighbour, and distances to neighbours of a given *category* (text, for
/// example). ``distance(to:along:)`` resolves two facing edges:
///
/// 1. if both edges name a common category, the distance is the largest sum of the two edges'
///    values for a shared category;
/// 2. otherwise, if either edge has a minimum, the distance is the larger minimum;
/// 3. otherwise it is the default spacing, 8 points, SwiftUI's spacing between ordinary views.
///
/// A view created with ``init()`` has no preferences, so two such views are 8 points apart.
/// ``zero`` has a minimum of 0 on every edge. Text views use `text(lineGap:)` (package API for
/// the views stage): next to other views they keep the default 8 points, but one line of text
/// above another is separated only by the upper text's line gap, as consecutive lines of a
/// paragraph are. SwiftUI derives its text-to-text spacing from font metrics in a similar way;
/// the exact values differ by platform.
public struct ViewSpacing: Equatable, Sendable {
    /// SwiftUI's default distance between two views that state no preference.
    package static let defaultDistance: CGFloat = 8

    /// One edge's preferences.
    package struct EdgePreference: Equatable, Sendable {
        /// The minimum distance to any neighbour, if the view states one.
        package var minimum: CGFloat?
        /// Distances to neighbours of a category, one entry per category.
        package var categories: [SpacingCategory: CGFloat] = [:]

        mutating func formUnion(_ other: EdgePreference) {
            if let value = other.minimum { minimum = Swift.max(minimum ?? value, value) }
            categories.merge(other.categories) { Swift.max($0, $1) }
        }
    }

    // One stored property per edge, so that a spacing value needs no heap storage of its own.
    private var top = EdgePreference()
    private var leading = EdgePreference()
    private var bottom = EdgePreference()
    private var trailing = EdgePreference()

    /// The preferences of one edge.
    package subscript(edge: Edge) -> EdgePreference {
        get {
            switch edge {
            case .top: top
            case .leading: leading
            case .bottom: bottom
            case .trailing: trailing
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .leading: leading = newValue
            case .bottom: bottom = newValue
            case .trailing: trailing = newValue
            }
        }
    }

    /// A spacing preference with no constraints: default distances on every edge.
    public init() {}

    /// A spacing preference of zero on every edge.
    public static let zero = ViewSpacing(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// Creates a preference with a minimum distance on each edge (`nil` for no preference).
    ///
    /// - Parameters:
    ///   - top: The minimum distance above the view.
    ///   - leading: The minimum distance before the view.
    ///   - bottom: The minimum distance below the view.
    ///   - trailing: The minimum distance after the view.
    package init(top: CGFloat?, leading: CGFloat?, bottom: CGFloat?, trailing: CGFloat?) {
        self.top.minimum = top
        self.leading.minimum = leading
        self.bottom.minimum = bottom
        self.trailing.minimum = trailing
    }

    /// The spacing LayoutKit gives a text view: default distances to other views, and only the
    /// upper text's line gap between two texts stacked vertically.
    ///
    /// - Parameter lineGap: The font's line gap (extra leading), in points.
    /// - Returns: A preference with the text category on the top (0) and bottom (`lineGap`) edges.
    package static func text(lineGap: CGFloat) -> ViewSpacing {
        var spacing = ViewSpacing()
        spacing.top.categories[.text] = 0
        spacing.bottom.categories[.text] = lineGap.sanitizedLength
        return spacing
    }

    /// Merges another preference into this one on the given edges, keeping the larger values.
    ///
    /// - Parameters:
    ///   - other: The preference to merge.
    ///   - edges: The edges to merge; the others keep their values.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            self[edge].formUnion(other[edge])
        }
    }

    /// Returns this preference merged with another on the given edges.
    ///
    /// - Parameters:
    ///   - other: The preference to merge.
    ///   - edges: The edges to merge.
    /// - Returns: The merged preference.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var copy = self
        copy.formUnion(other, edges: edges)
        return copy
    }

    /// Resets the given edges to no preference (the default distance).
    ///
    /// - Parameter edges: The edges to reset.
    package mutating func reset(_ edges: Edge.Set) {
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            self[edge] = EdgePreference()
        }
    }

    /// The distance between this view and the next one along an axis.
    ///
    /// Implements SwiftUI's `ViewSpacing.distance(to:along:)` with the rules in the type's
    /// discussion: this view's trailing (or bottom) edge faces `next`'s leading (or top) edge.
    ///
    /// - Parameters:
    ///   - next: The spacing preference of the view that follows.
    ///   - axis: `.horizontal` for views side by side, `.vertical` for views one above the other.
    /// - Returns: The preferred distance, never negative or NaN.
    /// - Complexity: O(c), where c is the number of categories on the two edges.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        let (from, to): (Edge, Edge) = axis == .horizontal ? (.trailing, .leading) : (.bottom, .top)
        let a = self[from]
        let b = next[to]
        var best: CGFloat?
        for (category, value) in a.categories {
            if let other = b.categories[category] {
                best = Swift.max(best ?? -.infinity, value + other)
            }
        }
        if let best { return best.sanitizedLength }
        switch (a.minimum, b.minimum) {
        case let (x?, y?): return Swift.max(x, y).sanitizedLength
        case let (x?, nil), let (nil, x?): return x.sanitizedLength
        case (nil, nil): return Self.defaultDistance
        }
    }
}

/// A kind of neighbour a spacing preference can name (see ``ViewSpacing``).
package struct SpacingCategory: Hashable, Sendable {
    package let name: String
    /// Creates a category; categories with the same name are the same.
    package init(_ name: String) { self.name = name }
    /// Text views.
    package static let text = SpacingCategory("text")
}
