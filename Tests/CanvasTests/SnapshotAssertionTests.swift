import Canvas
import Foundation
import TagCloudTesting
import Testing

/// TagCloudTesting's own behaviour: recording fails, missing goldens fail, mismatches write the
/// actual and diff images and name them, matches pass; strategies compose with `pullback`.
@Suite struct SnapshotAssertionTests {
    static func chip(color: RGBAColor) -> DisplayList {
        DisplayList(size: CGSize(width: 40, height: 20)) {
            DisplayItem.fill(.capsule(CGRect(x: 2, y: 2, width: 36, height: 16)), with: .color(color))
        }
    }

    @Test func recordingMissingMatchingAndMismatchingSnapshots() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let strategy = Snapshotting<DisplayList, RGBAImage>.image(scale: 2)
        let list = Self.chip(color: Fixtures.blue)
        func verify(_ value: DisplayList, record: Bool) -> SnapshotResult {
            verifySnapshot(of: value, as: strategy, named: "chip", record: record, snapshotDirectory: folder, suite: "Suite")
        }
        let golden = folder.appendingPathComponent("Suite/recordingMissingMatchingAndMismatchingSnapshots.chip.png")

        // No golden yet: a failure, and the actual image is written for inspection.
        let missing = verify(list, record: false)
        #expect(missing.outcome == .missing && missing.failed)
        #expect(missing.goldenURL == golden)
        #expect(missing.failureMessage?.contains("TAGCLOUD_RECORD=1") == true)
        let missingActual = try #require(missing.actualURL)
        #expect(try RGBAImage(contentsOf: missingActual) == list.rgbaImage(scale: 2))

        // Recording writes the golden and still fails.
        let recorded = verify(list, record: true)
        #expect(recorded.outcome == .recorded && recorded.failed)
        #expect(try RGBAImage(contentsOf: golden) == list.rgbaImage(scale: 2))
        #expect(!FileManager.default.fileExists(atPath: missingActual.path))

        // The same picture matches.
        let matched = verify(list, record: false)
        #expect(matched.outcome == .matched && !matched.failed && matched.failureMessage == nil)

        // A different colour fails, with actual and diff images whose paths the message gives.
        let mismatched = verify(Self.chip(color: RGBAColor(red: 1, green: 0, blue: 0)), record: false)
        #expect(mismatched.outcome == .mismatched)
        let actual = try #require(mismatched.actualURL), diff = try #require(mismatched.diffURL)
        let message = try #require(mismatched.failureMessage)
        #expect(message.contains(actual.path) && message.contains(diff.path) && message.contains(golden.path))
        #expect(actual.lastPathComponent == "recordingMissingMatchingAndMismatchingSnapshots.chip.actual.png")
        let diffImage = try RGBAImage(contentsOf: diff)
        #expect(diffImage.pixel(40, 20) == [255, 0, 0, 255])   // inside the capsule: differs, red
        #expect(diffImage.pixel(0, 0) == [255, 255, 255, 255])  // transparent in both: white
        // Passing again removes the stale artifacts.
        #expect(verify(list, record: false).outcome == .matched)
        #expect(!FileManager.default.fileExists(atPath: actual.path) && !FileManager.default.fileExists(atPath: diff.path))
    }

    @Test func imageComparisonCountsPixelsBeyondTheTolerance() throws {
        let reference = RGBAImage(width: 2, height: 2, pixels: [
            10, 10, 10, 255, 200, 0, 0, 255,
            0, 0, 0, 0, 50, 50, 50, 2,
        ])
        let actual = RGBAImage(width: 2, height: 2, pixels: [
            12, 10, 10, 255, 190, 0, 0, 255,
            99, 99, 99, 0, 250, 50, 50, 2,    // colour of (nearly) transparent pixels barely counts
        ])
        let comparison = try #require(ImageComparison(reference: reference, actual: actual, tolerance: .golden))
        #expect(comparison.differingPixels == 1)
        #expect(comparison.largestDifference == 10)
        #expect(comparison.largestDifferenceAt == (1, 0))
        #expect(!comparison.matches(.golden))
        #expect(comparison.matches(ImageTolerance(perChannel: 2, differingPixelFraction: 0.25)))
        #expect(ImageComparison(reference: reference, actual: RGBAImage(width: 1, height: 1), tolerance: .exact) == nil)
        // Different sizes are a difference the image diffing reports.
        let message = Diffing<RGBAImage>.image().diff(reference, RGBAImage(width: 1, height: 1))?.message
        #expect(message == "the image is 1 × 1 px, the reference 2 × 2 px")
    }

    @Test func linesDiffingNamesTheFirstDifferentLine() {
        let diff = Diffing<String>.lines.diff("a\nb\nc", "a\nB\nc")
        #expect(diff?.message == "line 2 differs: expected \"b\", got \"B\"")
        #expect(Diffing<String>.lines.diff("a", "a") == nil)
        #expect(Diffing<String>.lines.diff("a", "a\nb")?.message == "line 2 differs: expected \"(end of text)\", got \"b\"")
    }

    @Test func strategiesComposeWithPullback() throws {
        struct Chip { var color: RGBAColor }
        let strategy = Snapshotting<DisplayList, RGBAImage>.image(scale: 1).pullback { (chip: Chip) in Self.chip(color: chip.color) }
        let image = try strategy.snapshot(Chip(color: .black))
        #expect(image.width == 40 && image.height == 20)
        #expect(image.pixel(20, 10) == [0, 0, 0, 255])
        #expect(strategy.pathExtension == "png")
    }

    /// The display list JSON as a text golden, beside this file like the images.
    @Test func displayListJSONGolden() {
        assertSnapshot(of: JSONTests.sample, as: .json)
    }

    /// The seed article's tag cloud of 40 numbers in capsules, at 2×: the picture the benchmark draws.
    @Test func numberedCapsulesGolden() throws {
        let labels = try (0..<40).map { try Fixtures.shape("\($0)") }
        assertSnapshot(of: SamplePictures.numberedCapsules(labels: labels, width: 390), as: .image(scale: 2, background: .white))
    }
}
