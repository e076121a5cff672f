/// A control for selecting a value from a bounded range: the port of SwiftUI's `Slider`, drawn
/// at its current value in iOS's plain style.
///
/// The slider is as wide as it is proposed (160 points for an unspecified proposal) and 28 points
/// tall: a 4-point rounded track, tinted up to the value and light grey after it, and a white
/// round thumb with a faint outline and shadow.
public struct Slider: Sendable {
    let fraction: Double

    /// Creates a slider over a range.
    ///
    /// - Parameters:
    ///   - value: The selected value.
    ///   - bounds: The range; `0...1` by default.
    ///   - onEditingChanged: Accepted for SwiftUI code (never called in a picture).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let offset = Double(value.wrappedValue - bounds.lowerBound)
        fraction = span > 0 ? Swift.min(1, Swift.max(0, offset / span)) : 0
    }

    /// Creates a slider over a range with a step.
    ///
    /// - Parameters:
    ///   - value: The selected value.
    ///   - bounds: The range.
    ///   - step: The distance between allowed values; the value is drawn rounded to it.
    ///   - onEditingChanged: Accepted for SwiftUI code.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        var offset = Double(value.wrappedValue - bounds.lowerBound)
        let stepValue = Double(step)
        if stepValue > 0 { offset = (offset / stepValue).rounded() * stepValue }
        fraction = span > 0 ? Swift.min(1, Swift.max(0, offset / span)) : 0
    }
}

extension Slider: View {
    /// A slider node.
    ///
    /// - Parameters:
    ///   - view: The slider.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: Slider, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(node: SliderNode(fraction: view.fraction, tint: inputs.environment.accentColor,
                                      layoutDirection: inputs.environment.layoutDirection))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A slider (see ``Slider``).
final class SliderNode: MemoizingNode {
    static let height: CGFloat = 28
    let fraction: Double
    let tint: Color
    let layoutDirection: LayoutDirection

    init(fraction: Double, tint: Color, layoutDirection: LayoutDirection) {
        self.fraction = fraction
        self.tint = tint
        self.layoutDirection = layoutDirection
    }

    override var kind: String { "Slider" }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let width = proposal.width.flatMap { $0.isFinite ? Swift.max(0, $0) : nil } ?? 160
        return CGSize(width: width, height: Self.height)
    }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let radius = Self.height / 2
        let trackStart = frame.minX + radius, trackEnd = frame.maxX - radius
        let length = Swift.max(0, trackEnd - trackStart)
        let position = layoutDirection == .rightToLeft
            ? trackEnd - CGFloat(fraction) * length
            : trackStart + CGFloat(fraction) * length
        let track = CGRect(x: frame.minX + 2, y: frame.midY - 2, width: Swift.max(0, frame.width - 4), height: 4)
        canvas.append(.fill(.capsule(track), with: .color(RGBAColor(red8: 120, green8: 120, blue8: 128, opacity: 0.2))))
        let filled = layoutDirection == .rightToLeft
            ? CGRect(x: position, y: track.minY, width: Swift.max(0, track.maxX - position), height: 4)
            : CGRect(x: track.minX, y: track.minY, width: Swift.max(0, position - track.minX), height: 4)
        canvas.append(.fill(.capsule(filled), with: .color(tint.rgba)))
        let thumb = CGRect(x: position - radius + 0.5, y: frame.minY + 0.5, width: 2 * radius - 1, height: 2 * radius - 1)
        canvas.append(.fill(.circle(thumb.offsetBy(dx: 0, dy: 1.5).insetBy(dx: -0.5, dy: -0.5)),
                            with: .color(RGBAColor(red: 0, green: 0, blue: 0, opacity: 0.1))))
        canvas.append(.fill(.circle(thumb), with: .color(.white)))
        canvas.append(.stroke(.circle(thumb), with: .color(RGBAColor(red: 0, green: 0, blue: 0, opacity: 0.08)),
                              style: StrokeStyle(lineWidth: 0.5), placement: .inside))
    }
}
