/// A guide on the minor axis of a stack: vertical for an HStack, horizontal for a VStack.
struct MinorGuide: Sendable {
    let axis: Axis  // the axis the guide measures along (the stack's minor axis)
    let horizontal: HorizontalAlignment
    let vertical: VerticalAlignment

    init(_ guide: VerticalAlignment) {
        axis = .vertical
        vertical = guide
        horizontal = .center
    }

    init(_ guide: HorizontalAlignment) {
        axis = .horizontal
        horizontal = guide
        vertical = .center
    }

    func value(in dimensions: ViewDimensions) -> CGFloat {
        (axis == .horizontal ? dimensions[horizontal] : dimensions[vertical]).sanitizedGuide
    }

    /// The fraction of spare minor space that goes before the content (0 top/leading, 1 bottom/trailing).
    var fraction: CGFloat { axis == .horizontal ? horizontal.key.unitFraction : vertical.key.unitFraction }
}

extension CGFloat {
    /// A guide value usable in arithmetic: NaN and infinities become 0.
    var sanitizedGuide: CGFloat { isFinite ? self : 0 }
}

/// The sizes a stack gave its children for one proposal.
struct StackResolution {
    var proposals: [ProposedViewSize]
    var sizes: [CGSize]
    var guides: [CGFloat]
    var spacings: [CGFloat]  // spacings[i]: before child i (0 for the first)
    var ascent: CGFloat      // the largest guide value: where the guide line lies
    var size: CGSize
}

/// What a stack keeps between calls: children's minimum and maximum major lengths per minor
/// proposal, and the resolutions of recent proposals.
struct StackCache {
    var flexibility: [CGFloat?: [(min: CGFloat, max: CGFloat)]] = [:]
    var resolutions: [(proposal: ProposedViewSize, resolution: StackResolution)] = []
}

/// SwiftUI's HStack/VStack algorithm, shared by ``HStackLayout`` and ``VStackLayout``.
struct StackEngine {
    let axis: Axis
    let spacing: CGFloat?
    let guide: MinorGuide

    /// Sizes the children for a proposal, as SwiftUI's stacks do.
    ///
    /// The space left after spacing is offered to the children by layout priority, highest first;
    /// each priority group gets what remains minus the minimum sizes of all lower-priority
    /// children. Within a group, the least flexible child (smallest difference between its sizes
    /// for a zero and an infinite proposal) is offered its even share of what remains first, and
    /// what it does not take goes to the more flexible ones. An unspecified major proposal offers
    /// every child an unspecified length (its ideal size).
    ///
    /// - Complexity: O(n log n) plus up to three measurements per child (two are cached).
    func resolve(_ proposal: ProposedViewSize, subviews: LayoutSubviews, cache: inout StackCache) -> StackResolution {
        if let hit = cache.resolutions.first(where: { $0.proposal == proposal }) { return hit.resolution }
        let count = subviews.count
        let minorProposal = proposal[axis.perpendicular]
        var spacings = [CGFloat](repeating: 0, count: count)
        for i in 1..<Swift.max(count, 1) {
            let preferred = spacing ?? subviews[subviews.startIndex + i - 1].spacing
                .distance(to: subviews[subviews.startIndex + i].spacing, along: axis)
            spacings[i] = preferred.sanitizedLength
        }
        let totalSpacing = spacings.reduce(0, +)
        var proposals = [ProposedViewSize](repeating: ProposedViewSize(major: nil, minor: minorProposal, axis: axis),
                                           count: count)
        if let major = proposal[axis], !major.isNaN {
            if major == .infinity {
                for i in 0..<count { proposals[i] = ProposedViewSize(major: .infinity, minor: minorProposal, axis: axis) }
            } else {
                distribute(Swift.max(0, major - totalSpacing), minorProposal: minorProposal, subviews: subviews,
                           cache: &cache, into: &proposals)
            }
        }
        var sizes = [CGSize](repeating: .zero, count: count)
        var guides = [CGFloat](repeating: 0, count: count)
        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        var majorTotal = totalSpacing
        // A child that takes an infinite length (a flexible view proposed infinity) makes the
        // stack infinite in that dimension, as in SwiftUI: parents measure flexibility that way.
        var infinite = (major: false, minor: false)
        for (i, subview) in subviews.enumerated() {
            let dimensions = subview.dimensions(in: proposals[i])
            if dimensions.size[axis] == .infinity { infinite.major = true }
            if dimensions.size[axis.perpendicular] == .infinity { infinite.minor = true }
            let size = CGSize(width: dimensions.width.sanitizedLength, height: dimensions.height.sanitizedLength)
            sizes[i] = size
            guides[i] = guide.value(in: dimensions)
            ascent = i == 0 ? guides[i] : Swift.max(ascent, guides[i])
            descent = i == 0 ? size[axis.perpendicular] - guides[i] : Swift.max(descent, size[axis.perpendicular] - guides[i])
            majorTotal += size[axis]
        }
        let minorTotal = count == 0 ? 0 : Swift.max(0, ascent + descent)
        let resolution = StackResolution(proposals: proposals, sizes: sizes, guides: guides, spacings: spacings, ascent: ascent,
                                         size: CGSize(major: infinite.major ? .infinity : majorTotal,
                                                      minor: infinite.minor ? .infinity : minorTotal, axis: axis))
        if cache.resolutions.count >= 4 { cache.resolutions.removeFirst() }
        cache.resolutions.append((proposal, resolution))
        return resolution
    }

