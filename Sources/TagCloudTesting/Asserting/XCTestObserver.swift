import Typesetting
import XCTest

/// What XCTest is doing in this process, as an observer learns it: whether its test bundle is
/// running and which test case is.
///
/// swift-corelibs-xctest keeps its running case in an internal variable, and `XCTFail` with no case
/// running records nothing: an assertion made on another thread after its test ended passed
/// silently. The observer is added by a C constructor when the test binary loads (CTagCloudTesting),
/// before XCTest starts its first case, so it sees every case start and end.
final class XCTestObserver: NSObject, XCTestObservation, @unchecked Sendable {
    // Mutable state lives in `state`; XCTest calls the observation methods on its own thread.

    /// The observer added to XCTest's observation center.
    static let shared = XCTestObserver()

    private struct State: @unchecked Sendable {
        // XCTestCase is not Sendable; the case is only read to record failures and its name.
        var bundleIsRunning = false
        var testCase: XCTestCase?
    }

    private let state = Locked(State())

    /// Whether XCTest's test bundle is running in this process (between its start and its end).
    var bundleIsRunning: Bool { state.withLock { $0.bundleIsRunning } }

    /// The running XCTest case, or `nil` between cases and outside XCTest.
    var currentTestCase: XCTestCase? { state.withLock { $0.testCase } }

    func testBundleWillStart(_ testBundle: Bundle) {
        state.withLock { $0.bundleIsRunning = true }
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        state.withLock { $0 = State() }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        // Each run of a case numbers its goldens from 1 (a case run again, by a repetition or a
        // retry, would otherwise look for `.2`).
        let reference = XCTestCaseReference(testCase: testCase)
        SnapshotRegistry.shared.startRun(ofTest: TestIdentity(xcTestName: reference.name, type: reference.typeName).key)
        state.withLock { $0.testCase = testCase }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        state.withLock { state in
            if state.testCase === testCase { state.testCase = nil }
        }
    }
}

/// Adds ``XCTestObserver/shared`` to XCTest's observation center; called once, by the C constructor
/// in CTagCloudTesting, when the test binary loads.
@_cdecl("tagcloud_testing_observe_xctest")
func observeXCTest() {
    XCTestObservationCenter.shared.addTestObserver(XCTestObserver.shared)
}
