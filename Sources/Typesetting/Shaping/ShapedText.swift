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
    public var runs: [GlyphRun] {
        get { storage.runs }
        set { mutableStorage().runs = newValue }
    }
    /// The lines, top to bottom.
    public var lines: [ShapedLine] {
        get { storage.lines }
        set { mutableStorage().lines = newValue }
    }
    /// The size of the layout box: the widest line's width (rounded up to 1/64 point, as a
    /// browser lays it out) by the lines' total height (CSS `line-height: normal`).
    public var size: CGSize
    /// The exact advance of the widest line, in points, before rounding.
    public var advance: CGFloat
    /// The y of the first line's baseline (SwiftUI's `firstTextBaseline` alignment guide).
    public var firstBaseline: CGFloat
    /// The y of the last line's baseline (SwiftUI's `lastTextBaseline` alignment guide).
    public var lastBaseline: CGFloat
    /// Whether an ellipsis replaced part of the text (line limit or width reached).
    public var isTruncated: Bool

    /// The runs and lines behind one reference, so that a cached result is handed out with a
    /// single retain. Copy on write: a storage is mutated only while uniquely referenced, so
    /// sharing it between threads is safe.
    private var storage: Storage

    private final class Storage: @unchecked Sendable {
        var runs: [GlyphRun]
        var lines: [ShapedLine]
        init(runs: [GlyphRun], lines: [ShapedLine]) {
            self.runs = runs
            self.lines = lines
        }
    }

    private mutating func mutableStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(runs: storage.runs, lines: storage.lines) }
        return storage
    }

    /// Whether two layouts are the same: sizes, baselines, truncation, runs and lines.
    public static func == (lhs: ShapedText, rhs: ShapedText) -> Bool {
        lhs.size == rhs.size && lhs.advance == rhs.advance && lhs.firstBaseline == rhs.firstBaseline
            && lhs.lastBaseline == rhs.lastBaseline && lhs.isTruncated == rhs.isTruncated
            && (lhs.storage === rhs.storage || (lhs.runs == rhs.runs && lhs.lines == rhs.lines))
    }

    /// Creates shaped text from its parts (renderers and tests; the ``Typesetter`` makes these).
    public init(runs: [GlyphRun], lines: [ShapedLine] = [], size: CGSize, advance: CGFloat? = nil,
                firstBaseline: CGFloat, lastBaseline: CGFloat, isTruncated: Bool = false) {
        self.storage = Storage(runs: runs, lines: lines)
        self.size = size
        self.advance = advance ?? size.width
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.isTruncated = isTruncated
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
public struct GlyphRun: Sendable, Equatable {
    /// The face the glyph ids belong to. ``FontFace/hasColorBitmaps`` tells a renderer to draw the
    /// glyphs as colour bitmaps, scaled from the face's strike to ``fontSize``.
    public var face: FontFace
    /// The font size in points (the em size).
    public var fontSize: CGFloat
    /// Glyph ids in the face, in visual order (left to right).
    public var glyphs: [UInt32]
    /// The baseline origin of each glyph, in points, relative to the text's layout box.
    public var positions: [CGPoint]
    /// For each glyph, the UTF-8 offset, in its line's ``ShapedLine/text``, of the cluster it
    /// belongs to.
    public var clusters: [Int]
    /// The advance of each glyph in points.
    public var advances: [CGFloat]
    /// The index of the run's line in ``ShapedText/lines``.
    public var line: Int
    /// The bidi embedding level (UAX #9): even left-to-right, odd right-to-left.
    public var bidiLevel: UInt8

    /// Whether the run's text reads right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// Creates a run from its parts (renderers and tests; the ``Typesetter`` makes these).
    public init(face: FontFace, fontSize: CGFloat, glyphs: [UInt32], positions: [CGPoint], clusters: [Int],
                advances: [CGFloat] = [], line: Int = 0, bidiLevel: UInt8 = 0) {
        self.face = face
        self.fontSize = fontSize
        self.glyphs = glyphs
        self.positions = positions
        self.clusters = clusters
        self.advances = advances
        self.line = line
        self.bidiLevel = bidiLevel
    }

    /// Whether two runs draw the same: the same face object, size, glyphs, positions and clusters.
    /// ``advances``, ``line`` and ``bidiLevel`` annotate a run and are not compared, so a run
    /// rebuilt from only what is drawn (a display list read back from JSON) equals the original.
    public static func == (lhs: GlyphRun, rhs: GlyphRun) -> Bool {
        lhs.face === rhs.face && lhs.fontSize == rhs.fontSize && lhs.glyphs == rhs.glyphs
            && lhs.positions == rhs.positions && lhs.clusters == rhs.clusters
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

/// The base direction of paragraphs (UAX #9 paragraph level; SwiftUI `LayoutDirection`).
public enum TextDirection: Hashable, Sendable, CaseIterable {
    /// Left to right (level 0), the default, like CSS `direction: ltr`.
    case leftToRight
    /// Right to left (level 1), like CSS `direction: rtl`.
    case rightToLeft
}
