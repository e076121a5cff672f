// `make bench`: builds in release and prints named figures, one per line: `name: value unit`.
//
// Each stage has its own file with one entry point; they run in this order, and a name given as an
// argument runs only the groups whose name contains it (`TagCloudBench layout`).

import Foundation

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
]

let filters = Array(CommandLine.arguments.dropFirst())
var failed = false
for group in groups where filters.isEmpty || filters.contains(where: { group.name.contains($0) }) {
    do {
        try group.run()
    } catch {
        print("error: \(group.name) benchmarks failed: \(error)")
        failed = true
    }
}
if failed { exit(1) }
