import CloudViews
import TagCloudTesting
import TagCloudUI
import Testing

let tags = ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine"]

/// Goldens in Swift Testing, as a team writes them: __Snapshots__/CloudGoldenTests/<test>….png.
@Suite struct CloudGoldenTests {
    @Test func cloud() {
        assertSnapshot(of: TagCloudView(tags: tags), as: .image(proposedSize: ProposedViewSize(width: 260, height: nil), scale: 2))
    }

    /// Three cases, three goldens: alignments.leading.1.png, .center.1.png, .trailing.1.png.
    @Test(arguments: ["leading", "center", "trailing"])
    func alignments(_ name: String) {
        let alignment: Alignment = name == "leading" ? .topLeading : name == "center" ? .top : .topTrailing
        assertSnapshot(of: TagCloudView(tags: tags, alignment: alignment), as: .image(proposedSize: ProposedViewSize(width: 260, height: nil)))
    }

    /// Two unnamed pictures (twoPictures.1.png, twoPictures.2.png) and a named one.
    @Test func twoPictures() {
        assertSnapshot(of: TagCloudView(tags: ["one"]), as: .image())
        assertSnapshot(of: TagCloudView(tags: ["two"]), as: .image())
        assertSnapshot(of: TagCloudView(tags: ["three"], tint: .green), as: .image(), named: "green")
    }

    /// From the main actor, as a test that also drives ImageRenderer itself is written.
    @Test @MainActor func fromTheMainActor() throws {
        let renderer = ImageRenderer(content: TagCloudView(tags: ["main"]))
        #expect(try renderer.pngData().count > 0)
        assertSnapshot(of: TagCloudView(tags: ["main"]), as: .image())
    }

    @Test func textGoldens() {
        assertSnapshot(of: TagCloudView(tags: ["json"]), as: .json())
    }

    /// Two suites with an inner suite and test of the same names: different folders.
    @Suite struct Light {
        @Suite struct Chips {
            @Test func chip() { assertSnapshot(of: TagCloudView(tags: ["light"]), as: .image()) }
        }
    }

    @Suite struct Dark {
        @Suite struct Chips {
            @Test func chip() { assertSnapshot(of: TagCloudView(tags: ["dark"], tint: .gray), as: .image()) }
        }
    }
}
