public import Foundation

/// Text shaped, positioned and broken into lines: everything a renderer needs to draw it without
/// shaping again.
///
/// Coordinates are in points, with the origin at the top-left corner of the text's layout box and
/// y growing downwards; glyph positions are baseline origins.
///
/// Two widths are kept. ``advance`` is the exact sum of the glyph advances of the widest line.
/// ``size``'s width is that advance rounded *up* to a multiple of 1/64 point, which is how Blink
/// stores a text run's width (`LayoutUnit::FromFloatCeil`): use ``size`` to size a chip so that it
/// matches a browser's rendering of the same label, and so the text is never clipped.
public struct ShapedText: Sendable, Equatable {
    /// Glyph runs in visual order, line by line, each in one font face.
    ///
    /// A text of one run on one line keeps its run and line without arrays (most labels): this
    /// array is then made when asked for. Renderers read ``runCount`` and ``run(_:)`` instead.
    public var runs: [GlyphRun] {
        get {
            switch storage.layout {
            case .general(let runs, _): runs
            case .singleLine(let run, _, _): [run]
            }
        }
        set { mutableStorage().setRuns(newValue) }
    }
    /// The lines, top to bottom (made when asked for, as ``runs``; see ``lineCount`` and
    /// ``line(_:)``).
    public var lines: [ShapedLine] {
        get {
            switch storage.layout {
            case .general(_, let lines): lines
            case .singleLine: [storage.line(0)]
            }
        }
        set { mutableStorage().setLines(newValue) }
    }
    /// The number of runs.
    public var runCount: Int {
        switch storage.layout {
        case .general(let runs, _): runs.count
        case .singleLine: 1
        }
    }
    /// Run `index` (`0 ..< runCount`), without making ``runs``.
    public func run(_ index: Int) -> GlyphRun {
        switch storage.layout {
        case .general(let runs, _): return runs[index]
        case .singleLine(let run, _, _):
            precondition(index == 0, "run index \(index) out of range")
            return run
        }
    }
    /// The number of lines.
    public var lineCount: Int {
        switch storage.layout {
        case .general(_, let lines): lines.count
        case .singleLine: 1
        }
    }
    /// Line `index` (`0 ..< lineCount`), without making ``lines``.
    public func line(_ index: Int) -> ShapedLine { storage.line(index) }
    /// The size of the layout box: the widest line's width (rounded up to 1/64 point, as a
    /// browser lays it out) by the lines' total height (CSS `line-height: normal`).
    public var size: CGSize {
        get { storage.size }
        set { mutableStorage(general: true).size = newValue }
    }
    /// The exact advance of the widest line, in points, before rounding.
    public var advance: CGFloat {
        get { storage.advance }
        set { mutableStorage(general: true).advance = newValue }
    }
    /// The y of the first line's baseline (SwiftUI's `firstTextBaseline` alignment guide).
    public var firstBaseline: CGFloat {
        get { storage.firstBaseline }
        set { mutableStorage(general: true).firstBaseline = newValue }
    }
    /// The y of the last line's baseline (SwiftUI's `lastTextBaseline` alignment guide).
    public var lastBaseline: CGFloat {
        get { storage.lastBaseline }
        set { mutableStorage().lastBaseline = newValue }
    }
    /// Whether an ellipsis replaced part of the text (line limit or width reached).
    public var isTruncated: Bool {
        get { storage.isTruncated }
        set { mutableStorage().isTruncated = newValue }
    }
    /// The language the text was shaped in (the `language` given to the ``Typesetter``), for
    /// renderers that write it: SVG and HTML `lang`, the PDF's language.
    public var language: TextLanguage? {
        get { storage.language }
        set { mutableStorage().language = newValue }
    }

    /// Everything behind one reference: a shaped text is handed out by the cache, kept by the
    /// view that measured it and carried into the display list, each a single retain (a large
    /// cloud has one per chip, in several places). Copy on write: a storage is mutated only while
    /// uniquely referenced, so sharing it between threads is safe.
    private var storage: Storage

    /// How the runs and lines are kept.
    private enum Layout {
        /// As arrays.
        case general([GlyphRun], [ShapedLine])
        /// One run on one uncut line at the origin, whose advance, width and baseline are the
        /// text's own (``ShapedText/advance``, `size.width`, ``ShapedText/firstBaseline``, which
        /// is also its ascent): the line is made from these, its text and its descent when asked
        /// for. Two arrays fewer for each such text (about 200 bytes).
        case singleLine(GlyphRun, text: String, descent: CGFloat)
    }

