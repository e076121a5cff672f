import Foundation

/// Prints one figure in the `name: value unit` form `make bench` promises.
func report(_ name: String, _ value: Double, _ unit: String, digits: Int = 2) {
    print("\(name): \(String(format: "%.\(digits)f", value)) \(unit)")
}

/// Runs `body` `warmup` times, then `runs` times, and returns the median wall time in seconds.
///
/// The median of several runs is what we quote: these machines are shared and noisy.
func medianSeconds(runs: Int = 9, warmup: Int = 2, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmup { try body() }
    var times: [Double] = []
    times.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return times[times.count / 2]
}

/// The median of some values.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Reports the median wall time and the median CPU time of `body` in milliseconds.
@discardableResult
func reportTimes(_ name: String, runs: Int = 15, _ body: () throws -> Void) throws -> (wall: Double, cpu: Double) {
    let wall = try medianSeconds(runs: runs, body)
    let cpu = try cpuMedianSeconds(runs: runs, body)
    report(name, wall * 1000, "ms")
    report(name.split(separator: " ")[0] + "_cpu", cpu * 1000, "ms")
    return (wall, cpu)
}

/// The median CPU time of all the process's threads running `body`, after one warm-up run.
func cpuMedianSeconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<runs {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
        try body()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
        times.append(Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
    }
    return times.sorted()[runs / 2]
}
