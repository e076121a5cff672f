import Canvas
public import Foundation

/// Checks a value against its golden file and reports a failure to the test that is running.
///
/// The running test is read once, when the assertion starts: a Swift Testing test gets an issue
/// (with the actual and diff files attached), an XCTest case a failure. An assertion made where no
/// test is running (in a detached task, or on another thread after its test ended) fails too:
/// Swift Testing's run reports it as an issue of no test, and an XCTest process stops with the
/// message, since XCTest would drop it.
///
/// The golden is `__Snapshots__/<Suite>/<test>[.<arguments>].<n or name>.<ext>` beside the calling
/// file: the suite folders are every type enclosing the test, a case of a parameterised test adds
/// its arguments, and an assertion without `name` takes the next number of its test (`.1`, `.2`).
/// Two assertions that resolve to one golden fail, naming both call sites.
///
/// Whether goldens are written is ``SnapshotRecordMode``'s: `record`, else `TAGCLOUD_RECORD`, else
/// ``SnapshotRecordMode/never``. Failures write the actual value, a diff and the message under the
/// artifacts folder (`TAGCLOUD_SNAPSHOT_ARTIFACTS`, by default `snapshot-artifacts` in the build
/// folder), never into the source tree, and the message gives their paths, the tolerance, how far
/// beyond it the value is, and the versions of the drawing libraries.
///
/// ```swift
/// @Test func cloud() {
///     assertSnapshot(of: TagCloudView(), as: .image(proposedSize: ProposedViewSize(width: 390, height: nil), scale: 2))
/// }
/// ```
///
/// - Parameters:
///   - value: The value to check; an error it throws fails the assertion.
///   - strategy: How to snapshot, store and compare it.
///   - name: Names this golden instead of the next number (`<test>.<name>.<ext>`).
///   - record: Overrides `TAGCLOUD_RECORD` for this assertion.
///   - testName: Replaces the running test's name in the golden's file name.
///   - fileID: The calling file's id, for the failure's location.
///   - filePath: The calling file's path; `__Snapshots__` is beside it.
///   - line: The calling line.
///   - column: The calling column.
public func assertSnapshot<Value, Format>(of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>,
                                          named name: String? = nil, record: SnapshotRecordMode? = nil, testName: String? = nil,
                                          fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                          line: UInt = #line, column: UInt = #column) {
    let context = TestContext.capture()
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let result = SnapshotCheck(context: context, callSite: callSite, name: name, record: record, testName: testName,
                               snapshotDirectory: nil, artifactsDirectory: nil,
                               environment: ProcessInfo.processInfo.environment).run(value, strategy)
    guard let message = result.failureMessage else { return }
    context.report(message, at: callSite, attachments: result.attachments)
}

/// Checks a value against its golden file as ``assertSnapshot(of:as:named:record:testName:fileID:filePath:line:column:)``
/// does, and returns what it found instead of reporting it: for tests of strategies and of the kit
/// itself, and for tools built on it.
///
/// - Parameters:
///   - value: The value to check.
///   - strategy: How to snapshot, store and compare it.
///   - name: Names this golden instead of the next number.
///   - record: Overrides the environment's record mode.
///   - testName: Replaces the running test's name in the golden's file name.
///   - snapshotDirectory: The folder holding the suite folders; `__Snapshots__` beside `filePath` by
///     default.
///   - artifactsDirectory: The root of the artifacts folders; from `TAGCLOUD_SNAPSHOT_ARTIFACTS` or
///     the build folder by default.
///   - environment: Where `TAGCLOUD_RECORD`, `CI` and `TAGCLOUD_SNAPSHOT_ARTIFACTS` are read; the
///     process's by default.
///   - fileID: The calling file's id.
///   - filePath: The calling file's path.
///   - line: The calling line.
///   - column: The calling column.
/// - Returns: What the check found.
public func verifySnapshot<Value, Format>(of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>,
                                          named name: String? = nil, record: SnapshotRecordMode? = nil, testName: String? = nil,
                                          snapshotDirectory: URL? = nil, artifactsDirectory: URL? = nil,
                                          environment: [String: String] = ProcessInfo.processInfo.environment,
                                          fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                          line: UInt = #line, column: UInt = #column) -> SnapshotResult {
    SnapshotCheck(context: TestContext.capture(), callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
                  name: name, record: record, testName: testName, snapshotDirectory: snapshotDirectory,
                  artifactsDirectory: artifactsDirectory, environment: environment).run(value, strategy)
}

