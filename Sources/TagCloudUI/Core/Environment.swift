/// A collection of environment values propagated down the view tree: the port of SwiftUI's
/// `EnvironmentValues`.
///
/// A view's environment is its parent's with the changes of the modifiers in between
/// (``View/font(_:)``, ``View/foregroundStyle(_:)``, ``View/environment(_:_:)``, …). Text, images
/// and shapes read it when they resolve. Defaults are SwiftUI's on iOS in light mode: the body font
/// (17 pt; Inter stands in for SF Pro), black as the primary colour, left to right.
public struct EnvironmentValues {
    /// The default font of text in the view (SwiftUI `\.font`); `nil` means ``Font/body``.
    public var font: Font? {
        get { storage.font }
        set { writableStorage().font = newValue }
    }

    /// The layout direction (SwiftUI `\.layoutDirection`): containers mirror their placements and
    /// text reads right to left when it is ``LayoutDirection/rightToLeft``.
    public var layoutDirection: LayoutDirection {
        get { storage.layoutDirection }
        set { writableStorage().layoutDirection = newValue }
    }

    /// The most lines text may take (SwiftUI `\.lineLimit`); `nil` for no limit.
    public var lineLimit: Int? {
        get { storage.lineLimit }
        set { writableStorage().lineLimit = newValue }
    }

    /// Where truncated text is cut (SwiftUI `\.truncationMode`).
    public var truncationMode: Text.TruncationMode {
        get { storage.truncationMode }
        set { writableStorage().truncationMode = newValue }
    }

    /// How the lines of multiline text line up (SwiftUI `\.multilineTextAlignment`).
    public var multilineTextAlignment: TextAlignment {
        get { storage.multilineTextAlignment }
        set { writableStorage().multilineTextAlignment = newValue }
    }

    /// The pixels per point of the image being rendered (SwiftUI `\.displayScale`); set by
    /// ``ImageRenderer/scale``.
    public var displayScale: CGFloat {
        get { storage.displayScale }
        set { writableStorage().displayScale = newValue }
    }

    /// The accent colour of controls (SwiftUI's `tint(_:)`); `nil` means the system blue.
    public var tint: Color? {
        get { storage.tint }
        set { writableStorage().tint = newValue }
    }

    /// The locale of the view's text (SwiftUI `\.locale`): text is shaped in its language
    /// (OpenType `locl` forms, and the machine's fallback face for that language, such as Noto
    /// Sans CJK JP for `ja`; see Typesetting's `TextLanguage`) and carries it to the output (SVG
    /// `lang`). The default is the root locale, no language, so results never depend on the
    /// process locale, where SwiftUI starts from the user's.
    public var locale: Locale {
        get { storage.locale }
        set {
            // Writing the locale the environment has already (a cloud writes each chip's, most of
            // them the root locale) keeps the storage shared.
            guard newValue != storage.locale else { return }
            writableStorage().locale = newValue
        }
    }

    /// A weight replacing the font's own (``View/fontWeight(_:)``, ``View/bold(_:)``).
    var fontWeight: Font.Weight? {
        get { storage.fontWeight }
        set { writableStorage().fontWeight = newValue }
    }

    /// Whether text is italic (``View/italic(_:)``).
    var isItalic: Bool {
        get { storage.isItalic }
        set { writableStorage().isItalic = newValue }
    }

    /// The foreground style; `nil` means the primary colour.
    @usableFromInline
    var foregroundStyle: AnyShapeStyle? {
        get { storage.foregroundStyle }
        set { writableStorage().foregroundStyle = newValue }
    }

    /// The background style (SwiftUI `\.backgroundStyle`, set by ``View/backgroundStyle(_:)``),
    /// which ``BackgroundStyle`` (`.background`) fills with; `nil` means white.
    public var backgroundStyle: AnyShapeStyle? {
        get { storage.backgroundStyle }
        set { writableStorage().backgroundStyle = newValue }
    }

    /// The button style (``View/buttonStyle(_:)``); `nil` is the automatic style.
    var buttonStyle: (any ButtonStyle)? {
        get { storage.buttonStyle }
        set { writableStorage().buttonStyle = newValue }
    }

    /// The picker style (``View/pickerStyle(_:)``).
    var pickerStyle: PickerStyleKind {
        get { storage.pickerStyle }
        set { writableStorage().pickerStyle = newValue }
    }

