public import Foundation

extension Path {
    /// The distance of a cubic Bézier's control points from the ends of a quarter circle of radius 1,
    /// `4/3 · tan(π/8)`: the usual one-curve approximation of a quarter circle (error below 0.03 %).
    static let quarterCircleControl: CGFloat = 4.0 / 3.0 * CGFloat(tan(Double.pi / 8))

    /// The corner smoothing of SwiftUI's `.continuous` corners, as a fraction of the radius by which
    /// each corner reaches further along its edges (Figma's "iOS" corner smoothing of 60 %).
    static let continuousSmoothing: CGFloat = 0.6

    /// Adds an ellipse inscribed in `rect` as four cubic curves, clockwise on screen from the
    /// rightmost point, like SwiftUI's `Path.addEllipse(in:)`.
    ///
    /// - Parameter rect: The rectangle the ellipse fills; empty rectangles add nothing.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let rx = r.width / 2, ry = r.height / 2, k = Self.quarterCircleControl
        let cx = r.midX, cy = r.midY
        move(to: CGPoint(x: r.maxX, y: cy))
        addCurve(to: CGPoint(x: cx, y: r.maxY), control1: CGPoint(x: r.maxX, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: cy), control1: CGPoint(x: cx - k * rx, y: r.maxY), control2: CGPoint(x: r.minX, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: r.minY), control1: CGPoint(x: r.minX, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: cy), control1: CGPoint(x: cx + k * rx, y: r.minY), control2: CGPoint(x: r.maxX, y: cy - k * ry))
        closeSubpath()
    }

    /// Adds a rounded rectangle, like SwiftUI's `Path.addRoundedRect(in:cornerSize:style:)`.
    ///
    /// Radii that do not fit are scaled down together until they do, as CSS does for overlapping
    /// corners (CSS Backgrounds and Borders 3, section 5.5): a radius of half the shorter side or
    /// more gives a capsule. Circular corners are quarter ellipses. Continuous corners follow the
    /// construction Figma published for Apple's smooth corners (Daniel Furse, "Desperately seeking
    /// squircles", 2018): with smoothing ξ = 0.6 a corner of radius R starts (1 + ξ)·R from the corner
    /// along each edge, a cubic Bézier curve leaves the edge with zero curvature and meets a circular
    /// arc of radius R spanning 90°·(1 − ξ) around the diagonal, and a mirrored curve returns to the
    /// other edge. When (1 + ξ)·R does not fit in half the side, ξ shrinks until it does, down to plain
    /// circular corners at a capsule.
    ///
    /// The subpath starts where the top edge leaves the top-left corner and runs clockwise on screen.
    ///
    /// - Parameters:
    ///   - rect: The rectangle; empty rectangles add nothing.
    ///   - cornerSize: The horizontal and vertical corner radii.
    ///   - style: Circular or continuous corners.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        var rx = Swift.max(cornerSize.width, 0), ry = Swift.max(cornerSize.height, 0)
        guard rx > 0, ry > 0 else { return addRect(r) }
        let fit = Swift.min(1, r.width / 2 / rx, r.height / 2 / ry)
        rx *= fit
        ry *= fit
        var smoothing: CGFloat = 0
        if style == .continuous {
            smoothing = Swift.max(0, Swift.min(Self.continuousSmoothing, r.width / 2 / rx - 1, r.height / 2 / ry - 1))
        }
        let corner = SmoothCorner(smoothing: smoothing)
        // Corners clockwise on screen: the corner point, and the unit directions (x, y) of the edge
        // arriving at it and of the edge leaving it.
        let corners: [(point: CGPoint, incoming: (CGFloat, CGFloat), outgoing: (CGFloat, CGFloat))] = [
            (CGPoint(x: r.maxX, y: r.minY), (1, 0), (0, 1)),
            (CGPoint(x: r.maxX, y: r.maxY), (0, 1), (-1, 0)),
            (CGPoint(x: r.minX, y: r.maxY), (-1, 0), (0, -1)),
            (CGPoint(x: r.minX, y: r.minY), (0, -1), (1, 0)),
        ]
        move(to: CGPoint(x: r.minX + corner.start.x * rx, y: r.minY))
        for c in corners {
            // A corner-frame point (u, v) lies u radii before the corner along the incoming edge and
            // v radii along the outgoing edge; radii are rx along x and ry along y.
            let inX = c.incoming.0 * rx, inY = c.incoming.1 * ry
            let outX = c.outgoing.0 * rx, outY = c.outgoing.1 * ry
            func point(_ uv: CGPoint) -> CGPoint {
                let x: CGFloat = c.point.x - uv.x * inX + uv.y * outX
                let y: CGFloat = c.point.y - uv.x * inY + uv.y * outY
                return CGPoint(x: x, y: y)
            }
            let start = point(corner.start)
            if start != currentPoint { addLine(to: start) }
            for segment in corner.segments {
                addCurve(to: point(segment.to), control1: point(segment.control1), control2: point(segment.control2))
            }
        }
        closeSubpath()
    }
}

