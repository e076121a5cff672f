/// `onAppear(perform:)` and `onDisappear(perform:)`: registers the actions with the pass; the
/// content resolves unchanged.
struct LifecycleModifier: ViewModifier {
    typealias Body = Never
    let onAppear: (() -> Void)?
    let onDisappear: (() -> Void)?

    static func _makeNodes(modifier: LifecycleModifier, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let actions = inputs.context.actions
        actions.register(PassActions.Lifecycle(key: actions.key(at: inputs.path, .appear),
                                               onAppear: modifier.onAppear, onDisappear: modifier.onDisappear))
        return content(inputs)
    }
}

/// `onChange(of:…)`: registers the value and the action with the pass.
struct ChangeModifier<Value: Equatable>: ViewModifier {
    typealias Body = Never
    let value: Value
    let initial: Bool
    let action: (Value, Value) -> Void

    static func _makeNodes(modifier: ChangeModifier, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let actions = inputs.context.actions
        let action = modifier.action
        actions.register(PassActions.Observation(
            key: actions.key(at: inputs.path, .change), value: modifier.value, initial: modifier.initial,
            action: { old, new in
                guard let new = new as? Value else { return }
                action((old as? Value) ?? new, new)
            }))
        return content(inputs)
    }
}

extension View {
    /// Adds an action to run when this view appears (SwiftUI's `onAppear(perform:)`).
    ///
    /// The renderer runs it after the first update pass in which the view's identity is present,
    /// once; a state it changes makes another pass (see ``ImageRenderer``).
    ///
    /// - Parameter action: The action; `nil` for none.
    /// - Returns: The view.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(onAppear: action, onDisappear: nil))
    }

    /// Adds an action to run when this view disappears (SwiftUI's `onDisappear(perform:)`): after
    /// the first update pass in which its identity is no longer present.
    ///
    /// - Parameter action: The action; `nil` for none.
    /// - Returns: The view.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(onAppear: nil, onDisappear: action))
    }

    /// Adds an action to run when a value changes, given the new value (SwiftUI's
    /// `onChange(of:perform:)`, deprecated there since iOS 17 but common in older code).
    ///
    /// The renderer compares the value with the one the same view had in the previous update pass
    /// (`==`) and runs the action after the pass when they differ; not on the first pass.
    ///
    /// - Parameters:
    ///   - value: The value to watch.
    ///   - action: Called with the new value.
    /// - Returns: The view.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: false) { _, new in action(new) })
    }

    /// Adds an action to run when a value changes, given the old and new values (SwiftUI's
    /// `onChange(of:initial:_:)`).
    ///
    /// - Parameters:
    ///   - value: The value to watch, compared with `==` from one update pass to the next.
    ///   - initial: Whether the action also runs after the view's first pass (with the value as
    ///     both old and new).
    ///   - action: Called with the old and the new value.
    /// - Returns: The view.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: initial, action: action))
    }

    /// Adds an action to run when a value changes (SwiftUI's `onChange(of:initial:_:)` with a
    /// closure taking no arguments).
    ///
    /// - Parameters:
    ///   - value: The value to watch, compared with `==` from one update pass to the next.
    ///   - initial: Whether the action also runs after the view's first pass.
    ///   - action: Called on the main actor after a pass in which the value changed, before the
    ///     next pass.
    /// - Returns: The view.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: initial) { _, _ in action() })
    }
}
