// Command benchmarks for `make bench`: the whole `tagcloud` command, as a user runs it.
//
// Target (issue 6): process start to PNG on disk for the 0..<150 numbers example at 2×
// (samples/numbers-flow.yaml, 780 × 2392 px), median <= 30 ms over many runs: the release
// executable spawned with Foundation's Process, timed from just before `run()` to the exit,
// the PNG checked on disk after each run. When `chromium` is on PATH, a headless Chromium
// screenshot of the same 150 chips as HTML/CSS flex-wrap (Inter from Fonts/ by @font-face,
// the same padding, capsule and colour) is timed in the same run, and the ratio printed.

import Foundation

/// Prints the command figures.
func runCommandBenchmarks() throws {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let spec = root.appendingPathComponent("samples/numbers-flow.yaml")
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tagcloud")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        print("error: \(executable.path) is missing: build it with swift build -c release")
        return
    }
    guard FileManager.default.fileExists(atPath: spec.path) else {
        print("error: \(spec.path) is missing: run make bench from the package's folder")
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("numbers.png")

    let command = try medianSeconds(runs: 41, warmup: 3) {
        try? FileManager.default.removeItem(at: png)
        try spawn(executable, ["render", spec.path, "-o", png.path, "--scale", "2"])
        guard FileManager.default.fileExists(atPath: png.path) else { throw BenchmarkError.noOutput(png.path) }
    }
    report("command.render_numbers150_png_2x_process_ms (target <= 30)", command * 1000, "ms")

    let json = folder.appendingPathComponent("numbers.json")
    let layoutOnly = try medianSeconds(runs: 21, warmup: 2) {
        try spawn(executable, ["render", spec.path, "-o", json.path])
    }
    report("command.render_numbers150_layout_json_process_ms", layoutOnly * 1000, "ms")
    let startUp = try medianSeconds(runs: 21, warmup: 2) { try spawn(executable, ["--help"], quiet: true) }
    report("command.process_start_help_ms", startUp * 1000, "ms")

    guard let chromium = findOnPath("chromium") ?? findOnPath("chromium-browser") else {
        print("# chromium is not on PATH: the browser comparison is skipped")
        return
    }
    let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
    let height = Int(((layout?["height"] as? NSNumber)?.doubleValue ?? 1196).rounded(.up))
    let page = folder.appendingPathComponent("numbers.html")
    try Data(numbersPage(fonts: root.appendingPathComponent("Fonts")).utf8).write(to: page)
    let shot = folder.appendingPathComponent("chromium.png")
    let browser = try medianSeconds(runs: 5, warmup: 1) {
        try? FileManager.default.removeItem(at: shot)
        try spawn(URL(fileURLWithPath: chromium), [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=2",
            "--window-size=390,\(height)", "--screenshot=\(shot.path)", page.absoluteString,
        ], quiet: true)
        guard FileManager.default.fileExists(atPath: shot.path) else { throw BenchmarkError.noOutput(shot.path) }
    }
    report("command.chromium_screenshot_numbers150_png_2x_ms", browser * 1000, "ms")
    report("command.chromium_over_tagcloud_ratio (how many times faster tagcloud is)", browser / command, "x", digits: 1)
}

enum BenchmarkError: Error, CustomStringConvertible {
    case failed(String, Int32, String)
    case noOutput(String)

    var description: String {
        switch self {
        case let .failed(command, status, message): "\(command) exited with \(status): \(message)"
        case let .noOutput(path): "no output at \(path)"
        }
    }
}

/// Runs a program to its end; fails when it exits with a non-zero status.
///
/// The end is awaited with a termination handler rather than `waitUntilExit()`, which on Linux
/// polls its run loop in 50 ms steps and would add up to that much to every run.
private func spawn(_ executable: URL, _ arguments: [String], quiet: Bool = false) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = quiet ? FileHandle.nullDevice : errors
    process.standardOutput = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    exited.wait()
    if process.terminationStatus != 0 {
        let message = quiet ? "" : String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        throw BenchmarkError.failed(executable.lastPathComponent, process.terminationStatus, message)
    }
}

private func findOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The 0..<150 numbers as CSS flex-wrap: what the materialCapsules style draws, in HTML.
private func numbersPage(fonts: URL) -> String {
    let chips = (0..<150).map { "<span>\($0)</span>" }.joined()
    return """
        <!doctype html><html><head><meta charset="utf-8"><style>
        @font-face { font-family: "Inter"; src: url("\(fonts.appendingPathComponent("Inter/Inter-Regular.otf").absoluteString)"); }
        html, body { margin: 0; background: white; }
        .cloud { display: flex; flex-wrap: wrap; align-content: flex-start; width: 390px; gap: 0;
                 font: 17px/normal "Inter"; color: black; }
        .cloud span { flex: none; padding: 16px; border-radius: 9999px; background: rgba(224, 224, 228, 0.65); }
        </style></head><body><div class="cloud">\(chips)</div></body></html>
        """
}
