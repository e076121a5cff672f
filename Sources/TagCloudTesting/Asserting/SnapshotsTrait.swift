public import Testing

/// A Swift Testing trait that numbers a test's unnamed goldens from `.1` again in each run of the
/// test: what running tests repeatedly (`--repetitions`, `--repeat-until`) needs.
///
/// An assertion without `named:` takes the next number of its test. Swift Testing tells code
/// nothing about which run of a test it is in, so without this trait a second run of the same test
/// in one process goes on from where the first stopped (`.2` where the test has one golden) and
/// fails for a golden that does not exist. XCTest cases need no trait: each run starts afresh.
///
/// ```swift
/// @Suite(.snapshots) struct CloudGoldens {
///     @Test func cloud() {
///         assertSnapshot(of: TagCloudView(), as: .image(proposedSize: ProposedViewSize(width: 390, height: nil)))
///     }
/// }
/// ```
///
/// On a suite it applies to every test in it, nested suites included.
public struct SnapshotsTrait: SuiteTrait, TestTrait, TestScoping {
    /// Makes the trait; `.snapshots` is the usual spelling.
    public init() {}

    /// Applies to the tests of a suite it is given to.
    public var isRecursive: Bool { true }

    /// Runs `function` as one run of `test` (or of its case), numbering its goldens from 1.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // A suite's own scope holds no assertions; its tests get scopes of their own.
        guard testCase != nil || !test.isSuite else { return try await function() }
        SnapshotRegistry.shared.startRun(ofTest: TestIdentity(swiftTesting: test, testCase: testCase).key)
        try await function()
    }
}

extension Trait where Self == SnapshotsTrait {
    /// Numbers the goldens of each run of a test from `.1` (``SnapshotsTrait``).
    public static var snapshots: Self { SnapshotsTrait() }
}
