import Foundation
@testable import TagCloud
import TagCloudUI
import Testing

/// `CloudFlowLayout` answers horizontal explicit guides, and vertical ones other than the text
/// baselines, with `nil` without asking its chips, because no chip sets one. These tests ask the
/// chips the long way, through the protocol's default merge, for every chip look the command
/// draws, so that a chip given such a guide one day fails here instead of being placed wrongly.
@MainActor
@Suite struct ChipGuideTests {
    /// Records what the protocol's default merge finds among its subviews' horizontal guides,
    /// and lays them out as a `FlowLayout`.
    struct GuideMergeProbe: Layout {
        final class Findings: @unchecked Sendable {
            var values: [CGFloat?] = []
        }

        let findings: Findings
        let flow = FlowLayout()

        func makeCache(subviews: Subviews) -> FlowLayout.Cache {
            flow.makeCache(subviews: subviews)
        }

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout FlowLayout.Cache) -> CGSize {
            flow.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
                           cache: inout FlowLayout.Cache) {
            for guide in [HorizontalAlignment.leading, .center, .trailing] {
                findings.values.append(flow.explicitAlignment(of: guide, in: bounds, proposal: proposal,
                                                              subviews: subviews, cache: &cache))
            }
            for guide in [VerticalAlignment.top, .center, .bottom] {
                findings.values.append(flow.explicitAlignment(of: guide, in: bounds, proposal: proposal,
                                                              subviews: subviews, cache: &cache))
            }
            flow.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }

    /// The merge over a cloud's chips, built as `CloudView` builds them.
    func mergedGuides(_ spec: String, extra: (some View)? = Optional<EmptyView>.none) throws -> [CGFloat?] {
        let cloud = try Cloud(yaml: spec).resolved()
        let findings = GuideMergeProbe.Findings()
        let view = GuideMergeProbe(findings: findings) {
            ForEach(0..<cloud.chips.count, id: \.self) { index in
                let chip = cloud.chips[index]
                ChipView(cloud: cloud, text: chip.text, font: chip.font, look: chip.look)
            }
            if let extra { extra }
        }
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: cloud.width, height: nil)
        renderer.typesetter = bundledTypesetter
        _ = try renderer.displayList()
        #expect(findings.values.count == 6, "the probe was placed once and asked six guides")
        return findings.values
    }

    @Test(arguments: [
        "tags: [Swift, SwiftUI, iOS]",
        "style: suggestionChips\ntags: [{text: Exercise 💪, selected: true}, {text: Read, selected: false}]",
        "justification: stretch\ntags: [a, bb, ccc, dddd]",
        "chip: {shape: rounded, cornerRadius: 5, stroke: '#333', strokeWidth: 2}\ntags: [x, y]",
        "chip: {shape: rectangle}\ndirection: rtl\ntags: [שלום, مرحبا]",
        "style: materialCapsules\ntags: [0, 1, 2]",
    ])
    func noChipSetsAGuideButItsBaselines(spec: String) throws {
        #expect(try mergedGuides(spec).allSatisfy { $0 == nil })
    }

    /// The probe itself sees a guide when a subview sets one, so the test above can fail.
    @Test func theProbeSeesAGuideASubviewSets() throws {
        let horizontal = try mergedGuides("tags: [a, b]", extra: Text("guide").alignmentGuide(.leading) { _ in 3 })
        #expect(horizontal.prefix(3).contains { $0 != nil })
        let vertical = try mergedGuides("tags: [a, b]", extra: Text("guide").alignmentGuide(.top) { _ in 3 })
        #expect(vertical.suffix(3).contains { $0 != nil })
    }
}
