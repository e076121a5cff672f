// The harness of `make bench`: figures with their targets, timings with their spread, and the
// summary that says how many targets were met.
//
// A group is a function listed once in main.swift's `groups`; it records its figures through the
// process-wide `bench`:
//
//     func runMyBenchmarks() throws {
//         // Timed: the median, min and max of 21 runs after 2 warm-up runs, in milliseconds,
//         // compared with its target.
//         try bench.time("my.thing_ms", target: .atMost(20), runs: 21) { blackHole(try work()) }
//         // Derived from a timing (a rate) or computed (a size, a ratio):
//         let timing = try bench.measure(runs: 9) { try work() }
//         bench.record("my.items_per_s", timing.rate(items: 100_000), unit: "items/s", target: .atLeast(1e6))
//         bench.record("my.size_kib", value: 12.5, unit: "KiB")
//         // Something a figure needs is missing: the run will end with a non-zero status.
//         bench.fail("my.thing_ms", because: "tool X is not installed")
//     }
//
// The target is data: each figure is compared with it, `met` or `MISSED` is printed beside it, and
// the run ends with `N figures, M targets met, K missed`. The process exits with status 1 when a
// figure could not be produced (a group threw, or called `fail`), and, with `--require-targets`,
// with status 2 when a target was missed. The older `report(name, value, unit)` still records a
// figure (a `(target <= N)` or `(target >= N)` at the end of its name becomes its target).

import Foundation
import Synchronization

/// A claim about a figure, checked on every run.
enum Target: CustomStringConvertible, Encodable {
    /// The figure must be at most this value (times, sizes).
    case atMost(Double)
    /// The figure must be at least this value (rates, speed-ups).
    case atLeast(Double)

    /// Whether `value` meets the target.
    func isMet(by value: Double) -> Bool {
        switch self {
        case .atMost(let limit): value <= limit
        case .atLeast(let limit): value >= limit
        }
    }

