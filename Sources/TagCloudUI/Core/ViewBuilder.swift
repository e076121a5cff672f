/// A custom parameter attribute that constructs views from closures: the port of SwiftUI's
/// `ViewBuilder`.
///
/// It supports what SwiftUI's does: any number of children (a parameter pack), `if`, `if`/`else`,
/// `switch`, optionals and `if #available`. An `any View` value (such as the result of
/// calling an `any Layout` value) is a child once wrapped: `AnyView(layout { … })`.
@resultBuilder
public enum ViewBuilder {
    /// Passes a view through unchanged.
    ///
    /// - Parameter content: The view.
    /// - Returns: The same view.
    @inlinable
    public static func buildExpression<Content: View>(_ content: Content) -> Content {
        content
    }

    /// An empty block: no view.
    ///
    /// - Returns: An ``EmptyView``.
    @inlinable
    public static func buildBlock() -> EmptyView {
        EmptyView()
    }

    /// A block with one view.
    ///
    /// - Parameter content: The view.
    /// - Returns: The same view.
    @inlinable
    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    /// A block with several views, in order.
    ///
    /// - Parameter content: The views.
    /// - Returns: A ``TupleView`` of them.
    @inlinable
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    /// An `if` without `else`.
    ///
    /// - Parameter content: The view when the condition holds, else `nil`.
    /// - Returns: The optional view.
    @inlinable
    public static func buildIf<Content: View>(_ content: Content?) -> Content? {
        content
    }

    /// The first branch of an `if`/`else` or `switch`.
    ///
    /// - Parameter first: The view of the branch taken.
    /// - Returns: The conditional view.
    @inlinable
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(_Box(first)))
    }

    /// The second branch of an `if`/`else` or `switch`.
    ///
    /// - Parameter second: The view of the branch taken.
    /// - Returns: The conditional view.
    @inlinable
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(_Box(second)))
    }

    /// The body of an `if #available` block.
    ///
    /// - Parameter content: The view.
    /// - Returns: The type-erased view.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}

/// A view created from a block of several views: the port of SwiftUI's `TupleView`.
///
/// Its children become children of the enclosing container, in order. The type is generic over a
/// parameter pack (`TupleView<Text, Spacer>`) rather than SwiftUI's tuple type.
public struct TupleView<each Content: View> {
    /// The views.
    public var value: (repeat each Content)

    /// Creates a tuple of views.
    ///
    /// - Parameter value: The views, in order.
    @inlinable
    public init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }
}

extension TupleView: View {
    /// The children of every view of the tuple, in order.
    ///
    /// - Parameters:
    ///   - view: The tuple.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The concatenated nodes.
    @inlinable
    public static func _makeNodes(_ view: TupleView, inputs: _ViewInputs) -> _ViewOutputs {
        var outputs = _ViewOutputs()
        var index = 0
        for child in repeat each view.value {
            outputs.append(contentsOf: makeNodes(child, inputs, at: .child(index)))
            index += 1
        }
        return outputs
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A view that shows one of two views: what ``ViewBuilder`` makes of `if`/`else` and `switch`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View> {
    /// The branch taken, each in a box: a `switch` that binds an enum's payload copies it, and
    /// the payload is the whole branch (a chip: every string and shared look it holds retained,
    /// then released, one reference count per field, before its nodes were made). A box's
    /// content is read in place.
    @usableFromInline
    enum Storage {
        case trueContent(_Box<TrueContent>)
        case falseContent(_Box<FalseContent>)
    }

    @usableFromInline
    let storage: Storage

    @usableFromInline
    init(storage: Storage) {
        self.storage = storage
    }
}

/// A value kept behind one reference (``_ConditionalContent``'s branches, a metadata modifier's
/// metadata): copying it counts one reference, not one for each reference inside it, and its
/// value is read where it lies.
@usableFromInline
final class _Box<Value> {
    @usableFromInline
    let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

extension _Box: @unchecked Sendable where Value: Sendable {}

extension _ConditionalContent: View {
    /// The nodes of the branch taken.
    ///
    /// - Parameters:
    ///   - view: The conditional view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The branch's nodes.
    @inlinable
    public static func _makeNodes(_ view: _ConditionalContent, inputs: _ViewInputs) -> _ViewOutputs {
        switch view.storage {
        case .trueContent(let box): return makeNodes(box.value, inputs, at: .branch(true))
        case .falseContent(let box): return makeNodes(box.value, inputs, at: .branch(false))
        }
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

extension Optional: View where Wrapped: View {
    /// The wrapped view's nodes, or none for `nil`.
    ///
    /// - Parameters:
    ///   - view: The optional view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    @inlinable
    public static func _makeNodes(_ view: Optional, inputs: _ViewInputs) -> _ViewOutputs {
        guard let view else { return _ViewOutputs() }
        return makeNodes(view, inputs, at: .branch(true))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A view that displays nothing: the port of SwiftUI's `EmptyView`.
public struct EmptyView: Sendable {
    /// Creates an empty view.
    @inlinable
    public init() {}
}

extension EmptyView: View {
    /// No nodes.
    ///
    /// - Parameters:
    ///   - view: The empty view.
    ///   - inputs: Ignored.
    /// - Returns: No nodes.
    public static func _makeNodes(_ view: EmptyView, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(nodes: [])
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A type-erased view: the port of SwiftUI's `AnyView`.
public struct AnyView {
    let storage: any View

    /// Creates a type-erased view.
    ///
    /// - Parameter view: The view to wrap.
    public init<V: View>(_ view: V) {
        if let any = view as? AnyView {
            storage = any.storage
        } else {
            storage = view
        }
    }

    /// Creates a type-erased view from an existential.
    ///
    /// - Parameter view: The view to wrap.
    public init(erasing view: any View) {
        storage = (view as? AnyView)?.storage ?? view
    }
}

extension AnyView: View {
    /// The wrapped view's nodes.
    ///
    /// - Parameters:
    ///   - view: The type-erased view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    public static func _makeNodes(_ view: AnyView, inputs: _ViewInputs) -> _ViewOutputs {
        func open<V: View>(_ content: V) -> _ViewOutputs {
            makeNodes(content, inputs, at: .type(ObjectIdentifier(V.self)))
        }
        return open(view.storage)
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A view that groups others without laying them out: the port of SwiftUI's `Group`.
///
/// Its children become children of the enclosing container; modifiers applied to the group apply
/// to each child.
public struct Group<Content> {
    let content: Content
}

extension Group: View where Content: View {
    /// Creates a group.
    ///
    /// - Parameter content: The views.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// The content's nodes.
    ///
    /// - Parameters:
    ///   - view: The group.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    public static func _makeNodes(_ view: Group, inputs: _ViewInputs) -> _ViewOutputs {
        Content._makeNodes(view.content, inputs: inputs)
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}
