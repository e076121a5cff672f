/// `background` and `overlay` with a view: the decoration is resolved once per node of the content.
///
/// Inlinable, so that the decoration (a chip's capsule) resolves as code specialised for its type.
@usableFromInline
struct DecorationModifier<Decoration: View>: ViewModifier {
    @usableFromInline
    typealias Body = Never
    @usableFromInline
    let decoration: Decoration
    @usableFromInline
    let alignment: Alignment
    @usableFromInline
    let isOverlay: Bool

    @inlinable
    init(decoration: Decoration, alignment: Alignment, isOverlay: Bool) {
        self.decoration = decoration
        self.alignment = alignment
        self.isOverlay = isOverlay
    }

    @inlinable
    static func _makeNodes(modifier: DecorationModifier, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let decorationInputs = inputs.decorationInputs
        return content(inputs).decorated(alignment: modifier.alignment, isOverlay: modifier.isOverlay, inputs: inputs,
                                         decorationInputs: decorationInputs) {
            Decoration._makeNodes(modifier.decoration, inputs: decorationInputs)
        }
    }
}

extension _ViewInputs {
    /// The inputs of a background or overlay: one step down the path, outside any stack.
    @usableFromInline
    var decorationInputs: _ViewInputs {
        var inner = appending(.role(.decoration))
        inner.stackOrientation = nil
        return inner
    }
}

extension _ViewOutputs {
    /// Each node wrapped in a ``DecorationNode`` with a decoration of its own, resolved by
    /// `decoration` (several nodes are overlaid in a ``ZStackLayout`` on `alignment`, none is an
    /// empty node, as ``makeSingleNode(_:_:alignment:)`` makes them).
    @usableFromInline
    func decorated(alignment: Alignment, isOverlay: Bool, inputs: _ViewInputs, decorationInputs: _ViewInputs,
                   decoration: () -> _ViewOutputs) -> _ViewOutputs {
        map { node in
            let decorationNode = decoration().singleNode(alignment: alignment, inputs: decorationInputs)
            // A pass that neither draws nor records frames has no use for a decoration that only
            // draws: the node is its child's size either way.
            if inputs.context.omitsDrawingOnlyNodes, decorationNode.drawsOnly { return node }
            return DecorationNode(node, decoration: decorationNode, alignment: alignment, isOverlay: isOverlay,
                                  layoutDirection: inputs.environment.layoutDirection)
        }
    }
}

