@testable import Canvas
import Foundation
import Testing
import Typesetting
import TestRandom

/// The PDF backend: page size, embedded fonts, links and destinations, emoji as images.
@Suite struct PDFTests {
    static func text(_ data: Data) -> String {
        String(decoding: data, as: Unicode.ASCII.self)
    }

    @Test func thePageHasThePictureSizeAndTextIsAnEmbeddedFont() throws {
        let label = try Fixtures.shape("Swift")
        let sans = try Fixtures.shape("DejaVu", family: "DejaVu Sans")
        let pdf = try DisplayList(size: CGSize(width: 200, height: 50)) {
            DisplayItem.text(label, at: CGPoint(x: 5, y: 5), with: .color(.black))
            DisplayItem.text(sans, at: CGPoint(x: 80, y: 5), with: .color(.black))
        }.pdfData()
        let text = Self.text(pdf)
        #expect(text.hasPrefix("%PDF-1."))
        #expect(text.contains("/MediaBox [ 0 0 200 50 ]"))
        #expect(text.contains("/FontFile3"))   // Inter, CFF outlines
        #expect(text.contains("/FontFile2"))   // DejaVu Sans, TrueType outlines
        #expect(!text.contains("/Subtype /Image"))
        #expect(text.contains("/Creator (TagCloud)"))
    }

    /// A title becomes the document's `/Title`, which readers show in place of the file name:
    /// printable ASCII as a literal string; anything else (parentheses, a backslash, other
    /// scripts) as UTF-16 after its byte order mark, in hexadecimal, so that no character of it
    /// can end the string early. None is written without a title.
    @Test func theTitleIsTheDocumentsTitle() throws {
        let list = DisplayList(size: CGSize(width: 40, height: 20)) {
            DisplayItem.fill(.capsule(CGRect(x: 5, y: 5, width: 30, height: 10)), with: .color(Fixtures.blue))
        }
        #expect(!Self.text(try Renderer.pdf().render(list)).contains("/Title"))
        #expect(!Self.text(try Renderer.pdf(title: "").render(list)).contains("/Title"))
        #expect(Self.text(try Renderer.pdf(title: "Topics").render(list)).contains("/Title (Topics)"))
        let ascii = Self.text(try Renderer.pdf(title: "Topics (2026)").render(list))
        #expect(ascii.contains("/Title <FEFF0054006F00700069006300730020002800320030003200360029>"))
        let other = Self.text(try Renderer.pdf(title: "Thèmes").render(list))
        #expect(other.contains("/Title <FEFF0054006800E8006D00650073>"))
    }

