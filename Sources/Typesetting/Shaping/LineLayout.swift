import Foundation

/// Everything that determines a layout: the cache key of ``Typesetter``.
struct LayoutRequest: Hashable, Sendable {
    var text: String
    var font: Font
    /// The width lines must fit, in points; `nil` for no limit.
    var width: CGFloat?
    var lineLimit: Int?
    var truncation: TruncationMode
    var alignment: TextAlignment
    var direction: TextDirection
    var language: TextLanguage?

    /// Hashes the text, size and weight, and the small fields packed into one word (equality still
    /// compares every field).
    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(font.size)
        hasher.combine(width ?? -1)
        var packed = font.weight.value << 24 | (lineLimit ?? 0) << 4
        packed |= (font.isItalic ? 1 : 0) | (direction == .rightToLeft ? 2 : 0)
        switch truncation { case .head: packed |= 4; case .middle: packed |= 8; case .tail: break }
        switch alignment { case .center: packed |= 1 << 20; case .trailing: packed |= 2 << 20; case .leading: break }
        switch font.design {
        case .default: break
        case .serif: packed |= 1 << 22
        case .rounded: packed |= 2 << 22
        case .monospaced: packed |= 3 << 22
        }
        hasher.combine(packed)
        if let family = font.family { hasher.combine(family) }
        if let language { hasher.combine(language) }
    }
}

/// A line before vertical placement: its text and shaped items in logical order.
private struct LineContent {
    var text: String
    var items: [ShapedItem]
    var advance: Fixed
    var truncated: Bool
    /// The paragraph the line comes from and its UTF-8 range there (for truncation).
    var paragraph: Int = 0
    var range: Range<Int> = 0..<0
    /// Items an ellipsis replaced, whose faces still count for the line box's height: Blink's
    /// line box holds the whole line, the part `text-overflow: ellipsis` hides included.
    var hiddenItems: [ShapedItem] = []
}

/// The horizontal ellipsis, U+2026, which truncated lines end, start or break with.
private let ellipsis = "\u{2026}"

/// Lays out `request`: paragraphs, line breaking (UAX #14), line limit and truncation, bidi
/// reordering per line (UAX #9, L2), vertical metrics and alignment.
///
/// - Complexity: O(n · l) for n scalars and l lines.
func layout(_ request: LayoutRequest, faces: ResolvedFaces, library: FontLibrary, words: WordCache?,
            turnsOffInertFeatures: Bool = true) throws -> ShapedText {
    let engine = LineEngine(request: request, faces: faces, library: library, words: words,
                            inert: turnsOffInertFeatures ? faces.inertFeatures : nil)
    return try engine.run()
}

/// Lays one request out (see ``layout(_:faces:library:words:turnsOffInertFeatures:)``).
///
/// A class: its methods' closures (the string's bytes, shaping's error text) capture one
/// reference to it. As a struct, each closure copied it, which retained the request's strings and
/// every face, array and cache it holds, twice for every label; the threads measuring a large
/// cloud's chips then all wrote the reference counts of the same faces and caches.
private final class LineEngine {
    let request: LayoutRequest
    let faces: ResolvedFaces
    let library: FontLibrary
    let words: WordCache?
    /// The primary face's inert features (``InertFeatures``), or `nil` to apply every feature.
    let inert: InertFeatures?
    let size: Double
    let baseLevel: UInt8
    /// The width limit in ``Fixed`` units, or `nil`.
    let limit: Fixed?

    init(request: LayoutRequest, faces: ResolvedFaces, library: FontLibrary, words: WordCache?, inert: InertFeatures?) {
        self.request = request
        self.faces = faces
        self.library = library
        self.words = words
        self.inert = inert
        self.size = Double(request.font.effectiveSize)
        // The text's own direction, from its first strong character; the requested one when it
        // has none (``TextDirection``).
        self.baseLevel = (TextDirection.firstStrong(in: request.text) ?? request.direction) == .rightToLeft ? 1 : 0
        self.limit = request.width.map { Fixed(($0 * fixedOne).rounded(.down)) }
    }

    func run() throws -> ShapedText {
        // The commonest case, a printable ASCII label in the requested face that fits, is shaped
        // straight from the string's bytes.
        if baseLevel == 0, let simple = try request.text.utf8.withContiguousStorageIfAvailable({ bytes -> ShapedText? in
            guard let spec = Paragraph.simpleItem(bytes, face: faces.primary) else { return nil }
            guard !bytes.isEmpty else { return singleLine(request.text, items: [], advance: 0) }
            let item = try shape(spec, utf8: bytes, size: size, language: request.language, words: words, simple: true,
                                 inert: inert, text: request.text)
            let width = item.width
            return width <= limit ?? .max ? singleLine(request.text, items: [consume item], advance: width) : nil
        }) ?? nil {
            return simple
        }
        // The common case, one left-to-right line that fits, skips the general machinery.
        if !hasHardLineBreak(request.text) {
            let paragraph = try Paragraph(request.text, faces: faces, library: library, baseLevel: baseLevel, language: request.language)
            let items = try shapeAll(paragraph, paragraph.items)
            let total = items.reduce(0) { $0 + $1.width }
            if total <= limit ?? .max && items.allSatisfy({ $0.level == 0 }) {
                return singleLine(request.text, items: items, advance: total)
            }
            return try lines(of: [request.text], first: (paragraph, items, total))
        }
        return try lines(of: splitParagraphs(request.text), first: nil)
    }

