@testable import TagCloudUI
import Testing

/// One test per layout modifier, with the frames SwiftUI gives.
@MainActor
@Suite("Layout modifiers place views where SwiftUI does")
struct LayoutModifierTests {
    @Test("padding() adds 16 points on every edge")
    func defaultPadding() throws {
        let result = try render(Color.red.frame(width: 50, height: 20).padding())
        #expect(result.size == CGSize(width: 82, height: 52))
        #expect(result.rect(filledWith: .red) == rect(16, 16, 50, 20))
    }

    @Test("padding(_:_:) pads only the edges given")
    func edgePadding() throws {
        let result = try render(Color.red.frame(width: 50, height: 20).padding(.horizontal, 12).padding(.top, 3))
        #expect(result.size == CGSize(width: 74, height: 23))
        #expect(result.rect(filledWith: .red) == rect(12, 3, 50, 20))
    }

    @Test("padding(EdgeInsets) pads each edge by its own amount, leading first in left to right")
    func insetPadding() throws {
        let view = Color.red.frame(width: 10, height: 10).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        let result = try render(view)
        #expect(result.size == CGSize(width: 16, height: 14))
        #expect(result.rect(filledWith: .red) == rect(2, 1, 10, 10))
        let mirrored = try render(view.environment(\.layoutDirection, .rightToLeft))
        #expect(mirrored.rect(filledWith: .red) == rect(4, 1, 10, 10))
    }

    @Test("padding(_:) proposes the proposal less the padding")
    func paddingShrinksTheProposal() throws {
        let result = try render(Color.red.padding(10), proposal: ProposedViewSize(width: 100, height: 50))
        #expect(result.size == CGSize(width: 100, height: 50))
        #expect(result.rect(filledWith: .red) == rect(10, 10, 80, 30))
    }

    @Test("frame(width:height:alignment:) fixes the size and aligns the content")
    func fixedFrame() throws {
        let view = Color.red.frame(width: 20, height: 10).frame(width: 100, height: 50, alignment: .bottomTrailing)
        let result = try render(view)
        #expect(result.size == CGSize(width: 100, height: 50))
        #expect(result.rect(filledWith: .red) == rect(80, 40, 20, 10))
        let centred = try render(Color.red.frame(width: 20, height: 10).frame(width: 100, height: 50))
        #expect(centred.rect(filledWith: .red) == rect(40, 20, 20, 10))
    }

    @Test("frame(width:) keeps the proposed height for a flexible content")
    func fixedWidthOnly() throws {
        let result = try render(Color.red.frame(width: 30), proposal: ProposedViewSize(width: 200, height: 40))
        #expect(result.size == CGSize(width: 30, height: 40))
        #expect(result.rect(filledWith: .red) == rect(0, 0, 30, 40))
    }

    @Test("frame(maxWidth: .infinity) takes the proposed width and aligns the content in it")
    func maxWidthInfinity() throws {
        let view = Color.red.frame(width: 20, height: 10).frame(maxWidth: .infinity, alignment: .leading)
        let result = try render(view, proposal: ProposedViewSize(width: 200, height: nil))
        #expect(result.size == CGSize(width: 200, height: 10))
        #expect(result.rect(filledWith: .red) == rect(0, 0, 20, 10))
        let ideal = try render(view)
        #expect(ideal.size == CGSize(width: 20, height: 10))
    }

    @Test("frame(minWidth:) grows the frame to the minimum and centres the content")
    func minWidth() throws {
        let result = try render(Color.red.frame(width: 20, height: 10).frame(minWidth: 50))
        #expect(result.size == CGSize(width: 50, height: 10))
        #expect(result.rect(filledWith: .red) == rect(15, 0, 20, 10))
    }

    @Test("frame(maxWidth:) clamps the proposal to the content and the frame")
    func maxWidth() throws {
        let result = try render(Color.red.frame(maxWidth: 40), proposal: ProposedViewSize(width: 100, height: 20))
        #expect(result.size == CGSize(width: 40, height: 20))
        #expect(result.rect(filledWith: .red) == rect(0, 0, 40, 20))
    }

    @Test("frame(idealWidth:idealHeight:) is what an unspecified proposal gets")
    func idealSize() throws {
        let result = try render(Color.red.frame(idealWidth: 70, idealHeight: 30).fixedSize())
        #expect(result.size == CGSize(width: 70, height: 30))
        #expect(result.rect(filledWith: .red) == rect(0, 0, 70, 30))
    }

    @Test("fixedSize() gives the content its ideal size, overflowing a narrower frame")
    func fixedSize() throws {
        let ideal = try typesetter().shape("Hello world", font: .body).size
        let result = try render(Text("Hello world").fixedSize().frame(width: 30))
        #expect(result.size == CGSize(width: 30, height: ideal.height))
        #expect(result.texts.first?.item.origin == CGPoint(x: (30 - ideal.width) / 2, y: 0))
        #expect(result.frames(of: "Text(Hello world)") == [rect((30 - ideal.width) / 2, 0, ideal.width, ideal.height)])
    }

