// FlowLayout, option by option, with exact frames from fixed-size and fake-text leaves.
@testable import LayoutKit
import Testing

private func breakMarker() -> LayoutLeaf {
    LayoutLeaf.fixed(width: 0, height: 0).setting(LineBreakLayoutKey.self, to: true)
}

private func spacerMarker() -> LayoutLeaf {
    LayoutLeaf.fixed(width: 0, height: 0).setting(SpacerLayoutKey.self, to: true)
}

private let third: CGFloat = 20.0 / 3
private let evenlySecond: CGFloat = 50 + 2 * third

@Suite("FlowLayout")
struct FlowLayoutTests {
    @Test("Greedy rows: an item joins the row if items + gaps + it fit")
    func greedy() {
        let result = layOut(FlowLayout(itemSpacing: 10, lineSpacing: 5), leaves(widths: [40, 50, 30, 60]), width: 100)
        #expect(result.size == CGSize(width: 100, height: 45))
        #expect(result.frames == [rect(0, 0, 40, 20), rect(50, 0, 50, 20), rect(0, 25, 30, 20), rect(40, 25, 60, 20)])
    }

    @Test("Fit tolerance: sums equal in 1/64 units stay on the row, one unit over breaks")
    func tolerance() {
        let layout = FlowLayout(itemSpacing: 10, lineSpacing: 0)
        let slightlyNarrow = layOut(layout, leaves(widths: [40, 50]), width: 100 - 1.0 / 256)
        #expect(slightlyNarrow.frames[1].minY == 0)
        let oneUnitNarrow = layOut(layout, leaves(widths: [40, 50]), width: 100 - 1.0 / 64)
        #expect(oneUnitNarrow.frames[1] == rect(0, 20, 50, 20))
    }

    @Test("Horizontal alignment places each row in the container width", arguments: [
        (HorizontalAlignment.leading, [rect(0, 0, 40, 20), rect(50, 0, 50, 20), rect(0, 28, 30, 20)]),
        (.center, [rect(10, 0, 40, 20), rect(60, 0, 50, 20), rect(45, 28, 30, 20)]),
        (.trailing, [rect(20, 0, 40, 20), rect(70, 0, 50, 20), rect(90, 28, 30, 20)]),
    ])
    func horizontalAlignment(_ guide: HorizontalAlignment, _ expected: [CGRect]) {
        let layout = FlowLayout(alignment: Alignment(horizontal: guide, vertical: .top), itemSpacing: 10,
                                fillsWidth: true)
        let result = layOut(layout, leaves(widths: [40, 50, 30]), width: 120)
        #expect(result.size == CGSize(width: 120, height: 48))
        #expect(result.frames == expected)
    }

    @Test("Hugging aligns rows within the widest row")
    func hugAlignment() {
        let result = layOut(FlowLayout(alignment: .center, itemSpacing: 10), leaves(widths: [40, 50, 30]), width: 120)
        #expect(result.size == CGSize(width: 100, height: 48))
        #expect(result.frames[2] == rect(35, 28, 30, 20))
    }

    @Test("Vertical alignment places items within their row", arguments: [
        (VerticalAlignment.top, [0.0, 0, 0]),
        (.center, [10.0, 0, 5]),
        (.bottom, [20.0, 0, 10]),
    ])
    func verticalAlignment(_ guide: VerticalAlignment, _ ys: [CGFloat]) {
        let items = leaves([CGSize(width: 10, height: 10), CGSize(width: 10, height: 30), CGSize(width: 10, height: 20)])
        let layout = FlowLayout(alignment: Alignment(horizontal: .leading, vertical: guide), itemSpacing: 0)
        let result = layOut(layout, items, width: nil)
        #expect(result.size == CGSize(width: 30, height: 30))
        #expect(result.frames.map(\.minY) == ys)
    }

    @Test("First-baseline alignment: items without a baseline align their bottom")
    func firstBaseline() {
        let items = [LayoutLeaf.fixed(width: 10, height: 20, baseline: 15),
                     LayoutLeaf.fixed(width: 10, height: 40, baseline: 30),
                     LayoutLeaf.fixed(width: 10, height: 10)]
        let result = layOut(FlowLayout(alignment: .leadingFirstTextBaseline, itemSpacing: 0), items, width: nil)
        #expect(result.size == CGSize(width: 30, height: 40))
        #expect(result.frames.map(\.minY) == [15, 0, 20])
    }

