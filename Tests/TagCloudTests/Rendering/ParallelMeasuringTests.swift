import Canvas
import Foundation
import LayoutKit
@testable import TagCloud
import Testing

/// A large cloud measures its chips on several threads before the flow places them
/// (`FlowLayout.measuresSubviewsConcurrently`); the layouts and font warnings are the same as when they are
/// measured one by one, for chips of every kind: emoji, right-to-left text, characters no font
/// has, counts, selected chips with a checkmark, and chips wider than the flow. `make sanitize`
/// runs this suite under ThreadSanitizer.
@Suite struct ParallelMeasuringTests {
    /// 2,500 tags (over the threshold) cycling through the kinds, one in 500 wider than the flow,
    /// in a cloud 3,000 points wide at 8 to 12 points.
    static func largeCloud() throws -> Cloud {
        let kinds = ["swift", "Linux 🐧", "مرحبا", "שלום עולם", "日本語", "\u{10FFFD}x"]
        var yaml = "width: 3000\nweights: {minSize: 8, maxSize: 12}\nlabel: \"{text} {weight}\"\ntags:\n"
        for index in 0..<2500 {
            let text = index % 500 == 7 ? String(repeating: "a-label-wider-than-the-flow-", count: 30)
                : kinds[index % kinds.count] + " \(index)"
            let selected = index % 13 == 0 ? ", selected: true" : ""
            yaml += "  - {text: \"\(text)\", weight: \((index * 7919) % 100 + 1)\(selected)}\n"
        }
        return try Cloud(yaml: yaml, source: "large.yaml")
    }

    @Test func theLayoutAndFontWarningsAreThoseOfOneThreadMeasuring() throws {
        let cloud = try Self.largeCloud()
        #expect(cloud.tags.count >= FlowLayout.concurrentMeasuringThreshold)
        let parallel = try cloud.layoutAndHiddenCount()
        let single = try CloudFlowLayout.$measuresInParallel.withValue(false) { try cloud.layoutAndHiddenCount() }
        #expect(parallel.layout.jsonData() == single.layout.jsonData())
        #expect(parallel.fontWarnings.map(\.tagIndex) == single.fontWarnings.map(\.tagIndex))
        #expect(!parallel.fontWarnings.isEmpty, "the private-use character has no font")
        #expect(parallel.layout.chips.contains { $0.shown != nil }, "the long labels are cut")
    }

    /// Drawn on several threads (each share of the chips into its own context, taken in order),
    /// the picture is the one drawn chip by chip: the same SVG and PDF bytes.
    @Test func thePictureIsTheOneDrawnChipByChip() throws {
        var cloud = try Self.largeCloud()
        cloud.tags = Array(cloud.tags.prefix(2_100))
        let parallel = try cloud.rendered()
        let single = try CloudFlowLayout.$measuresInParallel.withValue(false) { try cloud.rendered() }
        #expect(parallel.displayList.items.count == single.displayList.items.count)
        #expect(try parallel.data(as: .svg) == single.data(as: .svg))
        #expect(try parallel.data(as: .pdf) == single.data(as: .pdf))
    }
}
