/// A control for selecting from a set of mutually exclusive values: the port of SwiftUI's
/// `Picker`, drawn in the current selection's state.
///
/// The options are the content's views; each one's tag (``View/tag(_:)``, or the identifier of the
/// `ForEach` element that made it, as in SwiftUI) is compared with the selection. With
/// `.pickerStyle(.segmented)` the picker is an iOS segmented control: a grey rounded track as wide
/// as it is proposed, 32 points tall, equal segments with 13-point labels, the selected one
/// semibold on a white rounded thumb. Otherwise (`.menu`, `.automatic`, …) it is the selected
/// option in the tint colour followed by an up-down chevron, as iOS draws a menu picker.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View> {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    /// Creates a picker.
    ///
    /// - Parameters:
    ///   - selection: The selected value.
    ///   - content: The options.
    ///   - label: The picker's label (not drawn by the segmented and menu styles, as on iOS).
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }
}

extension Picker where Label == Text {
    /// Creates a picker with a text label.
    ///
    /// - Parameters:
    ///   - titleKey: The label's text.
    ///   - selection: The selected value.
    ///   - content: The options.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    /// Creates a picker with a text label from a string.
    ///
    /// - Parameters:
    ///   - title: The label's text.
    ///   - selection: The selected value.
    ///   - content: The options.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

extension Picker: View {
    /// A segmented control node, or the menu form.
    ///
    /// - Parameters:
    ///   - view: The picker.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    public static func _makeNodes(_ view: Picker, inputs: _ViewInputs) -> _ViewOutputs {
        let selected = AnyHashable(view.selection.wrappedValue)
        var optionInputs = inputs
        optionInputs.stackOrientation = nil
        let direction = inputs.environment.layoutDirection
        switch inputs.environment.pickerStyle {
        case .segmented:
            optionInputs.environment.font = .system(size: 13)
            optionInputs.environment.lineLimit = 1
            let regular = makeNodes(view.content, optionInputs)
            optionInputs.environment.fontWeight = .semibold
            let bold = makeNodes(view.content, optionInputs)
            let index = regular.firstIndex { $0.tag == selected }
            let options = regular.indices.map { $0 == index ? bold[$0] : regular[$0] }
            return _ViewOutputs(node: SegmentedControlNode(options: options, selectedIndex: index,
                                                           layoutDirection: direction))
        case .menu:
            optionInputs.environment.foregroundStyle = AnyShapeStyle(inputs.environment.accentColor)
            let options = makeNodes(view.content, optionInputs)
            var children = options.first { $0.tag == selected }.map { [$0] } ?? []
            var symbolEnvironment = optionInputs.environment
            symbolEnvironment.font = .system(size: 13, weight: .semibold)
            if let symbol = Symbol.named("chevron.up.chevron.down") {
                children.append(SymbolNode(symbol, name: "chevron.up.chevron.down", isResizable: false,
                                           environment: symbolEnvironment, context: inputs.context))
            }
            return _ViewOutputs(node: ContainerNode(HStackLayout(spacing: 6), children: children, layoutDirection: direction))
        }
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// The picker styles TagCloudUI draws.
enum PickerStyleKind {
    case segmented
    case menu
}

/// A type that specifies the appearance of a picker (SwiftUI's `PickerStyle`).
public protocol PickerStyle: Sendable {}

/// The segmented control style (SwiftUI's `SegmentedPickerStyle`).
public struct SegmentedPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
}

/// The menu style (SwiftUI's `MenuPickerStyle`), the iOS default.
public struct MenuPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
}

/// The platform's default style: the menu style.
public struct DefaultPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
}

/// The inline style (SwiftUI's `InlinePickerStyle`), drawn as the menu style.
public struct InlinePickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
}

/// The wheel style (SwiftUI's `WheelPickerStyle`), drawn as the menu style.
public struct WheelPickerStyle: PickerStyle {
    /// Creates the style.
    public init() {}
}

