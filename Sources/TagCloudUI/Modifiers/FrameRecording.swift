extension View {
    /// Calls `record` with the frame this view is drawn in, in the picture's coordinates, each time
    /// it is drawn: how a caller learns where views went from the pass that drew them (the TagCloud
    /// library's layout JSON). It changes nothing about the view's layout or drawing.
    ///
    /// - Parameter record: Called during drawing, on the rendering's thread.
    /// - Returns: The view.
    @inlinable
    package func _recordingFrame(_ record: @escaping @Sendable (CGRect) -> Void) -> some View {
        modifier(FrameRecordingModifier(record: record, maxWidth: .infinity, narrowed: nil, texts: nil))
    }

    /// Records the frame this view is drawn in, as ``_recordingFrame(_:)``, and keeps the view at
    /// most `maxWidth` wide: proposed a width (or none) for which it would be wider, it is proposed
    /// `maxWidth` instead (its text then truncates or wraps, as under any narrower proposal), and
    /// `narrowed` is called. `texts`, when given, is called with what each text inside draws, in
    /// drawing order (its label, a truncated text's shown lines joined by spaces, and its layout),
    /// even when the pass keeps no items (a layout alone).
    ///
    /// - Parameters:
    ///   - maxWidth: The widest the view may be.
    ///   - narrowed: Called when the view was proposed `maxWidth` instead of a wider proposal.
    ///   - texts: Called with each text drawn inside, or `nil`.
    ///   - record: Called with the frame during drawing, on the rendering's thread.
    /// - Returns: The view.
    @inlinable
    package func _recordingFrame(maxWidth: CGFloat, narrowed: @escaping @Sendable () -> Void,
                                 texts: (@Sendable (DrawnText) -> Void)?,
                                 _ record: @escaping @Sendable (CGRect) -> Void) -> some View {
        modifier(FrameRecordingModifier(record: record, maxWidth: maxWidth, narrowed: narrowed, texts: texts))
    }
}

/// The modifier of ``View/_recordingFrame(maxWidth:narrowed:texts:_:)``: a ``FrameRecordingNode``
/// around each node of the content.
@usableFromInline
struct FrameRecordingModifier: ViewModifier {
    @usableFromInline
    typealias Body = Never
    @usableFromInline
    let record: @Sendable (CGRect) -> Void
    @usableFromInline
    let maxWidth: CGFloat
    @usableFromInline
    let narrowed: (@Sendable () -> Void)?
    @usableFromInline
    let texts: (@Sendable (DrawnText) -> Void)?

    @inlinable
    init(record: @escaping @Sendable (CGRect) -> Void, maxWidth: CGFloat, narrowed: (@Sendable () -> Void)?,
         texts: (@Sendable (DrawnText) -> Void)?) {
        self.record = record
        self.maxWidth = maxWidth
        self.narrowed = narrowed
        self.texts = texts
    }

    @usableFromInline
    static func _makeNodes(modifier: FrameRecordingModifier, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let direction = inputs.environment.layoutDirection
        return content(inputs).map {
            FrameRecordingNode($0, record: modifier.record, maxWidth: modifier.maxWidth, narrowed: modifier.narrowed,
                               texts: modifier.texts, layoutDirection: direction)
        }
    }
}

/// A node that records the frame its child is drawn in and keeps the child at most ``maxWidth``
/// wide; it is otherwise its child.
final class FrameRecordingNode: WrapperNode {
    let record: @Sendable (CGRect) -> Void
    /// The widest the child may be; infinity for no limit.
    let maxWidth: CGFloat
    let narrowed: (@Sendable () -> Void)?
    let texts: (@Sendable (DrawnText) -> Void)?

    init(_ child: ViewNode, record: @escaping @Sendable (CGRect) -> Void, maxWidth: CGFloat = .infinity,
         narrowed: (@Sendable () -> Void)? = nil, texts: (@Sendable (DrawnText) -> Void)? = nil,
         layoutDirection: LayoutDirection) {
        self.record = record
        self.maxWidth = maxWidth
        self.narrowed = narrowed
        self.texts = texts
        super.init(child, layoutDirection: layoutDirection)
    }

    /// `proposal`, or ``maxWidth`` across when the child would be wider.
    private func limited(_ proposal: ProposedViewSize) -> ProposedViewSize {
        guard maxWidth.isFinite, proposal.width.map({ $0 > maxWidth }) ?? true,
              child.sizeThatFits(proposal).width > maxWidth else { return proposal }
        return ProposedViewSize(width: maxWidth, height: proposal.height)
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let size = child.sizeThatFits(proposal)
        guard maxWidth.isFinite, size.width > maxWidth, proposal.width.map({ $0 > maxWidth }) ?? true else { return size }
        narrowed?()
        return child.sizeThatFits(ProposedViewSize(width: maxWidth, height: proposal.height))
    }

    override func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        child.explicitAlignment(of: guide, size: size, proposal: limited(proposal))
    }

    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        child.explicitAlignment(of: guide, size: size, proposal: limited(proposal))
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        record(frame)
        let outer = canvas.textRecorder
        if let texts { canvas.textRecorder = texts }
        child.render(in: frame, proposal: limited(proposal), into: canvas)
        canvas.textRecorder = outer
    }
}

/// What a text draws, as ``View/_recordingFrame(maxWidth:narrowed:texts:_:)`` reports it.
@usableFromInline
package struct DrawnText: Sendable {
    /// The text shown: the whole text, or a truncated text's shown lines joined by spaces.
    package let label: String
    /// The text's layout as drawn (a hit in the typesetter's cache when asked again).
    package let layout: ShapedText
}
