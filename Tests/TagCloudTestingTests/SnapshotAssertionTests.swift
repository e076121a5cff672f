import Canvas
import Foundation
import TagCloudTesting
import Testing
import Typesetting
import XCTest

/// TagCloudTesting's assertion: a missing golden fails and leaves the actual value outside the
/// source tree, a match passes and clears stale artifacts, a mismatch names the golden, the actual
/// and the diff, every failure names the drawing libraries, and an assertion with no test fails.
@Suite struct SnapshotAssertionTests {
    /// No settings from the machine's environment, so that a developer's TAGCLOUD_RECORD or a CI
    /// run's CI do not change what these tests see.
    static let quiet: [String: String] = [:]

    /// A golden file that is no picture (truncated, or a Git LFS pointer never fetched) is said
    /// to be unreadable, not to show another picture; the `cp` command of a missing golden
    /// survives a path with spaces and quotes.
    @Test func anUnreadableGoldenIsSaidToBeOne() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = folder.appendingPathComponent("gold en's"), artifacts = folder.appendingPathComponent("artifacts")
        let strategy = Snapshotting<DisplayList, RGBAImage>.image(scale: 1)
        func verify() -> SnapshotResult {
            verifySnapshot(of: Fixtures.chip(color: Fixtures.blue), as: strategy, named: "chip", snapshotDirectory: goldens,
                           artifactsDirectory: artifacts, environment: Self.quiet)
        }
        let missing = try #require(verify().failureMessage)
        let golden = goldens.appendingPathComponent("SnapshotAssertionTests/anUnreadableGoldenIsSaidToBeOne.chip.png")
        #expect(missing.contains(" '\(golden.path.replacingOccurrences(of: "'", with: "'\\''"))'"), "\(missing)")
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        let png = try Fixtures.chip(color: Fixtures.blue).rgbaImage(scale: 1).pngData()
        for (bytes, said) in [(png.prefix(60), "cannot be read as png"),
                              (Data("version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n".utf8), "is a Git LFS pointer")] {
            try Data(bytes).write(to: golden)
            let result = verify()
            let message = try #require(result.failureMessage)
            #expect(result.failed && message.hasPrefix("the golden file \(golden.path) \(said)"), "\(message)")
            #expect(!message.contains("does not match"))
        }
    }

    /// A folder where the golden should be is said to be one, with the actual among the
    /// artifacts (the message was Foundation's "Error Domain=NSCocoaErrorDomain Code=256", and no
    /// artifact was written); a text golden that is not UTF-8, or empty, is said so; a NUL in a
    /// text golden is shown as an escape (it cut the console's message short).
    @Test func aFolderOrABadTextGoldenIsSaidToBeOne() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = folder.appendingPathComponent("goldens"), artifacts = folder.appendingPathComponent("artifacts")
        let golden = goldens.appendingPathComponent("SnapshotAssertionTests/aFolderOrABadTextGoldenIsSaidToBeOne.chip.png")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        let image = verifySnapshot(of: Fixtures.chip(color: Fixtures.blue), as: .image(scale: 1), named: "chip", snapshotDirectory: goldens,
                                   artifactsDirectory: artifacts, environment: Self.quiet)
        let message = try #require(image.failureMessage)
        #expect(image.failed && message.contains("cannot be read: it is a folder, not a file"), "\(message)")
        let actual = try #require(message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("actual: ") }, "no artifact named: \(message)")
        #expect(FileManager.default.fileExists(atPath: String(actual.dropFirst("actual: ".count))), "\(message)")

        let text = goldens.appendingPathComponent("SnapshotAssertionTests/aFolderOrABadTextGoldenIsSaidToBeOne.list.json")
        func verifyText() throws -> String {
            try #require(verifySnapshot(of: Fixtures.chip(color: Fixtures.blue), as: .json, named: "list", snapshotDirectory: goldens,
                                        artifactsDirectory: artifacts, environment: Self.quiet).failureMessage)
        }
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: text)
        #expect(try verifyText().contains("is not UTF-8 text (the first bad byte is at offset 0)"))
        try Data("{\n\u{0}\"x\": 1\n}\n".utf8).write(to: text)
        let nul = try verifyText()
        #expect(nul.contains("-\\u{0}\"x\": 1") && !nul.contains("\u{0}"), "\(nul)")
        try Data().write(to: text)
        #expect(try verifyText().contains("the golden file is empty, and the actual text has"))
        // A character cut short at the end, and an overlong form, are placed where they start.
        try Data([0x41, 0xC3, 0xA9, 0xE2, 0x82]).write(to: text)
        #expect(try verifyText().contains("the first bad byte is at offset 3"))
        try Data([0x41, 0xC0, 0x80]).write(to: text)
        #expect(try verifyText().contains("the first bad byte is at offset 1"))
    }

    @Test func missingMatchingAndMismatchingGoldens() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = folder.appendingPathComponent("goldens"), artifacts = folder.appendingPathComponent("artifacts")
        let strategy = Snapshotting<DisplayList, RGBAImage>.image(scale: 2)
        let list = Fixtures.chip(color: Fixtures.blue)
        func verify(_ value: DisplayList, record: SnapshotRecordMode? = nil) -> SnapshotResult {
            verifySnapshot(of: value, as: strategy, named: "chip", record: record, snapshotDirectory: goldens,
                           artifactsDirectory: artifacts, environment: Self.quiet)
        }
        let golden = goldens.appendingPathComponent("SnapshotAssertionTests/missingMatchingAndMismatchingGoldens.chip.png")

        // No golden: the default fails, writes the actual among the artifacts, and says how to record.
        let missing = verify(list)
        #expect(missing.outcome == .missing && missing.failed)
        #expect(missing.goldenURL == golden)
        let message = try #require(missing.failureMessage)
        #expect(message.contains("TAGCLOUD_RECORD=missing") && message.contains("cp "))
        let missingActual = try #require(missing.actualURL)
        #expect(missingActual.path.hasPrefix(artifacts.path))
        #expect(missingActual.path.hasSuffix("SnapshotAssertionTests/missingMatchingAndMismatchingGoldens.chip.actual.png"))
        #expect(try RGBAImage(contentsOf: missingActual) == list.rgbaImage(scale: 2))
        #expect(!FileManager.default.fileExists(atPath: golden.path))
        // The message is kept beside the actual value.
        let messageFile = missingActual.deletingLastPathComponent().appendingPathComponent("missingMatchingAndMismatchingGoldens.chip.failure.txt")
        #expect(try String(contentsOf: messageFile, encoding: .utf8).contains("no golden file"))

        // Recording writes the golden and fails, and removes the stale artifacts.
        let recorded = verify(list, record: .missing)
        #expect(recorded.outcome == .recorded)
        #expect(try RGBAImage(contentsOf: golden) == list.rgbaImage(scale: 2))
        #expect(!FileManager.default.fileExists(atPath: missingActual.path))

        // The same picture matches.
        let matched = verify(list)
        #expect(matched.outcome == .matched && !matched.failed && matched.failureMessage == nil)

        // Another colour fails, with actual and diff images whose paths the message gives.
        let mismatched = verify(Fixtures.chip(color: RGBAColor(red: 1, green: 0, blue: 0)))
        #expect(mismatched.outcome == .mismatched)
        let actual = try #require(mismatched.actualURL), diff = try #require(mismatched.diffURLs.first)
        let mismatch = try #require(mismatched.failureMessage)
        #expect(mismatch.contains(actual.path) && mismatch.contains(diff.path) && mismatch.contains(golden.path))
        #expect(diff.lastPathComponent == "missingMatchingAndMismatchingGoldens.chip.diff.png")
        let diffImage = try RGBAImage(contentsOf: diff)
        #expect(diffImage.pixel(40, 20) == [255, 0, 0, 255])  // inside the capsule: differs, red
        #expect(diffImage.pixel(0, 0) == [255, 255, 255, 255])  // transparent in both: white
        // Passing again removes the stale artifacts.
        #expect(verify(list).outcome == .matched)
        #expect(!FileManager.default.fileExists(atPath: actual.path) && !FileManager.default.fileExists(atPath: diff.path))
    }

    /// Every failure names the drawing libraries and the architecture, so a golden that fails on
    /// one machine only says why.
    @Test func failuresNameTheDrawingLibraries() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = verifySnapshot(of: Fixtures.chip(color: .black), as: .image(), snapshotDirectory: folder,
                                    artifactsDirectory: folder, environment: Self.quiet)
        let message = try #require(result.failureMessage)
        let environment = SnapshotEnvironment.current
        #expect(message.contains("Drawn with Cairo \(environment.cairo), pixman \(environment.pixman), FreeType \(environment.freeType), HarfBuzz \(environment.harfBuzz) on \(environment.architecture)"))
        #expect(environment.cairo.hasPrefix("1.") && environment.harfBuzz.first?.isNumber == true)
        #expect(environment.pixman != "unknown" && environment.freeType.hasPrefix("2."))
        #expect(!environment.architecture.isEmpty)
    }

    /// Code run where no Swift Testing test is current, one test after another: an XCTest case's
    /// run makes it the running case for the whole process, which a detached assertion running
    /// at the same time would take for its own.
    @Suite(.serialized) struct OffTheTestsTask {
        /// An assertion where no test is current (a detached task does not inherit the test) fails:
        /// it used to pass with no golden, while recording, and on every mismatch.
        @Test func anAssertionInADetachedTaskFails() async throws {
            let folder = try Fixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            for record in [SnapshotRecordMode.never, .all] {
                let result = await Task.detached {
                    verifySnapshot(of: Fixtures.chip(color: .black), as: .image(), record: record, snapshotDirectory: folder,
                                   artifactsDirectory: folder, environment: SnapshotAssertionTests.quiet)
                }.value
                #expect(result.outcome == .error)
                #expect(result.goldenURL == nil)
                #expect(result.failureMessage?.contains("no test was running") == true)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }

        /// An XCTest case run twice in one process (a repetition, a retry) numbers from 1 in each run:
        /// the observer starts a run as XCTest starts the case. Run off Swift Testing's task, so that
        /// the assertions belong to the XCTest case.
        @Test func anXCTestCaseRunTwiceNumbersFromOne() async {
            RepeatedSnapshotXCTests.paths.withLock { $0 = [] }
            await Task.detached {
                for _ in 0..<2 {
                    RepeatedSnapshotXCTests(name: "testRepeated", testClosure: { _ in RepeatedSnapshotXCTests.assertTwice() }).run()
                }
            }.value
            let expected = ["RepeatedSnapshotXCTests/testRepeated.1.png", "RepeatedSnapshotXCTests/testRepeated.2.png"]
            #expect(RepeatedSnapshotXCTests.paths.withLock { $0 } == expected + expected)
        }
    }

    @Test func strategiesComposeWithPullback() throws {
        struct Chip { var color: RGBAColor }
        let strategy = Snapshotting<DisplayList, RGBAImage>.image(scale: 1).pullback { (chip: Chip) in Fixtures.chip(color: chip.color) }
        let image = try strategy.snapshot(Chip(color: .black))
        #expect(image.width == 40 && image.height == 20)
        #expect(image.pixel(20, 10) == [0, 0, 0, 255])
        #expect(strategy.pathExtension == "png")
    }

    /// A display list's JSON as a text golden, beside this file like the images.
    @Test func displayListJSONGolden() {
        assertSnapshot(of: Fixtures.chip(color: Fixtures.blue, opacity: 0.2), as: .json)
    }

    /// The seed article's tag cloud of 40 numbers in capsules, at 2×: the picture the benchmark draws.
    @Test func numberedCapsulesGolden() throws {
        let typesetter = try Typesetter.standard(systemFonts: false)
        let labels = try (0..<40).map { try typesetter.shape("\($0)", font: Font(size: 17)) }
        assertSnapshot(of: SamplePictures.numberedCapsules(labels: labels, width: 390), as: .image(scale: 2, background: .white))
    }
}
