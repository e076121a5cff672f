public import Foundation

/// A font request: family, size, weight, slant and design, like SwiftUI's `Font`.
public struct Font: Hashable, Sendable {
    /// The family name; `nil` means the default family (Inter).
    public var family: String?
    /// The size in points.
    public var size: CGFloat
    /// The weight.
    public var weight: Weight
    /// Whether the italic face is wanted.
    public var italic: Bool

    public init(family: String? = nil, size: CGFloat, weight: Weight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// SwiftUI's body style: 17 pt regular.
    public static let body = Font(size: 17)

    /// A weight, with the OpenType `usWeightClass` value it stands for.
    public struct Weight: Hashable, Sendable, Comparable {
        /// The OpenType weight class, 100 (thin) to 900 (black).
        public var value: Int
        public init(_ value: Int) { self.value = value }
        public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }

        public static let ultraLight = Weight(200)
        public static let thin = Weight(100)
        public static let light = Weight(300)
        public static let regular = Weight(400)
        public static let medium = Weight(500)
        public static let semibold = Weight(600)
        public static let bold = Weight(700)
        public static let heavy = Weight(800)
        public static let black = Weight(900)
    }
}
