/// A property wrapper type that can read and write a value managed by TagCloudUI: the port of
/// SwiftUI's `@State`.
///
/// A picture shows the settled state: the initial value, unless the update cycle's actions
/// (`onAppear`, `onChange(of:)`, `onPreferenceChange`, blocks sent to the main queue) change it,
/// or ``View/presetState(_:to:)`` sets it for a picture
/// (`SuggestionPickerView().presetState("selected", to: ["Exercise 💪"])`) without changing the
/// view's code. The value lives in a box shared by copies of the view; the renderer keeps the box
/// of each view identity, so the new values of a view that its parent's body makes in later
/// passes, and a new root view of the same identity, read and write the same state (see
/// ``ImageRenderer``). A write that changes the value makes another update pass.
@propertyWrapper
public struct State<Value> {
    let box: StateBox<Value>

    /// Creates a state with an initial value (what `@State var x = value` calls).
    ///
    /// - Parameter value: The initial value.
    public init(wrappedValue value: Value) {
        box = StateBox(value)
    }

    /// Creates a state with an initial value.
    ///
    /// - Parameter value: The initial value.
    public init(initialValue value: Value) {
        box = StateBox(value)
    }

    /// The underlying value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the state value.
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates a state without an initial value (`nil`).
    public init() {
        box = StateBox(nil)
    }
}

/// The storage of a ``State``.
///
/// A box is either held by a renderer's ``ViewGraph`` (the state of a view identity: writes that
/// change its value are reported to the graph) or redirected to the held box of the same identity
/// (a newer value of the view, made by its parent's body in a later pass), so that every copy of
/// every value of the view reads and writes one storage.
final class StateBox<Value> {
    private var storage: Value
    private var target: StateBox<Value>?
    private weak var graph: ViewGraph?
    private var name: ViewGraph.StateName?

    init(_ value: Value) { storage = value }

    /// The value, read from and written to the held box when this one is redirected.
    var value: Value {
        get {
            if let target { return target.value }
            return storage
        }
        set {
            if let target {
                target.value = newValue
                return
            }
            let unchanged = valuesEqual(storage, newValue) == true
            storage = newValue
            if !unchanged, let graph, let name { graph.stateDidChange(name) }
        }
    }

    /// Sends this box's reads and writes to `held` from now on.
    ///
    /// - Parameter held: The box the graph holds for the same state.
    func redirect(to held: StateBox<Value>) {
        guard held !== self else { return }
        target = held
    }

    /// Makes this the held box: changes are reported to `graph` under `name`.
    ///
    /// - Parameters:
    ///   - graph: The renderer's graph.
    ///   - name: The state's view and property.
    func hold(in graph: ViewGraph, name: ViewGraph.StateName) {
        self.graph = graph
        self.name = name
    }
}

extension State: AttachableState {
    func attach(to other: any AttachableState) -> Bool {
        guard let other = other as? State<Value> else { return false }
        other.box.redirect(to: box)
        return true
    }

    func hold(in graph: ViewGraph, name: ViewGraph.StateName) {
        box.hold(in: graph, name: name)
    }
}

/// A state whose value can be replaced by a value of unknown type, for ``View/presetState(_:to:)``.
protocol PresettableState {
    /// The value's type, for error messages.
    var valueTypeName: String { get }
    /// Replaces the value if `value` has the right type.
    ///
    /// - Parameter value: The new value.
    /// - Returns: Whether the value had the state's type.
    func preset(_ value: Any) -> Bool
}

extension State: PresettableState {
    var valueTypeName: String { String(describing: Value.self) }

    func preset(_ value: Any) -> Bool {
        guard let typed = value as? Value else { return false }
        box.value = typed
        return true
    }
}

