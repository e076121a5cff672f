import Canvas
import Foundation
import TagCloud
import TagCloudTesting
import Testing

/// Strategies for a spec's `Cloud`: its PNG, SVG, layout JSON and PDF, with the bundled fonts only.
@Suite struct CloudSnapshotTests {
    static func cloud(_ tags: String = "[Swift, {text: Linux, selected: true}, Cairo, HarfBuzz]") throws -> Cloud {
        try Cloud(yaml: "style: suggestionChips\nwidth: 320\nscale: 2\ntags: \(tags)", source: "test")
    }

    @Test func imageLayoutAndSVGGoldens() throws {
        assertSnapshot(of: try Self.cloud(), as: .image())
        assertSnapshot(of: try Self.cloud(), as: .layoutJSON())
        assertSnapshot(of: try Self.cloud(), as: .svg())
    }

    /// A fixed id prefix keeps a spec's SVG golden diff to the lines that changed, as the view
    /// strategy's does: one more tag changes a handful of lines, not every line with an id.
    @Test func aFixedIdPrefixKeepsTheCloudSVGDiffToWhatChanged() throws {
        let before = try Snapshotting<Cloud, String>.svg(idPrefix: "tc").snapshot(try Self.cloud())
        let after = try Snapshotting<Cloud, String>.svg(idPrefix: "tc").snapshot(try Self.cloud("[Swift, {text: Linux, selected: true}, Cairo, HarfBuzz, Zig]"))
        #expect(before.contains("id=\"tc\""), "\(before.prefix(300))")
        let unchanged = Set(before.split(separator: "\n")).intersection(after.split(separator: "\n")).count
        let derived = try Snapshotting<Cloud, String>.svg().snapshot(try Self.cloud())
        let derivedAfter = try Snapshotting<Cloud, String>.svg().snapshot(try Self.cloud("[Swift, {text: Linux, selected: true}, Cairo, HarfBuzz, Zig]"))
        #expect(unchanged > Set(derived.split(separator: "\n")).intersection(derivedAfter.split(separator: "\n")).count + 20)
    }

    /// The picture is the one the cloud's own PNG shows, at its scale.
    @Test func theImageIsTheCloudsPNG() throws {
        let cloud = try Self.cloud()
        #expect(try Snapshotting<Cloud, RGBAImage>.image().snapshot(cloud) == RGBAImage(pngData: cloud.pngData()))
    }

    /// Another tag fails the layout golden with a unified diff naming the chip.
    @Test func aChangedSpecFailsWithTheChipsThatMoved() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func verify(_ cloud: Cloud, record: SnapshotRecordMode? = nil) -> SnapshotResult {
            verifySnapshot(of: cloud, as: .layoutJSON(), named: "layout", record: record, snapshotDirectory: folder,
                           artifactsDirectory: folder, environment: [:])
        }
        #expect(verify(try Self.cloud(), record: .missing).outcome == .recorded)
        let changed = verify(try Self.cloud("[Swift, {text: Linux, selected: true}, Pango, HarfBuzz]"))
        #expect(changed.outcome == .mismatched)
        let message = try #require(changed.failureMessage)
        #expect(message.contains("\n-  {\"text\": \"Cairo\", \"x\": 179.78125,"), "\(message)")
        #expect(message.contains("\n+  {\"text\": \"Pango\","), "\(message)")
        #expect(message.contains("@@ -1,7 +1,7 @@"), "\(message)")
    }

    /// A tag needing a character the bundled fonts lack fails, naming it.
    @Test func aTagNeedingASystemFontFails() throws {
        let result = verifySnapshot(of: try Self.cloud("[\"Bold 𝐀𝐁𝐂\"]"), as: .image(), environment: [:])
        #expect(result.outcome == .error)
        #expect(result.failureMessage?.contains("needs \"𝐀\" (U+1D400 MATHEMATICAL BOLD CAPITAL A)") == true, "\(result.failureMessage ?? "")")
    }

    @Test func pdfGoldens() throws {
        try #require(PDFRasterizer.isAvailable, "pdftoppm is needed (Debian package poppler-utils)")
        assertSnapshot(of: try Self.cloud(), as: .pdf(scale: 2))
    }
}
