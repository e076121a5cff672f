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
    /// The language the text was shaped in (the `language` given to the ``Typesetter``), for
    /// renderers that write it: SVG and HTML `lang`, the PDF's language.
    public var language: TextLanguage?

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
            && lhs.lastBaseline == rhs.lastBaseline && lhs.isTruncated == rhs.isTruncated && lhs.language == rhs.language
            && (lhs.storage === rhs.storage || (lhs.runs == rhs.runs && lhs.lines == rhs.lines))
    }

    /// Creates shaped text from its parts (renderers and tests; the ``Typesetter`` makes these).
    public init(runs: [GlyphRun], lines: [ShapedLine] = [], size: CGSize, advance: CGFloat? = nil,
                firstBaseline: CGFloat, lastBaseline: CGFloat, isTruncated: Bool = false, language: TextLanguage? = nil) {
        self.storage = Storage(runs: runs, lines: lines)
        self.size = size
        self.advance = advance ?? size.width
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.isTruncated = isTruncated
        self.language = language
    }

    /// The families the text is drawn in, each once, in the order of the runs (visual order):
    /// the requested face's family, then those fallback gave characters to. A family appears even
    /// if it only drew `.notdef` glyphs.
    ///
    /// - Complexity: O(r · f) in the number of runs and of families (both a few).
    public var fontFamilies: [String] {
        // Runs are few (one for most labels): a linear search beats hashing, and allocates once.
        var families: [String] = []
        for run in runs where !families.contains(run.face.familyName) { families.append(run.face.familyName) }
        return families
    }

    /// The characters no available font covers, each once, in the order they are drawn: what the
    /// text shows as `.notdef` boxes. Empty when every character has a glyph.
    ///
    /// A character counts when its grapheme cluster was shaped to glyph 0 (`.notdef`) and the run's
    /// face does not map it; default-ignorable characters (joiners, variation selectors) never
    /// count. Only the text shown is examined: characters a truncation dropped are not reported.
    ///
    /// - Complexity: O(g) in the number of glyphs when nothing is missing (the usual case),
    ///   O(g log g) otherwise.
    public var uncoveredCharacters: [UncoveredCharacter] {
        var found: [UncoveredCharacter] = []
        var seen = Set<UInt32>()
        for run in runs where run.glyphs.contains(0) {
            guard run.line < lines.count else { continue }
            let utf8 = lines[run.line].text.utf8
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
                guard let lower = start.samePosition(in: lines[run.line].text.unicodeScalars),
                      let upper = stop.samePosition(in: lines[run.line].text.unicodeScalars) else { continue }
                for scalar in lines[run.line].text.unicodeScalars[lower..<upper]
                where !isIgnorable(scalar) && !run.face.hasGlyph(scalar) && seen.insert(scalar.value).inserted {
                    found.append(UncoveredCharacter(scalar))
                }
            }
        }
        return found
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
    /// The styles a renderer imitates because ``face`` lacks them: a bold or italic request drawn
    /// with a regular or upright face (the machine's fallback faces are always regular, as in
    /// Chromium). Advances are unchanged, as in Chromium.
    public var synthesis: FontSynthesis

    /// Whether the run's text reads right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// Creates a run from its parts (renderers and tests; the ``Typesetter`` makes these).
    public init(face: FontFace, fontSize: CGFloat, glyphs: [UInt32], positions: [CGPoint], clusters: [Int],
                advances: [CGFloat] = [], line: Int = 0, bidiLevel: UInt8 = 0, synthesis: FontSynthesis = []) {
        self.synthesis = synthesis
        self.face = face
        self.fontSize = fontSize
        self.glyphs = glyphs
        self.positions = positions
        self.clusters = clusters
        self.advances = advances
        self.line = line
        self.bidiLevel = bidiLevel
    }

    /// Whether two runs draw the same: the same face object, size, synthesis, glyphs, positions and
    /// clusters. ``advances``, ``line`` and ``bidiLevel`` annotate a run and are not compared, so a
    /// run rebuilt from only what is drawn (a display list read back from JSON) equals the original.
    public static func == (lhs: GlyphRun, rhs: GlyphRun) -> Bool {
        lhs.face === rhs.face && lhs.fontSize == rhs.fontSize && lhs.synthesis == rhs.synthesis && lhs.glyphs == rhs.glyphs
            && lhs.positions == rhs.positions && lhs.clusters == rhs.clusters
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

/// The base direction of paragraphs (UAX #9 paragraph level; SwiftUI `LayoutDirection`).
public enum TextDirection: Hashable, Sendable, CaseIterable {
    /// Left to right (level 0), the default, like CSS `direction: ltr`.
    case leftToRight
    /// Right to left (level 1), like CSS `direction: rtl`.
    case rightToLeft
}
