/// What a renderer keeps from one update pass to the next: the value of every `@State` by the
/// identity of its view, which identities have appeared, and the values `onChange(of:)` and
/// `onPreferenceChange(_:perform:)` compare with.
///
/// SwiftUI keeps a view's state for as long as the view keeps its identity (its ``ViewPath``);
/// the view value itself is made afresh by every evaluation of its parent's body. So does this
/// graph: when a view resolves, each of its `@State` boxes is redirected to the box the graph
/// holds for its identity and property (``attachState(of:at:)``), or becomes that box the first
/// time. Writes to a held box that change its value are noted, so the update cycle knows that
/// another pass is due.
final class ViewGraph {
    /// Where a state lives: its view's identity and the property's name.
    struct StateKey: Hashable {
        let path: ViewPath
        let property: String
    }

    /// The state a write changed last, for the error of a cycle that does not settle.
    struct StateName: Equatable {
        let view: String
        let property: String

        /// A property of an `@Observable` object a body read, which has no name to give.
        static let observable = StateName(view: "an @Observable object", property: ObservableName.property)
    }

    /// How ``TagCloudUIError/updateCycleDidNotSettle(view:property:passes:)`` names an
    /// `@Observable` object's change.
    enum ObservableName {
        static let property = "(a property an @Observable object's body reads)"
    }

    private var states: [StateKey: any AttachableState] = [:]
    /// The values ``View/presetState(_:to:)`` last set, by state.
    private var presets: [StateKey: Any] = [:]
    /// An identity that has appeared: its rank in the last pass and its `onDisappear` action.
    struct Appearance {
        let order: Int
        let action: (() -> Void)?
    }

    /// The lifecycle actions of the last pass, whose `onAppear` actions have run.
    var appeared: [ActionKey: Appearance] = [:]
    /// The values `onChange(of:)` saw in the last pass, by identity.
    var observedValues: [ActionKey: Any] = [:]
    /// The preference values `onPreferenceChange(_:perform:)` saw in the last pass, by identity.
    var preferenceValues: [ActionKey: Any] = [:]
    /// The states written with a new value since ``takeChanges()`` was last called, in order.
    private var changes: [StateName] = []
    /// Whether writes are noted (they are not while a preset is applied).
    private var notes = true

    /// Redirects the `@State` properties of a view to the boxes held for its identity, or holds
    /// them if they are new.
    ///
    /// A view type's state properties are found with `Mirror` once; types without any cost a
    /// dictionary lookup afterwards.
    ///
    /// - Parameters:
    ///   - view: The view (or view modifier) about to evaluate its body.
    ///   - path: Its identity.
    @MainActor
    func attachState(of view: Any, at path: ViewPath) {
        let type = ObjectIdentifier(Swift.type(of: view))
        if StatePropertyCache.typesWithoutState.contains(type) { return }
        var found = false
        for child in Mirror(reflecting: view).children {
            guard let state = child.value as? any AttachableState, let label = child.label else { continue }
            found = true
            let key = StateKey(path: path, property: label.hasPrefix("_") ? String(label.dropFirst()) : label)
            if let held = states[key], held.attach(to: state) { continue }
            state.hold(in: self, name: StateName(view: String(describing: Swift.type(of: view)), property: key.property))
            states[key] = state
        }
        if !found { StatePropertyCache.typesWithoutState.insert(type) }
    }

    /// The held state of a view's property, if the view has resolved.
    ///
    /// - Parameters:
    ///   - property: The property's name, without `_`.
    ///   - path: The view's identity.
    /// - Returns: The state, type-erased.
    func state(_ property: String, at path: ViewPath) -> (any AttachableState)? {
        states[StateKey(path: path, property: property)]
    }

    /// Applies a preset value to a held state when it differs from the last preset applied there
    /// (compared with `==` when the value is `Equatable`; otherwise only the first time), without
    /// counting it as a change.
    ///
    /// - Parameters:
    ///   - value: The preset value.
    ///   - state: The state (already attached).
    ///   - key: Where it lives.
    /// - Returns: Whether the value had the state's type.
    func applyPreset(_ value: Any, to state: any PresettableState, key: StateKey) -> Bool {
        if let last = presets[key] {
            guard let equal = valuesEqual(last, value), !equal else { return true }
        }
        presets[key] = value
        notes = false
        defer { notes = true }
        return state.preset(value)
    }

    /// The transaction of the last change noted inside ``withTransaction(_:_:)`` (or
    /// ``withAnimation(_:_:)``) since ``takeTransaction()`` was last called.
    private var transaction: Transaction?

    /// Notes that a held state changed value.
    ///
    /// - Parameter name: The state's view and property.
    func stateDidChange(_ name: StateName) {
        guard notes else { return }
        changes.append(name)
        noteTransaction()
    }

    /// Notes the current transaction, if a change is being made inside one (a state write, or a
    /// new root view for the renderer).
    func noteTransaction() {
        if let current = Transaction.current { transaction = current }
    }

    /// The transaction noted since the last call, emptied.
    ///
    /// - Returns: The transaction of the last change made inside one, or `nil`.
    func takeTransaction() -> Transaction? {
        defer { transaction = nil }
        return transaction
    }

    /// The changes noted since the last call, emptied.
    ///
    /// - Returns: The states written with new values, in order.
    func takeChanges() -> [StateName] {
        defer { changes.removeAll() }
        return changes
    }
}

/// The view types known to hold no `@State`, so that resolving them skips reflection.
@MainActor
enum StatePropertyCache {
    static var typesWithoutState = Set<ObjectIdentifier>()
}

/// A `@State` property, type-erased, as the graph holds it.
protocol AttachableState {
    /// Makes `other` read and write this state's storage; `false` if its value type differs.
    ///
    /// - Parameter other: A state of a newer value of the same view.
    /// - Returns: Whether it could be attached.
    func attach(to other: any AttachableState) -> Bool
    /// Makes this state the one held for its identity: its writes are reported to `graph`.
    ///
    /// - Parameters:
    ///   - name: The state's view and property, for error messages.
    func hold(in graph: ViewGraph, name: ViewGraph.StateName)
}

/// Compares two values of unknown type with `==` when the first is `Equatable`.
///
/// - Parameters:
///   - a: A value.
///   - b: Another value.
/// - Returns: Whether they are equal, or `nil` when they cannot be compared.
func valuesEqual(_ a: Any, _ b: Any) -> Bool? {
    guard let a = a as? any Equatable else { return nil }
    return a.isEqual(to: b)
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// The identity of a lifecycle action (`onAppear`, `onChange`, `onPreferenceChange`): the view's
/// identity, the kind of action, and the action's rank among those of that kind at that identity
/// in the pass (a view may have several).
struct ActionKey: Hashable {
    enum Kind: Hashable {
        case appear, change, preference
    }

    let path: ViewPath
    let kind: Kind
    let ordinal: Int
}