/// A property wrapper type that can read and write a value owned by a source of truth: the port
/// of SwiftUI's `@Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let getter: () -> Value
    private let setter: (Value) -> Void

    /// Creates a binding from a getter and a setter.
    ///
    /// - Parameters:
    ///   - get: Reads the value.
    ///   - set: Writes the value.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    /// Creates a binding from another binding (what `@Binding var x: T` with `_x = binding` uses).
    ///
    /// - Parameter projectedValue: The binding.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes (SwiftUI's `Binding.constant(_:)`).
    ///
    /// - Returns: A binding whose writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The underlying value.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    ///
    /// - Parameter keyPath: The property.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] },
                         set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }

    /// This binding, with an animation for the changes made through it (SwiftUI's
    /// `animation(_:)`): a write runs in ``withAnimation(_:_:)``.
    ///
    /// - Returns: A binding to the same value.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        let setter = self.setter, getter = self.getter
        return Binding(get: getter, set: { value in withAnimation(animation) { setter(value) } })
    }
}

extension View {
    /// Sets the value of a `@State` property of this view before it resolves, for a still image of
    /// a particular state, without changing the view's code.
    ///
    /// ```swift
    /// SuggestionPickerView().presetState("selected", to: Set(["Exercise 💪"]))
    /// ```
    ///
    /// The state is set when the view first resolves and whenever the preset value changes
    /// (compared with `==` when it is `Equatable`), so the changes the update cycle makes stay,
    /// and a renderer whose ``ImageRenderer/content`` is set to the view with another preset value
    /// shows that state (an animation can go from one to the other).
    ///
    /// The property is found by name (without the `$` or `_`). If the view has no `@State`
    /// property of that name, or the value's type differs, rendering throws
    /// ``TagCloudUIError/statePresetFailed(view:property:reason:)``.
    ///
    /// - Parameters:
    ///   - property: The state property's name, such as `"selected"`.
    ///   - value: Its value for the picture.
    /// - Returns: A view that presets the state, then shows this view.
    public func presetState(_ property: String, to value: Any) -> some View {
        StatePresetView(content: self, property: property, value: value)
    }
}

/// Presets one `@State` property of its content before resolving it.
struct StatePresetView<Content: View>: View {
    let content: Content
    let property: String
    let value: Any

    var body: Never { return fatalError("StatePresetView is primitive") }

    static func _makeNodes(_ view: StatePresetView, inputs: _ViewInputs) -> _ViewOutputs {
        let label = "_" + view.property
        let viewName = String(describing: Content.self)
        // The content's identity, as its own resolution computes it: its state is attached first,
        // so the preset reaches the state the renderer holds for it.
        let contentPath = inputs.path.appending(.type(ObjectIdentifier(Content.self)))
        nonisolated(unsafe) let content = view.content, graph = inputs.context.graph
        onMainActor { graph.attachState(of: content, at: contentPath) }
        let state = Mirror(reflecting: view.content).children.first { $0.label == label }?.value
        if let state = state as? any PresettableState {
            let key = ViewGraph.StateKey(path: contentPath, property: view.property)
            if !inputs.context.graph.applyPreset(view.value, to: state, key: key) {
                inputs.context.record(.statePresetFailed(
                    view: viewName, property: view.property,
                    reason: "the value is a \(type(of: view.value)), the state holds a \(state.valueTypeName)"))
            }
        } else {
            inputs.context.record(.statePresetFailed(view: viewName, property: view.property,
                                                     reason: "the view has no @State property of that name"))
        }
        return Content._makeNodes(view.content, inputs: inputs)
    }
}

/// A type that produces view previews: accepted so that SwiftUI files compile (SwiftUI's
/// `PreviewProvider`); render ``previews`` with ``ImageRenderer`` to see one.
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The type of the previews.
    associatedtype Previews: View
    /// The previews.
    @ViewBuilder static var previews: Self.Previews { get }
}

extension View {
    /// Accepted for SwiftUI previews; has no effect on the picture.
    ///
    /// - Parameter value: The display name.
    /// - Returns: The same view.
    public func previewDisplayName(_ value: String?) -> Self { self }
}
