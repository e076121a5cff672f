/// A named value produced by a view, read by its ancestors: the port of SwiftUI's `PreferenceKey`.
///
/// ```swift
/// struct WidthKey: PreferenceKey {
///     static let defaultValue: CGFloat = 0
///     static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
///         value = max(value, nextValue())
///     }
/// }
/// Text("Swift")
///     .background(GeometryReader { proxy in
///         Color.clear.preference(key: WidthKey.self, value: proxy.size.width)
///     })
///     .onPreferenceChange(WidthKey.self) { width in … }
/// ```
///
/// Preferences are gathered while the view tree is placed and drawn, so values read from a
/// ``GeometryProxy`` can be reported. A view that sets a key with ``View/preference(key:value:)``
/// replaces what its own content set for that key; an ancestor sees the values of its subtree
/// combined with ``reduce(value:nextValue:)`` in view order, one value after another, and
/// ``defaultValue`` where nothing in the subtree sets the key. (SwiftUI combines sibling by
/// sibling; for the associative reductions preference keys use — appending, maximum, last value —
/// the result is the same.)
public protocol PreferenceKey {
    /// The type of value produced by this preference.
    associatedtype Value

    /// The value of the key where no view sets it.
    static var defaultValue: Value { get }

    /// Combines a sequence of values by modifying the previously-accumulated value with the next
    /// one, in view order.
    ///
    /// - Parameters:
    ///   - value: The values so far, combined.
    ///   - nextValue: Returns the next value, in view order.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension PreferenceKey where Value: ExpressibleByNilLiteral {
    /// `nil`, for optional values (as in SwiftUI).
    public static var defaultValue: Value { nil }
}

/// One preference value set while drawing.
struct PreferenceEntry {
    /// The key type.
    let key: ObjectIdentifier
    /// The value, of the key's `Value` type.
    let value: Any
}

extension DrawingContext {
    /// The value of `key` over the entries set since `start`, combined in order, or the key's
    /// default when none sets it.
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - start: The index of the first entry of the subtree.
    /// - Returns: The combined value.
    /// - Complexity: O(n) in the entries since `start`.
    func preferenceValue<K: PreferenceKey>(_ key: K.Type, since start: Int) -> K.Value {
        let id = ObjectIdentifier(key)
        var result: K.Value?
        for entry in preferences[start...] where entry.key == id {
            guard let next = entry.value as? K.Value else { continue }
            if result == nil {
                result = next
            } else if var combined = result {
                K.reduce(value: &combined, nextValue: { next })
                result = combined
            }
        }
        return result ?? K.defaultValue
    }

    /// Removes the entries of `key` set since `start`.
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - start: The index of the first entry of the subtree.
    func removePreferences<K: PreferenceKey>(_ key: K.Type, since start: Int) {
        let id = ObjectIdentifier(key)
        guard preferences[start...].contains(where: { $0.key == id }) else { return }
        let kept = preferences[start...].filter { $0.key != id }
        preferences.replaceSubrange(start..., with: kept)
    }
}

/// `preference(key:value:)`, `transformPreference(_:_:)` and the anchor preferences: the node
/// writes the key for its subtree after drawing its content.
final class PreferenceWriterNode<K: PreferenceKey>: WrapperNode {
    /// How the node writes the key.
    enum Write {
        /// Replaces the content's value with one made from the node's frame in the picture.
        case replace((CGRect) -> K.Value)
        /// Changes the content's combined value (the default when the content sets none), given
        /// the node's frame in the picture.
        case transform((inout K.Value, CGRect) -> Void)
    }

    let write: Write

    init(_ child: ViewNode, write: Write, layoutDirection: LayoutDirection) {
        self.write = write
        super.init(child, layoutDirection: layoutDirection)
    }

    override var isLaidOutAsChild: Bool { true }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let start = canvas.preferences.count
        super.draw(in: frame, proposal: proposal, into: canvas)
        let model = canvas.modelFrame(of: self) ?? frame
        let value: K.Value
        switch write {
        case .replace(let make):
            value = make(model)
        case .transform(let change):
            var combined = canvas.preferenceValue(K.self, since: start)
            change(&combined, model)
            value = combined
        }
        canvas.removePreferences(K.self, since: start)
        canvas.preferences.append(PreferenceEntry(key: ObjectIdentifier(K.self), value: value))
    }
}

