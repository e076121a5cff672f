/// The context of the current state change: the port of SwiftUI's `Transaction`, of which the
/// animation is what TagCloudUI uses.
public struct Transaction {
    /// The animation of the changes made in the transaction; `nil` for none.
    public var animation: Animation?
    /// Whether animations set by ``View/animation(_:value:)`` are ignored for these changes.
    public var disablesAnimations = false

    /// Creates a transaction.
    ///
    /// - Parameter animation: The animation of its changes.
    public init(animation: Animation? = nil) {
        self.animation = animation
    }

    /// The transaction of the changes being made, while ``withAnimation(_:_:)`` or
    /// ``withTransaction(_:_:)`` runs.
    ///
    /// Only the thread making the change (the main actor's) reads and writes it.
    nonisolated(unsafe) static var current: Transaction?
}

/// Makes state changes with an animation: the port of SwiftUI's `withAnimation(_:_:)`.
///
/// ```swift
/// withAnimation(.spring(response: 0.5)) { layout = .vertical }
/// ```
///
/// In a picture, the changes made in `body` and the ones a renderer's update passes make in
/// consequence are drawn as frames of `animation` by
/// ``ImageRenderer/animation(frameRate:hold:changes:)`` (a ``View/animation(_:value:)`` inside
/// the changed views takes precedence for its content, as in SwiftUI). A still image shows the
/// state after the change.
///
/// - Parameters:
///   - animation: The animation; ``Animation/default`` when not given, `nil` for none.
///   - body: The state change.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Makes state changes within a transaction: the port of SwiftUI's `withTransaction(_:_:)`.
///
/// - Parameters:
///   - transaction: The transaction (its animation animates the changes).
///   - body: The state change.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let outer = Transaction.current
    Transaction.current = transaction
    defer { Transaction.current = outer }
    return try body()
}

extension View {
    /// Animates the changes inside this view with `animation` when `value` changes (SwiftUI's
    /// `animation(_:value:)`).
    ///
    /// When the view's `value` differs (`!=`) between the state before a change and the state
    /// after, the changes of this view and its content are drawn with `animation` instead of the
    /// change's own (``withAnimation(_:_:)``); `nil` draws them without animation. Otherwise the
    /// change's animation applies.
    ///
    /// - Parameters:
    ///   - animation: The animation, or `nil`.
    ///   - value: The value whose changes this animation is for.
    /// - Returns: The view.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        wrapped { AnimationNode($0, animation: animation, value: value, layoutDirection: $1) }
    }

    /// Animates every change inside this view with `animation` (SwiftUI's `animation(_:)`,
    /// deprecated there since iOS 15 in favour of ``animation(_:value:)``).
    ///
    /// - Parameter animation: The animation, or `nil` for none.
    /// - Returns: The view.
    public func animation(_ animation: Animation?) -> some View {
        wrapped { AnimationNode($0, animation: animation, value: nil, layoutDirection: $1) }
    }
}

/// `animation(_:value:)` and `animation(_:)`: lays out and draws as its child; an animation
/// between two states uses ``animation`` for the subtree when ``value`` changed (always when it
/// is `nil`).
final class AnimationNode: WrapperNode {
    let animation: Animation?
    let value: Any?

    init(_ child: ViewNode, animation: Animation?, value: Any?, layoutDirection: LayoutDirection) {
        self.animation = animation
        self.value = value
        super.init(child, layoutDirection: layoutDirection)
    }

    override var isLaidOutAsChild: Bool { true }

    /// Whether this node's animation applies to a change from `old`.
    ///
    /// - Parameter old: The same view before the change.
    /// - Returns: `true` when the value changed, or the node animates every change.
    func applies(since old: AnimationNode) -> Bool {
        guard let value else { return true }
        guard let oldValue = old.value else { return true }
        return valuesEqual(oldValue, value) != true
    }
}