    /// Breaks `paragraphs` into lines, applies the line limit and places them; `first` is the
    /// first paragraph already analysed and shaped, if the caller has it.
    func lines(of paragraphs: [String], first: (Paragraph, [ShapedItem], Fixed)?) throws -> ShapedText {
        var lines: [LineContent] = []
        for (index, paragraphText) in paragraphs.enumerated() {
            let paragraph: Paragraph, items: [ShapedItem], total: Fixed
            if index == 0, let first {
                (paragraph, items, total) = first
            } else {
                paragraph = try Paragraph(paragraphText, faces: faces, library: library, baseLevel: baseLevel, language: request.language)
                items = try shapeAll(paragraph, paragraph.items)
                total = items.reduce(0) { $0 + $1.width }
            }
            if let limit, total > limit {
                for var line in try wrap(paragraph, items: items, limit: limit) {
                    line.paragraph = index
                    lines.append(line)
                }
            } else {
                lines.append(LineContent(text: paragraphText, items: items, advance: total, truncated: false,
                                         paragraph: index, range: 0..<paragraph.utf8.count))
            }
        }
        if let lineLimit = request.lineLimit, lines.count > lineLimit {
            lines = try truncate(lines, to: max(1, lineLimit), paragraphs: paragraphs)
        } else if request.lineLimit == 1, let limit, let only = lines.first, only.advance > limit {
            var cut = try truncateLine(only.text, limit: limit)
            cut.hiddenItems = only.items
            lines = [cut]
        }
        return assemble(lines)
    }

    // MARK: Shaping

    func shapeAll(_ paragraph: Paragraph, _ specs: [ItemSpec]) throws -> [ShapedItem] {
        try paragraph.utf8.withUnsafeBufferPointer { bytes in
            try specs.map {
                try shape($0, utf8: bytes, size: size, language: request.language, words: words, simple: paragraph.isSimple,
                          inert: $0.face === faces.primary ? inert : nil, text: paragraph.text)
            }
        }
    }

    /// The width of `text` on one line.
    func width(of text: String) throws -> Fixed {
        let paragraph = try Paragraph(text, faces: faces, library: library, baseLevel: baseLevel, language: request.language)
        return try shapeAll(paragraph, paragraph.items).reduce(0) { $0 + $1.width }
    }

    func line(_ text: String, truncated: Bool) throws -> LineContent {
        let paragraph = try Paragraph(text, faces: faces, library: library, baseLevel: baseLevel, language: request.language)
        let items = try shapeAll(paragraph, paragraph.items)
        return LineContent(text: text, items: items, advance: items.reduce(0) { $0 + $1.width }, truncated: truncated)
    }

    // MARK: Wrapping

    /// Per-scalar facts a line breaker needs.
    struct Breakables {
        var scalars: [Unicode.Scalar]
        /// prefix[i]: the advance of scalars 0..<i (a cluster's advance counts at its first scalar).
        var prefix: [Fixed]
        var actions: [LineBreakAction]
        /// Whether a grapheme cluster starts at each scalar (and at the end).
        var clusterStart: [Bool]

        func isSpace(_ i: Int) -> Bool {
            let v = scalars[i].value
            return v == 0x20 || v == 0x09 || v == 0x3000 || (v >= 0x2000 && v <= 0x200A && v != 0x2007) || v == 0x205F || v == 0x1680
        }

        func trimmedEnd(_ start: Int, _ end: Int) -> Int {
            var end = end
            while end > start && isSpace(end - 1) { end -= 1 }
            return end
        }

        func width(_ start: Int, _ end: Int) -> Fixed { prefix[end] - prefix[start] }
    }

    func breakables(_ paragraph: Paragraph, items: [ShapedItem]) -> Breakables {
        let scalars = Array(paragraph.text.unicodeScalars)
        let n = scalars.count
        var scalarAt = [Int](repeating: 0, count: paragraph.utf8.count + 1)
        let offsets = paragraph.scalarOffsets
        for i in 0..<n {
            for byte in offsets[i]..<offsets[i + 1] { scalarAt[byte] = i }
        }
        scalarAt[paragraph.utf8.count] = n
        var advances = [Fixed](repeating: 0, count: n)
        for item in items {
            for (cluster, advance) in zip(item.clusters, item.advances) { advances[scalarAt[cluster]] += advance }
        }
        var prefix = [Fixed](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + advances[i] }
        var clusterStart = [Bool](repeating: false, count: n + 1)
        var index = 0
        for character in paragraph.text {
            clusterStart[index] = true
            index += character.unicodeScalars.count
        }
        clusterStart[n] = true
        return Breakables(scalars: scalars, prefix: prefix, actions: browserLineBreakActions(scalars), clusterStart: clusterStart)
    }

