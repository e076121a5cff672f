public import Foundation

/// A colour in sRGB with straight (not premultiplied) opacity; components from 0 to 1.
///
/// This is a colour already resolved for drawing, like SwiftUI's `Color.Resolved` but with
/// gamma-encoded sRGB components, the values CSS `rgb()` and Cairo use.
public struct RGBAColor: Sendable, Hashable {
    /// Red, 0 to 1 (gamma-encoded sRGB).
    public var red: Double
    /// Green, 0 to 1 (gamma-encoded sRGB).
    public var green: Double
    /// Blue, 0 to 1 (gamma-encoded sRGB).
    public var blue: Double
    /// Opacity, 0 (transparent) to 1 (opaque).
    public var opacity: Double

    /// Makes a colour from its components.
    ///
    /// - Parameters:
    ///   - red: Red, 0 to 1.
    ///   - green: Green, 0 to 1.
    ///   - blue: Blue, 0 to 1.
    ///   - opacity: Opacity, 0 to 1; opaque by default.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    /// Makes a colour from 8-bit components, as in CSS `rgb(0 122 255)`.
    ///
    /// - Parameters:
    ///   - red8: Red, 0 to 255.
    ///   - green8: Green, 0 to 255.
    ///   - blue8: Blue, 0 to 255.
    ///   - opacity: Opacity, 0 to 1.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, opacity: Double = 1) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, opacity: opacity)
    }

    /// Parses a CSS hex colour: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    ///
    /// Follows CSS Color Module Level 4, section 5.2 "The RGB hexadecimal notations".
    ///
    /// - Parameter hex: The colour text.
    /// - Returns: The colour, or `nil` if the text is not a hex colour.
    public init?(hex: String) {
        var text = Substring(hex)
        if text.first == "#" { text = text.dropFirst() }
        let digits = text.compactMap { $0.hexDigitValue }
        guard digits.count == text.count else { return nil }
        let bytes: [Int]
        switch digits.count {
        case 3, 4: bytes = digits.map { $0 * 17 }
        case 6, 8: bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
        default: return nil
        }
        self.init(red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255, blue: Double(bytes[2]) / 255,
                  opacity: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
    }

    /// This colour with its opacity multiplied by `opacity`, like SwiftUI's `Color.opacity(_:)`.
    ///
    /// - Parameter opacity: The factor, 0 to 1.
    /// - Returns: The more transparent colour.
    public func opacity(_ opacity: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, opacity: self.opacity * opacity)
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, opacity: 0)
}

/// A colour at a position along a gradient, like SwiftUI's `Gradient.Stop`.
public struct GradientStop: Sendable, Hashable, Codable {
    /// The colour at this stop.
    public var color: RGBAColor
    /// The position along the gradient, 0 (start) to 1 (end).
    public var location: Double

    /// Makes a stop.
    ///
    /// - Parameters:
    ///   - color: The colour at the stop.
    ///   - location: Its position, 0 to 1.
    public init(color: RGBAColor, location: Double) {
        self.color = color
        self.location = location
    }

    /// Evenly spaced stops for `colors`, as SwiftUI's `Gradient(colors:)` makes them.
    ///
    /// - Parameter colors: The colours, start to end.
    /// - Returns: One stop per colour, the first at 0 and the last at 1.
    public static func evenlySpaced(_ colors: [RGBAColor]) -> [GradientStop] {
        guard colors.count > 1 else { return colors.map { GradientStop(color: $0, location: 0) } }
        return colors.enumerated().map { GradientStop(color: $1, location: Double($0) / Double(colors.count - 1)) }
    }
}

/// How the inside of a fill, a stroke or glyphs is coloured, like SwiftUI's `GraphicsContext.Shading`.
public enum Shading: Sendable, Equatable {
    /// One colour.
    case color(RGBAColor)
    /// A linear gradient between two points in the item's coordinates, extended with the end colours
    /// beyond them (SwiftUI's `LinearGradient` once its unit points are resolved against a frame).
    case linearGradient(stops: [GradientStop], start: CGPoint, end: CGPoint)

    /// This shading with every colour's opacity multiplied by `opacity`.
    ///
    /// - Parameter opacity: The factor, 0 to 1.
    /// - Returns: The more transparent shading.
    public func opacity(_ opacity: Double) -> Shading {
        switch self {
        case .color(let color):
            return .color(color.opacity(opacity))
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(stops: stops.map { GradientStop(color: $0.color.opacity(opacity), location: $0.location) },
                                   start: start, end: end)
        }
    }
}
