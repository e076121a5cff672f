import Foundation
import Typesetting

extension DisplayItem {
    /// The area the item covers, in its parent's coordinates, for placing what points at it (a PDF
    /// tooltip annotation): shapes by their bounding boxes (strokes widened by half the line width
    /// when centred), text by its glyphs' advances from an em above to a third of an em below
    /// each baseline, groups by their items', transformed and cut to the clip. `nil` for an item
    /// that covers nothing.
    ///
    /// - Complexity: O(n) in the items and glyphs inside.
    var coveredBounds: CGRect? {
        switch content {
        case .fill(let shape, _, _):
            return shape.boundingBox
        case .stroke(let shape, _, let style, let placement):
            guard let box = shape.boundingBox else { return nil }
            let outset = placement == .centered ? style.lineWidth / 2 : 0
            return box.insetBy(dx: -outset, dy: -outset)
        case .text(let text):
            var bounds: CGRect?
            for run in text.runs {
                for index in 0..<run.positionCount {
                    let position = run.position(index)
                    let advance = index < run.advanceCount ? run.advance(index) : run.fontSize / 2
                    let glyph = CGRect(x: text.origin.x + position.x, y: text.origin.y + position.y - run.fontSize,
                                       width: Swift.max(advance, 0), height: run.fontSize * 4 / 3)
                    bounds = bounds.map { $0.union(glyph) } ?? glyph
                }
            }
            return bounds
        case .group(let group):
            var bounds: CGRect?
            for item in group.items {
                guard let inner = item.coveredBounds else { continue }
                bounds = bounds.map { $0.union(inner) } ?? inner
            }
            if let clip = group.clip?.shape.boundingBox { bounds = bounds?.intersection(clip) }
            guard let bounds, !bounds.isNull else { return nil }
            let t = group.transform
            let corners = [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                           CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY)].map(t.apply)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
            return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }
}

extension ResolvedShape {
    /// The shape's bounding box, `nil` for an empty path.
    var boundingBox: CGRect? {
        let box: CGRect = switch self {
        case .rect(let r), .roundedRect(let r, _, _), .capsule(let r, _), .ellipse(let r), .circle(let r): r.standardized
        case .path(let path): path.controlPointBounds
        }
        return box.isNull ? nil : box
    }
}
