/// A representation of a colour: the port of SwiftUI's `Color`, as a style and as a view.
///
/// The named colours are iOS's system colours in light mode (`.blue` is (0, 122, 255)). As a view, a
/// colour fills the space it is proposed (10 × 10 points for an unspecified proposal, as in
/// SwiftUI). As a style, it fills shapes and colours text.
public struct Color: Hashable, Sendable, ShapeStyle {
    /// The colour's sRGB components and opacity.
    public let rgba: RGBAColor

    /// Creates a colour from resolved sRGB components.
    ///
    /// - Parameter rgba: The components.
    public init(_ rgba: RGBAColor) {
        self.rgba = rgba
    }

    /// The colour spaces of SwiftUI's `Color.RGBColorSpace`; components are taken as sRGB.
    public enum RGBColorSpace: Hashable, Sendable {
        /// The sRGB colour space.
        case sRGB
        /// Linear sRGB: the components are gamma-encoded before use.
        case sRGBLinear
        /// Display P3, drawn as sRGB.
        case displayP3
    }

    /// Creates a colour from red, green and blue components, 0 to 1 (SwiftUI's
    /// `init(_:red:green:blue:opacity:)`).
    ///
    /// - Parameters:
    ///   - colorSpace: The colour space of the components.
    ///   - red: Red, 0 to 1, in `colorSpace`.
    ///   - green: Green, 0 to 1, in `colorSpace`.
    ///   - blue: Blue, 0 to 1, in `colorSpace`.
    ///   - opacity: Opacity, 1 by default.
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func encode(_ value: Double) -> Double {
            guard colorSpace == .sRGBLinear else { return value }
            return value <= 0.003_130_8 ? 12.92 * value : 1.055 * Foundation.pow(value, 1 / 2.4) - 0.055
        }
        rgba = RGBAColor(red: encode(red), green: encode(green), blue: encode(blue), opacity: opacity)
    }

    /// Creates a grey (SwiftUI's `init(_:white:opacity:)`).
    ///
    /// - Parameters:
    ///   - colorSpace: The colour space.
    ///   - white: The lightness, 0 (black) to 1 (white).
    ///   - opacity: Opacity, 1 by default.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// Creates a colour from hue, saturation and brightness, 0 to 1 (SwiftUI's
    /// `init(hue:saturation:brightness:opacity:)`).
    ///
    /// - Parameters:
    ///   - hue: The hue, 0 to 1 around the colour wheel.
    ///   - saturation: The saturation, 0 (grey) to 1 (full colour).
    ///   - brightness: The brightness, 0 (black) to 1.
    ///   - opacity: Opacity, 1 by default.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Double(sector)
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        rgba = RGBAColor(red: r, green: g, blue: b, opacity: opacity)
    }

    /// Creates a colour from CSS hex notation: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (CSS Color 4,
    /// section 5.2); the `#` is optional.
    ///
    /// - Parameter hex: The colour text.
    /// - Returns: The colour, or `nil` if the text is not a hex colour.
    public init?(hex: String) {
        guard let rgba = RGBAColor(hex: hex) else { return nil }
        self.rgba = rgba
    }

    /// This colour with its opacity multiplied by `opacity` (SwiftUI's `opacity(_:)`).
    ///
    /// - Parameter opacity: The factor, 0 to 1.
    /// - Returns: The colour.
    public func opacity(_ opacity: Double) -> Color {
        Color(rgba.opacity(opacity))
    }

    /// The colour's shading.
    ///
    /// - Parameters:
    ///   - environment: Ignored.
    ///   - bounds: Ignored.
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        .color(rgba)
    }

    private init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, opacity: Double = 1) {
        rgba = RGBAColor(red8: red, green8: green, blue8: blue, opacity: opacity)
    }

    /// Black.
    public static let black = Color(0, 0, 0)
    /// White.
    public static let white = Color(255, 255, 255)
    /// Transparent.
    public static let clear = Color(0, 0, 0, opacity: 0)
    /// iOS system red.
    public static let red = Color(255, 59, 48)
    /// iOS system orange.
    public static let orange = Color(255, 149, 0)
    /// iOS system yellow.
    public static let yellow = Color(255, 204, 0)
    /// iOS system green.
    public static let green = Color(52, 199, 89)
    /// iOS system mint.
    public static let mint = Color(0, 199, 190)
    /// iOS system teal.
    public static let teal = Color(48, 176, 199)
    /// iOS system cyan.
    public static let cyan = Color(50, 173, 230)
    /// iOS system blue.
    public static let blue = Color(0, 122, 255)
    /// iOS system indigo.
    public static let indigo = Color(88, 86, 214)
    /// iOS system purple.
    public static let purple = Color(175, 82, 222)
    /// iOS system pink.
    public static let pink = Color(255, 45, 85)
    /// iOS system brown.
    public static let brown = Color(162, 132, 94)
    /// iOS system grey.
    public static let gray = Color(142, 142, 147)
    /// The primary label colour (black in light mode).
    public static let primary = Color(0, 0, 0)
    /// The secondary label colour ((60, 60, 67) at 60 % in light mode).
    public static let secondary = Color(60, 60, 67, opacity: 0.6)
    /// The accent colour (the system blue).
    public static let accentColor = Color(0, 122, 255)
}

extension ShapeStyle where Self == Color {
    /// Black.
    public static var black: Color { .black }
    /// White.
    public static var white: Color { .white }
    /// Transparent.
    public static var clear: Color { .clear }
    /// iOS system red.
    public static var red: Color { .red }
    /// iOS system orange.
    public static var orange: Color { .orange }
    /// iOS system yellow.
    public static var yellow: Color { .yellow }
    /// iOS system green.
    public static var green: Color { .green }
    /// iOS system mint.
    public static var mint: Color { .mint }
    /// iOS system teal.
    public static var teal: Color { .teal }
    /// iOS system cyan.
    public static var cyan: Color { .cyan }
    /// iOS system blue.
    public static var blue: Color { .blue }
    /// iOS system indigo.
    public static var indigo: Color { .indigo }
    /// iOS system purple.
    public static var purple: Color { .purple }
    /// iOS system pink.
    public static var pink: Color { .pink }
    /// iOS system brown.
    public static var brown: Color { .brown }
    /// iOS system grey.
    public static var gray: Color { .gray }
}

extension Color: View {
    /// A node that fills its frame with the colour.
    ///
    /// - Parameters:
    ///   - view: The colour.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: Color, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(node: ShapeNode(shape: Rectangle(), paint: .fill(AnyShapeStyle(view), FillStyle()),
                                     environment: inputs.environment))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}
