// Balanced line breaking: the same rows count as greedy, rows as even as possible.

extension FlowInput {
    /// Rebreaks greedy rows into the same number of rows with minimum raggedness.
    ///
    /// Works on each run of rows between forced breaks (a *segment*) separately. For a segment of
    /// k ≥ 2 greedy rows whose widest row within the container is C, it chooses the k-row
    /// partition that minimises Σ (C − rowWidth)² over all k rows (the last included, as CSS
    /// `text-wrap: balance` does), subject to every row being at most C wide. An item wider than
    /// the container is alone on its row in every partition; such rows cost nothing. Because the
    /// greedy rows fit in C, a partition exists; because C is the greedy widest row, no balanced
    /// row is wider than greedy's widest.
    ///
    /// The dynamic programme only considers break positions between the reverse-greedy and the
    /// greedy break of each row (every k-row partition lies between those two), which keeps it
    /// close to linear for ordinary items.
    ///
    /// - Parameters:
    ///   - rows: Greedy rows; their starts and widths are replaced.
    ///   - limit: The container width plus the fit tolerance.
    /// - Complexity: O(Σ wᵣ·wᵣ₋₁) where wᵣ is the number of candidate breaks for row r: about
    ///   O(n·m) for n items and m items per row, O(n²) in the worst case.
    func balanceRows(_ rows: inout FlowRows, limit containerLimit: CGFloat) {
        let k = rows.rowCount
        guard k >= 2 else { return }
        var newStarts = [0]
        newStarts.reserveCapacity(k + 1)
        var segmentFirstRow = 0
        for r in 0..<k {
            let end = rows.starts[r + 1]
            let forced = isMarker(end - 1) && r < k - 1
            guard forced || r == k - 1 else { continue }
            let segmentRows = Array(rows.starts[segmentFirstRow...(r + 1)])
            let balanced = segmentRows.count > 2 ? balanceSegment(starts: segmentRows, containerLimit: containerLimit) ?? segmentRows : segmentRows
            newStarts.append(contentsOf: balanced.dropFirst())
            segmentFirstRow = r + 1
        }
        rows.starts = newStarts
        rows.widths = (0..<k).map { width(of: newStarts[$0]..<newStarts[$0 + 1]) }
    }

    /// The width of a run of items on one row: their widths and the gaps between them.
    func width(of range: Range<Int>) -> CGFloat {
        var total: CGFloat = 0
        for i in range {
            if i > range.lowerBound { total += gap(before: i) }
            total += sizes[i].width
        }
        return total
    }

    /// Balances one segment; `starts` holds its greedy row starts and its end.
    ///
    /// - Returns: The balanced starts (same count), or `nil` if floating-point rounding made the
    ///   bounds inconsistent (the greedy rows are kept then).
    private func balanceSegment(starts: [Int], containerLimit: CGFloat) -> [Int]? {
        let a = starts[0]
        let len = starts[starts.count - 1] - a
        let k = starts.count - 1
        // prefix[j] = Σ over items a..<a+j of width + gap before (the first item's gap excluded).
        var prefix = [CGFloat](repeating: 0, count: len + 1)
        for j in 0..<len {
            prefix[j + 1] = prefix[j] + sizes[a + j].width + (j > 0 ? gap(before: a + j) : 0)
        }
        @inline(__always) func rowWidth(_ s: Int, _ e: Int) -> CGFloat {
            prefix[e] - prefix[s] - (s > 0 ? gap(before: a + s) : 0)
        }
        var capacity: CGFloat = 0
        for r in 0..<k {
            let width = rowWidth(starts[r] - a, starts[r + 1] - a)
            if width <= containerLimit { capacity = Swift.max(capacity, width) }
        }
        let limit = capacity + 1e-9 * Swift.max(1, capacity)
        /// A row fits if it is within the capacity, or is a single (possibly oversized) item.
        @inline(__always) func fits(_ s: Int, _ e: Int) -> Bool { e - s == 1 || rowWidth(s, e) <= limit }

        // Latest start of each row when the rows after it are packed from the end.
        var reverse = [Int](repeating: 0, count: k + 1)
        reverse[k] = len
        var end = len
        for r in stride(from: k - 1, through: 1, by: -1) {
            // Each of the r rows before this one needs at least one item.
            guard end - 1 >= r else { return nil }
            var s = end - 1
            while s > r && fits(s - 1, end) { s -= 1 }
            reverse[r] = s
            end = s
        }
        guard fits(0, end) else { return nil }

        // best[b - lo]: least cost of rows 0...r with row r ending (exclusive) at b.
        var previousLow = 0
        var previousCost: [CGFloat] = [0]
        var parents: [[Int]] = []
        parents.reserveCapacity(k)
        for r in 0..<k {
            let low = r == k - 1 ? len : reverse[r + 1]
            let high = r == k - 1 ? len : starts[r + 1] - a
            guard low <= high else { return nil }
            var cost = [CGFloat](repeating: .infinity, count: high - low + 1)
            var parent = [Int](repeating: -1, count: high - low + 1)
            for b in low...high {
                for (offset, base) in previousCost.enumerated() where base.isFinite {
                    let p = previousLow + offset
                    guard p < b else { break }
                    guard fits(p, b) else { continue }
                    let slack = Swift.max(0, capacity - rowWidth(p, b))
                    let total = base + slack * slack
                    if total < cost[b - low] {
                        cost[b - low] = total
                        parent[b - low] = p
                    }
                }
            }
            parents.append(parent)
            previousLow = low
            previousCost = cost
        }
        guard let last = previousCost.last, last.isFinite else { return nil }
        var result = [Int](repeating: 0, count: k + 1)
        result[k] = len
        var b = len
        for r in stride(from: k - 1, through: 1, by: -1) {
            let low = r == k - 1 ? len : reverse[r + 1]
            let p = parents[r][b - low]
            guard p >= 0 else { return nil }
            result[r] = p
            b = p
        }
        return result.map { $0 + a }
    }
}