/// What checking a value against its golden file found.
public struct SnapshotResult: Sendable {
    /// How the check ended.
    public enum Outcome: Sendable, Equatable {
        /// The value matches the golden file.
        case matched
        /// The golden file was written (the record mode asked for it): a failure, so that a
        /// recording run is never taken for a pass.
        case recorded
        /// There is no golden file and the record mode does not write missing ones.
        case missing
        /// The value differs from the golden file beyond the strategy's tolerance.
        case mismatched
        /// The record mode would write the golden, but recording is refused (`CI` is set and
        /// `TAGCLOUD_RECORD` does not name its mode).
        case refused
        /// The check could not be made: no test is running, two assertions resolve to one golden,
        /// the value could not be snapshotted (a missing glyph, a rendering error), or a file could
        /// not be read or written.
        case error
    }

    /// How the check ended.
    public var outcome: Outcome
    /// The golden file; `nil` when no path could be resolved (no test is running).
    public var goldenURL: URL?
    /// Where the actual value was written, when the check failed with a value in hand.
    public var actualURL: URL?
    /// The artifacts showing the difference (the diff image or text diff), when written.
    public var diffURLs: [URL]
    /// The failure message, `nil` when the value matched.
    public var failureMessage: String?
    /// The artifacts to attach to a Swift Testing result.
    var attachments: [SnapshotAttachment] = []

    /// Whether the check failed (anything but ``Outcome/matched``).
    public var failed: Bool { outcome != .matched }
}

/// One check of a value against its golden: resolve the path, make the snapshot, compare, record
/// or write artifacts, and say what happened.
struct SnapshotCheck {
    let context: TestContext
    let callSite: CallSite
    let name: String?
    let record: SnapshotRecordMode?
    let testName: String?
    let snapshotDirectory: URL?
    let artifactsDirectory: URL?
    let environment: [String: String]

