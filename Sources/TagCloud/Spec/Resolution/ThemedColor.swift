/// A colour with a value for each theme, as SwiftUI's system colours have.
public struct ThemedColor: Sendable, Hashable {
    /// The colour in the light theme.
    public var light: CSSColor
    /// The colour in the dark theme.
    public var dark: CSSColor

    /// Makes a colour with a value per theme.
    public init(light: CSSColor, dark: CSSColor) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in both themes.
    public init(_ color: CSSColor) {
        self.init(light: color, dark: color)
    }

    /// The value for a theme.
    public func resolved(for theme: Cloud.Theme) -> CSSColor {
        theme == .dark ? dark : light
    }

    /// Both values with their opacity multiplied, as SwiftUI's `Color.opacity(_:)`.
    public func opacity(_ opacity: Double) -> ThemedColor {
        ThemedColor(light: light.opacity(opacity), dark: dark.opacity(opacity))
    }

    /// SwiftUI's `Color.blue` on iOS: systemBlue, #007AFF light, #0A84FF dark.
    public static let blue = ThemedColor(light: CSSColor(red8: 0, green8: 122, blue8: 255),
                                         dark: CSSColor(red8: 10, green8: 132, blue8: 255))
    /// SwiftUI's `Color.gray` on iOS: systemGray, #8E8E93 in both themes.
    public static let gray = ThemedColor(CSSColor(red8: 142, green8: 142, blue8: 147))
    /// SwiftUI's `Color.primary`: black in light, white in dark.
    public static let primary = ThemedColor(light: .black, dark: .white)
    /// The window background: white in light, black in dark (iOS systemBackground).
    public static let background = ThemedColor(light: .white, dark: .black)
}

/// The checkmark a selected chip shows after its text (the suggestion chips'
/// `Image(systemName: "checkmark").font(.system(size: 12, weight: .bold)).foregroundStyle(.blue)`
/// in an `HStack(spacing: 6)`).
public struct CheckmarkLook: Sendable, Hashable {
    /// The SF Symbols name of the symbol: `checkmark`.
    public var symbolName: String
    /// The symbol's font size in points.
    public var size: Double
    /// The symbol's weight.
    public var weight: Cloud.FontWeight
    /// The symbol's colour.
    public var color: ThemedColor
    /// The gap between the text and the symbol, in points.
    public var spacing: Double

    /// The suggestion chips' checkmark: 12 pt bold, blue, 6 pt after the text.
    public static let suggestionChip = CheckmarkLook(symbolName: "checkmark", size: 12, weight: .bold,
                                                     color: .blue, spacing: 6)
}