    /// Greedy line breaking at UAX #14 opportunities: each line takes as many opportunities as fit
    /// (trailing spaces hang, as in CSS Text 3, section 4.1.3); a word wider than the line is
    /// broken between grapheme clusters, as SwiftUI's `Text` does.
    ///
    /// - Complexity: O(n · l).
    func wrap(_ paragraph: Paragraph, items: [ShapedItem], limit: Fixed) throws -> [LineContent] {
        let b = breakables(paragraph, items: items)
        let n = b.scalars.count
        var lines: [LineContent] = []
        var start = 0
        while start < n {
            var end = lineEnd(b, from: start, limit: limit)
            var line = try cut(paragraph, from: start, to: b.trimmedEnd(start, end))
            // The estimate above sums advances shaped in the whole paragraph; kerning across the
            // break can make the reshaped line wider. Step back while it does not fit.
            while line.advance > limit {
                let earlier = (start + 1..<end).last { b.actions[$0] != .prohibited && b.trimmedEnd(start, $0) > start }
                    ?? (start + 1..<end).last { b.clusterStart[$0] }
                guard let earlier else { break }
                end = earlier
                line = try cut(paragraph, from: start, to: b.trimmedEnd(start, end))
            }
            lines.append(line)
            start = end
        }
        return lines
    }

    /// Where the line starting at scalar `start` ends: the last break opportunity whose text (less
    /// trailing spaces) fits `limit`, or, if even the first word is too wide, the last grapheme
    /// cluster boundary that fits (at least one cluster).
    func lineEnd(_ b: Breakables, from start: Int, limit: Fixed) -> Int {
        let n = b.scalars.count
        var best: Int? = nil
        var next = start + 1
        while next <= n {
            if b.actions[next] != .prohibited {
                if b.width(start, b.trimmedEnd(start, next)) <= limit { best = next } else { break }
            }
            next += 1
        }
        if let best { return best }
        var end = start + 1
        while end < n && !b.clusterStart[end] { end += 1 }
        var candidate = end + 1
        while candidate <= n {
            if b.clusterStart[candidate] {
                if b.width(start, candidate) > limit || b.actions[candidate] != .prohibited { break }
                end = candidate
            }
            candidate += 1
        }
        return end
    }

    /// The line of `paragraph` between two scalar indices, reshaped with the paragraph's items and
    /// bidi levels (UAX #9 resolves levels per paragraph, then reorders per line).
    func cut(_ paragraph: Paragraph, from start: Int, to end: Int) throws -> LineContent {
        let offsets = paragraph.scalarOffsets
        let lower = offsets[start], upper = offsets[end]
        var specs: [ItemSpec] = []
        for var spec in paragraph.items where spec.end > lower && spec.start < upper {
            spec.start = max(spec.start, lower)
            spec.end = min(spec.end, upper)
            specs.append(spec)
        }
        var items = try shapeAll(paragraph, specs)
        for i in items.indices {
            items[i].start -= lower
            items[i].end -= lower
            items[i].clusters = items[i].clusters.map { $0 - lower }
        }
        let text = String(decoding: paragraph.utf8[lower..<upper], as: UTF8.self)
        return LineContent(text: text, items: items, advance: items.reduce(0) { $0 + $1.width }, truncated: false,
                           range: lower..<upper)
    }

    // MARK: Truncation

    /// Keeps `limit` lines, putting an ellipsis where text was dropped (SwiftUI `lineLimit(_:)`
    /// with `truncationMode(_:)`): tail truncation ends the last line with "…", head truncation
    /// starts the first kept line with "…" and keeps the last lines, middle truncation puts "…"
    /// inside the last line, keeping the end of the text after it.
    func truncate(_ lines: [LineContent], to limit: Int, paragraphs: [String]) throws -> [LineContent] {
        /// The source text from the start of line `first` to the end (paragraphs joined by spaces).
        func text(from first: LineContent) -> String {
            let own = String(decoding: Array(paragraphs[first.paragraph].utf8)[first.range.lowerBound...], as: UTF8.self)
            return ([own] + paragraphs[(first.paragraph + 1)...]).joined(separator: " ")
        }
        /// The source text from the start to the end of line `last`.
        func text(through last: LineContent) -> String {
            let own = String(decoding: Array(paragraphs[last.paragraph].utf8)[..<last.range.upperBound], as: UTF8.self)
            return (paragraphs[..<last.paragraph] + [own]).joined(separator: " ")
        }
        switch request.truncation {
        case .tail where limit > 1:
            // The last line shown is the line as wrapped (with the spaces it ended with: the next
            // line of its paragraph starts after them), then the ellipsis, cut into only when the
            // two do not fit: what a browser's `-webkit-line-clamp` shows ("gamma delta …", where
            // the text after the line, cut to fit, showed the next word's first letters).
            let line = lines[limit - 1]
            let source = paragraphs[line.paragraph]
            let next = lines[limit].paragraph == line.paragraph ? lines[limit].range.lowerBound : source.utf8.count
            var kept = Array(lines.prefix(limit - 1))
            var last = try clampedLine(source, bytes: line.range.lowerBound..<max(line.range.upperBound, next))
            last.hiddenItems = lines[limit - 1].items
            kept.append(last)
            return kept
        case .tail, .middle:
            var kept = Array(lines.prefix(limit - 1))
            var last = try truncateLine(text(from: lines[limit - 1]), limit: self.limit, forced: true, onOneLine: limit == 1)
            // On one line, as `white-space: nowrap` keeps it, the line box holds all the text; cut
            // to more lines (`-webkit-line-clamp`), the last one holds its own.
            last.hiddenItems = limit == 1 ? lines.flatMap(\.items) : lines[limit - 1].items
            kept.append(last)
            return kept
        case .head:
            var kept = Array(lines.suffix(limit - 1))
            let first = try truncateLine(text(through: lines[lines.count - limit]), limit: self.limit, forced: true)
            kept.insert(first, at: 0)
            return kept
        }
    }