    func run<Value, Format>(_ value: () throws -> Value, _ strategy: Snapshotting<Value, Format>) -> SnapshotResult {
        // The test first: without one there is no path, and nothing to report to.
        guard let identity = context.identity else {
            return failure(.error, golden: nil, """
                assertSnapshot ran while no test was running (\(callSite)): neither Swift Testing nor XCTest has a \
                current test here, as in a Task.detached (which never belongs to a test, even awaited), a \
                DispatchQueue block or another thread, or after its test ended. Make the assertion in the test \
                itself or in a Task { } it awaits (a Task inherits its test; a detached one does not).
                """)
        }
        if identity.argumentsUnknown && name == nil {
            return failure(.error, golden: nil, """
                \(identity.description) is parameterised, but its case's arguments cannot be read to give each \
                case its own golden: pass named: with something that tells the cases apart.
                """)
        }
        let mode: SnapshotRecordMode
        if let record {
            mode = record
        } else {
            do {
                mode = try SnapshotRecordMode.fromEnvironment(environment)
            } catch {
                return failure(outcome(for: error), golden: nil, error.description)
            }
        }
        let location = resolveLocation(identity, pathExtension: strategy.pathExtension)
        // The name as given: two names that make one file name ("x/y" and "x_y") are two goldens.
        let claimant = SnapshotRegistry.Claimant(callSite: callSite, test: identity.key + "|" + (testName ?? "") + "|" + (name ?? ""))
        if let earlier = SnapshotRegistry.shared.claim(location.golden.path, by: claimant) {
            return failure(.error, golden: location.golden, """
                two assertions resolve to the golden \(location.golden.path): \(earlier.callSite) and \(callSite)\
                \(earlier.callSite == callSite ? " (names or arguments that differ only in characters a file name cannot hold)" : ""). \
                Give them different names with named: (or testName:), so that neither overwrites the other.
                """)
        }

        let actual: Format
        let actualData: Data
        do {
            actual = try strategy.snapshot(value())
            actualData = try strategy.diffing.toData(actual)
        } catch {
            return failure(.error, golden: location.golden, "could not make the snapshot \(location.golden.lastPathComponent): \(error)",
                           location: location)
        }
        let writer = ArtifactWriter(location: location, actualData: actualData, pathExtension: strategy.pathExtension)
        writer.removeStale()

        // No golden yet.
        guard FileManager.default.fileExists(atPath: location.golden.path) else {
            if mode.recordsMissing {
                return recordGolden(actualData, location, writer, reason: "there was no golden file", difference: nil)
            }
            let written = writer.write(difference: nil)
            return failure(.missing, golden: location.golden, """
                no golden file at \(location.golden.path). \(written.actualDescription)\(Self.numberingHint(location.golden))
                To record it, run the test again with \(SnapshotRecordMode.environmentVariable)=missing (or pass \
                record: .missing), look at the picture, and commit it\(written.actualURL.map { "; or copy it: cp \(Self.shellQuoted($0.path)) \(Self.shellQuoted(location.golden.path))" } ?? "").
                """, location: location, written: written)
        }
        let goldenData: Data
        do {
            goldenData = try Self.readGolden(location.golden)
        } catch {
            // Said as what it is (a folder, no permission), with the actual value among the
            // artifacts, as for any golden that cannot be compared.
            let written = writer.write(difference: nil)
            return failure(.error, golden: location.golden, "the golden \(location.golden.path) cannot be read: \(error)"
                           + written.pathsDescription, location: location, written: written)
        }

        // Compare: equal bytes match without decoding; otherwise the strategy's diffing decides.
        var difference: SnapshotDifference?
        // Why the golden file is not a golden at all (a truncated file, a Git LFS pointer), said
        // as such rather than as a picture that changed.
        var unreadable: String?
        if goldenData != actualData {
            do {
                difference = strategy.diffing.diff(try strategy.diffing.fromData(goldenData), actual)
            } catch {
                unreadable = goldenData.starts(with: Data("version https://git-lfs".utf8))
                    ? "is a Git LFS pointer, not the \(strategy.pathExtension) it stands for: fetch it (git lfs pull)"
                    : "cannot be read as \(strategy.pathExtension): \(error)"
                difference = SnapshotDifference(message: "the golden file \(unreadable ?? "")")
            }
        }
        guard let difference else {
            if mode.recordsMatches && goldenData != actualData {
                return recordGolden(actualData, location, writer, reason: "\(mode) records every golden (it matched)", difference: nil)
            }
            if mode.recordsMatches {
                return failure(.recorded, golden: location.golden, """
                    \(mode.recordingDescription): \(location.golden.path) matches and was left as it is. Run again \
                    without \(SnapshotRecordMode.environmentVariable) to check it.
                    """, location: location)
            }
            return SnapshotResult(outcome: .matched, goldenURL: location.golden, diffURLs: [], failureMessage: nil)
        }
        if mode.recordsMismatches {
            return recordGolden(actualData, location, writer, reason: "it did not match", difference: difference)
        }
        let written = writer.write(difference: difference)
        if let unreadable {
            var message = "the golden file \(location.golden.path) \(unreadable)"
            message += written.pathsDescription
            message += "\n  If it should hold this picture instead, run again with \(SnapshotRecordMode.environmentVariable)=failed and commit it."
            return failure(.error, golden: location.golden, message, location: location, written: written)
        }
        var message = "\(location.golden.lastPathComponent) does not match its golden: \(difference.message)\n  golden: \(location.golden.path)"
        message += written.pathsDescription
        message += "\n  If the change is intended, run again with \(SnapshotRecordMode.environmentVariable)=failed (or pass record: .failed) and commit the golden."
        return failure(.mismatched, golden: location.golden, message, location: location, written: written)
    }

