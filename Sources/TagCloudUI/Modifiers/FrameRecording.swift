extension View {
    /// Calls `record` with the frame this view is drawn in, in the picture's coordinates, each time
    /// it is drawn: how a caller learns where views went from the pass that drew them (the TagCloud
    /// library's layout JSON). It changes nothing about the view's layout or drawing.
    ///
    /// - Parameter record: Called during drawing, on the rendering's thread.
    /// - Returns: The view.
    package func _recordingFrame(_ record: @escaping @Sendable (CGRect) -> Void) -> some View {
        wrapped { FrameRecordingNode($0, record: record, layoutDirection: $1) }
    }
}

/// A node that records the frame its child is drawn in, and is otherwise its child.
final class FrameRecordingNode: WrapperNode {
    let record: @Sendable (CGRect) -> Void

    init(_ child: ViewNode, record: @escaping @Sendable (CGRect) -> Void, layoutDirection: LayoutDirection) {
        self.record = record
        super.init(child, layoutDirection: layoutDirection)
    }

    override func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        child.explicitAlignment(of: guide, size: size, proposal: proposal)
    }

    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        child.explicitAlignment(of: guide, size: size, proposal: proposal)
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        record(frame)
        child.render(in: frame, proposal: proposal, into: canvas)
    }
}
