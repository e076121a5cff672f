import Foundation

/// Chip colours from tag weights (``Cloud/Colors``), and the colour arithmetic behind them: OKLab
/// and OKLCH (Björn Ottosson, "A perceptual color space for image processing", 2020, as CSS Color
/// 4 §9 defines them), interpolation in OKLCH (CSS Color 4 §12.4, shorter hue arc), gamut mapping
/// by chroma reduction (CSS Color 4 §13.2, at constant lightness and hue), and WCAG 2.2 contrast
/// (§1.4.3, relative luminance and contrast ratio).
public enum WeightColoring {
    /// The contrast ratio text keeps with its fill: WCAG 2.2's 4.5:1 for normal text (AA).
    public static let minimumContrast = 4.5

    /// The colour of a tag at `position` in a palette: the palette split into equal steps over
    /// 0…1, the lightest tag in the first step and the heaviest in the last.
    ///
    /// - Parameters:
    ///   - position: The tag's place between the lightest (0) and heaviest (1) weights.
    ///   - palette: One or more colours.
    /// - Returns: The step's colour.
    public static func color(at position: Double, palette: [CSSColor]) -> CSSColor {
        guard !palette.isEmpty else { return .black }
        let clamped = position.isNaN ? 0 : Swift.min(Swift.max(position, 0), 1)
        return palette[Swift.min(palette.count - 1, Int(clamped * Double(palette.count)))]
    }

    /// The colour at `position` along a gradient whose stops are spread evenly over 0…1,
    /// interpolated in OKLCH between the two stops around it (the shorter way round the hue
    /// circle; the hue of an achromatic stop takes the other's), then brought into sRGB by
    /// reducing chroma at constant lightness and hue (`OKLCH/mappedToSRGB(alpha:)`).
    ///
    /// Lightness varies linearly with `position` between stops, so it is monotonic along a
    /// two-stop gradient.
    ///
    /// - Parameters:
    ///   - position: 0 (the first stop) … 1 (the last).
    ///   - stops: Two or more colours; alpha is interpolated linearly.
    /// - Returns: The colour.
    public static func color(at position: Double, gradient stops: [CSSColor]) -> CSSColor {
        guard let first = stops.first else { return .black }
        guard stops.count > 1 else { return first }
        let clamped = position.isNaN ? 0 : Swift.min(Swift.max(position, 0), 1)
        let scaled = clamped * Double(stops.count - 1)
        let index = Swift.min(stops.count - 2, Int(scaled))
        let t = scaled - Double(index)
        let a = OKLCH(stops[index]), b = OKLCH(stops[index + 1])
        var hueA = a.hue, hueB = b.hue
        if a.isAchromatic { hueA = hueB }
        if b.isAchromatic { hueB = hueA }
        var delta = hueB - hueA
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        let mixed = OKLCH(lightness: a.lightness + (b.lightness - a.lightness) * t,
                          chroma: a.chroma + (b.chroma - a.chroma) * t,
                          hue: hueA + delta * t)
        let alpha = stops[index].alpha + (stops[index + 1].alpha - stops[index].alpha) * t
        return mixed.mappedToSRGB(alpha: alpha)
    }

    /// The WCAG 2.2 relative luminance of an opaque colour: 0 (black) … 1 (white).
    public static func luminance(_ color: CSSColor) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The WCAG 2.2 contrast ratio of two opaque colours: 1 … 21.
    public static func contrast(_ a: CSSColor, _ b: CSSColor) -> Double {
        let x = luminance(a), y = luminance(b)
        return (Swift.max(x, y) + 0.05) / (Swift.min(x, y) + 0.05)
    }

    /// `color` painted over an opaque `background` (source-over in sRGB, as the renderers blend).
    public static func composite(_ color: CSSColor, over background: CSSColor) -> CSSColor {
        let a = color.alpha
        return CSSColor(red: color.red * a + background.red * (1 - a), green: color.green * a + background.green * (1 - a),
                        blue: color.blue * a + background.blue * (1 - a))
    }

    /// Black or white, whichever contrasts more with `fill`.
    public static func blackOrWhite(on fill: CSSColor) -> CSSColor {
        contrast(.black, fill) >= contrast(.white, fill) ? .black : .white
    }

    /// `text` as it is, if it has ``minimumContrast`` with `fill`; else the same hue and chroma
    /// with its OKLCH lightness moved towards black or white (whichever contrasts more with the
    /// fill) as little as reaches the contrast, found by bisection to 1/1024 of the range.
    ///
    /// - Parameters:
    ///   - text: The text colour wanted (opaque).
    ///   - fill: The opaque colour behind the text.
    /// - Returns: A colour with at least ``minimumContrast`` against `fill` (black or white
    ///   reach it against any colour).
    public static func readable(_ text: CSSColor, on fill: CSSColor) -> CSSColor {
        guard contrast(text, fill) < minimumContrast else { return text }
        let start = OKLCH(text)
        let target: Double = blackOrWhite(on: fill) == .black ? 0 : 1
        func shifted(_ amount: Double) -> CSSColor {
            OKLCH(lightness: start.lightness + (target - start.lightness) * amount, chroma: start.chroma, hue: start.hue)
                .mappedToSRGB(alpha: 1)
        }
        var low = 0.0, high = 1.0
        for _ in 0..<10 {
            let middle = (low + high) / 2
            if contrast(shifted(middle), fill) >= minimumContrast { high = middle } else { low = middle }
        }
        let result = shifted(high)
        return contrast(result, fill) >= minimumContrast ? result : blackOrWhite(on: fill)
    }

