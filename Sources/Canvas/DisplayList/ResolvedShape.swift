public import Foundation

/// A shape placed in a frame: the outline an item fills, strokes or clips to.
///
/// The cases mirror SwiftUI's built-in shapes once a frame is known (`Rectangle`, `RoundedRectangle`,
/// `Capsule`, `Ellipse`, `Circle`) plus any ``Path``. Keeping the kind, not just the outline, lets
/// ``StrokePlacement/inside`` inset the shape exactly as SwiftUI's `InsettableShape` does.
public enum ResolvedShape: Sendable, Hashable {
    /// A rectangle, like SwiftUI's `Rectangle`.
    case rect(CGRect)
    /// A rounded rectangle, like SwiftUI's `RoundedRectangle(cornerSize:style:)`; radii are clamped to
    /// half of each side.
    case roundedRect(CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .circular)
    /// A capsule, like SwiftUI's `Capsule(style:)`: a rounded rectangle whose corner radius is half
    /// the shorter side.
    case capsule(CGRect, style: RoundedCornerStyle = .circular)
    /// An ellipse filling the rectangle, like SwiftUI's `Ellipse`.
    case ellipse(CGRect)
    /// The largest circle centred in the rectangle, like SwiftUI's `Circle`.
    case circle(CGRect)
    /// Any outline.
    case path(Path)

    /// A rounded rectangle with equal corner radii, like SwiftUI's
    /// `RoundedRectangle(cornerRadius:style:)`.
    ///
    /// - Parameters:
    ///   - rect: The rectangle.
    ///   - cornerRadius: The radius of every corner, in points; clamped to half of each side.
    ///   - style: Circular (the default) or continuous corners.
    /// - Returns: The shape.
    public static func roundedRect(_ rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) -> ResolvedShape {
        .roundedRect(rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// The shape's outline as a path, as SwiftUI's `Shape.path(in:)` would make it.
    public var path: Path {
        switch self {
        case .rect(let rect):
            return Path(rect)
        case .roundedRect(let rect, let cornerSize, let style):
            return Path(roundedRect: rect, cornerSize: cornerSize, style: style)
        case .capsule(let rect, let style):
            let radius = Swift.min(abs(rect.width), abs(rect.height)) / 2
            return Path(roundedRect: rect, cornerSize: CGSize(width: radius, height: radius), style: style)
        case .ellipse(let rect):
            return Path(ellipseIn: rect)
        case .circle(let rect):
            let r = rect.standardized
            let side = Swift.min(r.width, r.height)
            return Path(ellipseIn: CGRect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side))
        case .path(let path):
            return path
        }
    }

    /// The shape inset by `amount` on every side, like SwiftUI's `InsettableShape.inset(by:)`:
    /// rounded rectangles keep their corner centres (the radius shrinks by `amount`), capsules,
    /// ellipses and circles are fitted to the smaller frame.
    ///
    /// - Parameter amount: The inset in points; negative values outset.
    /// - Returns: The inset shape, or `nil` for a ``path(_:)``, which cannot be inset.
    public func inset(by amount: CGFloat) -> ResolvedShape? {
        func shrink(_ rect: CGRect) -> CGRect {
            let r = rect.standardized
            let width = Swift.max(0, r.width - 2 * amount), height = Swift.max(0, r.height - 2 * amount)
            return CGRect(x: r.midX - width / 2, y: r.midY - height / 2, width: width, height: height)
        }
        switch self {
        case .rect(let rect):
            return .rect(shrink(rect))
        case .roundedRect(let rect, let cornerSize, let style):
            return .roundedRect(shrink(rect), cornerSize: CGSize(width: Swift.max(0, cornerSize.width - amount),
                                                                 height: Swift.max(0, cornerSize.height - amount)), style: style)
        case .capsule(let rect, let style):
            return .capsule(shrink(rect), style: style)
        case .ellipse(let rect):
            return .ellipse(shrink(rect))
        case .circle(let rect):
            return .circle(shrink(rect))
        case .path:
            return nil
        }
    }

    /// Whether every coordinate of the shape is a finite number.
    public var isFinite: Bool {
        func finite(_ r: CGRect) -> Bool { r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite }
        switch self {
        case .rect(let r), .capsule(let r, _), .ellipse(let r), .circle(let r): return finite(r)
        case .roundedRect(let r, let size, _): return finite(r) && size.width.isFinite && size.height.isFinite
        case .path(let path): return path.isFinite
        }
    }
}
