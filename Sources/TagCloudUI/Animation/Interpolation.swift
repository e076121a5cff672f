import Foundation

extension Shading {
    /// The shading `progress` of the way from `old` to this one, for an animation frame.
    ///
    /// Colours are interpolated in linear-light sRGB with premultiplied alpha (SwiftUI does not
    /// document its colour space; linear light keeps the midpoint of two colours as bright as the
    /// eye expects, and premultiplying keeps a fade from a clear colour from darkening). Gradients
    /// with as many stops interpolate stop by stop, their points too. Shadings that cannot be
    /// interpolated (a colour and a gradient) switch at the start of the change, as SwiftUI's
    /// non-animatable values do.
    ///
    /// - Parameters:
    ///   - old: The shading before the change.
    ///   - progress: The fraction of the change shown.
    /// - Returns: The shading to draw.
    func interpolated(from old: Shading, _ progress: Double) -> Shading {
        if old == self || progress == 1 { return self }
        if progress == 0 { return old }
        switch (old, self) {
        case (.color(let a), .color(let b)):
            return .color(a.interpolated(to: b, progress))
        case (.linearGradient(let stopsA, let startA, let endA), .linearGradient(let stopsB, let startB, let endB))
            where stopsA.count == stopsB.count:
            let stops = zip(stopsA, stopsB).map { a, b in
                GradientStop(color: a.color.interpolated(to: b.color, progress), location: lerp(a.location, b.location, progress))
            }
            return .linearGradient(stops: stops, start: lerp(startA, startB, progress), end: lerp(endA, endB, progress))
        default:
            return self
        }
    }
}

extension RGBAColor {
    /// The colour `t` of the way to `other`, in linear-light sRGB with premultiplied alpha.
    func interpolated(to other: RGBAColor, _ t: Double) -> RGBAColor {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encoded(_ c: Double) -> Double {
            let c = Swift.min(1, Swift.max(0, c))
            return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        let alpha = Swift.min(1, Swift.max(0, lerp(opacity, other.opacity, t)))
        guard alpha > 0 else { return RGBAColor(red: other.red, green: other.green, blue: other.blue, opacity: 0) }
        func channel(_ a: Double, _ b: Double) -> Double {
            encoded(lerp(linear(a) * opacity, linear(b) * other.opacity, t) / alpha)
        }
        return RGBAColor(red: channel(red, other.red), green: channel(green, other.green),
                         blue: channel(blue, other.blue), opacity: alpha)
    }
}

extension DrawingContext {
    /// A node's shading in an animation frame: interpolated from its former self's, computed by
    /// `old`; the shading itself otherwise.
    ///
    /// - Parameters:
    ///   - shading: The node's shading after the change.
    ///   - node: The node being drawn.
    ///   - old: The former node's shading, for the same frame.
    /// - Returns: The shading to draw.
    func animated<N: ViewNode>(_ shading: Shading, of node: N, old: (N) -> Shading) -> Shading {
        guard let (former, progress) = counterpart(of: node) else { return shading }
        return shading.interpolated(from: old(former), progress)
    }

    /// A node's value in an animation frame: interpolated from its former self's; the value
    /// itself otherwise.
    ///
    /// - Parameters:
    ///   - value: The node's value after the change.
    ///   - node: The node being drawn.
    ///   - old: The former node's value.
    /// - Returns: The value to draw.
    func animated<N: ViewNode>(_ value: Double, of node: N, old: (N) -> Double) -> Double {
        guard let (former, progress) = counterpart(of: node) else { return value }
        return lerp(old(former), value, progress)
    }
}
