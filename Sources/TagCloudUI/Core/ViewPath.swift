/// The structural identity of a view: the choices that lead to it from the root view, as SwiftUI
/// identifies views that have no explicit identity.
///
/// Each step is a component: the position of a child in a ``TupleView``, the branch of an `if`,
/// the identifier of a ``ForEach`` element, the type a custom view's body or an ``AnyView`` holds,
/// or the role of a decoration. Two resolutions of the same view code give equal paths for the
/// same view, so `@State` keeps its value from one update pass to the next, `onAppear` runs once
/// per identity and animations match a view with its former self. A path is a linked list shared
/// with its parent, so appending costs one allocation.
final class ViewPath: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// One step of a path.
    enum Component: Hashable {
        /// The child at an index of a ``TupleView``.
        case child(Int)
        /// The branch of an `if`, `if`/`else` or `switch` (`true` for the first).
        case branch(Bool)
        /// A ``ForEach`` element's identifier (elements with equal identifiers share it, as they
        /// share an identity in SwiftUI).
        case element(NodeTag)
        /// The type of a custom view or modifier whose body resolves here, or of an ``AnyView``'s view.
        case type(ObjectIdentifier)
        /// A view a modifier resolves beside its content.
        case role(Role)
    }

    /// Views that modifiers resolve beside their content.
    enum Role: Hashable {
        /// A background or overlay.
        case decoration
        /// A `GeometryReader`'s content.
        case geometryContent
        /// The view an `overlayPreferenceValue` or `backgroundPreferenceValue` makes.
        case preferenceDecoration
    }

    /// The path's parent, `nil` for the root.
    let parent: ViewPath?
    /// The last step; meaningless for the root.
    let component: Component?
    /// The number of steps.
    let depth: Int
    private let hash: Int

    private init(parent: ViewPath?, component: Component?) {
        self.parent = parent
        self.component = component
        depth = (parent?.depth ?? -1) + 1
        var hasher = Hasher()
        hasher.combine(parent?.hash ?? 0)
        hasher.combine(component)
        hash = hasher.finalize()
    }

    /// The path of the root view.
    static let root = ViewPath(parent: nil, component: nil)

    /// This path with one more step.
    ///
    /// - Parameter component: The step.
    /// - Returns: The longer path.
    /// - Complexity: O(1).
    func appending(_ component: Component) -> ViewPath {
        ViewPath(parent: self, component: component)
    }

    static func == (lhs: ViewPath, rhs: ViewPath) -> Bool {
        var a: ViewPath? = lhs, b: ViewPath? = rhs
        while let x = a, let y = b {
            if x === y { return true }
            guard x.hash == y.hash, x.depth == y.depth, x.component == y.component else { return false }
            a = x.parent
            b = y.parent
        }
        return a == nil && b == nil
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The steps, root first, for debugging.
    var description: String {
        var parts: [String] = []
        var node: ViewPath? = self
        while let current = node, let component = current.component {
            parts.append("\(component)")
            node = current.parent
        }
        return "/" + parts.reversed().joined(separator: "/")
    }
}

extension _ViewInputs {
    /// These inputs with one more step in the path.
    ///
    /// - Parameter component: The step.
    /// - Returns: The inputs of a child at that step.
    func appending(_ component: ViewPath.Component) -> _ViewInputs {
        var inner = self
        inner.path = path.appending(component)
        return inner
    }
}

/// Resolves a view one step down the path and gives its nodes that path (nodes a primitive made
/// without one, and their unnamed descendants, take it).
///
/// - Parameters:
///   - inputs: The parent's inputs.
///   - component: The step.
/// - Returns: The view's nodes.
func makeNodes<V: View>(_ view: V, _ inputs: _ViewInputs, at component: ViewPath.Component) -> _ViewOutputs {
    let inner = inputs.appending(component)
    let outputs = V._makeNodes(view, inputs: inner)
    outputs.forEach { $0.stamp(inner.path) }
    return outputs
}