    @Test func linksAreAnnotationsOverTheItem() throws {
        let pdf = try DisplayList(size: CGSize(width: 100, height: 80)) {
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 10, width: 60, height: 20)), with: .color(Fixtures.blue))
                .metadata(label: "Swift", link: URL(string: "https://swift.org/it's"), identifier: "chip-swift")
        }.pdfData()
        let text = Self.text(pdf)
        #expect(text.contains("/Subtype /Link"))
        #expect(text.contains("/URI (https://swift.org/it's)") || text.contains("/URI (https://swift.org/it\\'s)"))
        // The link covers the capsule: x 10…70, y 80 − 30 … 80 − 10 in PDF's upward coordinates.
        #expect(text.contains("/Rect [ 10 50 70 70 ]"))
    }

    /// A link's area is the item's, whatever it draws: a group with an opacity group inside (as a
    /// chip draws its count) is painted with `cairo_paint_with_alpha`, whose extents Cairo took as
    /// the whole page, so the link covered every other chip too.
    @Test func aLinkOverAnOpacityGroupCoversOnlyItsItem() throws {
        let pdf = try DisplayList(size: CGSize(width: 200, height: 80)) {
            DisplayItem.group {
                DisplayItem.fill(.capsule(CGRect(x: 10, y: 10, width: 60, height: 20)), with: .color(Fixtures.blue))
                DisplayItem.group(opacity: 0.6) {
                    DisplayItem.fill(.rect(CGRect(x: 50, y: 15, width: 10, height: 10)), with: .color(.black))
                }
            }.metadata(label: "Linux 1", link: URL(string: "https://kernel.org"))
            DisplayItem.fill(.capsule(CGRect(x: 100, y: 10, width: 60, height: 20)), with: .color(Fixtures.blue))
        }.pdfData()
        let text = Self.text(pdf)
        #expect(text.components(separatedBy: "/Subtype /Link").count == 2)
        #expect(text.contains("/Rect [ 10 50 70 70 ]"), "\(text.components(separatedBy: "\n").filter { $0.contains("/Rect") })")
    }

    /// A link's parentheses and backslashes are percent-encoded in the PDF's `/URI` string: Cairo
    /// writes it as it is, and one parenthesis left alone (`a(b`) never ended the string, a broken
    /// file (exit 0); `smile:)` ended it early. A link that holds the tooltip placeholder's marker
    /// stays a link, and the tooltip beside it an annotation.
    @Test func linksWithParenthesesOrTheTooltipMarkerStayWhole() throws {
        let pdf = try DisplayList(size: CGSize(width: 100, height: 80)) {
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 10, width: 60, height: 20)), with: .color(Fixtures.blue))
                .metadata(label: "A", link: URL(string: "https://example.com/a(b"))
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 40, width: 60, height: 10)), with: .color(Fixtures.blue))
                .metadata(label: "B", link: URL(string: "https://example.com/smile:)"))
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 60, width: 60, height: 10)), with: .color(Fixtures.blue))
                .metadata(label: "C", link: URL(string: "https://e.com/tagcloud-tooltip-0-"), tooltip: "tip C")
        }.pdfData()
        let text = Self.text(pdf)
        #expect(text.contains("/URI (https://example.com/a%28b)") && text.contains("/URI (https://example.com/smile:%29)"))
        #expect(text.contains("/URI (https://e.com/tagcloud-tooltip-0-)"))
        #expect(text.components(separatedBy: "/Subtype /Link").count == 4 && text.contains("/Subtype /Square"))
        #expect(!text.contains("xxxxxxxx"))
    }

    /// Every entry of the cross-reference table in use points at its object, with links and
    /// tooltips too: Cairo 1.16 listed object numbers it reserved for a structure tree and never
    /// wrote as in use, at another object's offset (qpdf: "file is damaged … object 3 0 not
    /// found"); they are free entries, chained from entry 0.
    @Test func theCrossReferenceTableNamesOnlyObjectsThatAreThere() throws {
        let pdf = try DisplayList(size: CGSize(width: 100, height: 80)) {
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 10, width: 60, height: 20)), with: .color(Fixtures.blue))
                .metadata(label: "A", link: URL(string: "https://a.example/"), tooltip: "tip")
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 40, width: 60, height: 20)), with: .color(Fixtures.blue))
                .metadata(label: "B", link: URL(string: "https://b.example/"))
        }.pdfData()
        let bytes = [UInt8](pdf)
        let text = String(decoding: bytes, as: UTF8.self)
        let table = try #require(text.range(of: "\nxref\n", options: .backwards))
        let lines = text[table.upperBound...].split(separator: "\n")
        let count = try #require(Int(lines[0].split(separator: " ")[1]))
        var free: [Int: Int] = [:]
        for number in 0..<count {
            let fields = lines[1 + number].split(separator: " ")
            let offset = try #require(Int(fields[0]))
            if fields[2] == "n" {
                // In bytes: the file's binary comment is no UTF-8.
                #expect(bytes.dropFirst(offset).starts(with: Array("\(number) 0 obj".utf8)), "object \(number) at \(offset)")
            } else {
                free[number] = offset
            }
        }
        // The free entries form one chain from entry 0 back to it.
        var seen: Set<Int> = [], next = free[0] ?? -1
        while next != 0, let after = free[next], seen.insert(next).inserted { next = after }
        #expect(next == 0 && seen.count == free.count - 1, "\(free)")
    }

    /// A relative link or a fragment has no page to resolve against in a PDF: it is left out (a
    /// viewer could follow `/tags/swift/` nowhere), and an absolute link beside it is kept.
    @Test func relativeLinksAndFragmentsAreLeftOut() throws {
        let pdf = try DisplayList(size: CGSize(width: 100, height: 80)) {
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 10, width: 60, height: 20)), with: .color(Fixtures.blue))
                .metadata(label: "Swift", link: URL(string: "/tags/swift/"))
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 40, width: 60, height: 20)), with: .color(Fixtures.blue))
                .metadata(label: "Here", link: URL(string: "#here"))
            DisplayItem.fill(.capsule(CGRect(x: 10, y: 60, width: 60, height: 10)), with: .color(Fixtures.blue))
                .metadata(label: "Linux", link: URL(string: "https://kernel.org"))
        }.pdfData()
        let text = Self.text(pdf)
        #expect(text.components(separatedBy: "/Subtype /Link").count == 2)
        #expect(text.contains("/URI (https://kernel.org)") && !text.contains("/tags/swift/") && !text.contains("#here"))
    }

    @Test func colourEmojiAreFullResolutionImages() throws {
        let emoji = try Fixtures.shape("😀", family: "Noto Color Emoji")
        let text = Self.text(try DisplayList(size: CGSize(width: 40, height: 40)) {
            DisplayItem.text(emoji, at: CGPoint(x: 5, y: 5), with: .color(.black))
        }.pdfData())
        #expect(text.contains("/Subtype /Image"))
        #expect(text.contains("/Width 136"))
        #expect(text.contains("/Height 128"))
    }

    /// The same list gives the same PDF bytes in two renders on either side of a change of the
    /// clock's second: Cairo's default creation date (the current time) is not written; a date
    /// appears only when `SOURCE_DATE_EPOCH` names one.
    @Test func pdfBytesDoNotDependOnTheClock() throws {
        let list = try DeterminismTests.busyList()
        let first = try list.pdfData()
        let nextSecond = Date().timeIntervalSince1970.rounded(.down) + 1
        while Date().timeIntervalSince1970 < nextSecond { Thread.sleep(forTimeInterval: 0.02) }
        #expect(try list.pdfData() == first)
        let dated = reproducibleDate() != nil
        #expect(Self.text(first).contains("/CreationDate") == dated && Self.text(first).contains("/ModDate") == dated)
    }

    @Test func sourceDateEpochGivesAFixedCreationDate() {
        #expect(reproducibleDate(environment: ["SOURCE_DATE_EPOCH": "1700000000"]) == "2023-11-14T22:13:20Z")
        #expect(reproducibleDate(environment: [:]) == nil)
        #expect(reproducibleDate(environment: ["SOURCE_DATE_EPOCH": "soon"]) == nil)
        // The last second a four-digit year holds, and the first it does not.
        #expect(reproducibleDate(environment: ["SOURCE_DATE_EPOCH": "253402300799"]) == "9999-12-31T23:59:59Z")
        #expect(reproducibleDate(environment: ["SOURCE_DATE_EPOCH": "253402300800"]) == nil)
    }

    /// A link on a clipped, transformed, translucent group is kept; links of items inside it are not
    /// written, because Cairo 1.16 crashes on tags inside `cairo_push_group` and fails documents with
    /// tags under some clips.
    @Test func metadataInsideGroupsGivesValidDocuments() throws {
        let list = DisplayList(size: CGSize(width: 100, height: 100)) {
            DisplayItem.group(transform: Transform(translationX: 10, y: 10), clip: Clip(.circle(CGRect(x: 0, y: 0, width: 80, height: 80))), opacity: 0.5) {
                DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(.black))
                    .metadata(link: URL(string: "https://example.com/inner"), identifier: "inner")
                DisplayItem.group(opacity: 0.5) {
                    DisplayItem.fill(.rect(CGRect(x: 40, y: 40, width: 40, height: 40)), with: .color(Fixtures.blue)).metadata(identifier: "deeper")
                }
            }.metadata(label: "outer", link: URL(string: "https://example.com/outer"), identifier: "outer")
        }
        let text = Self.text(try list.pdfData())
        #expect(text.hasPrefix("%PDF-1.") && text.hasSuffix("%%EOF\n"))
        #expect(text.contains("(https://example.com/outer)"))
        #expect(!text.contains("(https://example.com/inner)"))
        #expect(text.components(separatedBy: "/Subtype /Link").count - 1 == 1)
    }

    /// Random nestings of groups, clips and opacity with links on every level always give complete
    /// documents (Cairo 1.16 crashes or fails on some tag placements; those are avoided), and the
    /// links of top-level fills are all there.
    @Test func randomListsWithLinksGiveCompleteDocuments() throws {
        var random = SeededRandom(seed: 2024)
        for round in 0..<200 {
            let list = random.nestedList()
            let text = Self.text(try list.pdfData())
            #expect(text.hasSuffix("%%EOF\n"), "round \(round)")
            for item in list.items {
                if case .fill = item.content, let link = item.metadata.link {
                    #expect(text.contains("(\(link.absoluteString))"), "round \(round)")
                }
            }
        }
    }
}
