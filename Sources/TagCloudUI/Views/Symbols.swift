/// The vector symbols ``Image/init(systemName:)`` draws, in the manner of SF Symbols: monoline
/// glyphs with round caps and joins whose stroke weight follows the font weight, sized relative
/// to the font's point size, and `.fill` variants as solid shapes (with the inner glyph knocked
/// out of filled circles and squares).
///
/// Each symbol has a box in ems (its image size at 1 point) and draws into a rectangle of that
/// box scaled by the point size.
struct Symbol: Sendable {
    /// One drawn part of a symbol.
    enum Part {
        /// A stroked outline, with the symbol's line width and round caps and joins.
        case stroke(Path)
        /// A filled outline (non-zero winding).
        case fill(Path)
        /// A filled outline with the even-odd rule (holes knocked out).
        case eoFill(Path)
    }

    /// The image size in ems.
    let width: CGFloat
    let height: CGFloat
    /// Draws the symbol in a rectangle, with a line width.
    let draw: @Sendable (_ rect: CGRect, _ lineWidth: CGFloat) -> [Part]

    /// The names of all symbols, sorted.
    static var names: [String] { table.keys.sorted() }

    /// The symbol of a name, or `nil` for an unknown name.
    ///
    /// - Parameter name: An SF Symbols name such as `"checkmark"` or `"star.fill"`.
    /// - Returns: The symbol.
    static func named(_ name: String) -> Symbol? { table[name] }