/// `onPreferenceChange(_:perform:)`: after drawing its content, registers the subtree's value
/// with the pass, which runs the action when the value is new.
final class PreferenceObserverNode<K: PreferenceKey>: WrapperNode where K.Value: Equatable {
    let action: (K.Value) -> Void

    init(_ child: ViewNode, action: @escaping (K.Value) -> Void, layoutDirection: LayoutDirection) {
        self.action = action
        super.init(child, layoutDirection: layoutDirection)
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let start = canvas.preferences.count
        super.draw(in: frame, proposal: proposal, into: canvas)
        guard !canvas.isAnimationFrame else { return }
        let value = canvas.preferenceValue(K.self, since: start)
        let action = self.action
        canvas.actions.register(PassActions.PreferenceObservation(
            key: canvas.actions.key(at: path ?? .root, .preference), value: value,
            action: { value in if let value = value as? K.Value { action(value) } }))
    }
}

/// `overlayPreferenceValue(_:alignment:_:)` and `backgroundPreferenceValue(_:alignment:_:)`: the
/// content is drawn first (its items kept aside for a background), then the decoration is made
/// from the content's value of the key, proposed the content's size and aligned on it.
final class PreferenceDecorationNode<K: PreferenceKey>: WrapperNode {
    let alignment: Alignment
    let isOverlay: Bool
    let build: (K.Value) -> ViewNode
    private var decoration: ViewNode?

    init(_ child: ViewNode, alignment: Alignment, isOverlay: Bool, build: @escaping (K.Value) -> ViewNode,
         layoutDirection: LayoutDirection) {
        self.alignment = alignment
        self.isOverlay = isOverlay
        self.build = build
        super.init(child, layoutDirection: layoutDirection)
    }

    override var isLaidOutAsChild: Bool { true }

    override var childNodes: [ViewNode] { [child] + (decoration.map { [$0] } ?? []) }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let start = canvas.preferences.count
        let content = canvas.capture { super.draw(in: frame, proposal: proposal, into: canvas) }
        let node: ViewNode
        if canvas.isAnimationFrame, let decoration {
            node = decoration
        } else {
            node = build(canvas.preferenceValue(K.self, since: start))
            if let path { node.stamp(path) }
            decoration = node
        }
        let decorationProposal = ProposedViewSize(frame.size)
        let placed = ChildPlacement(aligning: node, proposal: decorationProposal, in: frame.size, alignment: alignment)
        if isOverlay { canvas.append(contentsOf: content) }
        node.render(in: childFrame(placed, in: frame), proposal: decorationProposal, into: canvas)
        if !isOverlay { canvas.append(contentsOf: content) }
    }
}

