// The row engine of FlowLayout: one row-breaking function shared by sizeThatFits, placeSubviews
// and the pre-measured `arrangement(of:width:)`, working on contiguous arrays.
//
// Correspondence with CSS Flexbox (https://www.w3.org/TR/css-flexbox-1/), for items that are
// `flex: none` in a `flex-wrap: wrap` container with `column-gap`/`row-gap` and
// `align-content: flex-start`:
//
// - §9.3 "Collect flex items into flex lines": items are collected in order; an item goes on the
//   current line if the line's items, the gaps between them and the item fit the container's inner
//   main size; a line always takes at least one item, so an item wider than the container is alone
//   on its line. `greedyRows` does exactly this, with a tolerance of half a CSS layout unit
//   (1/128 pt) so that sums equal in 1/64 units stay on the row.
// - §9.4 (cross sizes): a line is as tall as its items' aligned extent (`align-items` is the
//   vertical part of the alignment; baselines align like `align-items: baseline`).
// - §9.5 "Main-Axis Alignment" / `justify-content`: the leftover free space of each line goes
//   before the items (flex-start, center, flex-end = the horizontal alignment), or between them
//   (space-between), around them (space-around) or evenly (space-evenly), with CSS's fallbacks:
//   a single item with space-between starts at the leading edge. The one deliberate difference:
//   alignment is `safe` (CSS Box Alignment 3 §4.4): where plain `center` or `flex-end` would centre
//   or end-align an item wider than its line (negative free space), it starts at the leading edge,
//   as `safe center` and `safe flex-end` do. The space-* values already fall back to the start.

/// The inputs of the row engine, contiguous and sanitised (no NaN, infinite or negative values).
struct FlowInput {
    /// Item sizes; markers are zero.
    var sizes: [CGSize]
    /// Each item's vertical guide from its top; `nil` means `height × guideFraction`.
    var guides: [CGFloat]?
    var guideFraction: CGFloat
    /// The gap before each item (unused for the first item of a row; 0 around markers);
    /// `nil` means `uniformGap` everywhere.
    var gaps: [CGFloat]?
    var uniformGap: CGFloat
    /// Forced-break markers (line breaks and spacers); `nil` means none.
    var markers: [Bool]?
    /// Each item's spacing preference, when line spacing comes from the subviews.
    var spacings: [ViewSpacing]?
    /// The distance between rows when it does not come from the subviews.
    var uniformLineSpacing: CGFloat
    /// Each item's width for an infinite proposal (for `.stretch`); `nil` means inflexible.
    var maxWidths: [CGFloat]?
    /// The widest item that is not a marker.
    var widest: CGFloat

    var count: Int { sizes.count }

    @inline(__always) func isMarker(_ i: Int) -> Bool { markers?[i] ?? false }
    @inline(__always) func gap(before i: Int) -> CGFloat { gaps?[i] ?? uniformGap }
    @inline(__always) func guide(_ i: Int) -> CGFloat { guides?[i] ?? sizes[i].height * guideFraction }
}

/// Rows as the engine breaks them, with their vertical metrics.
struct FlowRows: Equatable {
    /// `starts[r]` is the first item of row r; `starts[rowCount]` is the number of visible items.
    var starts: [Int] = [0]
    /// The content width of each row: its items and the gaps between them.
    var widths: [CGFloat] = []
    /// The guide line of each row, from the row's top.
    var ascents: [CGFloat] = []
    /// Each row's height.
    var heights: [CGFloat] = []
    /// Each row's top.
    var tops: [CGFloat] = []
    /// How many trailing items `maxRows` hid.
    var hidden = 0
    var contentWidth: CGFloat = 0
    var height: CGFloat = 0

    var rowCount: Int { widths.count }
    var visibleCount: Int { starts[starts.count - 1] }
}

/// How much a sum may exceed the container width and still fit: half a CSS layout unit.
let flowFitTolerance: CGFloat = 1.0 / 128

