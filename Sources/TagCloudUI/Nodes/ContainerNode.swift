/// A layout container: any ``Layout`` run by a ``LayoutHost`` over the children's nodes.
///
/// This is how stacks, `FlowLayout`, `AnyLayout` and user-written layouts become views: the node
/// answers its parent through the host (``LayoutHost/sizeThatFits(_:)``,
/// ``LayoutHost/spacing``, the explicit guides), and when drawn it places the children with
/// ``LayoutHost/placeSubviews(in:proposal:)`` and draws each one in its frame, with the proposal
/// the layout placed it with.
final class ContainerNode<L: Layout>: ViewNode {
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
        for (child, placement) in zip(children, placements) {
            child.render(in: placement.frame, proposal: placement.proposal, into: canvas)
        }
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
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutContainer(layout: self, content: content())
    }
}

/// A container view laid out by a ``Layout``: what calling a layout with a view builder makes.
public struct _LayoutContainer<L: Layout, Content: View> {
    let layout: L
    let content: Content
}

extension _LayoutContainer: View {
    /// One container node over the content's nodes.
    ///
    /// - Parameters:
    ///   - view: The container.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The container node.
    public static func _makeNodes(_ view: _LayoutContainer, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(node: makeContainerNode(view.layout, content: view.content, inputs: inputs))
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
