import Foundation

/// A layout container: any ``Layout`` run by a ``LayoutHost`` over the children's nodes.
///
/// This is how stacks, `FlowLayout`, `AnyLayout` and user-written layouts become views: the node
/// answers its parent through the host (``LayoutHost/sizeThatFits(_:)``,
/// ``LayoutHost/spacing``, the explicit guides), and when drawn it places the children with
/// ``LayoutHost/placeSubviews(in:proposal:)`` and draws each one in its frame, with the proposal
/// the layout placed it with.
final class ContainerNode<L: Layout>: MemoizingNode {
    let host: LayoutHost<L>
    let children: [ViewNode]

    /// Creates a container.
    ///
    /// - Parameters:
    ///   - children: The children, in order.
    ///   - layoutDirection: The direction the container inherits (right to left mirrors placements).
    init(_ layout: L, children: [ViewNode], layoutDirection: LayoutDirection) {
        self.children = children
        host = LayoutHost(layout, subviews: children, layoutDirection: layoutDirection)
    }

    override var kind: String { "Layout<\(L.self)>" }

    override var childNodes: [ViewNode] { children }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        host.sizeThatFits(proposal)
    }

    override var spacing: ViewSpacing { host.spacing }

    override func explicitAlignment(of guide: HorizontalAlignment, size: CGSize,
                                    proposal: ProposedViewSize) -> CGFloat? {
        host.explicitAlignment(of: guide, in: CGRect(origin: .zero, size: size), proposal: proposal)
    }

    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize,
                                    proposal: ProposedViewSize) -> CGFloat? {
        host.explicitAlignment(of: guide, in: CGRect(origin: .zero, size: size), proposal: proposal)
    }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let placements = host.placeSubviews(in: frame, proposal: proposal)
        let workers = Cores.active
        if canvas.drawsLargeContainersConcurrently, canvas.tracker == nil, workers > 1,
           children.count >= ContainerNode.concurrentDrawingThreshold, placements.count == children.count {
            drawConcurrently(placements, into: canvas, workers: workers)
            return
        }
        for (child, placement) in zip(children, placements) where !placement.isHidden {
            child.render(in: placement.frame, proposal: placement.proposal, into: canvas)
        }
    }

    /// The number of children from which a container may draw them on every core
    /// (``DrawingContext/drawsLargeContainersConcurrently``): as many as `_ConcurrentForEach`
    /// resolves on every core.
    static var concurrentDrawingThreshold: Int { 2048 }

    /// Draws the children in consecutive shares, each share on a thread into its own forked
    /// context, then takes the shares' results in order: the same display list as drawing them
    /// one by one.
    private func drawConcurrently(_ placements: [LayoutPlacement], into canvas: DrawingContext, workers: Int) {
        let count = children.count
        let shares = workers * 8
        // Unchecked: each share draws its own children into its own context; the nodes of one
        // child are drawn by one thread, and what they share (the typesetter, the recorders, the
        // resolution context) is locked.
        nonisolated(unsafe) let forks = (0..<shares).map { _ in canvas.forked() }
        nonisolated(unsafe) let children = children
        DispatchQueue.concurrentPerform(iterations: shares) { share in
            for index in (count * share / shares)..<(count * (share + 1) / shares) where !placements[index].isHidden {
                children[index].render(in: placements[index].frame, proposal: placements[index].proposal, into: forks[share])
            }
        }
        for fork in forks { canvas.absorb(fork) }
    }
}

extension Layout {
    /// Combines the views built by `content` into a container laid out by this layout (SwiftUI's
    /// `callAsFunction(_:)` on a layout): `FlowLayout { … }`, `HStackLayout() { … }`,
    /// `AnyLayout(layout) { … }`. For an `any Layout` value, wrap it as SwiftUI code does:
    /// `AnyLayout(value) { … }` (or wrap the `any View` result: `AnyView(value { … })`).
    ///
    /// - Parameter content: The subviews.
    /// - Returns: The container view.
    @inlinable
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutContainer(layout: self, content: content())
    }
}

/// A container view laid out by a ``Layout``: what calling a layout with a view builder makes.
public struct _LayoutContainer<L: Layout, Content: View> {
    @usableFromInline
    let layout: L
    @usableFromInline
    let content: Content

    @inlinable
    init(layout: L, content: Content) {
        self.layout = layout
        self.content = content
    }
}

extension _LayoutContainer: View {
    /// One container node over the content's nodes.
    ///
    /// - Parameters:
    ///   - view: The container.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The container node.
    @inlinable
    public static func _makeNodes(_ view: _LayoutContainer, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs.container(view.layout, inputs: inputs) { Content._makeNodes(view.content, inputs: $0) }
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// Resolves `content` as the subviews of a container laid out by `layout`.
///
/// The subviews see the layout's stack orientation (``LayoutProperties/stackOrientation``; for
/// ``AnyLayout``, the wrapped layout's), which gives `Spacer` and `Divider` their axis.
///
/// - Parameters:
///   - content: The subviews.
///   - inputs: The container's inputs.
/// - Returns: The container node.
func makeContainerNode<L: Layout, Content: View>(_ layout: L, content: Content, inputs: _ViewInputs) -> ViewNode {
    var inner = inputs
    inner.stackOrientation = resolvedLayoutProperties(of: layout).stackOrientation
    let children = makeNodes(content, inner)
    return ContainerNode(layout, children: children, layoutDirection: inputs.environment.layoutDirection)
}

extension _ViewOutputs {
    /// One container node laid out by `layout` over the nodes `content` resolves with the
    /// container's inputs (``makeContainerNode(_:content:inputs:)`` for a content resolved in
    /// specialised code: the stacks and `_LayoutContainer` call it from their inlinable
    /// `_makeNodes`).
    @usableFromInline
    static func container<L: Layout>(_ layout: L, inputs: _ViewInputs, content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        var inner = inputs
        inner.stackOrientation = resolvedLayoutProperties(of: layout).stackOrientation
        return _ViewOutputs(node: ContainerNode(layout, children: content(inner).nodes, layoutDirection: inputs.environment.layoutDirection))
    }
}
