// `make bench`: builds in release and prints named figures, one per line:
//
//     name: median unit (min …, max …, N runs) [target <= X unit: met]
//
// then `N figures, M targets met, K missed`. See Harness.swift for adding a figure; a new group
// is one line in `groups` below.
//
//     TagCloudBench [GROUP…] [--json FILE] [--require-targets] [--tagcloud PATH]
//
// A GROUP argument runs only the groups whose name contains it (`TagCloudBench layout`).
// `--json` writes every figure to FILE; `--require-targets` makes a missed target end the run
// with status 2 (a figure that cannot be produced always ends it with status 1); `--tagcloud`
// times another build of the command than the one beside this executable.

import Foundation

/// The groups, in the order they run: a name and an entry point that records its figures.
let groups: [(name: String, run: () throws -> Void)] = [
    ("layout", runLayoutBenchmarks),
    ("text", runTextBenchmarks),
    ("scripts", runScriptBenchmarks),
    ("canvas", runCanvasBenchmarks),
    ("golden", runGoldenBenchmarks),
    ("views", runViewBenchmarks),
    ("animation", runAnimationBenchmarks),
    ("spec", runSpecBenchmarks),
    ("command", runCommandBenchmarks),
    ("untrusted", runUntrustedInputBenchmarks),
    ("web", runWebBenchmarks),
    ("site", runSiteBenchmarks),
    ("phases", runPhaseBenchmarks),
    ("chromium", runChromiumBenchmarks),
]

/// The command line of TagCloudBench.
struct BenchOptions {
    var filters: [String] = []
    var jsonPath: String?
    var requireTargets = false
    var tagcloud: URL?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--json":
                guard let path = rest.popFirst() else { throw BenchmarkError.usage("--json needs a file") }
                jsonPath = path
            case "--tagcloud":
                guard let path = rest.popFirst() else { throw BenchmarkError.usage("--tagcloud needs a path") }
                tagcloud = URL(fileURLWithPath: path)
            case "--require-targets":
                requireTargets = true
            default:
                guard !argument.hasPrefix("-") else { throw BenchmarkError.usage("unknown option \(argument)") }
                filters.append(argument)
            }
        }
    }
}

let options: BenchOptions
do {
    options = try BenchOptions(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\nusage: TagCloudBench [GROUP…] [--json FILE] [--require-targets] [--tagcloud PATH]\n".utf8))
    exit(64)
}
if let tagcloud = options.tagcloud { bench.tagcloud = tagcloud }
for group in groups where options.filters.isEmpty || options.filters.contains(where: { group.name.contains($0) }) {
    do {
        try group.run()
    } catch {
        bench.fail(group.name, because: "the group stopped: \(error)")
    }
}
print(bench.summary)
if let path = options.jsonPath {
    do {
        try bench.writeJSON(to: path)
    } catch {
        bench.fail("--json", because: "cannot write \(path): \(error)")
    }
}
if !bench.failures.isEmpty { exit(1) }
if options.requireTargets, bench.figures.contains(where: { $0.met == false }) { exit(2) }
