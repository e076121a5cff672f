/// The structural identity of a view: the choices that lead to it from the root view, as SwiftUI
/// identifies views that have no explicit identity.
///
/// Each step is a component: the position of a child in a ``TupleView``, the branch of an `if`,
/// the identifier of a ``ForEach`` element, the type a custom view's body or an ``AnyView`` holds,
/// or the role of a decoration. Two resolutions of the same view code give equal paths for the
/// same view, so `@State` keeps its value from one update pass to the next, `onAppear` runs once
/// per identity and animations match a view with its former self. A path is a linked list shared
/// with its parent, so appending costs one allocation.
@usableFromInline
final class ViewPath: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// One step of a path.
    @usableFromInline
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
    @usableFromInline
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
    /// A hash of the steps: the parent's mixed with this step's. 32 bits, so that a path is 40
    /// bytes (a 48-byte block; a large cloud has about eight paths per chip), without a depth
    /// or a `Hasher` pass (SipHash) per step; equality walks the steps.
    private let hash: Int32

    private init(parent: ViewPath?, component: Component?) {
        self.parent = parent
        self.component = component
        hash = Self.mixed(parent?.hash ?? 0, component.map(Self.stepHash) ?? 0)
    }

    /// A step's hash, without `Hasher` for the steps that hold a number (all but an element's
    /// identifier).
    private static func stepHash(_ component: Component) -> UInt64 {
        switch component {
        case .child(let index): UInt64(bitPattern: Int64(index)) &* 2 &+ 1
        case .branch(let first): first ? 2 : 4
        case .element(let tag): UInt64(bitPattern: Int64(tag.hashValue)) | 1 << 63
        case .type(let type): UInt64(UInt(bitPattern: type)) ^ 0x5555_5555_5555_5555
        case .role(let role):
            switch role {
            case .decoration: 6
            case .geometryContent: 8
            case .preferenceDecoration: 10
            }
        }
    }

    /// The parent's hash and a step's mixed (a multiply-xorshift mix, as splitmix64's finaliser).
    private static func mixed(_ parent: Int32, _ step: UInt64) -> Int32 {
        var x = UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15 ^ step
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        x ^= x >> 31
        return Int32(truncatingIfNeeded: x)
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

    @usableFromInline
    static func == (lhs: ViewPath, rhs: ViewPath) -> Bool {
        var a: ViewPath? = lhs, b: ViewPath? = rhs
        while let x = a, let y = b {
            if x === y { return true }
            guard x.hash == y.hash, x.component == y.component else { return false }
            a = x.parent
            b = y.parent
        }
        return a == nil && b == nil
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The steps, root first, for debugging.
    @usableFromInline
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
    @usableFromInline
    func appending(_ component: ViewPath.Component) -> _ViewInputs {
        guard tracksIdentity else { return self }
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
@inlinable
func makeNodes<V: View>(_ view: V, _ inputs: _ViewInputs, at component: ViewPath.Component) -> _ViewOutputs {
    guard inputs.tracksIdentity else { return V._makeNodes(view, inputs: inputs) }
    let inner = inputs.appending(component)
    let outputs = V._makeNodes(view, inputs: inner)
    outputs.stamp(inner.path)
    return outputs
}
