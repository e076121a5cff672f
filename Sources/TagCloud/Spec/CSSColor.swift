/// A colour in sRGB with straight (not premultiplied) alpha, each component 0…1, as the spec
/// writes it in CSS syntax.
///
/// The spec accepts the forms of CSS Color Module Level 4: hex (§5.2, `#RGB`, `#RGBA`,
/// `#RRGGBB`, `#RRGGBBAA`), the 148 named colours (§6.1) and `transparent` (§6.3). Names are
/// ASCII case-insensitive.
public struct CSSColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Makes a colour from components in 0…1 (values outside are clamped).
    ///
    /// - Parameters:
    ///   - red: Red, 0…1.
    ///   - green: Green, 0…1.
    ///   - blue: Blue, 0…1.
    ///   - alpha: Opacity, 0…1; default opaque.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// Makes a colour from 8-bit components.
    ///
    /// - Parameters:
    ///   - red8: Red, 0…255.
    ///   - green8: Green, 0…255.
    ///   - blue8: Blue, 0…255.
    ///   - alpha8: Opacity, 0…255; default opaque.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
                  alpha: Double(alpha8) / 255)
    }

    /// Transparent black, CSS `transparent`.
    public static let transparent = CSSColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque white.
    public static let white = CSSColor(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = CSSColor(red: 0, green: 0, blue: 0)

    /// The same colour with its opacity multiplied by `opacity`, as SwiftUI's
    /// `Color.opacity(_:)`.
    ///
    /// - Parameter opacity: 0…1.
    /// - Returns: The colour with `alpha × opacity`.
    public func opacity(_ opacity: Double) -> CSSColor {
        CSSColor(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// The components rounded to 8 bits: red, green, blue, alpha.
    public var rgba8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `#rrggbb` for an opaque colour, `#rrggbbaa` otherwise (8-bit, lower case).
    public var hex: String {
        let bytes = rgba8
        var parts = [bytes.red, bytes.green, bytes.blue]
        if bytes.alpha != 255 { parts.append(bytes.alpha) }
        let digits = Array("0123456789abcdef")
        return "#" + String(parts.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// The hex form (``hex``).
    public var description: String { hex }

    /// Parses a CSS colour: hex, a named colour or `transparent`.
    ///
    /// - Parameter text: The colour as written; surrounding spaces are ignored.
    /// - Returns: The colour, or `nil` when `text` is not a CSS colour of these forms.
    /// - Complexity: O(n) in the length of `text`.
    public init?(css text: String) {
        let trimmed = text.trimmingASCIISpaces()
        if trimmed.hasPrefix("#") {
            guard let color = Self.parseHex(trimmed.utf8.dropFirst()) else { return nil }
            self = color
            return
        }
        let name = trimmed.lowercased()
        if name == "transparent" {
            self = .transparent
            return
        }
        guard let value = cssNamedColors[name] else { return nil }
        self.init(red8: UInt8(value >> 16), green8: UInt8((value >> 8) & 0xFF), blue8: UInt8(value & 0xFF))
    }

    /// The names `init(css:)` accepts besides hex: the 148 CSS named colours and `transparent`.
    public static var names: [String] { cssNamedColors.keys.sorted() + ["transparent"] }

    private static func parseHex(_ digits: Substring.UTF8View) -> CSSColor? {
        var values: [UInt8] = []
        values.reserveCapacity(8)
        for byte in digits {
            guard let value = hexDigitValue(byte) else { return nil }
            values.append(value)
            if values.count > 8 { return nil }
        }
        switch values.count {
        case 3, 4:
            let bytes = values.map { $0 * 17 }
            return CSSColor(red8: bytes[0], green8: bytes[1], blue8: bytes[2],
                            alpha8: bytes.count == 4 ? bytes[3] : 255)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            return CSSColor(red8: bytes[0], green8: bytes[1], blue8: bytes[2],
                            alpha8: bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }
}

/// The value of an ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`.
func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces and tabs.
    package func trimmingASCIISpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        guard let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}

/// The 148 named colours of CSS Color Module Level 4, §6.1, as 0xRRGGBB.
let cssNamedColors: [String: UInt32] = [
    "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
    "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
    "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
    "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
    "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
    "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
    "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
    "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
    "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
    "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1,
    "darkviolet": 0x9400D3, "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969,
    "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0,
    "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF,
    "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000,
    "greenyellow": 0xADFF2F, "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4,
    "indianred": 0xCD5C5C, "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C,
    "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD,
    "lightblue": 0xADD8E6, "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF,
    "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90,
    "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA,
    "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899,
    "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32,
    "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA,
    "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB,
    "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A,
    "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585, "midnightblue": 0x191970,
    "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD,
    "navy": 0x000080, "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23,
    "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA,
    "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
    "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB,
    "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399,
    "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513,
    "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE,
    "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD,
    "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F,
    "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8,
    "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3,
    "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
]
