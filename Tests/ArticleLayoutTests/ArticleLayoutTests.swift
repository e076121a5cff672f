// The articles' flow layouts, compiled unchanged against LayoutKit, place their subviews exactly
// where LayoutKit's FlowLayout configured alike places them.
//
// Where they differ, by design:
// - "Building a Flow Layout" breaks rows at the proposed width even when it is zero, so a zero
//   proposal puts every item on its own row; FlowLayout answers a zero proposal with its minimum
//   size, rows broken at the widest item's width.
// - "Creating custom layouts" replaces an unspecified width by 10 points (SwiftUI's default for
//   `replacingUnspecifiedDimensions()`), so its ideal size is a column of items; FlowLayout's is
//   one row. It also tests `x + width > containerWidth` without `x > 0`, so an item wider than the
//   container "wraps" before itself when it comes first; with the article's zero line spacing that
//   moves nothing, so positions agree, but with spacing it would open an empty first row.
// The last test pins these differences down.
import LayoutKit
import Testing
import TestRandom

/// Random chip sizes: whole points, so that no comparison depends on a rounding tolerance.
func randomSizes(count: Int, using generator: inout SeededRandom, maxWidth: Int = 160) -> [CGSize] {
    (0..<count).map { _ in
        CGSize(width: CGFloat(Int.random(in: 0...maxWidth, using: &generator)),
               height: CGFloat(Int.random(in: 0...40, using: &generator)))
    }
}

/// Runs a layout over fixed-size leaves: its size for `width`, then its frames in bounds of the
/// proposed width (or of its size when the width is unspecified).
func run<L: Layout>(_ layout: L, sizes: [CGSize], width: CGFloat?) -> (size: CGSize, frames: [CGRect]) {
    let host = LayoutHost(layout, subviews: sizes.map { LayoutLeaf.fixed(width: $0.width, height: $0.height) })
    let proposal = ProposedViewSize(width: width, height: nil)
    let size = host.sizeThatFits(proposal)
    let bounds = CGRect(x: 20, y: 30, width: width ?? size.width, height: size.height)
    return (size, host.placeSubviews(in: bounds, proposal: proposal).map(\.frame))
}

@Suite("Articles' flow layouts agree with FlowLayout")
struct ArticleLayoutTests {
    @Test("Building a Flow Layout in SwiftUI: 8-pt spacing, top-leading, greedy")
    func buildingAFlowLayout() {
        var generator = SeededRandom(seed: 0xA4BE_E052)
        let builtIn = LayoutKit.FlowLayout(alignment: .topLeading, itemSpacing: 8, lineSpacing: 8)
        for _ in 0..<300 {
            let sizes = randomSizes(count: Int.random(in: 0...40, using: &generator), using: &generator)
            let width: CGFloat? = Bool.random(using: &generator) ? nil
                : CGFloat(Int.random(in: 1...600, using: &generator))
            let article = run(BuildingAFlowLayout.FlowLayout(), sizes: sizes, width: width)
            let ours = run(builtIn, sizes: sizes, width: width)
            #expect(article.size == ours.size, "sizes for width \(String(describing: width)), items \(sizes)")
            #expect(article.frames == ours.frames, "frames for width \(String(describing: width)), items \(sizes)")
        }
    }

    @Test("Creating custom layouts in SwiftUI: no spacing, wraps with > only")
    func creatingCustomLayouts() {
        var generator = SeededRandom(seed: 0x908D_E751)
        let builtIn = LayoutKit.FlowLayout(alignment: .topLeading, itemSpacing: 0, lineSpacing: 0)
        for _ in 0..<300 {
            let sizes = randomSizes(count: Int.random(in: 0...40, using: &generator), using: &generator)
            // The article replaces an unspecified width by 10 points, so only concrete widths compare.
            let width = CGFloat(Int.random(in: 1...600, using: &generator))
            let article = run(CreatingCustomLayouts.FlowLayout(), sizes: sizes, width: width)
            let ours = run(builtIn, sizes: sizes, width: width)
            #expect(article.size == ours.size, "sizes for width \(width), items \(sizes)")
            #expect(article.frames == ours.frames, "frames for width \(width), items \(sizes)")
        }
    }

    @Test("The article's LayoutType switches layouts through AnyLayout and any Layout")
    func anyLayoutSwitching() {
        let sizes = (0..<10).map { (i: Int) -> CGSize in
            let width = CGFloat(30 + 7 * i)
            let height = CGFloat(20 + i % 3)
            return CGSize(width: width, height: height)
        }
        for type in CreatingCustomLayouts.LayoutType.allCases {
            let erased = run(AnyLayout(type.layout), sizes: sizes, width: 200)
            let direct: (size: CGSize, frames: [CGRect])
            switch type {
            case .hStack: direct = run(HStackLayout(), sizes: sizes, width: 200)
            case .vStack: direct = run(VStackLayout(), sizes: sizes, width: 200)
            case .zStack: direct = run(ZStackLayout(), sizes: sizes, width: 200)
            case .flowLayout: direct = run(CreatingCustomLayouts.FlowLayout(), sizes: sizes, width: 200)
            }
            #expect(erased.size == direct.size, "\(type)")
            #expect(erased.frames == direct.frames, "\(type)")
        }
    }

    @Test("Documented differences: zero and unspecified proposals")
    func documentedDifferences() {
        let sizes = [CGSize(width: 40, height: 20), CGSize(width: 15, height: 20), CGSize(width: 15, height: 20)]
        let zero = ProposedViewSize.zero
        let article000 = LayoutHost(BuildingAFlowLayout.FlowLayout(),
                                    subviews: sizes.map { LayoutLeaf.fixed(width: $0.width, height: $0.height) })
        let ours000 = LayoutHost(LayoutKit.FlowLayout(itemSpacing: 8, lineSpacing: 8),
                                 subviews: sizes.map { LayoutLeaf.fixed(width: $0.width, height: $0.height) })
        #expect(article000.sizeThatFits(zero) == CGSize(width: 40, height: 76))
        #expect(ours000.sizeThatFits(zero) == CGSize(width: 40, height: 48))
        let article004 = LayoutHost(CreatingCustomLayouts.FlowLayout(),
                                    subviews: sizes.map { LayoutLeaf.fixed(width: $0.width, height: $0.height) })
        let ours004 = LayoutHost(LayoutKit.FlowLayout(itemSpacing: 0, lineSpacing: 0),
                                 subviews: sizes.map { LayoutLeaf.fixed(width: $0.width, height: $0.height) })
        #expect(article004.sizeThatFits(.unspecified) == CGSize(width: 40, height: 60))
        #expect(ours004.sizeThatFits(.unspecified) == CGSize(width: 70, height: 20))
    }
}
