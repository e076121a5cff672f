/// A modifier that you apply to a view or another view modifier, producing a different version of
/// the original value: the port of SwiftUI's `ViewModifier`.
///
/// ```swift
/// struct ChipStyle: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(8).background(Capsule().fill(Color.gray.opacity(0.2)))
///     }
/// }
/// Text("Swift").modifier(ChipStyle())
/// ```
///
/// The built-in modifiers (padding, frames, backgrounds, …) are primitive: their body is `Never`
/// and they wrap the content's layout nodes directly. As with ``View``, ``body(content:)`` is
/// isolated to the main actor and the protocol is not.
public protocol ViewModifier {
    /// The type of view representing the body.
    associatedtype Body: View

    /// The content view type passed to ``body(content:)``.
    typealias Content = _ViewModifier_Content<Self>

    /// Gets the current body of the caller.
    ///
    /// - Parameter content: A proxy for the view being modified.
    /// - Returns: The modified view.
    @MainActor @preconcurrency @ViewBuilder func body(content: Self.Content) -> Self.Body

    /// Turns the modified content into layout nodes; an implementation detail of the primitive
    /// modifiers. Do not implement or call it.
    ///
    /// - Parameters:
    ///   - inputs: The environment and resolution context.
    ///   - content: Resolves the modified view with the inputs given.
    /// - Returns: The nodes.
    static func _makeNodes(modifier: Self, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs
}

extension ViewModifier {
    /// Resolves ``body(content:)``, in which the content proxy stands for the modified view.
    ///
    /// - Parameters:
    ///   - inputs: The environment and resolution context.
    ///   - content: Resolves the modified view.
    /// - Returns: The nodes of the body.
    public static func _makeNodes(modifier: Self, inputs: _ViewInputs,
                                  content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        withoutActuallyEscaping(content) { content in
            nonisolated(unsafe) let proxy = _ViewModifier_Content<Self>(resolve: content)
            nonisolated(unsafe) let modifier = modifier, environment = inputs.environment, graph = inputs.context.graph
            let inner = inputs.appending(.type(ObjectIdentifier(Self.self)))
            let path = inner.path
            let body = onMainActor {
                graph.attachState(of: modifier, at: path)
                return EnvironmentValues.withCurrent(environment) { modifier.body(content: proxy) }
            }
            let outputs = Body._makeNodes(body, inputs: inner)
            outputs.forEach { $0.stamp(path) }
            return outputs
        }
    }
}

extension ViewModifier where Body == Never {
    /// Primitive modifiers have no body; reading it stops the program, as in SwiftUI.
    ///
    /// - Parameter content: Ignored.
    /// - Returns: Never returns.
    public func body(content: Self.Content) -> Never {
        fatalError("\(Self.self) is a primitive modifier: it has no body")
    }
}

/// The view a ``ViewModifier`` modifies, as its ``ViewModifier/body(content:)`` sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier> {
    let resolve: (_ViewInputs) -> _ViewOutputs
}

extension _ViewModifier_Content: View {
    /// The modified view's nodes.
    ///
    /// - Parameters:
    ///   - view: The proxy.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    public static func _makeNodes(_ view: _ViewModifier_Content, inputs: _ViewInputs) -> _ViewOutputs {
        view.resolve(inputs)
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A value with a modifier applied to it: the port of SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content, Modifier> {
    /// The content that the modifier transforms into a new view.
    public var content: Content
    /// The view modifier.
    public var modifier: Modifier

    /// Creates a modified view.
    ///
    /// - Parameters:
    ///   - content: The view.
    ///   - modifier: The modifier applied to `content`.
    @inlinable
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// The nodes of the content as the modifier changes them.
    ///
    /// - Parameters:
    ///   - view: The modified view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    ///
    /// Inlinable, as SwiftUI's modifiers are: a chain of modifiers resolves as code specialised
    /// for its types in the module that wrote it, without looking up generic metadata at run time.
    @inlinable
    public static func _makeNodes(_ view: ModifiedContent, inputs: _ViewInputs) -> _ViewOutputs {
        Modifier._makeNodes(modifier: view.modifier, inputs: inputs) { inner in
            Content._makeNodes(view.content, inputs: inner)
        }
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    /// Applies the inner modifier, then the outer one.
    ///
    /// - Parameters:
    ///   - modifier: The pair of modifiers.
    ///   - inputs: The environment and resolution context.
    ///   - content: Resolves the modified view.
    /// - Returns: The nodes.
    @inlinable
    public static func _makeNodes(modifier: ModifiedContent, inputs: _ViewInputs,
                                  content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        Modifier._makeNodes(modifier: modifier.modifier, inputs: inputs) { inner in
            Content._makeNodes(modifier: modifier.content, inputs: inner, content: content)
        }
    }
}

extension View {
    /// Applies a modifier to a view and returns a new view (SwiftUI's `modifier(_:)`).
    ///
    /// - Returns: The modified view.
    @inlinable
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    /// Chains another modifier after this one (SwiftUI's `concat(_:)`).
    ///
    /// - Parameter modifier: The modifier applied after this one.
    /// - Returns: The combined modifier.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A primitive modifier that wraps each of the content's nodes in a new node.
///
/// Most built-in modifiers are of this kind: the wrapper measures and draws through its child.
protocol NodeWrappingModifier: ViewModifier where Body == Never {
    /// Wraps one node of the content.
    ///
    /// - Parameters:
    ///   - node: The content's node.
    ///   - inputs: The inputs the modifier resolves with.
    /// - Returns: The wrapping node.
    func wrap(_ node: ViewNode, inputs: _ViewInputs) -> ViewNode
}

extension NodeWrappingModifier {
    static func _makeNodes(modifier: Self, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        content(inputs).map { modifier.wrap($0, inputs: inputs) }
    }
}
