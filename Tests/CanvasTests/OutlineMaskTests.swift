@testable import Canvas
import CCairo
import CFreeType
import Foundation
import Testing
import TestRandom

/// FreeType's rasterizer as ``OutlineMasks`` drives it: each pixel's coverage is the exact area of
/// the shape in it (polygons on the 1/64-pixel grid FreeType's coordinates use, where its arithmetic
/// is exact), for contours turning either way, under both fill rules, through a scaling matrix, at
/// any mask origin.
@Suite struct OutlineMaskTests {
    /// A convex polygon's points, counter-clockwise or clockwise.
    typealias Polygon = [CGPoint]

    /// The area of a polygon (shoelace formula), positive when counter-clockwise in y-down space.
    static func area(_ polygon: Polygon) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            sum += Double(a.x * b.y - b.x * a.y)
        }
        return abs(sum) / 2
    }

    /// `polygon` clipped to the convex polygon `window` (Sutherland–Hodgman; exact for a convex
    /// subject).
    static func clip(_ polygon: Polygon, to window: Polygon) -> Polygon {
        var output = polygon
        let orientation: CGFloat = signedArea(window) >= 0 ? 1 : -1
        for index in window.indices {
            let a = window[index], b = window[(index + 1) % window.count]
            func inside(_ p: CGPoint) -> Bool { orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) >= 0 }
            func intersection(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
                let d1 = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                let d2 = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
                let t = d1 / (d1 - d2)
                return CGPoint(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y))
            }
            let input = output
            output = []
            for k in input.indices {
                let p = input[k], q = input[(k + 1) % input.count]
                if inside(q) {
                    if !inside(p) { output.append(intersection(p, q)) }
                    output.append(q)
                } else if inside(p) {
                    output.append(intersection(p, q))
                }
            }
            if output.isEmpty { break }
        }
        return output
    }

    static func signedArea(_ polygon: Polygon) -> CGFloat {
        var sum: CGFloat = 0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// A random convex polygon around `center`: points on a circle at increasing angles, on the
    /// 1/64 grid of device space (`scale` device pixels a unit).
    static func convexPolygon(center: CGPoint, radius: CGFloat, scale: CGFloat, using random: inout SeededRandom) -> Polygon {
        let count = Int.random(in: 3...7, using: &random)
        let angles = (0..<count).map { _ in CGFloat.random(in: 0..<(2 * .pi), using: &random) }.sorted()
        return angles.map { angle in
            let x = center.x + radius * cos(angle), y = center.y + radius * sin(angle)
            return CGPoint(x: (x * scale * 64).rounded() / (64 * scale), y: (y * scale * 64).rounded() / (64 * scale))
        }
    }

    @Test func coverageIsTheExactAreaOfPolygonsThatDoNotOverlap() throws {
        var random = SeededRandom(seed: 0x0F7A)
        for round in 0..<40 {
            let scale = [1, 2, 3][round % 3] as CGFloat
            // Two polygons apart (two contours), turning either way.
            var first = Self.convexPolygon(center: CGPoint(x: 11, y: 12), radius: 8, scale: scale, using: &random)
            var second = Self.convexPolygon(center: CGPoint(x: 26, y: 16), radius: 6, scale: scale, using: &random)
            if round % 2 == 0 { second.reverse() }
            if round % 3 == 0 { first.reverse() }
            let evenOdd = round % 4 < 2
            var path = Path()
            for polygon in [first, second] {
                path.move(to: polygon[0])
                for point in polygon.dropFirst() { path.addLine(to: point) }
                path.closeSubpath()
            }
            // The mask's origin anywhere in device space, as a band's would be.
            let left = Int.random(in: -3...12, using: &random), top = Int.random(in: -3...12, using: &random)
            let width = 100 - left, height = 70 - top, stride = (width + 3) & ~3
            var mask = [UInt8](repeating: 0, count: stride * height)
            let matrix = cairo_matrix_t(xx: Double(scale), yx: 0, xy: 0, yy: Double(scale), x0: 0, y0: 0)
            let filled = mask.withUnsafeMutableBufferPointer { buffer in
                OutlineMasks.fill(path, matrix: matrix, evenOdd: evenOdd, mask: buffer.baseAddress!, width: width, height: height,
                                  stride: stride, left: left, top: top)
            }
            try #require(filled)
            let polygons = [first, second].map { $0.map { CGPoint(x: $0.x * scale, y: $0.y * scale) } }
            var worst = 0, covered = 0
            for row in 0..<height {
                for column in 0..<width {
                    let x = CGFloat(left + column), y = CGFloat(top + row)
                    let pixel: Polygon = [CGPoint(x: x, y: y), CGPoint(x: x + 1, y: y), CGPoint(x: x + 1, y: y + 1), CGPoint(x: x, y: y + 1)]
                    let exact = polygons.reduce(0.0) { $0 + Self.area(Self.clip($1, to: pixel)) }
                    let expected = Int((min(exact, 1) * 255).rounded())
                    let actual = Int(mask[row * stride + column])
                    worst = max(worst, abs(actual - expected))
                    if actual > 0 { covered += 1 }
                }
            }
            // FreeType truncates an area to eight bits where the exact figure is rounded here.
            #expect(worst <= 2, "round \(round): scale \(scale), even-odd \(evenOdd), origin (\(left), \(top)): off by \(worst)")
            #expect(covered > 50, "round \(round): the shapes cover \(covered) pixels")
        }
    }

    /// Translucent shapes reaching far beyond the picture (coordinates past `Int`'s range in
    /// device pixels, or past FreeType's) are drawn, or not, without trapping, and a tall one is
    /// drawn the same in any bands (one rasteriser for the whole shape).
    @Test func shapesFarBeyondThePictureAreClampedBeforeTheyBecomeIntegers() throws {
        let color = RGBAColor(red: 0.2, green: 0.4, blue: 0.8, opacity: 0.5)
        let items: [DisplayItem] = [
            .fill(.ellipse(CGRect(x: 1e19, y: 5, width: 10, height: 10)), with: .color(color)),
            .fill(.ellipse(CGRect(x: 5, y: -1e19, width: 20, height: 1e19 + 30)), with: .color(color)),
            .fill(.capsule(CGRect(x: 30, y: -200_000, width: 20, height: 400_000)), with: .color(color)),
        ]
        let list = DisplayList(size: CGSize(width: 60, height: 60), items: items)
        let whole = try RenderedSurface(list, scale: 2, background: .white, bands: [0..<Int.max])
        let rows = (0..<whole.pixelHeight).map { $0..<($0 + 1) }
        #expect(differences(try RenderedSurface(list, scale: 2, background: .white, bands: rows).image(), whole.image()) == nil)
        // The tall capsule is drawn: its column is tinted.
        #expect(whole.image().pixel(80, 60) != [255, 255, 255, 255])
    }

    /// The spans ``OutlineMasks/spans(_:matrix:evenOdd:width:height:left:top:callback:user:)``
    /// gives (which fills composite without a mask) hold the very coverages the mask holds, for
    /// curved shapes and crossing contours, under both fill rules, in rectangles that cut the shape
    /// as a band does.
    @Test func spansGiveTheCoveragesOfTheMask() throws {
        /// Where the callback writes: a mask, through the user pointer (a C callback captures nothing).
        struct Target {
            var mask: UnsafeMutablePointer<UInt8>
            var width: Int, height: Int
            var rows = 0, overlaps = 0
        }
        let callback: FT_SpanFunc = { y, count, spans, user in
            guard let user, let spans else { return }
            let target = user.assumingMemoryBound(to: Target.self)
            let row = target.pointee.height - 1 - Int(y)
            target.pointee.rows += 1
            for span in UnsafeBufferPointer(start: spans, count: Int(count)) {
                for x in Int(span.x)..<(Int(span.x) + Int(span.len)) {
                    let index = row * target.pointee.width + x
                    if target.pointee.mask[index] != 0 { target.pointee.overlaps += 1 }
                    target.pointee.mask[index] = span.coverage
                }
            }
        }
        var random = SeededRandom(seed: 0x5A17)
        for round in 0..<60 {
            let scale = [1, 2, 1.5, 3][round % 4]
            let box = CGRect(x: Double.random(in: 0...20, using: &random), y: Double.random(in: 0...20, using: &random),
                             width: Double.random(in: 4...60, using: &random), height: Double.random(in: 4...40, using: &random))
            let shape: ResolvedShape = [.capsule(box), .ellipse(box), .roundedRect(box, cornerSize: CGSize(width: 5, height: 7), style: .continuous),
                                        .roundedRect(box, cornerSize: CGSize(width: 3, height: 3), style: .circular)][round % 4]
            var path = shape.path
            if round % 5 == 0 {
                // A second contour crossing the first: the fill rules differ there.
                path.addEllipse(in: box.insetBy(dx: box.width / 4, dy: -2).offsetBy(dx: box.width / 3, dy: 0))
            }
            let evenOdd = round % 2 == 1
            let matrix = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: 0, y0: 0)
            // Some rectangles hold the whole shape, some cut it as a band does.
            let left = Int.random(in: -2...30, using: &random), top = Int.random(in: -2...30, using: &random)
            let width = Int.random(in: 1...260, using: &random), height = Int.random(in: 1...200, using: &random)
            var mask = [UInt8](repeating: 0, count: width * height)
            let filled = mask.withUnsafeMutableBufferPointer { buffer in
                OutlineMasks.fill(path, matrix: matrix, evenOdd: evenOdd, mask: buffer.baseAddress!, width: width, height: height,
                                  stride: width, left: left, top: top)
            }
            try #require(filled)
            var fromSpans = [UInt8](repeating: 0, count: width * height)
            let (rendered, target) = fromSpans.withUnsafeMutableBufferPointer { buffer in
                var target = Target(mask: buffer.baseAddress!, width: width, height: height)
                let rendered = OutlineMasks.spans(path, matrix: matrix, evenOdd: evenOdd, width: width, height: height, left: left, top: top,
                                                  callback: callback, user: &target)
                return (rendered, target)
            }
            #expect(rendered, "round \(round)")
            #expect(fromSpans == mask, "round \(round): \(shape), scale \(scale), even-odd \(evenOdd), \(width) × \(height) at (\(left), \(top))")
            #expect(target.overlaps == 0, "round \(round): spans of a row overlap")
            if mask.contains(where: { $0 != 0 }) { #expect(target.rows > 0) }
        }
        // FreeType's spans give their column in 16 bits: a wider rectangle is the mask's.
        var path = Path()
        path.addRect(CGRect(x: 0, y: 0, width: 40_000, height: 2))
        let identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        var unused = 0
        #expect(!OutlineMasks.spans(path, matrix: identity, evenOdd: false, width: OutlineMasks.maximumSpanWidth + 1, height: 2, left: 0, top: 0,
                                    callback: callback, user: &unused))
    }

    @Test func outlinesBeyondFreeTypesRangeAreLeftToCairo() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 3_000_000, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 10))
        path.closeSubpath()
        var mask = [UInt8](repeating: 0, count: 16 * 16)
        let identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        let filled = mask.withUnsafeMutableBufferPointer { buffer in
            OutlineMasks.fill(path, matrix: identity, evenOdd: false, mask: buffer.baseAddress!, width: 16, height: 16, stride: 16, left: 0, top: 0)
        }
        #expect(!filled)
        #expect(mask.allSatisfy { $0 == 0 })
        let rotation = cairo_matrix_t(xx: 0, yx: 1, xy: -1, yy: 0, x0: 0, y0: 0)
        #expect(!OutlineMasks.fill(Path(), matrix: rotation, evenOdd: false, mask: &mask, width: 16, height: 16, stride: 16, left: 0, top: 0))
    }
}
