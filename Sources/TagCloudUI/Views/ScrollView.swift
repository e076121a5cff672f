/// A scrollable view: SwiftUI's `ScrollView`, drawn as a still picture scrolled to its start.
///
/// The content is proposed an unspecified length along the scrolling axes (so it takes its ideal
/// length: a `FlowLayout` wraps at the proposed width and grows as tall as its rows) and the
/// proposed length across them. Several views in the content are stacked as SwiftUI does: in a
/// ``VStack`` for a vertical scroll view, an ``HStack`` for a horizontal one.
///
/// A picture shows the scroll view scrolled to its start. Along its axes it takes the length it is
/// proposed, as SwiftUI's does, its content starting at its top (and leading edge) and cut at its
/// bounds (`ScrollView { … }.frame(height: 100)` shows the first 100 points); proposed no length
/// (the root of an ``ImageRenderer`` with no proposed height, a stack's ideal size) it is as long
/// as its content, so a picture of a scroll view alone shows all of it. What the content draws
/// outside the scroll view's bounds is cut, as SwiftUI cuts it. Across its axes it takes
/// the proposed length and centres the content, as SwiftUI does. Scroll indicators are not drawn.
public struct ScrollView<Content: View> {
    /// The scroll view's content.
    public var content: Content
    /// The scrollable axes.
    public var axes: Axis.Set
    /// Whether the scroll view would show indicators (accepted; a picture shows none).
    public var showsIndicators: Bool

    /// Creates a scroll view.
    ///
    /// - Parameters:
    ///   - axes: The scrollable axes; vertical by default.
    ///   - showsIndicators: Accepted for SwiftUI code.
    ///   - content: Makes the content; called once, when the scroll view is created.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }
}

extension ScrollView: View {
    /// A scroll node over the content (several views are stacked along the axis).
    ///
    /// - Parameters:
    ///   - view: The scroll view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: ScrollView, inputs: _ViewInputs) -> _ViewOutputs {
        let direction = inputs.environment.layoutDirection
        var inner = inputs
        inner.stackOrientation = view.axes == .horizontal ? .horizontal : .vertical
        let nodes = makeNodes(view.content, inner)
        let content: ViewNode
        if nodes.count == 1 {
            content = nodes[0]
        } else if view.axes == .horizontal {
            content = ContainerNode(HStackLayout(), children: nodes, layoutDirection: direction)
        } else {
            content = ContainerNode(VStackLayout(), children: nodes, layoutDirection: direction)
        }
        return _ViewOutputs(node: ScrollNode(content, axes: view.axes, layoutDirection: direction))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A scroll view's node (see ``ScrollView``).
final class ScrollNode: WrapperNode {
    let axes: Axis.Set

    init(_ child: ViewNode, axes: Axis.Set, layoutDirection: LayoutDirection) {
        self.axes = axes
        super.init(child, layoutDirection: layoutDirection)
    }

    override var kind: String { "ScrollView" }

    private func contentProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                         height: axes.contains(.vertical) ? nil : proposal.height)
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let content = child.sizeThatFits(contentProposal(proposal))
        // The proposed length on either axis, the content's where none is proposed.
        func length(_ proposed: CGFloat?, _ content: CGFloat) -> CGFloat {
            guard let proposed, proposed.isFinite else { return content }
            return proposed
        }
        return CGSize(width: length(proposal.width, content.width), height: length(proposal.height, content.height))
    }

    override func childPlacement(size: CGSize, proposal: ProposedViewSize) -> ChildPlacement {
        let inner = contentProposal(proposal)
        let content = child.sizeThatFits(inner)
        let x = axes.contains(.horizontal) ? 0 : (size.width - content.width) / 2
        let y = axes.contains(.vertical) ? 0 : (size.height - content.height) / 2
        return ChildPlacement(proposal: inner, size: content, offset: CGPoint(x: x, y: y))
    }

    /// The content, cut at the scroll view's bounds as SwiftUI cuts it: what is longer than the
    /// scroll view, and what its content draws outside it (an offset, an overlay wider than the
    /// content), drew over the views around it.
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        canvas.group(clip: Clip(.rect(frame)), opacity: 1) {
            super.draw(in: frame, proposal: proposal, into: canvas)
        }
    }

    /// A scroll view has no spacing preference of its own.
    override var spacing: ViewSpacing { ViewSpacing() }

    /// Nor guides of its content.
    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        nil
    }

    override func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        nil
    }
}

extension View {
    /// Accepted for SwiftUI code: a picture shows no scroll indicators (SwiftUI's
    /// `scrollIndicators(_:axes:)`).
    ///
    /// - Returns: The same view.
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> Self {
        self
    }
}

/// The visibility of scroll indicators (SwiftUI's `ScrollIndicatorVisibility`); accepted.
public struct ScrollIndicatorVisibility: Hashable, Sendable {
    let value: Int
    /// The platform's choice.
    public static let automatic = ScrollIndicatorVisibility(value: 0)
    /// Visible.
    public static let visible = ScrollIndicatorVisibility(value: 1)
    /// Hidden.
    public static let hidden = ScrollIndicatorVisibility(value: 2)
    /// Never shown.
    public static let never = ScrollIndicatorVisibility(value: 3)
}
