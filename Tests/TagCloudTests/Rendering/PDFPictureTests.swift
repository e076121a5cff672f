import Canvas
import Foundation
@testable import TagCloud
import TagCloudTesting
import Testing
import Typesetting

/// The PDF shows the picture the PNG shows: its pages, drawn by an independent renderer (poppler's
/// `pdftoppm`, through TagCloudTesting's ``PDFRasterizer``), match the PNG of the same display list
/// by pixelmatch's measure.
@Suite struct PDFPictureTests {
    /// Every sample spec, drawn to PDF and to PNG at the sample's scale.
    @Test(arguments: try SampleGoldenTests.specs()) func samplePDFShowsItsPNG(_ spec: String) throws {
        let rendered = try SampleGoldenTests.render(spec)
        let png = try RGBAImage(pngData: rendered.data(as: .png))
        let pages = try PDFRasterizer.render(rendered.data(as: .pdf), scale: Double(png.width) / rendered.layout.width)
        try #require(pages.count == 1, "\(spec): \(pages.count) pages")
        let base = SampleGoldenTests.base(spec)
        if let mismatch = try pictureMismatch(expected: png, actual: pages[0], tolerance: .poppler, name: "\(base).pdf-poppler") {
            Issue.record(Comment(rawValue: "\(spec): the PDF drawn by pdftoppm differs from the PNG: \(mismatch)"))
        }
    }

    /// What no sample has: gradients, clips, translucent groups, dashed and inside strokes,
    /// transforms and colour emoji, on a transparent page.
    @Test(arguments: [1.0, 2.0]) func everyKindOfItemLooksTheSameInPDF(scale: Double) throws {
        let shape = { (text: String, family: String?) in
            try bundledTypesetter.shape(text, font: Font(family: family, size: 17))
        }
        let blue = RGBAColor(red8: 0, green8: 122, blue8: 255)
        let (label, emoji, sans) = (try shape("Flow 0123", nil), try shape("🌍🎉", "Noto Color Emoji"), try shape("Dé", "DejaVu Sans"))
        let list = DisplayList(size: CGSize(width: 240, height: 160)) {
            DisplayItem.fill(.capsule(CGRect(x: 8, y: 8, width: 110, height: 36)), with: .color(blue.opacity(0.2)))
            DisplayItem.text(label, at: CGPoint(x: 20, y: 16), with: .color(.black))
            DisplayItem.text(emoji, at: CGPoint(x: 130, y: 14), with: .color(.black))
            DisplayItem.stroke(.roundedRect(CGRect(x: 8, y: 56, width: 100, height: 44), cornerRadius: 10, style: .continuous),
                               with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [6, 3]), placement: .inside)
            DisplayItem.group(clip: Clip(.circle(CGRect(x: 130, y: 56, width: 90, height: 90))), opacity: 0.6) {
                DisplayItem.fill(.rect(CGRect(x: 120, y: 50, width: 60, height: 110)), with: .color(RGBAColor(red: 1, green: 0, blue: 0)))
                DisplayItem.fill(.rect(CGRect(x: 175, y: 50, width: 60, height: 110)), with: .linearGradient(
                    stops: GradientStop.evenlySpaced([blue, .white]), start: CGPoint(x: 175, y: 0), end: CGPoint(x: 235, y: 0)))
            }
            DisplayItem.group(transform: Transform(translationX: 20, y: 110)) {
                DisplayItem.fill(.roundedRect(CGRect(x: 0, y: 0, width: 80, height: 40), cornerRadius: 6, style: .circular),
                                 with: .color(.black.opacity(0.5)))
                DisplayItem.text(sans, at: CGPoint(x: 10, y: 10), with: .color(.white))
            }
        }
        let png = try list.rgbaImage(scale: scale, background: nil)
        let pages = try PDFRasterizer.render(list.pdfData(), scale: scale)
        try #require(pages.count == 1)
        if let mismatch = try pictureMismatch(expected: png, actual: pages[0], tolerance: .poppler, name: "primitives-\(Int(scale))x.pdf-poppler") {
            Issue.record(Comment(rawValue: "the PDF drawn by pdftoppm differs from the PNG: \(mismatch)"))
        }
    }

    /// A PDF's text is the tags' own characters, as a reader copies or searches it (poppler's
    /// `pdftotext`): the glyphs are drawn with the text they stand for. Drawn from glyphs alone,
    /// Cairo worked the text back from each font's character map: "一人口" came out as the Kangxi
    /// radicals "⼀⼈⼝", Arabic as presentation forms, Devanagari as U+FFFD.
    @Test func aPDFsTextIsTheTagsOwn() throws {
        let tags = ["一人口", "見る", "हिन्दी", "Zürich", "مرحبا", "שלום עולם", "office fi ffl"]
        let extracted = try Self.pdfText(tags)
        for tag in tags {
            #expect(extracted.contains(tag), "\(tag) is not in the PDF's text: \(extracted.debugDescription)")
        }
    }

    /// A tag holding a Unicode noncharacter (U+FFFE, U+FDD0, U+10FFFF) makes a PDF, its box read
    /// as U+FFFD: Cairo refuses noncharacters in a glyph run's text, the document failed, and the
    /// surface then wrote its last page into its freed output (a crash, which in a batch took
    /// every other spec's outputs down too).
    @Test func aNoncharacterInATagMakesAPDF() throws {
        func scalar(_ value: UInt32) throws -> String { String(try #require(Unicode.Scalar(value))) }
        // (A tag of noncharacters alone has no text, and is refused.)
        let extracted = try Self.pdfText(["a" + scalar(0xFFFE) + "b", "d" + (try scalar(0xFDD0)), "c" + scalar(0x10FFFF), "Swift"])
        for expected in ["a\u{FFFD}b", "d\u{FFFD}", "c\u{FFFD}", "Swift"] {
            #expect(extracted.contains(expected), "\(expected.debugDescription) is not in the PDF's text: \(extracted.debugDescription)")
        }
    }

    /// The text `pdftotext` (poppler-utils) reads from the PDF of a cloud of `tags`, without the
    /// embedding characters it marks right-to-left lines with.
    static func pdfText(_ tags: [String]) throws -> String {
        var cloud = Cloud()
        cloud.tags = tags.map { Cloud.Tag($0) }
        let pdf = try cloud.rendered(typesetter: try Typesetter.standard()).data(as: .pdf)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-pdftext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cloud.pdf")
        try pdf.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pdftotext", input.path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pdftotext (poppler-utils) failed")
        let text = String(decoding: output, as: UTF8.self).unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }
        return String(String.UnicodeScalarView(text))
    }
}
