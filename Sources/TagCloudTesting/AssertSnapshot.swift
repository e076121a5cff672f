import Canvas
public import Foundation
import Testing
import XCTest

/// The environment variable that turns on recording: set it to `1` to write new golden files.
public let recordEnvironmentVariable = "TAGCLOUD_RECORD"
/// The environment variable naming a folder for failure artifacts (actual and diff files); by
/// default they are written beside the golden file.
public let artifactsEnvironmentVariable = "TAGCLOUD_SNAPSHOT_ARTIFACTS"

/// Whether this run records golden files (``recordEnvironmentVariable`` is `1`, `true` or `yes`).
public var isRecordingSnapshots: Bool {
    ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment[recordEnvironmentVariable]?.lowercased() ?? "")
}

/// What checking a value against its golden file found.
public struct SnapshotResult: Sendable {
    /// How the check ended.
    public enum Outcome: Sendable, Equatable {
        /// The value matches the golden file.
        case matched
        /// Recording was on and the golden file was written: a failure, so it is never taken for a pass.
        case recorded
        /// There is no golden file and recording is off.
        case missing
        /// The value differs from the golden file.
        case mismatched
    }

    /// How the check ended.
    public var outcome: Outcome
    /// The golden file.
    public var goldenURL: URL
    /// Where the actual value was written, on failure.
    public var actualURL: URL?
    /// Where the diff artifact was written, if the diffing made one.
    public var diffURL: URL?
    /// The failure message, `nil` when the value matched.
    public var failureMessage: String?

    /// Whether the check failed (anything but ``Outcome/matched``).
    public var failed: Bool { outcome != .matched }
}

/// Checks `value` against its golden file and reports a failure to Swift Testing (as an issue) or,
/// outside a Swift Testing test, to XCTest (with `XCTFail`).
///
/// The golden file is `__Snapshots__/<Suite>/<test>[.<name>].<ext>` in the folder of the test file,
/// where `<Suite>` is the Swift Testing suite type (or the test file's name) and `<test>` the test
/// function. With `TAGCLOUD_RECORD=1` the file is (re)written and the assertion fails, so a recording
/// run is never mistaken for a pass. On a mismatch the actual value (`<test>.actual.<ext>`) and a
/// diff (`<test>.diff.<ext>`) are written beside the golden file, or under the folder named by
/// `TAGCLOUD_SNAPSHOT_ARTIFACTS`, and the message gives their paths.
///
/// ```swift
/// @Test func capsule() throws {
///     assertSnapshot(of: list, as: .image(scale: 2))
/// }
/// ```
///
/// - Parameters:
///   - value: The value to check.
///   - strategy: How to snapshot, store and compare it.
///   - name: Distinguishes several snapshots in one test.
///   - fileID: The calling file's id, for the issue's location.
///   - filePath: The calling file's path; the golden folder is beside it.
///   - testName: The calling function, used when no Swift Testing test is running.
///   - line: The calling line.
///   - column: The calling column.
public func assertSnapshot<Value, Format>(of value: Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
                                          fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                          testName: String = #function, line: UInt = #line, column: UInt = #column) {
    let result = verifySnapshot(of: value, as: strategy, named: name, filePath: filePath, testName: testName)
    guard let message = result.failureMessage else { return }
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}