    private final class Storage: @unchecked Sendable {
        var layout: Layout
        var size: CGSize
        var advance: CGFloat
        var firstBaseline: CGFloat
        var lastBaseline: CGFloat
        var isTruncated: Bool
        var language: TextLanguage?
        /// Whether a run has glyph 0 (`.notdef`).
        private(set) var hasNotdef: Bool

        init(layout: Layout, size: CGSize, advance: CGFloat, firstBaseline: CGFloat,
             lastBaseline: CGFloat, isTruncated: Bool, language: TextLanguage?) {
            self.layout = layout
            self.hasNotdef = Self.hasNotdef(layout)
            self.size = size
            self.advance = advance
            self.firstBaseline = firstBaseline
            self.lastBaseline = lastBaseline
            self.isTruncated = isTruncated
            self.language = language
        }

        private static func hasNotdef(_ layout: Layout) -> Bool {
            switch layout {
            case .general(let runs, _): runs.contains(where: \.hasNotdef)
            case .singleLine(let run, _, _): run.hasNotdef
            }
        }

        func copy() -> Storage {
            Storage(layout: layout, size: size, advance: advance, firstBaseline: firstBaseline,
                    lastBaseline: lastBaseline, isTruncated: isTruncated, language: language)
        }

        func line(_ index: Int) -> ShapedLine {
            switch layout {
            case .general(_, let lines): return lines[index]
            case .singleLine(_, let text, let descent):
                precondition(index == 0, "line index \(index) out of range")
                return ShapedLine(text: text, origin: .zero, baseline: firstBaseline, advance: advance, width: size.width,
                                  ascent: firstBaseline, descent: descent, runRange: 0..<1, isTruncated: false)
            }
        }

        /// The runs and lines as arrays, from now on.
        func makeGeneral() {
            guard case .singleLine(let run, _, _) = layout else { return }
            layout = .general([run], [line(0)])
        }

        func setRuns(_ runs: [GlyphRun]) {
            makeGeneral()
            if case .general(_, let lines) = layout { layout = .general(runs, lines) }
            hasNotdef = Self.hasNotdef(layout)
        }

        func setLines(_ lines: [ShapedLine]) {
            makeGeneral()
            if case .general(let runs, _) = layout { layout = .general(runs, lines) }
        }
    }