    @Test("fixedSize(horizontal:vertical:) fixes only the dimensions given")
    func fixedSizeOneAxis() throws {
        let result = try render(Color.red.frame(idealWidth: 70, idealHeight: 30).fixedSize(horizontal: true, vertical: false),
                                proposal: ProposedViewSize(width: 10, height: 12))
        #expect(result.size == CGSize(width: 70, height: 12))
    }

    @Test("layoutPriority(_:) lets a stack offer a view space first")
    func layoutPriority() throws {
        func stack(priority: Double) -> some View {
            HStack(spacing: 0) {
                Color.red.frame(minWidth: 10, maxWidth: 100).layoutPriority(priority)
                Color.blue.frame(minWidth: 10, maxWidth: 100)
            }
        }
        let even = try render(stack(priority: 0), proposal: ProposedViewSize(width: 120, height: 10))
        #expect(even.rect(filledWith: .red) == rect(0, 0, 60, 10))
        #expect(even.rect(filledWith: .blue) == rect(60, 0, 60, 10))
        let first = try render(stack(priority: 1), proposal: ProposedViewSize(width: 120, height: 10))
        #expect(first.rect(filledWith: .red) == rect(0, 0, 100, 10))
        #expect(first.rect(filledWith: .blue) == rect(100, 0, 20, 10))
    }

    @Test("alignmentGuide(_:computeValue:) moves a view's guide")
    func alignmentGuide() throws {
        let view = VStack(alignment: .leading) {
            Color.red.frame(width: 20, height: 10)
            Color.blue.frame(width: 20, height: 10).alignmentGuide(.leading) { _ in -30 }
            Color.green.frame(width: 20, height: 10).alignmentGuide(.leading) { d in d[.trailing] }
        }
        let result = try render(view)
        #expect(result.size == CGSize(width: 70, height: 46))
        #expect(result.rect(filledWith: .red) == rect(20, 0, 20, 10))
        #expect(result.rect(filledWith: .blue) == rect(50, 18, 20, 10))
        #expect(result.rect(filledWith: .green) == rect(0, 36, 20, 10))
    }

    @Test("alignmentGuide on a vertical guide aligns an HStack")
    func verticalAlignmentGuide() throws {
        let view = HStack(alignment: .top, spacing: 0) {
            Color.red.frame(width: 10, height: 10)
            Color.blue.frame(width: 10, height: 10).alignmentGuide(.top) { d in d.height / 2 }
        }
        let result = try render(view)
        #expect(result.size == CGSize(width: 20, height: 15))
        #expect(result.rect(filledWith: .red) == rect(0, 5, 10, 10))
        #expect(result.rect(filledWith: .blue) == rect(10, 0, 10, 10))
    }

