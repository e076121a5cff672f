// Site-build benchmarks for `make bench` (issue 15): what a static site's build pays per run, all
// through the release command as a site build runs it, with the peak resident memory of the command
// (GNU time's %M: see spawnMeasured) beside each time.
//
// Targets:
// - 1,000 specs of the 150-number example (samples/numbers-flow.yaml) to PNG at 2× in one batch
//   run (`render … --out-dir`): ≥ 250 clouds/s; the same 1,000 specs as 1,000 processes are timed
//   once beside it, and the ratio printed.
// - 100,000 tags to layout JSON: ≤ 0.5 s and ≤ 200 MiB; 1,000,000 tags: ≤ 5 s and ≤ 2 GiB (tags
//   weighted 1 to 100); 100,000 tags of one weight to SVG at a width of 24,000 pt, so that the
//   picture stays under the side limit: ≤ 1.5 s.
// - `collect` over 10,000 Markdown files with YAML front matter: ≤ 1 s.
//
// The inputs are generated into a temporary folder by this file (seeded, the same on every run).

import Foundation

/// Records the site-build figures.
func runSiteBenchmarks() throws {
    let executable = bench.tagcloud
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        bench.fail("site", because: "\(executable.path) is missing: build it with make bench")
        return
    }
    let folder = try benchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try batchFigures(executable, in: folder)
    try largeCloudFigures(executable, in: folder)
    try collectFigure(executable, in: folder)
}

/// Runs the command and fails the figure (throws) unless it exits 0; under GNU time for its peak
/// memory unless `measuringMemory` is false (the 1,000 separate processes, timed as they are).
@discardableResult
private func run(_ executable: URL, _ arguments: [String], measuringMemory: Bool = true) throws -> SpawnedRun {
    let result = measuringMemory ? try spawnMeasured(executable, arguments) : try spawnWaiting(executable, arguments)
    guard result.exitCode == 0 else {
        throw BenchmarkError.failed("tagcloud " + (arguments.first ?? ""), result.exitCode, String(result.errors.prefix(400)))
    }
    return result
}

private func batchFigures(_ executable: URL, in folder: URL) throws {
    guard FileManager.default.fileExists(atPath: BenchPicture.path) else {
        bench.fail("site.batch", because: "\(BenchPicture.path) is missing: run make bench from the package's folder")
        return
    }
    let specs = folder.appendingPathComponent("specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    let spec = try Data(contentsOf: URL(fileURLWithPath: BenchPicture.path))
    let count = 1000
    var paths: [String] = []
    for index in 0..<count {
        let path = specs.appendingPathComponent(String(format: "cloud-%04d.yaml", index))
        try spec.write(to: path)
        paths.append(path.path)
    }
    let out = folder.appendingPathComponent("out")
    var peak = 0.0
    let batch = try bench.measure(runs: 3, warmup: 1) {
        try? FileManager.default.removeItem(at: out)
        let result = try run(executable, ["render"] + paths + ["--out-dir", out.path, "--formats", "png", "--scale", "2", "--quiet"])
        peak = max(peak, result.maxResidentMiB)
    }
    let written = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.count
    guard written == count else {
        bench.fail("site.batch_1000_specs_png_2x", because: "the batch wrote \(written) PNGs, not \(count)")
        return
    }
    bench.record("site.batch_1000_specs_png_2x_clouds_per_s", batch.rate(items: Double(count)), unit: "clouds/s", target: .atLeast(250))
    bench.record("site.batch_1000_specs_png_2x_peak_mib", value: peak, unit: "MiB")

    let separate = try bench.measure(runs: 1, warmup: 0) {
        for (index, path) in paths.enumerated() {
            try run(executable, ["render", path, "-o", out.appendingPathComponent("single-\(index).png").path, "--scale", "2"],
                    measuringMemory: false)
        }
    }
    bench.record("site.separate_1000_processes_png_2x_clouds_per_s", separate.rate(items: Double(count)), unit: "clouds/s")
    bench.record("site.batch_over_separate_processes_speedup", value: separate.median / batch.median, unit: "×")
}

private func largeCloudFigures(_ executable: URL, in folder: URL) throws {
    // Three runs of each, so that each figure is a median: one 1M run varied from 5.3 to 7.5 s on
    // one machine (writing 110 MB into fresh page cache costs from 0.02 to 0.8 s under a hypervisor).
    for (label, count, runs, timeTarget, memoryTarget) in [("100k", 100_000, 3, 500.0, 200.0), ("1M", 1_000_000, 3, 5000.0, 2048.0)] {
        let spec = folder.appendingPathComponent("tags-\(label).json")
        try writeTags(count: count, width: 1200, to: spec)
        let out = folder.appendingPathComponent("tags-\(label).layout.json")
        var peak = 0.0
        try bench.time("site.tags_\(label)_layout_json_ms", target: .atMost(timeTarget), runs: runs, warmup: 0) {
            peak = max(peak, try run(executable, ["render", spec.path, "-o", out.path]).maxResidentMiB)
        }
        bench.record("site.tags_\(label)_layout_json_peak_mib", value: peak, unit: "MiB", target: .atMost(memoryTarget))
        try? FileManager.default.removeItem(at: spec)
        try? FileManager.default.removeItem(at: out)
    }
    // Tags of one weight, so that 100,000 chips fit a picture under the side limit at 24,000 pt.
    let spec = folder.appendingPathComponent("tags-100k-wide.json")
    try writeTags(count: 100_000, width: 24_000, weighted: false, to: spec)
    let svg = folder.appendingPathComponent("tags-100k.svg")
    var peak = 0.0
    try bench.time("site.tags_100k_svg_ms", target: .atMost(1500), runs: 3, warmup: 0) {
        peak = max(peak, try run(executable, ["render", spec.path, "-o", svg.path]).maxResidentMiB)
    }
    bench.record("site.tags_100k_svg_peak_mib", value: peak, unit: "MiB")
}

/// Writes ``largeTagsJSON(count:width:weighted:)`` to `url`.
private func writeTags(count: Int, width: Int, weighted: Bool = true, to url: URL) throws {
    try Data(largeTagsJSON(count: count, width: width, weighted: weighted).utf8).write(to: url)
}

private func collectFigure(_ executable: URL, in folder: URL) throws {
    let content = folder.appendingPathComponent("content")
    let tags = ["swift", "linux", "cairo", "harfbuzz", "layout", "web", "hugo", "jekyll", "eleventy", "fonts", "emoji", "bidi"]
    for index in 0..<10_000 {
        let section = content.appendingPathComponent("section-\(index % 20)")
        if index < 20 { try FileManager.default.createDirectory(at: section, withIntermediateDirectories: true) }
        let postTags = (0..<(1 + index % 4)).map { tags[(index + $0 * 5) % tags.count] }
        let text = "---\ntitle: Post \(index)\ntags: [\(postTags.joined(separator: ", "))]\ncategories: [notes]\n---\n\nBody of post \(index).\n"
        try Data(text.utf8).write(to: section.appendingPathComponent("post-\(index).md"))
    }
    let out = folder.appendingPathComponent("tags.yaml")
    var peak = 0.0
    try bench.time("site.collect_10k_markdown_files_ms", target: .atMost(1000), runs: 5, warmup: 1) {
        peak = max(peak, try run(executable, ["collect", content.path, "--href", "/tags/{slug}/", "-o", out.path]).maxResidentMiB)
    }
    bench.record("site.collect_10k_markdown_files_peak_mib", value: peak, unit: "MiB")
}
