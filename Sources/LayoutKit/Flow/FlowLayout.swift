/// A layout that arranges its subviews in rows, wrapping to a new row when the next one does not
/// fit: a tag cloud, a set of chips, CSS `flex-wrap: wrap`.
///
/// Options:
/// - ``itemSpacing`` and ``lineSpacing``: fixed distances, or `nil` for the subviews' own
///   preferred spacing (``ViewSpacing``), as the "wrapping HStack" article does;
/// - ``alignment``: the horizontal part aligns each row within the container's width, the
///   vertical part aligns items within their row (top, center, bottom, first or last text
///   baseline, or any custom guide);
/// - ``justification``: none, space-between, space-around, space-evenly or stretch, applied to
///   every row like CSS `justify-content`; ``justifiesLastRow`` set to `false` keeps the last row
///   (and every row ended by a forced break) aligned instead;
/// - ``lineBreaking``: greedy (CSS flex-wrap) or balanced (same rows count, even rows);
/// - forced breaks: a subview with ``LineBreakLayoutKey`` or ``SpacerLayoutKey``;
/// - ``maxRows``: rows past it are hidden, and ``Cache/hiddenItemCount`` says how many items
///   that hid, so a renderer can show "+N more";
/// - ``fillsWidth``: report the proposed width (and align rows in it) rather than hug the rows.
///
/// Proposals: `.unspecified` and an infinite width give the ideal size (one row, apart from
/// forced breaks); a width of zero gives the minimum size (rows broken at the widest item's
/// width); any other width breaks the rows at that width. The height of a proposal is ignored:
/// the rows take the height they need. An item wider than the container goes alone on its row,
/// at the leading edge whatever the alignment (CSS's `safe` alignment). Sizes and spacings that are NaN, infinite or negative count as zero.
///
/// Right-to-left: like every layout, FlowLayout computes in leading-to-trailing coordinates and
/// ``LayoutHost`` mirrors the placements, so rows start at the right and read right to left.
///
/// Each subview is measured once per pass (at its ideal size, `.unspecified`), when the cache is
/// made or updated; rows are memoised per proposed width, and ``sizeThatFits(proposal:subviews:cache:)``
/// and ``placeSubviews(in:proposal:subviews:cache:)`` share them.
public struct FlowLayout: Layout, Hashable {
    /// How a row's free space is distributed, like CSS `justify-content`.
    public enum Justification: Hashable, Sendable {
        /// No justification: the row is placed by the horizontal part of ``FlowLayout/alignment``.
        case none
        /// The free space goes between the items (CSS `space-between`); a single item starts at
        /// the leading edge.
        case spaceBetween
        /// Every item gets an equal share of the free space, half on each side (CSS `space-around`).
        case spaceAround
        /// The free space is split evenly before, between and after the items (CSS `space-evenly`).
        case spaceEvenly
        /// Flexible items (those wider for an infinite proposal than for an unspecified one) grow
        /// equally, each up to its maximum, until the row is full (like `flex-grow: 1`); a row
        /// without flexible items starts at the leading edge, as CSS `stretch` does.
        case stretch
    }

    /// How items are broken into rows.
    public enum LineBreaking: Hashable, Sendable {
        /// Each row takes as many items as fit (CSS `flex-wrap`): the fewest rows.
        case greedy
        /// The same number of rows as greedy, with rows as even as possible (minimum raggedness).
        case balanced
    }

    /// The alignment of rows in the container (horizontal) and of items in their row (vertical).
    public var alignment: Alignment
    /// The horizontal distance between items, or `nil` for the subviews' preferred spacing.
    public var itemSpacing: CGFloat?
    /// The vertical distance between rows, or `nil` for the subviews' preferred spacing.
    public var lineSpacing: CGFloat?
    /// How each row's free space is used.
    public var justification: Justification
    /// Whether the last row (and every row ended by a forced break) is justified too, as CSS
    /// `justify-content` does; `false` aligns those rows with ``alignment`` instead.
    public var justifiesLastRow: Bool
    /// How items are broken into rows.
    public var lineBreaking: LineBreaking
    /// The most rows to show, or `nil` for no limit.
    public var maxRows: Int?
    /// Whether the layout takes the whole proposed width (and aligns its rows in it) rather than
    /// the width of its widest row.
    public var fillsWidth: Bool
    /// Whether the subviews are measured on every core when there are at least
    /// ``ConcurrentlyMeasuredLayout/concurrentMeasuringThreshold`` of them (the same sizes, guides
    /// and spacings as measured one by one; ``LayoutHost`` sizes them for their placements so too).
    /// Only for subviews that can be measured on any thread, several at once: views that keep
    /// their state in their own nodes, such as a tag cloud's chips. `false` by default.
    public var measuresSubviewsConcurrently: Bool = false

