// Animation benchmarks for `make bench` (issue 16): the gallery's switching animation ("Creating
// custom layouts in SwiftUI": ten numbers from an HStack to a VStack, a ZStack, the article's flow
// layout and back, 4 transitions at 60 frames per second). Figures: the frames (settling the five
// states and drawing every frame into a display list), the APNG (drawing and encoding every frame,
// at 1x and 2x) and the animated SVG, each the median wall time, and the files' sizes.

import Foundation
import Gallery
import TagCloudUI

/// Prints the animation figures.
func runAnimationBenchmarks() throws {
    try MainActor.assumeIsolated {
        guard let switching = Gallery.animations.first(where: { $0.name == "switching-layouts" }) else {
            print("error: the gallery has no switching-layouts animation")
            return
        }
        let frames = try switching.frames()
        report("animation.switching_4x60fps_frame_count", Double(frames.frames.count), "frames", digits: 0)
        let framesTime = try medianSeconds(runs: 5, warmup: 1) { blackHole(try switching.frames()) }
        report("animation.switching_4x60fps_frames_ms", framesTime * 1000, "ms")
        for scale in [1.0, 2.0] {
            let apng = try frames.apngData(scale: scale, background: .white)
            let time = try medianSeconds(runs: 3, warmup: 1) { blackHole(try frames.apngData(scale: scale, background: .white)) }
            report("animation.switching_apng_\(Int(scale))x_encode_ms", time * 1000, "ms")
            report("animation.switching_apng_\(Int(scale))x_bytes", Double(apng.count), "bytes", digits: 0)
        }
        let svg = try frames.svgData(background: .white)
        let svgTime = try medianSeconds(runs: 5, warmup: 1) { blackHole(try frames.svgData(background: .white)) }
        report("animation.switching_svg_encode_ms", svgTime * 1000, "ms")
        report("animation.switching_svg_bytes", Double(svg.count), "bytes", digits: 0)
        let endToEnd = try medianSeconds(runs: 3, warmup: 1) { blackHole(try switching.data(.png, scale: 1)) }
        report("animation.switching_apng_1x_total_ms", endToEnd * 1000, "ms")
        let svgEndToEnd = try medianSeconds(runs: 3, warmup: 1) { blackHole(try switching.data(.svg)) }
        report("animation.switching_svg_total_ms", svgEndToEnd * 1000, "ms")
    }
}
