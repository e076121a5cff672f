// Property-based tests of FlowLayout: invariants over hundreds of random cases (seeded).
@testable import LayoutKit
import Testing
import TestRandom

private let alignments: [Alignment] = [
    .topLeading, .top, .topTrailing, .leading, .center, .trailing, .bottomLeading, .bottom, .bottomTrailing,
    .leadingFirstTextBaseline, .centerFirstTextBaseline, .trailingFirstTextBaseline,
    .leadingLastTextBaseline, .centerLastTextBaseline, .trailingLastTextBaseline,
]
private let justifications: [FlowLayout.Justification] = [.none, .spaceBetween, .spaceAround, .spaceEvenly, .stretch]
private let tolerance: CGFloat = 1e-6

/// A random length in 1/64 units, as text measured in 26.6 fixed point is.
private func length(_ range: ClosedRange<Int>, _ g: inout SeededRandom) -> CGFloat {
    CGFloat(Int.random(in: range.lowerBound * 64...range.upperBound * 64, using: &g)) / 64
}

private struct Case: CustomStringConvertible {
    var layout: FlowLayout
    var items: [LayoutLeaf]
    var sizes: [CGSize]
    var width: CGFloat
    var direction: LayoutDirection
    var description: String {
        "width \(width), \(direction), \(layout), sizes \(sizes.map { "\($0.width)x\($0.height)" })"
    }
}

private func randomCase(_ g: inout SeededRandom, markers: Bool) -> Case {
    let n = Int.random(in: 0...30, using: &g)
    var items: [LayoutLeaf] = []
    var sizes: [CGSize] = []
    for _ in 0..<n {
        if markers && Int.random(in: 0..<6, using: &g) == 0 {
            let marker = LayoutLeaf.fixed(width: 0, height: 0)
            if Bool.random(using: &g) {
                marker.setting(LineBreakLayoutKey.self, to: true)
            } else {
                marker.setting(SpacerLayoutKey.self, to: true)
            }
            items.append(marker)
            sizes.append(.zero)
            continue
        }
        let kind = Int.random(in: 0..<20, using: &g)
        let width = kind == 0 ? 0 : kind == 1 ? length(200...400, &g) : length(1...150, &g)
        let height = Int.random(in: 0..<10, using: &g) == 0 ? 0 : length(1...40, &g)
        let baseline: CGFloat? = Bool.random(using: &g) ? length(0...Int(height), &g) : nil
        let leaf: LayoutLeaf
        if Int.random(in: 0..<5, using: &g) == 0 {
            leaf = LayoutLeaf.flexible(idealWidth: width, maxWidth: width + length(0...100, &g), idealHeight: height)
        } else {
            leaf = LayoutLeaf.fixed(width: width, height: height, baseline: baseline)
        }
        if Int.random(in: 0..<4, using: &g) == 0 {
            leaf.spacing = ViewSpacing(top: length(0...12, &g), leading: length(0...12, &g), bottom: nil,
                                       trailing: length(0...12, &g))
        }
        items.append(leaf)
        sizes.append(CGSize(width: width, height: height))
    }
    let layout = FlowLayout(alignment: alignments.randomElement(using: &g) ?? .topLeading,
                            itemSpacing: Bool.random(using: &g) ? nil : length(0...20, &g),
                            lineSpacing: Bool.random(using: &g) ? nil : length(0...20, &g),
                            justification: justifications.randomElement(using: &g) ?? .none,
                            justifiesLastRow: Bool.random(using: &g),
                            lineBreaking: Bool.random(using: &g) ? .greedy : .balanced,
                            fillsWidth: Bool.random(using: &g))
    return Case(layout: layout, items: items, sizes: sizes, width: length(20...400, &g),
                direction: Bool.random(using: &g) ? .leftToRight : .rightToLeft)
}

/// The gap the layout puts between two items, computed independently of the engine.
private func gap(_ layout: FlowLayout, _ a: LayoutLeaf, _ b: LayoutLeaf) -> CGFloat {
    if isBreak(a) || isBreak(b) { return 0 }
    return layout.itemSpacing ?? a.spacing.distance(to: b.spacing, along: .horizontal)
}