    /// Creates a flow layout.
    ///
    /// - Parameters:
    ///   - alignment: The alignment of rows (horizontal part) and of items in rows (vertical part).
    ///   - itemSpacing: The distance between items, or `nil` for the subviews' preferred spacing.
    ///   - lineSpacing: The distance between rows, or `nil` for the subviews' preferred spacing.
    ///   - justification: How each row's free space is used.
    ///   - justifiesLastRow: Whether the last row is justified too.
    ///   - lineBreaking: Greedy or balanced rows.
    ///   - maxRows: The most rows to show, or `nil`.
    ///   - fillsWidth: Whether to take the whole proposed width.
    public init(alignment: Alignment = .topLeading, itemSpacing: CGFloat? = nil, lineSpacing: CGFloat? = nil,
                justification: Justification = .none, justifiesLastRow: Bool = true,
                lineBreaking: LineBreaking = .greedy, maxRows: Int? = nil, fillsWidth: Bool = false) {
        self.alignment = alignment
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.justification = justification
        self.justifiesLastRow = justifiesLastRow
        self.lineBreaking = lineBreaking
        self.maxRows = maxRows
        self.fillsWidth = fillsWidth
    }

    /// A horizontal stack orientation: a `Spacer` among the subviews is a forced line break.
    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    /// What the layout keeps between calls: the subviews' measurements of the current pass and the
    /// rows of recent proposals.
    public struct Cache {
        var input: FlowInput?
        var memo: [(layout: FlowLayout, width: CGFloat, rows: FlowRows)] = []
        /// How many trailing subviews ``FlowLayout/maxRows`` hid in the latest call (the latest
        /// ``FlowLayout/placeSubviews(in:proposal:subviews:cache:)`` once the layout is placed).
        public internal(set) var hiddenItemCount = 0
        /// How many rows the latest call made.
        public internal(set) var rowCount = 0
    }

    /// Creates an empty cache; measuring waits for the first call that needs sizes.
    ///
    /// - Returns: The cache.
    public func makeCache(subviews: Subviews) -> Cache { Cache() }

