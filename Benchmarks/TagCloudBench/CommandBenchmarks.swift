// Command benchmarks for `make bench`: the whole `tagcloud` command as a user runs it, beside the
// same work in process.
//
// Target (issue 6): process start to PNG on disk for BenchPicture (samples/numbers-flow.yaml at 2×,
// 780 × 2392 px), median <= 30 ms: the release executable started with posix_spawn, timed from
// just before the spawn to wait4's return, the PNG checked after each run; the child's CPU time
// (user + system, from wait4) beside it. The in-process figure renders the same spec through the
// library calls the command makes after parsing its arguments (`Cloud(contentsOf:)`, the scale set,
// `rendered()`, `data(as: .png)`), in a process whose fonts are loaded and caches warm, as a program
// rendering many pictures would; its PNG must be the command's, byte for byte, or the figure is not
// produced.
//
// The command warms up on another thread while it parses its arguments
// (`TagCloudCommandLine.startWarmingUp`): it loads the fonts, shapes "0123456789" and "Swift" and draws
// them as numbered capsules at 2×. Those are the glyphs of this picture at its size and scale, so
// the command figure includes a head start that a picture of other text does not get.

import Foundation
import TagCloud

/// Records the command figures.
func runCommandBenchmarks() throws {
    let executable = bench.tagcloud
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        bench.fail("command", because: "\(executable.path) is missing: build it with make bench (swift build -c release --product tagcloud)")
        return
    }
    guard FileManager.default.fileExists(atPath: BenchPicture.path) else {
        bench.fail("command", because: "\(BenchPicture.path) is missing: run make bench from the package's folder")
        return
    }
    let folder = try benchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("numbers.png")
    let arguments = ["render", BenchPicture.path, "-o", png.path, "--scale", "\(BenchPicture.scale)"]

    var cpuTimes: [Double] = []
    try bench.time("command.render_numbers150_png_2x_process_ms", target: .atMost(30), runs: 41, warmup: 3) {
        try? FileManager.default.removeItem(at: png)
        cpuTimes.append(try spawn(executable, arguments))
        guard FileManager.default.fileExists(atPath: png.path) else { throw BenchmarkError.noOutput(png.path) }
    }
    bench.record("command.render_numbers150_png_2x_process_cpu_ms", Timing(Array(cpuTimes.dropFirst(3))).milliseconds, unit: "ms")

    // The same picture in process, through the function the command calls after parsing.
    let commandPNG = try Data(contentsOf: png)
    var inProcessPNG = Data()
    try bench.time("inprocess.render_numbers150_png_2x_ms", target: .atMost(25), runs: 41, warmup: 3) {
        inProcessPNG = try BenchPicture.cloud().rendered().data(as: .png)
    }
    guard inProcessPNG == commandPNG else {
        bench.fail("inprocess.render_numbers150_png_2x_ms", because: "its PNG differs from the command's: not the same picture")
        return
    }
    bench.note("the in-process PNG equals the command's byte for byte (\(commandPNG.count) bytes)")

    let json = folder.appendingPathComponent("numbers.json")
    try bench.time("command.render_numbers150_layout_json_process_ms", runs: 21) {
        try spawn(executable, ["render", BenchPicture.path, "-o", json.path])
    }
    try bench.time("command.process_start_help_ms", runs: 21) { try spawn(executable, ["--help"], quiet: true) }
}

/// A new folder for a run's files, under the temporary folder.
func benchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

enum BenchmarkError: Error, CustomStringConvertible {
    case failed(String, Int32, String)
    case noOutput(String)
    case usage(String)

    var description: String {
        switch self {
        case let .failed(command, status, message): "\(command) exited with \(status): \(message)"
        case let .noOutput(path): "no output at \(path)"
        case let .usage(message): message
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
func spawn(_ executable: URL, _ arguments: [String], quiet: Bool = false) throws -> Double {
    let run = try spawnWaiting(executable, arguments, quiet: quiet)
    guard run.exitCode == 0 else {
        throw BenchmarkError.failed(executable.lastPathComponent, run.exitCode, run.errors)
    }
    return run.cpuSeconds
}

/// What a spawned process did: its exit code (minus the signal when a signal ended it), its CPU
/// time (user + system) from wait4's rusage, its peak resident memory, and what it wrote on
/// standard error unless `quiet`.
///
/// The peak is GNU time's `%M` for the program, run under `/usr/bin/time` (Debian's `time`, in
/// make bench's packages). wait4's `ru_maxrss` of a child of this process cannot be used: Linux
/// counts the memory the parent had at its peak into every child it starts (posix_spawn or fork;
/// the child's high-water mark is taken from the parent's address space at exec), so a child of a
/// benchmark process that once held 1.4 GiB reported 1,457 MiB for a 23 MiB command.
struct SpawnedRun {
    var exitCode: Int32
    var cpuSeconds: Double
    var maxResidentMiB: Double
    var errors: String
}

/// Starts `executable` with posix_spawn (standard input and output on /dev/null) under
/// `/usr/bin/time`, and waits for it.
func spawnMeasured(_ executable: URL, _ arguments: [String], quiet: Bool = false) throws -> SpawnedRun {
    let peakPath = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-bench-peak-\(getpid())").path
    defer { unlink(peakPath) }
    guard FileManager.default.isExecutableFile(atPath: gnuTime) else {
        throw BenchmarkError.failed("time", 1, "\(gnuTime) is missing: make bench installs Debian's time package")
    }
    var run = try spawnWaiting(URL(fileURLWithPath: gnuTime), ["-f", "%M", "-o", peakPath, executable.path] + arguments, quiet: quiet)
    // The last line is the peak in KiB (a line before it says when the program failed).
    let report = (try? String(contentsOfFile: peakPath, encoding: .utf8)) ?? ""
    guard let kibibytes = report.split(separator: "\n").last.flatMap({ Double($0) }) else {
        throw BenchmarkError.failed(executable.lastPathComponent, run.exitCode, "time reported no peak memory: \(report.prefix(200))")
    }
    run.maxResidentMiB = kibibytes / 1024
    return run
}

/// GNU time, which reports a program's own peak resident memory.
let gnuTime = "/usr/bin/time"

/// Starts `executable` with posix_spawn (standard input and output on /dev/null) and waits for it.
func spawnWaiting(_ executable: URL, _ arguments: [String], quiet: Bool = false) throws -> SpawnedRun {
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
                      maxResidentMiB: .nan, errors: errors)
}

/// The first executable of that name on `PATH`.
func findOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