    /// The storage, uniquely referenced; with `general`, with its runs and lines as arrays (before
    /// a change to what a single line is made from).
    private mutating func mutableStorage(general: Bool = false) -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        if general { storage.makeGeneral() }
        return storage
    }

    /// Whether two layouts are the same: sizes, baselines, truncation, runs and lines.
    public static func == (lhs: ShapedText, rhs: ShapedText) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        guard a.size == b.size && a.advance == b.advance && a.firstBaseline == b.firstBaseline
            && a.lastBaseline == b.lastBaseline && a.isTruncated == b.isTruncated && a.language == b.language
            && lhs.runCount == rhs.runCount && lhs.lineCount == rhs.lineCount else { return false }
        return (0..<lhs.runCount).allSatisfy { lhs.run($0) == rhs.run($0) }
            && (0..<lhs.lineCount).allSatisfy { lhs.line($0) == rhs.line($0) }
    }

    /// Creates shaped text from its parts (renderers and tests; the ``Typesetter`` makes these).
    public init(runs: [GlyphRun], lines: [ShapedLine] = [], size: CGSize, advance: CGFloat? = nil,
                firstBaseline: CGFloat, lastBaseline: CGFloat, isTruncated: Bool = false, language: TextLanguage? = nil) {
        storage = Storage(layout: .general(runs, lines), size: size, advance: advance ?? size.width, firstBaseline: firstBaseline,
                          lastBaseline: lastBaseline, isTruncated: isTruncated, language: language)
    }

    /// One run on one uncut line at the origin (the typesetter's single-line texts): the line's
    /// advance is `advance`, its width `width`, its baseline and ascent `ascent`.
    init(singleLine text: String, run: GlyphRun, width: CGFloat, advance: CGFloat, ascent: CGFloat, descent: CGFloat) {
        storage = Storage(layout: .singleLine(run, text: text, descent: descent), size: CGSize(width: width, height: ascent + descent),
                          advance: advance, firstBaseline: ascent, lastBaseline: ascent, isTruncated: false, language: nil)
    }

    /// The families the text is drawn in, each once, in the order of the runs (visual order):
    /// the requested face's family, then those fallback gave characters to. A family appears even
    /// if it only drew `.notdef` glyphs.
    ///
    /// - Complexity: O(r · f) in the number of runs and of families (both a few).
    public var fontFamilies: [String] {
        // One family (most labels): the face's own one-element array, shared, not a new one.
        let count = runCount
        if count > 0 {
            let first = run(0).face
            if (1..<count).allSatisfy({ run($0).face === first || run($0).face.familyName == first.familyName }) {
                return first.familyNameList
            }
        }
        // Runs are few (one for most labels): a linear search beats hashing, and allocates once.
        var families: [String] = []
        for index in 0..<count where !families.contains(run(index).face.familyName) { families.append(run(index).face.familyName) }
        return families
    }

    /// The characters no available font covers, each once, in the order they are written: what
    /// the text shows as `.notdef` boxes. Empty when every character has a glyph.
    ///
    /// A character counts when its grapheme cluster was shaped to glyph 0 (`.notdef`) and the run's
    /// face does not map it; the default-ignorable characters HarfBuzz hides (joiners, variation
    /// selectors) count only in a box of their own. Characters are listed in the order they are
    /// written (a right-to-left text's too), each once. Only the text shown is examined:
    /// characters a truncation dropped are not reported.
    ///
    /// - Complexity: O(g) in the number of glyphs when nothing is missing (the usual case),
    ///   O(g log g) otherwise.
    public var uncoveredCharacters: [UncoveredCharacter] {
        // Most texts have no `.notdef`: known without copying a run (each copy counts a reference
        // on its face, which every thread shares).
        guard storage.hasNotdef else { return [] }
        // Each character with its place in the text: runs come in visual order, and a right-to-left
        // text's characters were listed backwards.
        var found: [(line: Int, offset: Int, character: UncoveredCharacter)] = []
        var seen = Set<UInt32>()
        for index in 0..<runCount {
            let run = self.run(index)
            guard run.hasNotdef, run.line < lineCount else { continue }
            let lineText = line(run.line).text
            let utf8 = lineText.utf8
            let boundaries = Set(run.clusters).sorted()
            for (glyph, cluster) in zip(run.glyphs, run.clusters) where glyph == 0 && cluster < utf8.count {
                // The cluster's scalars: from its offset up to the run's next cluster boundary.
                var low = 0, high = boundaries.count
                while low < high {
                    let middle = (low + high) / 2
                    if boundaries[middle] <= cluster { low = middle + 1 } else { high = middle }
                }
                let end = low < boundaries.count ? boundaries[low] : utf8.count
                let start = utf8.index(utf8.startIndex, offsetBy: cluster)
                let stop = utf8.index(utf8.startIndex, offsetBy: end)
                guard let lower = start.samePosition(in: lineText.unicodeScalars),
                      let upper = stop.samePosition(in: lineText.unicodeScalars) else { continue }
                let scalars = lineText.unicodeScalars[lower..<upper]
                // The box is a character the face lacks that the shaper does not hide; a cluster
                // of hidden ones alone (a lone variation selector) is reported by them.
                let missing = scalars.indices.filter { !run.face.hasGlyph(scalars[$0]) }
                let shown = missing.filter { !isIgnorable(scalars[$0]) }
                for position in shown.isEmpty ? missing : shown where seen.insert(scalars[position].value).inserted {
                    found.append((run.line, utf8.distance(from: utf8.startIndex, to: position),
                                  UncoveredCharacter(scalars[position])))
                }
            }
        }
        return found.sorted { ($0.line, $0.offset) < ($1.line, $1.offset) }.map(\.character)
    }
}

/// One line of ``ShapedText``.
public struct ShapedLine: Sendable, Equatable {
    /// The text shown on the line, with the ellipsis when truncated and without the spaces a soft
    /// line break swallows. ``GlyphRun/clusters`` are UTF-8 offsets into this string.
    public var text: String
    /// The top-left corner of the line's box; x is the alignment offset.
    public var origin: CGPoint
    /// The y of the line's baseline.
    public var baseline: CGFloat
    /// The line's exact advance in points.
    public var advance: CGFloat
    /// The line's width as a browser lays it out: ``advance`` rounded up to 1/64 point.
    public var width: CGFloat
    /// The line box's height above the baseline (the largest rounded ascent of the faces used).
    public var ascent: CGFloat
    /// The line box's height below the baseline (the largest rounded descent of the faces used).
    public var descent: CGFloat
    /// The indices of the line's runs in ``ShapedText/runs``.
    public var runRange: Range<Int>
    /// Whether the line ends or starts with an ellipsis that replaced text.
    public var isTruncated: Bool