    /// The symbol scale (``View/imageScale(_:)``).
    var imageScale: Image.Scale {
        get { storage.imageScale }
        set { writableStorage().imageScale = newValue }
    }

    /// The values, shared by copies until one of them writes (copy on write): the environment is
    /// copied at every modifier and kept by every text and shape node, so that a copy costs one
    /// reference instead of a copy of every value.
    private final class Storage {
        var font: Font? = nil
        var layoutDirection: LayoutDirection = .leftToRight
        var lineLimit: Int? = nil
        var truncationMode: Text.TruncationMode = .tail
        var multilineTextAlignment: TextAlignment = .leading
        var displayScale: CGFloat = 1
        var tint: Color? = nil
        var locale: Locale = Locale(identifier: "")
        var fontWeight: Font.Weight? = nil
        var isItalic: Bool = false
        var foregroundStyle: AnyShapeStyle? = nil
        var backgroundStyle: AnyShapeStyle? = nil
        var buttonStyle: (any ButtonStyle)? = nil
        var pickerStyle: PickerStyleKind = .menu
        var imageScale: Image.Scale = .medium
        /// The values of ``EnvironmentKey``s, by key type.
        var custom: [ObjectIdentifier: Any] = [:]

        init() {}

        init(copying other: Storage) {
            font = other.font
            layoutDirection = other.layoutDirection
            lineLimit = other.lineLimit
            truncationMode = other.truncationMode
            multilineTextAlignment = other.multilineTextAlignment
            displayScale = other.displayScale
            tint = other.tint
            locale = other.locale
            fontWeight = other.fontWeight
            isItalic = other.isItalic
            foregroundStyle = other.foregroundStyle
            backgroundStyle = other.backgroundStyle
            buttonStyle = other.buttonStyle
            pickerStyle = other.pickerStyle
            imageScale = other.imageScale
            custom = other.custom
        }
    }

    private var storage = Storage()

    /// The storage, copied first when another environment shares it.
    private mutating func writableStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        return storage
    }

    /// Creates the default environment.
    public init() {}

    /// These values in a storage of their own, shared with no other environment (see
    /// ``_ViewInputs/forOneThread()``).
    func withOwnStorage() -> EnvironmentValues {
        var copy = self
        copy.storage = Storage(copying: storage)
        return copy
    }

    /// Reads or writes a custom value (SwiftUI's `EnvironmentValues` subscript).
    ///
    /// - Parameter key: The key type.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { storage.custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { writableStorage().custom[ObjectIdentifier(key)] = newValue }
    }

    /// The font text is set in: ``font`` (or the body font) with the weight and slant modifiers
    /// applied.
    var resolvedFont: Font {
        var result = font ?? .body
        if let fontWeight { result.weight = fontWeight }
        if isItalic { result.isItalic = true }
        return result
    }

    /// The accent colour: ``tint`` or the system blue.
    var accentColor: Color { tint ?? .blue }

    /// The environment a view's body is evaluated in, for ``Environment`` to read.
    @MainActor static var current = EnvironmentValues()

    /// Runs `body` with `environment` as the current environment.
    ///
    /// - Parameters:
    ///   - body: The work, usually evaluating a view's body.
    /// - Returns: What `body` returns.
    @MainActor
    static func withCurrent<R>(_ environment: EnvironmentValues, _ body: () -> R) -> R {
        let saved = current
        current = environment
        defer { current = saved }
        return body()
    }
}

/// A key for accessing values in the environment: the port of SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value when nothing set one.
    static var defaultValue: Self.Value { get }
}

/// A property wrapper that reads a value from a view's environment: the port of SwiftUI's
/// `@Environment`.
///
/// ```swift
/// struct Caption: View {
///     @Environment(\.layoutDirection) private var direction
///     var body: some View { Text(direction == .rightToLeft ? "RTL" : "LTR") }
/// }
/// ```
///
/// The value is the environment of the view whose body is being evaluated.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Creates a reader of one environment value.
    ///
    /// - Parameter keyPath: The value's key path.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in the environment of the view being evaluated.
    @MainActor public var wrappedValue: Value {
        EnvironmentValues.current[keyPath: keyPath]
    }
}

/// A modifier that writes one environment value for its content (SwiftUI's
/// `_EnvironmentKeyWritingModifier`).
public struct _EnvironmentKeyWritingModifier<Value>: ViewModifier {
    @usableFromInline
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    @usableFromInline
    let value: Value

