import Foundation

/// The way a view changes over time: the port of SwiftUI's `Animation`.
///
/// An animation maps the time since a change to the fraction of the change shown
/// (``progress(at:)``): 0 at the start, 1 once the animation is over (a spring overshoots 1 on its
/// way). ``ImageRenderer/animation(frameRate:hold:changes:)`` samples it to draw frames. The
/// curves and durations are SwiftUI's documented ones:
///
/// | animation | curve | duration |
/// | --- | --- | --- |
/// | ``linear`` | straight line | 0.35 s |
/// | ``easeIn``, ``easeOut``, ``easeInOut`` | cubic Bézier with control points (0.42, 0)–(1, 1), (0, 0)–(0.58, 1), (0.42, 0)–(0.58, 1) | 0.35 s |
/// | ``default`` | spring, response 0.55, damping fraction 1 | until settled |
/// | ``spring`` | spring, response 0.5, damping fraction 0.825 | until settled |
/// | ``smooth``, ``snappy``, ``bouncy`` | spring of duration 0.5 and bounce 0, 0.15, 0.3 | until settled |
///
/// A spring of response `r` and damping fraction `ζ` moves a unit mass on a spring of stiffness
/// `(2π / r)²` with damping `4πζ / r` (SwiftUI's `Spring`); a spring given as a duration and a
/// bounce has response `duration` and damping fraction `1 − bounce` (or `1 / (1 + bounce)` for a
/// negative bounce). A spring's animation lasts its settling duration: the time after which it
/// stays within 0.001 of its target (SwiftUI's `Spring.settlingDuration`, epsilon 0.001), found
/// to the millisecond; an undamped spring, which never settles, stops after 10 seconds.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// How the fraction shown grows over the animation's own time.
    enum Curve: Hashable, Sendable {
        /// A unit curve (`linear` or a cubic Bézier timing curve) over a duration.
        case timing(UnitCurve, duration: Double)
        /// A damped spring from 0 to 1.
        case spring(SpringModel)
    }

    let curve: Curve
    /// The wait before the animation starts, in seconds (of the animation's own time).
    private(set) var delayTime: Double = 0
    /// How much faster than its own time the animation runs.
    private(set) var speedFactor: Double = 1
    /// A description of the animation, for debugging.
    public let description: String

    init(_ curve: Curve, description: String) {
        self.curve = curve
        self.description = description
    }

    /// The fraction of the change shown `time` seconds after it: 0 before the animation starts,
    /// exactly 1 once it is over.
    ///
    /// - Parameter time: Seconds since the change.
    /// - Returns: The fraction; a spring overshoots 1 on its way.
    public func progress(at time: Double) -> Double {
        let local = time * speedFactor - delayTime
        guard local > 0 else { return 0 }
        switch curve {
        case .timing(let unit, let duration):
            guard duration > 0, local < duration else { return 1 }
            return unit.value(at: local / duration)
        case .spring(let spring):
            guard local < spring.settlingDuration else { return 1 }
            return spring.position(at: local)
        }
    }

    /// How long the animation runs, from the change to its end, in seconds.
    public var duration: Double {
        let own: Double
        switch curve {
        case .timing(_, let duration): own = Swift.max(0, duration)
        case .spring(let spring): own = spring.settlingDuration
        }
        return (own + delayTime) / speedFactor
    }

    // MARK: Timing curves

    /// A linear animation of the default duration, 0.35 seconds.
    public static let linear = linear(duration: 0.35)
    /// An ease-in animation (slow start) of the default duration, 0.35 seconds.
    public static let easeIn = easeIn(duration: 0.35)
    /// An ease-out animation (slow end) of the default duration, 0.35 seconds.
    public static let easeOut = easeOut(duration: 0.35)
    /// An ease-in-out animation of the default duration, 0.35 seconds.
    public static let easeInOut = easeInOut(duration: 0.35)

    /// A linear animation.
    ///
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func linear(duration: Double) -> Animation {
        Animation(.timing(.linear, duration: duration), description: "linear(duration: \(duration))")
    }

    /// An animation that starts slowly and speeds up (control points (0.42, 0) and (1, 1)).
    ///
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func easeIn(duration: Double) -> Animation {
        Animation(.timing(.easeIn, duration: duration), description: "easeIn(duration: \(duration))")
    }

    /// An animation that starts quickly and slows down (control points (0, 0) and (0.58, 1)).
    ///
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func easeOut(duration: Double) -> Animation {
        Animation(.timing(.easeOut, duration: duration), description: "easeOut(duration: \(duration))")
    }

    /// An animation that starts and ends slowly (control points (0.42, 0) and (0.58, 1)).
    ///
    /// - Parameter duration: The duration in seconds.
    /// - Returns: The animation.
    public static func easeInOut(duration: Double) -> Animation {
        Animation(.timing(.easeInOut, duration: duration), description: "easeInOut(duration: \(duration))")
    }

    /// An animation along a cubic Bézier timing curve from (0, 0) to (1, 1) (SwiftUI's
    /// `timingCurve(_:_:_:_:duration:)`).
    ///
    /// - Parameters:
    ///   - p1x: The first control point's x, clamped to 0…1.
    ///   - p1y: The first control point's y.
    ///   - p2x: The second control point's x, clamped to 0…1.
    ///   - p2y: The second control point's y.
    ///   - duration: The duration in seconds; 0.35 by default.
    /// - Returns: The animation.
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                   duration: Double = 0.35) -> Animation {
        Animation(.timing(UnitCurve(p1x, p1y, p2x, p2y), duration: duration),
                  description: "timingCurve(\(p1x), \(p1y), \(p2x), \(p2y), duration: \(duration))")
    }

    // MARK: Springs

    /// The default animation: a spring of response 0.55 and damping fraction 1, as SwiftUI
    /// documents it since iOS 17 (before, it was ``easeInOut``).
    public static let `default` = Animation(.spring(SpringModel(response: 0.55, dampingFraction: 1)),
                                            description: "default")
    /// A spring with the default values of ``spring(response:dampingFraction:blendDuration:)``:
    /// response 0.5, damping fraction 0.825.
    public static let spring = spring(response: 0.5, dampingFraction: 0.825)
    /// A smooth spring: duration 0.5, no bounce.
    public static let smooth = smooth()
    /// A snappy spring: duration 0.5, bounce 0.15.
    public static let snappy = snappy()
    /// A bouncy spring: duration 0.5, bounce 0.3.
    public static let bouncy = bouncy()
    /// A stiffer spring for interactive changes: response 0.15, damping fraction 0.86.
    public static let interactiveSpring = interactiveSpring()

    /// A spring given by its response and damping fraction (SwiftUI's
    /// `spring(response:dampingFraction:blendDuration:)`).
    ///
    /// - Parameters:
    ///   - response: The period of the undamped spring, in seconds (its stiffness).
    ///   - dampingFraction: The damping as a fraction of critical damping: 1 does not overshoot,
    ///     less bounces.
    ///   - blendDuration: Accepted for SwiftUI code: one change is animated at a time, so there
    ///     is no previous animation to blend with.
    /// - Returns: The animation.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825,
                              blendDuration: Double = 0) -> Animation {
        Animation(.spring(SpringModel(response: response, dampingFraction: dampingFraction)),
                  description: "spring(response: \(response), dampingFraction: \(dampingFraction))")
    }

    /// A spring given by its perceptual duration and bounce (SwiftUI's
    /// `spring(duration:bounce:blendDuration:)`).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration (the response), in seconds.
    ///   - bounce: 0 for no bounce, up to 1; negative values overdamp.
    ///   - blendDuration: Accepted for SwiftUI code.
    /// - Returns: The animation.
    ///
    /// `spring()` with no arguments means ``spring(response:dampingFraction:blendDuration:)``'s
    /// defaults, as ``spring`` does.
    @_disfavoredOverload
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(.spring(SpringModel(duration: duration, bounce: bounce)),
                  description: "spring(duration: \(duration), bounce: \(bounce))")
    }

    /// A smooth spring: no bounce unless some is added (SwiftUI's `smooth(duration:extraBounce:)`).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds.
    ///   - extraBounce: Bounce added to 0.
    /// - Returns: The animation.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.spring(SpringModel(duration: duration, bounce: extraBounce)),
                  description: "smooth(duration: \(duration), extraBounce: \(extraBounce))")
    }

    /// A snappy spring: a bounce of 0.15 plus any added (SwiftUI's `snappy(duration:extraBounce:)`).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds.
    ///   - extraBounce: Bounce added to 0.15.
    /// - Returns: The animation.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.spring(SpringModel(duration: duration, bounce: 0.15 + extraBounce)),
                  description: "snappy(duration: \(duration), extraBounce: \(extraBounce))")
    }

    /// A bouncy spring: a bounce of 0.3 plus any added (SwiftUI's `bouncy(duration:extraBounce:)`).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds.
    ///   - extraBounce: Bounce added to 0.3.
    /// - Returns: The animation.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.spring(SpringModel(duration: duration, bounce: 0.3 + extraBounce)),
                  description: "bouncy(duration: \(duration), extraBounce: \(extraBounce))")
    }

    /// A spring for interactive changes (SwiftUI's `interactiveSpring(response:dampingFraction:blendDuration:)`).
    ///
    /// - Parameters:
    ///   - response: The period of the undamped spring, in seconds.
    ///   - dampingFraction: The damping as a fraction of critical damping.
    ///   - blendDuration: Accepted for SwiftUI code.
    /// - Returns: The animation.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        Animation(.spring(SpringModel(response: response, dampingFraction: dampingFraction)),
                  description: "interactiveSpring(response: \(response), dampingFraction: \(dampingFraction))")
    }

    /// A spring given by its physical parameters (SwiftUI's
    /// `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`).
    ///
    /// - Parameters:
    ///   - mass: The mass on the spring; 1 by default, and a mass of 0 or less counts as 1.
    ///   - stiffness: The spring's stiffness.
    ///   - damping: The damping force per unit of velocity; a negative value counts as 0, and an
    ///     undamped spring, which never settles, stops after 10 seconds.
    ///   - initialVelocity: The velocity at the start, in changes per second.
    /// - Returns: The animation.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(.spring(SpringModel(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)),
                  description: "interpolatingSpring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))")
    }

    /// A spring given by its duration and bounce, with an initial velocity (SwiftUI's
    /// `interpolatingSpring(duration:bounce:initialVelocity:)`).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds.
    ///   - bounce: 0 for no bounce, up to 1; negative values overdamp. Clamped to −1…1.
    ///   - initialVelocity: The velocity at the start, in changes per second.
    /// - Returns: The animation.
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(.spring(SpringModel(duration: duration, bounce: bounce, initialVelocity: initialVelocity)),
                  description: "interpolatingSpring(duration: \(duration), bounce: \(bounce))")
    }

    // MARK: Modifiers

    /// This animation, started after a delay.
    ///
    /// - Parameter delay: The delay in seconds.
    /// - Returns: The animation.
    public func delay(_ delay: Double) -> Animation {
        var result = Animation(curve, description: "\(description).delay(\(delay))")
        result.delayTime = delayTime + delay
        result.speedFactor = speedFactor
        return result
    }

    /// This animation at another speed: 2 runs twice as fast (its delay too).
    ///
    /// - Parameter speed: The speed factor, greater than 0.
    /// - Returns: The animation.
    public func speed(_ speed: Double) -> Animation {
        var result = Animation(curve, description: "\(description).speed(\(speed))")
        result.delayTime = delayTime
        result.speedFactor = speed > 0 ? speedFactor * speed : speedFactor
        return result
    }
}

