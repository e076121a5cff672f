// Layout benchmarks for `make bench` (`TagCloudBench layout`).
//
// Targets (issue 2): flow layout of 1,000,000 pre-measured items into a 1,000-pt container in at
// most 20 ms (at least 50 M items/s); ten times the items in at most 11 times the time; balanced
// line breaking of 10,000 items in at most 50 ms.
//
// FlowLayout has two row engines, and each has its own figures, named for what they lay out:
// - the fast path, one pass for greedy rows of a leading, unjustified layout, here on chips of
//   one height (`…fast_path_equal_heights_leading`);
// - the general path, which every other configuration takes: rows broken first, then each row's
//   vertical metrics, alignment and justification (`…general_mixed_heights_center_space_between`:
//   chip heights from 20 to 60 pt, centred in their row, rows justified with space-between).
// The 20-ms claim is checked against both.
import LayoutKit

/// Chip-like sizes from a fixed linear congruential sequence: widths 40...160 pt, and heights of
/// 28 pt, or 20...60 pt when `mixedHeights`.
private func chipSizes(_ count: Int, mixedHeights: Bool = false) -> [CGSize] {
    var state: UInt64 = 0x5EED
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let height = mixedHeights ? 20 + CGFloat((state >> 13) % 41) : 28
        return CGSize(width: 40 + CGFloat((state >> 33) % 121), height: height)
    }
}

/// Records the layout figures.
func runLayoutBenchmarks() throws {
    let paths: [(name: String, layout: FlowLayout, mixedHeights: Bool)] = [
        ("fast_path_equal_heights_leading", FlowLayout(itemSpacing: 8, lineSpacing: 8), false),
        ("general_mixed_heights_center_space_between",
         FlowLayout(alignment: .center, itemSpacing: 8, lineSpacing: 8, justification: .spaceBetween), true),
    ]
    for path in paths {
        // Steady state: one Arrangement per size, reused across runs, as a renderer laying out
        // again does (a fresh one per run also times the kernel mapping and zeroing 16 bytes of
        // new memory per item, which glibc hides below 32 MB and not above; see the fresh-arrays
        // figure).
        func timer(_ count: Int) -> (sizes: [CGSize], run: () -> Void) {
            let sizes = chipSizes(count, mixedHeights: path.mixedHeights)
            var arrangement = path.layout.arrangement(of: [], width: 1000)
            return (sizes, {
                path.layout.arrange(sizes, width: 1000, into: &arrangement)
                blackHole(arrangement.rows.count)
            })
        }
        let name = "layout.flow.\(path.name)"
        let small = timer(100_000)
        bench.time("\(name).100k_ms", runs: 21) { small.run() }

        // 1M and 10M are timed in interleaved rounds, so that a change in the machine's load
        // during the benchmark affects both sides of the ratio alike.
        let million = timer(1_000_000)
        let tenMillion = timer(10_000_000)
        million.run()
        tenMillion.run()
        var millionTimes: [Double] = []
        var tenMillionTimes: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<9 {
            let a = bench.measure(runs: 5, warmup: 0) { million.run() }
            let b = bench.measure(runs: 1, warmup: 0) { tenMillion.run() }
            millionTimes.append(contentsOf: a.seconds)
            tenMillionTimes.append(contentsOf: b.seconds)
            ratios.append(b.median / a.median)
        }
        let millionTiming = Timing(millionTimes)
        bench.record("\(name).1M_ms", millionTiming.milliseconds, unit: "ms", target: .atMost(20))
        bench.record("\(name).1M_throughput", millionTiming.rate(items: 1_000_000 / 1e6), unit: "M items/s", target: .atLeast(50))
        bench.record("\(name).10M_ms", Timing(tenMillionTimes).milliseconds, unit: "ms")
        bench.record("\(name).10M_over_1M_ratio", Spread(rounds: ratios), unit: "x", target: .atMost(11))

        bench.time("\(name).1M_fresh_arrays_ms", runs: 9) { blackHole(path.layout.arrangement(of: million.sizes, width: 1000)) }
    }

    let balanced = FlowLayout(itemSpacing: 8, lineSpacing: 8, lineBreaking: .balanced)
    let sizes = chipSizes(10_000)
    bench.time("layout.flow.balanced.10k_ms", target: .atMost(50), runs: 15) {
        blackHole(balanced.arrangement(of: sizes, width: 1000))
    }

    // The whole negotiation through LayoutHost: measuring 10,000 leaves, sizing, placing.
    let greedy = FlowLayout(itemSpacing: 8, lineSpacing: 8)
    let leaves = chipSizes(10_000).map { LayoutLeaf.fixed(width: $0.width, height: $0.height) }
    bench.time("layout.flow.hosted.10k_ms", runs: 15) {
        let host = LayoutHost(greedy, subviews: leaves)
        let proposal = ProposedViewSize(width: 1000, height: nil)
        let size = host.sizeThatFits(proposal)
        blackHole(host.placeSubviews(in: CGRect(origin: .zero, size: size), proposal: proposal))
    }
}
