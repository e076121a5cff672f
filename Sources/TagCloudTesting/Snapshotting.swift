public import Foundation

/// How to store values of one format in files and tell whether two of them match, like
/// swift-snapshot-testing's `Diffing`.
public struct Diffing<Format>: Sendable {
    /// Turns a value into the bytes of its golden file.
    public var toData: @Sendable (Format) throws -> Data
    /// Reads a value back from a golden file's bytes.
    public var fromData: @Sendable (Data) throws -> Format
    /// Compares a reference with an actual value: `nil` if they match, otherwise what differs.
    public var diff: @Sendable (_ reference: Format, _ actual: Format) -> SnapshotDifference?

    /// Makes a diffing strategy from its three closures.
    ///
    /// - Parameters:
    ///   - toData: Encodes a value for its file.
    ///   - fromData: Decodes a value from its file.
    ///   - diff: Compares reference and actual; `nil` when they match.
    public init(toData: @escaping @Sendable (Format) throws -> Data,
                fromData: @escaping @Sendable (Data) throws -> Format,
                diff: @escaping @Sendable (_ reference: Format, _ actual: Format) -> SnapshotDifference?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// What differs between a reference and an actual value.
public struct SnapshotDifference: Sendable {
    /// A one-line explanation, such as "12 pixels differ by more than 2".
    public var message: String
    /// A file showing the difference (a diff image), written beside the actual value on failure.
    public var artifact: Data?

    /// Makes a difference report.
    ///
    /// - Parameters:
    ///   - message: What differs.
    ///   - artifact: Bytes of a file that shows it, if any.
    public init(message: String, artifact: Data? = nil) {
        self.message = message
        self.artifact = artifact
    }
}

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
    ///   - snapshot: Makes the format from a value.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A strategy for another value type that is first turned into this strategy's value.
    ///
    /// - Parameter transform: Turns the new value into a `Value`.
    /// - Returns: The derived strategy.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(transform($0)) }
    }
}
