// A layout written the way SwiftUI code is written, against the public API only (no @testable):
// `cache: inout Void`, a custom cache with updateCache, a custom LayoutValueKey, a custom
// alignment guide, layoutProperties, explicitAlignment and place(at:anchor:proposal:) with a
// center anchor.
import LayoutKit
import Testing

private struct Rank: LayoutValueKey {
    static let defaultValue = 0
}

/// Children side by side, all as wide as the widest, in the order of their rank.
private struct RankedEqualWidthRow: Layout {
    var spacing: CGFloat = 4

    static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    struct Cache {
        var order: [Int]
        var cell: CGSize
    }

    func makeCache(subviews: Subviews) -> Cache {
        let order = subviews.indices.sorted { subviews[$0][Rank.self] < subviews[$1][Rank.self] }
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let cell = sizes.reduce(CGSize.zero) { CGSize(width: max($0.width, $1.width), height: max($0.height, $1.height)) }
        return Cache(order: order, cell: cell)
    }

    func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let count = CGFloat(subviews.count)
        return CGSize(width: cache.cell.width * count + spacing * (count - 1), height: cache.cell.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX + cache.cell.width / 2
        for index in cache.order {
            subviews[index].place(at: CGPoint(x: x, y: bounds.midY), anchor: .center,
                                  proposal: ProposedViewSize(cache.cell))
            x += cache.cell.width + spacing
        }
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat? {
        guide == .firstCell ? bounds.minX + cache.cell.width / 2 : nil
    }
}

private enum FirstCellID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context[HorizontalAlignment.center] }
}

extension HorizontalAlignment {
    fileprivate static let firstCell = HorizontalAlignment(FirstCellID.self)
}

/// A layout that relies on every default: Void cache, default spacing and guides.
private struct Overlay: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        for subview in subviews {
            subview.place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
        }
    }
}

@Suite("SwiftUI-style layouts against the public API")
struct SwiftUIStyleLayoutTests {
    @Test("A custom layout with its own cache, value key and guide")
    func rankedRow() {
        let a = LayoutLeaf.fixed(width: 30, height: 10).setting(Rank.self, to: 2)
        let b = LayoutLeaf.flexible(idealWidth: 20, idealHeight: 14).setting(Rank.self, to: 1)
        let host = LayoutHost(RankedEqualWidthRow(), subviews: [a, b])
        let size = host.sizeThatFits(.unspecified)
        #expect(size == CGSize(width: 64, height: 14))
        let frames = host.placeSubviews(in: CGRect(origin: CGPoint(x: 5, y: 5), size: size), proposal: .unspecified)
            .map(\.frame)
        // b (rank 1) comes first and, being flexible, takes the cell; a keeps its fixed size.
        #expect(frames == [CGRect(x: 39, y: 7, width: 30, height: 10), CGRect(x: 5, y: 5, width: 30, height: 14)])
        #expect(host.layoutProperties.stackOrientation == .horizontal)
        #expect(host.dimensions(in: .unspecified)[explicit: .firstCell] == 15)
        // A column of two ranked rows aligned on .firstCell: the rows' first cells line up.
        let wide = LayoutHost(RankedEqualWidthRow(spacing: 0), subviews: [LayoutLeaf.fixed(width: 50, height: 10)])
        let column = LayoutHost(VStackLayout(alignment: .firstCell, spacing: 0), subviews: [host, wide])
        let columnSize = column.sizeThatFits(.unspecified)
        let rows = column.placeSubviews(in: CGRect(origin: .zero, size: columnSize), proposal: .unspecified).map(\.frame)
        #expect(rows[0].minX + 15 == rows[1].minX + 25)
    }

    @Test("A layout that relies on every default")
    func defaults() {
        let leaf = LayoutLeaf.fixed(width: 3, height: 4)
        leaf.spacing = .zero
        let host = LayoutHost(Overlay(), subviews: [leaf])
        #expect(host.sizeThatFits(.unspecified) == CGSize(width: 10, height: 10))
        #expect(host.spacing == ViewSpacing.zero)
        #expect(host.explicitAlignment(of: .leading, in: .zero, proposal: .unspecified) == nil)
        var data = Overlay().animatableData
        data.scale(by: 2)
        #expect(data == EmptyAnimatableData())
    }
}