    /// The line box's height.
    public var height: CGFloat { ascent + descent }
}

/// A sequence of glyphs in one face at one size, on one line, in one direction.
///
/// The glyphs, positions, clusters and advances are kept in one buffer (`GlyphStorage`), not
/// four arrays: a label's run is one allocation. The arrays are made when asked for
/// (``glyphs``, ``positions``, ``clusters``, ``advances``); renderers read the buffer through
/// ``glyphCount`` and the indexed accessors (``glyph(_:)``, ``position(_:)``, …) instead.
public struct GlyphRun: Sendable, Equatable {
    /// The face the glyph ids belong to. ``FontFace/hasColorBitmaps`` tells a renderer to draw the
    /// glyphs as colour bitmaps, scaled from the face's strike to ``fontSize``.
    public var face: FontFace
    /// The font size in points (the em size).
    public var fontSize: CGFloat
    /// The index of the run's line in ``ShapedText/lines``.
    public var line: Int
    /// The bidi embedding level (UAX #9): even left-to-right, odd right-to-left.
    public var bidiLevel: UInt8
    /// The styles a renderer imitates because ``face`` lacks them: a bold or italic request drawn
    /// with a regular or upright face (the machine's fallback faces are always regular, as in
    /// Chromium). Advances are unchanged, as in Chromium.
    public var synthesis: FontSynthesis
    /// The glyphs, positions, clusters and advances.
    private var storage: GlyphStorage {
        get { handle.storage }
        set { handle = GlyphStorage.Handle(storage: newValue) }
    }
    private var handle: GlyphStorage.Handle

    /// Glyph ids in the face, in visual order (left to right).
    public var glyphs: [UInt32] {
        get { Array(storage.glyphs) }
        set { storage = storage.replacing(glyphs: newValue) }
    }
    /// The baseline origin of each glyph, in points, relative to the text's layout box.
    public var positions: [CGPoint] {
        get { Array(storage.positions) }
        set { storage = storage.replacing(positions: newValue) }
    }
    /// For each glyph, the UTF-8 offset, in its line's ``ShapedLine/text``, of the cluster it
    /// belongs to.
    public var clusters: [Int] {
        get { Array(storage.clusters) }
        set { storage = storage.replacing(clusters: newValue) }
    }
    /// The advance of each glyph in points (empty for a run made without them).
    public var advances: [CGFloat] {
        get { Array(storage.advances) }
        set { storage = storage.replacing(advances: newValue) }
    }

    /// The number of glyphs.
    public var glyphCount: Int { storage.glyphs.count }
    /// The number of positions (the number of glyphs in a run the typesetter made).
    public var positionCount: Int { storage.positions.count }
    /// The number of advances: the number of glyphs, or 0 for a run made without them.
    public var advanceCount: Int { storage.advances.count }
    /// The number of clusters.
    public var clusterCount: Int { storage.clusters.count }
    /// Glyph `index`'s id.
    public func glyph(_ index: Int) -> UInt32 { storage.glyphs[index] }
    /// Glyph `index`'s baseline origin.
    public func position(_ index: Int) -> CGPoint { storage.positions[index] }
    /// Glyph `index`'s cluster.
    public func cluster(_ index: Int) -> Int { storage.clusters[index] }
    /// Glyph `index`'s advance.
    public func advance(_ index: Int) -> CGFloat { storage.advances[index] }
    /// Whether the run has glyph 0 (`.notdef`), what a character no font covers shows.
    public var hasNotdef: Bool { storage.glyphs.contains(0) }

    /// Whether the run's text reads right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// Creates a run from its parts (renderers and tests; the ``Typesetter`` makes these).
    public init(face: FontFace, fontSize: CGFloat, glyphs: [UInt32], positions: [CGPoint], clusters: [Int],
                advances: [CGFloat] = [], line: Int = 0, bidiLevel: UInt8 = 0, synthesis: FontSynthesis = []) {
        self.synthesis = synthesis
        self.face = face
        self.fontSize = fontSize
        self.handle = GlyphStorage.Handle(storage: GlyphStorage.make(glyphs: glyphs, positions: positions, clusters: clusters,
                                                                     advances: advances))
        self.line = line
        self.bidiLevel = bidiLevel
    }

