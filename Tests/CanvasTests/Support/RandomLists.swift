import Canvas
import Foundation
import Typesetting
import TestRandom

extension SeededRandom {
    /// A random display list of nested groups (transforms, clips, opacity) and translucent rounded
    /// rectangles, about half of the items with a label, a link and an identifier `item-N`.
    mutating func nestedList(size: CGFloat = 120) -> DisplayList {
        var counter = 0
        func items(depth: Int) -> [DisplayItem] {
            (0..<Int.random(in: 1...4, using: &self)).map { _ in
                counter += 1
                let number = counter
                let rect = CGRect(x: CGFloat.random(in: 0...(size * 2 / 3), using: &self), y: CGFloat.random(in: 0...(size * 2 / 3), using: &self),
                                  width: CGFloat.random(in: 5...40, using: &self), height: CGFloat.random(in: 5...40, using: &self))
                var item: DisplayItem
                if depth < 3, Bool.random(using: &self) {
                    item = DisplayItem(.group(ItemGroup(
                        items: items(depth: depth + 1),
                        transform: Bool.random(using: &self) ? Transform(translationX: 3, y: 4) : .identity,
                        clip: Bool.random(using: &self) ? Clip(.circle(rect.insetBy(dx: -20, dy: -20))) : nil,
                        opacity: Bool.random(using: &self) ? 0.5 : 1)))
                } else {
                    item = .fill(.roundedRect(rect, cornerRadius: 4), with: .color(RGBAColor(red: 0.2, green: 0.4, blue: 0.8, opacity: 0.7)))
                }
                guard Bool.random(using: &self) else { return item }
                return item.metadata(label: "label \(number)", link: URL(string: "https://example.com/\(number)"), identifier: "item-\(number)")
            }
        }
        return DisplayList(size: CGSize(width: size, height: size), items: items(depth: 0))
    }
}

extension SeededRandom {
    /// A random display list with everything a bitmap backend draws: translucent shapes of every
    /// kind at fractional positions, centred, inside and dashed strokes, linear gradients, text in
    /// Inter and colour emoji, nested groups with translations, rotations, scales, clips and
    /// opacity, and metadata on about a third of the items. Items often straddle rows, so that
    /// drawing in horizontal bands is exercised at every band boundary.
    ///
    /// - Parameters:
    ///   - width: The picture's width in points.
    ///   - height: The picture's height in points.
    ///   - labels: Shaped texts to place (Inter and emoji).
    ///   - bandExact: Whether to draw only what bitmaps draw identically in any band: solid fills,
    ///     solid text without colour glyphs, groups that translate or scale, without clips, with
    ///     opacity only around a single fill.
    mutating func richList(width: CGFloat, height: CGFloat, labels: [ShapedText], bandExact: Bool = false) -> DisplayList {
        let labels = bandExact ? labels.filter { !$0.runs.contains { $0.face.hasColorBitmaps } } : labels
        var counter = 0
        func number(_ range: ClosedRange<CGFloat>) -> CGFloat {
            // Positions on the 1/64 grid half of the time (like laid-out text), otherwise arbitrary.
            let value = CGFloat.random(in: range, using: &self)
            return Bool.random(using: &self) ? (value * 64).rounded() / 64 : value
        }
        func color() -> RGBAColor {
            RGBAColor(red: .random(in: 0...1, using: &self), green: .random(in: 0...1, using: &self),
                      blue: .random(in: 0...1, using: &self), opacity: [1, 1, 0.2, 0.5, 0.87][Int.random(in: 0..<5, using: &self)])
        }
        func shading() -> Shading {
            guard !bandExact, Int.random(in: 0..<4, using: &self) == 0 else { return .color(color()) }
            return .linearGradient(stops: GradientStop.evenlySpaced([color(), color(), color()]),
                                   start: CGPoint(x: number(0...width), y: number(0...height)),
                                   end: CGPoint(x: number(0...width), y: number(0...height)))
        }
        func rect() -> CGRect {
            CGRect(x: number(-20...width), y: number(-20...height), width: number(1...width / 2), height: number(1...height / 3))
        }
        func shape() -> ResolvedShape {
            let r = rect()
            switch Int.random(in: 0..<7, using: &self) {
            case 0: return .rect(r)
            case 1: return .roundedRect(r, cornerRadius: number(0...20))
            case 2: return .roundedRect(r, cornerRadius: number(0...20), style: .continuous)
            case 3: return .capsule(r)
            case 4: return .ellipse(r)
            case 5: return .circle(r)
            default:
                return .path(Path { path in
                    path.move(to: CGPoint(x: r.minX, y: r.minY))
                    path.addLine(to: CGPoint(x: r.maxX, y: r.midY))
                    path.addQuadCurve(to: CGPoint(x: r.minX, y: r.maxY), control: CGPoint(x: r.midX, y: r.maxY + 10))
                    path.addCurve(to: CGPoint(x: r.minX, y: r.minY), control1: CGPoint(x: r.minX - 10, y: r.midY),
                                  control2: CGPoint(x: r.midX, y: r.midY))
                    path.closeSubpath()
                })
            }
        }
        func leaf() -> DisplayItem {
            switch Int.random(in: 0..<5, using: &self) {
            case 0, 1:
                return .fill(shape(), with: shading(), style: FillStyle(eoFill: Bool.random(using: &self)))
            case 2 where bandExact:
                return .group(opacity: 0.5) { DisplayItem.fill(shape(), with: shading()) }
            case 2:
                let dashed = Int.random(in: 0..<3, using: &self) == 0
                let style = StrokeStyle(lineWidth: number(0.5...8), lineCap: [.butt, .round, .square][Int.random(in: 0..<3, using: &self)],
                                        lineJoin: [.miter, .round, .bevel][Int.random(in: 0..<3, using: &self)],
                                        dash: dashed ? [number(1...6), number(1...6)] : [])
                return .stroke(shape(), with: shading(), style: style, placement: Bool.random(using: &self) ? .centered : .inside)
            default:
                let label = labels[Int.random(in: 0..<labels.count, using: &self)]
                return .text(label, at: CGPoint(x: number(-10...width), y: number(-10...height)), with: shading())
            }
        }
        func items(depth: Int) -> [DisplayItem] {
            (0..<Int.random(in: depth == 0 ? 12...40 : 2...6, using: &self)).map { _ in
                counter += 1
                var item: DisplayItem
                if depth < 2, Int.random(in: 0..<3, using: &self) == 0 {
                    let transform: Transform
                    switch Int.random(in: 0..<4, using: &self) {
                    case 2 where bandExact: transform = .identity
                    case 0: transform = .identity
                    case 1: transform = Transform(translationX: number(-30...30), y: number(-30...30))
                    case 2: transform = Transform(rotationAngle: number(-0.5...0.5))
                    default: transform = Transform(scaleX: number(0.5...1.5), y: number(0.5...1.5))
                    }
                    item = DisplayItem(.group(ItemGroup(
                        items: items(depth: depth + 1), transform: transform,
                        clip: !bandExact && Bool.random(using: &self) ? Clip(shape()) : nil,
                        opacity: bandExact || Bool.random(using: &self) ? 1 : [0.3, 0.5, 0.9][Int.random(in: 0..<3, using: &self)])))
                } else {
                    item = leaf()
                }
                guard Int.random(in: 0..<3, using: &self) == 0 else { return item }
                return item.metadata(label: "item \(counter)", link: Bool.random(using: &self) ? URL(string: "https://example.com/\(counter)") : nil,
                                     identifier: "item-\(counter)")
            }
        }
        return DisplayList(size: CGSize(width: width, height: height), items: items(depth: 0))
    }
}
