import Foundation
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

/// A view that cannot be drawn says why in the run that finds it (swift-snapshot-testing would
/// only say that it recorded a golden); recording is off, so nothing is written.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FIXTURE_EXPECTED_FAILURES"] == "1", "TagCloud's tests run it"))
struct SnapshotTestingExpectedFailures {
    @Test func undrawable() {
        assertSnapshot(of: TagCloudView(tags: ["Bold 𝐀𝐁𝐂"]), as: .tagCloudImage, record: .never)
    }
}

final class SnapshotTestingIntegrationXCTests: XCTestCase {
    func testCloud() {
        assertSnapshot(of: TagCloudView(tags: ["Swift", "Linux"]), as: .tagCloudImage)
    }
}