/// The fewest rows any breaking can make (dynamic programming over all break positions).
private func fewestRows(_ c: Case) -> Int {
    let n = c.items.count
    guard n > 0 else { return 0 }
    var best = [Int](repeating: .max, count: n + 1)
    best[0] = 0
    for end in 1...n {
        var width: CGFloat = 0
        for start in stride(from: end - 1, through: 0, by: -1) {
            width += c.sizes[start].width + (start < end - 1 ? gap(c.layout, c.items[start], c.items[start + 1]) : 0)
            if width > c.width + flowFitTolerance && start < end - 1 { break }
            if best[start] != .max { best[end] = min(best[end], best[start] + 1) }
        }
    }
    return best[n]
}

private func rowWidths(_ rows: FlowRows, _ c: Case) -> [CGFloat] {
    (0..<rows.rowCount).map { r in
        var width: CGFloat = 0
        for i in rows.starts[r]..<rows.starts[r + 1] {
            width += c.sizes[i].width + (i > rows.starts[r] ? gap(c.layout, c.items[i - 1], c.items[i]) : 0)
        }
        return width
    }
}

private func isBreak(_ leaf: LayoutLeaf) -> Bool {
    leaf.layoutValues[LineBreakLayoutKey.self] || leaf.layoutValues[SpacerLayoutKey.self]
}

private func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
    min(a.maxX, b.maxX) - max(a.minX, b.minX) > tolerance && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tolerance
}

/// Checks the invariants every layout must keep; returns the rows for further checks.
@discardableResult
private func checkInvariants(_ c: Case) -> FlowRows? {
    let proposal = ProposedViewSize(width: c.width, height: nil)
    let host = LayoutHost(c.layout, subviews: c.items, layoutDirection: c.direction)
    let size = host.sizeThatFits(proposal)
    let frames = host.placeSubviews(in: CGRect(origin: .zero, size: size), proposal: proposal).map(\.frame)
    guard let rows = host.cache.memo.last?.rows else {
        Issue.record("no rows memoised: \(c)")
        return nil
    }
    let visible = rows.visibleCount
    #expect(visible == c.items.count, "no maxRows, so nothing is hidden: \(c)")
    for frame in frames {
        #expect(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite)
    }
    // No two frames overlap.
    for i in 0..<visible {
        for j in (i + 1)..<max(visible, i + 1) where overlaps(frames[i], frames[j]) {
            Issue.record("items \(i) and \(j) overlap: \(frames[i]) \(frames[j]) in \(c)")
        }
    }
    // Every frame lies within the container width (an item alone on its row may be wider than the
    // proposal, and then the container is as wide as that item).
    let widths = rowWidths(rows, c)
    for r in 0..<rows.rowCount {
        let items = rows.starts[r]..<rows.starts[r + 1]
        let realItems = items.filter { !isBreak(c.items[$0]) }
        #expect(widths[r] <= c.width + flowFitTolerance || realItems.count <= 1, "row \(r) too wide in \(c)")
        for i in items {
            #expect(frames[i].minX >= -tolerance && frames[i].maxX <= size.width + tolerance,
                    "item \(i) outside the width: \(frames[i]) in \(size) for \(c)")
        }
    }
    // Order: left to right (right to left) within a row, rows top to bottom.
    for r in 0..<rows.rowCount {
        let items = Array(rows.starts[r]..<rows.starts[r + 1])
        for (a, b) in zip(items, items.dropFirst()) {
            let ordered = c.direction == .leftToRight ? frames[b].minX >= frames[a].maxX - tolerance
                : frames[b].maxX <= frames[a].minX + tolerance
            #expect(ordered, "items \(a), \(b) out of order: \(frames[a]) \(frames[b]) in \(c)")
        }
        if r > 0 {
            let above = (rows.starts[r - 1]..<rows.starts[r]).map { frames[$0].maxY }.max() ?? 0
            for i in items { #expect(frames[i].minY >= above - tolerance, "row \(r) above row \(r - 1) in \(c)") }
        }
    }
    // sizeThatFits equals the bounds of the placed frames (when hugging).
    if !c.layout.fillsWidth && visible > 0 {
        let minX = frames.map(\.minX).min() ?? 0
        let maxX = frames.map(\.maxX).max() ?? 0
        let minY = frames.map(\.minY).min() ?? 0
        let maxY = frames.map(\.maxY).max() ?? 0
        #expect(abs(minX) < tolerance && abs(minY) < tolerance && abs(maxX - size.width) < tolerance
                    && abs(maxY - size.height) < tolerance,
                "frames span (\(minX), \(minY))–(\(maxX), \(maxY)), size \(size), in \(c)")
    }
    return rows
}