/// Checks `value` against its golden file without reporting anything: the building block of
/// ``assertSnapshot(of:as:named:fileID:filePath:testName:line:column:)``.
///
/// - Parameters:
///   - value: The value to check.
///   - strategy: How to snapshot, store and compare it.
///   - name: Distinguishes several snapshots in one test.
///   - record: Whether to write the golden file; ``isRecordingSnapshots`` by default.
///   - snapshotDirectory: The folder holding the suite folders; `__Snapshots__` beside `filePath`
///     by default.
///   - artifactsDirectory: The folder for actual and diff files; from ``artifactsEnvironmentVariable``
///     or the golden's folder by default.
///   - suite: The suite folder's name; the running Swift Testing suite, or the file's name.
///   - filePath: The calling file's path.
///   - testName: The calling function, used when no Swift Testing test is running.
/// - Returns: What the check found.
public func verifySnapshot<Value, Format>(of value: Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
                                          record: Bool = isRecordingSnapshots, snapshotDirectory: URL? = nil,
                                          artifactsDirectory: URL? = nil, suite: String? = nil,
                                          filePath: StaticString = #filePath, testName: String = #function) -> SnapshotResult {
    let location = SnapshotLocation(filePath: "\(filePath)", testName: testName, name: name, suite: suite,
                                    snapshotDirectory: snapshotDirectory, pathExtension: strategy.pathExtension)
    let golden = location.golden
    func result(_ outcome: SnapshotResult.Outcome, _ message: String?, actual: URL? = nil, diff: URL? = nil) -> SnapshotResult {
        SnapshotResult(outcome: outcome, goldenURL: golden, actualURL: actual, diffURL: diff, failureMessage: message)
    }
    let actual: Format
    let actualData: Data
    do {
        actual = try strategy.snapshot(value)
        actualData = try strategy.diffing.toData(actual)
    } catch {
        return result(.mismatched, "could not make the snapshot \(golden.lastPathComponent): \(error)")
    }
    let artifacts = artifactsDirectory
        ?? ProcessInfo.processInfo.environment[artifactsEnvironmentVariable].map { URL(fileURLWithPath: $0).appendingPathComponent(location.suite) }
        ?? golden.deletingLastPathComponent()
    let actualURL = artifacts.appendingPathComponent("\(location.baseName).actual.\(strategy.pathExtension)")
    let diffURL = artifacts.appendingPathComponent("\(location.baseName).diff.\(strategy.pathExtension)")
    try? FileManager.default.removeItem(at: actualURL)
    try? FileManager.default.removeItem(at: diffURL)

    if record {
        do {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(actualData, to: golden)
        } catch {
            return result(.recorded, "could not record \(golden.path): \(error)")
        }
        return result(.recorded, "recorded the golden file \(golden.path); look at it, then run again without \(recordEnvironmentVariable) to compare against it")
    }
    func writeArtifacts(diff: Data?) -> (URL?, URL?) {
        do {
            try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            try AtomicFile.write(actualData, to: actualURL)
            if let diff { try AtomicFile.write(diff, to: diffURL) }
            return (actualURL, diff == nil ? nil : diffURL)
        } catch {
            return (nil, nil)
        }
    }
    guard let goldenData = try? Data(contentsOf: golden) else {
        let (written, _) = writeArtifacts(diff: nil)
        return result(.missing, "no golden file at \(golden.path); run with \(recordEnvironmentVariable)=1 to record it"
                      + (written.map { ". Actual: \($0.path)" } ?? ""), actual: written)
    }
    let reference: Format
    do {
        reference = try strategy.diffing.fromData(goldenData)
    } catch {
        let (written, _) = writeArtifacts(diff: nil)
        return result(.mismatched, "cannot read the golden file \(golden.path): \(error)", actual: written)
    }
    guard let difference = strategy.diffing.diff(reference, actual) else { return result(.matched, nil) }
    let (writtenActual, writtenDiff) = writeArtifacts(diff: difference.artifact)
    var message = "\(golden.lastPathComponent) does not match: \(difference.message).\n  golden: \(golden.path)"
    if let writtenActual { message += "\n  actual: \(writtenActual.path)" }
    if let writtenDiff { message += "\n  diff:   \(writtenDiff.path)" }
    message += "\n  If the change is intended, run with \(recordEnvironmentVariable)=1 to record it."
    return result(.mismatched, message, actual: writtenActual, diff: writtenDiff)
}

/// Where a snapshot's golden file lives.
struct SnapshotLocation {
    let suite: String
    let baseName: String
    let golden: URL

    init(filePath: String, testName: String, name: String?, suite: String?, snapshotDirectory: URL?, pathExtension: String) {
        let file = URL(fileURLWithPath: filePath)
        let current = Test.current
        let components = current?.id.nameComponents ?? []
        let suiteName = suite
            ?? (components.count > 1 ? components[components.count - 2] : nil)
            ?? file.deletingPathExtension().lastPathComponent
        let test = (current?.name ?? testName).prefix(while: { $0 != "(" })
        var base = Self.sanitise(String(test))
        if let name { base += "." + Self.sanitise(name) }
        self.suite = Self.sanitise(suiteName)
        self.baseName = base
        let folder = snapshotDirectory ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        golden = folder.appendingPathComponent(self.suite).appendingPathComponent("\(base).\(pathExtension)")
    }

    /// Keeps letters, digits, `-`, `_` and `.`; anything else becomes `_`.
    static func sanitise(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    }
}
