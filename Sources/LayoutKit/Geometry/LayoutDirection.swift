/// A direction in which content is laid out.
///
/// The port of SwiftUI's `LayoutDirection`. As in SwiftUI, layouts compute positions in
/// leading-to-trailing coordinates; ``LayoutHost`` mirrors each placement within the container's
/// bounds when the direction is ``rightToLeft``, so a layout needs no code of its own for it.
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    /// Content flows from left to right.
    case leftToRight
    /// Content flows from right to left.
    case rightToLeft
}
