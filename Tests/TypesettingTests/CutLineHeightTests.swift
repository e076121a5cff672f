import Foundation
import Testing
@testable import Typesetting

/// Whether Debian's Noto CJK fonts are installed (`make test` installs them).
private let notoCJKInstalled = FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")

/// A line cut with an ellipsis keeps the height of the text it hides, as Blink's line box keeps
/// the text `text-overflow: ellipsis` hides.
///
/// **Depends on the machine's fonts** (it is about fallback): the bundled fonts have no face
/// taller than Inter, so the hidden text is CJK, which falls back to Noto Sans CJK (fonts-noto-cjk);
/// skipped, saying so, without it.
@Suite(.enabled(if: notoCJKInstalled, "needs the machine's Noto CJK fonts: apt-get install fonts-noto-cjk (make test does)"))
struct CutLineHeightTests {
    @Test func aCutLineKeepsTheHeightOfTheTextItHides() throws {
        let typesetter = try Typesetter.standard()
        let font = Font.body
        let latin = try typesetter.shape("Latin", font: font)
        let mixed = try typesetter.shape("Latin 日本語", font: font)
        #expect(mixed.size.height > latin.size.height)
        // Cut on one line (white-space: nowrap): the whole line's faces count.
        let cut = try typesetter.shape("Latin 日本語", font: font, width: latin.size.width + 12, lineLimit: 1)
        #expect(cut.isTruncated && cut.lines[0].text.hasPrefix("Lat") && !cut.lines[0].text.contains("日"))
        #expect(cut.size.height == mixed.size.height)
        // Cut to two lines (-webkit-line-clamp): the first, Latin only, is as tall as Latin alone,
        // the last counts its own hidden text.
        let clamped = try typesetter.shape("Latin words here 日本語 and more", font: font, width: 95, lineLimit: 2)
        #expect(clamped.isTruncated && clamped.lines.count == 2)
        #expect(clamped.lines[0].height == latin.size.height)
    }
}
