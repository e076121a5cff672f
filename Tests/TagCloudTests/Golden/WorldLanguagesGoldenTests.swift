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
/// `TAGCLOUD_RECORD=1` re-records it, as for the other samples.
@Suite(.enabled(if: ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
                     "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"].allSatisfy { FileManager.default.fileExists(atPath: $0) },
                "needs the machine's Noto fonts: apt-get install fonts-noto-core fonts-noto-cjk (make test does)"))
struct WorldLanguagesGoldenTests {
    @Test @MainActor func languagesOfTheWorld() throws {
        try SampleGoldenTests.matchGoldenFiles(of: "languages.yaml", in: SampleGoldenTests.samples.appendingPathComponent("world"),
                                               typesetter: ChromiumScriptFlexTests.typesetter)
    }
}
