/// An opaque value derived from an anchor source and a particular view: the port of SwiftUI's
/// `Anchor`.
///
/// A view reports one with ``View/anchorPreference(key:value:transform:)``; a ``GeometryProxy``
/// converts it into its own coordinate space with `proxy[anchor]`. It holds the value in the
/// picture's coordinates.
public struct Anchor<Value> {
    /// The value in the picture's coordinates.
    let global: Value
    /// Converts the value for a coordinate space whose origin is the given picture point.
    let localize: @Sendable (Value, CGPoint) -> Value

    /// The value relative to a coordinate space's origin.
    ///
    /// - Parameter origin: The space's origin in the picture.
    /// - Returns: The value in that space.
    func resolve(_ origin: CGPoint) -> Value {
        localize(global, origin)
    }

    /// A type-erased geometry value produced by a view: the port of SwiftUI's `Anchor.Source`.
    public struct Source {
        /// Makes the anchor from the view's frame in the picture.
        let make: @Sendable (CGRect) -> Anchor<Value>
    }
}

extension Anchor: Sendable where Value: Sendable {}

extension Anchor.Source: Sendable where Value: Sendable {}

extension Anchor: Equatable where Value: Equatable {
    /// Anchors are equal when they hold equal values.
    ///
    /// - Parameters:
    ///   - lhs: An anchor.
    ///   - rhs: Another anchor.
    /// - Returns: Whether their values are equal.
    public static func == (lhs: Anchor, rhs: Anchor) -> Bool {
        lhs.global == rhs.global
    }
}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source {
        Anchor<CGRect>.Source { frame in Anchor(global: frame, localize: { $0.offsetBy(dx: -$1.x, dy: -$1.y) }) }
    }

    /// A rectangle in the view's own coordinates.
    ///
    /// - Parameter rect: The rectangle.
    /// - Returns: The source.
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source { frame in
            Anchor(global: rect.offsetBy(dx: frame.minX, dy: frame.minY), localize: { $0.offsetBy(dx: -$1.x, dy: -$1.y) })
        }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    ///
    /// - Returns: The source.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in
            Anchor(global: CGPoint(x: frame.minX + point.x, y: frame.minY + point.y),
                   localize: { CGPoint(x: $0.x - $1.x, y: $0.y - $1.y) })
        }
    }

    /// A point given as a fraction of the view's size.
    ///
    /// - Parameter point: The unit point.
    /// - Returns: The source.
    public static func unitPoint(_ point: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in
            Anchor(global: CGPoint(x: frame.minX + point.x * frame.width, y: frame.minY + point.y * frame.height),
                   localize: { CGPoint(x: $0.x - $1.x, y: $0.y - $1.y) })
        }
    }

    /// The view's top-leading corner.
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    /// The middle of the view's top edge.
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    /// The view's top-trailing corner.
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    /// The middle of the view's leading edge.
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    /// The view's centre.
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    /// The middle of the view's trailing edge.
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    /// The view's bottom-leading corner.
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    /// The middle of the view's bottom edge.
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    /// The view's bottom-trailing corner.
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}
