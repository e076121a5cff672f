import Canvas
import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// The PDF shows the picture the PNG shows: its pages, drawn by an independent renderer (poppler's
/// `pdftoppm`), match the PNG of the same display list by pixelmatch's measure.
@Suite struct PDFPictureTests {
    /// Every sample spec, drawn to PDF and to PNG at the sample's scale.
    @Test(arguments: try SampleGoldenTests.specs()) func samplePDFShowsItsPNG(_ spec: String) throws {
        let rendered = try SampleGoldenTests.render(spec)
        let png = try RGBAImage(pngData: rendered.data(as: .png))
        let pages = try Poppler.pages(of: rendered.data(as: .pdf), scale: Double(png.width) / rendered.layout.width)
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
        let pages = try Poppler.pages(of: list.pdfData(), scale: scale)
        try #require(pages.count == 1)
        if let mismatch = try pictureMismatch(expected: png, actual: pages[0], tolerance: .poppler, name: "primitives-\(Int(scale))x.pdf-poppler") {
            Issue.record(Comment(rawValue: "the PDF drawn by pdftoppm differs from the PNG: \(mismatch)"))
        }
    }
}

/// Rasterises PDF documents with poppler's `pdftoppm` (Debian package poppler-utils), a renderer
/// independent of Cairo.
enum Poppler {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Every page of a PDF document as pixels, at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - pdf: The document.
    ///   - scale: Pixels per PDF point (72 dpi × scale).
    /// - Returns: The pages in order.
    /// - Throws: ``Failure`` when `pdftoppm` is missing or fails.
    static func pages(of pdf: Data, scale: Double) throws -> [RGBAImage] {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let executable = paths.map({ "\($0)/pdftoppm" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure(description: "pdftoppm is not installed: install Debian's poppler-utils (make test does)")
        }
        let folder = try temporaryFolder("poppler")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("document.pdf")
        try pdf.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // -r: dots per inch; a PDF point is 1/72 inch. -aa/-aaVector: anti-aliased text and shapes.
        process.arguments = ["-r", String(72 * scale), "-aa", "yes", "-aaVector", "yes", "-png",
                             input.path, folder.appendingPathComponent("page").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "pdftoppm exited with \(process.terminationStatus): \(String(decoding: message, as: UTF8.self))")
        }
        // pdftoppm names pages page-1.png, page-2.png, … (zero-padded to the page count's width).
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("page-") && $0.hasSuffix(".png") }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        return try pages.map { try RGBAImage(contentsOf: folder.appendingPathComponent($0)) }
    }
}
