/// A type with values that support addition and scalar multiplication.
///
/// The port of SwiftUI's `VectorArithmetic`. LayoutKit does not animate; it carries the protocol so
/// that a `Layout` written for SwiftUI, which is `Animatable`, compiles unchanged.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component of this value by the given value.
    ///
    /// - Parameter rhs: The scale factor.
    mutating func scale(by rhs: Double)
    /// The dot product of this value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// Returns a value with each component of this value multiplied by the given value.
    ///
    /// - Parameter rhs: The scale factor.
    /// - Returns: The scaled value.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}

/// A type that describes how to animate a property of a view or layout.
///
/// The port of SwiftUI's `Animatable`. ``Layout`` refines it, as in SwiftUI; the default
/// `animatableData` is ``EmptyAnimatableData``.
public protocol Animatable {
    /// The type defining the data to animate.
    associatedtype AnimatableData: VectorArithmetic
    /// The data to animate.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Empty data: the type has nothing to animate.
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

/// An empty type for animatable data.
///
/// The port of SwiftUI's `EmptyAnimatableData`.
public struct EmptyAnimatableData: VectorArithmetic, Hashable, Sendable {
    /// Creates an empty value.
    @inlinable public init() {}
    /// The zero value.
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    /// Returns an empty value.
    public static func + (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { .zero }
    /// Returns an empty value.
    public static func - (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { .zero }
    /// Does nothing.
    ///
    /// - Parameter rhs: Ignored.
    public mutating func scale(by rhs: Double) {}
    /// Zero.
    public var magnitudeSquared: Double { 0 }
}

/// A pair of animatable values, which is itself animatable.
///
/// The port of SwiftUI's `AnimatablePair`.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second

    /// Creates a pair.
    ///
    /// - Parameters:
    ///   - first: The first value.
    ///   - second: The second value.
    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// The pair of zeros.
    public static var zero: AnimatablePair { AnimatablePair(.zero, .zero) }
    /// Adds component-wise.
    public static func + (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
        AnimatablePair(lhs.first + rhs.first, lhs.second + rhs.second)
    }
    /// Subtracts component-wise.
    public static func - (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
        AnimatablePair(lhs.first - rhs.first, lhs.second - rhs.second)
    }
    /// Scales both components.
    ///
    /// - Parameter rhs: The scale factor.
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    /// The sum of the components' squared magnitudes.
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}
extension AnimatablePair: Equatable {}

extension Double: VectorArithmetic {
    /// Multiplies by `rhs`.
    ///
    /// - Parameter rhs: The scale factor.
    public mutating func scale(by rhs: Double) { self *= rhs }
    /// The square of the value.
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    /// Multiplies by `rhs`.
    ///
    /// - Parameter rhs: The scale factor.
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    /// The square of the value.
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    /// Multiplies by `rhs`.
    ///
    /// - Parameter rhs: The scale factor.
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    /// The square of the value.
    public var magnitudeSquared: Double { Double(self * self) }
}
