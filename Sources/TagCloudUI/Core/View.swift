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
/// As in SwiftUI up to the iOS 17 SDK, ``body`` is isolated to the main actor and the protocol is
/// not: bodies are evaluated on the main actor, once per rendering, with the ``EnvironmentValues``
/// of their place in the tree, while the built-in views, modifiers and layout nodes are
/// nonisolated. That lets the `TagCloud` library lay out its own chips (built from primitive views
/// only) on any thread, several clouds at once, while a view with a body is still rendered on the
/// main actor by ``ImageRenderer``, as SwiftUI renders it. (The iOS 18 SDK isolates the whole
/// protocol; code written for it compiles here unless a helper method of a view calls a main-actor
/// API outside `body`.)
public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View

    /// The content and behaviour of the view.
    @MainActor @preconcurrency @ViewBuilder var body: Self.Body { get }

    /// Turns a view into layout nodes; an implementation detail of the primitive views.
    ///
    /// The default implementation evaluates ``body`` with the environment of `inputs` and resolves
    /// it. Do not implement or call it.
    ///
    /// - Parameters:
    ///   - inputs: The environment and resolution context.
    /// - Returns: The view's layout nodes.
    static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs
}

extension View {
    /// Evaluates ``body`` with the environment of `inputs` and resolves it.
    ///
    /// - Parameters:
    ///   - inputs: The environment and resolution context.
    /// - Returns: The body's layout nodes.
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let inner = inputs.appending(.type(ObjectIdentifier(Self.self)))
        nonisolated(unsafe) let view = view, environment = inputs.environment, graph = inputs.context.graph
        let path = inner.path
        let body = onMainActor {
            graph.attachState(of: view, at: path)
            return EnvironmentValues.withCurrent(environment) { view.body }
        }
        let outputs = Body._makeNodes(body, inputs: inner)
        outputs.forEach { $0.stamp(path) }
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
    @usableFromInline
    var environment: EnvironmentValues
    /// The rendering's shared state: the typesetter and the first error.
    let context: ResolutionContext
    /// The stack orientation of the nearest enclosing layout container (`Spacer` and `Divider`
    /// take their axis from it); `nil` outside stack-like containers.
    @usableFromInline
    var stackOrientation: Axis?
    /// The view's structural identity.
    @usableFromInline
    var path: ViewPath
    /// Whether views get structural identities (``ResolutionContext/tracksIdentity``): when they
    /// do not, no path is appended or stamped, and the inputs pass down unchanged.
    @usableFromInline
    package let tracksIdentity: Bool

    init(environment: EnvironmentValues, context: ResolutionContext, path: ViewPath = .root) {
        self.environment = environment
        self.context = context
        self.path = path
        self.tracksIdentity = context.tracksIdentity
    }

    /// These inputs for one thread of a concurrent resolution: the environment in a storage of
    /// its own and a context standing in for this one (``ResolutionContext/init(standingInFor:)``),
    /// so that the nodes and the copies of the inputs made on that thread retain objects no other
    /// thread writes.
    func forOneThread() -> _ViewInputs {
        var inputs = _ViewInputs(environment: environment.withOwnStorage(), context: ResolutionContext(standingInFor: context),
                                 path: path)
        inputs.stackOrientation = stackOrientation
        return inputs
    }
}

/// What a view resolves to: the layout nodes it contributes to its parent container, in order.
///
/// An implementation detail of ``View``; its members are internal.
public struct _ViewOutputs {
    /// One node (most views: no array to allocate at each level of a chain of modifiers), or any
    /// number.
    private enum Storage {
        case one(ViewNode)
        case many([ViewNode])
    }

    private var storage: Storage

    init(nodes: [ViewNode]) {
        storage = nodes.count == 1 ? .one(nodes[0]) : .many(nodes)
    }

    init(node: ViewNode) {
        storage = .one(node)
    }

    /// The nodes: none for `EmptyView`, several for `Group`, `ForEach` or a tuple.
    var nodes: [ViewNode] {
        switch storage {
        case .one(let node): [node]
        case .many(let nodes): nodes
        }
    }