    /// A run of `count` glyphs written by `fill` into the buffer's arrays (the typesetter's runs:
    /// one allocation, nothing copied).
    init(face: FontFace, fontSize: CGFloat, count: Int, line: Int, bidiLevel: UInt8, synthesis: FontSynthesis,
         fill: (_ glyphs: UnsafeMutableBufferPointer<UInt32>, _ positions: UnsafeMutableBufferPointer<CGPoint>,
                _ clusters: GlyphStorage.ClusterWriter, _ advances: UnsafeMutableBufferPointer<CGFloat>) -> Void) {
        self.synthesis = synthesis
        self.face = face
        self.fontSize = fontSize
        self.handle = GlyphStorage.Handle(storage: GlyphStorage.make(glyphs: count, positions: count, clusters: count, advances: count) {
            fill($0.glyphs, $0.positions, $0.clusters, $0.advances)
        })
        self.line = line
        self.bidiLevel = bidiLevel
    }

    /// A run of `count` glyphs in the typesetter's fixed-point values, written by `fill`: each
    /// glyph's x and y offset in 16.16 (the glyph is drawn at `x / 65536`, `baseline - y / 65536`),
    /// advance in 16.16, cluster and id (see `GlyphStorage`).
    init(face: FontFace, fontSize: CGFloat, count: Int, line: Int, bidiLevel: UInt8, synthesis: FontSynthesis,
         baseline: CGFloat, fixedFill fill: (GlyphStorage.FixedParts) -> Void) {
        self.synthesis = synthesis
        self.face = face
        self.fontSize = fontSize
        self.handle = GlyphStorage.Handle(storage: GlyphStorage.makeFixed(count: count, baseline: baseline, fill: fill))
        self.line = line
        self.bidiLevel = bidiLevel
    }

    /// Whether two runs draw the same: the same face object, size, synthesis, glyphs, positions and
    /// clusters. ``advances``, ``line`` and ``bidiLevel`` annotate a run and are not compared, so a
    /// run rebuilt from only what is drawn (a display list read back from JSON) equals the original.
    public static func == (lhs: GlyphRun, rhs: GlyphRun) -> Bool {
        lhs.face === rhs.face && lhs.fontSize == rhs.fontSize && lhs.synthesis == rhs.synthesis
            && (lhs.storage === rhs.storage || (lhs.storage.glyphs.elementsEqual(rhs.storage.glyphs)
                && lhs.storage.positions.elementsEqual(rhs.storage.positions)
                && lhs.storage.clusters.elementsEqual(rhs.storage.clusters)))
    }
}

/// A glyph run's four arrays in one allocation, each of its own length (a run built from
/// arbitrary arrays keeps them as given, so that validation can name the mismatch).
///
/// Two layouts. As points: positions (16 bytes each) and advances (8), then clusters (4, or 8 when
/// one does not fit 32 bits unsigned) and glyph ids (4). As the typesetter's fixed-point values,
/// when they fit 32 bits (every label's do): the run's baseline (8 bytes, once), positions as
/// 16.16 x and y offset (8 each), advances (4), clusters (4), glyph ids (4), 20 bytes a glyph
/// instead of 32. A fixed-point value is turned into points when read exactly as the typesetter
/// turned it before (`x / 65536`, `baseline - y / 65536`), so both layouts read the same numbers.
final class GlyphStorage: ManagedBuffer<GlyphStorage.Counts, UInt64> {
    /// A storage as a glyph run holds it: sendable, since the buffer is written only while it is
    /// made, then only read (a `ManagedBuffer` cannot be declared `Sendable` itself).
    struct Handle: @unchecked Sendable {
        let storage: GlyphStorage
    }

    /// The arrays' lengths, as 32-bit numbers (16 bytes of header a run instead of 32; a run's
    /// arrays are far shorter than 2³¹ elements), and two flags in their top bits: whether the
    /// clusters are kept as 64-bit numbers (only a run built from clusters that do not fit 32 bits
    /// unsigned; the typesetter's, UTF-8 offsets in a label, always do), and whether the
    /// positions and advances are fixed-point.
    struct Counts {
        private var counts: (UInt32, UInt32, UInt32, UInt32)
        private static let flag: UInt32 = 1 << 31