    /// Forgets the measurements and rows: the next call measures again.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = Cache()
    }

    /// The size of the rows for a proposal.
    ///
    /// - Parameters:
    ///   - proposal: The proposal; only its width matters (see the type's discussion).
    ///   - subviews: The subviews of the container, measured once into the cache.
    ///   - cache: The layout's cache: the measurements, the rows of the last four widths, and
    ///     ``Cache/hiddenItemCount`` and ``Cache/rowCount`` for this proposal.
    /// - Returns: The hugging or filling width by the rows' total height.
    /// - Complexity: O(n) the first time for a width (balanced: see ``LineBreaking/balanced``),
    ///   O(1) after.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let rows = self.rows(for: proposal.width, subviews: subviews, cache: &cache)
        return CGSize(width: reportedWidth(proposal.width, rows: rows), height: rows.height)
    }

    /// Places the subviews in rows.
    ///
    /// Rows are broken for `proposal` (the same rows as ``sizeThatFits(proposal:subviews:cache:)``)
    /// and aligned within `bounds.width`. Items are proposed their measured size; forced-break
    /// subviews get a zero proposal at the end of their row; subviews hidden by ``maxRows`` are
    /// hidden (``LayoutSubview/placeHidden(at:)``: a zero proposal at the bounds' bottom-trailing
    /// corner, and drawn by no host).
    ///
    /// - Parameters:
    ///   - bounds: The region the parent allocated to the container, in the parent's coordinates;
    ///     rows are aligned within its width (the rows' own width if it is not finite).
    ///   - proposal: The proposal the bounds came from.
    ///   - subviews: The subviews of the container; each is placed once.
    ///   - cache: The layout's cache, as ``sizeThatFits(proposal:subviews:cache:)`` uses it.
    /// - Complexity: O(n).
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        let rows = self.rows(for: proposal.width, subviews: subviews, cache: &cache)
        guard let input = cache.input else { return }
        let alignWidth = bounds.width.isFinite && bounds.width >= 0 ? bounds.width : rows.contentWidth
        var origins = [CGPoint](repeating: .zero, count: rows.visibleCount)
        var widths: [CGFloat] = []
        origins.withUnsafeMutableBufferPointer { buffer in
            input.positions(rows: rows, alignWidth: alignWidth, options: placementOptions, origins: buffer,
                            widths: &widths)
        }
        let minX = bounds.minX.isFinite ? bounds.minX : 0
        let minY = bounds.minY.isFinite ? bounds.minY : 0
        for (offset, subview) in subviews.enumerated() {
            guard offset < rows.visibleCount else {
                subview.placeHidden(at: CGPoint(x: minX + alignWidth, y: minY + rows.height))
                continue
            }
            let origin = CGPoint(x: minX + origins[offset].x, y: minY + origins[offset].y)
            if input.isMarker(offset) {
                subview.place(at: origin, anchor: .topLeading, proposal: .zero)
            } else {
                let size = input.sizes[offset]
                let width = widths.isEmpty ? size.width : widths[offset]
                subview.place(at: origin, anchor: .topLeading,
                              proposal: ProposedViewSize(width: width, height: size.height))
            }
        }
    }

    private var placementOptions: FlowPlacementOptions {
        FlowPlacementOptions(horizontalFraction: alignment.horizontal.key.unitFraction, justification: justification,
                             justifiesLastRow: justifiesLastRow)
    }

    /// The width the layout reports for a proposed width.
    private func reportedWidth(_ proposed: CGFloat?, rows: FlowRows) -> CGFloat {
        reportedWidth(proposed, contentWidth: rows.contentWidth)
    }

    private func reportedWidth(_ proposed: CGFloat?, contentWidth: CGFloat) -> CGFloat {
        guard fillsWidth, let proposed, proposed.isFinite, proposed > 0 else { return contentWidth }
        return Swift.max(proposed, contentWidth)
    }

    /// The width rows are broken at for a proposed width: infinite for `nil`, NaN or infinity,
    /// the widest item for zero or less (the minimum size), the width itself otherwise.
    private func breakWidth(_ proposed: CGFloat?, widest: CGFloat) -> CGFloat {
        guard let proposed, !proposed.isNaN else { return .infinity }
        return proposed > 0 ? proposed : widest
    }

    /// The rows for a proposed width: measured once per pass, memoised per width.
    private func rows(for proposedWidth: CGFloat?, subviews: Subviews, cache: inout Cache) -> FlowRows {
        if cache.input == nil { cache.input = measure(subviews) }
        guard let input = cache.input else { return FlowRows() }
        let width = breakWidth(proposedWidth, widest: input.widest)
        let rows: FlowRows
        if let hit = cache.memo.first(where: { $0.width == width && $0.layout == self }) {
            rows = hit.rows
        } else {
            rows = input.rows(width: width, maxRows: maxRows ?? .max, balanced: lineBreaking == .balanced)
            if cache.memo.count >= 4 { cache.memo.removeFirst() }
            cache.memo.append((self, width, rows))
        }
        cache.hiddenItemCount = rows.hidden
        cache.rowCount = rows.rowCount
        return rows
    }

    /// Measures every subview once: ideal size, vertical guide, break markers, spacing, and the
    /// maximum width when stretching; on every core for many subviews when
    /// ``measuresSubviewsConcurrently`` allows it (each subview's values go to its own slots).
    private func measure(_ subviews: Subviews) -> FlowInput {
        let n = subviews.count
        let needsSpacing = itemSpacing == nil || lineSpacing == nil
        var sizes = [CGSize](repeating: .zero, count: n)
        var guides = [CGFloat](repeating: 0, count: n)
        var markers = [Bool](repeating: false, count: n)
        var spacings = needsSpacing ? [ViewSpacing](repeating: ViewSpacing(), count: n) : []
        var maxWidths = justification == .stretch ? [CGFloat](repeating: 0, count: n) : []
        let guide = alignment.vertical
        let stretches = justification == .stretch
        sizes.withUnsafeMutableBufferPointer { sizes in
            guides.withUnsafeMutableBufferPointer { guides in
                markers.withUnsafeMutableBufferPointer { markers in
                    spacings.withUnsafeMutableBufferPointer { spacings in
                        maxWidths.withUnsafeMutableBufferPointer { maxWidths in
                            let measureOne = { (offset: Int) in
                                let subview = subviews[offset]
                                if subview[LineBreakLayoutKey.self] || subview[SpacerLayoutKey.self] {
                                    markers[offset] = true
                                    return
                                }
                                let dimensions = subview.dimensions(in: .unspecified)
                                let size = CGSize(width: dimensions.width.sanitizedLength,
                                                  height: dimensions.height.sanitizedLength)
                                sizes[offset] = size
                                // An explicit guide as given; a default one from the sanitised size.
                                guides[offset] = (dimensions[explicit: guide]
                                    ?? guide.key.id.defaultValue(in: ViewDimensions(size: size))).sanitizedGuide
                                if needsSpacing { spacings[offset] = subview.spacing }
                                if stretches {
                                    let wide = subview.sizeThatFits(ProposedViewSize(width: .infinity, height: size.height)).width
                                    maxWidths[offset] = wide.isNaN ? size.width
                                        : Swift.max(size.width, wide.isInfinite ? .greatestFiniteMagnitude : wide)
                                }
                            }
                            forEachSubviewIndex(n, concurrently: measuresSubviewsConcurrently, measureOne)
                        }
                    }
                }
            }
        }
        let anyMarker = markers.contains(true)
        let widest = sizes.reduce(0) { Swift.max($0, $1.width) }
        var gaps: [CGFloat]?
        let uniformGap = (itemSpacing ?? ViewSpacing.defaultDistance).sanitizedLength
        if itemSpacing == nil || anyMarker {
            var array = [CGFloat](repeating: 0, count: n)
            for i in 1..<Swift.max(n, 1) where !markers[i] && !markers[i - 1] {
                array[i] = itemSpacing?.sanitizedLength
                    ?? spacings[i - 1].distance(to: spacings[i], along: .horizontal)
            }
            gaps = array
        }
        return FlowInput(sizes: sizes, guides: guides, guideFraction: 0, gaps: gaps, uniformGap: uniformGap,
                         markers: anyMarker ? markers : nil, spacings: lineSpacing == nil ? spacings : nil,
                         uniformLineSpacing: (lineSpacing ?? ViewSpacing.defaultDistance).sanitizedLength,
                         maxWidths: justification == .stretch ? maxWidths : nil, widest: widest)
    }

}

