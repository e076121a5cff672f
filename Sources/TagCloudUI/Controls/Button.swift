/// A control that initiates an action: the port of SwiftUI's `Button`, drawn by its style.
///
/// A picture cannot be tapped, so the action is kept and never called. The automatic style draws
/// the label in the tint colour (blue), as iOS does; ``View/buttonStyle(_:)`` with `.plain` draws it
/// as it is, `.bordered` and `.borderedProminent` on a tinted rounded rectangle, and any
/// ``ButtonStyle`` you write draws what its `makeBody(configuration:)` returns.
public struct Button<Label: View> {
    let action: () -> Void
    let role: ButtonRole?
    let label: Label

    /// Creates a button with a label.
    ///
    /// - Parameters:
    ///   - action: The action (never called in a picture).
    ///   - label: Makes the label; called once, when the button is created.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.role = nil
        self.label = label()
    }

    /// Creates a button with a role and a label.
    ///
    /// - Parameters:
    ///   - role: The role; `.destructive` tints the automatic style red.
    ///   - action: The action (never called in a picture).
    ///   - label: Makes the label; called once, when the button is created.
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.role = role
        self.label = label()
    }
}

extension Button where Label == Text {
    /// Creates a button with a text label.
    ///
    /// - Parameters:
    ///   - titleKey: The label's text.
    ///   - action: The action (never called in a picture).
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    /// Creates a button with a text label and a role.
    ///
    /// - Parameters:
    ///   - titleKey: The label's text.
    ///   - role: The role; `.destructive` tints the automatic style red.
    ///   - action: The action (never called in a picture).
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    /// Creates a button with a text label from a string.
    ///
    /// - Parameters:
    ///   - title: The label's text.
    ///   - action: The action (never called in a picture).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

extension Button: View {
    /// The style's body for this button's label.
    ///
    /// - Parameters:
    ///   - view: The button.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    public static func _makeNodes(_ view: Button, inputs: _ViewInputs) -> _ViewOutputs {
        let label = ButtonStyleConfiguration.Label { Label._makeNodes(view.label, inputs: $0) }
        let configuration = ButtonStyleConfiguration(label: label, isPressed: false, role: view.role)
        var inner = inputs
        inner.environment.buttonStyle = nil
        if let style = inputs.environment.buttonStyle { return resolveStyle(style, configuration, inner) }
        return resolveStyle(DefaultButtonStyle(), configuration, inner)
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// Resolves a button style's body for a configuration, with the environment current while the
/// body is evaluated (for `@Environment`).
private func resolveStyle<S: ButtonStyle>(_ style: S, _ configuration: ButtonStyleConfiguration,
                                          _ inputs: _ViewInputs) -> _ViewOutputs {
    nonisolated(unsafe) let style = style, configuration = configuration, environment = inputs.environment
    let body = onMainActor { EnvironmentValues.withCurrent(environment) { style.makeBody(configuration: configuration) } }
    return S.Body._makeNodes(body, inputs: inputs)
}

/// The role of a button (SwiftUI's `ButtonRole`).
public struct ButtonRole: Hashable, Sendable {
    let name: String
    /// A button that deletes data.
    public static let destructive = ButtonRole(name: "destructive")
    /// A button that cancels.
    public static let cancel = ButtonRole(name: "cancel")
}

/// A type that applies a standard appearance to buttons: the port of SwiftUI's `ButtonStyle`.
///
/// As with ``View``, ``makeBody(configuration:)`` is isolated to the main actor and the protocol
/// is not.
public protocol ButtonStyle {
    /// The type of view representing the body of a button.
    associatedtype Body: View

    /// The properties of a button.
    typealias Configuration = ButtonStyleConfiguration

    /// Creates a view that represents the body of a button.
    ///
    /// - Parameter configuration: The button's label and state.
    /// - Returns: The button's appearance.
    @MainActor @preconcurrency @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// The properties of a button, as a ``ButtonStyle`` sees them (SwiftUI's `ButtonStyleConfiguration`).
public struct ButtonStyleConfiguration {
    /// The button's label, as a view.
    public struct Label: View {
        let resolve: (_ViewInputs) -> _ViewOutputs