        init(glyphs: Int, positions: Int, clusters: Int, advances: Int, wideClusters: Bool, fixed: Bool) {
            precondition(max(glyphs, positions, clusters, advances) < Int(Self.flag), "a glyph run of 2³¹ glyphs or more")
            counts = (UInt32(glyphs), UInt32(positions) | (fixed ? Self.flag : 0),
                      UInt32(clusters) | (wideClusters ? Self.flag : 0), UInt32(advances))
        }

        var glyphs: Int { Int(counts.0) }
        var positions: Int { Int(counts.1 & ~Self.flag) }
        var clusters: Int { Int(counts.2 & ~Self.flag) }
        var advances: Int { Int(counts.3) }
        var wideClusters: Bool { counts.2 & Self.flag != 0 }
        var fixed: Bool { counts.1 & Self.flag != 0 }
    }

    /// The byte offsets of the arrays in the elements.
    private struct Offsets {
        var positions: Int
        var advances: Int
        var clusters: Int
        var glyphs: Int
        var end: Int

        init(_ counts: Counts) {
            // The fixed layout starts with the baseline.
            positions = counts.fixed ? 8 : 0
            advances = positions + counts.positions * (counts.fixed ? 8 : 16)
            clusters = advances + counts.advances * (counts.fixed ? 4 : 8)
            glyphs = clusters + counts.clusters * (counts.wideClusters ? 8 : 4)
            end = glyphs + counts.glyphs * 4
        }
    }

    /// One of the arrays, read as its public element type whichever layout keeps it: indices
    /// `0 ..< count`.
    protocol StoredArray: RandomAccessCollection where Index == Int {
        var count: Int { get }
    }

    /// The positions, read as points whichever layout keeps them.
    struct Positions: StoredArray {
        let base: UnsafeRawPointer
        let count: Int
        let fixed: Bool
        let baseline: CGFloat

        subscript(index: Int) -> CGPoint {
            precondition(index >= 0 && index < count, "position index \(index) out of range")
            guard fixed else { return base.load(fromByteOffset: index * 16, as: CGPoint.self) }
            let x = Fixed(base.load(fromByteOffset: index * 8, as: Int32.self))
            let y = Fixed(base.load(fromByteOffset: index * 8 + 4, as: Int32.self))
            return CGPoint(x: Double(x) / fixedOne, y: Double(baseline) - Double(y) / fixedOne)
        }
    }

    /// The advances, read as points whichever layout keeps them.
    struct Advances: StoredArray {
        let base: UnsafeRawPointer
        let count: Int
        let fixed: Bool

        subscript(index: Int) -> CGFloat {
            precondition(index >= 0 && index < count, "advance index \(index) out of range")
            guard fixed else { return base.load(fromByteOffset: index * 8, as: CGFloat.self) }
            return CGFloat(Double(Fixed(base.load(fromByteOffset: index * 4, as: Int32.self))) / fixedOne)
        }
    }

    /// The clusters, read as `Int`s whichever width they are kept in.
    struct Clusters: StoredArray {
        let base: UnsafeRawPointer
        let count: Int
        let wide: Bool

        subscript(index: Int) -> Int {
            precondition(index >= 0 && index < count, "cluster index \(index) out of range")
            return wide ? base.load(fromByteOffset: index * 8, as: Int.self) : Int(base.load(fromByteOffset: index * 4, as: UInt32.self))
        }
    }

    /// The clusters, for writing while the storage is made (only values the width allows).
    struct ClusterWriter {
        let base: UnsafeMutableRawPointer
        let count: Int
        let wide: Bool

        subscript(index: Int) -> Int {
            get { Clusters(base: UnsafeRawPointer(base), count: count, wide: wide)[index] }
            nonmutating set {
                precondition(index >= 0 && index < count, "cluster index \(index) out of range")
                if wide {
                    base.storeBytes(of: newValue, toByteOffset: index * 8, as: Int.self)
                } else {
                    precondition(newValue >= 0 && newValue <= Int(UInt32.max), "cluster \(newValue) needs wide clusters")
                    base.storeBytes(of: UInt32(truncatingIfNeeded: newValue), toByteOffset: index * 4, as: UInt32.self)
                }
            }
        }
    }

    /// The four arrays of the points layout, for writing while the storage is made.
    struct Parts {
        let glyphs: UnsafeMutableBufferPointer<UInt32>
        let positions: UnsafeMutableBufferPointer<CGPoint>
        let clusters: ClusterWriter
        let advances: UnsafeMutableBufferPointer<CGFloat>
    }

