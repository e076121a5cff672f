import CloudViews
import SnapshotTesting
import TagCloudSnapshotTesting
import TagCloudUI
import Testing
import XCTest

// swift-snapshot-testing's assertSnapshot with TagCloudSnapshotTesting's strategy, in an existing
// suite of either framework. This file imports SnapshotTesting, not TagCloudTesting: both name
// their function assertSnapshot.

@Suite struct SnapshotTestingIntegrationTests {
    @Test func cloud() {
        assertSnapshot(of: TagCloudView(tags: tags), as: .tagCloudImage(proposedSize: ProposedViewSize(width: 260, height: nil)))
    }
}

final class SnapshotTestingIntegrationXCTests: XCTestCase {
    func testCloud() {
        assertSnapshot(of: TagCloudView(tags: ["Swift", "Linux"]), as: .tagCloudImage)
    }
}
