/// A type that represents part of your app's user interface: the port of SwiftUI's `View`.
///
/// Write views as in SwiftUI: a value type with a `body` built by ``ViewBuilder``, composed of
/// other views and modifiers. Primitive views (``Text``, ``Color``, the shapes, the stacks, …) have
/// a body of type `Never`: they turn into layout nodes directly.
///
/// ```swift
/// struct Chip: View {
///     let title: String
///     var body: some View {
///         Text(title)
///             .padding(.horizontal, 12)
///             .padding(.vertical, 8)
///             .background(Capsule().fill(Color.blue.opacity(0.2)))
///     }
/// }
/// let png = try ImageRenderer(content: Chip(title: "Swift")).pngData()
/// ```
///
/// Like SwiftUI's, the protocol is isolated to the main actor: bodies are evaluated there, once per
/// rendering, with the ``EnvironmentValues`` of their place in the tree.
@MainActor @preconcurrency
public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View

    /// The content and behaviour of the view.
    @ViewBuilder var body: Self.Body { get }

    /// Turns a view into layout nodes; an implementation detail of the primitive views.
    ///
    /// The default implementation evaluates ``body`` with the environment of `inputs` and resolves
    /// it. Do not implement or call it.
    ///
    /// - Parameters:
    ///   - view: The view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The view's layout nodes.
    static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs
}

extension View {
    /// Evaluates ``body`` with the environment of `inputs` and resolves it.
    ///
    /// - Parameters:
    ///   - view: The view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The body's layout nodes.
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let inner = inputs.appending(.type(ObjectIdentifier(Self.self)))
        inputs.context.graph.attachState(of: view, at: inner.path)
        let body = EnvironmentValues.withCurrent(inputs.environment) { view.body }
        let outputs = Body._makeNodes(body, inputs: inner)
        for node in outputs.nodes { node.stamp(inner.path) }
        return outputs
    }
}

extension View where Body == Never {
    /// Primitive views have no body: they resolve to layout nodes directly.
    ///
    /// Reading it stops the program, as it does in SwiftUI; TagCloudUI never reads it.
    public var body: Never {
        return fatalError("\(Self.self) is a primitive view: it has no body")
    }
}

extension Never: View {
    /// `Never` is its own body.
    /// A primitive view: its body is `Never`.
    public typealias Body = Never

    /// There is no value of `Never`, so this is never evaluated.
    public var body: Never {
        return fatalError("Never has no value")
    }
}

/// What a view resolves with: its environment and the context of the rendering in progress.
///
/// An implementation detail of ``View``; its members are internal.
public struct _ViewInputs {
    /// The environment at this place in the tree.
    var environment: EnvironmentValues
    /// The rendering's shared state: the typesetter and the first error.
    let context: ResolutionContext
    /// The stack orientation of the nearest enclosing layout container (`Spacer` and `Divider`
    /// take their axis from it); `nil` outside stack-like containers.
    var stackOrientation: Axis?
    /// The view's structural identity.
    var path: ViewPath

    init(environment: EnvironmentValues, context: ResolutionContext, path: ViewPath = .root) {
        self.environment = environment
        self.context = context
        self.path = path
    }
}

/// What a view resolves to: the layout nodes it contributes to its parent container, in order.
///
/// An implementation detail of ``View``; its members are internal.
public struct _ViewOutputs {
    /// The nodes: none for `EmptyView`, several for `Group`, `ForEach` or a tuple.
    var nodes: [ViewNode]

    init(nodes: [ViewNode]) {
        self.nodes = nodes
    }

    init(node: ViewNode) {
        self.nodes = [node]
    }
}

/// Resolves any view into its layout nodes.
///
/// - Parameters:
///   - view: The view.
///   - inputs: The environment and resolution context.
/// - Returns: The nodes.
@MainActor
func makeNodes<V: View>(_ view: V, _ inputs: _ViewInputs) -> [ViewNode] {
    V._makeNodes(view, inputs: inputs).nodes
}

/// Resolves a view into exactly one node: several nodes are overlaid in a ``ZStackLayout`` with
/// `alignment` (as SwiftUI does for a background or an overlay with several views); none gives an
/// empty node.
///
/// - Parameters:
///   - view: The view.
///   - inputs: The environment and resolution context.
///   - alignment: The alignment of the implicit ZStack.
/// - Returns: One node.
@MainActor
func makeSingleNode<V: View>(_ view: V, _ inputs: _ViewInputs, alignment: Alignment = .center) -> ViewNode {
    var inner = inputs
    inner.stackOrientation = nil
    let nodes = makeNodes(view, inner)
    let node: ViewNode = nodes.count == 1 ? nodes[0]
        : nodes.isEmpty ? EmptyNode()
        : ContainerNode(ZStackLayout(alignment: alignment), children: nodes, layoutDirection: inputs.environment.layoutDirection)
    node.stamp(inputs.path)
    return node
}
