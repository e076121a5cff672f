// Spec benchmarks for `make bench`: parsing large specs and resolving them.
//
// Targets: 100,000 tags parse in ≤ 1 s in every format (tag objects with weights in JSON and YAML
// included; libyaml and Yams take about half of that), and a spec with a 10,000-character tag in
// ≤ 5 ms, so no input format has quadratic behaviour.

import TagCloud

/// Records the spec figures.
func runSpecBenchmarks() throws {
    let count = 100_000
    let names = (0..<count).map { "tag \($0)" }
    let inputs: [(name: String, format: SpecFormat, text: String)] = [
        ("yaml_strings", .yaml, "tags:\n" + names.map { "  - \($0)\n" }.joined()),
        ("json_strings", .json, "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]"),
        ("yaml", .yaml, "tags:\n" + names.map { "  - {text: \($0), weight: 2}\n" }.joined()),
        ("json", .json, "{\"tags\": [" + names.map { "{\"text\": \"\($0)\", \"weight\": 2}" }.joined(separator: ",") + "]}"),
        ("text", .text, names.map { "\($0)\t2\n" }.joined()),
        ("csv", .csv, "tag,weight\n" + names.map { "\($0),2\n" }.joined()),
    ]
    var parsed = Cloud()
    for input in inputs {
        let bytes = Array(input.text.utf8)
        try bench.time("spec.parse.\(input.name).100k_tags_ms", target: .atMost(1000), runs: 7, warmup: 1) {
            parsed = try Cloud(parsing: bytes, format: input.format, source: "bench")
            blackHole(parsed)
        }
    }

    bench.time("spec.resolve.100k_tags_ms", target: .atMost(100), runs: 7, warmup: 1) { blackHole(parsed.resolved()) }

    let long = String(repeating: "abcdé💪ghij", count: 1000)
    for (name, format, text) in [("yaml", SpecFormat.yaml, "- \(long)\n"), ("json", .json, "[\"\(long)\"]"),
                                 ("text", .text, "\(long)\t1\n"), ("csv", .csv, "tag\n\"\(long)\"\n")] {
        let bytes = Array(text.utf8)
        try bench.time("spec.parse.\(name).10k_char_tag_ms", target: .atMost(5), runs: 15) {
            blackHole(try Cloud(parsing: bytes, format: format, source: "bench"))
        }
    }
}
