// Stacks, proposals, alignment guides, spacing, AnyLayout and the host.
@testable import LayoutKit
import Testing

private enum ThirdID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 }
}

private let third = VerticalAlignment(ThirdID.self)

@Suite("Stacks and the Layout protocol")
struct StackAndProtocolTests {
    @Test("ProposedViewSize: statics, init(CGSize), replacingUnspecifiedDimensions")
    func proposals() {
        #expect(ProposedViewSize.zero == ProposedViewSize(width: 0, height: 0))
        #expect(ProposedViewSize.unspecified == ProposedViewSize(width: nil, height: nil))
        #expect(ProposedViewSize.infinity == ProposedViewSize(width: .infinity, height: .infinity))
        #expect(ProposedViewSize(CGSize(width: 3, height: 4)) == ProposedViewSize(width: 3, height: 4))
        #expect(ProposedViewSize.unspecified.replacingUnspecifiedDimensions() == CGSize(width: 10, height: 10))
        #expect(ProposedViewSize(width: 5, height: nil).replacingUnspecifiedDimensions(by: CGSize(width: 1, height: 2))
                    == CGSize(width: 5, height: 2))
    }

    @Test("HStack shares width least flexible first, spacing between")
    func leastFlexibleFirst() {
        let a = LayoutLeaf.flexible(idealWidth: 50, idealHeight: 20)
        let b = LayoutLeaf.fixed(width: 30, height: 20)
        let c = LayoutLeaf.flexible(idealWidth: 50, maxWidth: 60, idealHeight: 20)
        let result = layOut(HStackLayout(spacing: 10), [a, b, c], width: 200)
        // b (inflexible) takes 30 of its 60 share, c (up to 60) takes 60 of 75, a takes the 90 left.
        #expect(result.size == CGSize(width: 200, height: 20))
        #expect(result.frames == [rect(0, 0, 90, 20), rect(100, 0, 30, 20), rect(140, 0, 60, 20)])
    }

    @Test("HStack serves higher layout priority first, keeping lower ones' minimum")
    func priority() {
        let a = LayoutLeaf.flexible(idealWidth: 50, idealHeight: 20)
        a.priority = 1
        let b = LayoutLeaf.flexible(minWidth: 40, idealWidth: 50, idealHeight: 20)
        let result = layOut(HStackLayout(spacing: 0), [b, a], width: 200)
        #expect(result.frames == [rect(0, 0, 40, 20), rect(40, 0, 160, 20)])
    }

    @Test("HStack of wrapping text: the shorter text is served first, the longer wraps")
    func textInHStack() {
        let short = LayoutLeaf.text("ab")
        let long = LayoutLeaf.text("aaaa bbbb cccc")
        let result = layOut(HStackLayout(alignment: .top, spacing: 8), [short, long], width: 100)
        // Share 46 each: "ab" takes 20; "aaaa bbbb cccc" gets 72 and wraps to 2 lines of ≤ 7 chars.
        #expect(result.frames == [rect(0, 0, 20, 20), rect(28, 0, 40, 60)])
        #expect(result.size == CGSize(width: 68, height: 60))
    }

    @Test("Unspecified proposals give ideal sizes; default spacing is 8 points")
    func idealAndDefaultSpacing() {
        let result = layOut(HStackLayout(), leaves(widths: [10, 20], height: 10), width: nil)
        #expect(result.size == CGSize(width: 38, height: 10))
        #expect(result.frames == [rect(0, 0, 10, 10), rect(18, 0, 20, 10)])
    }

    @Test("VStack aligns children horizontally", arguments: [
        (HorizontalAlignment.leading, [0.0, 0] as [CGFloat]), (.center, [10.0, 0] as [CGFloat]), (.trailing, [20.0, 0] as [CGFloat]),
    ])
    func vstack(_ alignment: HorizontalAlignment, _ xs: [CGFloat]) {
        let result = layOut(VStackLayout(alignment: alignment, spacing: 4), leaves(widths: [20, 40], height: 10), width: nil)
        #expect(result.size == CGSize(width: 40, height: 24))
        #expect(result.frames.map(\.minX) == xs)
        #expect(result.frames.map(\.minY) == [0, 14])
    }

    @Test("ZStack aligns children on both axes")
    func zstack() {
        let result = layOut(ZStackLayout(alignment: .bottomTrailing), leaves([CGSize(width: 10, height: 10),
                                                                                CGSize(width: 30, height: 20)]),
                            width: nil)
        #expect(result.size == CGSize(width: 30, height: 20))
        #expect(result.frames == [rect(20, 10, 10, 10), rect(0, 0, 30, 20)])
    }

    @Test("Alignment guides: baselines, explicit and custom guides")
    func guides() {
        let a = LayoutLeaf.fixed(width: 10, height: 20, baseline: 16)
        let b = LayoutLeaf.fixed(width: 10, height: 30, baseline: 10)
        let baseline = layOut(HStackLayout(alignment: .firstTextBaseline, spacing: 0), [a, b], width: nil)
        #expect(baseline.frames.map(\.minY) == [0, 6])
        #expect(baseline.size.height == 36)
        let custom = LayoutLeaf(verticalGuides: { guide, size in guide == third ? size.height - 1 : nil },
                                sizeThatFits: { _ in CGSize(width: 10, height: 12) })
        let plain = LayoutLeaf.fixed(width: 10, height: 30)
        let thirds = layOut(HStackLayout(alignment: third, spacing: 0), [custom, plain], width: nil)
        // custom's guide is explicit (11), plain's is the default (30 / 3 = 10).
        #expect(thirds.frames.map(\.minY) == [0, 1])
        let host = LayoutHost(HStackLayout(), subviews: [plain])
        let dimensions = host.subviews[0].dimensions(in: .unspecified)
        #expect(dimensions[third] == 10 && dimensions[explicit: third] == nil)
        #expect(dimensions[.trailing] == 10 && dimensions[VerticalAlignment.center] == 15)
        #expect(dimensions[.firstTextBaseline] == 30)
    }

    @Test("Default explicitAlignment merges subviews' guides: mean, first baseline min, last baseline max")
    func mergedGuides() {
        let texts = [LayoutLeaf.fixed(width: 10, height: 20, baseline: 15), LayoutLeaf.fixed(width: 10, height: 20, baseline: 15)]
        let host = LayoutHost(VStackLayout(spacing: 10), subviews: texts)
        let bounds = CGRect(x: 0, y: 0, width: 10, height: 50)
        #expect(host.explicitAlignment(of: .firstTextBaseline, in: bounds, proposal: .unspecified) == 15)
        #expect(host.explicitAlignment(of: .lastTextBaseline, in: bounds, proposal: .unspecified) == 45)
        #expect(host.explicitAlignment(of: VerticalAlignment.center, in: bounds, proposal: .unspecified) == nil)
        #expect(VerticalAlignment.center.combineExplicit([1, nil, 3]) == 2)
        #expect(host.placements.isEmpty, "the merge pass does not record placements")
        // Nested: the stack is a subview of an HStack aligned on first baselines.
        let other = LayoutLeaf.fixed(width: 10, height: 30, baseline: 25)
        let outer = layOut(HStackLayout(alignment: .firstTextBaseline, spacing: 0), [host, other], width: nil)
        #expect(outer.frames.map(\.minY) == [10, 0])
    }

    @Test("ViewSpacing: default 8, minimums, zero, text categories, union")
    func spacing() {
        #expect(ViewSpacing().distance(to: ViewSpacing(), along: .horizontal) == 8)
        #expect(ViewSpacing.zero.distance(to: ViewSpacing(), along: .vertical) == 0)
        let wide = ViewSpacing(top: nil, leading: 20, bottom: nil, trailing: 4)
        #expect(ViewSpacing().distance(to: wide, along: .horizontal) == 20)
        #expect(wide.distance(to: ViewSpacing(), along: .horizontal) == 4)
        let text = ViewSpacing.text(lineGap: 3)
        #expect(text.distance(to: text, along: .vertical) == 3)
        #expect(text.distance(to: text, along: .horizontal) == 8)
        #expect(text.distance(to: ViewSpacing(), along: .vertical) == 8)
        var merged = ViewSpacing.zero
        merged.formUnion(wide, edges: .leading)
        #expect(ViewSpacing().distance(to: merged, along: .horizontal) == 20)
        #expect(merged.distance(to: ViewSpacing(), along: .horizontal) == 0)
        let host = LayoutHost(HStackLayout(), subviews: [LayoutLeaf.fixed(width: 1, height: 1), LayoutLeaf.fixed(width: 1, height: 1)])
        (host.subviews[0].storage.backends[1] as? LayoutLeaf)?.spacing = wide
        #expect(host.spacing.distance(to: ViewSpacing(), along: .horizontal) == 4)
    }

    @Test("AnyLayout switches layouts and remakes the cache when the type changes")
    func anyLayout() {
        let items = leaves(widths: [40, 50, 30])
        let host = LayoutHost(AnyLayout(FlowLayout(itemSpacing: 10)), subviews: items)
        #expect(host.sizeThatFits(ProposedViewSize(width: 100, height: nil)) == CGSize(width: 100, height: 48))
        #expect(host.layoutProperties.stackOrientation == .horizontal)
        host.update(AnyLayout(VStackLayout(spacing: 0)))
        #expect(host.sizeThatFits(ProposedViewSize(width: 100, height: nil)) == CGSize(width: 50, height: 60))
        #expect(host.layoutProperties.stackOrientation == .vertical)
        host.update(AnyLayout(FlowLayout(itemSpacing: 10, lineSpacing: 0, maxRows: 1)))
        #expect(host.sizeThatFits(ProposedViewSize(width: 100, height: nil)) == CGSize(width: 100, height: 20))
        #expect(host.hiddenItemCount == 1)
        let existential: any Layout = ZStackLayout()
        host.update(AnyLayout(existential))
        #expect(host.sizeThatFits(.unspecified) == CGSize(width: 50, height: 20))
        #expect(host.layoutProperties.stackOrientation == nil)
    }

    @Test("LayoutSubviews: slices keep indices; index lists make new collections")
    func subviewsCollection() {
        let host = LayoutHost(HStackLayout(), subviews: leaves(widths: [1, 2, 3, 4]))
        let slice = host.subviews[1..<3]
        #expect(slice.startIndex == 1 && slice.count == 2 && slice[2] == host.subviews[2])
        let picked = host.subviews[[3, 0]]
        #expect(picked.startIndex == 0 && picked[0] == host.subviews[3] && picked[1] == host.subviews[0])
        #expect(host.subviews.layoutDirection == .leftToRight)
    }

    @Test("An unplaced subview goes to the center of the bounds with the container's proposal")
    func unplaced() {
        struct PlacesNothing: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                proposal.replacingUnspecifiedDimensions()
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        let host = LayoutHost(PlacesNothing(), subviews: [LayoutLeaf.fixed(width: 10, height: 4)])
        let placement = host.placeSubviews(in: CGRect(x: 0, y: 0, width: 100, height: 50), proposal: .unspecified)[0]
        #expect(placement.frame == rect(45, 23, 10, 4))
        #expect(placement.isExplicit == false)
        #expect(PlacesNothing.layoutProperties.stackOrientation == nil)
    }

    @Test("Fake text wraps at spaces and breaks long words")
    func fakeText() {
        let text = LayoutLeaf.text("aa bbbb c")
        #expect(text.sizeThatFits(.unspecified) == CGSize(width: 90, height: 20))
        #expect(text.sizeThatFits(ProposedViewSize(width: 50, height: nil)) == CGSize(width: 40, height: 60))
        // "aa" / "bbb" / "b c"
        #expect(text.sizeThatFits(ProposedViewSize(width: 30, height: nil)) == CGSize(width: 30, height: 60))
        #expect(text.sizeThatFits(.zero) == CGSize(width: 10, height: 140))
    }
}
