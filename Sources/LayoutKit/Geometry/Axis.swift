/// The horizontal or vertical dimension in a 2D coordinate system.
///
/// The port of SwiftUI's `Axis`.
public enum Axis: Int8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal dimension.
    case horizontal
    /// The vertical dimension.
    case vertical

    /// The other axis.
    package var perpendicular: Axis { self == .horizontal ? .vertical : .horizontal }

    /// A textual representation: `horizontal` or `vertical`.
    public var description: String { self == .horizontal ? "horizontal" : "vertical" }

    /// An efficient set of axes.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The raw bits of the set.
        public let rawValue: Int8
        /// Creates a set from raw bits.
        ///
        /// - Parameter rawValue: Bit 0 for horizontal, bit 1 for vertical.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1 << 0)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 1 << 1)
    }
}