    /// The arrays of the fixed-point layout, for writing while the storage is made: `offsets`
    /// holds each glyph's x and y (16.16, the y subtracted from the baseline when read), two
    /// numbers a glyph.
    struct FixedParts {
        let glyphs: UnsafeMutableBufferPointer<UInt32>
        let offsets: UnsafeMutableBufferPointer<Int32>
        let clusters: ClusterWriter
        let advances: UnsafeMutableBufferPointer<Int32>
    }

    /// An empty storage of the given counts.
    private static func allocate(_ counts: Counts) -> GlyphStorage {
        let bytes = Offsets(counts).end
        let buffer = GlyphStorage.create(minimumCapacity: max((bytes + 7) / 8, 1)) { _ in counts }
        return unsafeDowncast(buffer, to: GlyphStorage.self)
    }

    /// A storage of the given lengths in the points layout, its arrays written by `fill`;
    /// clusters 32 bits wide unless `wideClusters`.
    static func make(glyphs: Int, positions: Int, clusters: Int, advances: Int, wideClusters: Bool = false,
                     fill: (Parts) -> Void) -> GlyphStorage {
        let storage = allocate(Counts(glyphs: glyphs, positions: positions, clusters: clusters, advances: advances,
                                      wideClusters: wideClusters, fixed: false))
        storage.withUnsafeMutablePointerToElements { base in
            let counts = storage.counts, offsets = Offsets(counts), raw = UnsafeMutableRawPointer(base)
            fill(Parts(glyphs: typed(raw + offsets.glyphs, counts.glyphs),
                       positions: typed(raw + offsets.positions, counts.positions),
                       clusters: ClusterWriter(base: raw + offsets.clusters, count: counts.clusters, wide: counts.wideClusters),
                       advances: typed(raw + offsets.advances, counts.advances)))
        }
        return storage
    }

    /// A storage of `count` glyphs in the fixed-point layout, on `baseline`, its arrays written by
    /// `fill`.
    static func makeFixed(count: Int, baseline: CGFloat, fill: (FixedParts) -> Void) -> GlyphStorage {
        let storage = allocate(Counts(glyphs: count, positions: count, clusters: count, advances: count,
                                      wideClusters: false, fixed: true))
        storage.withUnsafeMutablePointerToElements { base in
            let offsets = Offsets(storage.counts), raw = UnsafeMutableRawPointer(base)
            raw.storeBytes(of: baseline, as: CGFloat.self)
            fill(FixedParts(glyphs: typed(raw + offsets.glyphs, count), offsets: typed(raw + offsets.positions, count * 2),
                            clusters: ClusterWriter(base: raw + offsets.clusters, count: count, wide: false),
                            advances: typed(raw + offsets.advances, count)))
        }
        return storage
    }

    private static func typed<T>(_ pointer: UnsafeMutableRawPointer, _ count: Int) -> UnsafeMutableBufferPointer<T> {
        UnsafeMutableBufferPointer(start: pointer.bindMemory(to: T.self, capacity: count), count: count)
    }

    /// A storage holding copies of the arrays, in the points layout (the clusters 64 bits wide
    /// when one of them does not fit 32 bits unsigned).
    static func make(glyphs: [UInt32], positions: [CGPoint], clusters: [Int], advances: [CGFloat]) -> GlyphStorage {
        let wide = clusters.contains { $0 < 0 || $0 > Int(UInt32.max) }
        return make(glyphs: glyphs.count, positions: positions.count, clusters: clusters.count, advances: advances.count,
                    wideClusters: wide) { parts in
            _ = parts.glyphs.initialize(from: glyphs)
            _ = parts.positions.initialize(from: positions)
            for (index, cluster) in clusters.enumerated() { parts.clusters[index] = cluster }
            _ = parts.advances.initialize(from: advances)
        }
    }

    /// The elements' start, for reading (valid while the storage lives; the run that holds it
    /// keeps it). Each array is found on its own: painters and writers read a glyph and a
    /// position at a time, and finding all four for each read was a tenth of writing an SVG's
    /// glyphs.
    private var elements: UnsafeRawPointer {
        withUnsafeMutablePointerToElements { UnsafeRawPointer($0) }
    }

    /// The arrays' lengths, read through a pointer: reading `header`, a class's stored property,
    /// began and ended a dynamic exclusive access for every glyph and position a writer read.
    private var counts: Counts {
        withUnsafeMutablePointerToHeader { $0.pointee }
    }

