// Canvas benchmarks for `make bench`.
//
// The picture is the seed article's flow layout of numbers in capsules ("Creating custom layouts in
// SwiftUI": 0..<150, each `Text` padded by 16 pt in a 20 % blue capsule), 390 pt wide, drawn at 2×.
// Labels are shaped once beforehand, so the figures measure drawing and encoding only. This machine
// is shared, so each timing is printed twice: wall time (the target) and the CPU time of all the
// process's threads (`_cpu`), which other processes disturb less. PNGs are drawn and encoded in parts
// on every core, so their CPU time exceeds their wall time.

import Canvas
import Foundation
import Typesetting

/// Prints the canvas figures.
func runCanvasBenchmarks() throws {
    let fontsFolder = ProcessInfo.processInfo.environment["TAGCLOUD_FONTS"] ?? "Fonts"
    let typesetter = Typesetter(library: try FontLibrary(directory: fontsFolder))
    let labels = try (0..<200).map { try typesetter.shape("\($0)", font: Font(size: 17)) }
    let list = SamplePictures.numberedCapsules(labels: Array(labels.prefix(150)))
    print("# canvas: 150 capsules, \(Int(list.size.width)) × \(Int(list.size.height)) pt, drawn at 2× (\(Int(list.size.width * 2)) × \(Int(list.size.height * 2)) px)")

    let parts = PNGEncoder().parts(width: Int(list.size.width * 2), height: Int(list.size.height * 2)).count
    print("# PNG in \(parts) parts on \(ProcessInfo.processInfo.activeProcessorCount) cores")
    let png = Renderer.png(scale: 2, background: .white)
    try reportTimes("canvas.png_150_capsules_2x (target <= 15)") { blackHole(try png.render(list)) }
    let transparent = Renderer.png(scale: 2)
    try reportTimes("canvas.png_150_capsules_2x_transparent") { blackHole(try transparent.render(list)) }
    try reportTimes("canvas.draw_150_capsules_2x_without_encoding") { blackHole(try RenderedSurface(list, scale: 2, background: .white)) }
    let svg = Renderer.svg()
    try reportTimes("canvas.svg_150_capsules (target <= 5)") { blackHole(try svg.render(list)) }
    report("canvas.svg_150_capsules_size", Double(try svg.render(list).count) / 1024, "KiB", digits: 1)
    let pdf = Renderer.pdf()
    try reportTimes("canvas.pdf_150_capsules", runs: 9) { blackHole(try pdf.render(list)) }

    // The PNG encoders on the same pixels: the flow continued to exactly 780 × 2700 px.
    var tall = SamplePictures.numberedCapsules(labels: labels)
    tall.size.height = 1350
    let surface = try RenderedSurface(tall, scale: 2, background: .white)
    print("# encoders on \(surface.pixelWidth) × \(surface.pixelHeight) px, opaque (RGB)")
    let encoder = PNGEncoder()
    let ours = try reportTimes("canvas.png_encode_780x2700_ours") { blackHole(try surface.png(encoder: encoder)) }
    let oneThread = PNGEncoder(pixelsPerPart: .max)
    let scanline = try reportTimes("canvas.png_encode_780x2700_ours_one_thread") { blackHole(try surface.png(encoder: oneThread)) }
    // The compressors side by side, on one thread: ScanlineDeflate (the default) and libdeflate's
    // fastest level, which the encoder used before.
    let libdeflateEncoder = PNGEncoder(compression: .libdeflate(level: 1), pixelsPerPart: .max)
    let libdeflate = try reportTimes("canvas.png_encode_780x2700_libdeflate_level1_one_thread") {
        blackHole(try surface.png(encoder: libdeflateEncoder))
    }
    report("canvas.png_scanline_deflate_speedup_vs_libdeflate_level1_cpu", libdeflate.cpu / scanline.cpu, "x")
    report("canvas.png_size_780x2700_libdeflate_level1", Double(try surface.png(encoder: libdeflateEncoder).count) / 1024, "KiB", digits: 1)
    let cairo = try reportTimes("canvas.png_encode_780x2700_cairo_surface_write_to_png", runs: 5) { blackHole(try surface.cairoPNG()) }
    report("canvas.png_encoder_speedup_vs_cairo_wall (target >= 3)", cairo.wall / ours.wall, "x")
    report("canvas.png_encoder_speedup_vs_cairo_cpu (target >= 3)", cairo.cpu / ours.cpu, "x")
    report("canvas.png_size_780x2700_ours", Double(try surface.png(encoder: encoder).count) / 1024, "KiB", digits: 1)
    report("canvas.png_size_780x2700_cairo", Double(try surface.cairoPNG().count) / 1024, "KiB", digits: 1)

    // The compression and filter sweep the encoder's defaults were chosen from (TAGCLOUD_BENCH_SWEEP=1), on
    // one thread.
    guard ProcessInfo.processInfo.environment["TAGCLOUD_BENCH_SWEEP"] == "1" else { return }
    let transparentSurface = try RenderedSurface(tall, scale: 2, background: nil)
    for (name, target) in [("opaque", surface), ("transparent", transparentSurface)] {
        let compressions: [(String, PNGEncoder.Compression)] = [("scanline", .scanline)]
            + [1, 2, 3, 4, 6, 9].map { ("level\($0)", .libdeflate(level: $0)) }
        for (compressionName, compression) in compressions {
            for filter: PNGEncoder.FilterChoice in [.fixed(.none), .fixed(.sub), .fixed(.up), .fixed(.paeth), .adaptive] {
                let candidate = PNGEncoder(compression: compression, filter: filter, pixelsPerPart: .max)
                let time = try cpuMedianSeconds(runs: 5) { blackHole(try target.png(encoder: candidate)) }
                let size = try target.png(encoder: candidate).count
                let label = { switch filter { case .adaptive: "adaptive"; case .fixed(let f): "\(f)" } }()
                report("canvas.sweep.\(name).\(compressionName).\(label)_cpu", time * 1000, "ms")
                report("canvas.sweep.\(name).\(compressionName).\(label)_size", Double(size) / 1024, "KiB", digits: 1)
            }
        }
    }
}
