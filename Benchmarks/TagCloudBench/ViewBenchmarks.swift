// View benchmarks for `make bench`: the articles' views through ImageRenderer.
//
// Target (issue 5): the 0..<150 numbers example ("Creating custom layouts in SwiftUI") through
// ImageRenderer to PNG at 2x <= 25 ms in process (median), fonts loaded and the typesetter's cache
// warm, as when a program renders several pictures. The other figures split that time: resolving,
// laying out and drawing the view into a display list (the views stage), then Canvas's PNG
// encoding of the 780 x 2392-pixel picture. The CPU-time figure is the same work measured in the
// thread's CPU time, which other processes on a shared machine do not inflate.

import Foundation
import Gallery
import TagCloudUI

/// Prints the view figures.
func runViewBenchmarks() throws {
    try MainActor.assumeIsolated {
        guard let numbers = Gallery.examples.first(where: { $0.name == "numbers-flow" }) else {
            print("error: the gallery has no numbers-flow example")
            return
        }
        let renderer = numbers.renderer(scale: 2)
        let png = try medianSeconds(runs: 21, warmup: 3) { blackHole(try renderer.pngData()) }
        report("views.numbers150_png_2x_ms (target <= 25)", png * 1000, "ms")
        let pngCPU = try medianThreadCPUSeconds(runs: 21) { blackHole(try renderer.pngData()) }
        report("views.numbers150_png_2x_cpu_ms (target <= 25)", pngCPU * 1000, "ms")
        let list = try medianSeconds(runs: 21, warmup: 3) { blackHole(try renderer.displayList()) }
        report("views.numbers150_display_list_ms", list * 1000, "ms")
        let displayList = try renderer.displayList()
        let encode = try medianSeconds(runs: 21, warmup: 3) {
            blackHole(try Renderer.png(scale: 2, background: .white).render(displayList))
        }
        report("views.numbers150_png_encode_only_ms", encode * 1000, "ms")

        // Every gallery picture to a display list, for information.
        let examples = Gallery.examples
        let gallery = try medianSeconds(runs: 5, warmup: 1) {
            for example in examples { blackHole(try example.renderer(scale: 2).displayList()) }
        }
        report("views.gallery_\(examples.count)_display_lists_ms", gallery * 1000, "ms")
    }
}

/// Runs `body` once to warm up, then `runs` times, and returns the median CPU time the calling
/// thread spent, in seconds.
private func medianThreadCPUSeconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    try body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = now()
        try body()
        times.append(now() - start)
    }
    times.sort()
    return times[times.count / 2]
}