extension FlowLayout: ConcurrentlyMeasuredLayout {}

extension FlowLayout {
    /// Rows and item positions computed from pre-measured sizes, without subviews.
    public struct Arrangement: Equatable, Sendable {
        /// The size the layout reports (hugging, or filling when ``FlowLayout/fillsWidth``).
        public var size: CGSize
        /// The items of each row, in order.
        public var rows: [Range<Int>]
        /// The origin of each shown item, in leading-to-trailing coordinates from the container's
        /// top-leading corner.
        public var origins: [CGPoint]
        /// How many trailing items ``FlowLayout/maxRows`` hid (they have no origin).
        public var hiddenCount: Int
    }

    /// Lays out pre-measured items: the same engine as the ``Layout`` methods, for callers that
    /// already know the sizes (benchmarks, tests, renderers that measured ahead).
    ///
    /// Items are neither markers nor flexible; spacing that is `nil` falls back to the default
    /// 8 points; every item's vertical guide is its default value for ``alignment``'s vertical part.
    ///
    /// - Parameters:
    ///   - sizes: The items' sizes.
    ///   - width: The proposed width (`nil` for the ideal size).
    /// - Returns: The rows, origins and size.
    /// - Complexity: O(n) greedy; balanced as ``LineBreaking/balanced`` says.
    public func arrangement(of sizes: [CGSize], width: CGFloat?) -> Arrangement {
        var result = Arrangement(size: .zero, rows: [], origins: [], hiddenCount: 0)
        arrange(sizes, width: width, into: &result)
        return result
    }

