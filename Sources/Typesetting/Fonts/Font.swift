public import Foundation

/// A font request: family, size, weight, slant and design, modelled on SwiftUI's `Font`.
///
/// SwiftUI's system font is San Francisco; here every ``Design`` maps onto the library's default
/// family (Inter, bundled), so the same request gives the same glyphs on every machine. Sizes are
/// in points, which are CSS pixels in the images TagCloud draws.
public struct Font: Hashable, Sendable {
    /// The family name; `nil` means the library's default family (Inter).
    public var family: String?
    /// The size in points.
    public var size: CGFloat
    /// The weight.
    public var weight: Weight
    /// Whether an italic face is wanted.
    public var isItalic: Bool
    /// The design of the system font (SwiftUI `Font.Design`).
    public var design: Design

    /// Creates a font request.
    ///
    /// - Parameters:
    ///   - family: a family name such as "Inter" or "DejaVu Sans"; `nil` for the default family.
    ///   - size: the size in points.
    ///   - weight: the weight; the nearest available face is used.
    ///   - italic: whether an italic or oblique face is wanted.
    ///   - design: the system font design (SwiftUI `Font.Design`).
    public init(family: String? = nil, size: CGFloat, weight: Weight = .regular, italic: Bool = false,
                design: Design = .default) {
        self.family = family
        self.size = size
        self.weight = weight
        self.isItalic = italic
        self.design = design
    }