    @Test("offset(x:y:) moves the drawing, not the layout")
    func offset() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10).offset(x: 5, y: 7)
            Color.blue.frame(width: 10, height: 10)
        }
        let result = try render(view)
        #expect(result.size == CGSize(width: 20, height: 10))
        #expect(result.rect(filledWith: .red) == rect(5, 7, 10, 10))
        #expect(result.rect(filledWith: .blue) == rect(10, 0, 10, 10))
        let sized = try render(Color.red.frame(width: 10, height: 10).offset(CGSize(width: -2, height: 3)).padding(10))
        #expect(sized.rect(filledWith: .red) == rect(8, 13, 10, 10))
    }

    @Test("environment(\\.layoutDirection, .rightToLeft) mirrors placements")
    func rightToLeft() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10)
            Color.blue.frame(width: 20, height: 10)
        }
        let result = try render(view.environment(\.layoutDirection, .rightToLeft))
        #expect(result.rect(filledWith: .red) == rect(20, 0, 10, 10))
        #expect(result.rect(filledWith: .blue) == rect(0, 0, 20, 10))
        let framed = try render(Color.red.frame(width: 10, height: 10).frame(width: 50, alignment: .leading)
            .environment(\.layoutDirection, .rightToLeft))
        #expect(framed.rect(filledWith: .red) == rect(40, 0, 10, 10))
    }

    @Test("layoutValue(key:value:) is read by a custom layout")
    func layoutValue() throws {
        let view = RankedLayout {
            Color.red.frame(width: 10, height: 10).layoutValue(key: Rank.self, value: 2)
            Color.blue.frame(width: 10, height: 10).layoutValue(key: Rank.self, value: 0)
            Color.green.frame(width: 10, height: 10)
        }
        let result = try render(view)
        #expect(result.rect(filledWith: .red) == rect(20, 0, 10, 10))
        #expect(result.rect(filledWith: .blue) == rect(0, 0, 10, 10))
        #expect(result.rect(filledWith: .green) == rect(10, 0, 10, 10))
    }

    @Test("Spacer fills a stack's free length; its minimum length is 8 points, with no spacing around it")
    func spacer() throws {
        let row = HStack {
            Color.red.frame(width: 10, height: 10)
            Spacer()
            Color.blue.frame(width: 10, height: 10)
        }
        let result = try render(row, proposal: ProposedViewSize(width: 100, height: nil))
        #expect(result.size == CGSize(width: 100, height: 10))
        #expect(result.rect(filledWith: .red) == rect(0, 0, 10, 10))
        #expect(result.rect(filledWith: .blue) == rect(90, 0, 10, 10))
        #expect(result.frames(of: "Spacer") == [rect(10, 5, 80, 0)])
        #expect(try render(row.fixedSize()).size == CGSize(width: 28, height: 10))
        let column = VStack {
            Color.red.frame(width: 10, height: 10)
            Spacer(minLength: 30)
        }
        #expect(try render(column.fixedSize()).size == CGSize(width: 10, height: 40))
    }

    @Test("Divider is a one-pixel line across its stack")
    func divider() throws {
        let result = try render(VStack(spacing: 0) { Color.red.frame(width: 40, height: 10); Divider() },
                                proposal: ProposedViewSize(width: 100, height: nil), scale: 2)
        #expect(result.size == CGSize(width: 100, height: 10.5))
        #expect(result.frames(of: "Divider") == [rect(0, 10, 100, 0.5)])
        let vertical = try render(HStack(spacing: 0) { Color.red.frame(width: 40, height: 10); Divider() })
        #expect(vertical.frames(of: "Divider") == [rect(40, 0, 1, 10)])
    }

    /// SwiftUI's "same width" idiom: a stack sized by its widest child under `fixedSize()`
    /// proposes its own width to its children when it places them, so flexible children (a
    /// `frame(maxWidth: .infinity)`, a `Divider`) all take the widest child's width.
    @Test("A fixed-size VStack gives its flexible children its own width")
    func sameWidthIdiom() throws {
        let short = try typesetter().shape("OK", font: .body).size
        let long = try typesetter().shape("A much longer button", font: .body).size
        let stack = VStack(spacing: 8) {
            Text("OK").frame(maxWidth: .infinity).background(Color.red)
            Text("A much longer button").frame(maxWidth: .infinity).background(Color.blue)
            Divider()
        }
        let result = try render(stack.fixedSize(horizontal: true, vertical: false), proposal: ProposedViewSize(width: 400, height: nil))
        #expect(result.size.width == long.width)
        #expect(result.rect(filledWith: .red) == rect(0, 0, long.width, short.height))
        #expect(result.rect(filledWith: .blue) == rect(0, short.height + 8, long.width, long.height))
        #expect(result.frames(of: "Divider").map(\.width) == [long.width])
        // The short label is centred in its full-width row.
        #expect(result.frames(of: "Text(OK)") == [rect((long.width - short.width) / 2, 0, short.width, short.height)])
        // The same for an HStack's heights.
        let row = HStack(spacing: 0) {
            Color.red.frame(width: 10).frame(maxHeight: .infinity)
            Color.blue.frame(width: 10, height: 30)
        }
        let tall = try render(row.fixedSize(horizontal: false, vertical: true), proposal: ProposedViewSize(width: 20, height: 300))
        #expect(tall.rect(filledWith: .red)?.height == 30 && tall.size.height == 30)
    }

    /// A stack that was proposed a width and is wider than it (a `fixedSize()` child wider than
    /// the proposal) places its other children at the proposed width, which they were measured
    /// at, as SwiftUI does (its placing proposal is `proposal.width ?? size.width`): a flow placed
    /// at the wider width wrapped into fewer rows than it was measured for and left a row-high gap
    /// above the next child, and a flexible bar took the wide child's width.
    @Test("A stack wider than its proposal places its children at the proposed width")
    func overWideChild() throws {
        let headline = try typesetter().shape("A headline wider than the phone screen", font: .title).size
        let proposed: CGFloat = 200
        #expect(headline.width > proposed)
        let stack = VStack(alignment: .leading, spacing: 0) {
            Text("A headline wider than the phone screen").font(.title).fixedSize()
            FlowLayout(itemSpacing: 0, lineSpacing: 0) {
                ForEach(0..<6, id: \.self) { _ in Color.green.frame(width: 60, height: 10) }
            }
            Color.red.frame(height: 4)
        }
        let result = try render(stack, proposal: ProposedViewSize(width: proposed, height: nil))
        #expect(result.size.width == headline.width)
        // Measured at 200 (three a row, two rows) and placed so: the red bar follows at once.
        let cells = result.rects(filledWith: .green)
        #expect(cells.count == 6 && cells.allSatisfy { $0.maxX <= 180 } && cells.map(\.maxY).max() == headline.height + 20, "\(cells)")
        #expect(result.rect(filledWith: .red) == rect(0, headline.height + 20, proposed, 4))
    }
}

/// A layout value used by ``RankedLayout``.
private struct Rank: LayoutValueKey {
    static let defaultValue = 1
}

/// Places its subviews left to right in the order of their rank.
private struct RankedLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: sizes.reduce(0) { $0 + $1.width }, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews.sorted(by: { $0[Rank.self] < $1[Rank.self] }) {
            let size = subview.sizeThatFits(.unspecified)
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: ProposedViewSize(size))
            x += size.width
        }
    }
}
