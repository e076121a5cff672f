import Canvas
import Foundation
import Gallery
import TagCloudTesting
import TagCloudUI
import Testing

/// The articles' Swift examples in `samples/gallery/`, which `tagcloud samples` renders through
/// `ImageRenderer` at 2×: each committed PNG matches what the example draws now (pixelmatch, the
/// golden tolerance), each committed SVG equals the example's SVG byte for byte, and librsvg
/// draws that SVG as the PNG shows it.
///
/// `make samples RECORD=gallery/NAME` records one example's files; see ``isRecordingSample(_:)``.
@Suite struct GallerySampleTests {
    static let folder = SampleGoldenTests.samples.appendingPathComponent("gallery")

    @Test(arguments: Gallery.examples.map(\.name)) @MainActor func exampleMatchesItsGalleryFiles(_ name: String) throws {
        let example = try #require(Gallery.examples.first { $0.name == name })
        let renderer = example.renderer(scale: 2)
        renderer.typesetter = bundledTypesetter
        let png = try renderer.pngData()
        let svg = try renderer.svgData()
        let pngURL = Self.folder.appendingPathComponent("\(name).png")
        let svgURL = Self.folder.appendingPathComponent("\(name).svg")
        if isRecordingSample("gallery/\(name)") {
            try AtomicFile.write(png, to: pngURL)
            try AtomicFile.write(svg, to: svgURL)
            Issue.record("recorded samples/gallery/\(name).png and .svg; look at them, then check with make samples")
            return
        }
        if let mismatch = try pictureMismatch(expected: RGBAImage(contentsOf: pngURL), actual: RGBAImage(pngData: png),
                                              tolerance: .golden, name: "gallery-\(name)") {
            Issue.record(Comment(rawValue: "samples/gallery/\(name).png does not match: \(mismatch)\n"
                                 + "  If the change is intended: make samples RECORD=gallery/\(name)"))
        }
        if let difference = textMismatch(expected: try String(contentsOf: svgURL, encoding: .utf8),
                                               actual: String(decoding: svg, as: UTF8.self)) {
            Issue.record("samples/gallery/\(name).svg: \(difference)\n  If the change is intended: make samples RECORD=gallery/\(name)")
        }
    }

    /// librsvg draws each committed gallery SVG as the committed PNG beside it shows it.
    @Test(arguments: Gallery.examples.map(\.name)) func committedSVGShowsTheCommittedPNG(_ name: String) throws {
        try #require(SVGRasterizer.isAvailable, "rsvg-convert is needed (Debian package librsvg2-bin, in make test's packages)")
        let png = try RGBAImage(contentsOf: Self.folder.appendingPathComponent("\(name).png"))
        let svg = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).svg"))
        let drawn = try SVGRasterizer.render(svg, scale: 2)
        if let mismatch = try pictureMismatch(expected: png, actual: drawn, tolerance: .librsvg, name: "gallery-\(name).svg-rsvg") {
            Issue.record(Comment(rawValue: "samples/gallery/\(name).svg drawn by rsvg-convert differs from its PNG: \(mismatch)"))
        }
    }

    /// Every example has its two files, and every file belongs to an example or an animation
    /// (checked by AnimationFileTests).
    @Test func everyExampleHasItsPicturesAndNoPictureIsStale() throws {
        let names = Set(Gallery.examples.map(\.name))
        #expect(names.count == Gallery.examples.count && !names.isEmpty)
        let animations = Set(Gallery.animations.map(\.name))
        #expect(animations.isDisjoint(with: names))
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path))
        for name in names {
            for ext in ["png", "svg"] {
                #expect(files.contains("\(name).\(ext)"), "missing samples/gallery/\(name).\(ext): make samples RECORD=gallery/\(name)")
            }
        }
        for file in files where !animations.contains((file as NSString).deletingPathExtension) {
            #expect(names.contains((file as NSString).deletingPathExtension) && ["png", "svg"].contains((file as NSString).pathExtension),
                    "samples/gallery/\(file) belongs to no Gallery example")
        }
    }
}
