import Canvas
import Foundation
@testable import TagCloud
import TagCloudTesting
import Testing
import Typesetting

/// Every spec in `samples/` is a golden test: what the code renders now must equal the committed
/// files beside it. The layout JSON and the SVG byte for byte; the PNG (2×, or the spec's scale) by
/// pixelmatch's measure with TagCloudTesting's golden tolerance. The committed SVG, drawn by librsvg, must
/// also show the committed PNG, so a gallery SVG that looks wrong fails even when it was recorded
/// that way.
///
/// `make samples` runs these checks; `make samples RECORD=name[,name…]` (or `RECORD=all`) records
/// the named samples through ``isRecordingSample(_:)``, then checks them. (Samples in a subfolder,
/// such as `world/languages`, have tests of their own that call ``matchGoldenFiles(of:in:typesetter:)``.)
@Suite struct SampleGoldenTests {
    static let samples = packageRoot.appendingPathComponent("samples")

    /// The sample specs, sorted. Listing the folder must succeed: an error fails every test that
    /// takes its arguments from here, instead of leaving them no case to run.
    static func specs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { name in
            !name.hasPrefix(".") && !name.hasSuffix(".layout.json")
                && SpecFormat(fileExtension: (name as NSString).pathExtension) != nil
        }.sorted()
    }

    /// The base name of a spec file (`tag-cloud.yaml` → `tag-cloud`).
    static func base(_ spec: String) -> String { (spec as NSString).deletingPathExtension }

    @Test func theGalleryHasEveryArticleExample() throws {
        let names = Set(try Self.specs().map(Self.base))
        let expected = ["tag-cloud", "suggestion-picker", "suggestion-picker-selected", "aligned-flow-leading",
                        "aligned-flow-center", "aligned-flow-trailing", "globulus-list", "collection-view-150",
                        "collection-view-250", "collection-view-350", "numbers-flow", "switching-flow",
                        "wrapping-hstack-top-leading", "wrapping-hstack-top", "wrapping-hstack-top-trailing",
                        "wrapping-hstack-leading", "wrapping-hstack-center", "wrapping-hstack-trailing",
                        "wrapping-hstack-bottom-leading", "wrapping-hstack-bottom", "wrapping-hstack-bottom-trailing",
                        "weights", "max-rows", "balanced", "justify-space-between", "justify-stretch", "rtl",
                        "emoji", "dark-theme"]
        #expect(names.isSuperset(of: expected), "samples/ has no spec for \(Set(expected).subtracting(names).sorted())")
    }

    /// Renders `spec` (a file in `folder`) as `tagcloud samples` does (the spec's scale, or 2×).
    static func render(_ spec: String, in folder: URL = samples, typesetter: Typesetter = bundledTypesetter) throws -> RenderedCloud {
        var cloud = try Cloud(contentsOf: folder.appendingPathComponent(spec))
        if cloud.scale == nil { cloud.scale = 2 }
        return try cloud.rendered(typesetter: typesetter)
    }

    @Test(arguments: try specs()) func sampleMatchesItsGoldenFiles(_ spec: String) throws {
        try Self.matchGoldenFiles(of: spec, in: Self.samples, typesetter: bundledTypesetter)
    }

    /// Renders `spec` (a file in `folder`) with `typesetter` and compares it with the
    /// `.layout.json`, `.svg` and `.png` beside it, or records them when ``isRecordingSample(_:)``
    /// names it (by its path under `samples/` without extension: `tag-cloud`, `world/languages`).
    static func matchGoldenFiles(of spec: String, in folder: URL, typesetter: Typesetter) throws {
        let base = Self.base(spec)
        let name = folder.standardizedFileURL == samples.standardizedFileURL ? base : "\(folder.lastPathComponent)/\(base)"
        let rendered = try render(spec, in: folder, typesetter: typesetter)
        let json = rendered.layout.jsonData()
        let png = try rendered.data(as: .png)
        let svg = try rendered.data(as: .svg)
        let files = (json: folder.appendingPathComponent("\(base).layout.json"),
                     png: folder.appendingPathComponent("\(base).png"),
                     svg: folder.appendingPathComponent("\(base).svg"))
        // The HTML fragment, for the specs whose fragment is committed (they went stale once:
        // nothing compared them).
        let htmlFile = folder.appendingPathComponent("\(base).html")
        let html = FileManager.default.fileExists(atPath: htmlFile.path) ? try rendered.data(as: .html) : nil
        if isRecordingSample(name) {
            try AtomicFile.write(json, to: files.json)
            try AtomicFile.write(png, to: files.png)
            try AtomicFile.write(svg, to: files.svg)
            if let html { try AtomicFile.write(html, to: htmlFile) }
            Issue.record("recorded samples/\(name).layout.json, .png and .svg; look at them, then check with make samples")
            return
        }

        if let difference = textMismatch(expected: try String(contentsOf: files.json, encoding: .utf8),
                                               actual: String(decoding: json, as: UTF8.self)) {
            Issue.record("samples/\(name).layout.json: \(difference)\n  If the change is intended: make samples RECORD=\(name)")
        }
        #expect(try CloudLayout(jsonData: Data(contentsOf: files.json)) == rendered.layout)
        if let html, let difference = textMismatch(expected: try String(contentsOf: htmlFile, encoding: .utf8),
                                                   actual: String(decoding: html, as: UTF8.self)) {
            Issue.record("samples/\(name).html: \(difference)\n  If the change is intended: make samples RECORD=\(name)")
        }

        if let difference = textMismatch(expected: try String(contentsOf: files.svg, encoding: .utf8),
                                               actual: String(decoding: svg, as: UTF8.self)) {
            Issue.record("samples/\(name).svg: \(difference)\n  If the change is intended: make samples RECORD=\(name)")
        }

        if let mismatch = try pictureMismatch(expected: RGBAImage(contentsOf: files.png), actual: RGBAImage(pngData: png),
                                              tolerance: .golden, name: name.replacingOccurrences(of: "/", with: "-")) {
            Issue.record(Comment(rawValue: "samples/\(name).png does not match: \(mismatch)\n  If the change is intended: make samples RECORD=\(name)"))
        }
        if let mismatch = try svgMismatch(of: base, in: folder, background: rendered.background) {
            Issue.record(Comment(rawValue: "samples/\(name).svg drawn by rsvg-convert differs from samples/\(name).png: \(mismatch)"))
        }
    }

    /// How the committed SVG `base.svg` in `folder`, drawn by librsvg at the PNG's scale, differs
    /// from the committed `base.png` beyond anti-aliased edges (``ImageTolerance/librsvg``), or
    /// `nil` when it shows the same picture. Web SVG leaves the background transparent unless the
    /// spec sets one, so it is drawn over `background`, the one the PNG is painted on.
    static func svgMismatch(of base: String, in folder: URL, background: RGBAColor?) throws -> String? {
        try #require(SVGRasterizer.isAvailable, "rsvg-convert is needed (Debian package librsvg2-bin, in make test's packages)")
        let png = try RGBAImage(contentsOf: folder.appendingPathComponent("\(base).png"))
        let layout = try CloudLayout(jsonData: Data(contentsOf: folder.appendingPathComponent("\(base).layout.json")))
        let svg = try Data(contentsOf: folder.appendingPathComponent("\(base).svg"))
        let drawn = try SVGRasterizer.render(svg, scale: Double(png.width) / layout.width, background: background)
        return try pictureMismatch(expected: png, actual: drawn, tolerance: .librsvg, name: "\(base).svg-rsvg")
    }

    /// Every spec has its three files, and every picture in `samples/` belongs to a spec (a renamed
    /// or deleted spec leaves no stale golden behind).
    @Test func everySampleHasItsPicturesAndNoPictureIsStale() throws {
        let specs = try Self.specs()
        #expect(!specs.isEmpty)
        let bases = Set(specs.map(Self.base))
        for base in bases {
            for ext in ["png", "svg", "layout.json"] {
                let path = Self.samples.appendingPathComponent("\(base).\(ext)").path
                #expect(FileManager.default.fileExists(atPath: path), "missing \(path): make samples RECORD=\(base)")
            }
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.samples.path) {
            for ext in [".layout.json", ".png", ".svg"] where file.hasSuffix(ext) {
                #expect(bases.contains(String(file.dropLast(ext.count))), "samples/\(file) belongs to no spec")
            }
        }
    }
}
