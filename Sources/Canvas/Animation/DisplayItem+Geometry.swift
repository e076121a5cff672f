import Foundation

/// A change of an item's geometry: positions through `point`, extents through `length`.
struct GeometryMap {
    /// Maps a position.
    var point: (CGPoint) -> CGPoint
    /// Maps an extent (a width, a height, a corner radius).
    var length: (CGFloat) -> CGFloat
    /// Whether the items inside every group are mapped too (and the group's translation); otherwise
    /// a group that scales or rotates is moved by its translation (its transform's `tx`, `ty`), and
    /// a group that only translates by its items.
    var entersGroups: Bool

    /// Moves an item by `(dx, dy)` points.
    static func translation(dx: CGFloat, dy: CGFloat) -> GeometryMap {
        GeometryMap(point: { CGPoint(x: $0.x + dx, y: $0.y + dy) }, length: { $0 }, entersGroups: false)
    }

    /// Rounds every coordinate to 1/4096 point, so that items computed along different paths of
    /// arithmetic compare equal.
    static var quantization: GeometryMap {
        func round(_ value: CGFloat) -> CGFloat { (value * 4096).rounded() / 4096 }
        return GeometryMap(point: { CGPoint(x: round($0.x), y: round($0.y)) }, length: round, entersGroups: true)
    }
}

extension DisplayItem {
    /// This item with its geometry mapped.
    ///
    /// - Parameter map: The mapping.
    /// - Returns: The mapped item; metadata is kept.
    func mapped(_ map: GeometryMap) -> DisplayItem {
        switch content {
        case .fill(let shape, let shading, let style):
            return DisplayItem(.fill(shape.mapped(map), shading.mapped(map), style), metadata: metadata)
        case .stroke(let shape, let shading, let style, let placement):
            return DisplayItem(.stroke(shape.mapped(map), shading.mapped(map), style, placement), metadata: metadata)
        case .text(var text):
            text.origin = map.point(text.origin)
            text.shading = text.shading.mapped(map)
            return DisplayItem(.text(text), metadata: metadata)
        case .group(var group):
            let t = group.transform
            let unscaled = t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1
            // A group that only translates has its items in the picture's scale: moving them moves
            // the group, so a group drawn at a new place and one translated there compare equal.
            if map.entersGroups || unscaled {
                group.items = group.items.map { $0.mapped(map) }
                if let clip = group.clip { group.clip = Clip(clip.shape.mapped(map), style: clip.style) }
            }
            if map.entersGroups || !unscaled {
                let translation = map.point(CGPoint(x: t.tx, y: t.ty))
                group.transform.tx = translation.x
                group.transform.ty = translation.y
            }
            return DisplayItem(.group(group), metadata: metadata)
        }
    }

    /// The first position of the item's geometry (the origin of its first shape or text, or its
    /// group's translation): what a translation of the item moves by exactly as much.
    var anchor: CGPoint {
        var first: CGPoint?
        _ = mapped(GeometryMap(point: { point in
            if first == nil { first = point }
            return point
        }, length: { $0 }, entersGroups: false))
        return first ?? .zero
    }

    /// The offset that moves `reference` onto this item, if this item is `reference` moved (to
    /// 1/4096 point).
    ///
    /// - Parameter reference: The item as first drawn.
    /// - Returns: The offset, or `nil` when the items differ otherwise.
    func offset(from reference: DisplayItem) -> (dx: CGFloat, dy: CGFloat)? {
        let a = reference.anchor, b = anchor
        let offset = (dx: b.x - a.x, dy: b.y - a.y)
        let moved = reference.mapped(GeometryMap.translation(dx: offset.dx, dy: offset.dy))
        return moved.mapped(GeometryMap.quantization) == mapped(GeometryMap.quantization) ? offset : nil
    }
}

extension ResolvedShape {
    func mapped(_ map: GeometryMap) -> ResolvedShape {
        func rect(_ r: CGRect) -> CGRect { CGRect(origin: map.point(r.origin), size: CGSize(width: map.length(r.width), height: map.length(r.height))) }
        switch self {
        case .rect(let r): return .rect(rect(r))
        case .roundedRect(let r, let corner, let style):
            return .roundedRect(rect(r), cornerSize: CGSize(width: map.length(corner.width), height: map.length(corner.height)),
                                style: style)
        case .capsule(let r, let style): return .capsule(rect(r), style: style)
        case .ellipse(let r): return .ellipse(rect(r))
        case .circle(let r): return .circle(rect(r))
        case .path(let path):
            return .path(Path { result in
                path.forEach { element in
                    switch element {
                    case .move(let p): result.move(to: map.point(p))
                    case .line(let p): result.addLine(to: map.point(p))
                    case .quadCurve(let p, let c): result.addQuadCurve(to: map.point(p), control: map.point(c))
                    case .curve(let p, let c1, let c2):
                        result.addCurve(to: map.point(p), control1: map.point(c1), control2: map.point(c2))
                    case .closeSubpath: result.closeSubpath()
                    }
                }
            })
        }
    }
}

extension Shading {
    func mapped(_ map: GeometryMap) -> Shading {
        switch self {
        case .color: return self
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(stops: stops, start: map.point(start), end: map.point(end))
        }
    }
}
