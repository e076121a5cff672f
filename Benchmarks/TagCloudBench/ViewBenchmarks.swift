// View benchmarks for `make bench`: the articles' views through ImageRenderer.
//
// Target (issue 5): the Gallery's 0..<150 numbers view ("Creating custom layouts in SwiftUI", the
// SwiftUI code itself: a FlowLayout of padded Text on material capsules in a ScrollView) through
// ImageRenderer to PNG at 2× <= 25 ms in process (median), fonts loaded and the typesetter's cache
// warm, as when a program renders several pictures. It is the picture of samples/numbers-flow.yaml
// drawn from Swift code (the ScrollView centres the hugging flow, a sub-pixel shift); the spec's
// own figure through the command's function is `inprocess.render_numbers150_png_2x_ms`. The other
// figures split the time: resolving, laying out and drawing the view into a display list, then
// Canvas's PNG encoding of the 780 × 2392-pixel picture. The CPU-time figure is the same work in
// the thread's CPU time, which other processes on a shared machine do not inflate.

import Foundation
import Gallery
import TagCloudUI

/// Records the view figures.
func runViewBenchmarks() throws {
    try MainActor.assumeIsolated {
        guard let numbers = Gallery.examples.first(where: { $0.name == "numbers-flow" }) else {
            bench.fail("views", because: "the gallery has no numbers-flow example")
            return
        }
        let renderer = numbers.renderer(scale: 2)
        try bench.time("views.gallery_numbers_flow_view_png_2x_ms", target: .atMost(25), runs: 21, warmup: 3) {
            blackHole(try renderer.pngData())
        }
        let cpu = try bench.measureCPU(runs: 21, clock: CLOCK_THREAD_CPUTIME_ID) { blackHole(try renderer.pngData()) }
        bench.record("views.gallery_numbers_flow_view_png_2x_thread_cpu_ms", cpu.milliseconds, unit: "ms", target: .atMost(25))
        try bench.time("views.gallery_numbers_flow_view_display_list_ms", runs: 21, warmup: 3) { blackHole(try renderer.displayList()) }
        let displayList = try renderer.displayList()
        try bench.time("views.gallery_numbers_flow_view_png_encode_only_ms", runs: 21, warmup: 3) {
            blackHole(try Renderer.png(scale: 2, background: .white).render(displayList))
        }

        // Every gallery picture to a display list, for information.
        let examples = Gallery.examples
        try bench.time("views.gallery_\(examples.count)_display_lists_ms", runs: 7, warmup: 1) {
            for example in examples { blackHole(try example.renderer(scale: 2).displayList()) }
        }
    }
}