// MARK: - Greedy breaking

protocol FlowGapSource {
    func gap(before i: Int) -> CGFloat
}

struct UniformGaps: FlowGapSource {
    let value: CGFloat
    @inline(__always) func gap(before i: Int) -> CGFloat { value }
}

struct ArrayGaps: FlowGapSource {
    let base: UnsafeBufferPointer<CGFloat>
    @inline(__always) func gap(before i: Int) -> CGFloat { base[i] }
}

protocol FlowMarkerSource {
    func isMarker(_ i: Int) -> Bool
}

struct NoMarkers: FlowMarkerSource {
    @inline(__always) func isMarker(_ i: Int) -> Bool { false }
}

struct ArrayMarkers: FlowMarkerSource {
    let base: UnsafeBufferPointer<Bool>
    @inline(__always) func isMarker(_ i: Int) -> Bool { base[i] }
}

/// Breaks items into rows greedily: CSS Flexbox §9.3, "collect flex items into flex lines".
///
/// An item joins the current row if the row's width, the gap and the item's width together are at
/// most `limit`; otherwise it starts a new row. A row always takes at least one item. A marker
/// always joins the current row and ends it, unless the row has nothing before it or nothing
/// follows it: markers never make a row of their own.
///
/// - Parameters:
///   - sizes: The item sizes.
///   - gaps: The gap before each item.
///   - markers: Which items are forced breaks.
///   - limit: The container width plus the fit tolerance (may be infinite).
///   - maxRows: The most rows to make.
///   - starts: Receives the first item of each row after the first (row 0 starts at 0).
///   - widths: Receives each row's width.
/// - Returns: The number of items on the rows (the rest are hidden by `maxRows`).
/// - Complexity: O(n), one pass, no allocation per item.
@inline(__always)
func greedyRows<G: FlowGapSource, M: FlowMarkerSource>(
    sizes: UnsafeBufferPointer<CGSize>, gaps: G, markers: M, limit: CGFloat, maxRows: Int,
    starts: inout [Int], widths: inout [CGFloat]
) -> Int {
    let n = sizes.count
    guard n > 0, maxRows > 0 else { return 0 }
    var rowWidth: CGFloat = 0
    var rowHasItem = false  // false while the row holds nothing but markers
    for i in 0..<n {
        let w = sizes[i].width
        let marker = markers.isMarker(i)
        if !rowHasItem {
            // Markers before it are zero-wide with zero gaps: the row starts here.
            rowWidth = w
            rowHasItem = !marker
            continue
        }
        let candidate = rowWidth + gaps.gap(before: i) + w
        if candidate > limit && !marker {
            widths.append(rowWidth)
            if widths.count == maxRows { return i }
            starts.append(i)
            rowWidth = w
            continue
        }
        rowWidth = candidate
        if marker && i + 1 < n {
            widths.append(rowWidth)
            if widths.count == maxRows { return i + 1 }
            starts.append(i + 1)
            rowWidth = 0
            rowHasItem = false
        }
    }
    if !rowHasItem && !widths.isEmpty {
        // Only breaks after the last row's end: they stay at the end of that row.
        starts.removeLast()
        return n
    }
    widths.append(rowWidth)
    return n
}

