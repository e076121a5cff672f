// Phase benchmarks for `make bench`: where the time of a large cloud goes, in process, each phase
// on its own (the site figures time the whole command). 100,000 tags weighted 1 to 100 at a width
// of 1,200 pt, as the site group's layout JSON figure: the spec parsed from its bytes, resolved,
// laid out (the pass that draws nothing, with a typesetter whose caches are empty, over the
// already loaded fonts), its layout written as JSON, and the same cloud drawn into a display list
// and written as SVG. Figures only, no targets: the targets are the whole command's.

import Foundation
import TagCloud
import Typesetting

/// Records the phase figures.
func runPhaseBenchmarks() throws {
    let bytes = Array(largeTagsJSON(count: 100_000, width: 1200).utf8)
    var cloud = Cloud()
    try bench.time("phases.100k.parse_json_ms", runs: 5, warmup: 1) {
        cloud = try Cloud(parsing: bytes, format: .json, source: "bench")
    }
    bench.time("phases.100k.resolve_ms", runs: 5, warmup: 1) { blackHole(cloud.resolved()) }
    let library = try Typesetter.standard().library
    var layout: CloudLayout?
    try bench.time("phases.100k.layout_cold_caches_ms", runs: 5, warmup: 1) {
        layout = try cloud.layout(typesetter: Typesetter(library: library))
    }
    try bench.time("phases.100k.layout_no_caches_ms", runs: 5, warmup: 1) {
        blackHole(try cloud.layout(typesetter: Typesetter(library: library, cacheCapacity: 0)))
    }
    let warm = Typesetter(library: library, cacheCapacity: 1 << 30)
    _ = try cloud.layout(typesetter: warm)
    try bench.time("phases.100k.layout_warm_caches_ms", runs: 5, warmup: 1) {
        blackHole(try cloud.layout(typesetter: warm))
    }
    guard let layout else { return }
    bench.time("phases.100k.layout_json_ms", runs: 5, warmup: 1) { blackHole(layout.jsonData()) }
    // Tags of one weight on a wide flow, so that the picture stays under the side limit (the
    // site group's SVG figure).
    let wide = try Cloud(parsing: Array(largeTagsJSON(count: 100_000, width: 24_000, weighted: false).utf8), format: .json,
                         source: "bench")
    var rendered: RenderedCloud?
    try bench.time("phases.100k_wide.rendered_cold_caches_ms", runs: 5, warmup: 1) {
        rendered = try wide.rendered(typesetter: Typesetter(library: library))
    }
    guard let rendered else { return }
    try bench.time("phases.100k_wide.svg_ms", runs: 5, warmup: 1) { blackHole(try rendered.data(as: .svg)) }
}

/// A JSON spec of `count` tags with distinct texts and, when `weighted`, weights from 1 to 100:
/// the site benchmarks' large clouds.
func largeTagsJSON(count: Int, width: Int, weighted: Bool = true) -> String {
    let words = ["swift", "layout", "cairo", "harfbuzz", "text", "flow", "chip", "cloud", "render", "linux", "font", "emoji"]
    var json = "{\"width\": \(width), \"tags\": ["
    json.reserveCapacity(count * 40)
    for index in 0..<count {
        if index > 0 { json += "," }
        json += "{\"text\":\"\(words[index % words.count])\(index)\""
        json += weighted ? ",\"weight\":\(1 + (index * 7919) % 100)}" : "}"
    }
    json += "]}\n"
    return json
}
