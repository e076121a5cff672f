import CloudViews
import TagCloudTesting
import TagCloudUI
import XCTest

/// Two classes with a test of the same name in one file: goldens under each class's name.
final class LightCloudXCTests: XCTestCase {
    func testCloud() {
        assertSnapshot(of: TagCloudView(tags: tags), as: .image(proposedSize: ProposedViewSize(width: 260, height: nil)))
    }
}

final class DarkCloudXCTests: XCTestCase {
    func testCloud() {
        assertSnapshot(of: TagCloudView(tags: tags, tint: .gray), as: .image(proposedSize: ProposedViewSize(width: 260, height: nil)))
    }
}

/// A main-actor class whose tests drive ImageRenderer themselves. On Linux, `@MainActor` XCTest
/// methods must be `async`: a synchronous one crashes SwiftPM's test discovery.
@MainActor
final class MainActorCloudXCTests: XCTestCase {
    func testCloud() async throws {
        let renderer = ImageRenderer(content: TagCloudView(tags: ["main"]))
        XCTAssertGreaterThan(try renderer.pngData().count, 0)
        assertSnapshot(of: TagCloudView(tags: ["main"]), as: .image())
    }
}
