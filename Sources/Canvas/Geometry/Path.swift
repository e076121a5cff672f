public import Foundation

/// An outline made of lines and Bézier curves, with SwiftUI's `Path` API for building it.
///
/// Paths are plain values: a list of ``Element``s in the order they were added. Coordinates are in
/// points, y down.
///
/// ```swift
/// let triangle = Path { path in
///     path.move(to: CGPoint(x: 0, y: 10))
///     path.addLine(to: CGPoint(x: 10, y: 10))
///     path.addLine(to: CGPoint(x: 5, y: 0))
///     path.closeSubpath()
/// }
/// ```
public struct Path: Sendable, Hashable {
    /// One step of a path, like SwiftUI's `Path.Element`.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line from the current point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the subpath's start, closing it.
        case closeSubpath
    }

    /// The elements, in the order they were added.
    public private(set) var elements: [Element]
    private var subpathStart: CGPoint?
    /// The end point of the last element, or `nil` for an empty path.
    public private(set) var currentPoint: CGPoint?

    /// An empty path.
    public init() {
        elements = []
    }

    /// A path built by a closure, like SwiftUI's `Path.init(_:)`.
    ///
    /// - Parameter build: Adds elements to the path.
    public init(_ build: (inout Path) -> Void) {
        self.init()
        build(&self)
    }

    /// A rectangle, like SwiftUI's `Path.init(_:)` taking a `CGRect`.
    ///
    /// - Parameter rect: The rectangle.
    public init(_ rect: CGRect) {
        self.init()
        addRect(rect)
    }

    /// A rounded rectangle, like SwiftUI's `Path.init(roundedRect:cornerRadius:style:)`.
    ///
    /// - Parameters:
    ///   - rect: The rectangle.
    ///   - cornerRadius: The corner radius, clamped to half the shorter side.
    ///   - style: Circular or continuous corners; continuous by default, as in SwiftUI.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rounded rectangle with elliptical corners, like SwiftUI's
    /// `Path.init(roundedRect:cornerSize:style:)`.
    ///
    /// - Parameters:
    ///   - rect: The rectangle.
    ///   - cornerSize: The corners' horizontal and vertical radii, each clamped to half its side.
    ///   - style: Circular or continuous corners; continuous by default, as in SwiftUI.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// An ellipse inscribed in a rectangle, like SwiftUI's `Path.init(ellipseIn:)`.
    ///
    /// - Parameter rect: The rectangle the ellipse fills.
    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    ///
    /// - Parameter point: The start of the subpath.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
        currentPoint = point
    }

    /// Adds a straight line to `point`; on an empty subpath it starts one there instead, as Core
    /// Graphics does.
    ///
    /// - Parameter point: The end of the line.
    public mutating func addLine(to point: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Adds straight lines through `points`, starting a new subpath at the first.
    ///
    /// - Parameter points: The points, in order.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds a quadratic Bézier curve to `point`.
    ///
    /// - Parameters:
    ///   - point: The end of the curve.
    ///   - control: The control point.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic Bézier curve to `point`.
    ///
    /// - Parameters:
    ///   - point: The end of the curve.
    ///   - control1: The first control point.
    ///   - control2: The second control point.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a straight line back to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.closeSubpath)
        currentPoint = subpathStart
    }

    /// Adds a rectangle as a closed subpath, clockwise on screen from its top-left corner.
    ///
    /// - Parameter rect: The rectangle; a rectangle with negative size is standardised first.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        addLines([CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                  CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)])
        closeSubpath()
    }

    /// Adds every element of `path`, transformed.
    ///
    /// - Parameters:
    ///   - path: The path to add.
    ///   - transform: Applied to its points; identity by default.
    public mutating func addPath(_ path: Path, transform: Transform = .identity) {
        for element in path.applying(transform).elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// This path with every point transformed, like SwiftUI's `Path.applying(_:)`.
    ///
    /// - Returns: The transformed path.
    public func applying(_ transform: Transform) -> Path {
        guard !transform.isIdentity else { return self }
        var copy = self
        copy.elements = elements.map { element in
            switch element {
            case .move(let p): return .move(to: transform.apply(to: p))
            case .line(let p): return .line(to: transform.apply(to: p))
            case .quadCurve(let p, let c): return .quadCurve(to: transform.apply(to: p), control: transform.apply(to: c))
            case .curve(let p, let c1, let c2):
                return .curve(to: transform.apply(to: p), control1: transform.apply(to: c1), control2: transform.apply(to: c2))
            case .closeSubpath: return .closeSubpath
            }
        }
        copy.subpathStart = subpathStart.map(transform.apply(to:))
        copy.currentPoint = currentPoint.map(transform.apply(to:))
        return copy
    }

    /// Calls `body` with each element in order, like SwiftUI's `Path.forEach(_:)`.
    ///
    /// - Parameter body: Called once per element.
    public func forEach(_ body: (Element) -> Void) {
        elements.forEach(body)
    }

    /// The smallest rectangle containing every point and control point of the path (Core Graphics'
    /// `boundingBoxOfPath`), or `.null` for an empty path.
    ///
    /// - Complexity: O(n) in the number of elements.
    public var controlPointBounds: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
            maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether every coordinate in the path is a finite number.
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): return p.x.isFinite && p.y.isFinite
            case .quadCurve(let p, let c): return p.x.isFinite && p.y.isFinite && c.x.isFinite && c.y.isFinite
            case .curve(let p, let c1, let c2):
                return p.x.isFinite && p.y.isFinite && c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite
            case .closeSubpath: return true
            }
        }
    }
}