    /// Lays out pre-measured items into an existing arrangement, reusing its storage.
    ///
    /// The same as ``arrangement(of:width:)``; a caller that lays out again (a window being
    /// resized, a benchmark) keeps one ``Arrangement`` and avoids allocating its arrays each time.
    ///
    /// - Parameters:
    ///   - sizes: The items' sizes.
    ///   - width: The proposed width (`nil` for the ideal size).
    ///   - arrangement: Receives the rows, origins and size.
    /// - Complexity: O(n) greedy; balanced as ``LineBreaking/balanced`` says.
    public func arrange(_ sizes: [CGSize], width: CGFloat?, into arrangement: inout Arrangement) {
        let n = sizes.count
        let gap = (itemSpacing ?? ViewSpacing.defaultDistance).sanitizedLength
        let lineGap = (lineSpacing ?? ViewSpacing.defaultDistance).sanitizedLength
        let fraction = alignment.vertical.key.unitFraction
        let options = placementOptions
        // The widest item is needed only for a zero proposal (the minimum size).
        let widest = (width ?? 1) > 0 ? 0 : sizes.reduce(0) { Swift.max($0, $1.width.sanitizedLength) }
        let limit = breakWidth(width, widest: widest)
        arrangement.rows.removeAll(keepingCapacity: true)
        if arrangement.origins.count < n {
            arrangement.origins.append(contentsOf: repeatElement(.zero, count: n - arrangement.origins.count))
        }
        if lineBreaking == .greedy && options.horizontalFraction == 0 && options.justification == .none {
            let result = sizes.withUnsafeBufferPointer { sizes in
                arrangement.origins.withUnsafeMutableBufferPointer { origins in
                    leadingRowsAndOrigins(sizes: sizes, width: limit, gap: gap, lineGap: lineGap,
                                          guideFraction: fraction, maxRows: maxRows ?? .max, origins: origins,
                                          rows: &arrangement.rows)
                }
            }
            arrangement.origins.removeLast(arrangement.origins.count - result.visible)
            arrangement.hiddenCount = n - result.visible
            arrangement.size = CGSize(width: reportedWidth(width, contentWidth: result.contentWidth),
                                      height: result.height)
            return
        }
        let clean = sizes.map { CGSize(width: $0.width.sanitizedLength, height: $0.height.sanitizedLength) }
        let input = FlowInput(sizes: clean, guides: nil, guideFraction: fraction, gaps: nil, uniformGap: gap,
                              markers: nil, spacings: nil, uniformLineSpacing: lineGap, maxWidths: nil,
                              widest: clean.reduce(0) { Swift.max($0, $1.width) })
        let rows = input.rows(width: limit, maxRows: maxRows ?? .max, balanced: lineBreaking == .balanced)
        let size = CGSize(width: reportedWidth(width, rows: rows), height: rows.height)
        var widths: [CGFloat] = []
        arrangement.origins.withUnsafeMutableBufferPointer { buffer in
            input.positions(rows: rows, alignWidth: size.width, options: options, origins: buffer, widths: &widths)
        }
        arrangement.origins.removeLast(arrangement.origins.count - rows.visibleCount)
        arrangement.rows.append(contentsOf: (0..<rows.rowCount).map { rows.starts[$0]..<rows.starts[$0 + 1] })
        arrangement.hiddenCount = rows.hidden
        arrangement.size = size
    }
}

extension LayoutHost where L == FlowLayout {
    /// How many trailing subviews ``FlowLayout/maxRows`` hid in the latest call: a renderer shows
    /// them as "+N more" and does not draw them.
    public var hiddenItemCount: Int { cache.hiddenItemCount }
}

extension LayoutHost where L == AnyLayout {
    /// How many trailing subviews a wrapped ``FlowLayout``'s ``FlowLayout/maxRows`` hid in the
    /// latest call (0 when the wrapped layout is not a FlowLayout).
    public var hiddenItemCount: Int { cache.wrapped(as: FlowLayout.Cache.self)?.hiddenItemCount ?? 0 }
}
