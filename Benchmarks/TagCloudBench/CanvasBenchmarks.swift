// Canvas benchmarks for `make bench`.
//
// The picture is the one every command figure draws: samples/numbers-flow.yaml at 2× (the seed
// article's 0..<150 numbers on regular-material capsules, 390 pt wide, 780 × 2392 px), laid out
// once beforehand, so the figures measure drawing and encoding only. This machine is shared, so each
// timing is recorded twice: wall time (the target) and the CPU time of all the process's threads
// (`_cpu`), which other processes disturb less. PNGs are drawn and encoded in parts on every core,
// so their CPU time exceeds their wall time.

import Canvas
import Foundation
import TagCloud
import Typesetting

/// Records the canvas figures.
func runCanvasBenchmarks() throws {
    let rendered = try BenchPicture.rendered()
    let list = rendered.displayList
    let (width, height) = rendered.pixelSize(scale: 2)
    bench.note("canvas: \(BenchPicture.spec), \(Int(list.size.width)) × \(Int(list.size.height)) pt, drawn at 2× (\(width) × \(height) px)")

    let parts = PNGEncoder().parts(width: width, height: height).count
    bench.note("PNG in \(parts) parts on \(ProcessInfo.processInfo.activeProcessorCount) cores")
    let png = Renderer.png(scale: 2, background: .white)
    try bench.timeWallAndCPU("canvas.png_numbers150_2x", target: .atMost(15)) { blackHole(try png.render(list)) }
    let transparent = Renderer.png(scale: 2)
    try bench.timeWallAndCPU("canvas.png_numbers150_2x_transparent") { blackHole(try transparent.render(list)) }
    try bench.timeWallAndCPU("canvas.draw_numbers150_2x_without_encoding") { blackHole(try RenderedSurface(list, scale: 2, background: .white)) }
    let svg = Renderer.svg()
    try bench.timeWallAndCPU("canvas.svg_numbers150", target: .atMost(5)) { blackHole(try svg.render(list)) }
    bench.record("canvas.svg_numbers150_size", value: Double(try svg.render(list).count) / 1024, unit: "KiB")
    let pdf = Renderer.pdf()
    try bench.timeWallAndCPU("canvas.pdf_numbers150", runs: 9) { blackHole(try pdf.render(list)) }

    // The PNG encoders on the same pixels: a flow of 200 numbered capsules, exactly 780 × 2700 px.
    let typesetter = Typesetter(library: try FontLibrary(directory: try FontLocator.fontsDirectory().path))
    let labels = try (0..<200).map { try typesetter.shape("\($0)", font: Font(size: 17)) }
    var tall = SamplePictures.numberedCapsules(labels: labels)
    tall.size.height = 1350
    let surface = try RenderedSurface(tall, scale: 2, background: .white)
    bench.note("encoders on \(surface.pixelWidth) × \(surface.pixelHeight) px, opaque (RGB)")
    let encoder = PNGEncoder()
    let ours = try bench.timeWallAndCPU("canvas.png_encode_780x2700_ours") { blackHole(try surface.png(encoder: encoder)) }
    let oneThread = PNGEncoder(pixelsPerPart: .max)
    let scanline = try bench.timeWallAndCPU("canvas.png_encode_780x2700_ours_one_thread") { blackHole(try surface.png(encoder: oneThread)) }
    // The compressors side by side, on one thread: ScanlineDeflate (the default) and libdeflate's
    // fastest level, which the encoder used before.
    let libdeflateEncoder = PNGEncoder(compression: .libdeflate(level: 1), pixelsPerPart: .max)
    let libdeflate = try bench.timeWallAndCPU("canvas.png_encode_780x2700_libdeflate_level1_one_thread") {
        blackHole(try surface.png(encoder: libdeflateEncoder))
    }
    bench.record("canvas.png_scanline_deflate_speedup_vs_libdeflate_level1_cpu",
                 Spread.ratio(libdeflate.cpu.milliseconds, over: scanline.cpu.milliseconds), unit: "x")
    bench.record("canvas.png_size_780x2700_libdeflate_level1", value: Double(try surface.png(encoder: libdeflateEncoder).count) / 1024, unit: "KiB")
    let cairo = try bench.timeWallAndCPU("canvas.png_encode_780x2700_cairo_surface_write_to_png", runs: 7) { blackHole(try surface.cairoPNG()) }
    bench.record("canvas.png_encoder_speedup_vs_cairo_wall", Spread.ratio(cairo.wall.milliseconds, over: ours.wall.milliseconds),
                 unit: "x", target: .atLeast(3))
    bench.record("canvas.png_encoder_speedup_vs_cairo_cpu", Spread.ratio(cairo.cpu.milliseconds, over: ours.cpu.milliseconds),
                 unit: "x", target: .atLeast(3))
    bench.record("canvas.png_size_780x2700_ours", value: Double(try surface.png(encoder: encoder).count) / 1024, unit: "KiB")
    bench.record("canvas.png_size_780x2700_cairo", value: Double(try surface.cairoPNG().count) / 1024, unit: "KiB")

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
                let label = { switch filter { case .adaptive: "adaptive"; case .fixed(let f): "\(f)" } }()
                let time = try bench.measureCPU(runs: 5) { blackHole(try target.png(encoder: candidate)) }
                bench.record("canvas.sweep.\(name).\(compressionName).\(label)_cpu", time.milliseconds, unit: "ms")
                bench.record("canvas.sweep.\(name).\(compressionName).\(label)_size",
                             value: Double(try target.png(encoder: candidate).count) / 1024, unit: "KiB")
            }
        }
    }
}
