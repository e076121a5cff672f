import Canvas
import Foundation
import TagCloudTesting
import XCTest

/// The golden-image assertion used from XCTest: failures go through `XCTFail`.
final class SnapshotXCTests: XCTestCase {
    func testCapsuleGolden() {
        let list = DisplayList(size: CGSize(width: 60, height: 28)) {
            DisplayItem.fill(.capsule(CGRect(x: 2, y: 2, width: 56, height: 24)), with: .color(Fixtures.blue.opacity(0.2)))
            DisplayItem.stroke(.capsule(CGRect(x: 2, y: 2, width: 56, height: 24)), with: .color(Fixtures.blue), style: StrokeStyle(lineWidth: 1), placement: .inside)
        }
        // The golden is __Snapshots__/SnapshotXCTests/testCapsuleGolden.png.
        assertSnapshot(of: list, as: .image(scale: 2, background: .white))
    }

    func testMismatchIsReportedAsAFailure() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = DisplayList(size: CGSize(width: 4, height: 4))
        let strategy = Snapshotting<DisplayList, RGBAImage>.image()
        XCTAssertEqual(verifySnapshot(of: list, as: strategy, record: true, snapshotDirectory: folder).outcome, .recorded)
        XCTAssertEqual(verifySnapshot(of: list, as: strategy, record: false, snapshotDirectory: folder).outcome, .matched)
        let golden = folder.appendingPathComponent("SnapshotXCTests/testMismatchIsReportedAsAFailure.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden.path))
    }
}