    /// A path as a POSIX shell reads it back: in single quotes, a quote in it closed and escaped.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+,:@%=".unicodeScalars.contains($0)) }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Writes the golden (refused on CI unless the mode was named) and fails.
    private func recordGolden(_ data: Data, _ location: SnapshotLocation, _ writer: ArtifactWriter, reason: String,
                              difference: SnapshotDifference?) -> SnapshotResult {
        do {
            try FileManager.default.createDirectory(at: location.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(data, to: location.golden)
        } catch {
            return failure(.error, golden: location.golden, "could not record \(location.golden.path): \(error)", location: location)
        }
        // The diff still shows what changed, for the reviewer of the new golden.
        let written = difference.map { writer.write(difference: $0, includingActual: false) } ?? WrittenArtifacts()
        var message = "recorded the golden \(location.golden.path) (\(reason))"
        if let difference { message += ": \(difference.message)" }
        message += written.pathsDescription
        message += "\n  Look at it, then run again without \(SnapshotRecordMode.environmentVariable) to check it; a recording run always fails."
        return failure(.recorded, golden: location.golden, message, location: location, written: written)
    }

    /// The golden's path and artifacts folder for this assertion.
    /// A golden's bytes; a folder, or a file that cannot be read, throws its reason in words.
    static func readGolden(_ url: URL) throws -> Data {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw GoldenReadError(reason: "it is a folder, not a file (remove it, or record the golden after removing it)")
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw GoldenReadError(reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw GoldenReadError(reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
    }

    /// Why a golden cannot be read, in words.
    struct GoldenReadError: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// For a missing golden numbered past 1 (`x.2.png`) whose first (`x.1.png`) exists: that an
    /// unnamed assertion is numbered in the order it runs in its test, and that a Swift Testing
    /// test run again in one process (`--repetitions`) goes on numbering unless its suite has
    /// `.snapshots`, so that recording would write goldens no other run asks for.
    static func numberingHint(_ golden: URL) -> String {
        let stem = golden.deletingPathExtension().lastPathComponent
        guard let dot = stem.lastIndex(of: "."), let number = Int(stem[stem.index(after: dot)...]), number > 1 else { return "" }
        let first = golden.deletingLastPathComponent().appendingPathComponent(stem[..<dot] + ".1." + golden.pathExtension)
        guard FileManager.default.fileExists(atPath: first.path) else { return "" }
        return "\n  (\(first.lastPathComponent) exists: an unnamed assertion is numbered in the order it runs in its test. If this "
            + "test ran again in one process, as with --repetitions, give its suite @Suite(.snapshots) so that each run numbers "
            + "from 1, rather than recording goldens for the repeats.)"
    }

    private func resolveLocation(_ identity: TestIdentity, pathExtension: String) -> SnapshotLocation {
        let file = URL(fileURLWithPath: "\(callSite.filePath)")
        let testFolder = file.deletingLastPathComponent()
        let folders = identity.suite.isEmpty ? [SnapshotName.sanitise(file.deletingPathExtension().lastPathComponent)] : identity.suite
        var base = testName.map(SnapshotName.sanitise) ?? identity.name
        if let arguments = identity.arguments { base += "." + arguments }
        let unnumbered = base
        if let name {
            base += "." + SnapshotName.sanitise(name)
        } else {
            base += ".\(SnapshotRegistry.shared.nextNumber(forTest: identity.key, base: unnumbered))"
        }
        let root = snapshotDirectory ?? testFolder.appendingPathComponent("__Snapshots__")
        let goldenFolder = folders.reduce(root) { $0.appendingPathComponent($1) }
        let artifactsRoot = (artifactsDirectory ?? SnapshotFolders.artifactsRoot(environment: environment))
            .appendingPathComponent(SnapshotFolders.packageRelativePath(of: testFolder))
        let artifactsFolder = folders.reduce(artifactsRoot) { $0.appendingPathComponent($1) }
        return SnapshotLocation(golden: goldenFolder.appendingPathComponent("\(base).\(pathExtension)"),
                                artifactsFolder: artifactsFolder, baseName: base)
    }

    private func outcome(for error: SnapshotError) -> SnapshotResult.Outcome {
        if case .recordingRefusedOnCI = error { return .refused }
        return .error
    }

    /// A failed result whose message ends with the drawing libraries' versions; the message is also
    /// written beside the artifacts when there are any.
    private func failure(_ outcome: SnapshotResult.Outcome, golden: URL?, _ message: String, location: SnapshotLocation? = nil,
                         written: WrittenArtifacts = WrittenArtifacts()) -> SnapshotResult {
        let full = message + "\n  Drawn with \(SnapshotEnvironment.current)."
        if let location, written.actualURL != nil || !written.diffURLs.isEmpty {
            ArtifactWriter.writeMessage(full, location: location)
        }
        return SnapshotResult(outcome: outcome, goldenURL: golden, actualURL: written.actualURL, diffURLs: written.diffURLs,
                              failureMessage: full, attachments: written.attachments)
    }
}

extension SnapshotRecordMode {
    /// `TAGCLOUD_RECORD=all`, for messages.
    var recordingDescription: String { "record mode \(rawValue)" }
}