        /// The label's nodes.
        ///
        /// - Parameters:
        ///   - view: The label.
        ///   - inputs: The environment and resolution context.
        /// - Returns: The nodes.
        public static func _makeNodes(_ view: Label, inputs: _ViewInputs) -> _ViewOutputs {
            view.resolve(inputs)
        }

        public typealias Body = Never
    }

    /// The label.
    public let label: Label
    /// Whether the button is pressed: never, in a picture.
    public let isPressed: Bool
    /// The button's role.
    public let role: ButtonRole?
}

extension View {
    /// Sets the style of buttons in this view (SwiftUI's `buttonStyle(_:)`).
    ///
    /// - Parameter style: The style, such as `.plain` or `.borderedProminent`.
    /// - Returns: The view.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        transformEnvironment { $0.buttonStyle = style }
    }
}

/// The automatic button style: the label in the tint colour (red for a destructive role).
public struct DefaultButtonStyle: ButtonStyle {
    /// Creates the style.
    public init() {}

    /// The label, tinted.
    ///
    /// - Parameter configuration: The button.
    /// - Returns: The body.
    public func makeBody(configuration: Configuration) -> some View {
        ButtonTint(role: configuration.role) { configuration.label }
    }
}

/// A button style that draws the label in the tint colour with no border (SwiftUI's
/// `BorderlessButtonStyle`).
public struct BorderlessButtonStyle: ButtonStyle {
    /// Creates the style.
    public init() {}

    /// The label, tinted.
    ///
    /// - Parameter configuration: The button.
    /// - Returns: The body.
    public func makeBody(configuration: Configuration) -> some View {
        ButtonTint(role: configuration.role) { configuration.label }
    }
}

/// A button style that draws the label as it is (SwiftUI's `PlainButtonStyle`).
public struct PlainButtonStyle: ButtonStyle {
    /// Creates the style.
    public init() {}

    /// The label.
    ///
    /// - Parameter configuration: The button.
    /// - Returns: The body.
    public func makeBody(configuration: Configuration) -> some View {
        configuration.label
    }
}

/// A button style with a tinted, translucent rounded background (SwiftUI's `BorderedButtonStyle`).
public struct BorderedButtonStyle: ButtonStyle {
    /// Creates the style.
    public init() {}

    /// The tinted label on a light tinted background.
    ///
    /// - Parameter configuration: The button.
    /// - Returns: The body.
    public func makeBody(configuration: Configuration) -> some View {
        ButtonTint(role: configuration.role) {
            configuration.label
                .padding(.horizontal, 12)
                .padding(.vertical, 7)
                .background(RoundedRectangle(cornerRadius: 8).fill(.tint).opacity(0.15))
        }
    }
}

/// A button style with a solid tinted rounded background and a white label (SwiftUI's
/// `BorderedProminentButtonStyle`).
public struct BorderedProminentButtonStyle: ButtonStyle {
    /// Creates the style.
    public init() {}

    /// The white label on the tint colour.
    ///
    /// - Parameter configuration: The button.
    /// - Returns: The body.
    public func makeBody(configuration: Configuration) -> some View {
        ButtonTint(role: configuration.role) {
            configuration.label
                .foregroundStyle(Color.white)
                .padding(.horizontal, 12)
                .padding(.vertical, 7)
                .background(RoundedRectangle(cornerRadius: 8).fill(.tint))
        }
    }
}

extension ButtonStyle where Self == DefaultButtonStyle {
    /// The automatic style.
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension ButtonStyle where Self == PlainButtonStyle {
    /// The plain style.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension ButtonStyle where Self == BorderlessButtonStyle {
    /// The borderless style.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension ButtonStyle where Self == BorderedButtonStyle {
    /// The bordered style.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension ButtonStyle where Self == BorderedProminentButtonStyle {
    /// The bordered prominent style.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// Tints its content: the foreground and the tint become the role's colour (red for a
/// destructive button, else the tint).
struct ButtonTint<Content: View>: View {
    let role: ButtonRole?
    let content: Content

    init(role: ButtonRole?, @ViewBuilder content: () -> Content) {
        self.role = role
        self.content = content()
    }

    var body: some View {
        content.transformEnvironment { environment in
            let color = role == .destructive ? Color.red : environment.accentColor
            environment.tint = color
            environment.foregroundStyle = AnyShapeStyle(color)
        }
    }
}