extension PickerStyle where Self == SegmentedPickerStyle {
    /// The segmented control style.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
    /// The menu style.
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == DefaultPickerStyle {
    /// The default style.
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
    /// The inline style.
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == WheelPickerStyle {
    /// The wheel style.
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

extension View {
    /// Sets the style of pickers in this view (SwiftUI's `pickerStyle(_:)`).
    ///
    /// - Parameter style: `.segmented`, or another style (drawn as a menu).
    /// - Returns: The view.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let kind: PickerStyleKind = style is SegmentedPickerStyle ? .segmented : .menu
        return transformEnvironment { $0.pickerStyle = kind }
    }
}

/// An iOS segmented control (see ``Picker``).
final class SegmentedControlNode: MemoizingNode {
    static let height: CGFloat = 32
    static let labelPadding: CGFloat = 12
    let options: [ViewNode]
    let selectedIndex: Int?
    let layoutDirection: LayoutDirection

    init(options: [ViewNode], selectedIndex: Int?, layoutDirection: LayoutDirection) {
        self.options = options
        self.selectedIndex = selectedIndex
        self.layoutDirection = layoutDirection
    }

    override var kind: String { "SegmentedPicker" }

    override var childNodes: [ViewNode] { options }

    /// Equal segments, each as wide as the widest label plus padding.
    private var idealWidth: CGFloat {
        let widest = options.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
        return CGFloat(options.count) * (widest + 2 * Self.labelPadding)
    }

    /// The proposed width (the ideal width when unspecified or infinite), 32 points tall.
    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? idealWidth
        return CGSize(width: width, height: Self.height)
    }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        canvas.append(.fill(.roundedRect(frame, cornerRadius: 9, style: .continuous),
                            with: .color(RGBAColor(red8: 118, green8: 118, blue8: 128, opacity: 0.12))))
        guard !options.isEmpty else { return }
        let count = options.count
        let segment = frame.width / CGFloat(count)
        func segmentFrame(_ index: Int) -> CGRect {
            let visual = layoutDirection == .rightToLeft ? count - 1 - index : index
            return CGRect(x: frame.minX + CGFloat(visual) * segment, y: frame.minY, width: segment, height: frame.height)
        }
        if let selectedIndex {
            let thumb = segmentFrame(selectedIndex).insetBy(dx: 2, dy: 2)
            canvas.append(.fill(.roundedRect(thumb.offsetBy(dx: 0, dy: 1), cornerRadius: 7, style: .continuous),
                                with: .color(RGBAColor(red: 0, green: 0, blue: 0, opacity: 0.06))))
            canvas.append(.fill(.roundedRect(thumb, cornerRadius: 7, style: .continuous), with: .color(.white)))
            canvas.append(.stroke(.roundedRect(thumb, cornerRadius: 7, style: .continuous),
                                  with: .color(RGBAColor(red: 0, green: 0, blue: 0, opacity: 0.04)),
                                  style: StrokeStyle(lineWidth: 0.5), placement: .inside))
        }
        for boundary in 1..<count where boundary != selectedIndex && boundary - 1 != selectedIndex {
            let x = frame.minX + CGFloat(boundary) * segment
            canvas.append(.fill(.rect(CGRect(x: x - 0.5, y: frame.midY - 6, width: 1, height: 12)),
                                with: .color(RGBAColor(red8: 142, green8: 142, blue8: 147, opacity: 0.3))))
        }
        for (index, option) in options.enumerated() {
            let cell = segmentFrame(index)
            let proposal = ProposedViewSize(width: Swift.max(0, cell.width - 2 * Self.labelPadding / 2), height: nil)
            let size = option.sizeThatFits(proposal)
            let origin = CGPoint(x: cell.midX - size.width / 2, y: cell.midY - size.height / 2)
            option.render(in: CGRect(origin: origin, size: size), proposal: proposal, into: canvas)
        }
    }
}