/// A curve from (0, 0) to (1, 1) mapping the fraction of an animation's time to the fraction of
/// the change shown: SwiftUI's `UnitCurve`, for the timing curves.
struct UnitCurve: Hashable, Sendable {
    /// The control points of a cubic Bézier curve; `nil` for the straight line.
    private let controls: (x1: Double, y1: Double, x2: Double, y2: Double)?

    static let linear = UnitCurve(nil)
    static let easeIn = UnitCurve(0.42, 0, 1, 1)
    static let easeOut = UnitCurve(0, 0, 0.58, 1)
    static let easeInOut = UnitCurve(0.42, 0, 0.58, 1)

    private init(_ controls: (x1: Double, y1: Double, x2: Double, y2: Double)?) {
        self.controls = controls
    }

    /// A Bézier curve with control points (x1, y1) and (x2, y2); x is clamped to 0…1, as SwiftUI does.
    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        controls = (Swift.min(1, Swift.max(0, x1)), y1, Swift.min(1, Swift.max(0, x2)), y2)
    }

    static func == (lhs: UnitCurve, rhs: UnitCurve) -> Bool {
        switch (lhs.controls, rhs.controls) {
        case (nil, nil): return true
        case let (a?, b?): return a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        if let c = controls {
            hasher.combine(c.x1); hasher.combine(c.y1); hasher.combine(c.x2); hasher.combine(c.y2)
        }
    }

    /// The curve's y where its x is `progress`.
    ///
    /// - Parameter progress: The fraction of the time, 0…1.
    /// - Returns: The fraction of the change.
    /// - Complexity: Newton's method on x(s), with bisection when it stalls: a few dozen steps.
    func value(at progress: Double) -> Double {
        guard let c = controls else { return progress }
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func derivative(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        // x(s) is monotonic for control x in 0…1: solve x(s) = progress.
        var s = progress
        for _ in 0..<8 {
            let error = bezier(c.x1, c.x2, s) - progress
            if abs(error) < 1e-12 { return bezier(c.y1, c.y2, s) }
            let slope = derivative(c.x1, c.x2, s)
            guard abs(slope) > 1e-9 else { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = progress
        for _ in 0..<64 {
            let x = bezier(c.x1, c.x2, s)
            if abs(x - progress) < 1e-12 { break }
            if x < progress { low = s } else { high = s }
            s = (low + high) / 2
        }
        return bezier(c.y1, c.y2, s)
    }
}

/// A damped harmonic oscillator moving from 0 to 1: the spring of SwiftUI's spring animations.
///
/// `m x'' + c x' + k (x − 1) = 0`, `x(0) = 0`, `x'(0) = v₀`, solved in closed form for the
/// underdamped, critically damped and overdamped cases.
struct SpringModel: Hashable, Sendable {
    let mass: Double
    let stiffness: Double
    let damping: Double
    let initialVelocity: Double
    /// The time after which the spring stays within ``epsilon`` of its target (see
    /// ``settle()``), computed once.
    private(set) var settlingDuration: Double = 0

    /// The epsilon of the settling duration (SwiftUI's default).
    static let epsilon = 0.001
    /// How long a spring that never settles (no damping) is run.
    static let longest = 10.0

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass > 0 ? mass : 1
        self.stiffness = Swift.max(stiffness, 1e-9)
        self.damping = Swift.max(0, damping)
        self.initialVelocity = initialVelocity
        settlingDuration = settle()
    }

    /// SwiftUI's `Spring(response:dampingRatio:)`: stiffness (2π/response)², damping 4πζ/response.
    init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) {
        let response = Swift.max(response, 1e-6)
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * Swift.max(0, dampingFraction) * omega,
                  initialVelocity: initialVelocity)
    }

    /// SwiftUI's `Spring(duration:bounce:)`: response `duration`, damping ratio `1 − bounce`, or
    /// `1 / (1 + bounce)` for a negative bounce.
    init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let bounce = Swift.min(1, Swift.max(-1, bounce))
        let ratio = bounce >= 0 ? 1 - bounce : 1 / Swift.max(1e-9, 1 + bounce)
        self.init(response: duration, dampingFraction: ratio, initialVelocity: initialVelocity)
    }

    /// The undamped angular frequency.
    var omega: Double { (stiffness / mass).squareRoot() }
    /// The damping ratio ζ.
    var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The position `time` seconds after the start.
    ///
    /// - Parameter time: Seconds.
    /// - Returns: The position; 0 at the start, tending to 1.
    func position(at time: Double) -> Double {
        1 + displacement(at: time)
    }

    /// The displacement from the target, `x(t) − 1`, starting at −1.
    private func displacement(at t: Double) -> Double {
        let w = omega, zeta = dampingRatio, a = -1.0, v0 = initialVelocity
        if abs(zeta - 1) < 1e-9 {
            let b = v0 + w * a
            return (a + b * t) * exp(-w * t)
        }
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w * a + v0) / wd
            return exp(-zeta * w * t) * (a * cos(wd * t) + b * sin(wd * t))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
        let c1 = (v0 - r2 * a) / (r1 - r2)
        let c2 = a - c1
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Finds the time after which the spring stays within ``epsilon`` of its target, to the
    /// millisecond (at most ``longest``).
    ///
    /// An upper bound comes from the envelope of the motion (for an underdamped spring,
    /// `e^{−ζωt}·√(a² + b²)`; otherwise the time the slowest exponential takes); the last
    /// millisecond before it at which the displacement is at least epsilon is the answer.
    private func settle() -> Double {
        let w = omega, zeta = dampingRatio, a = -1.0, v0 = initialVelocity, epsilon = Self.epsilon
        guard zeta > 0 else { return Self.longest }
        var bound: Double
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w * a + v0) / wd
            bound = log((a * a + b * b).squareRoot() / epsilon) / (zeta * w)
        } else {
            // The slowest mode decays at rate ω(ζ − √(ζ² − 1)); a polynomial factor for critical
            // damping is covered by doubling.
            let rate = w * (zeta - (Swift.max(0, zeta * zeta - 1)).squareRoot())
            bound = 2 * log(Swift.max(2, 1 + abs(v0) / w) / epsilon) / Swift.max(rate, 1e-9)
        }
        bound = Swift.min(Self.longest, Swift.max(0, bound))
        var step = Int((bound * 1000).rounded(.up))
        while step > 0, abs(displacement(at: Double(step) / 1000)) < epsilon {
            step -= 1
        }
        return Swift.min(Self.longest, Double(step + 1) / 1000)
    }
}
