public import Foundation

/// Text shaped, positioned and broken into lines: everything a renderer needs to draw it without
/// shaping again.
///
/// Coordinates are in points, with the origin at the top-left corner of the text's layout box and
/// y growing downwards; glyph positions are baseline origins.
public struct ShapedText: Sendable, Equatable {
    /// Glyph runs in visual order, each in one font face.
    public var runs: [GlyphRun]
    /// The size of the layout box: the widest line's advance by the lines' total height.
    public var size: CGSize
    /// The y of the first line's baseline.
    public var firstBaseline: CGFloat
    /// The y of the last line's baseline.
    public var lastBaseline: CGFloat

    public init(runs: [GlyphRun], size: CGSize, firstBaseline: CGFloat, lastBaseline: CGFloat) {
        self.runs = runs
        self.size = size
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}

/// A sequence of glyphs in one face at one size.
public struct GlyphRun: Sendable, Equatable {
    /// The face the glyph ids belong to.
    public var face: FontFace
    /// The font size in points (the em size).
    public var fontSize: CGFloat
    /// Glyph ids in the face, in visual order.
    public var glyphs: [UInt32]
    /// The baseline origin of each glyph, in points, relative to the text's layout box.
    public var positions: [CGPoint]
    /// For each glyph, the UTF-8 offset in the source string of the cluster it belongs to.
    public var clusters: [Int]

    public init(face: FontFace, fontSize: CGFloat, glyphs: [UInt32], positions: [CGPoint], clusters: [Int]) {
        self.face = face
        self.fontSize = fontSize
        self.glyphs = glyphs
        self.positions = positions
        self.clusters = clusters
    }

    public static func == (lhs: GlyphRun, rhs: GlyphRun) -> Bool {
        lhs.face === rhs.face && lhs.fontSize == rhs.fontSize && lhs.glyphs == rhs.glyphs
            && lhs.positions == rhs.positions && lhs.clusters == rhs.clusters
    }
}
