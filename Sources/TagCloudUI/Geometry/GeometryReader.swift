/// A container view that defines its content as a function of its own size and coordinate space:
/// the port of SwiftUI's `GeometryReader`.
///
/// ```swift
/// GeometryReader { proxy in
///     Text("\(Int(proxy.size.width)) points wide")
/// }
/// .frame(height: 40)
/// ```
///
/// The reader takes the space proposed to it, as a shape does: a proposed dimension that is `nil`
/// becomes 10 points, an infinite one stays infinite, so a reader in a `ScrollView` or under
/// `fixedSize()` is 10 points in that dimension. Its content is proposed the reader's size and
/// placed at its top-leading corner (several views overlap, as in a `ZStack(alignment:
/// .topLeading)`). The closure runs when the reader is placed, once per update pass and
/// position, with a ``GeometryProxy`` of the reader's final size and frame.
public struct GeometryReader<Content: View> {
    /// Makes the content from the reader's geometry.
    public var content: (GeometryProxy) -> Content

    /// Creates a reader.
    ///
    /// - Parameter content: Makes the content from a proxy of the reader's size and frames.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }
}

extension GeometryReader: View {
    /// One node that resolves the content when it is placed.
    ///
    /// - Parameters:
    ///   - view: The reader.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The reader's node.
    public static func _makeNodes(_ view: GeometryReader, inputs: _ViewInputs) -> _ViewOutputs {
        let contentInputs = inputs.appending(.role(.geometryContent))
        let content = view.content
        return _ViewOutputs(node: GeometryReaderNode(layoutDirection: inputs.environment.layoutDirection) { proxy in
            makeSingleNode(content(proxy), contentInputs, alignment: .topLeading)
        })
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A proxy for access to the size and coordinate space of a ``GeometryReader``: the port of
/// SwiftUI's `GeometryProxy`.
public struct GeometryProxy {
    /// The reader's size.
    public let size: CGSize
    /// The reader's top-leading corner in the picture.
    let origin: CGPoint
    /// The origins of the named coordinate spaces around the reader, in the picture.
    let namedSpaces: [AnyHashable: CGPoint]

    /// The safe area insets of the reader: always zero, a picture has no safe area.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The reader's frame in a coordinate space (SwiftUI's `frame(in:)`).
    ///
    /// ``CoordinateSpace/local`` has the reader's own top-leading corner as origin;
    /// ``CoordinateSpace/global`` the picture's; a named space the top-leading corner of the view
    /// that declared it with ``View/coordinateSpace(name:)``. A name no enclosing view declared
    /// means the global space, as in SwiftUI.
    ///
    /// - Parameter coordinateSpace: The space.
    /// - Returns: The frame, of the reader's size.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        CGRect(origin: point(origin, in: coordinateSpace), size: size)
    }

    /// The value of an anchor in the reader's own coordinate space (SwiftUI's
    /// `subscript(_:)`): a rectangle or point another view reported with
    /// ``View/anchorPreference(key:value:transform:)``, relative to the reader's top-leading corner.
    ///
    /// - Returns: Its value in local coordinates.
    public subscript<T>(anchor: Anchor<T>) -> T {
        anchor.resolve(origin)
    }

    /// A picture point in a coordinate space.
    private func point(_ point: CGPoint, in space: CoordinateSpace) -> CGPoint {
        switch space {
        case .global:
            return point
        case .local:
            return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        case .named(let name):
            guard let spaceOrigin = namedSpaces[name] else { return point }
            return CGPoint(x: point.x - spaceOrigin.x, y: point.y - spaceOrigin.y)
        }
    }
}

/// A resolved coordinate space, for ``GeometryProxy/frame(in:)``: the port of SwiftUI's
/// `CoordinateSpace`.
public enum CoordinateSpace: Hashable {
    /// The picture's coordinate space: its top-left corner is the origin (SwiftUI's window).
    case global
    /// The reader's own coordinate space.
    case local
    /// A space declared with ``View/coordinateSpace(name:)``.
    case named(AnyHashable)
}

/// A named coordinate space, for SwiftUI's iOS 17 spelling `.coordinateSpace(.named("scroll"))`.
public struct NamedCoordinateSpace: Hashable {
    let name: AnyHashable

    /// A space named `name`.
    ///
    /// - Returns: The space.
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace {
        NamedCoordinateSpace(name: AnyHashable(name))
    }
}

extension View {
    /// Names this view's coordinate space, so that views inside it can measure frames relative to
    /// its top-leading corner with `frame(in: .named(name))` (SwiftUI's `coordinateSpace(name:)`).
    ///
    /// - Returns: The view.
    public func coordinateSpace<T: Hashable>(name: T) -> some View {
        let name = AnyHashable(name)
        return wrapped { CoordinateSpaceNode($0, name: name, layoutDirection: $1) }
    }

    /// Names this view's coordinate space (SwiftUI's iOS 17 `coordinateSpace(_:)`).
    ///
    /// - Parameter space: The space, `.named(name)`.
    /// - Returns: The view.
    public func coordinateSpace(_ space: NamedCoordinateSpace) -> some View {
        coordinateSpace(name: space.name)
    }
}

/// A `GeometryReader`: as large as proposed (10 points in an unspecified dimension), its content
/// resolved when the reader is placed.
final class GeometryReaderNode: MemoizingNode {
    private let layoutDirection: LayoutDirection
    private let build: (GeometryProxy) -> ViewNode
    /// The content resolved for a geometry, kept while the reader is drawn at that geometry.
    private var content: (size: CGSize, origin: CGPoint, spaces: [AnyHashable: CGPoint], node: ViewNode)?

    init(layoutDirection: LayoutDirection, build: @escaping (GeometryProxy) -> ViewNode) {
        self.layoutDirection = layoutDirection
        self.build = build
    }

    override var kind: String { "GeometryReader" }

    override var childNodes: [ViewNode] { content.map { [$0.node] } ?? [] }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// The content for the reader placed at `frame`, resolved afresh unless the geometry is the one
    /// it was resolved for.
    func content(for frame: CGRect, spaces: [AnyHashable: CGPoint]) -> ViewNode {
        if let content, content.size == frame.size, content.origin == frame.origin, content.spaces == spaces {
            return content.node
        }
        let node = build(GeometryProxy(size: frame.size, origin: frame.origin, namedSpaces: spaces))
        if let path { node.stamp(path) }
        content = (frame.size, frame.origin, spaces, node)
        return node
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        guard frame.width.isFinite, frame.height.isFinite else { return }
        let node = content(for: canvas.modelFrame(of: self) ?? frame, spaces: canvas.namedSpaces)
        let inner = ProposedViewSize(frame.size)
        let size = node.sizeThatFits(inner)
        let x = layoutDirection == .rightToLeft ? frame.maxX - size.width : frame.minX
        node.render(in: CGRect(x: x, y: frame.minY, width: size.width, height: size.height), proposal: inner, into: canvas)
    }
}

/// `coordinateSpace(name:)`: the child is drawn with the name bound to its frame's origin.
final class CoordinateSpaceNode: WrapperNode {
    let name: AnyHashable

    init(_ child: ViewNode, name: AnyHashable, layoutDirection: LayoutDirection) {
        self.name = name
        super.init(child, layoutDirection: layoutDirection)
    }

    override var isLaidOutAsChild: Bool { true }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let saved = canvas.namedSpaces[name]
        canvas.namedSpaces[name] = (canvas.modelFrame(of: self) ?? frame).origin
        defer { canvas.namedSpaces[name] = saved }
        super.draw(in: frame, proposal: proposal, into: canvas)
    }
}
