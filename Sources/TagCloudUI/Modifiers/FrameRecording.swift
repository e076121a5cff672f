extension View {
    /// Records, in `recorder`, the frame this view is drawn in as item `index`, in the picture's
    /// coordinates, each time it is drawn: how a caller learns where views went from the pass that
    /// drew them (the TagCloud library's layout JSON). It also keeps the view at most `maxWidth`
    /// wide: proposed a width (or none) for which it would be wider, it is proposed `maxWidth`
    /// instead (its text then truncates or wraps, as under any narrower proposal), and the
    /// recorder is told (``FrameRecorder/recordNarrowed(_:)``). What each text inside draws goes
    /// to the recorder too, in drawing order (its label, a truncated text's shown lines joined
    /// by spaces, and its layout), even when the pass keeps no items (a layout alone).
    ///
    /// The recorder and the index are all a view keeps: a cloud of 100,000 chips records them
    /// without a closure per chip.
    ///
    /// - Parameters:
    ///   - maxWidth: The widest the view may be; `.infinity` for no limit.
    ///   - recorder: Where frames, narrowings and texts go.
    ///   - index: The view's number in the recorder.
    ///   - keepsLabels: Passed to ``FrameRecorder/recordDrawn(_:for:keepsLabel:)``.
    /// - Returns: The view.
    @inlinable
    package func _recordingFrame(maxWidth: CGFloat, recorder: any FrameRecorder, index: Int, keepsLabels: Bool) -> some View {
        modifier(FrameRecordingModifier(recorder: recorder, index: index, maxWidth: maxWidth, keepsLabels: keepsLabels))
    }
}

/// Where ``View/_recordingFrame(maxWidth:recorder:index:keepsLabels:)`` reports, from the
/// rendering's threads (a large container draws its children on every core).
@usableFromInline
package protocol FrameRecorder: AnyObject, Sendable {
    /// Item `index` was drawn in `frame`.
    func record(_ frame: CGRect, for index: Int)
    /// Item `index` was proposed its maximum width instead of a wider proposal.
    func recordNarrowed(_ index: Int)
    /// A text inside item `index` drew `text`.
    func recordDrawn(_ text: DrawnText, for index: Int, keepsLabel: Bool)
}

/// The modifier of ``View/_recordingFrame(maxWidth:recorder:index:keepsLabels:)``: a
/// ``FrameRecordingNode`` around each node of the content.
@usableFromInline
struct FrameRecordingModifier: ViewModifier {
    @usableFromInline
    typealias Body = Never
    @usableFromInline
    let recorder: any FrameRecorder
    @usableFromInline
    let index: Int
    @usableFromInline
    let maxWidth: CGFloat
    @usableFromInline
    let keepsLabels: Bool

    @inlinable
    init(recorder: any FrameRecorder, index: Int, maxWidth: CGFloat, keepsLabels: Bool) {
        self.recorder = recorder
        self.index = index
        self.maxWidth = maxWidth
        self.keepsLabels = keepsLabels
    }

    @usableFromInline
    static func _makeNodes(modifier: FrameRecordingModifier, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let direction = inputs.environment.layoutDirection
        let sink = TextSink(recorder: modifier.recorder, index: modifier.index, keepsLabel: modifier.keepsLabels)
        return content(inputs).map {
            FrameRecordingNode($0, sink: sink, maxWidth: modifier.maxWidth, layoutDirection: direction)
        }
    }
}

/// Where the texts drawn inside a recorded view go: its recorder, under its index.
///
/// A sink is copied into the drawing context for each chip drawn, and every chip of a cloud has
/// the same recorder: a counted reference here was counted from every thread at once, for each
/// chip, on one object. The sink does not keep the recorder alive; the ``FrameRecordingNode``
/// that made it does, and a sink is used only while its node draws.
struct TextSink {
    unowned(unsafe) let recorder: any FrameRecorder
    let index: Int
    let keepsLabel: Bool

    /// Reports a drawn text.
    func record(_ text: DrawnText) {
        recorder.recordDrawn(text, for: index, keepsLabel: keepsLabel)
    }
}

/// A node that records the frame its child is drawn in and keeps the child at most ``maxWidth``
/// wide; it is otherwise its child.
final class FrameRecordingNode: WrapperNode {
    let sink: TextSink
    /// The sink's recorder, kept alive while the node can draw.
    private let recorder: any FrameRecorder
    /// The widest the child may be; infinity for no limit.
    let maxWidth: CGFloat

    init(_ child: ViewNode, sink: TextSink, maxWidth: CGFloat, layoutDirection: LayoutDirection) {
        self.sink = sink
        self.recorder = sink.recorder
        self.maxWidth = maxWidth
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
        // Narrowed is what a child wider than the limit at its own width is. Under an infinite
        // proposal a frame that stretches (a stretched row's chips) is infinitely wide whatever
        // its label, and every chip of such a row was taken for one too wide (its label then
        // drawn at the leading edge instead of centred).
        if proposal.width.map({ $0.isFinite }) ?? true { sink.recorder.recordNarrowed(sink.index) }
        return child.sizeThatFits(ProposedViewSize(width: maxWidth, height: proposal.height))
    }

    override func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        child.explicitAlignment(of: guide, size: size, proposal: limited(proposal))
    }

    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        child.explicitAlignment(of: guide, size: size, proposal: limited(proposal))
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        sink.recorder.record(frame, for: sink.index)
        let outer = canvas.textSink
        canvas.textSink = sink
        child.render(in: frame, proposal: limited(proposal), into: canvas)
        canvas.textSink = outer
    }
}

/// What a text draws, as ``View/_recordingFrame(maxWidth:recorder:index:keepsLabels:)`` reports it.
@usableFromInline
package struct DrawnText: Sendable {
    /// The text shown: the whole text, or a truncated text's shown lines joined by spaces.
    package let label: String
    /// The text's layout as drawn (a hit in the typesetter's cache when asked again).
    package let layout: ShapedText
}