    var glyphs: UnsafeBufferPointer<UInt32> {
        let counts = counts
        return UnsafeBufferPointer(start: (elements + Offsets(counts).glyphs).assumingMemoryBound(to: UInt32.self), count: counts.glyphs)
    }
    var positions: Positions {
        let counts = counts, base = elements
        return Positions(base: base + Offsets(counts).positions, count: counts.positions, fixed: counts.fixed,
                         baseline: counts.fixed ? base.load(as: CGFloat.self) : 0)
    }
    var clusters: Clusters {
        let counts = counts
        return Clusters(base: elements + Offsets(counts).clusters, count: counts.clusters, wide: counts.wideClusters)
    }
    var advances: Advances {
        let counts = counts
        return Advances(base: elements + Offsets(counts).advances, count: counts.advances, fixed: counts.fixed)
    }

    func replacing(glyphs new: [UInt32]) -> GlyphStorage {
        GlyphStorage.make(glyphs: new, positions: Array(positions), clusters: Array(clusters), advances: Array(advances))
    }
    func replacing(positions new: [CGPoint]) -> GlyphStorage {
        GlyphStorage.make(glyphs: Array(glyphs), positions: new, clusters: Array(clusters), advances: Array(advances))
    }
    func replacing(clusters new: [Int]) -> GlyphStorage {
        GlyphStorage.make(glyphs: Array(glyphs), positions: Array(positions), clusters: new, advances: Array(advances))
    }
    func replacing(advances new: [CGFloat]) -> GlyphStorage {
        GlyphStorage.make(glyphs: Array(glyphs), positions: Array(positions), clusters: Array(clusters), advances: new)
    }
}

/// Styles a renderer imitates for a face that lacks them, as browsers do (CSS Fonts 4,
/// `font-synthesis`; Blink's synthetic bold and italic for fallback faces).
///
/// The typesetter asks for bold when the request's weight is 600 or more and the face's is below
/// 600, and for italic when the request is italic and the face upright; never for colour-bitmap
/// faces. The bundled families have every weight and slant they are asked for, so only the
/// machine's fallback faces and added font files get synthesis.
public struct FontSynthesis: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates a set from its bits.
    ///
    /// - Parameter rawValue: bit 0 bold, bit 1 italic.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Embolden the outlines.
    public static let bold = FontSynthesis(rawValue: 1)
    /// Slant the outlines.
    public static let italic = FontSynthesis(rawValue: 2)

    /// What `face` lacks for `font`.
    ///
    /// - Parameters:
    ///   - font: the request.
    ///   - face: the face drawing it.
    /// - Returns: the styles to imitate.
    static func needed(for font: Font, face: FontFace) -> FontSynthesis {
        guard !face.hasColorBitmaps else { return [] }
        var synthesis: FontSynthesis = []
        if font.weight.value >= 600 && face.weightClass < 600 { synthesis.insert(.bold) }
        if font.isItalic && !face.isItalic { synthesis.insert(.italic) }
        return synthesis
    }
}

/// Where an ellipsis replaces text that does not fit (SwiftUI `Text.TruncationMode`).
public enum TruncationMode: Hashable, Sendable, CaseIterable {
    /// "…end of the text".
    case head
    /// "Start of the text…".
    case tail
    /// "Start…end".
    case middle
}

/// How lines of different widths line up (SwiftUI `TextAlignment`, for `multilineTextAlignment`).
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    /// At the leading edge (left in left-to-right text).
    case leading
    /// Centred.
    case center
    /// At the trailing edge.
    case trailing
}

/// The base direction of paragraphs that have no direction of their own (UAX #9 paragraph level;
/// SwiftUI `LayoutDirection`).
///
/// A text takes the direction of its first strong character (``firstStrong(in:)``), as a text of
/// natural writing direction does in SwiftUI and as CSS `unicode-bidi: plaintext` lays it out:
/// "C++" in a right-to-left layout reads "C++", and "שלום!" in a left-to-right one has its "!" at
/// the left. The requested direction is that of texts without a strong character ("42", "#1"),
/// which UAX #9 (rule P3), SwiftUI's `Text` and CSS `unicode-bidi: plaintext` take left to right.
public enum TextDirection: Hashable, Sendable, CaseIterable {
    /// Left to right (level 0), the default, like CSS `direction: ltr`.
    case leftToRight
    /// Right to left (level 1), like CSS `direction: rtl`.
    case rightToLeft
}

extension GlyphStorage.StoredArray {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}
