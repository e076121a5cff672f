/// A proposal for the size of a view.
///
/// The port of SwiftUI's `ProposedViewSize`. A parent proposes a size to a child; the child chooses
/// its own size, taking the proposal into account. Each dimension is either a value or `nil`:
///
/// - a value of `0` asks for the view's minimum size along that axis;
/// - `.infinity` asks for its maximum size;
/// - `nil` (unspecified) asks for its ideal size;
/// - any other value is a concrete offer.
public struct ProposedViewSize: Hashable, Sendable {
    /// The proposed horizontal size, or `nil` for the ideal width.
    public var width: CGFloat?
    /// The proposed vertical size, or `nil` for the ideal height.
    public var height: CGFloat?

    /// A proposal of zero in both dimensions: asks for the minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// A proposal with both dimensions unspecified: asks for the ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// A proposal of infinity in both dimensions: asks for the maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// Creates a proposal from optional dimensions.
    ///
    /// - Parameters:
    ///   - width: The proposed width, or `nil` for the ideal width.
    ///   - height: The proposed height, or `nil` for the ideal height.
    @inlinable
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// Creates a proposal that offers exactly the given size.
    ///
    /// - Parameter size: The size to propose in both dimensions.
    @inlinable
    public init(_ size: CGSize) {
        self.width = size.width
        self.height = size.height
    }

    /// Replaces the unspecified dimensions of the proposal with those of a size.
    ///
    /// Implements SwiftUI's `ProposedViewSize.replacingUnspecifiedDimensions(by:)`, whose default
    /// replacement is 10 × 10 points.
    ///
    /// - Parameter size: The size that provides the missing dimensions.
    /// - Returns: A concrete size: the proposal's dimensions where present, `size`'s otherwise.
    @inlinable
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
}

extension ProposedViewSize {
    /// The proposed length along an axis.
    ///
    /// - Parameter axis: The axis to read.
    /// - Returns: `width` for `.horizontal`, `height` for `.vertical`.
    package subscript(axis: Axis) -> CGFloat? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// Creates a proposal from lengths along a major and a minor axis.
    package init(major: CGFloat?, minor: CGFloat?, axis: Axis) {
        if axis == .horizontal { self.init(width: major, height: minor) } else { self.init(width: minor, height: major) }
    }
}

extension CGSize {
    /// The length along an axis.
    package subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// Creates a size from lengths along a major and a minor axis.
    package init(major: CGFloat, minor: CGFloat, axis: Axis) {
        if axis == .horizontal { self.init(width: major, height: minor) } else { self.init(width: minor, height: major) }
    }
}

extension CGFloat {
    /// This value if it is finite and not negative, otherwise zero.
    ///
    /// Sizes and spacings reported by subviews pass through this before a layout uses them, so
    /// that NaN, infinite or negative values never reach a frame.
    @inlinable
    package var sanitizedLength: CGFloat {
        isFinite && self > 0 ? self : 0
    }
}
