import Canvas
import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// The "languages of the world" sample (`samples/world/languages.yaml`): a golden test that opts
/// in to the machine's fonts, since most of its scripts come from Debian's Noto fonts.
///
/// **Depends on the installed Noto versions**: its layout JSON and PNG were recorded with
/// fonts-noto-core 20201225-1 and fonts-noto-cjk 1:20220127+repack1-1 (Debian 12); other
/// versions may change glyphs and widths. Skipped, saying so, only when the packages are absent.
/// `make samples RECORD=world/languages` re-records it, as for the other samples.
@Suite(.enabled(if: ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
                     "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"].allSatisfy { FileManager.default.fileExists(atPath: $0) },
                "needs the machine's Noto fonts: apt-get install fonts-noto-core fonts-noto-cjk (make test does)"))
struct WorldLanguagesGoldenTests {
    @Test @MainActor func languagesOfTheWorld() throws {
        try SampleGoldenTests.matchGoldenFiles(of: "languages.yaml", in: SampleGoldenTests.samples.appendingPathComponent("world"),
                                               typesetter: ChromiumScriptFlexTests.typesetter)
    }

    /// Rendered through the whole pipeline, no chip of the 38 (34 scripts and emoji) draws a
    /// `.notdef` glyph, and the chips' labels use the fonts the Typesetting tests expect.
    @Test @MainActor func noChipShowsABox() throws {
        let cloud = try Cloud(contentsOf: SampleGoldenTests.samples.appendingPathComponent("world/languages.yaml"))
        let rendered = try cloud.rendered(typesetter: ChromiumScriptFlexTests.typesetter)
        let texts = rendered.displayList.flattened.compactMap { entry -> TextItem? in
            if case .text(let text) = entry.item.content { return text }
            return nil
        }
        #expect(texts.count == cloud.tags.count && cloud.tags.count >= 38)
        #expect(texts.allSatisfy { $0.runs.allSatisfy { !$0.glyphs.contains(0) } })
        let families = Set(texts.flatMap { (text: TextItem) in text.runs.map(\.face.familyName) })
        for family in ["Inter", "DejaVu Sans", "Noto Sans Devanagari", "Noto Sans CJK JP", "Noto Sans Ethiopic", "Noto Color Emoji"] {
            #expect(families.contains(family), "no chip uses \(family): \(families.sorted())")
        }
    }

    /// With fallback fonts, the PNG, SVG and PDF are byte-identical run to run: two fresh libraries
    /// (each loading fontconfig and the fallback faces anew) give the same bytes, the PDF's whole
    /// (it carries no creation date).
    @Test @MainActor func byteIdenticalRunToRun() throws {
        let url = SampleGoldenTests.samples.appendingPathComponent("world/languages.yaml")
        let fonts = packageRoot.appendingPathComponent("Fonts").path
        let outputs = try (0..<2).map { _ in
            let typesetter = Typesetter(library: try FontLibrary(directory: fonts, systemFonts: true))
            let rendered = try Cloud(contentsOf: url).rendered(typesetter: typesetter)
            return try [OutputFormat.png, .svg, .pdf].map { try rendered.data(as: $0) }
        }
        for (index, format) in ["PNG", "SVG", "PDF"].enumerated() {
            #expect(outputs[0][index] == outputs[1][index], "the \(format) differs between two runs")
        }
    }
}
