// Web output benchmarks for `make bench` (issue 12): the bytes of the 150-tag weighted cloud
// (weights 1–50, so 50 font sizes) as SVG and as HTML, with the fonts embedded as subsets and
// referenced by URL, and the time to write each from the rendered cloud.
//
// Target: the SVG at most a third of the 561 KB Cairo's SVG surface wrote (a glyph set per size).

import Foundation
import TagCloud

/// Prints the web output figures.
func runWebBenchmarks() throws {
    try MainActor.assumeIsolated {
        let document = try SpecDocument.parse(Array(WebSamples.weighted150.utf8), format: .yaml, source: .option("weighted150"))
        let cloud = resolve(document.spec)
        let rendered = try CloudRenderer.render(cloud)
        print("# web: the 150-tag weighted cloud (weights 1–50), \(Int(rendered.layout.width)) × \(Int(rendered.layout.height)) pt")
        let outputs: [(name: String, write: () throws -> Data)] = [
            ("svg", { try rendered.webSVGData() }),
            ("html_embedded_fonts", { try CloudHTML.html(cloud, rendered: rendered) }),
            ("html_font_url", { try CloudHTML.html(cloud, rendered: rendered, options: HTMLOptions(fontURL: "/fonts/")) }),
        ]
        for output in outputs {
            let bytes = try output.write().count
            let seconds = try medianSeconds { blackHole(try output.write()) }
            let target = output.name == "svg" ? " (target <= 187)" : ""
            report("web.\(output.name)_weighted150_size\(target)", Double(bytes) / 1000, "KB", digits: 1)
            report("web.\(output.name)_weighted150_write", seconds * 1000, "ms")
        }
    }
}
