public import Foundation

/// An affine transform of the plane, with the same matrix layout and meaning as Core Graphics'
/// `CGAffineTransform`: a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).
public struct Transform: Sendable, Hashable {
    /// The x scale (and rotation) component.
    public var a: CGFloat
    /// The y shear (and rotation) component applied to x.
    public var b: CGFloat
    /// The x shear (and rotation) component applied to y.
    public var c: CGFloat
    /// The y scale (and rotation) component.
    public var d: CGFloat
    /// The x translation.
    public var tx: CGFloat
    /// The y translation.
    public var ty: CGFloat

    /// Makes a transform from its six matrix entries.
    ///
    /// - Parameters:
    ///   - a: The x scale.
    ///   - b: The y shear.
    ///   - c: The x shear.
    ///   - d: The y scale.
    ///   - tx: The x translation.
    ///   - ty: The y translation.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation, like `CGAffineTransform(translationX:y:)` and SwiftUI's `offset(x:y:)`.
    ///
    /// - Parameters:
    ///   - x: The horizontal offset in points.
    ///   - y: The vertical offset in points (down is positive).
    public init(translationX x: CGFloat, y: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin, like `CGAffineTransform(scaleX:y:)`.
    ///
    /// - Parameters:
    ///   - x: The horizontal factor.
    ///   - y: The vertical factor.
    public init(scaleX x: CGFloat, y: CGFloat) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation about the origin, like `CGAffineTransform(rotationAngle:)`; with y pointing down,
    /// positive angles turn clockwise on screen.
    ///
    /// - Parameter angle: The angle in radians.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// The determinant `a·d − b·c`; zero for transforms that squash the plane to a line or a point.
    public var determinant: CGFloat { a * d - b * c }

    /// Whether every entry is a finite number.
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

    /// This transform followed by `other`, like `CGAffineTransform.concatenating(_:)`.
    ///
    /// - Parameter other: The transform applied after this one.
    /// - Returns: The combined transform.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(a: a * other.a + b * other.c,
                  b: a * other.b + b * other.d,
                  c: c * other.a + d * other.c,
                  d: c * other.b + d * other.d,
                  tx: tx * other.a + ty * other.c + other.tx,
                  ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation followed by this transform, like `CGAffineTransform.translatedBy(x:y:)`.
    ///
    /// - Parameters:
    ///   - x: The horizontal offset.
    ///   - y: The vertical offset.
    /// - Returns: The combined transform.
    public func translatedBy(x: CGFloat, y: CGFloat) -> Transform {
        Transform(translationX: x, y: y).concatenating(self)
    }

    /// A scale followed by this transform, like `CGAffineTransform.scaledBy(x:y:)`.
    ///
    /// - Parameters:
    ///   - x: The horizontal factor.
    ///   - y: The vertical factor.
    /// - Returns: The combined transform.
    public func scaledBy(x: CGFloat, y: CGFloat) -> Transform {
        Transform(scaleX: x, y: y).concatenating(self)
    }

    /// The point `point` maps to.
    ///
    /// - Parameter point: A point in the transform's source coordinates.
    /// - Returns: The point in its destination coordinates.
    public func apply(to point: CGPoint) -> CGPoint {
        CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