extension View {
    /// Layers a view behind this one (SwiftUI's `background(_:alignment:)`).
    ///
    /// The background is proposed this view's size and aligned on it; several views are overlaid
    /// as in a ``ZStack``. This view's size does not change.
    ///
    /// - Parameters:
    ///   - background: The view behind.
    ///   - alignment: Its alignment.
    /// - Returns: The view.
    @_disfavoredOverload
    @inlinable
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        modifier(DecorationModifier(decoration: background, alignment: alignment, isOverlay: false))
    }

    /// Layers the views a builder makes behind this one (SwiftUI's `background(alignment:content:)`).
    ///
    /// - Parameters:
    ///   - alignment: The alignment of the background.
    ///   - content: The views behind.
    /// - Returns: The view.
    @inlinable
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(DecorationModifier(decoration: content(), alignment: alignment, isOverlay: false))
    }

    /// Fills the view's frame with a style behind it (SwiftUI's `background(_:ignoresSafeAreaEdges:)`):
    /// `.background(.regularMaterial)`, `.background(Color.blue)`.
    ///
    /// - Parameters:
    ///   - style: The style filling the view's frame.
    ///   - edges: Accepted for SwiftUI code (there is no safe area in a picture).
    /// - Returns: The view.
    @inlinable
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(Rectangle().fill(style))
    }

    /// Fills a shape with a style behind this view (SwiftUI's `background(_:in:fillStyle:)`).
    ///
    /// - Parameters:
    ///   - style: The style filling the shape.
    ///   - shape: The shape, in the view's frame.
    ///   - fillStyle: The fill rule.
    /// - Returns: The view.
    @inlinable
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> some View {
        background(shape.fill(style, style: fillStyle))
    }

    /// Fills a shape with the background style behind this view (SwiftUI's `background(in:fillStyle:)`);
    /// the background style is white.
    ///
    /// - Parameters:
    ///   - shape: The shape, in the view's frame.
    ///   - fillStyle: The fill rule.
    /// - Returns: The view.
    @inlinable
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(shape.fill(Color.white, style: fillStyle))
    }

    /// Layers a view in front of this one (SwiftUI's `overlay(_:alignment:)`).
    ///
    /// - Parameters:
    ///   - overlay: The view in front.
    ///   - alignment: Its alignment.
    /// - Returns: The view.
    @_disfavoredOverload
    @inlinable
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        modifier(DecorationModifier(decoration: overlay, alignment: alignment, isOverlay: true))
    }

    /// Layers the views a builder makes in front of this one (SwiftUI's `overlay(alignment:content:)`).
    ///
    /// - Parameters:
    ///   - alignment: The alignment of the overlay.
    ///   - content: The views in front.
    /// - Returns: The view.
    @inlinable
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(DecorationModifier(decoration: content(), alignment: alignment, isOverlay: true))
    }

    /// Fills the view's frame with a style in front of it (SwiftUI's `overlay(_:ignoresSafeAreaEdges:)`).
    ///
    /// - Parameters:
    ///   - style: The style filling the view's frame.
    ///   - edges: Accepted for SwiftUI code.
    /// - Returns: The view.
    @inlinable
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        overlay(Rectangle().fill(style))
    }

    /// Fills a shape with a style in front of this view (SwiftUI's `overlay(_:in:fillStyle:)`).
    ///
    /// - Parameters:
    ///   - style: The style filling the shape.
    ///   - shape: The shape, in the view's frame.
    ///   - fillStyle: The fill rule.
    /// - Returns: The view.
    @inlinable
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> some View {
        overlay(shape.fill(style, style: fillStyle))
    }

    /// Draws a border inside this view's frame (SwiftUI's `border(_:width:)`).
    ///
    /// - Parameters:
    ///   - content: The border's style.
    ///   - width: The border's width.
    /// - Returns: The view.
    @inlinable
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }

    /// Clips this view to a shape in its frame (SwiftUI's `clipShape(_:style:)`).
    ///
    /// - Parameters:
    ///   - shape: The shape, such as `.capsule` or `RoundedRectangle(cornerRadius: 8)`.
    ///   - style: The fill rule of the clip.
    /// - Returns: The clipped view.
    @inlinable
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        modifier(_WrapperModifier(.clip(shape, style)))
    }

    /// Clips this view to its frame (SwiftUI's `clipped(antialiased:)`).
    ///
    /// - Parameter antialiased: Whether the clip edge is antialiased.
    /// - Returns: The clipped view.
    @inlinable
    public func clipped(antialiased: Bool = false) -> some View {
        clipShape(Rectangle(), style: FillStyle(antialiased: antialiased))
    }

    /// Clips this view to its frame with rounded corners (SwiftUI's `cornerRadius(_:antialiased:)`).
    ///
    /// - Parameters:
    ///   - radius: The corner radius.
    ///   - antialiased: Whether the clip edge is antialiased.
    /// - Returns: The clipped view.
    @inlinable
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius, style: .circular), style: FillStyle(antialiased: antialiased))
    }

    /// Sets the transparency of this view (SwiftUI's `opacity(_:)`): the view is composited as one
    /// group, so its overlapping parts do not show through each other.
    ///
    /// - Parameter opacity: 0 (invisible) to 1 (opaque).
    /// - Returns: The view.
    @inlinable
    public func opacity(_ opacity: Double) -> some View {
        modifier(_WrapperModifier(.opacity(Swift.max(0, opacity))))
    }

    /// Hides this view: it keeps its place in the layout and draws nothing (SwiftUI's `hidden()`).
    ///
    /// - Returns: The hidden view.
    @inlinable
    public func hidden() -> some View {
        opacity(0)
    }

    /// Attaches a label, a link, an identifier and a tooltip to this view's drawing: the SVG
    /// backend writes them as a group's `id` and `data-label`, an `<a>` link and a `<title>`, the
    /// PDF backend as a link and a tooltip annotation. Text items carry the text they show as their
    /// label already.
    ///
    /// - Parameters:
    ///   - label: Text describing the view (a chip's label).
    ///   - link: Where the view links to.
    ///   - identifier: A stable identifier.
    ///   - tooltip: Text shown while the pointer is over the view (see ``View/help(_:)``).
    /// - Returns: The view.
    @inlinable
    public func displayMetadata(label: String? = nil, link: URL? = nil, identifier: String? = nil,
                                tooltip: String? = nil) -> some View {
        displayMetadata(ItemMetadata(label: label, link: link, identifier: identifier, tooltip: tooltip))
    }

    /// Attaches display-list metadata to this view's drawing, with every field Canvas knows: a
    /// label, a link, an identifier, a tooltip, and the item's ``ItemRole`` in a tag cloud with its
    /// selected state, which web output (SVG, HTML) turns into classes, ARIA roles and colour
    /// custom properties.
    ///
    /// - Returns: The view.
    @inlinable
    public func displayMetadata(_ metadata: ItemMetadata) -> some View {
        // Most metadata of a large cloud is a role alone (a chip's label, fill and border): kept
        // as the role, not boxed (two allocations a chip fewer).
        if let role = metadata.role, metadata == ItemMetadata(role: role) { return modifier(_WrapperModifier(.role(role))) }
        return modifier(_WrapperModifier(.metadata(_Box(metadata))))
    }

    /// Adds text shown while the pointer is over this view (SwiftUI's `help(_:)`, a tooltip on
    /// macOS): an SVG `<title>`, a PDF annotation (and an HTML `title` on a cloud's chip), see ``displayMetadata(label:link:identifier:tooltip:)``.
    ///
    /// - Parameter text: The tooltip.
    /// - Returns: The view.
    @inlinable
    public func help<S: StringProtocol>(_ text: S) -> some View {
        displayMetadata(tooltip: String(text))
    }

    /// Labels this view's drawing (SwiftUI's `accessibilityLabel(_:)`): the label goes into the
    /// display list's metadata, see ``displayMetadata(label:link:identifier:tooltip:)``.
    ///
    /// - Returns: The view.
    @inlinable
    public func accessibilityLabel(_ label: String) -> some View {
        displayMetadata(label: label)
    }

    /// Labels this view's drawing with a text's characters (SwiftUI's `accessibilityLabel(_:)`
    /// with a `Text`), as the string form does.
    ///
    /// - Returns: The view.
    public func accessibilityLabel(_ label: Text) -> some View {
        displayMetadata(label: label.content)
    }

    /// Identifies this view's drawing (SwiftUI's `accessibilityIdentifier(_:)`): the identifier
    /// goes into the display list's metadata (an SVG `id`).
    ///
    /// - Returns: The view.
    @inlinable
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        displayMetadata(identifier: identifier)
    }
}

/// A control for navigating to a URL: the port of SwiftUI's `Link`, drawn as its label in the tint
/// colour, with the URL in the display list's metadata (a clickable link in SVG and PDF).
public struct Link<Label: View>: View {
    let destination: URL
    let label: Label

    /// Creates a link with a label.
    ///
    /// - Parameters:
    ///   - destination: The URL.
    ///   - label: Makes the label; called once, when the link is created.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    /// The label, tinted, with the link attached.
    public var body: some View {
        label.foregroundStyle(.tint).displayMetadata(link: destination)
    }
}

extension Link where Label == Text {
    /// Creates a link with a text label.
    ///
    /// - Parameters:
    ///   - title: The label's text.
    ///   - destination: The URL.
    public init(_ title: String, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
