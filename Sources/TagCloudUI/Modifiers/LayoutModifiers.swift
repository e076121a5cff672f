/// A modifier made of one wrapping function: the form of the built-in layout modifiers.
struct WrappingModifier: NodeWrappingModifier {
    typealias Body = Never
    let make: (ViewNode, LayoutDirection) -> ViewNode

    func wrap(_ node: ViewNode, inputs: _ViewInputs) -> ViewNode {
        make(node, inputs.environment.layoutDirection)
    }
}

extension View {
    /// Applies a wrapping node to each of this view's nodes.
    func wrapped(_ make: @escaping (ViewNode, LayoutDirection) -> ViewNode) -> ModifiedContent<Self, WrappingModifier> {
        modifier(WrappingModifier(make: make))
    }

    /// Adds the same padding on the given edges (SwiftUI's `padding(_:_:)`).
    ///
    /// The view is proposed the proposal less the padding, and is as big as its content plus the
    /// padding. Padded edges drop the content's spacing preferences.
    ///
    /// - Parameters:
    ///   - edges: The edges to pad; all by default.
    ///   - length: The amount; `nil` for the system's 16 points.
    /// - Returns: The padded view.
    @inlinable
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let amount = length ?? 16
        let insets = EdgeInsets(top: edges.contains(.top) ? amount : 0,
                                leading: edges.contains(.leading) ? amount : 0,
                                bottom: edges.contains(.bottom) ? amount : 0,
                                trailing: edges.contains(.trailing) ? amount : 0)
        return padding(insets)
    }

    /// Adds the same padding on every edge (SwiftUI's `padding(_:)`).
    ///
    /// - Parameter length: The amount.
    /// - Returns: The padded view.
    @inlinable
    public func padding(_ length: CGFloat) -> some View {
        padding(.all, length)
    }

    /// Adds different padding on each edge (SwiftUI's `padding(_:)` with insets).
    ///
    /// - Parameter insets: The padding of each edge.
    /// - Returns: The padded view.
    @inlinable
    public func padding(_ insets: EdgeInsets) -> some View {
        modifier(_WrapperModifier(.padding(insets)))
    }

    /// Positions this view in a frame of fixed width and/or height (SwiftUI's
    /// `frame(width:height:alignment:)`).
    ///
    /// A given dimension replaces the proposal to the content and the content's size; a `nil` one
    /// is the content's. The content is aligned in the frame.
    ///
    /// - Parameters:
    ///   - width: The fixed width, or `nil`.
    ///   - height: The fixed height, or `nil`.
    ///   - alignment: The content's alignment in the frame.
    /// - Returns: The framed view.
    @inlinable
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modifier(_WrapperModifier(.fixedFrame(width: width, height: height, alignment: alignment)))
    }

    /// Positions this view in a flexible frame (SwiftUI's
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`).
    ///
    /// The content is proposed the proposal clamped to the bounds, with the ideal dimension for an
    /// unspecified one. In a dimension with no minimum and no maximum the frame is the content's
    /// size; otherwise it is the content's size clamped, towards the proposal, by the bounds (so
    /// `maxWidth: .infinity` takes the whole proposed width).
    ///
    /// - Parameters:
    ///   - minWidth: The smallest width.
    ///   - idealWidth: The width for an unspecified proposal.
    ///   - maxWidth: The largest width (may be `.infinity`).
    ///   - minHeight: The smallest height.
    ///   - idealHeight: The height for an unspecified proposal.
    ///   - maxHeight: The largest height (may be `.infinity`).
    ///   - alignment: The content's alignment in the frame.
    /// - Returns: The framed view.
    @inlinable
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        modifier(_WrapperModifier(.flexibleFrame(horizontal: .init(min: minWidth, ideal: idealWidth, max: maxWidth),
                                                 vertical: .init(min: minHeight, ideal: idealHeight, max: maxHeight),
                                                 alignment: alignment)))
    }

    /// Fixes this view at its ideal size (SwiftUI's `fixedSize()`).
    ///
    /// - Returns: The view, proposed an unspecified size in both dimensions.
    @inlinable
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }

    /// Fixes this view at its ideal size in the given dimensions (SwiftUI's
    /// `fixedSize(horizontal:vertical:)`).
    ///
    /// - Parameters:
    ///   - horizontal: Whether the width is fixed.
    ///   - vertical: Whether the height is fixed.
    /// - Returns: The view.
    @inlinable
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modifier(_WrapperModifier(.fixedSize(horizontal: horizontal, vertical: vertical)))
    }

    /// Sets the priority by which a parent layout allocates space to this view (SwiftUI's
    /// `layoutPriority(_:)`): stacks offer space to higher priorities first.
    ///
    /// - Parameter value: The priority; 0 by default.
    /// - Returns: The view.
    @inlinable
    public func layoutPriority(_ value: Double) -> some View {
        modifier(_WrapperModifier(.priority(value)))
    }

    /// Sets a horizontal alignment guide of this view (SwiftUI's `alignmentGuide(_:computeValue:)`).
    ///
    /// - Parameters:
    ///   - g: The guide.
    ///   - computeValue: Computes the guide's offset from the view's leading edge from its dimensions.
    /// - Returns: The view.
    @inlinable
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat)
        -> some View {
        modifier(_WrapperModifier(.horizontalGuide(g, computeValue)))
    }

    /// Sets a vertical alignment guide of this view (SwiftUI's `alignmentGuide(_:computeValue:)`).
    ///
    /// - Parameters:
    ///   - g: The guide.
    ///   - computeValue: Computes the guide's offset from the view's top edge from its dimensions.
    /// - Returns: The view.
    @inlinable
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat)
        -> some View {
        modifier(_WrapperModifier(.verticalGuide(g, computeValue)))
    }

    /// Draws this view displaced, without changing its layout (SwiftUI's `offset(_:)`).
    ///
    /// - Parameter offset: The displacement; positive width moves towards the trailing edge.
    /// - Returns: The view.
    @inlinable
    public func offset(_ offset: CGSize) -> some View {
        modifier(_WrapperModifier(.offset(offset)))
    }

    /// Draws this view displaced, without changing its layout (SwiftUI's `offset(x:y:)`).
    ///
    /// - Parameters:
    ///   - x: The horizontal displacement (towards the trailing edge).
    ///   - y: The vertical displacement (downwards).
    /// - Returns: The view.
    @inlinable
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        offset(CGSize(width: x, height: y))
    }

    /// Attaches a layout value that a container's ``Layout`` can read from the subview (SwiftUI's
    /// `layoutValue(key:value:)`).
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - value: The value the container reads from this subview, in place of the key's
    ///     `defaultValue`.
    /// - Returns: The view.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        wrapped { LayoutValueNode($0, key: key, value: value, layoutDirection: $1) }
    }
}
