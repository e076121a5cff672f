public import Foundation

/// Shapes, measures and breaks text into lines: the text engine's entry point.
///
/// One typesetter serves a whole process: it is `Sendable`, its fonts are loaded once by its
/// ``FontLibrary``, and its results are cached (keyed by text, font, width, line limit,
/// truncation, alignment and direction, within a memory budget) from a request's second time on:
/// a request made once (most labels of a large cloud, whose text views keep their own layouts)
/// is not stored. The same request gives the same ``ShapedText`` from any thread.
public final class Typesetter: Sendable {
    /// The font sizes the typesetter shapes are below this many points (FreeType's 26.6 sizes
    /// overflow beyond, and no picture could hold such a glyph).
    public static let largestFontSize: CGFloat = 100_000

    /// The fonts this typesetter shapes with.
    public let library: FontLibrary
    private let cache: ShapingCache
    private let words: WordCache?
    /// Whether printable-ASCII texts are shaped with the substitution features they leave inert
    /// turned off (``InertFeatures``; tests compare with shaping without).
    private let turnsOffInertFeatures: Bool

    /// Creates a typesetter over `library`.
    ///
    /// - Parameters:
    ///   - library: the fonts.
    ///   - cacheCapacity: the layout cache's budget in bytes (estimated); the word cache gets an
    ///     eighth more (at least 256 KiB). 0 disables both: every request is shaped whole, afresh.
    public convenience init(library: FontLibrary, cacheCapacity: Int = 64 << 20) {
        self.init(library: library, cacheCapacity: cacheCapacity, shapesWordByWord: true)
    }

    /// Creates a typesetter; `shapesWordByWord: false` always shapes whole runs and
    /// `turnsOffInertFeatures: false` always applies every default feature (tests compare them).
    init(library: FontLibrary, cacheCapacity: Int, shapesWordByWord: Bool, turnsOffInertFeatures: Bool = true) {
        self.library = library
        self.cache = ShapingCache(capacity: cacheCapacity)
        self.words = shapesWordByWord && cacheCapacity > 0 ? WordCache(capacity: max(256 << 10, cacheCapacity / 8)) : nil
        self.turnsOffInertFeatures = turnsOffInertFeatures
    }

    /// The shared typesetter over the bundled fonts (``FontLibrary/bundled(systemFonts:)``).
    ///
    /// - Parameter systemFonts: whether the machine's fonts back up the bundled ones.
    /// - Returns: the typesetter, created on first use.
    /// - Throws: the error of locating or loading `Fonts/`.
    public static func standard(systemFonts: Bool = true) throws -> Typesetter {
        try shared.withLock { typesetters in
            if let typesetter = typesetters[systemFonts] { return typesetter }
            let typesetter = Typesetter(library: try FontLibrary.bundled(systemFonts: systemFonts))
            typesetters[systemFonts] = typesetter
            return typesetter
        }
    }

    private static let shared = Locked<[Bool: Typesetter]>([:])

    /// Shapes `text` in `font`, wrapped to `width`, limited to `lineLimit` lines: what SwiftUI's
    /// `Text` does with `.font(_:)`, `.lineLimit(_:)`, `.truncationMode(_:)` and
    /// `.multilineTextAlignment(_:)` under a proposed width.
    ///
    /// Lines break at hard line breaks and, when `width` is given and the text is wider, at UAX #14
    /// line-break opportunities (a word wider than `width` breaks between grapheme clusters).
    /// When there are more lines than `lineLimit`, the text is truncated with "…" where
    /// `truncation` says. Runs are itemized by script, bidi level and font coverage, shaped with
    /// HarfBuzz, and ordered visually by UAX #9.
    ///
    /// - Parameters:
    ///   - text: the text; `\n`, `\r\n`, U+2028 and U+2029 end lines.
    ///   - font: the font request.
    ///   - width: the width to wrap to, in points; `nil` to keep each paragraph on one line.
    ///   - lineLimit: the most lines to show; `nil` for no limit. With `lineLimit == 1` and a
    ///     `width`, a wider text is truncated instead of wrapped.
    ///   - truncation: where the ellipsis goes (SwiftUI `Text.TruncationMode`).
    ///   - alignment: how lines line up (SwiftUI `TextAlignment`).
    ///   - direction: the base direction of a text without a strong character (``TextDirection``); a
    ///     text with one takes that character's.
    ///   - language: the text's language (the HTML `lang` attribute): HarfBuzz applies its
    ///     OpenType `locl` forms, and characters no requested or bundled face covers fall back to
    ///     the machine's face Chromium picks for it (see ``TextLanguage``); `nil` for none.
    /// - Returns: the shaped text; its ``ShapedText/size`` is the browser-compatible layout size,
    ///   its ``ShapedText/fontFamilies`` the families it was set in and its
    ///   ``ShapedText/uncoveredCharacters`` the characters no available font has.
    /// - Throws: ``TypesettingError/invalidFontSize(_:)``,
    ///   ``TypesettingError/invalidLayoutParameter(name:value:)``,
    ///   ``TypesettingError/unknownFamily(_:available:)`` or an error loading a system font.
    /// - Complexity: O(n · l) for n characters and l lines on a cache miss, O(n) on a hit (hashing).
    public func shape(_ text: String, font: Font, width: CGFloat? = nil, lineLimit: Int? = nil,
                      truncation: TruncationMode = .tail, alignment: TextAlignment = .leading,
                      direction: TextDirection = .leftToRight, language: TextLanguage? = nil) throws -> ShapedText {
        guard font.size.isFinite, font.size > 0, font.size < Self.largestFontSize else { throw TypesettingError.invalidFontSize(font.size) }
        if let width, !(width.isFinite && width >= 0) {
            throw TypesettingError.invalidLayoutParameter(name: "width", value: "\(width)")
        }
        if let lineLimit, lineLimit < 1 {
            throw TypesettingError.invalidLayoutParameter(name: "line limit", value: "\(lineLimit)")
        }
        let request = LayoutRequest(text: text, font: font, width: width, lineLimit: lineLimit,
                                    truncation: truncation, alignment: alignment, direction: direction, language: language)
        let hash = request.hashValue
        let lookup = cache.lookUp(request, hash: hash)
        if let cached = lookup.value { return cached }
        var result = try layout(request, faces: library.resolve(font), library: library, words: words,
                                turnsOffInertFeatures: turnsOffInertFeatures)
        result.language = language
        // Kept from its second request on (``ShapingCache``): most labels of a large cloud are
        // asked for once.
        if lookup.admits { cache.insert(result, for: request, hash: hash) }
        return result
    }

