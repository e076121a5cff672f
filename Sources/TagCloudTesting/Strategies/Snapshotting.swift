/// A strategy for snapshotting values of type `Value` as `Format`, like swift-snapshot-testing's
/// `Snapshotting`: a file extension, a ``Diffing`` for the format, and a closure making the format
/// from the value. Derive strategies for other values with ``pullback(_:)``.
///
/// ```swift
/// // A strategy for a chip model, built on the display-list image strategy:
/// let chip: Snapshotting<Chip, RGBAImage> = .image(scale: 2).pullback { chip in chip.displayList() }
/// ```
public struct Snapshotting<Value, Format>: Sendable {
    /// The golden file's extension, without a dot.
    public var pathExtension: String
    /// How golden files are stored and compared.
    public var diffing: Diffing<Format>
    /// Makes the format from a value.
    public var snapshot: @Sendable (Value) throws -> Format

    /// Makes a strategy.
    ///
    /// - Parameters:
    ///   - pathExtension: The golden file's extension.
    ///   - diffing: How files are stored and compared.
    ///   - snapshot: Makes the format from a value; an error it throws fails the assertion with its
    ///     description.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A strategy for another value type that is first turned into this strategy's value.
    ///
    /// - Parameter transform: Turns the new value into a `Value`.
    /// - Returns: The derived strategy, with this one's extension and diffing.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(transform($0)) }
    }
}
