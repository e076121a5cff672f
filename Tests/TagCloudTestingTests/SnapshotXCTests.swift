import Canvas
import Foundation
import TagCloudTesting
import TagCloudUI
import XCTest

/// The assertion used from XCTest: goldens under the class's name, failures through XCTest, views
/// from nonisolated and main-actor methods alike.
final class SnapshotXCTests: XCTestCase {
    func testCapsuleGolden() {
        let list = DisplayList(size: CGSize(width: 60, height: 28)) {
            DisplayItem.fill(.capsule(CGRect(x: 2, y: 2, width: 56, height: 24)), with: .color(Fixtures.blue.opacity(0.2)))
            DisplayItem.stroke(.capsule(CGRect(x: 2, y: 2, width: 56, height: 24)), with: .color(Fixtures.blue), style: StrokeStyle(lineWidth: 1), placement: .inside)
        }
        // The golden is __Snapshots__/SnapshotXCTests/testCapsuleGolden.1.png.
        assertSnapshot(of: list, as: .image(scale: 2, background: .white))
    }

    /// A view from a nonisolated XCTest method: the strategy renders it on the main actor.
    func testViewFromANonisolatedMethod() {
        assertSnapshot(of: Fixtures.chipRow, as: .image(scale: 2))
    }

    /// The golden's folder is the test's class, so another class's method of the same name has its
    /// own golden.
    func testGoldenPathNamesTheClass() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = verifySnapshot(of: DisplayList(size: CGSize(width: 4, height: 4)), as: .image(), record: .missing,
                                    snapshotDirectory: folder, artifactsDirectory: folder)
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertEqual(result.goldenURL?.path, folder.appendingPathComponent("SnapshotXCTests/testGoldenPathNamesTheClass.1.png").path)
    }
}

/// An XCTest class on the main actor, as a team whose tests drive `ImageRenderer` directly writes
/// it: its methods run on the main thread, and so do the assertions in them. On Linux its test
/// methods must be `async`: SwiftPM's test discovery crashes the whole run (signal 6, "Could not
/// cast value of type '(…) -> @MainActor () -> ()'") on a synchronous `@MainActor` test method,
/// before any test runs; the "Golden tests" article says so.
@MainActor
final class MainActorSnapshotXCTests: XCTestCase {
    func testViewOnTheMainActor() async throws {
        let renderer = ImageRenderer(content: Fixtures.chipRow)
        renderer.scale = 2
        XCTAssertGreaterThan(try renderer.pngData().count, 0)
        assertSnapshot(of: Fixtures.chipRow, as: .image(scale: 2))
    }
}

/// An `@MainActor` method in a nonisolated class (async, as above).
final class MainActorMethodSnapshotXCTests: XCTestCase {
    @MainActor func testMainActorAsyncMethod() async throws {
        assertSnapshot(of: Fixtures.chipRow, as: .image(scale: 2))
    }
}

/// An XCTest case run twice in one process (a repetition, a retry) numbers its goldens from 1 in
/// each run: XCTest's observer starts a run of the case as it starts.
final class RepeatedSnapshotXCTests: XCTestCase {
    /// The goldens the runs' assertions resolved to.
    static let paths = Locked<[String]>([])

    func testRepeated() {
        Self.assertTwice()
    }

    /// Two unnamed assertions, their goldens' paths kept in ``paths``.
    static func assertTwice() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repeated-xctest-goldens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<2 {
            let result = verifySnapshot(of: DisplayList(size: CGSize(width: 4, height: 4)), as: .image(), record: .missing,
                                        snapshotDirectory: folder, artifactsDirectory: folder)
            paths.withLock { $0.append(result.goldenURL.map { String($0.path.dropFirst(folder.path.count + 1)) } ?? "none") }
        }
    }
}