    @Test("Last-baseline alignment uses the last line of wrapped text")
    func lastBaseline() {
        // "aaa bbb" wraps into two lines at width 35: 30 × 40, baselines 15 and 35.
        let text = LayoutLeaf.text("aaa bbb")
        let box = LayoutLeaf.fixed(width: 10, height: 10)
        let layout = FlowLayout(alignment: .leadingLastTextBaseline, itemSpacing: 0)
        let host = LayoutHost(layout, subviews: [text, box])
        _ = host.sizeThatFits(.unspecified)
        // Unwrapped (ideal) text: one line, baseline 15; the box's bottom aligns to it.
        let frames = host.placeSubviews(in: CGRect(x: 0, y: 0, width: 80, height: 20), proposal: .unspecified).map(\.frame)
        #expect(frames == [rect(0, 0, 70, 20), rect(70, 5, 10, 10)])
        #expect(LayoutLeaf.text("aaa bbb").sizeThatFits(ProposedViewSize(width: 35, height: nil)) == CGSize(width: 30, height: 40))
        let wrapped = LayoutHost(VStackLayout(), subviews: [LayoutLeaf.text("aaa bbb")])
        #expect(wrapped.explicitAlignment(of: .lastTextBaseline, in: CGRect(x: 0, y: 0, width: 30, height: 40),
                                          proposal: ProposedViewSize(width: 35, height: nil)) == 35)
    }

    @Test("Justification distributes each row's free space like justify-content", arguments: [
        (FlowLayout.Justification.spaceBetween, [0, 70, 0] as [CGFloat]),
        (.spaceAround, [5, 65, 45] as [CGFloat]),
        (.spaceEvenly, [third, evenlySecond, 45] as [CGFloat]),
    ])
    func justification(_ justification: FlowLayout.Justification, _ xs: [CGFloat]) {
        let layout = FlowLayout(itemSpacing: 10, justification: justification, fillsWidth: true)
        let result = layOut(layout, leaves(widths: [40, 50, 30]), width: 120)
        for (frame, x) in zip(result.frames, xs) {
            #expect(abs(frame.minX - x) < 1e-9, "\(justification): \(frame.minX) vs \(x)")
        }
    }

    @Test("justifiesLastRow false keeps the last row aligned")
    func lastRowAligned() {
        let layout = FlowLayout(alignment: .topTrailing, itemSpacing: 10, justification: .spaceBetween,
                                justifiesLastRow: false, fillsWidth: true)
        let result = layOut(layout, leaves(widths: [40, 50, 30, 20]), width: 120)
        // Row 0 [40, 50] is justified; row 1 [30, 20] is the last row, aligned trailing.
        #expect(result.frames.map(\.minX) == [0, 70, 60, 100])
    }

    @Test("Stretch grows flexible items up to their maximum, equally")
    func stretch() {
        let capped = LayoutLeaf.flexible(idealWidth: 40, maxWidth: 60, idealHeight: 20)
        let unbounded = LayoutLeaf.flexible(idealWidth: 20, idealHeight: 20)
        let fixed = LayoutLeaf.fixed(width: 20, height: 20)
        let layout = FlowLayout(itemSpacing: 10, justification: .stretch, fillsWidth: true)
        let result = layOut(layout, [capped, fixed, unbounded], width: 140)
        // Free space 140 - 100 = 40: 20 each, then the capped one stops at 60 and the rest goes on.
        #expect(result.frames == [rect(0, 0, 60, 20), rect(70, 0, 20, 20), rect(100, 0, 40, 20)])
        let none = layOut(layout, leaves(widths: [40, 50]), width: 140)
        #expect(none.frames.map(\.minX) == [0, 50])
    }

    @Test("Balanced breaking keeps greedy's rows count and minimises raggedness")
    func balanced() {
        let widths: [CGFloat] = [60, 40, 50, 50, 30]
        let greedy = layOut(FlowLayout(itemSpacing: 10, lineSpacing: 0), leaves(widths: widths), width: 120)
        #expect(greedy.frames.map(\.minY) == [0, 0, 20, 20, 40])
        let balanced = layOut(FlowLayout(itemSpacing: 10, lineSpacing: 0, lineBreaking: .balanced),
                              leaves(widths: widths), width: 120)
        #expect(balanced.frames == [rect(0, 0, 60, 20), rect(0, 20, 40, 20), rect(50, 20, 50, 20),
                                    rect(0, 40, 50, 20), rect(60, 40, 30, 20)])
        #expect(balanced.size == CGSize(width: 100, height: 60))
    }

    @Test("Forced breaks: line-break values and spacers end their row, never making empty rows")
    func forcedBreaks() {
        let items: [any LayoutSubviewBackend] = [LayoutLeaf.fixed(width: 40, height: 20), breakMarker(),
                                                 LayoutLeaf.fixed(width: 40, height: 20),
                                                 LayoutLeaf.fixed(width: 40, height: 20), spacerMarker(),
                                                 LayoutLeaf.fixed(width: 40, height: 20)]
        let result = layOut(FlowLayout(itemSpacing: 10, lineSpacing: 5), items, width: 1000)
        #expect(result.size == CGSize(width: 90, height: 70))
        #expect(result.frames == [rect(0, 0, 40, 20), rect(40, 0, 0, 0), rect(0, 25, 40, 20), rect(50, 25, 40, 20),
                                  rect(90, 25, 0, 0), rect(0, 50, 40, 20)])
        let doubled: [any LayoutSubviewBackend] = [breakMarker(), LayoutLeaf.fixed(width: 40, height: 20), breakMarker(),
                                                   breakMarker(), LayoutLeaf.fixed(width: 40, height: 20)]
        let twice = layOut(FlowLayout(itemSpacing: 10, lineSpacing: 5), doubled, width: 1000)
        #expect(twice.frames.map(\.minY) == [0, 0, 0, 25, 25])
        #expect(twice.size == CGSize(width: 40, height: 45))
    }

    @Test("maxRows hides the overflow and reports how many items it hid")
    func maxRows() {
        let result = layOut(FlowLayout(itemSpacing: 10, lineSpacing: 0, maxRows: 2),
                            leaves(widths: Array(repeating: 30, count: 7)), width: 100)
        // Two items per row (30 + 10 + 30 + 10 + 30 > 100): rows of 2, 2, 2, 1; two rows shown.
        #expect(result.host.hiddenItemCount == 3)
        #expect(result.size == CGSize(width: 70, height: 40))
        #expect(result.frames[3] == rect(40, 20, 30, 20))
        for hidden in 4..<7 {
            #expect(result.frames[hidden].minX >= 70 && result.frames[hidden].minY >= 40)
            #expect(result.host.placements[hidden].proposal == .zero)
        }
    }

    @Test("Right-to-left mirrors the rows within the bounds")
    func rightToLeft() {
        let result = layOut(FlowLayout(itemSpacing: 10, lineSpacing: 5), leaves(widths: [40, 50, 30]), width: 100,
                            direction: .rightToLeft)
        #expect(result.frames == [rect(60, 0, 40, 20), rect(0, 0, 50, 20), rect(70, 25, 30, 20)])
    }

    @Test("An item wider than the container goes alone on its row, at the leading edge")
    func oversized() {
        let layout = FlowLayout(alignment: .center, itemSpacing: 10, lineSpacing: 0, fillsWidth: true)
        let result = layOut(layout, leaves(widths: [150, 40, 40]), width: 100)
        #expect(result.size == CGSize(width: 150, height: 40))
        #expect(result.frames == [rect(0, 0, 150, 20), rect(30, 20, 40, 20), rect(80, 20, 40, 20)])
        let host = LayoutHost(layout, subviews: leaves(widths: [150, 40, 40]))
        let frames = host.placeSubviews(in: CGRect(x: 0, y: 0, width: 100, height: 40),
                                        proposal: ProposedViewSize(width: 100, height: nil)).map(\.frame)
        #expect(frames[0] == rect(0, 0, 150, 20))
        #expect(frames[1] == rect(5, 20, 40, 20))
    }

    @Test("Zero-size items keep their place and order")
    func zeroSize() {
        let result = layOut(FlowLayout(itemSpacing: 10), leaves(widths: [40, 0, 30], height: 20), width: 100)
        #expect(result.frames == [rect(0, 0, 40, 20), rect(50, 0, 0, 20), rect(60, 0, 30, 20)])
    }

    @Test("NaN, infinite and negative sizes and spacings never reach a frame")
    func sanitised() {
        let bad: [any LayoutSubviewBackend] = [LayoutLeaf.fixed(width: .nan, height: 10),
                                               LayoutLeaf.fixed(width: .infinity, height: -.infinity),
                                               LayoutLeaf.fixed(width: -20, height: .nan),
                                               LayoutLeaf.fixed(width: 30, height: 20)]
        for spacing in [CGFloat.nan, .infinity, -5, 8] {
            for width in [CGFloat.nan, .infinity, -10, 0, 25, 100] as [CGFloat?] + [nil] {
                let result = layOut(FlowLayout(itemSpacing: spacing, lineSpacing: spacing, justification: .spaceEvenly),
                                    bad, width: width)
                #expect(result.size.width.isFinite && result.size.height.isFinite)
                for frame in result.frames {
                    #expect(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite,
                            "spacing \(spacing), width \(String(describing: width)): \(frame)")
                }
            }
        }
    }

    @Test("Proposals: zero is the minimum, unspecified and infinity the ideal, a width breaks rows")
    func proposals() {
        let host = LayoutHost(FlowLayout(itemSpacing: 10, lineSpacing: 8), subviews: leaves(widths: [40, 50, 30]))
        #expect(host.sizeThatFits(.zero) == CGSize(width: 50, height: 76))
        #expect(host.sizeThatFits(.unspecified) == CGSize(width: 140, height: 20))
        #expect(host.sizeThatFits(.infinity) == CGSize(width: 140, height: 20))
        #expect(host.sizeThatFits(ProposedViewSize(width: 100, height: 5)) == CGSize(width: 100, height: 48))
        #expect(host.sizeThatFits(ProposedViewSize(width: 95, height: nil)) == CGSize(width: 90, height: 48))
        let filling = LayoutHost(FlowLayout(itemSpacing: 10, lineSpacing: 8, fillsWidth: true),
                                 subviews: leaves(widths: [40, 50, 30]))
        #expect(filling.sizeThatFits(ProposedViewSize(width: 200, height: nil)) == CGSize(width: 200, height: 20))
        #expect(filling.sizeThatFits(.infinity) == CGSize(width: 140, height: 20))
        #expect(filling.sizeThatFits(.zero) == CGSize(width: 50, height: 76))
    }

    @Test("Each subview is measured once per pass; rows are memoised per width")
    func measuredOncePerPass() {
        let items = leaves(widths: [40, 50, 30, 60])
        let host = LayoutHost(FlowLayout(itemSpacing: 10), subviews: items)
        for width in [100, 50, 100, 200, 100] as [CGFloat] {
            _ = host.sizeThatFits(ProposedViewSize(width: width, height: nil))
        }
        #expect(items.allSatisfy { $0.measureCount == 1 })
        #expect(host.cache.memo.count == 3)
        host.placeSubviews(in: CGRect(x: 0, y: 0, width: 100, height: 45), proposal: ProposedViewSize(width: 100, height: nil))
        // The host asks each subview once more for its size at the placement proposal.
        #expect(items.allSatisfy { $0.measureCount == 2 })
        host.invalidate()
        _ = host.sizeThatFits(ProposedViewSize(width: 100, height: nil))
        #expect(items.allSatisfy { $0.measureCount == 3 })
    }

    @Test("nil spacing uses the subviews' preferred spacing")
    func preferredSpacing() {
        let a = LayoutLeaf.fixed(width: 40, height: 20)
        let b = LayoutLeaf.fixed(width: 40, height: 20)
        b.spacing = ViewSpacing(top: 12, leading: 20, bottom: nil, trailing: nil)
        let c = LayoutLeaf.fixed(width: 40, height: 20)
        let result = layOut(FlowLayout(), [a, b, c], width: 110)
        // a–b: b's leading minimum 20; b–c: no preference, 8; row gap: c's top edge has none, b
        // (above) has no bottom preference, so 8.
        #expect(result.frames == [rect(0, 0, 40, 20), rect(60, 0, 40, 20), rect(0, 28, 40, 20)])
        let texts = [LayoutLeaf.text("a"), LayoutLeaf.text("b")]
        texts.forEach { $0.spacing = .text(lineGap: 3) }
        let stacked = layOut(FlowLayout(), texts, width: 10)
        #expect(stacked.frames[1].minY == 23)
    }
}