    /// Calls `body` with each node, in order, without making an array.
    func forEach(_ body: (ViewNode) -> Void) {
        switch storage {
        case .one(let node): body(node)
        case .many(let nodes): for node in nodes { body(node) }
        }
    }

    /// The outputs with each node replaced by `transform`'s, in order.
    func map(_ transform: (ViewNode) -> ViewNode) -> _ViewOutputs {
        switch storage {
        case .one(let node): _ViewOutputs(node: transform(node))
        case .many(let nodes): _ViewOutputs(nodes: nodes.map(transform))
        }
    }

    /// Appends the nodes to `array`, in order.
    func append(to array: inout [ViewNode]) {
        switch storage {
        case .one(let node): array.append(node)
        case .many(let nodes): array.append(contentsOf: nodes)
        }
    }

    /// No nodes.
    @usableFromInline
    init() {
        storage = .many([])
    }

    /// Appends the nodes of `other`, in order (a ``TupleView``'s children).
    @usableFromInline
    mutating func append(contentsOf other: _ViewOutputs) {
        switch (storage, other.storage) {
        case (.many(let nodes), _) where nodes.isEmpty:
            storage = other.storage
        case (_, .many(let more)) where more.isEmpty:
            break
        default:
            var nodes = self.nodes
            other.append(to: &nodes)
            storage = .many(nodes)
        }
    }

    /// Gives each node, and its descendants that have none yet, the identity `path` (see
    /// ``ViewNode/stamp(_:)``).
    @usableFromInline
    func stamp(_ path: ViewPath) {
        forEach { $0.stamp(path) }
    }
}

/// Resolves any view into its layout nodes.
///
/// - Parameters:
///   - inputs: The environment and resolution context.
/// - Returns: The nodes.
func makeNodes<V: View>(_ view: V, _ inputs: _ViewInputs) -> [ViewNode] {
    V._makeNodes(view, inputs: inputs).nodes
}

/// Resolves a view into exactly one node: several nodes are overlaid in a ``ZStackLayout`` with
/// `alignment` (as SwiftUI does for a background or an overlay with several views); none gives an
/// empty node.
///
/// - Parameters:
///   - inputs: The environment and resolution context.
///   - alignment: The alignment of the implicit ZStack.
/// - Returns: One node.
func makeSingleNode<V: View>(_ view: V, _ inputs: _ViewInputs, alignment: Alignment = .center) -> ViewNode {
    var inner = inputs
    inner.stackOrientation = nil
    return V._makeNodes(view, inputs: inner).singleNode(alignment: alignment, inputs: inputs)
}

extension _ViewOutputs {
    /// The nodes as one node: several are overlaid in a ``ZStackLayout`` with `alignment`, none
    /// is an empty node; stamped with the identity of `inputs`.
    func singleNode(alignment: Alignment, inputs: _ViewInputs) -> ViewNode {
        let node: ViewNode
        switch storage {
        case .one(let only): node = only
        case .many(let nodes):
            node = nodes.isEmpty ? EmptyNode()
                : ContainerNode(ZStackLayout(alignment: alignment), children: nodes, layoutDirection: inputs.environment.layoutDirection)
        }
        if inputs.tracksIdentity { node.stamp(inputs.path) }
        return node
    }
}

/// Runs code that SwiftUI runs on the main actor (a view's `body`, a style's `makeBody`) from the
/// nonisolated resolution of the view tree.
///
/// Only ``ImageRenderer``, itself isolated to the main actor, resolves views that have bodies, so
/// the check holds for every view a program writes; the `TagCloud` library's chips, resolved on
/// other threads, are made of primitive views and never get here.
///
/// - Parameter work: The main-actor code.
/// - Returns: What `work` returns.
/// - Precondition: The caller runs on the main actor (checked at run time).
func onMainActor<T>(_ work: @MainActor () -> T) -> T {
    MainActor.shared.preconditionIsolated(
        "a view's body was evaluated off the main actor; render views with bodies through ImageRenderer on the main actor")
    return withoutActuallyEscaping(work) { work in
        unsafeBitCast(work, to: (() -> T).self)()
    }
}