    /// The size `text` takes on one line: the exact advance and the browser layout width (rounded
    /// up to 1/64 point). It shares ``shape(_:font:width:lineLimit:truncation:alignment:direction:language:)``'s
    /// cache: a label measured and drawn is kept from its second request on, and a hit after.
    ///
    /// - Parameters:
    ///   - text: the text, not wrapped (a line break in it still starts a new line).
    ///   - font: the font request.
    ///   - language: the text's language, or `nil` (see ``TextLanguage``).
    /// - Returns: the measurement.
    /// - Throws: as ``shape(_:font:width:lineLimit:truncation:alignment:direction:language:)``.
    public func measure(_ text: String, font: Font, language: TextLanguage? = nil) throws -> TextMeasurement {
        let shaped = try shape(text, font: font, language: language)
        return TextMeasurement(advance: shaped.advance, size: shaped.size, firstBaseline: shaped.firstBaseline,
                               lastBaseline: shaped.lastBaseline)
    }

    /// The pieces of `text` that a line is never broken inside, short of breaking a word: the
    /// text between its line-break opportunities (UAX #14, as ``shape(_:font:width:lineLimit:truncation:alignment:direction:language:)``
    /// wraps lines), without the spaces that end each. Words and spaces make the pieces of most
    /// text, but Chinese and Japanese may break between any two ideographs, Thai, Lao, Khmer and
    /// Myanmar between the words of ICU's dictionaries, and a hyphenated word or a path after
    /// each hyphen or slash: what CSS calls the text's min-content pieces. The widest of them is
    /// the narrowest the text wraps to without cutting a word.
    ///
    /// - Parameter text: The text.
    /// - Returns: The pieces in logical order, none empty (a text of spaces has none).
    /// - Complexity: O(n) in the length of `text`.
    public func unbreakablePieces(of text: String) -> [Substring] {
        let scalars = Array(text.unicodeScalars)
        let actions = browserLineBreakActions(scalars)
        var pieces: [Substring] = []
        var index = text.unicodeScalars.startIndex, start = index, position = 0
        var lastKept = index
        while index < text.unicodeScalars.endIndex {
            let scalar = text.unicodeScalars[index]
            let next = text.unicodeScalars.index(after: index)
            position += 1
            if !scalar.properties.isWhitespace { lastKept = next }
            if actions[position] != .prohibited {
                if lastKept > start { pieces.append(text[start..<lastKept]) }
                start = next
                lastKept = next
            }
            index = next
        }
        return pieces
    }

    /// The metrics of the face `font` resolves to, at `font`'s effective size
    /// (``Font/effectiveSize``, the size its text is shaped at).
    ///
    /// - Parameter font: the font request.
    /// - Returns: the metrics.
    /// - Throws: ``TypesettingError/invalidFontSize(_:)`` or
    ///   ``TypesettingError/unknownFamily(_:available:)``.
    public func metrics(for font: Font) throws -> FontMetrics {
        guard font.size.isFinite, font.size > 0 else { throw TypesettingError.invalidFontSize(font.size) }
        return try library.face(for: font).metrics(size: font.effectiveSize)
    }

    /// Empties the layout cache.
    public func removeCachedLayouts() {
        cache.removeAll()
        words?.removeAll()
    }

    /// The layout cache's entry count, estimated bytes, hits and misses.
    public var cacheStatistics: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        cache.statistics
    }
}

/// The size of a single line of text.
public struct TextMeasurement: Sendable, Hashable {
    /// The exact sum of the advances, in points.
    public var advance: CGFloat
    /// The layout size: the advance rounded up to 1/64 point by the line height.
    public var size: CGSize
    /// The baseline's distance from the top.
    public var firstBaseline: CGFloat
    /// The last line's baseline (the same as ``firstBaseline`` for one line).
    public var lastBaseline: CGFloat
}
