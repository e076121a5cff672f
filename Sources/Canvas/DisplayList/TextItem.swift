public import Foundation
public import Typesetting

/// Shaped glyph runs drawn at an origin in one colour or gradient.
///
/// The runs come from Typesetting's `ShapedText`: glyph positions are baseline origins
/// relative to the top-left corner of the text's layout box, so the item only adds ``origin``.
/// Glyphs of colour-bitmap faces (`FontFace.hasColorBitmaps`, such as Noto Color Emoji)
/// are drawn in their own colours; every other glyph is filled with ``shading``.
///
/// ``lines`` keep the characters behind the glyphs, line by line, for backends that write real
/// text beside the outlines (the SVG backend's invisible text layer, so that a page's readers can
/// select, copy, find and index it).
public struct TextItem: Sendable, Equatable {
    /// Where the top-left corner of the text's layout box goes, in points.
    public var origin: CGPoint
    /// The glyph runs, in visual order.
    public var runs: [GlyphRun]
    /// The colour or gradient the glyphs are filled with.
    public var shading: Shading
    /// The text of each line, where it sits and how wide it is; empty when the item was made
    /// from glyphs alone.
    public var lines: [TextLine]
    /// The language the text was shaped in (a BCP 47 tag), for backends that can write it: an
    /// SVG or HTML `lang` attribute on the text's element; `nil` when none was given.
    public var language: TextLanguage?

    /// Makes a text item from glyph runs.
    ///
    /// - Parameters:
    ///   - runs: Glyph runs with positions relative to the text's layout box.
    ///   - origin: Where the layout box's top-left corner goes.
    ///   - shading: The glyphs' colour or gradient.
    ///   - lines: The characters of each line, relative to the layout box; none by default.
    ///   - language: The text's language, or `nil`.
    public init(runs: [GlyphRun], origin: CGPoint, shading: Shading, lines: [TextLine] = [], language: TextLanguage? = nil) {
        self.runs = runs
        self.origin = origin
        self.shading = shading
        self.lines = lines
        self.language = language
    }

    /// Makes a text item from shaped text, keeping its runs, its language and the text of its
    /// lines.
    ///
    /// - Parameters:
    ///   - text: The shaped text.
    ///   - origin: Where the layout box's top-left corner goes.
    ///   - shading: The glyphs' colour or gradient.
    public init(_ text: ShapedText, origin: CGPoint, shading: Shading) {
        let runs = text.runs
        // By index: a one-line text keeps its line without an array, made only if asked for.
        let lines = (0..<text.lineCount).map { index in
            let line = text.line(index)
            let lineRuns = runs[line.runRange.clamped(to: runs.indices)]
            return TextLine(text: line.text, baselineOrigin: CGPoint(x: line.origin.x, y: line.baseline),
                            width: line.advance, fontSize: lineRuns.map(\.fontSize).max() ?? 0,
                            isRightToLeft: lineRuns.map(\.bidiLevel).min().map { $0 & 1 == 1 } ?? false)
        }
        self.init(runs: runs, origin: origin, shading: shading, lines: lines, language: text.language)
    }
}

/// One line of a ``TextItem``'s characters: what web output writes as real, invisible text over
/// the glyph outlines.
public struct TextLine: Sendable, Hashable {
    /// The characters, in logical order.
    public var text: String
    /// The left end of the line's baseline, relative to the text's layout box, in points.
    public var baselineOrigin: CGPoint
    /// The line's advance in points: the real text is stretched or squeezed to it.
    public var width: CGFloat
    /// The largest font size on the line, in points.
    public var fontSize: CGFloat
    /// Whether the line reads right to left: its paragraph's direction, which its lowest bidi
    /// level says (odd: right to left). Web output lays out the line's real text in it.
    public var isRightToLeft: Bool

    /// Makes a line.
    ///
    /// - Parameters:
    ///   - text: The characters, in logical order.
    ///   - baselineOrigin: The left end of the baseline, relative to the layout box.
    ///   - width: The advance the text spans.
    ///   - fontSize: The largest font size on the line, in points.
    ///   - isRightToLeft: Whether the line reads right to left (its paragraph's direction).
    public init(text: String, baselineOrigin: CGPoint, width: CGFloat, fontSize: CGFloat, isRightToLeft: Bool = false) {
        self.text = text
        self.baselineOrigin = baselineOrigin
        self.width = width
        self.fontSize = fontSize
        self.isRightToLeft = isRightToLeft
    }
}
