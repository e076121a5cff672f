/// A structure that specifies an amount to offset a position: the port of UIKit's `UIOffset`,
/// which SwiftUI code written for iOS uses (Chris Eidhof's CollectionView keeps its spacing in
/// one).
public struct UIOffset: Hashable, Sendable {
    /// The offset along the x axis.
    public var horizontal: CGFloat
    /// The offset along the y axis.
    public var vertical: CGFloat

    /// Creates an offset.
    ///
    /// - Parameters:
    ///   - horizontal: The offset along the x axis.
    ///   - vertical: The offset along the y axis.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// A zero offset.
    public init() {
        self.init(horizontal: 0, vertical: 0)
    }

    /// A zero offset (UIKit's `UIOffset.zero`).
    public static let zero = UIOffset()
}

/// The inset distances for views: the port of UIKit's `UIEdgeInsets`, which SwiftUI code written
/// for iOS uses. Edges are physical (left and right), unlike SwiftUI's ``EdgeInsets``.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset on the top of an object.
    public var top: CGFloat
    /// The inset on the left of an object.
    public var left: CGFloat
    /// The inset on the bottom of an object.
    public var bottom: CGFloat
    /// The inset on the right of an object.
    public var right: CGFloat

    /// Creates insets.
    ///
    /// - Parameters:
    ///   - top: The top inset.
    ///   - left: The left inset.
    ///   - bottom: The bottom inset.
    ///   - right: The right inset.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Zero insets.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// Zero insets (UIKit's `UIEdgeInsets.zero`).
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by insets (UIKit's `inset(by:)`; negative insets grow it).
    ///
    /// - Returns: The inset rectangle.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