    /// One line of `text` with an ellipsis, fitting `limit`.
    ///
    /// - Parameters:
    ///   - forced: whether text was dropped already (then the ellipsis is shown even if `text` fits).
    ///   - mode: where the ellipsis goes; defaults to the request's truncation mode.
    ///   - onOneLine: whether the text is cut on the one line it is shown on (CSS's
    ///     `text-overflow: ellipsis`), which keeps the spaces before the ellipsis; otherwise (the
    ///     last of several lines, `-webkit-line-clamp`) they are trimmed. Defaults to `!forced`.
    func truncateLine(_ text: String, limit: Fixed?, forced: Bool = false, mode: TruncationMode? = nil,
                      onOneLine: Bool? = nil) throws -> LineContent {
        let mode = mode ?? request.truncation
        let whole = try width(of: text)
        guard let limit else {
            let shown = mode == .head ? ellipsis + text : text + ellipsis
            return try line(shown, truncated: true)
        }
        if !forced && whole <= limit { return try line(text, truncated: false) }
        let paragraph = try Paragraph(text, faces: faces, library: library, baseLevel: baseLevel, language: request.language)
        let shaped = try shapeAll(paragraph, paragraph.items)
        let b = breakables(paragraph, items: shaped)
        let n = b.scalars.count
        let dots = try width(of: ellipsis)
        func trimmedStart(_ start: Int, _ end: Int) -> Int {
            var start = start
            while start < end && b.isSpace(start) { start += 1 }
            return start
        }
        let boundaries = cutBoundaries(paragraph, shaped: shaped, breakables: b, within: 0..<n)
        var head = 0, tail = n        // kept: [0, head) and [tail, n)
        // A line all in the direction opposite to the paragraph's (English in a right-to-left
        // chip) starts at the paragraph's start edge and overflows at its end edge, where CSS
        // cuts it: what shows is the text's logical end, the ellipsis after it, on the far side
        // (`…ong enough to be cut`). The start was kept, and bidi put the ellipsis before it, on
        // the side where nothing had been cut.
        let keepsEnd = mode == .tail && !paragraph.items.isEmpty
            && paragraph.items.allSatisfy { ($0.level & 1) != (paragraph.baseLevel & 1) }
        // A text cut at the end of one line keeps the spaces before the ellipsis, as CSS's
        // `text-overflow: ellipsis` keeps them ("Internationalization …"; the picture trimmed
        // them, and the page's label stood a space's width from the picture's). Text cut on the
        // last of several lines (line-clamp) ends at a break, whose spaces a line never shows.
        let keepsSpaces = onOneLine ?? !forced
        func end(_ end: Int) -> Int { keepsSpaces ? end : b.trimmedEnd(0, end) }
        func start(_ start: Int) -> Int { keepsSpaces ? start : trimmedStart(start, n) }
        if mode == .tail && keepsSpaces,
           let visual = try visuallyCutLine(paragraph, shaped: shaped, breakables: b, boundaries: boundaries, limit: limit, dots: dots) {
            return visual
        }
        switch mode {
        case .tail where keepsEnd:
            for first in boundaries.reversed() where b.width(start(first), n) + dots <= limit { tail = first }
        case .tail:
            for last in boundaries where b.width(0, end(last)) + dots <= limit { head = last }
        case .head:
            for start in boundaries.reversed() where b.width(trimmedStart(start, n), n) + dots <= limit { tail = start }
        case .middle:
            var front = boundaries.startIndex, back = boundaries.endIndex - 1
            var takeFront = true
            while front < back {
                let newHead = takeFront ? boundaries[front + 1] : boundaries[front]
                let newTail = takeFront ? boundaries[back] : boundaries[back - 1]
                guard newHead <= newTail,
                      b.width(0, b.trimmedEnd(0, newHead)) + dots + b.width(trimmedStart(newTail, n), n) <= limit else { break }
                if takeFront { front += 1 } else { back -= 1 }
                head = newHead
                tail = newTail
                takeFront.toggle()
            }
        }
        // The line is the kept text's glyphs as the paragraph shaped them, and the ellipsis, as a
        // browser cuts its shaped text (CSS `text-overflow`): not the kept text shaped again,
        // which gave the last kept Arabic letter its final form (often wider, so that a letter
        // fewer fitted) where the page keeps the joined one, and kerned it with the ellipsis
        // instead of the letter cut. Step back if it is too wide all the same.
        while true {
            let pieces: [Range<Int>?]    // kept scalar ranges, and `nil` for the ellipsis
            switch mode {
            case .tail where keepsEnd: pieces = [start(tail)..<n, nil]
            case .tail: pieces = [0..<end(head), nil]
            case .head: pieces = [nil, trimmedStart(tail, n)..<n]
            case .middle: pieces = [0..<b.trimmedEnd(0, head), nil, trimmedStart(tail, n)..<n]
            }
            let candidate = try cutLine(paragraph, shaped: shaped, pieces: pieces)
            if candidate.advance <= limit || !shrink(mode: keepsEnd ? .head : mode, head: &head, tail: &tail, boundaries: boundaries) {
                return candidate
            }
        }
    }

