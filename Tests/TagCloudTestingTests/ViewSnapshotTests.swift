import Canvas
import Foundation
import LayoutKit
import TagCloudTesting
import TagCloudUI
import Testing

/// Strategies for any view: a PNG, SVG, JSON or PDF golden, rendered on the main actor for the
/// caller, with the bundled fonts only unless the test opts in.
@Suite struct ViewSnapshotTests {
    /// From a nonisolated test: the strategy hands the view to the main actor.
    @Test func imageFromANonisolatedTest() {
        assertSnapshot(of: Fixtures.chipRow, as: .image(scale: 2))
    }

    /// From a `@MainActor` test: the same picture, without dispatching to the main actor again.
    @Test @MainActor func imageFromTheMainActor() {
        assertSnapshot(of: Fixtures.chipRow, as: .image(scale: 2))
    }

    /// A proposed width wraps the flow; a transparent background stays transparent.
    @Test func proposedSizeAndBackground() throws {
        let cloud = ChipRow(tags: ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine"])
        assertSnapshot(of: cloud, as: .image(proposedSize: ProposedViewSize(width: 200, height: nil), scale: 2, background: nil))
        func image<V: View & SendableMetatype>(_ view: V) throws -> RGBAImage {
            try Snapshotting<V, RGBAImage>.image(proposedSize: ProposedViewSize(width: 200, height: nil), background: nil).snapshot(view)
        }
        let picture = try image(cloud)
        #expect(picture.width <= 200 && picture.pixel(0, 0)[3] == 0)
    }

    @Test func svgAndJSONAreTextGoldens() {
        assertSnapshot(of: Fixtures.chipRow, as: .svg())
        assertSnapshot(of: Fixtures.chipRow, as: .json())
    }

    /// With a fixed id prefix, an SVG golden's failing diff holds the lines that changed, not every
    /// line with an id (the derived prefix is a hash of the whole document).
    @Test func aFixedIdPrefixKeepsTheSVGDiffToWhatChanged() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func verify(_ tags: [String], idPrefix: String?, record: SnapshotRecordMode? = nil) -> SnapshotResult {
            verifySnapshot(of: ChipRow(tags: tags), as: .svg(idPrefix: idPrefix), named: idPrefix ?? "derived", record: record,
                           snapshotDirectory: folder, artifactsDirectory: folder, environment: [:])
        }
        let before = ["Swift", "Linux", "Cairo"], after = ["Swift", "Linux", "Cairo", "Zig"]
        for prefix in ["tc", nil] {
            #expect(verify(before, idPrefix: prefix, record: .missing).outcome == .recorded)
            #expect(verify(before, idPrefix: prefix).outcome == .matched)
        }
        let pinned = try #require(verify(after, idPrefix: "tc").failureMessage)
        let derived = try #require(verify(after, idPrefix: nil).failureMessage)
        func changedLines(_ message: String) -> Int {
            message.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count
        }
        #expect(changedLines(pinned) >= 1 && changedLines(pinned) < changedLines(derived), "\(pinned)\n---\n\(derived)")
        let svg = try Snapshotting<ChipRow, String>.svg(idPrefix: "tc").snapshot(ChipRow())
        #expect(svg.contains("id=\"tc\""), "\(svg.prefix(300))")
    }

    /// PDFs are compared by their rasterised pages: a new rendering (another creation date) of the
    /// same view matches; another view fails with a diff picture of the page.
    @Test func pdfGoldensCompareThePages() throws {
        try #require(PDFRasterizer.isAvailable, "pdftoppm is needed (Debian package poppler-utils)")
        assertSnapshot(of: Fixtures.chipRow, as: .pdf(scale: 2))

        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func verify(_ text: String, record: SnapshotRecordMode? = nil) -> SnapshotResult {
            verifySnapshot(of: ChipRow(tags: [text]), as: .pdf(scale: 2), named: "page", record: record, snapshotDirectory: folder,
                           artifactsDirectory: folder, environment: [:])
        }
        #expect(verify("Flow", record: .missing).outcome == .recorded)
        #expect(verify("Flow").outcome == .matched)
        let changed = verify("Flaw")
        #expect(changed.outcome == .mismatched)
        #expect(changed.diffURLs.map(\.lastPathComponent) == ["pdfGoldensCompareThePages.page.diff.page1.png"])
        #expect(changed.failureMessage?.contains("page 1: ") == true)
    }

    /// A text needing a character the bundled fonts lack fails in snapshot mode, naming the text and
    /// the character, instead of taking the machine's fonts (such a golden failed on other machines).
    @Test func aTextNeedingASystemFontFails() throws {
        let result = verifySnapshot(of: Text("Bold 𝐀𝐁𝐂"), as: .image(scale: 2), environment: [:])
        #expect(result.outcome == .error)
        let message = try #require(result.failureMessage)
        #expect(message.contains("the text \"Bold 𝐀𝐁𝐂\" needs \"𝐀\" (U+1D400 MATHEMATICAL BOLD CAPITAL A)"), "\(message)")
        #expect(message.contains("fonts: .bundledAndSystem"))
        // Opting in renders the view with the machine's fonts: whether they have the character is
        // the machine's business, so only the bundled-only failure is certain.
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let optedIn = verifySnapshot(of: Text("Bold 𝐀𝐁𝐂"), as: .image(scale: 2, fonts: .bundledAndSystem), record: .missing,
                                     snapshotDirectory: folder, artifactsDirectory: folder, environment: [:])
        #expect(optedIn.failureMessage?.contains("which the bundled fonts lack: the golden") != true)
    }

    /// Rendering errors fail the assertion with the view's error.
    @Test func aViewThatCannotBeDrawnFails() {
        struct Empty: View {
            var body: some View { Color.red.frame(width: 0, height: 0) }
        }
        let result = verifySnapshot(of: Empty(), as: .image(), environment: [:])
        #expect(result.outcome == .error)
        #expect(result.failureMessage?.contains("could not make the snapshot") == true)
    }
}