/// One corner of a rounded rectangle with radius 1, in a corner frame where (u, v) is u before the
/// corner along the incoming edge and v along the outgoing edge: a curve leaving the incoming edge,
/// a circular arc about (1, 1), and the mirrored curve joining the outgoing edge.
struct SmoothCorner {
    /// Where the corner leaves the incoming edge: (1 + ξ, 0).
    let start: CGPoint
    /// Cubic segments from ``start`` to (0, 1 + ξ).
    let segments: [(to: CGPoint, control1: CGPoint, control2: CGPoint)]

    /// Computes the corner for corner smoothing ξ in 0...1 (0 gives a quarter circle).
    ///
    /// Follows Figma's published construction: p = (1 + ξ) is where the corner starts; the arc spans
    /// θ = 90°·(1 − ξ); the Bézier leaving the edge has control points a and a + b along the edge and
    /// ends (c, d) further on at the arc, with a = 2b so the curvature at the edge is zero.
    init(smoothing: CGFloat) {
        let xi = Double(Swift.min(Swift.max(smoothing, 0), 1))
        let p = 1 + xi
        let arcAngle = Double.pi / 2 * (1 - xi)
        // The arc's end points differ by this much along each axis (its chord is at 45°).
        let arcSpan = sin(arcAngle / 2) * 2.0.squareRoot()
        let alpha = (Double.pi / 2 - arcAngle) / 2
        let tangentLength = tan(alpha / 2)
        let beta = Double.pi / 4 * xi
        let c = tangentLength * cos(beta)
        let d = c * tan(beta)
        let b = (p - arcSpan - c - d) / 3
        let a = 2 * b
        func pt(_ u: Double, _ v: Double) -> CGPoint { CGPoint(x: CGFloat(u), y: CGFloat(v)) }
        start = pt(p, 0)
        var segments: [(to: CGPoint, control1: CGPoint, control2: CGPoint)] = []
        let hasEdgeCurves = a + b + c > 1e-9
        // Without edge curves the arc runs exactly from (1, 0) to (0, 1).
        let arcStart = hasEdgeCurves ? (u: p - a - b - c, v: d) : (u: 1.0, v: 0.0)
        let arcEnd = (u: arcStart.v, v: arcStart.u)
        if hasEdgeCurves {
            segments.append((pt(arcStart.u, arcStart.v), pt(p - a, 0), pt(p - a - b, 0)))
        }
        // The arc about (1, 1) as one cubic: control points along the tangents, which are the radius
        // vectors turned by 90°, at 4/3·tan(sweep/4) (the sweep is at most 90°).
        let r1 = (x: arcStart.u - 1, y: arcStart.v - 1), r2 = (x: arcEnd.u - 1, y: arcEnd.v - 1)
        let sweep = atan2(r1.x * r2.y - r1.y * r2.x, r1.x * r2.x + r1.y * r2.y)
        let k = 4.0 / 3.0 * tan(sweep / 4)
        segments.append((pt(arcEnd.u, arcEnd.v),
                         pt(arcStart.u - k * r1.y, arcStart.v + k * r1.x),
                         pt(arcEnd.u + k * r2.y, arcEnd.v - k * r2.x)))
        if hasEdgeCurves {
            segments.append((pt(0, p), pt(0, p - a - b), pt(0, p - a)))
        }
        self.segments = segments
    }
}