extension FlowInput {
    /// Breaks the items into rows for a width, greedily, and computes the rows' vertical metrics.
    ///
    /// - Parameters:
    ///   - width: The container width (infinite for one row).
    ///   - maxRows: The most rows to make.
    ///   - balanced: Whether to rebalance the greedy rows (see `balanceRows`).
    /// - Returns: The rows.
    /// - Complexity: O(n) for greedy; balancing adds the cost documented there.
    func rows(width: CGFloat, maxRows: Int, balanced: Bool) -> FlowRows {
        var rows = FlowRows()
        let n = count
        rows.starts.reserveCapacity(Swift.min(n, 1 << 16) + 1)
        let limit = width + flowFitTolerance
        let visible = sizes.withUnsafeBufferPointer { sizeBuffer -> Int in
            switch (gaps, markers) {
            case (nil, nil):
                return greedyRows(sizes: sizeBuffer, gaps: UniformGaps(value: uniformGap), markers: NoMarkers(),
                                  limit: limit, maxRows: maxRows, starts: &rows.starts, widths: &rows.widths)
            default:
                let gapArray = gaps ?? [CGFloat](repeating: uniformGap, count: n)
                let markerArray = markers ?? [Bool](repeating: false, count: n)
                return gapArray.withUnsafeBufferPointer { g in
                    markerArray.withUnsafeBufferPointer { m in
                        greedyRows(sizes: sizeBuffer, gaps: ArrayGaps(base: g), markers: ArrayMarkers(base: m),
                                   limit: limit, maxRows: maxRows, starts: &rows.starts, widths: &rows.widths)
                    }
                }
            }
        }
        rows.starts.append(visible)
        rows.hidden = n - visible
        if balanced { balanceRows(&rows, limit: limit) }
        measureRows(&rows)
        return rows
    }

    /// Computes each row's guide line, height and top, and the content size.
    ///
    /// - Complexity: O(visible items).
    func measureRows(_ rows: inout FlowRows) {
        let k = rows.rowCount
        rows.ascents = [CGFloat](repeating: 0, count: k)
        rows.heights = [CGFloat](repeating: 0, count: k)
        rows.tops = [CGFloat](repeating: 0, count: k)
        if guides == nil && markers == nil && spacings == nil {
            measureUniformRows(&rows)
            return
        }
        var y: CGFloat = 0
        var contentWidth: CGFloat = 0
        var previousBottom = ViewSpacing()
        for r in 0..<k {
            var ascent = -CGFloat.infinity
            var descent = -CGFloat.infinity
            var top = ViewSpacing()
            var bottom = ViewSpacing()
            for i in rows.starts[r]..<rows.starts[r + 1] where !isMarker(i) {
                let g = guide(i)
                ascent = Swift.max(ascent, g)
                descent = Swift.max(descent, sizes[i].height - g)
                if let spacings {
                    top.formUnion(spacings[i], edges: .top)
                    bottom.formUnion(spacings[i], edges: .bottom)
                }
            }
            if ascent == -.infinity { (ascent, descent) = (0, 0) }
            if r > 0 {
                let gap = spacings == nil ? uniformLineSpacing : previousBottom.distance(to: top, along: .vertical)
                y += gap
            }
            rows.ascents[r] = ascent
            rows.heights[r] = Swift.max(0, ascent + descent)
            rows.tops[r] = y
            y += rows.heights[r]
            previousBottom = bottom
            contentWidth = Swift.max(contentWidth, rows.widths[r])
        }
        rows.contentWidth = contentWidth
        rows.height = y
    }

    /// `measureRows` for items without markers, explicit guides or spacing preferences: a row is
    /// as tall as its tallest item, and its guide line lies at that height times the guide
    /// fraction.
    ///
    /// - Complexity: O(visible items), one read of each height.
    private func measureUniformRows(_ rows: inout FlowRows) {
        let k = rows.rowCount
        var y: CGFloat = 0
        var contentWidth: CGFloat = 0
        let fraction = guideFraction
        let lineGap = uniformLineSpacing
        sizes.withUnsafeBufferPointer { sizes in
            rows.starts.withUnsafeBufferPointer { starts in
                for r in 0..<k {
                    var tallest: CGFloat = 0
                    for i in starts[r]..<starts[r + 1] {
                        tallest = Swift.max(tallest, sizes[i].height)
                    }
                    if r > 0 { y += lineGap }
                    rows.ascents[r] = tallest * fraction
                    rows.heights[r] = tallest
                    rows.tops[r] = y
                    y += tallest
                    contentWidth = Swift.max(contentWidth, rows.widths[r])
                }
            }
        }
        rows.contentWidth = contentWidth
        rows.height = y
    }
}

