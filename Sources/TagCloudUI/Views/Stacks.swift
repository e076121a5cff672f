/// A view that arranges its subviews in a horizontal line: SwiftUI's `HStack`, laid out by
/// LayoutKit's ``HStackLayout`` (space shared by layout priority, least flexible first; `nil`
/// spacing uses the subviews' preferred spacing).
public struct HStack<Content: View> {
    @usableFromInline
    let layout: HStackLayout
    @usableFromInline
    let content: Content

    /// Creates a horizontal stack.
    ///
    /// - Parameters:
    ///   - alignment: The vertical alignment of the subviews.
    ///   - spacing: The distance between subviews, or `nil` for their preferred spacing.
    ///   - content: The subviews.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = HStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }
}

extension HStack: View {
    /// A container node.
    ///
    /// - Parameters:
    ///   - view: The stack.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    @inlinable
    public static func _makeNodes(_ view: HStack, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs.container(view.layout, inputs: inputs) { Content._makeNodes(view.content, inputs: $0) }
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A view that arranges its subviews in a vertical line: SwiftUI's `VStack`, laid out by
/// ``VStackLayout``.
public struct VStack<Content: View> {
    @usableFromInline
    let layout: VStackLayout
    @usableFromInline
    let content: Content

    /// Creates a vertical stack.
    ///
    /// - Parameters:
    ///   - alignment: The horizontal alignment of the subviews.
    ///   - spacing: The distance between subviews, or `nil` for their preferred spacing.
    ///   - content: The subviews.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = VStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }
}

extension VStack: View {
    /// A container node.
    ///
    /// - Parameters:
    ///   - view: The stack.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    @inlinable
    public static func _makeNodes(_ view: VStack, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs.container(view.layout, inputs: inputs) { Content._makeNodes(view.content, inputs: $0) }
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A view that overlays its subviews, aligning them in both axes: SwiftUI's `ZStack`, laid out by
/// ``ZStackLayout``.
public struct ZStack<Content: View> {
    @usableFromInline
    let layout: ZStackLayout
    @usableFromInline
    let content: Content

    /// Creates an overlaying stack.
    ///
    /// - Parameters:
    ///   - alignment: The alignment of the subviews.
    ///   - content: The subviews, back to front.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        layout = ZStackLayout(alignment: alignment)
        self.content = content()
    }
}

extension ZStack: View {
    /// A container node.
    ///
    /// - Parameters:
    ///   - view: The stack.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    @inlinable
    public static func _makeNodes(_ view: ZStack, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs.container(view.layout, inputs: inputs) { Content._makeNodes(view.content, inputs: $0) }
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// The kinds of views pinned in a lazy stack (SwiftUI's `PinnedScrollableViews`); accepted.
public struct PinnedScrollableViews: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: UInt32

    /// Creates a set.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

/// SwiftUI's `LazyHStack`: a still image draws every subview, so it is laid out like ``HStack``.
public struct LazyHStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// Creates a lazy horizontal stack.
    ///
    /// - Parameters:
    ///   - alignment: The vertical alignment of the subviews.
    ///   - spacing: The distance between subviews, or `nil` for their preferred spacing.
    ///   - pinnedViews: Accepted for SwiftUI code.
    ///   - content: The subviews.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// An ``HStack`` of the content.
    public var body: some View {
        HStack(alignment: alignment, spacing: spacing) { content }
    }
}

/// SwiftUI's `LazyVStack`: a still image draws every subview, so it is laid out like ``VStack``.
public struct LazyVStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// Creates a lazy vertical stack.
    ///
    /// - Parameters:
    ///   - alignment: The horizontal alignment of the subviews.
    ///   - spacing: The distance between subviews, or `nil` for their preferred spacing.
    ///   - pinnedViews: Accepted for SwiftUI code.
    ///   - content: The subviews.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A ``VStack`` of the content.
    public var body: some View {
        VStack(alignment: alignment, spacing: spacing) { content }
    }
}