    private static let table: [String: Symbol] = {
        var table: [String: Symbol] = [:]
        table["checkmark"] = Symbol(width: 1.0, height: 0.94) { rect, lw in
            [.stroke(polyline(checkmarkPoints, in: rect.insetBy(dx: lw / 2, dy: lw / 2)))]
        }
        table["xmark"] = Symbol(width: 0.86, height: 0.86) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
            return [.stroke(segments([(0, 0, 1, 1), (1, 0, 0, 1)], in: r))]
        }
        table["plus"] = Symbol(width: 1.0, height: 1.0) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
            return [.stroke(segments([(0.5, 0, 0.5, 1), (0, 0.5, 1, 0.5)], in: r))]
        }
        table["minus"] = Symbol(width: 1.0, height: 0.2) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: 0)
            return [.stroke(segments([(0, 0.5, 1, 0.5)], in: r))]
        }
        let horizontalChevrons: [(String, [(CGFloat, CGFloat)])] = [("chevron.right", [(0.18, 0.0), (0.82, 0.5), (0.18, 1.0)]),
                               ("chevron.left", [(0.82, 0.0), (0.18, 0.5), (0.82, 1.0)])]
        for (name, points) in horizontalChevrons {
            table[name] = Symbol(width: 0.58, height: 0.98) { rect, lw in
                [.stroke(polyline(points, in: rect.insetBy(dx: lw / 2, dy: lw / 2)))]
            }
        }
        let verticalChevrons: [(String, [(CGFloat, CGFloat)])] = [("chevron.up", [(0.0, 0.82), (0.5, 0.18), (1.0, 0.82)]),
                               ("chevron.down", [(0.0, 0.18), (0.5, 0.82), (1.0, 0.18)])]
        for (name, points) in verticalChevrons {
            table[name] = Symbol(width: 0.98, height: 0.58) { rect, lw in
                [.stroke(polyline(points, in: rect.insetBy(dx: lw / 2, dy: lw / 2)))]
            }
        }
        table["chevron.up.chevron.down"] = Symbol(width: 0.62, height: 1.0) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
            var path = polyline([(0, 0.36), (0.5, 0), (1, 0.36)], in: r)
            path.addPath(polyline([(0, 0.64), (0.5, 1), (1, 0.64)], in: r))
            return [.stroke(path)]
        }
        let arrows: [(String, [(CGFloat, CGFloat, CGFloat, CGFloat)], [(CGFloat, CGFloat)])] = [
            ("arrow.right", [(0, 0.5, 1, 0.5)], [(0.55, 0.05), (1, 0.5), (0.55, 0.95)]),
            ("arrow.left", [(0, 0.5, 1, 0.5)], [(0.45, 0.05), (0, 0.5), (0.45, 0.95)]),
            ("arrow.up", [(0.5, 0, 0.5, 1)], [(0.05, 0.45), (0.5, 0), (0.95, 0.45)]),
            ("arrow.down", [(0.5, 0, 0.5, 1)], [(0.05, 0.55), (0.5, 1), (0.95, 0.55)]),
        ]
        for (name, shaft, head) in arrows {
            table[name] = Symbol(width: 0.98, height: 0.98) { rect, lw in
                let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
                var path = segments(shaft, in: r)
                path.addPath(polyline(head, in: r))
                return [.stroke(path)]
            }
        }
        table["circle"] = Symbol(width: 1.14, height: 1.14) { rect, lw in
            [.stroke(Path(ellipseIn: rect.insetBy(dx: lw / 2, dy: lw / 2)))]
        }
        table["circle.fill"] = Symbol(width: 1.14, height: 1.14) { rect, _ in
            [.fill(Path(ellipseIn: rect))]
        }
        table["square"] = Symbol(width: 1.08, height: 1.08) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
            return [.stroke(Path(roundedRect: r, cornerRadius: r.width * 0.2, style: .continuous))]
        }
        table["square.fill"] = Symbol(width: 1.08, height: 1.08) { rect, _ in
            [.fill(Path(roundedRect: rect, cornerRadius: rect.width * 0.22, style: .continuous))]
        }
        addEnclosed(to: &table)
        addOutlineAndFill("star", width: 1.14, height: 1.09, to: &table, star(in:))
        addOutlineAndFill("heart", width: 1.12, height: 0.98, to: &table, heart(in:))
        addOutlineAndFill("bookmark", width: 0.8, height: 1.06, to: &table, bookmark(in:))
        table["tag"] = Symbol(width: 1.08, height: 1.08) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
            var path = tag(in: r)
            path.addEllipse(in: hole(in: r))
            return [.stroke(path)]
        }
        table["tag.fill"] = Symbol(width: 1.08, height: 1.08) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
            var path = tag(in: r)
            path.addEllipse(in: hole(in: r).insetBy(dx: -lw / 2, dy: -lw / 2))
            return [.stroke(tag(in: r)), .eoFill(path)]
        }
        table["magnifyingglass"] = Symbol(width: 1.04, height: 1.04) { rect, lw in
            let r = rect.insetBy(dx: lw / 2, dy: lw / 2)
            var path = Path(ellipseIn: CGRect(x: r.minX, y: r.minY, width: r.width * 0.74, height: r.height * 0.74))
            path.addPath(segments([(0.64, 0.64, 1, 1)], in: r))
            return [.stroke(path)]
        }
        table["ellipsis"] = Symbol(width: 1.0, height: 0.24) { rect, _ in
            var path = Path()
            let d = rect.height
            for i in 0..<3 {
                let x = rect.minX + (rect.width - d) * CGFloat(i) / 2
                path.addEllipse(in: CGRect(x: x, y: rect.minY, width: d, height: d))
            }
            return [.fill(path)]
        }
        return table
    }()

    /// A symbol stroked (`name`) and its solid form (`name.fill`, filled and stroked so that its
    /// corners are as round as the outline's).
    private static func addOutlineAndFill(_ name: String, width: CGFloat, height: CGFloat, to table: inout [String: Symbol],
                                          _ outline: @escaping @Sendable (CGRect) -> Path) {
        table[name] = Symbol(width: width, height: height) { rect, lw in
            [.stroke(outline(rect.insetBy(dx: lw / 2, dy: lw / 2)))]
        }
        table[name + ".fill"] = Symbol(width: width, height: height) { rect, lw in
            let path = outline(rect.insetBy(dx: lw / 2, dy: lw / 2))
            return [.fill(path), .stroke(path)]
        }
    }

    /// `checkmark.circle(.fill)`, `xmark.circle(.fill)`, `plus.circle(.fill)`, `minus.circle(.fill)`
    /// and the `.square` forms: a glyph at half size inside a ring, or knocked out of a disc.
    private static func addEnclosed(to table: inout [String: Symbol]) {
        let glyphs: [(String, @Sendable (CGRect, CGFloat) -> Path)] = [
            ("checkmark", { r, lw in outline(checkmarkPoints, in: r, lineWidth: lw) }),
            ("xmark", { r, lw in cross(in: r, lineWidth: lw, diagonal: true) }),
            ("plus", { r, lw in cross(in: r, lineWidth: lw, diagonal: false) }),
            ("minus", { r, lw in
                Path(CGRect(x: r.minX - lw / 2, y: r.midY - lw / 2, width: r.width + lw, height: lw))
            }),
        ]
        for (glyph, makeGlyph) in glyphs {
            for container in ["circle", "square"] {
                let enclosure: @Sendable (CGRect) -> Path = { r in
                    container == "circle" ? Path(ellipseIn: r)
                        : Path(roundedRect: r, cornerRadius: r.width * 0.22, style: .continuous)
                }
                table["\(glyph).\(container)"] = Symbol(width: 1.14, height: 1.14) { rect, lw in
                    let ring = rect.insetBy(dx: lw / 2, dy: lw / 2)
                    return [.stroke(enclosure(ring)), .fill(makeGlyph(glyphBox(rect, glyph: glyph), lw))]
                }
                table["\(glyph).\(container).fill"] = Symbol(width: 1.14, height: 1.14) { rect, lw in
                    var path = enclosure(rect)
                    path.addPath(makeGlyph(glyphBox(rect, glyph: glyph), lw))
                    return [.eoFill(path)]
                }
            }
        }
    }

    /// The box of a glyph inside a circle or square.
    private static func glyphBox(_ rect: CGRect, glyph: String) -> CGRect {
        let side = rect.width * (glyph == "checkmark" ? 0.46 : 0.4)
        let height = glyph == "checkmark" ? side * 0.9 : side
        return CGRect(x: rect.midX - side / 2, y: rect.midY - height / 2 + (glyph == "checkmark" ? side * 0.03 : 0),
                      width: side, height: height)
    }

    private static let checkmarkPoints: [(CGFloat, CGFloat)] = [(0.0, 0.56), (0.34, 1.0), (1.0, 0.0)]

    private static func point(_ x: CGFloat, _ y: CGFloat, in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
    }

    private static func polyline(_ points: [(CGFloat, CGFloat)], in rect: CGRect) -> Path {
        var path = Path()
        path.addLines(points.map { point($0.0, $0.1, in: rect) })
        return path
    }

    private static func segments(_ lines: [(CGFloat, CGFloat, CGFloat, CGFloat)], in rect: CGRect) -> Path {
        var path = Path()
        for line in lines {
            path.move(to: point(line.0, line.1, in: rect))
            path.addLine(to: point(line.2, line.3, in: rect))
        }
        return path
    }

    /// The outline of a thick polyline: miter joins and round caps, for knock-outs.
    private static func outline(_ unitPoints: [(CGFloat, CGFloat)], in rect: CGRect, lineWidth: CGFloat) -> Path {
        let points = unitPoints.map { point($0.0, $0.1, in: rect) }
        let h = lineWidth / 2
        func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = Swift.max(1e-9, (dx * dx + dy * dy).squareRoot())
            return CGPoint(x: -dy / length, y: dx / length)
        }
        func side(_ sign: CGFloat) -> [CGPoint] {
            var result: [CGPoint] = []
            for i in 0..<points.count {
                let before = i > 0 ? normal(points[i - 1], points[i]) : nil
                let after = i < points.count - 1 ? normal(points[i], points[i + 1]) : nil
                switch (before, after) {
                case let (b?, a?):
                    let sum = CGPoint(x: b.x + a.x, y: b.y + a.y)
                    let dot = (sum.x * a.x + sum.y * a.y)
                    let scale = dot > 1e-6 ? h / dot : h
                    result.append(CGPoint(x: points[i].x + sign * sum.x * scale, y: points[i].y + sign * sum.y * scale))
                case let (n?, nil), let (nil, n?):
                    result.append(CGPoint(x: points[i].x + sign * n.x * h, y: points[i].y + sign * n.y * h))
                case (nil, nil):
                    break
                }
            }
            return result
        }
        let left = side(1), right = Array(side(-1).reversed())
        guard let first = left.first, let lastLeft = left.last, let firstRight = right.first,
              let lastRight = right.last, let start = points.first, let end = points.last else { return Path() }
        var path = Path()
        path.move(to: first)
        for p in left.dropFirst() { path.addLine(to: p) }
        addCap(&path, from: lastLeft, to: firstRight, around: end)
        for p in right.dropFirst() { path.addLine(to: p) }
        addCap(&path, from: lastRight, to: first, around: start)
        path.closeSubpath()
        return path
    }

    /// A half circle from `a` to `b` around `center`, bulging away from the line (two cubic quarters).
    private static func addCap(_ path: inout Path, from a: CGPoint, to b: CGPoint, around center: CGPoint) {
        let ra = CGPoint(x: a.x - center.x, y: a.y - center.y)
        let outward = CGPoint(x: ra.y, y: -ra.x)  // a quarter turn from the radius
        let rb = CGPoint(x: b.x - center.x, y: b.y - center.y)
        let sign: CGFloat = (outward.x * (-(rb.x + ra.x)) + outward.y * (-(rb.y + ra.y))) >= 0 ? -1 : 1
        let tip = CGPoint(x: center.x + sign * outward.x, y: center.y + sign * outward.y)
        let k: CGFloat = 0.552_284_75
        let rt = CGPoint(x: tip.x - center.x, y: tip.y - center.y)
        path.addCurve(to: tip, control1: CGPoint(x: a.x + k * rt.x, y: a.y + k * rt.y),
                      control2: CGPoint(x: tip.x + k * ra.x, y: tip.y + k * ra.y))
        path.addCurve(to: b, control1: CGPoint(x: tip.x + k * rb.x, y: tip.y + k * rb.y),
                      control2: CGPoint(x: b.x + k * rt.x, y: b.y + k * rt.y))
    }

    /// A plus (or, diagonal, an X) as one closed outline, for knock-outs.
    private static func cross(in rect: CGRect, lineWidth: CGFloat, diagonal: Bool) -> Path {
        let h = lineWidth / 2
        let c = CGPoint(x: rect.midX, y: rect.midY)
        let arm = rect.width / 2 + (diagonal ? 0 : h)
        let unit: [(CGFloat, CGFloat)] = [(-h, -arm), (h, -arm), (h, -h), (arm, -h), (arm, h), (h, h), (h, arm),
                                           (-h, arm), (-h, h), (-arm, h), (-arm, -h), (-h, -h)]
        let angle: CGFloat = diagonal ? .pi / 4 : 0
        let cosA = Foundation.cos(angle), sinA = Foundation.sin(angle)
        var path = Path()
        path.addLines(unit.map { CGPoint(x: c.x + $0.0 * cosA - $0.1 * sinA, y: c.y + $0.0 * sinA + $0.1 * cosA) })
        path.closeSubpath()
        return path
    }

    private static func star(in rect: CGRect) -> Path {
        let center = CGPoint(x: rect.midX, y: rect.minY + rect.height * 0.55)
        let outer = Swift.min(rect.width / 2 / Foundation.cos(.pi / 10), rect.height / (1 + Foundation.cos(.pi / 5)))
        let inner = outer * 0.45
        var points: [CGPoint] = []
        for i in 0..<10 {
            let radius = i.isMultiple(of: 2) ? outer : inner
            let angle = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
            points.append(CGPoint(x: center.x + radius * Foundation.cos(angle), y: center.y + radius * Foundation.sin(angle)))
        }
        var path = Path()
        path.addLines(points)
        path.closeSubpath()
        return path
    }

    private static func heart(in rect: CGRect) -> Path {
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { point(x, y, in: rect) }
        var path = Path()
        path.move(to: p(0.5, 1))
        path.addCurve(to: p(0, 0.32), control1: p(0.36, 0.88), control2: p(0, 0.62))
        path.addCurve(to: p(0.5, 0.14), control1: p(0, 0), control2: p(0.42, 0))
        path.addCurve(to: p(1, 0.32), control1: p(0.58, 0), control2: p(1, 0))
        path.addCurve(to: p(0.5, 1), control1: p(1, 0.62), control2: p(0.64, 0.88))
        path.closeSubpath()
        return path
    }

    private static func tag(in rect: CGRect) -> Path {
        var path = Path()
        path.addLines([point(0, 0.08, in: rect), point(0.08, 0, in: rect), point(0.5, 0, in: rect),
                       point(1, 0.5, in: rect), point(0.5, 1, in: rect), point(0, 0.5, in: rect)])
        path.closeSubpath()
        return path
    }

    private static func hole(in rect: CGRect) -> CGRect {
        CGRect(x: rect.minX + rect.width * 0.2, y: rect.minY + rect.height * 0.2,
               width: rect.width * 0.16, height: rect.height * 0.16)
    }

    private static func bookmark(in rect: CGRect) -> Path {
        var path = Path()
        path.addLines([point(0, 0, in: rect), point(1, 0, in: rect), point(1, 1, in: rect),
                       point(0.5, 0.72, in: rect), point(0, 1, in: rect)])
        path.closeSubpath()
        return path
    }
}