// MARK: - Positions

/// How a row's free space is used, as CSS `justify-content` does.
struct FlowPlacementOptions {
    var horizontalFraction: CGFloat
    var justification: FlowLayout.Justification
    var justifiesLastRow: Bool
}

extension FlowInput {
    /// Computes the origin of every visible item, in leading-to-trailing coordinates relative to
    /// the container's top-leading corner: CSS Flexbox §9.5 (main-axis alignment,
    /// `justify-content`) and the cross-axis alignment within each row.
    ///
    /// - Parameters:
    ///   - alignWidth: The width the rows are aligned in.
    ///   - options: Alignment and justification.
    ///   - origins: Receives one origin per visible item.
    ///   - widths: Receives each visible item's final width (grown by `.stretch`), or stays empty
    ///     when nothing grows.
    /// - Complexity: O(visible items); `.stretch` adds O(m²) per row of m flexible items.
    func positions(rows: FlowRows, alignWidth: CGFloat, options: FlowPlacementOptions,
                   origins: UnsafeMutableBufferPointer<CGPoint>, widths: inout [CGFloat]) {
        let k = rows.rowCount
        for r in 0..<k {
            let start = rows.starts[r]
            let end = rows.starts[r + 1]
            let free = alignWidth - rows.widths[r]
            let lastish = r == k - 1 || isMarker(end - 1)
            let mode = lastish && !options.justifiesLastRow ? .none : options.justification
            var offset: CGFloat = 0
            var extra: CGFloat = 0
            if free > 0 {
                let m = markers == nil ? end - start : (start..<end).reduce(0) { $0 + (isMarker($1) ? 0 : 1) }
                switch mode {
                case .none:
                    offset = free * options.horizontalFraction
                case .spaceBetween:
                    if m > 1 { extra = free / CGFloat(m - 1) }
                case .spaceAround:
                    if m > 0 { extra = free / CGFloat(m); offset = extra / 2 }
                case .spaceEvenly:
                    extra = free / CGFloat(m + 1)
                    offset = extra
                case .stretch:
                    // Rows without flexible items stay at the leading edge, as CSS `stretch` does.
                    _ = grow(start..<end, free: free, widths: &widths)
                }
            }
            let top = rows.tops[r]
            let ascent = rows.ascents[r]
            if isUniform && widths.isEmpty {
                placeUniformRow(start..<end, x: offset, extra: extra, top: top + ascent, origins: origins)
                continue
            }
            var x = offset
            var seenItem = false
            for i in start..<end {
                if i > start { x += gap(before: i) }
                if isMarker(i) {
                    origins[i] = CGPoint(x: x, y: top)
                    continue
                }
                if seenItem { x += extra }
                seenItem = true
                origins[i] = CGPoint(x: x, y: top + ascent - guide(i))
                x += widths.isEmpty ? sizes[i].width : widths[i]
            }
        }
    }

    /// Whether the items have no markers, explicit guides or per-pair gaps (the fast path).
    private var isUniform: Bool { guides == nil && markers == nil && gaps == nil }

    /// Places one row of uniform items (see `isUniform`): each item's top is the guide line minus
    /// its guide value.
    @inline(__always)
    private func placeUniformRow(_ range: Range<Int>, x start: CGFloat, extra: CGFloat, top guideLine: CGFloat,
                                 origins: UnsafeMutableBufferPointer<CGPoint>) {
        let gap = uniformGap
        let fraction = guideFraction
        sizes.withUnsafeBufferPointer { sizes in
            var x = start
            for i in range {
                let size = sizes[i]
                if i > range.lowerBound {
                    x += gap
                    x += extra
                }
                origins[i] = CGPoint(x: x, y: guideLine - size.height * fraction)
                x += size.width
            }
        }
    }

