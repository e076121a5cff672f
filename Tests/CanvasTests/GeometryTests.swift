import Canvas
import Foundation
import Testing
import TestRandom

/// Paths, shapes and transforms: exact corner geometry and algebraic properties.
@Suite struct GeometryTests {
    /// The cubic segments of a path as (start, control1, control2, end).
    static func cubics(_ path: Path) -> [(CGPoint, CGPoint, CGPoint, CGPoint)] {
        var result: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        var current = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): current = p
            case .curve(let p, let c1, let c2): result.append((current, c1, c2, p)); current = p
            case .quadCurve(let p, _): current = p
            case .closeSubpath: break
            }
        }
        return result
    }

    static func point(on c: (CGPoint, CGPoint, CGPoint, CGPoint), at t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * c.0.x + b * c.1.x + cc * c.2.x + d * c.3.x, y: a * c.0.y + b * c.1.y + cc * c.2.y + d * c.3.y)
    }

    @Test func circularCornersAreQuarterCircles() {
        let path = Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10, style: .circular)
        let curves = Self.cubics(path)
        #expect(curves.count == 4)
        #expect(path.elements.first == .move(to: CGPoint(x: 10, y: 0)))
        #expect(path.elements.count == 10)  // move, then a line and a curve per corner, close
        let k = 4.0 / 3.0 * tan(Double.pi / 8) * 10
        let topRight = curves[0]
        #expect(topRight.0 == CGPoint(x: 90, y: 0) && topRight.3 == CGPoint(x: 100, y: 10))
        #expect(abs(topRight.1.x - (90 + k)) < 1e-9 && topRight.1.y == 0)
        #expect(topRight.2.x == 100 && abs(topRight.2.y - (10 - k)) < 1e-9)
    }

    @Test func continuousCornersReachFurtherAndJoinSmoothly() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 120), r: CGFloat = 20
        let path = Path(roundedRect: rect, cornerRadius: r, style: .continuous)
        let curves = Self.cubics(path)
        #expect(curves.count == 12)  // three per corner: edge curve, arc, edge curve
        // The corner begins 1.6 radii from the corner along each edge (smoothing 60 %).
        #expect(path.elements.first == .move(to: CGPoint(x: 1.6 * r, y: 0)))
        let topRight = Array(curves[0..<3])
        #expect(abs(topRight[0].0.x - (200 - 1.6 * r)) < 1e-9 && topRight[0].0.y == 0)
        #expect(abs(topRight[2].3.x - 200) < 1e-9 && abs(topRight[2].3.y - 1.6 * r) < 1e-9)
        // The first curve leaves the edge with zero curvature: its first three points lie on the edge.
        #expect(topRight[0].1.y == 0 && topRight[0].2.y == 0)
        #expect(abs(topRight[2].1.x - 200) < 1e-9 && abs(topRight[2].2.x - 200) < 1e-9)
        // Each joint is smooth: the incoming and outgoing tangents point the same way.
        for (a, b) in zip(curves, curves.dropFirst()) where a.3 == b.0 {
            let incoming = CGPoint(x: a.3.x - a.2.x, y: a.3.y - a.2.y), outgoing = CGPoint(x: b.1.x - b.0.x, y: b.1.y - b.0.y)
            let cross = incoming.x * outgoing.y - incoming.y * outgoing.x
            let dot = incoming.x * outgoing.x + incoming.y * outgoing.y
            #expect(abs(cross) < 1e-6 * max(1, dot) && dot > 0)
        }
        // The middle segment is an arc of radius r about (200 − r, r).
        let centre = CGPoint(x: 200 - r, y: r)
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            let p = Self.point(on: topRight[1], at: CGFloat(t))
            #expect(abs(hypot(p.x - centre.x, p.y - centre.y) - r) < 0.001 * r)
        }
        // Every point stays inside the rectangle.
        #expect(rect.contains(path.controlPointBounds))
    }

    @Test func continuousCornersFallBackToCircularWhereTheyDoNotFit() {
        let rect = CGRect(x: 0, y: 0, width: 120, height: 40)
        // A radius of half the height leaves no room for smoothing: the capsule is circular.
        #expect(ResolvedShape.capsule(rect, style: .continuous).path == ResolvedShape.capsule(rect, style: .circular).path)
        // Radii beyond half the shorter side are scaled down together, as CSS does: a capsule, with no
        // zero-length line where the short edges vanish.
        let clamped = Path(roundedRect: rect, cornerRadius: 500, style: .circular)
        #expect(clamped == Path(roundedRect: rect, cornerRadius: 20, style: .circular))
        #expect(clamped.elements.filter { if case .line = $0 { return true } else { return false } }.count == 2)
        #expect(Path(roundedRect: rect, cornerSize: CGSize(width: 120, height: 40), style: .circular)
                == Path(roundedRect: rect, cornerSize: CGSize(width: 60, height: 20), style: .circular))
        // In between, the smoothing shrinks so a corner spans at most half the side.
        let path = Path(roundedRect: rect, cornerRadius: 15, style: .continuous)
        #expect(path.elements.first == .move(to: CGPoint(x: 20, y: 0)))
    }

    @Test func shapesFollowSwiftUIsFrames() {
        #expect(ResolvedShape.circle(CGRect(x: 0, y: 0, width: 100, height: 50)).path.controlPointBounds == CGRect(x: 25, y: 0, width: 50, height: 50))
        #expect(ResolvedShape.ellipse(CGRect(x: 1, y: 2, width: 30, height: 10)).path.controlPointBounds == CGRect(x: 1, y: 2, width: 30, height: 10))
        #expect(ResolvedShape.rect(CGRect(x: 10, y: 10, width: -5, height: 4)).path.controlPointBounds == CGRect(x: 5, y: 10, width: 5, height: 4))
        #expect(ResolvedShape.rect(.zero).path.controlPointBounds == .zero)
        #expect(ResolvedShape.ellipse(.zero).path.isEmpty)
    }

    @Test func insettingFollowsInsettableShape() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(ResolvedShape.roundedRect(rect, cornerRadius: 6, style: .continuous).inset(by: 2)
                == .roundedRect(CGRect(x: 2, y: 2, width: 36, height: 16), cornerSize: CGSize(width: 4, height: 4), style: .continuous))
        #expect(ResolvedShape.capsule(rect).inset(by: 1) == .capsule(CGRect(x: 1, y: 1, width: 38, height: 18)))
        #expect(ResolvedShape.circle(rect).inset(by: 30) == .circle(CGRect(x: 20, y: 10, width: 0, height: 0)))
        #expect(ResolvedShape.path(Path(rect)).inset(by: 1) == nil)
    }

    @Test func pathBuildingFollowsCoreGraphics() {
        var path = Path()
        path.addLine(to: CGPoint(x: 1, y: 1))
        #expect(path.elements == [.move(to: CGPoint(x: 1, y: 1))])
        path.addLine(to: CGPoint(x: 5, y: 1))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 1, y: 1))
        let moved = path.applying(Transform(translationX: 2, y: 3))
        #expect(moved.elements == [.move(to: CGPoint(x: 3, y: 4)), .line(to: CGPoint(x: 7, y: 4)), .closeSubpath])
        #expect(Path(svgPathData: moved.svgPathData) == moved)
        #expect(Path(svgPathData: "M 0 0 H 5") == nil)
    }

    @Test func transformsComposeLikeCoreGraphics() {
        var random = SeededRandom(seed: 99)
        func value() -> CGFloat { CGFloat(Double.random(in: -3...3, using: &random)) }
        for _ in 0..<200 {
            let a = Transform(a: value(), b: value(), c: value(), d: value(), tx: value(), ty: value())
            let b = Transform(a: value(), b: value(), c: value(), d: value(), tx: value(), ty: value())
            let p = CGPoint(x: value(), y: value())
            let composed = a.concatenating(b).apply(to: p), stepwise = b.apply(to: a.apply(to: p))
            #expect(abs(composed.x - stepwise.x) < 1e-9 && abs(composed.y - stepwise.y) < 1e-9)
            let translated = a.translatedBy(x: 2, y: -1).apply(to: p), expected = a.apply(to: CGPoint(x: p.x + 2, y: p.y - 1))
            #expect(abs(translated.x - expected.x) < 1e-9 && abs(translated.y - expected.y) < 1e-9)
            #expect(abs(a.concatenating(b).determinant - a.determinant * b.determinant) < 1e-9)
        }
        // With y down, a positive quarter turn takes +x to +y: clockwise on screen.
        let turned = Transform(rotationAngle: .pi / 2).apply(to: CGPoint(x: 1, y: 0))
        #expect(abs(turned.x) < 1e-12 && abs(turned.y - 1) < 1e-12)
        #expect(Transform.identity.isIdentity && !Transform(scaleX: 2, y: 1).isIdentity)
    }

    @Test func colorsParseCSSHexAndMultiplyOpacity() {
        #expect(RGBAColor(hex: "#007AFF") == RGBAColor(red8: 0, green8: 122, blue8: 255))
        #expect(RGBAColor(hex: "0af") == RGBAColor(red8: 0, green8: 170, blue8: 255))
        #expect(RGBAColor(hex: "#00000080")?.opacity == 128.0 / 255)
        #expect(RGBAColor(hex: "#12345") == nil && RGBAColor(hex: "#GG0000") == nil)
        #expect(RGBAColor.white.opacity(0.5).opacity(0.5).opacity == 0.25)
        #expect(GradientStop.evenlySpaced([.black, .white, .black]).map(\.location) == [0, 0.5, 1])
    }
}
