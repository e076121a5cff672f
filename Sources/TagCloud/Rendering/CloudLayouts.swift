import Foundation
import TagCloudUI

/// What one layout pass of a cloud found out: the frame of every chip and how many chips the row
/// limit hid.
///
/// The layouts below write into it while the view tree is drawn, so the frames are exactly those
/// the chips were drawn in: the layout JSON and the picture come from one pass.
///
/// Layouts must be `Sendable`; the recorder's state sits behind a lock (an `NSLock`, a POSIX
/// mutex that ThreadSanitizer understands), although a render runs on one thread.
final class LayoutRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recordedFrames: [CGRect?]
    private var recordedHidden = 0

    /// A recorder for `count` chips, none placed yet.
    init(count: Int) {
        recordedFrames = [CGRect?](repeating: nil, count: count)
    }

    /// Records the frame chip `index` was placed in, in the picture's coordinates.
    func record(_ frame: CGRect, for index: Int) {
        lock.withLock {
            if recordedFrames.indices.contains(index) { recordedFrames[index] = frame }
        }
    }

    /// Records how many trailing chips the flow's row limit hid.
    func recordHidden(_ count: Int) {
        lock.withLock { recordedHidden = count }
    }

    /// The recorded frames, `nil` for chips that were not placed.
    var frames: [CGRect?] { lock.withLock { recordedFrames } }

    /// How many trailing chips the flow's row limit hid in the latest placement.
    var hiddenCount: Int { lock.withLock { recordedHidden } }
}

/// The cloud's container: LayoutKit's `FlowLayout` in a container of a definite width, as a
/// CSS flex container with `width` set.
///
/// The container takes the proposed width whatever its rows need, and the flow aligns its rows in
/// that width, so a chip wider than the container overflows it (starting at the leading edge, the
/// one deliberate difference from CSS) without moving the other rows. Its height is the rows'.
/// After placing, it records the flow's hidden-item count (``FlowLayout/maxRows``).
struct CloudFlowLayout: Layout {
    /// The wrapped flow.
    var flow: FlowLayout
    /// Where the hidden count goes.
    let recorder: LayoutRecorder

    static var layoutProperties: LayoutProperties { FlowLayout.layoutProperties }

    func makeCache(subviews: Subviews) -> FlowLayout.Cache {
        flow.makeCache(subviews: subviews)
    }

    func updateCache(_ cache: inout FlowLayout.Cache, subviews: Subviews) {
        flow.updateCache(&cache, subviews: subviews)
    }

    func spacing(subviews: Subviews, cache: inout FlowLayout.Cache) -> ViewSpacing {
        flow.spacing(subviews: subviews, cache: &cache)
    }

    /// The proposed width (CSS's definite width) by the rows' height; the rows' width when the
    /// proposal has no finite width.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout FlowLayout.Cache) -> CGSize {
        let size = flow.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        guard let width = proposal.width, width.isFinite, width >= 0 else { return size }
        return CGSize(width: width, height: size.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
                       cache: inout FlowLayout.Cache) {
        flow.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        recorder.recordHidden(cache.hiddenItemCount)
    }

    /// `nil`: the container's subviews are ``ChipView``s in ``ChipFrameProbe``s, and no part of a
    /// chip (text, padding, the checkmark's `HStack`, a stretching frame, backgrounds and borders)
    /// sets a horizontal alignment guide, so the merge of the subviews' explicit values that the
    /// protocol's default makes is always `nil`. Answering it directly skips that merge's scratch
    /// placement of every chip (100,000 tags to layout JSON: 1.53 instead of 1.61 s). Vertical
    /// guides (the chips' text baselines) are merged as the default does.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout FlowLayout.Cache) -> CGFloat? {
        nil
    }

    /// The chips' text baselines merged as the protocol's default merges them; `nil` for the
    /// other vertical guides, which no part of a chip sets (the same reasoning as for the
    /// horizontal guides; `ChipGuideTests` checks both). Asked for the `top` guide by the frame
    /// around the cloud, the default merge measured every chip again.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout FlowLayout.Cache) -> CGFloat? {
        guard guide == .firstTextBaseline || guide == .lastTextBaseline else { return nil }
        return flow.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}
