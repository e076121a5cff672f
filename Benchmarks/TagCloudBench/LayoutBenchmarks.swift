// Layout benchmarks for `make bench` (`TagCloudBench layout`).
//
// Targets (issue 2): greedy flow layout of 1,000,000 pre-measured items into a 1,000-pt container
// in at most 20 ms (at least 50 M items/s); ten times the items in at most 11 times the time;
// balanced line breaking of 10,000 items in at most 50 ms.
import LayoutKit

/// Chip-like sizes: widths 40...160 pt, height 28 pt, from a fixed linear congruential sequence.
private func chipSizes(_ count: Int) -> [CGSize] {
    var state: UInt64 = 0x5EED
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return CGSize(width: 40 + CGFloat((state >> 33) % 121), height: 28)
    }
}

/// Prints the layout figures.
func runLayoutBenchmarks() throws {
    let greedy = FlowLayout(itemSpacing: 8, lineSpacing: 8)
    // Steady state: one Arrangement per size, reused across runs, as a renderer laying out again
    // does. (A fresh one per run also times the kernel mapping and zeroing 16 bytes of new memory
    // per item, which glibc hides below 32 MB and not above; see the fresh-arrays figure.)
    func timer(_ count: Int) -> (sizes: [CGSize], run: () -> Void) {
        let sizes = chipSizes(count)
        var arrangement = greedy.arrangement(of: [], width: 1000)
        return (sizes, {
            greedy.arrange(sizes, width: 1000, into: &arrangement)
            blackHole(arrangement.rows.count)
        })
    }

    let small = timer(100_000)
    let smallTime = medianSeconds(runs: 15) { small.run() }
    report("layout.flow.greedy.100k.time", smallTime * 1000, "ms", digits: 3)

    // 1M and 10M are timed in interleaved rounds, so that a change in the machine's load during
    // the benchmark affects both sides of the ratio alike.
    let million = timer(1_000_000)
    let tenMillion = timer(10_000_000)
    million.run()
    tenMillion.run()
    var millionTimes: [Double] = []
    var tenMillionTimes: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<7 {
        let a = medianSeconds(runs: 5, warmup: 0) { million.run() }
        let b = medianSeconds(runs: 1, warmup: 0) { tenMillion.run() }
        millionTimes.append(a)
        tenMillionTimes.append(b)
        ratios.append(b / a)
    }
    let millionTime = median(millionTimes)
    report("layout.flow.greedy.1M.time (target <= 20 ms)", millionTime * 1000, "ms", digits: 3)
    report("layout.flow.greedy.1M.throughput (target >= 50)", 1e6 / millionTime / 1e6, "M items/s")
    report("layout.flow.greedy.10M.time", median(tenMillionTimes) * 1000, "ms", digits: 3)
    report("layout.flow.greedy.10M-over-1M.ratio (target <= 11)", median(ratios), "x")

    let fresh = medianSeconds { blackHole(greedy.arrangement(of: million.sizes, width: 1000)) }
    report("layout.flow.greedy.1M.fresh-arrays.time", fresh * 1000, "ms", digits: 3)

    let balanced = FlowLayout(itemSpacing: 8, lineSpacing: 8, lineBreaking: .balanced)
    let sizes = chipSizes(10_000)
    let seconds = medianSeconds {
        blackHole(balanced.arrangement(of: sizes, width: 1000))
    }
    report("layout.flow.balanced.10k.time (target <= 50 ms)", seconds * 1000, "ms", digits: 3)

    // The whole negotiation through LayoutHost: measuring 10,000 leaves, sizing, placing.
    let leaves = chipSizes(10_000).map { LayoutLeaf.fixed(width: $0.width, height: $0.height) }
    let hosted = medianSeconds {
        let host = LayoutHost(greedy, subviews: leaves)
        let proposal = ProposedViewSize(width: 1000, height: nil)
        let size = host.sizeThatFits(proposal)
        blackHole(host.placeSubviews(in: CGRect(origin: .zero, size: size), proposal: proposal))
    }
    report("layout.flow.hosted.10k.time", hosted * 1000, "ms", digits: 3)
}