    /// Where a text may be cut within the scalar range `range` (both ends included): where both
    /// a grapheme cluster and a shaped cluster start. The kept text is the paragraph's own glyphs,
    /// and a ligature (Arabic lam-alef, "fi") cannot be split, as a browser's cut of its shaped
    /// text cannot.
    private func cutBoundaries(_ paragraph: Paragraph, shaped: [ShapedItem], breakables b: Breakables,
                               within range: Range<Int>) -> [Int] {
        let offsets = paragraph.scalarOffsets
        var glyphClusterStarts = [Bool](repeating: false, count: paragraph.utf8.count + 1)
        for item in shaped { for cluster in item.clusters { glyphClusterStarts[cluster] = true } }
        glyphClusterStarts[paragraph.utf8.count] = true
        return (range.lowerBound...range.upperBound).filter {
            $0 == range.lowerBound || $0 == range.upperBound || (b.clusterStart[$0] && glyphClusterStarts[offsets[$0]])
        }
    }

    /// The last line shown of a text cut to its line limit (`-webkit-line-clamp`): the UTF-8
    /// range `window` of paragraph `source` (one wrapped line) and an ellipsis, cut into from the
    /// end edge when both do not fit ``limit``.
    ///
    /// The line keeps the paragraph's bidi levels and shaping: resolved on the line's text alone,
    /// a neutral at its start (an emoji between two Hebrew words) took the paragraph's direction
    /// instead of its neighbours', and moved to the other side of the line. The spaces ending the
    /// line take the paragraph's level (UAX #9 rule L1), so that in a right-to-left paragraph
    /// they stand between a left-to-right word and the ellipsis ("… हिन्दी").
    private func clampedLine(_ source: String, bytes window: Range<Int>) throws -> LineContent {
        let paragraph = try Paragraph(source, faces: faces, library: library, baseLevel: baseLevel, language: request.language)
        let shaped = try shapeAll(paragraph, paragraph.items)
        let b = breakables(paragraph, items: shaped)
        let offsets = paragraph.scalarOffsets
        let lower = offsets.firstIndex { $0 >= window.lowerBound } ?? b.scalars.count
        let upper = offsets.firstIndex { $0 >= window.upperBound } ?? b.scalars.count
        var spaces = upper
        while spaces > lower && b.isSpace(spaces - 1) { spaces -= 1 }
        let baseLevelFrom = spaces < upper ? spaces : nil
        guard let limit else {
            return try cutLine(paragraph, shaped: shaped, pieces: [lower..<upper, nil], baseLevelFrom: baseLevelFrom)
        }
        let dots = try width(of: ellipsis)
        let boundaries = cutBoundaries(paragraph, shaped: shaped, breakables: b, within: lower..<upper)
        if let visual = try visuallyCutLine(paragraph, shaped: shaped, breakables: b, boundaries: boundaries, limit: limit,
                                            dots: dots, baseLevelFrom: baseLevelFrom) {
            return visual
        }
        var head = lower
        for end in boundaries where b.width(lower, end) + dots <= limit { head = end }
        while true {
            let candidate = try cutLine(paragraph, shaped: shaped, pieces: [lower..<head, nil], baseLevelFrom: baseLevelFrom)
            guard candidate.advance > limit, let previous = boundaries.last(where: { $0 < head }) else { return candidate }
            head = previous
        }
    }

