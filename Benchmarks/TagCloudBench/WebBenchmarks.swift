// Web output benchmarks for `make bench` (issue 12): the bytes of the 150-tag weighted cloud
// (weights 1–50, so 50 font sizes) as SVG and as HTML, with the fonts embedded as subsets and
// referenced by URL, and the time to write each from the rendered cloud.
//
// Target: the SVG at most a third of the 561 KB Cairo's SVG surface wrote (a glyph set per size).

import Foundation
import TagCloud

/// Prints the web output figures.
func runWebBenchmarks() throws {
    var cloud = try Cloud(yaml: WebSamples.weighted150)
    let rendered = try cloud.rendered()
    cloud.fontURL = "/fonts/"
    let referencing = try cloud.rendered()
    print("# web: the 150-tag weighted cloud (weights 1–50), \(Int(rendered.layout.width)) × \(Int(rendered.layout.height)) pt")
    let outputs: [(name: String, write: () throws -> Data)] = [
        ("svg", { try rendered.data(as: .svg) }),
        ("html_embedded_fonts", { try rendered.data(as: .html) }),
        ("html_font_url", { try referencing.data(as: .html) }),
    ]
    for output in outputs {
        let bytes = try output.write().count
        let seconds = try medianSeconds { blackHole(try output.write()) }
        let target = output.name == "svg" ? " (target <= 187)" : ""
        report("web.\(output.name)_weighted150_size\(target)", Double(bytes) / 1000, "KB", digits: 1)
        report("web.\(output.name)_weighted150_write", seconds * 1000, "ms")
    }
}