    var description: String {
        switch self {
        case .atMost(let limit): "<= \(format(limit))"
        case .atLeast(let limit): ">= \(format(limit))"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The run times of a timed block, in seconds, sorted.
struct Timing {
    /// Every run's time, shortest first.
    let seconds: [Double]

    init(_ seconds: [Double]) {
        precondition(!seconds.isEmpty, "a timing needs at least one run")
        self.seconds = seconds.sorted()
    }

    /// The median run (the upper one of an even count).
    var median: Double { seconds[seconds.count / 2] }
    var min: Double { seconds[0] }
    var max: Double { seconds[seconds.count - 1] }

    /// The timing in milliseconds: median, min, max.
    var milliseconds: Spread { Spread(median: median * 1000, min: min * 1000, max: max * 1000, runs: seconds.count) }

    /// `items` per second: the median run's rate, with the slowest run's as min and the fastest's
    /// as max.
    func rate(items: Double) -> Spread {
        Spread(median: items / median, min: items / max, max: items / min, runs: seconds.count)
    }
}

/// A figure's value: the median, with the min and max of the runs it comes from.
struct Spread: Encodable {
    var median: Double
    var min: Double
    var max: Double
    var runs: Int

    /// The ratio of two timings' spreads (`a / b`): median over median, and the extremes of the
    /// quotient (min over max, max over min).
    static func ratio(_ a: Spread, over b: Spread) -> Spread {
        Spread(median: a.median / b.median, min: a.min / b.max, max: a.max / b.min, runs: Swift.min(a.runs, b.runs))
    }

    /// The median, min and max of values measured in separate rounds (a ratio per round).
    init(rounds values: [Double]) {
        let sorted = values.sorted()
        self.init(median: sorted[sorted.count / 2], min: sorted[0], max: sorted[sorted.count - 1], runs: sorted.count)
    }

    init(median: Double, min: Double, max: Double, runs: Int) {
        (self.median, self.min, self.max, self.runs) = (median, min, max, runs)
    }
}

/// One line of `make bench`'s output.
struct Figure: Encodable {
    var name: String
    var value: Double
    var unit: String
    /// The spread of the runs, for measured figures.
    var spread: Spread?
    var target: Target?
    /// Whether the target is met (`nil` without a target).
    var met: Bool? { target?.isMet(by: value) }
}

/// The figures of this run of TagCloudBench; every group records into it.
let bench = Bench()

/// Collects and prints the figures of a run, and says at the end how many targets were met.
final class Bench: Sendable {
    private struct State {
        var figures: [Figure] = []
        var failures: [(name: String, reason: String)] = []
        var tagcloud = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tagcloud")
    }

    private let state = Mutex(State())

    /// The figures recorded so far.
    var figures: [Figure] { state.withLock { $0.figures } }
    /// The figures that could not be produced, with the reason.
    var failures: [(name: String, reason: String)] { state.withLock { $0.failures } }
    /// The `tagcloud` executable the command figures time: the one beside this executable, or
    /// `--tagcloud PATH`.
    var tagcloud: URL {
        get { state.withLock { $0.tagcloud } }
        set { state.withLock { $0.tagcloud = newValue } }
    }
    /// The package's folder (`make bench` runs from it): samples, fonts and tools are found here.
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    /// Times `body`: `warmup` runs first, then `runs` timed runs (wall-clock time), recorded in
    /// milliseconds as the median with min and max.
    ///
    /// - Returns: The timing, for figures derived from it.
    @discardableResult
    func time(_ name: String, target: Target? = nil, runs: Int = 21, warmup: Int = 2,
              _ body: () throws -> Void) rethrows -> Timing {
        let timing = try measure(runs: runs, warmup: warmup, body)
        record(name, timing.milliseconds, unit: "ms", target: target)
        return timing
    }

    /// Times `body` as ``time(_:target:runs:warmup:_:)`` does, without recording a figure.
    func measure(runs: Int = 21, warmup: Int = 2, _ body: () throws -> Void) rethrows -> Timing {
        for _ in 0..<warmup { try body() }
        var times: [Double] = []
        times.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Timing(times)
    }

    /// Times `body` in CPU time after one warm-up run: of the whole process (every thread) by
    /// default, or of the calling thread only with `clock: CLOCK_THREAD_CPUTIME_ID`.
    func measureCPU(runs: Int = 21, clock: clockid_t = CLOCK_PROCESS_CPUTIME_ID, _ body: () throws -> Void) rethrows -> Timing {
        func now() -> Double {
            var time = timespec()
            clock_gettime(clock, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        try body()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = now()
            try body()
            times.append(now() - start)
        }
        return Timing(times)
    }

    /// Records the wall time (`NAME_ms`, against `target`) and the CPU time of all threads
    /// (`NAME_cpu_ms`) of `body`, each over `runs` runs.
    ///
    /// - Returns: Both timings.
    @discardableResult
    func timeWallAndCPU(_ name: String, target: Target? = nil, runs: Int = 21,
                        _ body: () throws -> Void) rethrows -> (wall: Timing, cpu: Timing) {
        let wall = try time("\(name)_ms", target: target, runs: runs, body)
        let cpu = try measureCPU(runs: runs, body)
        record("\(name)_cpu_ms", cpu.milliseconds, unit: "ms")
        return (wall, cpu)
    }

    /// Records a measured figure with its spread.
    func record(_ name: String, _ spread: Spread, unit: String, target: Target? = nil) {
        add(Figure(name: name, value: spread.median, unit: unit, spread: spread, target: target))
    }

    /// Records a single value (a size, a count, a ratio of two medians).
    func record(_ name: String, value: Double, unit: String, target: Target? = nil) {
        add(Figure(name: name, value: value, unit: unit, spread: nil, target: target))
    }

    /// Records that a figure could not be produced; the run will exit with a non-zero status.
    func fail(_ name: String, because reason: String) {
        state.withLock { $0.failures.append((name, reason)) }
        print("\(name): FAILED: \(reason)")
    }

    /// Prints a line of context (`# …`), not a figure.
    func note(_ text: String) {
        print("# \(text)")
    }

    private func add(_ figure: Figure) {
        state.withLock { $0.figures.append(figure) }
        var line = "\(figure.name): \(format(figure.value)) \(figure.unit)"
        if let spread = figure.spread, spread.runs > 1 {
            line += " (min \(format(spread.min)), max \(format(spread.max)), \(spread.runs) runs)"
        }
        if let target = figure.target, let met = figure.met {
            line += " [target \(target) \(figure.unit): \(met ? "met" : "MISSED")]"
        }
        print(line)
    }

    /// The closing summary line.
    var summary: String {
        let figures = figures, failures = failures
        let targets = figures.filter { $0.target != nil }
        let met = targets.filter { $0.met == true }.count
        var line = "\(figures.count) figures, \(met) targets met, \(targets.count - met) missed"
        if !failures.isEmpty { line += "; \(failures.count) could not be produced: \(failures.map(\.name).joined(separator: ", "))" }
        return line
    }

    /// Writes every figure as JSON (for the README's table).
    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(figures).write(to: URL(fileURLWithPath: path))
    }
}

// MARK: The older interface, kept so that groups written against it still record figures

/// A figure's name without a `(target <= N)` or `(target >= N)` at its end, and that target.
private func splitTarget(_ name: String) -> (name: String, target: Target?) {
    guard let open = name.range(of: " (target "), name.hasSuffix(")") else { return (name, nil) }
    let claim = name[open.upperBound...].dropLast().split(separator: " ")
    guard claim.count >= 2, let limit = Double(claim[1]) else { return (name, nil) }
    let target: Target? = claim[0] == "<=" ? .atMost(limit) : claim[0] == ">=" ? .atLeast(limit) : nil
    return target.map { (String(name[..<open.lowerBound]), $0) } ?? (name, nil)
}

/// Records a figure without a spread; a `(target <= N)` at the end of the name becomes its target.
func report(_ name: String, _ value: Double, _ unit: String, digits: Int = 2) {
    let (base, target) = splitTarget(name)
    bench.record(base, value: value, unit: unit, target: target)
}

/// As ``Bench/timeWallAndCPU(_:target:runs:_:)``, with the target read from the name; returns the
/// medians in seconds.
@discardableResult
func reportTimes(_ name: String, runs: Int = 15, _ body: () throws -> Void) throws -> (wall: Double, cpu: Double) {
    let (base, target) = splitTarget(name)
    let (wall, cpu) = try bench.timeWallAndCPU(base.hasSuffix("_ms") ? String(base.dropLast(3)) : base, target: target, runs: runs, body)
    return (wall.median, cpu.median)
}

/// Runs `body` `warmup` times, then `runs` times, and returns the median wall time in seconds.
func medianSeconds(runs: Int = 9, warmup: Int = 2, _ body: () throws -> Void) rethrows -> Double {
    try bench.measure(runs: runs, warmup: warmup, body).median
}

/// The median CPU time of all the process's threads running `body`, after one warm-up run.
func cpuMedianSeconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try bench.measureCPU(runs: runs, body).median
}

/// The median of some values.
func median(_ values: [Double]) -> Double {
    Spread(rounds: values).median
}

/// A number with three significant digits after the point for small values, fewer for large ones.
func format(_ value: Double) -> String {
    let magnitude = abs(value)
    let digits = magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 3
    return String(format: "%.\(digits)f", value)
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