    /// The line a browser shows of `paragraph` cut to `limit` on one line (CSS `text-overflow:
    /// ellipsis`) when the text mixes directions, or `nil` when it does not (the logical cut is
    /// then the same).
    ///
    /// CSS hides what overflows the line's end edge in visual order: in "Swift بالعربية مرحبا" cut
    /// in a left-to-right chip, the Arabic run shows from its visual left, which is its logical
    /// end ("Swift مرحبا…"), where a cut of the logical start kept "Swift بالعربي…". The text's
    /// clusters are ordered visually (UAX #9, rule L2, over their levels), kept from the
    /// paragraph's start edge while they fit `limit` with the ellipsis (`dots` wide), and the
    /// kept ones make the line in logical order, the ellipsis at its end.
    private func visuallyCutLine(_ paragraph: Paragraph, shaped: [ShapedItem], breakables b: Breakables,
                                 boundaries: [Int], limit: Fixed, dots: Fixed, baseLevelFrom: Int? = nil) throws -> LineContent? {
        let offsets = paragraph.scalarOffsets
        let units = boundaries.count - 1
        guard units > 1 else { return nil }
        var levels = [UInt8](repeating: paragraph.baseLevel, count: units)
        var itemIndex = 0   // items and units both run in the text's order
        for unit in 0..<units {
            let byte = offsets[boundaries[unit]]
            while itemIndex < paragraph.items.count && paragraph.items[itemIndex].end <= byte { itemIndex += 1 }
            if itemIndex < paragraph.items.count && paragraph.items[itemIndex].start <= byte { levels[unit] = paragraph.items[itemIndex].level }
            if let from = baseLevelFrom, boundaries[unit] >= from { levels[unit] = paragraph.baseLevel }
        }
        guard let highest = levels.max(), let lowest = levels.min(), highest != lowest else { return nil }
        // Rule L2: from the highest level down to the lowest odd one, reverse every run of units
        // at that level or higher.
        var order = Array(0..<units)
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < units {
                guard levels[order[index]] >= level else { index += 1; continue }
                var end = index
                while end < units && levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        // From the start edge: the left one, or the right one in a right-to-left paragraph.
        if paragraph.baseLevel & 1 == 1 { order.reverse() }
        var count = 0, used: Fixed = 0
        for unit in order {
            let unitWidth = b.width(boundaries[unit], boundaries[unit + 1])
            guard used + unitWidth + dots <= limit else { break }
            used += unitWidth
            count += 1
        }
        while true {
            let kept = order.prefix(count).sorted()
            var pieces: [Range<Int>?] = []
            for unit in kept {
                let range = boundaries[unit]..<boundaries[unit + 1]
                if let last = pieces.last, let previous = last, previous.upperBound == range.lowerBound {
                    pieces[pieces.count - 1] = previous.lowerBound..<range.upperBound
                } else {
                    pieces.append(range)
                }
            }
            pieces.append(nil)
            let line = try cutLine(paragraph, shaped: shaped, pieces: pieces, baseLevelFrom: baseLevelFrom)
            if line.advance <= limit || count == 0 { return line }
            count -= 1
        }
    }

    /// A truncated line of `paragraph`: the scalar ranges of `pieces` with their glyphs as
    /// `shaped` (the paragraph's shaping) holds them, in their levels in the paragraph, and an
    /// ellipsis for each `nil`, at the level bidi gives it in the line's text (UAX #9 over the
    /// text shown).
    ///
    /// From scalar `baseLevelFrom` on, the kept glyphs take the paragraph's level: the spaces
    /// ending a wrapped line, which UAX #9 rule L1 puts at the paragraph's level.
    private func cutLine(_ paragraph: Paragraph, shaped: [ShapedItem], pieces: [Range<Int>?],
                         baseLevelFrom: Int? = nil) throws -> LineContent {
        let offsets = paragraph.scalarOffsets
        var text: [UInt8] = []
        var ellipsisRanges: [Range<Int>] = []
        var items: [ShapedItem] = []
        for piece in pieces {
            guard let piece else {
                ellipsisRanges.append(text.count..<text.count + ellipsis.utf8.count)
                text += ellipsis.utf8
                items.append(ShapedItem(face: faces.primary, start: -1, end: -1, level: 0, glyphs: [], advances: [],
                                        offsets: [], clusters: [], width: 0))   // placeholder, shaped below
                continue
            }
            let lower = offsets[piece.lowerBound], upper = offsets[piece.upperBound]
            guard lower < upper else { continue }
            let shift = text.count - lower
            let split = baseLevelFrom.map { min(max(offsets[$0], lower), upper) } ?? upper
            for (from, to, level) in [(lower, split, nil), (split, upper, paragraph.baseLevel)] where from < to {
                for item in shaped where item.end > from && item.start < to {
                    var part = ShapedItem(face: item.face, start: max(item.start, from) + shift, end: min(item.end, to) + shift,
                                          level: level ?? item.level, glyphs: [], advances: [], offsets: [], clusters: [], width: 0)
                    for index in item.glyphs.indices where item.clusters[index] >= from && item.clusters[index] < to {
                        let offset = item.offset(index)
                        part.append(glyph: item.glyphs[index], advance: item.advances[index], x: offset.x, y: offset.y,
                                    cluster: item.clusters[index] + shift)
                    }
                    items.append(part)
                }
            }
            text += paragraph.utf8[lower..<upper]
        }
        let shown = String(decoding: text, as: UTF8.self)
        if !ellipsisRanges.isEmpty {
            let line = try Paragraph(shown, faces: faces, library: library, baseLevel: baseLevel, language: request.language)
            var shapedEllipses: [[ShapedItem]] = []
            for range in ellipsisRanges {
                let specs = line.items.compactMap { spec -> ItemSpec? in
                    guard spec.end > range.lowerBound, spec.start < range.upperBound else { return nil }
                    var part = spec
                    part.start = max(spec.start, range.lowerBound)
                    part.end = min(spec.end, range.upperBound)
                    return part
                }
                shapedEllipses.append(try shapeAll(line, specs))
            }
            var next = 0
            items = items.flatMap { item -> [ShapedItem] in
                guard item.start == -1 else { return [item] }
                defer { next += 1 }
                return shapedEllipses[next]
            }
        }
        // Pieces in one face and level run on as one item, as a text shaped whole is (one glyph
        // run in the picture, not one for the text and one for its ellipsis).
        var merged: [ShapedItem] = []
        for item in items {
            guard var last = merged.last, last.face === item.face, last.level == item.level, last.end == item.start,
                  last.offsets.isEmpty, item.offsets.isEmpty else {
                merged.append(item)
                continue
            }
            // Right to left, an item's glyphs are in visual order: the later text's come first.
            let (first, second) = item.level & 1 == 1 ? (item, last) : (last, item)
            last.glyphs = first.glyphs + second.glyphs
            last.advances = first.advances + second.advances
            last.clusters = first.clusters + second.clusters
            last.end = item.end
            last.width += item.width
            merged[merged.count - 1] = last
        }
        return LineContent(text: shown, items: merged, advance: merged.reduce(0) { $0 + $1.width }, truncated: true)
    }

    /// Drops one more grapheme cluster from the kept text; `false` when nothing is left to drop.
    private func shrink(mode: TruncationMode, head: inout Int, tail: inout Int, boundaries: [Int]) -> Bool {
        if mode == .tail || (mode == .middle && head > 0) {
            guard let previous = boundaries.last(where: { $0 < head }) else { return false }
            head = previous
            return true
        }
        guard let following = boundaries.first(where: { $0 > tail }) else { return false }
        tail = following
        return true
    }

    // MARK: Placement

    /// Orders each line's items visually (UAX #9 rule L2), stacks the lines with CSS
    /// `line-height: normal` (each line as tall as the largest rounded ascent and descent of the
    /// faces it uses, the requested face always included, and those of the text an ellipsis
    /// replaced on it, as Blink's line box keeps them) and aligns them.
    func assemble(_ contents: [LineContent]) -> ShapedText {
        let primaryMetrics = faces.primary.metrics(size: CGFloat(size))
        var maxAdvance: Fixed = 0
        var maxWidth: Fixed = 0
        let laidOut = contents.map { content -> (groups: [[ShapedItem]], width: Fixed) in
            let groups = levelGroups(content.items)
            let width = groups.reduce(0) { $0 + ceilToLayoutUnit($1.reduce(0) { $0 + $1.width }) }
            maxAdvance = max(maxAdvance, content.advance)
            maxWidth = max(maxWidth, width)
            return (groups, width)
        }
        var runs: [GlyphRun] = []
        var lines: [ShapedLine] = []
        var top: CGFloat = 0
        for (lineIndex, content) in contents.enumerated() {
            let (ascent, descent) = lineMetrics(content.items + content.hiddenItems, primary: primaryMetrics)
            let baseline = top + ascent
            let (groups, lineWidth) = laidOut[lineIndex]
            let slack = maxWidth - lineWidth
            var pen: Fixed
            switch (request.alignment, baseLevel) {
            case (.leading, 0), (.trailing, 1): pen = 0
            case (.center, _): pen = (slack / 1024 / 2) * 1024     // LayoutUnit halves truncate to 1/64
            default: pen = slack
            }
            let lineStart = pen
            let firstRun = runs.count
            // Groups of one bidi level are laid out like Blink's inline items: each starts at a
            // whole layout unit, its width rounded up to 1/64 point.
            for group in visualOrder(groups) {
                let groupStart = pen
                for item in group { appendRun(item, pen: &pen, baseline: baseline, line: lineIndex, to: &runs) }
                pen = groupStart + ceilToLayoutUnit(pen - groupStart)
            }
            lines.append(ShapedLine(text: content.text, origin: CGPoint(x: Double(lineStart) / fixedOne, y: top),
                                    baseline: baseline, advance: CGFloat(Double(content.advance) / fixedOne),
                                    width: CGFloat(Double(lineWidth) / fixedOne), ascent: ascent, descent: descent,
                                    runRange: firstRun..<runs.count, isTruncated: content.truncated))
            top += ascent + descent
        }
        return ShapedText(runs: runs, lines: lines,
                          size: CGSize(width: CGFloat(Double(maxWidth) / fixedOne), height: top),
                          advance: CGFloat(Double(maxAdvance) / fixedOne),
                          firstBaseline: lines.first?.baseline ?? 0, lastBaseline: lines.last?.baseline ?? 0,
                          isTruncated: contents.contains { $0.truncated })
    }

    /// One left-to-right line (every item at level 0), placed at the origin: what ``assemble(_:)``
    /// gives for it, without its grouping and reordering.
    func singleLine(_ text: String, items: [ShapedItem], advance: Fixed) -> ShapedText {
        let (ascent, descent) = lineMetrics(items, primary: faces.primary.metrics(size: CGFloat(size)))
        if items.count == 1, !items[0].glyphs.isEmpty {
            // One run (most labels): kept without arrays.
            var pen: Fixed = 0
            let run = makeRun(items[0], pen: &pen, baseline: ascent, line: 0)
            return ShapedText(singleLine: text, run: run, width: CGFloat(Double(ceilToLayoutUnit(advance)) / fixedOne),
                              advance: CGFloat(Double(advance) / fixedOne), ascent: ascent, descent: descent)
        }
        var runs: [GlyphRun] = []
        runs.reserveCapacity(items.count)
        var pen: Fixed = 0
        for item in items { appendRun(item, pen: &pen, baseline: ascent, line: 0, to: &runs) }
        let width = CGFloat(Double(ceilToLayoutUnit(advance)) / fixedOne)
        let exact = CGFloat(Double(advance) / fixedOne)
        let line = ShapedLine(text: text, origin: .zero, baseline: ascent, advance: exact, width: width, ascent: ascent,
                              descent: descent, runRange: 0..<runs.count, isTruncated: false)
        return ShapedText(runs: runs, lines: [line], size: CGSize(width: width, height: ascent + descent), advance: exact,
                          firstBaseline: ascent, lastBaseline: ascent, isTruncated: false)
    }

    /// A line box's ascent and descent with CSS `line-height: normal`: the largest rounded ascent
    /// (plus half gap) and descent of the requested face and every face the line uses.
    func lineMetrics(_ items: [ShapedItem], primary: FontMetrics) -> (ascent: CGFloat, descent: CGFloat) {
        var ascent = primary.baselineOffset
        var descent = primary.lineHeight - primary.baselineOffset
        var seen: [ObjectIdentifier] = []
        for item in items where item.face !== faces.primary && !seen.contains(ObjectIdentifier(item.face)) {
            seen.append(ObjectIdentifier(item.face))
            let metrics = item.face.metrics(size: CGFloat(size))
            ascent = max(ascent, metrics.baselineOffset)
            descent = max(descent, metrics.lineHeight - metrics.baselineOffset)
        }
        return (ascent, descent)
    }

    /// Appends `item` as a glyph run starting at `pen`, advancing `pen`.
    func appendRun(_ item: ShapedItem, pen: inout Fixed, baseline: CGFloat, line: Int, to runs: inout [GlyphRun]) {
        guard !item.glyphs.isEmpty else { return }
        runs.append(makeRun(item, pen: &pen, baseline: baseline, line: line))
    }

    /// `item` as a glyph run starting at `pen`, advancing `pen`.
    func makeRun(_ item: ShapedItem, pen: inout Fixed, baseline: CGFloat, line: Int) -> GlyphRun {
        var x = pen
        let count = item.glyphs.count
        let synthesis = FontSynthesis.needed(for: request.font, face: item.face)
        if Self.fitsFixedPoint(item, pen: pen) {
            // Every label's values fit 32 bits: kept as they are, 20 bytes a glyph instead of 32.
            let run = GlyphRun(face: item.face, fontSize: CGFloat(size), count: count, line: line, bidiLevel: item.level,
                               synthesis: synthesis, baseline: baseline) { parts in
                for i in 0..<count {
                    let offset = item.offset(i)
                    parts.offsets[2 * i] = Int32(truncatingIfNeeded: x + offset.x)
                    parts.offsets[2 * i + 1] = Int32(truncatingIfNeeded: offset.y)
                    parts.advances[i] = Int32(truncatingIfNeeded: item.advances[i])
                    parts.glyphs[i] = item.glyphs[i]
                    parts.clusters[i] = item.clusters[i]
                    x += item.advances[i]
                }
            }
            pen = x
            return run
        }
        let run = GlyphRun(face: item.face, fontSize: CGFloat(size), count: count, line: line, bidiLevel: item.level,
                           synthesis: synthesis) { glyphs, positions, clusters, advances in
            for i in 0..<count {
                let offset = item.offset(i)
                positions[i] = CGPoint(x: Double(x + offset.x) / fixedOne, y: Double(baseline) - Double(offset.y) / fixedOne)
                advances[i] = CGFloat(Double(item.advances[i]) / fixedOne)
                glyphs[i] = item.glyphs[i]
                clusters[i] = item.clusters[i]
                x += item.advances[i]
            }
        }
        pen = x
        return run
    }

    /// Whether `item`'s glyphs, placed from `pen`, have their x (pen plus offset), y offset and
    /// advance within 32 bits (16.16: ±32,767 points) and their clusters within 32 bits unsigned.
    static func fitsFixedPoint(_ item: ShapedItem, pen: Fixed) -> Bool {
        let range = Fixed(Int32.min)...Fixed(Int32.max)
        var x = pen
        for i in 0..<item.glyphs.count {
            let offset = item.offset(i)
            guard range.contains(x + offset.x), range.contains(offset.y), range.contains(item.advances[i]),
                  item.clusters[i] >= 0, item.clusters[i] <= Int(UInt32.max) else { return false }
            x += item.advances[i]
        }
        return true
    }

    /// Splits a line's items (logical order) into maximal groups of one bidi level; within a
    /// right-to-left group the items are already reversed into visual order.
    func levelGroups(_ items: [ShapedItem]) -> [[ShapedItem]] {
        if items.isEmpty { return [] }
        if items.allSatisfy({ $0.level == 0 }) { return [items] }
        var groups: [[ShapedItem]] = []
        for item in items {
            if let last = groups.last?.last, last.level == item.level {
                groups[groups.count - 1].append(item)
            } else {
                groups.append([item])
            }
        }
        for i in groups.indices where groups[i][0].level & 1 == 1 { groups[i].reverse() }
        return groups
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd level, reverse every run of
    /// groups at that level or higher.
    func visualOrder(_ groups: [[ShapedItem]]) -> [[ShapedItem]] {
        if groups.count < 2 { return groups }
        let levels = groups.map { $0[0].level }
        guard let highest = levels.max(), highest > 0 else { return groups }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest
        var ordered = Array(zip(levels, groups))
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < ordered.count {
                guard ordered[i].0 >= level else { i += 1; continue }
                var j = i
                while j < ordered.count && ordered[j].0 >= level { j += 1 }
                ordered[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return ordered.map(\.1)
    }
}

/// A width in 1/64 points rounded up, as Blink's `LayoutUnit::FromFloatCeil` stores text widths.
func layoutUnits(_ width: Fixed) -> Int64 {
    width <= 0 ? 0 : (width + 1023) / 1024
}

/// `width` rounded up to a whole number of layout units, in ``Fixed``.
func ceilToLayoutUnit(_ width: Fixed) -> Fixed { layoutUnits(width) * 1024 }

/// Whether `text` contains a hard line break (see ``splitParagraphs(_:)``).
func hasHardLineBreak(_ text: String) -> Bool {
    text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }
        || text.unicodeScalars.contains { $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 }
}

/// Splits text at hard line breaks (UAX #14 classes BK, CR, LF, NL: LF, CR, CR LF, VT, FF, NEL,
/// U+2028, U+2029) into paragraphs; an empty text is one empty paragraph.
func splitParagraphs(_ text: String) -> [String] {
    guard hasHardLineBreak(text) else { return [text] }
    var result: [String] = []
    var current = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A where previousWasCR:
            previousWasCR = false
            continue
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
            result.append(String(current))
            current = String.UnicodeScalarView()
            previousWasCR = scalar.value == 0x0D
            continue
        default:
            previousWasCR = false
            current.append(scalar)
        }
    }
    result.append(String(current))
    return result
}
