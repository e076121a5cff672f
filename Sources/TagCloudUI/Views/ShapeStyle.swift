/// A colour or pattern to use when rendering a shape or text: the port of SwiftUI's `ShapeStyle`.
///
/// The styles are ``Color``, ``Material``, ``HierarchicalShapeStyle`` (`.primary`, `.secondary`, …),
/// ``ForegroundStyle`` (`.foreground`), ``BackgroundStyle`` (`.background`), ``TintShapeStyle``
/// (`.tint`), ``LinearGradient`` and the type-erased ``AnyShapeStyle``. Each resolves to a Canvas ``Shading`` for the environment and
/// bounds it is drawn in.
public protocol ShapeStyle: Sendable {
    /// Resolves the style for drawing; an implementation detail of the built-in styles.
    ///
    /// - Parameters:
    ///   - environment: The environment of the view drawing with the style.
    ///   - bounds: The frame being filled, in the picture's coordinates (gradients span it).
    /// - Returns: The shading.
    func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading
}

/// A type-erased shape style: the port of SwiftUI's `AnyShapeStyle`.
///
/// One reference to the style, boxed once: a copy is a retain, and a style kept by every text and
/// shape of a large cloud takes 8 bytes in each instead of an existential's 40. The styles that
/// hold nothing and read the environment (``ForegroundStyle``, ``BackgroundStyle``) take no box:
/// copying them writes no reference count, so the chips of a cloud, resolved on several threads,
/// can all fill with the cloud's `.background` without sharing an object.
public struct AnyShapeStyle: ShapeStyle {
    @usableFromInline
    enum Storage: Sendable {
        case boxed(AnyShapeStyleBox)
        case foreground
        case background
    }

    @usableFromInline
    let storage: Storage

    /// Creates a type-erased style (an ``AnyShapeStyle`` is not wrapped again).
    ///
    /// Inlinable: specialised for a concrete style, the checks for an ``AnyShapeStyle`` and the
    /// environment's styles are made when compiling instead of by a dynamic cast for every chip.
    @inlinable
    public init<S: ShapeStyle>(_ style: S) {
        if S.self == ForegroundStyle.self {
            storage = .foreground
        } else if S.self == BackgroundStyle.self {
            storage = .background
        } else if let erased = style as? AnyShapeStyle {
            storage = erased.storage
        } else {
            storage = .boxed(ShapeStyleBox(style))
        }
    }

    /// The wrapped style's shading.
    ///
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        switch storage {
        case .boxed(let box): box.shading(in: environment, bounds: bounds)
        case .foreground: ForegroundStyle()._shading(in: environment, bounds: bounds)
        case .background: BackgroundStyle()._shading(in: environment, bounds: bounds)
        }
    }

    /// The wrapped style when it is a plain colour (its shading needs no environment).
    var color: Color? {
        if case .boxed(let box) = storage { return box.color }
        return nil
    }
}

/// The box behind an ``AnyShapeStyle``: its style is in the subclass of the style's type.
///
/// `@unchecked Sendable`: a box is never changed after it is made, and its style is `Sendable`.
@usableFromInline
class AnyShapeStyleBox: @unchecked Sendable {
    @usableFromInline
    init() {}

    func shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        preconditionFailure("AnyShapeStyleBox is abstract")
    }

    var color: Color? { nil }
}

/// The box of a style of type `S`.
@usableFromInline
final class ShapeStyleBox<S: ShapeStyle>: AnyShapeStyleBox, @unchecked Sendable {
    let style: S

    @usableFromInline
    init(_ style: S) {
        self.style = style
    }

    override func shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        style._shading(in: environment, bounds: bounds)
    }

    override var color: Color? { style as? Color }
}

/// The foreground style in the current environment: the port of SwiftUI's `ForegroundStyle`.
public struct ForegroundStyle: ShapeStyle {
    /// Creates the foreground style.
    public init() {}

    /// The environment's foreground style, black by default.
    ///
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        environment.foregroundShading(bounds: bounds)
    }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The foreground style in the current environment.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// The background style in the current environment: the port of SwiftUI's `BackgroundStyle`.
///
/// It is the style ``View/backgroundStyle(_:)`` sets, white by default (the light system
/// background). `Capsule().fill(.background)` under `.backgroundStyle(.regularMaterial)` fills
/// with the material: a style a whole cloud of shapes shares through the environment.
public struct BackgroundStyle: ShapeStyle {
    /// Creates the background style.
    public init() {}

    /// The environment's background style, white by default.
    ///
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        guard let style = environment.backgroundStyle else { return .color(.white) }
        // A colour needs no environment (see `shading(of:bounds:)`).
        if let color = style.color { return .color(color.rgba) }
        var inner = environment
        inner.backgroundStyle = nil
        return style._shading(in: inner, bounds: bounds)
    }
}

extension ShapeStyle where Self == BackgroundStyle {
    /// The background style in the current environment.
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// The tint colour in the current environment: the port of SwiftUI's `TintShapeStyle`.
public struct TintShapeStyle: ShapeStyle {
    /// Creates the tint style.
    public init() {}

    /// The environment's tint, the system blue by default.
    ///
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        .color(environment.accentColor.rgba)
    }
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The tint colour in the current environment.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// A level of the foreground style: the port of SwiftUI's `HierarchicalShapeStyle`.
///
/// `.primary` is the foreground style itself; the other levels are it at lower opacity. With the
/// default foreground they are iOS's label colours: black, and (60, 60, 67) at 60 %, 30 % and 18 %.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let level: Int

