import Foundation
@testable import TagCloud
import TagCloudUI
import Testing

/// A common chip is resolved without its body's conditional views (``ChipView``'s plain path),
/// except where identities are tracked: both ways must draw the same chips.
@Suite struct PlainChipTests {
    /// Every chip of the spec, drawn once through the plain path and once through the body.
    @Test(arguments: [
        "tags: [swift, cairo, harfbuzz]",
        "chip: {shape: rounded, cornerRadius: 5}\ntags: [swift, cairo]",
        "chip: {shape: rectangle}\ntags: [swift, cairo]",
        "style: materialCapsules\ntags: [0, 1, 22]",
        "theme: dark\ntags: [{text: swift, fill: '#ff0000', textColor: '#00ff00'}, cairo]",
        "style: suggestionChips\ntags: [{text: swift, selected: true}, cairo]",
        "label: \"{text} {weight}\"\ntags: [{text: swift, weight: 3}, {text: cairo, weight: 1}]",
        "justification: stretch\ntags: [swift, cairo]",
        "width: 60\ntags: [a very long tag that is narrowed, b]",
        "chip: {shape: rectangle, stroke: '#c7c7cc', strokeWidth: 1}\ntags: [swift, cairo]",
    ])
    func thePlainPathDrawsWhatTheBodyDraws(spec: String) throws {
        let cloud = try Cloud(yaml: spec).resolved()
        // Narrowed or not: a narrowed chip (filling the flow's width) takes the body's branches.
        for (chip, fillsWidth) in cloud.chips.flatMap({ chip in [(chip, false), (chip, true)] }) {
            let view = ChipView(cloud: cloud, label: chip.chipLabel, look: chip.look, fillsWidth: fillsWidth)
            func list(tracking: Bool) throws -> DisplayList {
                try renderViewTree(view, proposedSize: ProposedViewSize(width: cloud.width, height: nil), scale: 1,
                                   environment: EnvironmentValues(), typesetter: bundledTypesetter, recordingFrames: false,
                                   tracksIdentity: tracking).list
            }
            let plain = try list(tracking: false)
            #expect(!plain.items.isEmpty)
            #expect(try plain == list(tracking: true), "\(spec): chip \(chip.chipLabel.parts.map(\.text)), fills width \(fillsWidth)")
        }
    }
}