@Suite("FlowLayout properties")
struct FlowLayoutPropertyTests {
    @Test("Invariants over 500 random cases; greedy makes the fewest rows; balanced matches it")
    func invariants() {
        var g = SeededRandom(seed: 0xF10F_1A70)
        for _ in 0..<500 {
            let c = randomCase(&g, markers: false)
            guard let rows = checkInvariants(c) else { continue }
            var greedyCase = c
            greedyCase.layout.lineBreaking = .greedy
            let greedyHost = LayoutHost(greedyCase.layout, subviews: c.items)
            _ = greedyHost.sizeThatFits(ProposedViewSize(width: c.width, height: nil))
            guard let greedyRows = greedyHost.cache.memo.last?.rows else { continue }
            #expect(greedyRows.rowCount == fewestRows(c), "greedy is not fewest in \(c)")
            if c.layout.lineBreaking == .balanced {
                #expect(rows.rowCount == greedyRows.rowCount, "balanced rows count in \(c)")
                let widest = rowWidths(rows, c).max() ?? 0
                let greedyWidest = rowWidths(greedyRows, c).max() ?? 0
                #expect(widest <= greedyWidest + 1e-9, "balanced row wider than greedy's in \(c)")
            }
        }
    }

    @Test("Invariants with forced breaks among the items, over 300 random cases")
    func invariantsWithBreaks() {
        var g = SeededRandom(seed: 0xB2EA_C5)
        for _ in 0..<300 {
            let c = randomCase(&g, markers: true)
            guard let rows = checkInvariants(c) else { continue }
            // No empty rows: every row holds at least one item that is not a break.
            guard c.items.contains(where: { !isBreak($0) }) else { continue }
            for r in 0..<rows.rowCount {
                let real = (rows.starts[r]..<rows.starts[r + 1]).contains { (i: Int) -> Bool in !isBreak(c.items[i]) }
                #expect(real, "row \(r) holds only breaks in \(c)")
            }
        }
    }

    @Test("arrangement(of:width:) places pre-measured items where the Layout methods do",
          arguments: [false, true])
    func arrangementMatchesLayout(singlePass: Bool) {
        // With `singlePass`, every case takes the one-pass path (greedy, leading, no justification)
        // with raw sizes that may be NaN, infinite or negative.
        var g = SeededRandom(seed: singlePass ? 0x51_6E1E : 0xA11A_46E)
        for _ in 0..<300 {
            let n = Int.random(in: 0...40, using: &g)
            let odd: [CGFloat] = [.nan, .infinity, -.infinity, -3]
            let sizes = (0..<n).map { _ in
                singlePass && Int.random(in: 0..<10, using: &g) == 0
                    ? CGSize(width: odd.randomElement(using: &g) ?? 0, height: odd.randomElement(using: &g) ?? 0)
                    : CGSize(width: length(0...160, &g), height: length(0...40, &g))
            }
            let leading: [Alignment] = [.topLeading, .leading, .bottomLeading]
            var layout = FlowLayout(alignment: alignments[Int.random(in: 0..<9, using: &g)],
                                    itemSpacing: length(0...20, &g), lineSpacing: length(0...20, &g),
                                    justification: justifications[Int.random(in: 0..<4, using: &g)],
                                    lineBreaking: Bool.random(using: &g) ? .greedy : .balanced,
                                    maxRows: Bool.random(using: &g) ? nil : Int.random(in: 1...4, using: &g),
                                    fillsWidth: Bool.random(using: &g))
            if singlePass {
                layout.alignment = leading.randomElement(using: &g) ?? .topLeading
                layout.justification = .none
                layout.lineBreaking = .greedy
            }
            let width: CGFloat? = Int.random(in: 0..<8, using: &g) == 0 ? nil : length(10...500, &g)
            let arrangement = layout.arrangement(of: sizes, width: width)
            let host = LayoutHost(layout, subviews: leaves(sizes))
            let proposal = ProposedViewSize(width: width, height: nil)
            let size = host.sizeThatFits(proposal)
            let frames = host.placeSubviews(in: CGRect(origin: .zero, size: size), proposal: proposal).map(\.frame)
            #expect(arrangement.size == size)
            #expect(arrangement.hiddenCount == host.hiddenItemCount)
            #expect(arrangement.origins == frames.prefix(arrangement.origins.count).map(\.origin),
                    "\(layout) width \(String(describing: width)) sizes \(sizes)")
            var reused = layout.arrangement(of: (0..<50).map { _ in CGSize(width: 3, height: 3) }, width: 10)
            layout.arrange(sizes, width: width, into: &reused)
            #expect(reused == arrangement)
        }
    }
}
