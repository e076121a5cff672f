/// A flexible space that expands along the major axis of its containing stack: SwiftUI's `Spacer`.
///
/// In a horizontal container (``HStack``, ``HStackLayout``, ``FlowLayout``, any layout whose
/// ``LayoutProperties/stackOrientation`` is horizontal) it takes any width from `minLength` up and
/// no height; in a vertical one the reverse; elsewhere it expands both ways. It has no spacing
/// preference of its own (views next to it touch it), and it carries ``SpacerLayoutKey``, so
/// ``FlowLayout`` reads it as a line break.
public struct Spacer: Sendable {
    /// The minimum length along the expanding axis; `nil` for the system spacing, 8 points.
    public var minLength: CGFloat?

    /// Creates a spacer.
    ///
    /// - Parameter minLength: The minimum length; `nil` for 8 points.
    public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }
}

extension Spacer: View {
    /// A spacer node with the enclosing container's axis.
    ///
    /// - Parameters:
    ///   - view: The spacer.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: Spacer, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(node: SpacerNode(minLength: view.minLength ?? 8, axis: inputs.stackOrientation))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A spacer: flexible along its axis, zero across it.
final class SpacerNode: ViewNode {
    let minLength: CGFloat
    let axis: Axis?

    init(minLength: CGFloat, axis: Axis?) {
        self.minLength = minLength
        self.axis = axis
    }

    override var kind: String { "Spacer" }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let width = Swift.max(minLength, proposal.width ?? minLength)
        let height = Swift.max(minLength, proposal.height ?? minLength)
        switch axis {
        case .horizontal: return CGSize(width: width, height: 0)
        case .vertical: return CGSize(width: 0, height: height)
        case nil: return CGSize(width: width, height: height)
        }
    }

    override var spacing: ViewSpacing { .zero }

    override func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value {
        if key == SpacerLayoutKey.self, let value = true as? K.Value { return value }
        return K.defaultValue
    }

    override var layoutValueCarrier: ViewNode? { self }
}

/// A forced line break in a ``FlowLayout``: it takes no space and carries ``LineBreakLayoutKey``, so
/// the flow ends the row it is on. Other containers see an empty view.
///
/// ```swift
/// FlowLayout {
///     Text("First row")
///     LineBreak()
///     Text("Second row")
/// }
/// ```
public struct LineBreak: Sendable {
    /// Creates a line break.
    public init() {}
}

extension LineBreak: View {
    /// A zero-size node marked as a line break.
    ///
    /// - Parameters:
    ///   - view: The line break.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: LineBreak, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(node: LayoutValueNode(EmptyNode(), key: LineBreakLayoutKey.self, value: true,
                                           layoutDirection: inputs.environment.layoutDirection))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A visual element that separates content: SwiftUI's `Divider`.
///
/// In a horizontal stack it is a vertical line; elsewhere a horizontal one. It is one pixel thick
/// at the picture's scale, in iOS's separator colour, and takes the whole proposed length (10 points
/// for an unspecified proposal).
public struct Divider: Sendable {
    /// Creates a divider.
    public init() {}
}

extension Divider: View {
    /// A divider node with the enclosing container's axis.
    ///
    /// - Parameters:
    ///   - view: The divider.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: Divider, inputs: _ViewInputs) -> _ViewOutputs {
        let thickness = 1 / Swift.max(1, inputs.environment.displayScale)
        return _ViewOutputs(node: DividerNode(isVertical: inputs.stackOrientation == .horizontal, thickness: thickness))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A separator line.
final class DividerNode: ViewNode {
    let isVertical: Bool
    let thickness: CGFloat

    init(isVertical: Bool, thickness: CGFloat) {
        self.isVertical = isVertical
        self.thickness = thickness
    }

    override var kind: String { "Divider" }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let filled = proposal.replacingUnspecifiedDimensions()
        return isVertical ? CGSize(width: thickness, height: filled.height) : CGSize(width: filled.width, height: thickness)
    }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        guard frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0 else { return }
        canvas.append(.fill(.rect(frame), with: .color(RGBAColor(red8: 60, green8: 60, blue8: 67, opacity: 0.29))))
    }
}
