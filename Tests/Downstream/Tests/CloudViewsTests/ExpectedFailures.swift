import CloudViews
import Foundation
import TagCloudTesting
import TagCloudUI
import Testing
import XCTest

// Assertions that must fail, run only when TagCloud's tests ask for them
// (FIXTURE_EXPECTED_FAILURES=1), which then read the failures from this package's output.

let expectingFailures = ProcessInfo.processInfo.environment["FIXTURE_EXPECTED_FAILURES"] == "1"

@Suite(.enabled(if: expectingFailures, "TagCloud's tests run these and check that they fail"))
struct ExpectedFailures {
    /// A detached task has no current test: the assertion fails as an issue of no test.
    @Test func detachedTask() async {
        await Task.detached {
            assertSnapshot(of: TagCloudView(tags: ["detached"]), as: .image())
        }.value
    }

    /// Two assertions resolving to one golden: the failure names both call sites.
    @Test func collidingNames() {
        assertSnapshot(of: TagCloudView(tags: ["a"]), as: .image(), named: "same")
        assertSnapshot(of: TagCloudView(tags: ["b"]), as: .image(), named: "same")
    }

    /// A character the bundled fonts lack.
    @Test func systemFontText() {
        assertSnapshot(of: TagCloudView(tags: ["Bold 𝐀𝐁𝐂"]), as: .image())
    }

    /// No golden: fails, and writes the actual picture among the artifacts.
    @Test func missingGolden() {
        assertSnapshot(of: TagCloudView(tags: ["never recorded"]), as: .image())
    }
}

final class ExpectedFailureXCTests: XCTestCase {
    /// No golden: the failure goes to this XCTest case.
    func testMissingGolden() throws {
        try XCTSkipUnless(expectingFailures)
        assertSnapshot(of: TagCloudView(tags: ["never recorded"]), as: .image())
    }

    /// An assertion made where XCTest runs no test case (here, after the class's last test):
    /// XCTest would drop its failure, so the process stops with the message (run alone).
    override class func tearDown() {
        guard expectingFailures && ProcessInfo.processInfo.environment["FIXTURE_ASSERTION_OUTSIDE_A_TEST"] == "1" else { return }
        assertSnapshot(of: TagCloudView(tags: ["outside"]), as: .image())
    }
}
