import Foundation
import Testing
@testable import Typesetting

/// Labels in the world's scripts against headless Chromium on the same machine
/// (`Fixtures/chromium_script_refs.json`, made by `Tools/browser/scriptrefs.py`): the fallback
/// face Chromium picks for each script and language (DevTools' platform fonts of the span) is
/// the one the typesetter picks, and the width, line height and baseline are Chromium's.
///
/// **Depends on the machine's fonts**: the fixture was recorded with the Noto versions it names
/// (Debian 12: fonts-noto-core 20201225-1, fonts-noto-cjk 1:20220127+repack1-1); skipped, saying
/// so, only when the Noto packages are absent.
@Suite(.enabled(if: notoInstalled, notoMissing)) struct ChromiumScriptTests {
    struct Fixture: Decodable {
        var browser: String
        var fonts: [String]
        var cases: [Case]
    }

    struct Case: Decodable {
        var text: String
        var size: Double
        var weight: Int
        var lang: String?
        var width: Double
        var height: Double
        var baseline: Double
        var families: [String]
    }

    static let fixture: Fixture = {
        let url = fixturesDirectory.appendingPathComponent("chromium_script_refs.json")
        do {
            return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    @Test func everyLabelMatchesChromium() throws {
        var failing: [String] = []
        for c in Self.fixture.cases {
            let font = Font(size: c.size, weight: Font.Weight(c.weight))
            let shaped = try systemTypesetter.shape(c.text, font: font, language: c.lang.map(TextLanguage.init))
            let families = Set(shaped.fontFamilies).sorted()
            if families != c.families || Double(shaped.size.width) != c.width || Double(shaped.size.height) != c.height
                || Double(shaped.firstBaseline) != c.baseline {
                failing.append("\(c.text) \(c.size)px \(c.weight) \(c.lang ?? "-"): families \(families) vs \(c.families), "
                               + "width \(shaped.size.width) vs \(c.width), height \(shaped.size.height) vs \(c.height), "
                               + "baseline \(shaped.firstBaseline) vs \(c.baseline)")
            }
        }
        print("chromium-scripts: \(Self.fixture.cases.count) labels against \(Self.fixture.browser) with \(Self.fixture.fonts): "
              + "\(failing.count) differ")
        #expect(failing.isEmpty, "\(failing.count) labels differ from Chromium:\n\(failing.joined(separator: "\n"))")
    }
}