    /// The system font at `size` (SwiftUI `Font.system(size:weight:design:)`), drawn with the
    /// bundled default family.
    ///
    /// - Parameters:
    ///   - size: the size in points.
    ///   - weight: the weight, regular by default; the nearest available face is used.
    ///   - design: the design; every design maps onto the default family (`.monospaced`, `.serif`
    ///     and `.rounded` draw in it too: no such families are bundled).
    /// - Returns: the request.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// The system font for a text style (SwiftUI `Font.system(_:design:weight:)`), with the iOS
    /// default (Large) Dynamic Type size and weight of the style.
    ///
    /// - Parameters:
    ///   - style: the text style.
    ///   - design: the design; every design maps onto the default family.
    ///   - weight: a weight replacing the style's own, or `nil`.
    /// - Returns: the request.
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        Font(size: style.size, weight: weight ?? style.weight, design: design)
    }

    /// A named family at a fixed size (SwiftUI `Font.custom(_:fixedSize:)`).
    ///
    /// The family must be one the typesetter has (bundled, installed, or added from font files):
    /// shaping text in a family it lacks throws ``TypesettingError/unknownFamily(_:available:)``, which
    /// names the families there are, where SwiftUI falls back to the system font in silence. The
    /// characters the family lacks fall back to the other fonts, as in SwiftUI.
    ///
    /// - Parameters:
    ///   - family: the family name, matched case-insensitively.
    ///   - size: the size in points.
    /// - Returns: the request.
    public static func custom(_ family: String, size: CGFloat) -> Font {
        Font(family: family, size: size)
    }

    /// SwiftUI's `.largeTitle`: 34 pt regular.
    public static let largeTitle = system(.largeTitle)
    /// SwiftUI's `.title`: 28 pt regular.
    public static let title = system(.title)
    /// SwiftUI's `.title2`: 22 pt regular.
    public static let title2 = system(.title2)
    /// SwiftUI's `.title3`: 20 pt regular.
    public static let title3 = system(.title3)
    /// SwiftUI's `.headline`: 17 pt semibold.
    public static let headline = system(.headline)
    /// SwiftUI's `.body`: 17 pt regular.
    public static let body = system(.body)
    /// SwiftUI's `.callout`: 16 pt regular.
    public static let callout = system(.callout)
    /// SwiftUI's `.subheadline`: 15 pt regular.
    public static let subheadline = system(.subheadline)
    /// SwiftUI's `.footnote`: 13 pt regular.
    public static let footnote = system(.footnote)
    /// SwiftUI's `.caption`: 12 pt regular.
    public static let caption = system(.caption)
    /// SwiftUI's `.caption2`: 11 pt regular.
    public static let caption2 = system(.caption2)

    /// This font with another weight (SwiftUI `Font.weight(_:)`).
    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }

    /// This font in bold (SwiftUI `Font.bold()`).
    public func bold() -> Font { weight(.bold) }

    /// This font in italic (SwiftUI `Font.italic()`).
    public func italic() -> Font {
        var copy = self
        copy.isItalic = true
        return copy
    }

    /// This font at another size.
    public func size(_ size: CGFloat) -> Font {
        var copy = self
        copy.size = size
        return copy
    }

    /// The size text is shaped, measured and drawn at: ``size`` floored to 1/100 point in single
    /// precision, as Blink's `FontDescription::EffectiveFontSize` does so that every size within
    /// a hundredth of a point shares one font-cache entry.
    ///
    /// Whole and half sizes are unchanged. A weighted cloud's interpolated sizes are not (18.066457
    /// is 18.06): shaping them at the exact size gave widths up to 0.2 pt and line heights 1 pt
    /// away from Chromium's for the same CSS `font-size`.
    public var effectiveSize: CGFloat { Font.effectiveSize(size) }

    /// ``effectiveSize`` of any size: `floorf(Float(size) × 100) / 100`, or `size` itself when
    /// that would be 0 (a size under 1/100 point, whose text no one can see either way), so that a
    /// positive size stays positive.
    public static func effectiveSize(_ size: CGFloat) -> CGFloat {
        let single = Float(size)
        guard single.isFinite else { return size }
        let floored = (single * 100).rounded(.down) / 100
        return floored > 0 ? CGFloat(floored) : size
    }

    /// A weight, with the OpenType `usWeightClass` value it stands for (SwiftUI `Font.Weight`).
    public struct Weight: Hashable, Sendable, Comparable {
        /// The OpenType weight class, 1 to 1000 (100 thin … 900 black).
        public var value: Int
        /// Creates a weight from an OpenType weight class.
        public init(_ value: Int) { self.value = value }
        public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }

        /// 100.
        public static let thin = Weight(100)
        /// 200.
        public static let ultraLight = Weight(200)
        /// 300.
        public static let light = Weight(300)
        /// 400.
        public static let regular = Weight(400)
        /// 500.
        public static let medium = Weight(500)
        /// 600.
        public static let semibold = Weight(600)
        /// 700.
        public static let bold = Weight(700)
        /// 800.
        public static let heavy = Weight(800)
        /// 900.
        public static let black = Weight(900)
    }

    /// SwiftUI's `Font.Design`. TagCloud draws every design with the default family, since the
    /// bundled fonts have one sans-serif family; the value is kept so views can pass it through.
    public enum Design: Hashable, Sendable, CaseIterable {
        /// The default system design.
        case `default`
        /// A serif design.
        case serif
        /// A rounded design.
        case rounded
        /// A monospaced design.
        case monospaced
    }

    /// SwiftUI's `Font.TextStyle`, with the iOS sizes and weights at the default Dynamic Type size.
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        /// 34 pt regular.
        case largeTitle
        /// 28 pt regular.
        case title
        /// 22 pt regular.
        case title2
        /// 20 pt regular.
        case title3
        /// 17 pt semibold.
        case headline
        /// 15 pt regular.
        case subheadline
        /// 17 pt regular.
        case body
        /// 16 pt regular.
        case callout
        /// 13 pt regular.
        case footnote
        /// 12 pt regular.
        case caption
        /// 11 pt regular.
        case caption2

        /// The point size on iOS at the default Dynamic Type size.
        public var size: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        /// The weight on iOS: semibold for `.headline`, regular for the others.
        public var weight: Weight { self == .headline ? .semibold : .regular }
    }
}
