public import Foundation
public import Typesetting

/// Shaped glyph runs drawn at an origin in one colour or gradient.
///
/// The runs come from Typesetting's `ShapedText`: glyph positions are baseline origins
/// relative to the top-left corner of the text's layout box, so the item only adds ``origin``.
/// Glyphs of colour-bitmap faces (`FontFace.hasColorBitmaps`, such as Noto Color Emoji)
/// are drawn in their own colours; every other glyph is filled with ``shading``.
public struct TextItem: Sendable, Equatable {
    /// Where the top-left corner of the text's layout box goes, in points.
    public var origin: CGPoint
    /// The glyph runs, in visual order.
    public var runs: [GlyphRun]
    /// The colour or gradient the glyphs are filled with.
    public var shading: Shading
    /// The language the text was shaped in (a BCP 47 tag), for backends that can write it: an
    /// SVG or HTML `lang` attribute on the text's element; `nil` when none was given.
    public var language: TextLanguage?

    /// Makes a text item from glyph runs.
    ///
    /// - Parameters:
    ///   - runs: Glyph runs with positions relative to the text's layout box.
    ///   - origin: Where the layout box's top-left corner goes.
    ///   - shading: The glyphs' colour or gradient.
    ///   - language: The text's language, or `nil`.
    public init(runs: [GlyphRun], origin: CGPoint, shading: Shading, language: TextLanguage? = nil) {
        self.runs = runs
        self.origin = origin
        self.shading = shading
        self.language = language
    }

    /// Makes a text item from shaped text.
    ///
    /// - Parameters:
    ///   - text: The shaped text; its runs and language are kept.
    ///   - origin: Where the layout box's top-left corner goes.
    ///   - shading: The glyphs' colour or gradient.
    public init(_ text: ShapedText, origin: CGPoint, shading: Shading) {
        self.init(runs: text.runs, origin: origin, shading: shading, language: text.language)
    }
}
