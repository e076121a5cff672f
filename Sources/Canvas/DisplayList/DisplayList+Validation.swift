import Foundation
import Typesetting

extension DisplayList {
    /// Checks that every value in the list can be drawn: a positive, finite size; finite
    /// coordinates, colours and opacities; non-negative line widths and dashes; glyph runs with one
    /// position per glyph and a positive font size.
    ///
    /// Backends call this before drawing, so a bad value is reported with its item's index path
    /// instead of producing a blank or partial picture.
    ///
    /// - Throws: ``CanvasError/invalidSize(width:height:)`` or ``CanvasError/invalidItem(item:reason:)``.
    /// - Complexity: O(n) in the number of items, glyphs and path elements.
    public func validate() throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CanvasError.invalidSize(width: Double(size.width), height: Double(size.height))
        }
        var indexPath: [Int] = []
        try Self.validate(items, indexPath: &indexPath)
    }

    /// - Parameter indexPath: The indices of the enclosing groups; the item path such as
    ///   `items[3].items[0]` is only spelled out for an error.
    private static func validate(_ items: [DisplayItem], indexPath: inout [Int]) throws {
        for (index, item) in items.enumerated() {
            func fail(_ reason: String) -> CanvasError {
                .invalidItem(item: (indexPath + [index]).map { "items[\($0)]" }.joined(separator: "."), reason: reason)
            }
            switch item.content {
            case .fill(let shape, let shading, _):
                guard shape.isFinite else { throw fail("the shape has a coordinate that is not finite") }
                try validate(shading, fail)
            case .stroke(let shape, let shading, let style, _):
                guard shape.isFinite else { throw fail("the shape has a coordinate that is not finite") }
                try validate(shading, fail)
                guard style.lineWidth.isFinite, style.lineWidth >= 0 else {
                    throw fail("the line width \(style.lineWidth) is not a finite number ≥ 0")
                }
                guard style.miterLimit.isFinite, style.dashPhase.isFinite, style.dash.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                    throw fail("the miter limit, dash lengths \(style.dash) or dash phase are not finite numbers ≥ 0")
                }
            case .text(let text):
                guard text.origin.x.isFinite, text.origin.y.isFinite else { throw fail("the text origin is not finite") }
                try validate(text.shading, fail)
                for (runIndex, run) in text.runs.enumerated() {
                    guard run.glyphCount == run.positionCount else {
                        throw fail("run \(runIndex) has \(run.glyphCount) glyphs but \(run.positionCount) positions")
                    }
                    guard run.fontSize.isFinite, run.fontSize > 0 else {
                        throw fail("run \(runIndex) has the font size \(run.fontSize); it must be a positive number")
                    }
                    guard (0..<run.positionCount).allSatisfy({ run.position($0).x.isFinite && run.position($0).y.isFinite }) else {
                        throw fail("run \(runIndex) has a glyph position that is not finite")
                    }
                }
            case .group(let group):
                guard group.transform.isFinite else { throw fail("the group transform has an entry that is not finite") }
                guard group.opacity.isFinite else { throw fail("the group opacity \(group.opacity) is not finite") }
                if let clip = group.clip, !clip.shape.isFinite { throw fail("the clip shape has a coordinate that is not finite") }
                indexPath.append(index)
                defer { indexPath.removeLast() }
                try validate(group.items, indexPath: &indexPath)
            }
        }
    }

    private static func validate(_ shading: Shading, _ fail: (String) -> CanvasError) throws {
        func finite(_ c: RGBAColor) -> Bool { c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.opacity.isFinite }
        switch shading {
        case .color(let color):
            guard finite(color) else { throw fail("the colour has a component that is not finite") }
        case .linearGradient(let stops, let start, let end):
            guard stops.allSatisfy({ finite($0.color) && $0.location.isFinite }),
                  start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else {
                throw fail("the gradient has a stop or end point that is not finite")
            }
        }
    }
}
