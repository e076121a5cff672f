import Foundation
import TagCloud
import TagCloudTesting
import TagCloudUI
import Testing

// The README's two library examples, verbatim (only wrapped in functions), so that the README
// stays true: if an API they use changes, this file stops compiling.

struct TagCloudView: View {
    let tags = ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine"]

    var body: some View {
        FlowLayout(itemSpacing: 8, lineSpacing: 8) {
            ForEach(tags, id: \.self) { tag in
                Text(tag)
                    .padding(.horizontal, 12)
                    .padding(.vertical, 8)
                    .background(Capsule().fill(Color.blue.opacity(0.2)))
            }
        }
        .padding()
    }
}

@MainActor
func readmeViewExample() throws -> Data {
    let renderer = ImageRenderer(content: TagCloudView())
    renderer.proposedSize = ProposedViewSize(width: 390, height: nil)
    renderer.scale = 2
    let png = try renderer.pngData()            // also svgData() and pdfData()
    return png
}

@MainActor
func readmeSpecExample() throws -> (png: Data, layout: CloudLayout) {
    let yaml = """
        style: suggestionChips
        width: 320
        scale: 2
        tags: [Swift, {text: Linux, selected: true}, Cairo, HarfBuzz]
        """
    let document = try SpecDocument.parse(Array(yaml.utf8), format: .yaml, source: .option("example"))
    let cloud = try CloudRenderer.render(resolve(document.spec))
    let png = try TagCloudCommand.encode(cloud, as: .png)
    return (png, cloud.layout)                    // cloud.layout: every chip's frame, in points
}

@MainActor
@Suite("The README's library examples")
struct ReadmeExampleTests {
    @Test("The view example draws its rows within the 390 points proposed, at 2x")
    func viewExample() throws {
        let png = try readmeViewExample()
        let image = try RGBAImage(pngData: png)
        // As in SwiftUI, the flow is as wide as its widest row (plus the padding), not the proposal.
        #expect(image.width > 600 && image.width <= 780)
        if let folder = ProcessInfo.processInfo.environment["TAGCLOUD_README_OUT"] {
            try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent("readme-view.png"))
        }
        #expect(image.height > 100 && image.height < 400)
    }

    /// The README's golden-test line, as a test would write it.
    @Test("The README's golden test of the view example")
    func goldenExample() {
        assertSnapshot(of: TagCloudView(), as: .image(scale: 2))
    }

    @Test("The spec example lays out four chips within 320 points plus the padding")
    func specExample() throws {
        let (png, layout) = try readmeSpecExample()
        let image = try RGBAImage(pngData: png)
        #expect(layout.chips.map(\.text) == ["Swift", "Linux", "Cairo", "HarfBuzz"])
        #expect(Double(image.width) == (layout.width * 2).rounded(.up))
        for chip in layout.chips {
            #expect(chip.x >= 0 && chip.x + chip.width <= layout.width)
        }
    }
}