    /// The sRGB transfer function, undone (IEC 61966-2-1, the WCAG 2.2 form).
    static func linear(_ channel: Double) -> Double {
        channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }

    /// The sRGB transfer function.
    static func gammaEncoded(_ channel: Double) -> Double {
        channel <= 0.0031308 ? 12.92 * channel : 1.055 * pow(channel, 1 / 2.4) - 0.055
    }
}

/// A colour in OKLCH: OKLab's lightness, chroma and hue angle.
struct OKLCH: Equatable {
    /// 0 (black) … 1 (white).
    var lightness: Double
    /// 0 (grey) and up; about 0.37 at most in sRGB.
    var chroma: Double
    /// Degrees, 0 ..< 360.
    var hue: Double

    init(lightness: Double, chroma: Double, hue: Double) {
        self.lightness = lightness
        self.chroma = chroma
        self.hue = hue
    }

    /// The OKLCH of an sRGB colour (its alpha is not kept).
    init(_ color: CSSColor) {
        let (l, a, b) = OKLCH.oklab(fromLinear: (WeightColoring.linear(color.red), WeightColoring.linear(color.green),
                                                 WeightColoring.linear(color.blue)))
        lightness = l
        chroma = (a * a + b * b).squareRoot()
        let degrees = atan2(b, a) * 180 / .pi
        hue = degrees < 0 ? degrees + 360 : degrees
    }

    /// Whether the hue means nothing (CSS Color 4 treats it as "powerless" below this chroma).
    var isAchromatic: Bool { chroma < 1e-4 }

    /// Linear sRGB, possibly outside 0…1.
    var linearRGB: (Double, Double, Double) {
        let radians = hue * .pi / 180
        let a = chroma * cos(radians), b = chroma * sin(radians)
        let l_ = lightness + 0.3963377774 * a + 0.2158037573 * b
        let m_ = lightness - 0.1055613458 * a - 0.0638541728 * b
        let s_ = lightness - 0.0894841775 * a - 1.2914855480 * b
        let l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_
        return (4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
    }

    /// OKLab of linear sRGB (Ottosson's matrices).
    static func oklab(fromLinear rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        let l = 0.4122214708 * rgb.0 + 0.5363325363 * rgb.1 + 0.0514459929 * rgb.2
        let m = 0.2119034982 * rgb.0 + 0.6806995451 * rgb.1 + 0.1073969566 * rgb.2
        let s = 0.0883024619 * rgb.0 + 0.2817188376 * rgb.1 + 0.6299787005 * rgb.2
        let l_ = cbrt(l), m_ = cbrt(m), s_ = cbrt(s)
        return (0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
                1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
                0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)
    }

    /// Whether the colour is inside sRGB (to a rounding's width).
    private var isInSRGB: Bool {
        let (r, g, b) = linearRGB
        let low = -1e-7, high = 1 + 1e-7
        return (low...high).contains(r) && (low...high).contains(g) && (low...high).contains(b)
    }

    /// The colour in sRGB: as it is when inside, else with its chroma reduced by bisection until
    /// it is (lightness and hue kept exactly, so lightness stays linear along a gradient), then
    /// clipped by the last rounding's width. This is CSS Color 4's gamut mapping (§13.2) without
    /// its just-noticeable-difference shortcut, which clips a colour whose clipped self is within
    /// ΔEOK 0.02 and so may move its lightness.
    func mappedToSRGB(alpha: Double) -> CSSColor {
        if lightness >= 1 { return CSSColor(red: 1, green: 1, blue: 1, alpha: alpha) }
        if lightness <= 0 { return CSSColor(red: 0, green: 0, blue: 0, alpha: alpha) }
        var candidate = self
        if !isInSRGB {
            var low = 0.0, high = chroma
            while high - low > 1e-6 {
                candidate.chroma = (low + high) / 2
                if candidate.isInSRGB { low = candidate.chroma } else { high = candidate.chroma }
            }
            candidate.chroma = low
        }
        let (r, g, b) = candidate.linearRGB
        func encode(_ channel: Double) -> Double { WeightColoring.gammaEncoded(Swift.min(Swift.max(channel, 0), 1)) }
        return CSSColor(red: encode(r), green: encode(g), blue: encode(b), alpha: alpha)
    }
}