    @inlinable
    init(keyPath: WritableKeyPath<EnvironmentValues, Value>, value: Value) {
        self.keyPath = keyPath
        self.value = value
    }

    /// Resolves the content with the value written.
    ///
    /// - Parameters:
    ///   - inputs: The environment and resolution context.
    ///   - content: Resolves the content.
    /// - Returns: The content's nodes.
    @inlinable
    public static func _makeNodes(modifier: Self, inputs: _ViewInputs,
                                  content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        var inner = inputs
        inner.environment[keyPath: modifier.keyPath] = modifier.value
        return content(inner)
    }
}

/// A modifier that changes the environment with a closure (for internal values).
///
/// Usable from inlinable code, so that the modifiers built on it (``View/transformEnvironment(_:)``)
/// can be inlinable: the view type a non-inlinable function returns is opaque to other modules,
/// and their views then resolve through generic code instead of code specialised for them.
@usableFromInline
struct EnvironmentTransformModifier: ViewModifier {
    @usableFromInline
    let transform: (inout EnvironmentValues) -> Void

    @usableFromInline
    init(transform: @escaping (inout EnvironmentValues) -> Void) {
        self.transform = transform
    }

    @usableFromInline
    static func _makeNodes(modifier: Self, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        var inner = inputs
        modifier.transform(&inner.environment)
        return content(inner)
    }
}

/// A modifier that writes a locale into the environment when it has one, and leaves the
/// environment as it is otherwise.
@usableFromInline
struct OptionalLocaleModifier: ViewModifier {
    @usableFromInline
    let identifier: String?

    @usableFromInline
    init(identifier: String?) {
        self.identifier = identifier
    }

    @usableFromInline
    static func _makeNodes(modifier: Self, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        guard let identifier = modifier.identifier else { return content(inputs) }
        var inner = inputs
        inner.environment.locale = Locale(identifier: identifier)
        return content(inner)
    }
}

extension View {
    /// Sets the locale of this view and its descendants to `identifier`'s when it is not `nil`
    /// (`.environment(\.locale, Locale(identifier:))`), and changes nothing when it is.
    ///
    /// For the `TagCloud` library's chips, of which only a few set a locale: one view type for
    /// both cases, where an `if` around `.environment(\.locale, …)` made each chip a
    /// `_ConditionalContent`, whose resolution copied the whole chip (every string and shared
    /// look it holds retained, then released) before resolving it.
    ///
    /// - Parameter identifier: The locale's identifier (`"ar"`, `"de-CH"`), or `nil`.
    /// - Returns: The modified view.
    @inlinable
    package func environment(localeIdentifier identifier: String?) -> some View {
        modifier(OptionalLocaleModifier(identifier: identifier))
    }

    /// Sets an environment value for this view and its descendants (SwiftUI's
    /// `environment(_:_:)`).
    ///
    /// - Parameters:
    ///   - keyPath: The value's key path, such as `\.layoutDirection`.
    ///   - value: The new value.
    /// - Returns: The modified view.
    @inlinable
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> some View {
        modifier(_EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }

    /// Changes the environment of this view and its descendants with a closure.
    @inlinable
    func transformEnvironment(_ transform: @escaping (inout EnvironmentValues) -> Void) -> some View {
        modifier(EnvironmentTransformModifier(transform: transform))
    }

    /// Sets the layout direction, foreground style and background style of this view and its
    /// descendants: what `.environment(\.layoutDirection, direction).foregroundStyle(foreground)
    /// .backgroundStyle(background)` sets, in one modifier.
    ///
    /// For the `TagCloud` library's cloud, whose chips must resolve through code specialised for
    /// their types: inlinable, so that the view type it returns is not opaque to other modules
    /// (two non-inlinable modifiers around a cloud made its chips resolve through generic code,
    /// a third more time per chip).
    ///
    /// - Returns: The modified view.
    @inlinable
    package func environment(layoutDirection: LayoutDirection, foregroundStyle: AnyShapeStyle,
                             backgroundStyle: AnyShapeStyle) -> some View {
        transformEnvironment { environment in
            environment.layoutDirection = layoutDirection
            environment.foregroundStyle = foregroundStyle
            environment.backgroundStyle = backgroundStyle
        }
    }
}