    /// The foreground style.
    public static let primary = HierarchicalShapeStyle(level: 0)
    /// The secondary level (iOS `secondaryLabel`).
    public static let secondary = HierarchicalShapeStyle(level: 1)
    /// The tertiary level (iOS `tertiaryLabel`).
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    /// The quaternary level (iOS `quaternaryLabel`).
    public static let quaternary = HierarchicalShapeStyle(level: 3)

    /// The level's shading.
    ///
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        if level == 0 { return environment.foregroundShading(bounds: bounds) }
        let opacity = [1, 0.6, 0.3, 0.18][Swift.min(level, 3)]
        if environment.foregroundStyle == nil {
            return .color(RGBAColor(red8: 60, green8: 60, blue8: 67, opacity: opacity))
        }
        return environment.foregroundShading(bounds: bounds).opacity(opacity)
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground style.
    public static var primary: HierarchicalShapeStyle { .primary }
    /// The secondary level of the foreground style.
    public static var secondary: HierarchicalShapeStyle { .secondary }
    /// The tertiary level of the foreground style.
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    /// The quaternary level of the foreground style.
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// A background material: the port of SwiftUI's `Material`.
///
/// A still image cannot blur what lies behind, so a material is a translucent fill of a light grey
/// (224, 224, 228), thicker materials more opaque: over white, `.regularMaterial` is the light grey
/// it looks on a white iOS screen, and materials stacked on each other tend to that grey rather
/// than darken without end, as real materials do.
public struct Material: ShapeStyle, Hashable {
    let opacity: Double

    /// The most translucent material (35 %).
    public static let ultraThinMaterial = Material(opacity: 0.35)
    /// A thin material (50 %).
    public static let thinMaterial = Material(opacity: 0.5)
    /// The regular material (65 %).
    public static let regularMaterial = Material(opacity: 0.65)
    /// A thick material (80 %).
    public static let thickMaterial = Material(opacity: 0.8)
    /// The most opaque material (90 %).
    public static let ultraThickMaterial = Material(opacity: 0.9)
    /// The material of bars (the regular one).
    public static let bar = Material(opacity: 0.65)

    /// The translucent tint.
    ///
    /// - Parameters:
    ///   - environment: Ignored.
    ///   - bounds: Ignored.
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        .color(RGBAColor(red8: 224, green8: 224, blue8: 228, opacity: opacity))
    }
}

extension ShapeStyle where Self == Material {
    /// The most translucent material.
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    /// A thin material.
    public static var thinMaterial: Material { .thinMaterial }
    /// The regular material.
    public static var regularMaterial: Material { .regularMaterial }
    /// A thick material.
    public static var thickMaterial: Material { .thickMaterial }
    /// The most opaque material.
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    /// The material of bars.
    public static var bar: Material { .bar }
}

/// A linear gradient: the port of SwiftUI's `LinearGradient`, as a style and as a view.
public struct LinearGradient: ShapeStyle {
    let stops: [GradientStop]
    let startPoint: UnitPoint
    let endPoint: UnitPoint

    /// Creates a gradient of evenly spaced colours.
    ///
    /// - Parameters:
    ///   - colors: The colours, start to end.
    ///   - startPoint: Where the gradient starts, in unit coordinates of the bounds.
    ///   - endPoint: Where it ends.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        stops = GradientStop.evenlySpaced(colors.map(\.rgba))
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// Creates a gradient from colour stops.
    ///
    /// - Parameters:
    ///   - stops: Colours and their locations, 0 to 1.
    ///   - startPoint: Where the gradient starts, in unit coordinates of the bounds.
    ///   - endPoint: Where it ends.
    public init(stops: [(color: Color, location: CGFloat)], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.stops = stops.map { GradientStop(color: $0.color.rgba, location: Double($0.location)) }
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// The gradient between the unit points resolved in `bounds`.
    ///
    /// - Parameters:
    ///   - environment: Ignored.
    /// - Returns: The shading.
    public func _shading(in environment: EnvironmentValues, bounds: CGRect) -> Shading {
        func point(_ unit: UnitPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        return .linearGradient(stops: stops, start: point(startPoint), end: point(endPoint))
    }
}

extension EnvironmentValues {
    /// The shading of the foreground style: black unless set.
    ///
    /// - Parameter bounds: The bounds being filled.
    /// - Returns: The shading.
    func foregroundShading(bounds: CGRect) -> Shading {
        guard let style = foregroundStyle else { return .color(.black) }
        return shading(of: style, bounds: bounds)
    }

    /// The shading of `style` as the foreground style: a hierarchical style inside it
    /// (``ForegroundStyle``) resolves against the default foreground, not against itself.
    ///
    /// - Parameters:
    ///   - style: The foreground style.
    ///   - bounds: The bounds being filled.
    /// - Returns: The shading.
    func shading(of style: AnyShapeStyle, bounds: CGRect) -> Shading {
        // A colour needs no environment: no copy of this one (a large cloud draws a text per chip).
        if let color = style.color { return .color(color.rgba) }
        var inner = self
        inner.foregroundStyle = nil
        return style._shading(in: inner, bounds: bounds)
    }
}
