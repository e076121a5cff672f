import Canvas
import Foundation
@testable import TagCloud
import TagCloudTesting
import Testing
import Typesetting

/// Every spec in `samples/` is a golden test: its layout JSON must equal the committed
/// `<name>.layout.json` byte for byte, and its PNG (2×, or the spec's scale) must match the
/// committed `<name>.png` within TagCloudTesting's golden tolerance.
///
/// The committed files are what `tagcloud samples` (`make samples`) writes; with
/// `TAGCLOUD_RECORD=1` this test writes them instead and fails, so a recording run is never taken
/// for a pass.
@Suite struct SampleGoldenTests {
    static let samples = packageRoot.appendingPathComponent("samples")

    static var specs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { name in
            !name.hasSuffix(".layout.json") && SpecFormat(fileExtension: (name as NSString).pathExtension) != nil
        }.sorted()
    }

    @Test func theGalleryHasEveryArticleExample() throws {
        let names = Set(Self.specs.map { ($0 as NSString).deletingPathExtension })
        let expected = ["tag-cloud", "suggestion-picker", "suggestion-picker-selected", "aligned-flow-leading",
                        "aligned-flow-center", "aligned-flow-trailing", "globulus-list", "collection-view-150",
                        "collection-view-250", "collection-view-350", "numbers-flow", "switching-flow",
                        "wrapping-hstack-top-leading", "wrapping-hstack-top", "wrapping-hstack-top-trailing",
                        "wrapping-hstack-leading", "wrapping-hstack-center", "wrapping-hstack-trailing",
                        "wrapping-hstack-bottom-leading", "wrapping-hstack-bottom", "wrapping-hstack-bottom-trailing",
                        "weights", "max-rows", "balanced", "justify-space-between", "justify-stretch", "rtl",
                        "emoji", "dark-theme"]
        for name in expected {
            #expect(names.contains(name), "samples/ has no spec for \(name)")
        }
    }

    @Test(arguments: specs) func sampleMatchesItsGoldenFiles(_ spec: String) throws {
        try Self.matchGoldenFiles(of: spec, in: Self.samples, typesetter: bundledTypesetter)
    }

    /// Renders `spec` (a file in `folder`) as `tagcloud samples` does, with `typesetter`, and
    /// compares it with the `.layout.json` and `.png` beside it (or records them, see the type).
    static func matchGoldenFiles(of spec: String, in folder: URL, typesetter: Typesetter) throws {
        let base = (spec as NSString).deletingPathExtension
        var cloud = try Cloud(contentsOf: folder.appendingPathComponent(spec))
        // `tagcloud samples` renders at 2× unless the spec gives a scale.
        if cloud.scale == nil { cloud.scale = 2 }
        let rendered = try cloud.rendered(typesetter: typesetter)

        let jsonURL = folder.appendingPathComponent("\(base).layout.json")
        let pngURL = folder.appendingPathComponent("\(base).png")
        let png = try rendered.data(as: .png)
        if try SnapshotRecordMode.fromEnvironment() != .never {
            try AtomicFile.write(rendered.layout.jsonData(), to: jsonURL)
            try AtomicFile.write(png, to: pngURL)
            try AtomicFile.write(try rendered.data(as: .svg),
                                 to: folder.appendingPathComponent("\(base).svg"))
            Issue.record("recorded \(folder.lastPathComponent)/\(base).layout.json, .png and .svg; look at them, then run again without TAGCLOUD_RECORD")
            return
        }

        let golden = try String(contentsOf: jsonURL, encoding: .utf8)
        let actual = String(decoding: rendered.layout.jsonData(), as: UTF8.self)
        if let difference = Diffing<String>.lines.diff(golden, actual) {
            Issue.record("\(folder.lastPathComponent)/\(base).layout.json: \(difference.message)")
        }
        #expect(try CloudLayout(jsonData: Data(contentsOf: jsonURL)) == rendered.layout)

        let reference = try RGBAImage(contentsOf: pngURL)
        let image = try RGBAImage(pngData: png)
        if let difference = Diffing<RGBAImage>.image().diff(reference, image) {
            let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-sample-artifacts")
            try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            let actualURL = artifacts.appendingPathComponent("\(base).actual.png")
            try AtomicFile.write(png, to: actualURL)
            var message = "\(folder.lastPathComponent)/\(base).png does not match: \(difference.message)\n  actual: \(actualURL.path)"
            for artifact in difference.artifacts {
                let diffURL = artifacts.appendingPathComponent("\(base).\(artifact.name).\(artifact.pathExtension)")
                try AtomicFile.write(artifact.data, to: diffURL)
                message += "\n  diff:   \(diffURL.path)"
            }
            Issue.record(Comment(rawValue: message + "\n  If the change is intended, run `make samples`."))
        }
    }

    @Test func everySampleHasItsPictures() throws {
        for spec in Self.specs {
            let base = (spec as NSString).deletingPathExtension
            for ext in ["png", "svg", "layout.json"] {
                let path = Self.samples.appendingPathComponent("\(base).\(ext)").path
                #expect(FileManager.default.fileExists(atPath: path), "missing \(path): run make samples")
            }
        }
    }
}
