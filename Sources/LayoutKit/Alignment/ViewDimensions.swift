/// A view's size and alignment guides in its own coordinate space.
///
/// The port of SwiftUI's `ViewDimensions`. ``LayoutSubview/dimensions(in:)`` returns one; explicit
/// guide values (a text baseline, an `alignmentGuide` modifier) come from the subview's backend,
/// asked lazily when a guide is read, so that reading only the size costs nothing more.
public struct ViewDimensions: Equatable, Sendable {
    package let size: CGSize
    private let source: GuideSource?

    /// Creates dimensions without explicit guides: every guide has its default value.
    ///
    /// - Parameter size: The view's size.
    package init(size: CGSize) {
        self.size = size
        self.source = nil
    }

    /// Creates dimensions whose explicit guides a backend supplies.
    ///
    /// - Parameters:
    ///   - size: The view's size for `proposal`.
    ///   - backend: The backend asked for explicit guide values.
    ///   - proposal: The proposal that produced `size`.
    package init(size: CGSize, backend: any LayoutSubviewBackend, proposal: ProposedViewSize) {
        self.size = size
        self.source = GuideSource(backend: backend, proposal: proposal)
    }

    /// The view's width.
    public var width: CGFloat { size.width }
    /// The view's height.
    public var height: CGFloat { size.height }

    /// The value of a horizontal guide: its explicit value, or its default value.
    ///
    /// - Parameter guide: The guide to read.
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        self[explicit: guide] ?? guide.key.id.defaultValue(in: self)
    }

    /// The value of a vertical guide: its explicit value, or its default value.
    ///
    /// - Parameter guide: The guide to read.
    public subscript(guide: VerticalAlignment) -> CGFloat {
        self[explicit: guide] ?? guide.key.id.defaultValue(in: self)
    }

    /// The explicit value of a horizontal guide, or `nil` if the view sets none.
    ///
    /// - Parameter guide: The guide to read.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? {
        source.flatMap { $0.backend.explicitAlignment(of: guide, size: size, proposal: $0.proposal) }
    }

    /// The explicit value of a vertical guide, or `nil` if the view sets none.
    ///
    /// - Parameter guide: The guide to read.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? {
        source.flatMap { $0.backend.explicitAlignment(of: guide, size: size, proposal: $0.proposal) }
    }

    /// Two dimensions are equal when their sizes are equal and their explicit guides come from the
    /// same backend for the same proposal (or neither has explicit guides).
    public static func == (lhs: ViewDimensions, rhs: ViewDimensions) -> Bool {
        lhs.size == rhs.size && lhs.source == rhs.source
    }
}

/// Where a `ViewDimensions` reads its explicit guides.
///
/// `@unchecked Sendable`: a layout pass is synchronous, and dimensions are read on the thread
/// running the pass, as SwiftUI's are; the backend is only ever called from there.
private struct GuideSource: Equatable, @unchecked Sendable {
    let backend: any LayoutSubviewBackend
    let proposal: ProposedViewSize

    static func == (lhs: GuideSource, rhs: GuideSource) -> Bool {
        lhs.backend === rhs.backend && lhs.proposal == rhs.proposal
    }
}