    /// Shares `available` major length among the children (see ``resolve(_:subviews:cache:)``).
    private func distribute(_ available: CGFloat, minorProposal: CGFloat?, subviews: LayoutSubviews,
                            cache: inout StackCache, into proposals: inout [ProposedViewSize]) {
        let flexibility = flexibilities(minorProposal: minorProposal, subviews: subviews, cache: &cache)
        let priorities = subviews.map(\.priority)
        let groups = Dictionary(grouping: subviews.indices.map { $0 - subviews.startIndex }, by: { priorities[$0] })
            .sorted { $0.key > $1.key }
        var remaining = available
        var lowerMinimum = flexibility.reduce(0) { $0 + $1.min }
        for (_, members) in groups {
            lowerMinimum -= members.reduce(0) { $0 + flexibility[$1].min }
            var groupRemaining = remaining - lowerMinimum
            let ordered = members.sorted {
                let a = flexibility[$0].max - flexibility[$0].min
                let b = flexibility[$1].max - flexibility[$1].min
                return a == b ? $0 < $1 : a < b
            }
            var left = ordered.count
            for i in ordered {
                let share = Swift.max(0, groupRemaining / CGFloat(left))
                proposals[i] = ProposedViewSize(major: share, minor: minorProposal, axis: axis)
                let taken = subviews[subviews.startIndex + i].sizeThatFits(proposals[i])[axis].sanitizedLength
                groupRemaining -= taken
                remaining -= taken
                left -= 1
            }
        }
    }

    private func flexibilities(minorProposal: CGFloat?, subviews: LayoutSubviews,
                               cache: inout StackCache) -> [(min: CGFloat, max: CGFloat)] {
        if let known = cache.flexibility[minorProposal] { return known }
        let values = subviews.map { subview -> (min: CGFloat, max: CGFloat) in
            let low = subview.sizeThatFits(ProposedViewSize(major: 0, minor: minorProposal, axis: axis))[axis]
            let high = subview.sizeThatFits(ProposedViewSize(major: .infinity, minor: minorProposal, axis: axis))[axis]
            let min = low.sanitizedLength
            return (min, high.isNaN ? min : Swift.max(min, high.isInfinite ? .greatestFiniteMagnitude : high))
        }
        cache.flexibility[minorProposal] = values
        return values
    }

    /// Places the children one after another along the major axis, aligned on the minor axis.
    ///
    /// Each child is proposed its major length from the resolution and, on the minor axis, the
    /// stack's own minor proposal, or, when it has none, its placed length, as SwiftUI's stacks
    /// do (SwiftUICore's `proposalWhenPlacing`: `proposal.width ?? size.width` for a vertical
    /// stack):
    /// - a stack sized without a minor proposal (under `fixedSize()`, or measured for its ideal
    ///   size) is as wide as its widest child, and its flexible children (`frame(maxWidth:
    ///   .infinity)`, a `Divider`) then take that width: the "same width" idiom;
    /// - a stack proposed a width and made wider by a child wider than that (a `fixedSize()`
    ///   headline) places its other children at the width they were measured at: a flow placed
    ///   at the wider width wrapped into fewer rows than it was measured for, and left a gap.
    func place(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews, cache: inout StackCache) {
        let resolution = resolve(proposal, subviews: subviews, cache: &cache)
        let minor = axis.perpendicular
        let boundsMinor = bounds.size[minor]
        let spare = boundsMinor.isFinite ? boundsMinor - resolution.size[minor] : 0
        let minorOrigin = (minor == .horizontal ? bounds.minX : bounds.minY) + Swift.max(0, spare) * guide.fraction
        var major = axis == .horizontal ? bounds.minX : bounds.minY
        let placingMinor = proposal[minor] ?? (boundsMinor.isFinite ? boundsMinor : nil)
        let proposals = placingMinor.map { placed in
            resolution.proposals.map { ProposedViewSize(major: $0[axis], minor: placed, axis: axis) }
        } ?? resolution.proposals
        // A child proposed another minor length may take another size, and so another guide:
        // the children are aligned by the guides of the sizes they are placed at.
        var guides = resolution.guides, ascent = resolution.ascent
        if proposals != resolution.proposals {
            guides = subviews.enumerated().map { i, subview in guide.value(in: subview.dimensions(in: proposals[i])) }
            ascent = guides.max() ?? 0
        }
        for (i, subview) in subviews.enumerated() {
            major += resolution.spacings[i]
            let minorPosition = minorOrigin + ascent - guides[i]
            let point = axis == .horizontal ? CGPoint(x: major, y: minorPosition) : CGPoint(x: minorPosition, y: major)
            subview.place(at: point, anchor: .topLeading, proposal: proposals[i])
            major += resolution.sizes[i][axis]
        }
    }

    /// A stack's spacing: its leading (top) edge from the first child, its trailing (bottom) edge
    /// from the last, and the union of all children on the other two edges.
    func spacing(subviews: LayoutSubviews) -> ViewSpacing {
        var result = ViewSpacing()
        let (front, back): (Edge.Set, Edge.Set) = axis == .horizontal ? (.leading, .trailing) : (.top, .bottom)
        let sides: Edge.Set = axis == .horizontal ? .vertical : .horizontal
        for subview in subviews { result.formUnion(subview.spacing, edges: sides) }
        if let first = subviews.first { result.formUnion(first.spacing, edges: front) }
        if let last = subviews.last { result.formUnion(last.spacing, edges: back) }
        return result
    }
}
