/// A type that you use to create custom alignment guides.
///
/// The port of SwiftUI's `AlignmentID`. Each built-in guide of ``HorizontalAlignment`` and
/// ``VerticalAlignment`` has an identifier type whose ``defaultValue(in:)`` gives the guide's
/// offset from the view's origin when the view sets no explicit value.
public protocol AlignmentID {
    /// The value of the guide in a view that sets no explicit value for it.
    ///
    /// - Parameter context: The view's size and its other guides.
    /// - Returns: The guide's offset from the view's origin along its axis.
    static func defaultValue(in context: ViewDimensions) -> CGFloat

    /// Folds one child's explicit value into the combined value of a container.
    ///
    /// Mirrors SwiftUI's hook behind `combineExplicit(_:)`. The default keeps a running mean;
    /// `firstTextBaseline` keeps the minimum and `lastTextBaseline` the maximum.
    ///
    /// - Parameters:
    ///   - childValue: The child's explicit value, in the container's coordinates.
    ///   - n: How many values were folded in before this one.
    ///   - parentValue: The combined value so far (`nil` before the first value).
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?)
}

extension AlignmentID {
    /// Keeps the running mean of the explicit values.
    ///
    /// - Parameters:
    ///   - childValue: The child's explicit value.
    ///   - n: How many values were folded in before this one.
    ///   - parentValue: The mean so far.
    public static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {
        let count = CGFloat(n)
        parentValue = ((parentValue ?? 0) * count + childValue) / (count + 1)
    }
}

/// A hashable wrapper of an alignment identifier type.
package struct AlignmentKey: Hashable, @unchecked Sendable {
    // `any AlignmentID.Type` is a metatype: immutable and safe to share.
    package let id: any AlignmentID.Type

    /// Wraps an identifier type.
    package init(_ id: any AlignmentID.Type) { self.id = id }

    /// Keys are equal when they wrap the same type.
    package static func == (lhs: AlignmentKey, rhs: AlignmentKey) -> Bool {
        ObjectIdentifier(lhs.id) == ObjectIdentifier(rhs.id)
    }

    /// Hashes the wrapped type's identity.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(id))
    }

    /// Combines explicit values as the identifier says (mean, minimum or maximum).
    package func combine<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        var result: CGFloat?
        var n = 0
        for case let value? in values {
            id._combineExplicit(childValue: value, n, into: &result)
            n += 1
        }
        return result
    }

    /// The guide's default value for a view of size 1 × 1, clamped to 0...1: the fraction of the
    /// free space that the guide puts before the content (0 leading/top, 0.5 center, 1 trailing/bottom).
    package var unitFraction: CGFloat {
        let value = id.defaultValue(in: ViewDimensions(size: CGSize(width: 1, height: 1)))
        guard value.isFinite else { return 0 }
        return Swift.min(Swift.max(value, 0), 1)
    }
}

/// An alignment position along the horizontal axis.
///
/// The port of SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Hashable, Sendable {
    package let key: AlignmentKey

    /// Creates a custom horizontal alignment from an identifier type.
    ///
    /// - Parameter id: The type that gives the guide's default value.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id) }

    /// A guide at the leading edge (0).
    public static let leading = HorizontalAlignment(LeadingID.self)
    /// A guide at the horizontal center (width / 2).
    public static let center = HorizontalAlignment(HCenterID.self)
    /// A guide at the trailing edge (width).
    public static let trailing = HorizontalAlignment(TrailingID.self)
    /// The leading end of a list row separator (defaults to the leading edge).
    public static let listRowSeparatorLeading = HorizontalAlignment(SeparatorLeadingID.self)
    /// The trailing end of a list row separator (defaults to the trailing edge).
    public static let listRowSeparatorTrailing = HorizontalAlignment(SeparatorTrailingID.self)

    /// Merges a sequence of explicit values produced by this guide.
    ///
    /// Implements SwiftUI's `HorizontalAlignment.combineExplicit(_:)`: for built-in guides the
    /// mean of the non-`nil` values.
    ///
    /// - Parameter values: Explicit values, `nil` where a view has none.
    /// - Returns: The combined value, or `nil` if every value is `nil`.
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        key.combine(values)
    }
}

/// An alignment position along the vertical axis.
///
/// The port of SwiftUI's `VerticalAlignment`, including the text baselines. A view that sets no
/// baseline has its baselines at its bottom edge, as in SwiftUI.
public struct VerticalAlignment: Hashable, Sendable {
    package let key: AlignmentKey

    /// Creates a custom vertical alignment from an identifier type.
    ///
    /// - Parameter id: The type that gives the guide's default value.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id) }

    /// A guide at the top edge (0).
    public static let top = VerticalAlignment(TopID.self)
    /// A guide at the vertical center (height / 2).
    public static let center = VerticalAlignment(VCenterID.self)
    /// A guide at the bottom edge (height).
    public static let bottom = VerticalAlignment(BottomID.self)
    /// A guide at the baseline of the first line of text (defaults to the bottom edge).
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaselineID.self)
    /// A guide at the baseline of the last line of text (defaults to the bottom edge).
    public static let lastTextBaseline = VerticalAlignment(LastTextBaselineID.self)

    /// Merges a sequence of explicit values produced by this guide.
    ///
    /// Implements SwiftUI's `VerticalAlignment.combineExplicit(_:)`: the mean of the non-`nil`
    /// values, except `firstTextBaseline` (minimum) and `lastTextBaseline` (maximum).
    ///
    /// - Parameter values: Explicit values, `nil` where a view has none.
    /// - Returns: The combined value, or `nil` if every value is `nil`.
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        key.combine(values)
    }
}

/// An alignment in both axes.
///
/// The port of SwiftUI's `Alignment`: nine positions plus the six text-baseline combinations.
public struct Alignment: Hashable, Sendable {
    /// The alignment on the horizontal axis.
    public var horizontal: HorizontalAlignment
    /// The alignment on the vertical axis.
    public var vertical: VerticalAlignment

    /// Creates an alignment from its two parts.
    ///
    /// - Parameters:
    ///   - horizontal: The horizontal part.
    ///   - vertical: The vertical part.
    @inlinable
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Center in both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Leading edge, vertical center.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Trailing edge, vertical center.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Horizontal center, top edge.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Horizontal center, bottom edge.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Top-leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top-trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Bottom-leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom-trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Horizontal center, first text baseline.
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    /// Horizontal center, last text baseline.
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    /// Leading edge, first text baseline.
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// Leading edge, last text baseline.
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    /// Trailing edge, first text baseline.
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    /// Trailing edge, last text baseline.
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}

// MARK: - Built-in identifiers

private enum LeadingID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
}

private enum HCenterID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width / 2 }
}

private enum TrailingID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width }
}

private enum SeparatorLeadingID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
}

private enum SeparatorTrailingID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width }
}

private enum TopID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
}

private enum VCenterID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 2 }
}

private enum BottomID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
}

private enum FirstTextBaselineID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {
        parentValue = Swift.min(parentValue ?? childValue, childValue)
    }
}

private enum LastTextBaselineID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    static func _combineExplicit(childValue: CGFloat, _ n: Int, into parentValue: inout CGFloat?) {
        parentValue = Swift.max(parentValue ?? childValue, childValue)
    }
}
