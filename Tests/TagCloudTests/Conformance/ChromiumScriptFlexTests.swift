import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// Whether Debian's Noto fonts are installed (`make test` installs them).
private let notoInstalled = ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
                             "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"]
    .allSatisfy { FileManager.default.fileExists(atPath: $0) }

/// Flex-wrap clouds of labels in the world's scripts against Chromium, case by case, with the
/// machine's fonts as fallback on both sides.
///
/// `Fixtures/chromium-flex-scripts.json` (made by `Tools/browser/scriptrefs.py`) holds seeded
/// clouds whose tags are in 36 scripts (CJK, Indic, Southeast Asian, Ethiopic, Mongolian, …, alone
/// and mixed with Latin and emoji), laid out by headless Chromium with the bundled fonts by
/// @font-face and its own fontconfig fallback. Each goes through the whole pipeline with a
/// typesetter that falls back to the machine's fonts, as the command does, and is compared with
/// the tolerances of ``ChromiumFlexTests``.
///
/// **Depends on the machine's fonts**: recorded with the Noto versions the fixture names (Debian
/// 12's fonts-noto-core 20201225-1 and fonts-noto-cjk 1:20220127+repack1-1); skipped, saying so,
/// only when the Noto packages are absent.
@Suite(.enabled(if: notoInstalled, "needs the machine's Noto fonts: apt-get install fonts-noto-core fonts-noto-cjk (make test does)"))
struct ChromiumScriptFlexTests {
    struct Fixture: Decodable {
        var browser: String
        var fonts: [String]
        var cases: [ChromiumFlexTests.Case]
    }

    static let fixture: Fixture = {
        let url = packageRoot.appendingPathComponent("Tests/TagCloudTests/Fixtures/chromium-flex-scripts.json")
        do {
            return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// The bundled fonts with the machine's as fallback, as the command shapes.
    static let typesetter: Typesetter = {
        do {
            return Typesetter(library: try FontLibrary(directory: packageRoot.appendingPathComponent("Fonts").path, systemFonts: true))
        } catch {
            fatalError("the bundled fonts cannot be loaded: \(error)")
        }
    }()

    @Test @MainActor func everyCaseMatchesChromium() throws {
        let fixture = Self.fixture
        #expect(fixture.cases.count >= 60)
        var total = ChromiumFlexTests.Deviation()
        var failing: [String] = []
        for c in fixture.cases {
            let layout = try Cloud(parsing: Array(ChromiumFlexTests.spec(c).utf8), format: .json, source: "\(c.name).json")
                .rendered(typesetter: Self.typesetter).layout
            var deviation = ChromiumFlexTests.Deviation()
            #expect(layout.chips.count == c.expected.chips.count, "\(c.name): chip count")
            for (chip, box) in zip(layout.chips, c.expected.chips) {
                deviation.width = max(deviation.width, abs(chip.width - box.width))
                deviation.height = max(deviation.height, abs(chip.height - box.height))
                deviation.y = max(deviation.y, abs(chip.y - box.y))
                if box.width > c.width + 1.0 / 128 {
                    deviation.overflowing += 1  // the deliberate difference: x is not compared
                } else {
                    deviation.x = max(deviation.x, abs(chip.x - box.x))
                }
            }
            deviation.rowsMatch = ChromiumFlexTests.rows(layout.chips.map { ($0.y, $0.height) })
                == ChromiumFlexTests.rows(c.expected.chips.map { ($0.y, $0.height) })
            deviation.containerHeight = abs(layout.height - c.expected.height)
            total.merge(deviation)
            if deviation.width > 0.05 || deviation.x > 0.25 || !deviation.rowsMatch || deviation.y > 0.25
                || deviation.height > 0.05 || deviation.containerHeight > 0.25 {
                failing.append("\(c.name) (w \(deviation.width), x \(deviation.x), y \(deviation.y), "
                               + "h \(deviation.height), rows \(deviation.rowsMatch), H \(deviation.containerHeight))")
            }
        }
        print("chromium-flex-scripts: \(fixture.cases.count) cases against \(fixture.browser) with \(fixture.fonts): "
              + "max |Δwidth| \(total.width), |Δx| \(total.x), |Δy| \(total.y), |Δheight| \(total.height), "
              + "|Δcontainer height| \(total.containerHeight); \(total.overflowing) chips wider than their container "
              + "(x not compared); \(failing.count) failing")
        #expect(failing.isEmpty, "cases off Chromium: \(failing.joined(separator: "; "))")
    }
}
