// Command benchmarks for `make bench`: the whole `tagcloud` command, as a user runs it.
//
// Target (issue 6): process start to PNG on disk for the 0..<150 numbers example at 2×
// (samples/numbers-flow.yaml, 780 × 2392 px), median <= 30 ms over many runs: the release
// executable started with posix_spawn, timed from just before the spawn to wait4's return,
// the PNG checked on disk after each run; the child's CPU time (user + system, from wait4) is
// printed beside it. When `chromium` is on PATH, a headless Chromium
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

    var cpuTimes: [Double] = []
    let command = try medianSeconds(runs: 41, warmup: 3) {
        try? FileManager.default.removeItem(at: png)
        cpuTimes.append(try spawn(executable, ["render", spec.path, "-o", png.path, "--scale", "2"]))
        guard FileManager.default.fileExists(atPath: png.path) else { throw BenchmarkError.noOutput(png.path) }
    }
    report("command.render_numbers150_png_2x_process_ms (target <= 30)", command * 1000, "ms")
    report("command.render_numbers150_png_2x_process_cpu_ms", median(Array(cpuTimes.dropFirst(3))) * 1000, "ms")

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

/// Runs a program to its end with `posix_spawn` and `wait4`; fails when it exits with a non-zero
/// status. Standard output (and standard error when `quiet`) go to /dev/null; otherwise standard
/// error goes to a temporary file, shown when the program fails.
///
/// Foundation's `Process` is not used: on Linux it starts the child through a helper path with a
/// dispatch source for SIGCHLD and calls its termination handler on another thread, which adds
/// its own milliseconds to every run; the figure is meant to be the command's alone.
///
/// - Returns: The child's CPU time (user + system) in seconds, from `wait4`'s resource usage.
@discardableResult
private func spawn(_ executable: URL, _ arguments: [String], quiet: Bool = false) throws -> Double {
    let run = try spawnMeasured(executable, arguments, quiet: quiet)
    guard run.exitCode == 0 else {
        throw BenchmarkError.failed(executable.lastPathComponent, run.exitCode, run.errors)
    }
    return run.cpuSeconds
}

/// What a spawned process did: its exit code (minus the signal when a signal ended it), its CPU
/// time (user + system) and its peak resident memory, from wait4's rusage, and what it wrote on
/// standard error unless `quiet`.
struct SpawnedRun {
    var exitCode: Int32
    var cpuSeconds: Double
    var maxResidentMiB: Double
    var errors: String
}

/// Starts `executable` with posix_spawn (standard input and output on /dev/null) and waits for it.
func spawnMeasured(_ executable: URL, _ arguments: [String], quiet: Bool = false) throws -> SpawnedRun {
    let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-bench-stderr-\(getpid())").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, quiet ? "/dev/null" : errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable.path, &actions, nil, argv, environ)
    guard status == 0 else { throw BenchmarkError.failed(executable.lastPathComponent, status, String(cString: strerror(status))) }
    var exitStatus: Int32 = 0
    var usage = rusage()
    while wait4(child, &exitStatus, 0, &usage) < 0 {
        guard errno == EINTR else { throw BenchmarkError.failed(executable.lastPathComponent, errno, "wait4 failed") }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    let exited = exitStatus & 0x7F == 0
    let code = (exitStatus >> 8) & 0xFF
    defer { if !quiet { unlink(errorsPath) } }
    let errors = quiet ? "" : ((try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "")
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return SpawnedRun(exitCode: exited ? code : -(exitStatus & 0x7F), cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                      maxResidentMiB: Double(usage.ru_maxrss) / 1024, errors: errors)
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