    /// Grows the flexible items of a row to absorb `free` (CSS flex-grow with equal factors,
    /// frozen at each item's maximum width).
    ///
    /// - Returns: Whether any item grew.
    private func grow(_ range: Range<Int>, free: CGFloat, widths: inout [CGFloat]) -> Bool {
        guard let maxWidths else { return false }
        var flexible = range.filter { !isMarker($0) && maxWidths[$0] > sizes[$0].width }
        guard !flexible.isEmpty else { return false }
        if widths.isEmpty { widths = sizes.map(\.width) }
        var remaining = free
        while remaining > 0, !flexible.isEmpty {
            let share = remaining / CGFloat(flexible.count)
            let capped = flexible.filter { maxWidths[$0] - widths[$0] <= share }
            if capped.isEmpty {
                for i in flexible { widths[i] += share }
                remaining = 0
            } else {
                for i in capped {
                    remaining -= maxWidths[i] - widths[i]
                    widths[i] = maxWidths[i]
                }
                flexible.removeAll { capped.contains($0) }
            }
        }
        return true
    }
}

// MARK: - Single-pass path

/// Greedy rows (CSS Flexbox §9.3, as `greedyRows`) and item origins in one pass over raw sizes,
/// for items whose rows all start at the leading edge (no justification, leading alignment, a
/// uniform gap, no markers and default guides). Each row is placed as soon as it closes, while
/// its items are still in the cache, and sizes are sanitised as they are read, so the items are
/// read once and every origin written once.
///
/// - Parameters:
///   - sizes: The item sizes, possibly NaN, infinite or negative (read as zero).
///   - width: The container width (infinite for one row).
///   - gap: The distance between items.
///   - lineGap: The distance between rows.
///   - guideFraction: Where the items' vertical guide lies, as a fraction of their height.
///   - maxRows: The most rows to make.
///   - origins: Room for one origin per item; the first `visible` are written.
///   - rows: Receives the items of each row.
/// - Returns: The number of visible items, the widest row and the total height.
/// - Complexity: O(n); no allocation other than `rows`' growth.
func leadingRowsAndOrigins(sizes: UnsafeBufferPointer<CGSize>, width: CGFloat, gap: CGFloat, lineGap: CGFloat,
                           guideFraction fraction: CGFloat, maxRows: Int,
                           origins: UnsafeMutableBufferPointer<CGPoint>,
                           rows: inout [Range<Int>]) -> (visible: Int, contentWidth: CGFloat, height: CGFloat) {
    let n = sizes.count
    guard n > 0, maxRows > 0 else { return (0, 0, 0) }
    let limit = width + flowFitTolerance
    var y: CGFloat = 0
    var contentWidth: CGFloat = 0
    var rowStart = 0
    var rowWidth = sizes[0].width.sanitizedLength
    var tallest = sizes[0].height.sanitizedLength
    var i = 1
    while true {
        if i < n {
            let w = sizes[i].width.sanitizedLength
            let candidate = rowWidth + gap + w
            if candidate <= limit {
                rowWidth = candidate
                tallest = Swift.max(tallest, sizes[i].height.sanitizedLength)
                i += 1
                continue
            }
        }
        // Place the row that just closed.
        let guideLine = y + tallest * fraction
        var x: CGFloat = 0
        for j in rowStart..<i {
            let w = sizes[j].width.sanitizedLength
            origins[j] = CGPoint(x: x, y: guideLine - sizes[j].height.sanitizedLength * fraction)
            x += w
            x += gap
        }
        rows.append(rowStart..<i)
        contentWidth = Swift.max(contentWidth, rowWidth)
        y += tallest
        if i == n || rows.count == maxRows { return (i, contentWidth, y) }
        y += lineGap
        rowStart = i
        rowWidth = sizes[i].width.sanitizedLength
        tallest = sizes[i].height.sanitizedLength
        i += 1
    }
}
