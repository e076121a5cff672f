// View benchmarks for `make bench`: the articles' views through ImageRenderer.
//
// Target (issue 5): the 0..<150 numbers example ("Creating custom layouts in SwiftUI") through
// ImageRenderer to PNG at 2x <= 25 ms in process (median), fonts loaded and the typesetter's cache
// warm, as when a program renders several pictures. The figures split that time: resolving the
// view tree, laying it out and drawing it into a display list, then encoding the PNG.

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
