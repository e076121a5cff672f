// Untrusted-input benchmarks for `make bench` (issue 13): how fast, and in how little memory,
// `tagcloud diff` refuses PNG bombs: a 65-byte header claiming 65535 × 65535 pixels, and a real
// 20,000 × 20,000 picture (1.2 GB decoded, 1.2 MB compressed) made by
// Tests/FaultMatrix/make-png-bombs.py. Target: each refused in under 50 ms (median wall time of
// the process under GNU time, start to exit) and under 50 MB (peak resident memory, GNU time's %M,
// see spawnMeasured; the largest of the runs). The release executable is used, as for the command
// figures.

import Canvas
import Foundation

/// Records the untrusted-input figures.
func runUntrustedInputBenchmarks() throws {
    let executable = bench.tagcloud
    let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Tests/FaultMatrix/make-png-bombs.py")
    let names = [("header_65535x65535", "claims.png"), ("real_20000x20000", "bomb.png")]
    guard FileManager.default.isExecutableFile(atPath: executable.path),
          FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
        for (name, _) in names {
            bench.fail("untrusted.diff_png_bomb_\(name)_refused_ms", because: "the release tagcloud or /usr/bin/python3 is missing")
        }
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-bench-bombs-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let maker = Process()
    maker.executableURL = script
    maker.arguments = [folder.path]
    try maker.run()
    maker.waitUntilExit()
    let small = folder.appendingPathComponent("small.png")
    try RGBAImage(width: 4, height: 4).pngData().write(to: small)

    for (name, file) in names {
        var peak = 0.0
        let timing = try bench.measure(runs: 21, warmup: 2) {
            let run = try spawnMeasured(executable, ["diff", folder.appendingPathComponent(file).path, small.path])
            // Exit 2, "cannot compare": refused, not decoded.
            guard run.exitCode == 2, run.errors.contains("claims to be") else {
                throw BenchmarkError.failed("tagcloud diff \(file)", run.exitCode, run.errors)
            }
            peak = max(peak, run.maxResidentMiB)
        }
        bench.record("untrusted.diff_png_bomb_\(name)_refused_ms", timing.milliseconds, unit: "ms", target: .atMost(50))
        bench.record("untrusted.diff_png_bomb_\(name)_peak_rss_mib", value: peak, unit: "MiB", target: .atMost(50))
    }
}
