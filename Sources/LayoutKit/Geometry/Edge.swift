/// An enumeration to indicate one edge of a rectangle.
///
/// The port of SwiftUI's `Edge`: leading and trailing follow the layout direction.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    /// The top edge.
    case top
    /// The leading edge (left in left-to-right text).
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing edge (right in left-to-right text).
    case trailing

    /// An efficient set of edges.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The raw bits of the set, one per ``Edge`` in declaration order.
        public let rawValue: Int8
        /// Creates a set from raw bits.
        ///
        /// - Parameter rawValue: One bit per edge: top, leading, bottom, trailing.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// Creates a set holding one edge.
        ///
        /// - Parameter e: The edge.
        public init(_ e: Edge) { self.init(rawValue: 1 << e.rawValue) }
        /// The top edge.
        public static let top = Set(.top)
        /// The leading edge.
        public static let leading = Set(.leading)
        /// The bottom edge.
        public static let bottom = Set(.bottom)
        /// The trailing edge.
        public static let trailing = Set(.trailing)
        /// All four edges.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
    }
}

/// The inset distances for the sides of a rectangle.
///
/// The port of SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the leading edge.
    public var leading: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the trailing edge.
    public var trailing: CGFloat

    /// Creates insets from four distances.
    ///
    /// - Parameters:
    ///   - top: The inset from the top edge.
    ///   - leading: The inset from the leading edge.
    ///   - bottom: The inset from the bottom edge.
    ///   - trailing: The inset from the trailing edge.
    @inlinable
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Creates zero insets.
    @inlinable
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

extension EdgeInsets: Animatable {
    /// The insets as animatable data: (top, (leading, (bottom, trailing))).
    public var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>> {
        get { AnimatablePair(top, AnimatablePair(leading, AnimatablePair(bottom, trailing))) }
        set {
            top = newValue.first
            leading = newValue.second.first
            bottom = newValue.second.second.first
            trailing = newValue.second.second.second
        }
    }
}
