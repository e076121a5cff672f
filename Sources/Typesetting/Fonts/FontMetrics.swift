public import Foundation

/// A face's vertical metrics at one size, in points (CSS pixels), y growing upwards from the
/// baseline for ``ascender`` and downwards for ``descender``.
///
/// The exact values are the design-unit metrics scaled by `size / unitsPerEm`. The browser values
/// follow Blink's `SimpleFontData`: ascent, descent and line gap are each rounded to whole pixels,
/// and `line-height: normal` is their sum (CSS Inline Layout 3, "normal" line height).
public struct FontMetrics: Sendable, Hashable {
    /// The em size in points.
    public var size: CGFloat
    /// The face's design units per em.
    public var unitsPerEm: Int
    /// The distance from the baseline up to the top of the line box's ascent (OS/2 typo ascender
    /// when the font sets USE_TYPO_METRICS, else hhea ascender).
    public var ascender: CGFloat
    /// The distance from the baseline down to the bottom of the descent, positive.
    public var descender: CGFloat
    /// The extra space between lines the font recommends.
    public var lineGap: CGFloat
    /// The height of capital letters (OS/2 sCapHeight), or 0 when the font does not say.
    public var capHeight: CGFloat
    /// The height of lowercase letters (OS/2 sxHeight), or 0 when the font does not say.
    public var xHeight: CGFloat
    /// The ascent a browser uses: ``ascender`` rounded to whole points.
    public var roundedAscent: CGFloat
    /// The descent a browser uses: ``descender`` rounded to whole points.
    public var roundedDescent: CGFloat
    /// The line gap a browser uses: ``lineGap`` rounded to whole points.
    public var roundedLineGap: CGFloat

    /// The height of one line with CSS `line-height: normal`: rounded ascent + descent + line gap.
    /// Inter at 17 pt: 16 + 4 + 0 = 20.
    public var lineHeight: CGFloat { roundedAscent + roundedDescent + roundedLineGap }

    /// The distance from the top of a line to its baseline: the rounded ascent plus the upper half
    /// of the line gap (floored, as Blink splits leading).
    public var baselineOffset: CGFloat { roundedAscent + (roundedLineGap / 2).rounded(.down) }

    init(units: UnitMetrics, unitsPerEm: Int, size: CGFloat) {
        let scale = size / CGFloat(unitsPerEm)
        self.size = size
        self.unitsPerEm = unitsPerEm
        ascender = CGFloat(units.ascender) * scale
        descender = CGFloat(units.descender) * scale
        lineGap = CGFloat(units.lineGap) * scale
        capHeight = CGFloat(units.capHeight) * scale
        xHeight = CGFloat(units.xHeight) * scale
        // Skia scales design units in single precision (units / upem × size) before Blink rounds
        // them; done in double, a value a hair below .5 could round the other way.
        let singleSize = Float(size), singleEm = Float(unitsPerEm)
        func browser(_ units: Int) -> CGFloat { CGFloat((Float(units) / singleEm * singleSize).rounded()) }
        roundedAscent = browser(units.ascender)
        roundedDescent = browser(units.descender)
        roundedLineGap = max(0, browser(units.lineGap))
    }
}