extension View {
    /// Sets a value for a preference key, replacing what this view's content sets for it
    /// (SwiftUI's `preference(key:value:)`).
    ///
    /// - Returns: The view.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        wrapped { PreferenceWriterNode<K>($0, write: .replace { _ in value }, layoutDirection: $1) }
    }

    /// Changes the value of a preference key that this view's content produces (SwiftUI's
    /// `transformPreference(_:_:)`); the closure gets the key's default when the content sets
    /// none.
    ///
    /// - Parameters:
    ///   - key: The preference key; by default, inferred from the closure's type.
    ///   - callback: Changes the value; called each time the view is drawn, after its content.
    /// - Returns: The view.
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self,
                                                      _ callback: @escaping (inout K.Value) -> Void) -> some View {
        wrapped { PreferenceWriterNode<K>($0, write: .transform { value, _ in callback(&value) }, layoutDirection: $1) }
    }

    /// Sets a preference value made from an anchor of this view's geometry (SwiftUI's
    /// `anchorPreference(key:value:transform:)`), such as `.bounds`; a ``GeometryProxy`` resolves
    /// the anchor in its own coordinates.
    ///
    /// - Parameters:
    ///   - key: The preference key; by default, inferred from the closure's type.
    ///   - value: Which geometry the anchor holds.
    ///   - transform: Makes the key's value from the anchor.
    /// - Returns: The view.
    public func anchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                      transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        wrapped { PreferenceWriterNode<K>($0, write: .replace { frame in transform(value.make(frame)) }, layoutDirection: $1) }
    }

    /// Changes a preference value with an anchor of this view's geometry (SwiftUI's
    /// `transformAnchorPreference(key:value:transform:)`).
    ///
    /// - Parameters:
    ///   - key: The preference key; by default, inferred from the closure's type.
    ///   - value: Which geometry the anchor holds.
    ///   - transform: Changes the key's value given the anchor; the value is the key's default
    ///     when the content sets none.
    /// - Returns: The view.
    public func transformAnchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                               transform: @escaping (inout K.Value, Anchor<A>) -> Void)
        -> some View {
        wrapped {
            PreferenceWriterNode<K>($0, write: .transform { current, frame in transform(&current, value.make(frame)) },
                                    layoutDirection: $1)
        }
    }

    /// Adds an action to run when this view's value of a preference key changes (SwiftUI's
    /// `onPreferenceChange(_:perform:)`).
    ///
    /// The renderer runs it after the update pass in which the view first appears, with the
    /// value, and after every later pass in which the value differs (`==`); a state it changes
    /// makes another pass, so a view can lay itself out with sizes its content reported.
    ///
    /// - Parameters:
    ///   - key: The preference key to observe; by default, inferred from the closure's type.
    ///   - action: Called with the value.
    /// - Returns: The view.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self,
                                                     perform action: @escaping (K.Value) -> Void) -> some View
        where K.Value: Equatable {
        wrapped { PreferenceObserverNode<K>($0, action: action, layoutDirection: $1) }
    }

    /// Layers a view made from this view's value of a preference key in front of it (SwiftUI's
    /// `overlayPreferenceValue(_:alignment:_:)`).
    ///
    /// - Parameters:
    ///   - key: The preference key whose value makes the overlay.
    ///   - alignment: The overlay's alignment.
    ///   - transform: Makes the overlay from the value, which is the key's default when the
    ///     content sets none; the overlay is proposed the content's size.
    /// - Returns: The view.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment = .center,
                                                                  @ViewBuilder _ transform: @escaping (K.Value) -> V)
        -> some View {
        modifier(PreferenceDecorationModifier<K, V>(alignment: alignment, isOverlay: true, transform: transform))
    }

    /// Layers a view made from this view's value of a preference key behind it (SwiftUI's
    /// `backgroundPreferenceValue(_:alignment:_:)`).
    ///
    /// - Parameters:
    ///   - key: The preference key whose value makes the background.
    ///   - alignment: The background's alignment.
    ///   - transform: Makes the background from the value, which is the key's default when the
    ///     content sets none; the background is proposed the content's size.
    /// - Returns: The view.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment = .center,
                                                                     @ViewBuilder _ transform: @escaping (K.Value) -> V)
        -> some View {
        modifier(PreferenceDecorationModifier<K, V>(alignment: alignment, isOverlay: false, transform: transform))
    }
}

/// The modifier behind `overlayPreferenceValue` and `backgroundPreferenceValue`.
struct PreferenceDecorationModifier<K: PreferenceKey, V: View>: NodeWrappingModifier {
    typealias Body = Never
    let alignment: Alignment
    let isOverlay: Bool
    let transform: (K.Value) -> V

    func wrap(_ node: ViewNode, inputs: _ViewInputs) -> ViewNode {
        let decorationInputs = inputs.appending(.role(.preferenceDecoration))
        let transform = self.transform, alignment = self.alignment
        return PreferenceDecorationNode<K>(node, alignment: alignment, isOverlay: isOverlay, build: { value in
            makeSingleNode(transform(value), decorationInputs, alignment: alignment)
        }, layoutDirection: inputs.environment.layoutDirection)
    }
}
