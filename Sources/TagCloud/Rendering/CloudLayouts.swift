import Foundation
import TagCloudUI

/// What one layout pass of a cloud found out: the frame of every chip and how many chips the row
/// limit hid.
///
/// The layouts below write into it while the view tree is drawn, so the frames are exactly those
/// the chips were drawn in: the layout JSON and the picture come from one pass.
///
/// Layouts must be `Sendable`, and a large cloud's chips are drawn on several threads at once
/// (`CloudFlowLayout.measuresInParallel`), each recording its own chip. Each chip's frame and
/// fonts sit in a slot of their own, behind one of ``ChipSlots``'s striped mutexes (POSIX mutexes,
/// which ThreadSanitizer understands): with one lock for every chip, the threads drawing
/// 1,000,000 chips spent most of that stage waiting for each other. The rest (rarely written)
/// is behind one lock.
final class LayoutRecorder: FrameRecorder, @unchecked Sendable {
    private let lock = NSLock()
    private let recordedFrames: ChipSlots<CGRect?>
    private var recordedHidden = 0
    private var recordedNarrowed: Set<Int> = []
    private var recordedTexts: [Int: [String]] = [:]
    private let recordedFonts: ChipSlots<RecordedFonts>

    /// The fonts of a chip's one text as drawn on one line, uncut: what the layout JSON and the
    /// font warnings report, read from the pass instead of shaping the label again.
    struct ChipFonts: Sendable {
        /// The families the text was set in, in drawing order (``ShapedText/fontFamilies``).
        var families: [String]
        /// The characters no font covers (``ShapedText/uncoveredCharacters``).
        var uncovered: [UncoveredCharacter]
        /// The text drawn.
        var text: String
    }

    /// What a chip's texts tell of its fonts.
    private enum RecordedFonts {
        /// It drew no text yet.
        case none
        /// It drew one text, on one uncut line.
        case one(ChipFonts)
        /// It drew a cut text or several texts: its label is shaped again.
        case unusable
    }

    /// A recorder for `count` chips, none placed yet.
    init(count: Int) {
        recordedFrames = ChipSlots(count: count, initial: nil)
        recordedFonts = ChipSlots(count: count, initial: .none)
    }

    /// Records a text chip `index` drew: the label when `keepsLabel` (a chip narrowed to the
    /// flow's width, whose label may be cut), and the fonts of its layout when it is one uncut
    /// line (see ``fonts(of:text:)``).
    func recordDrawn(_ drawn: DrawnText, for index: Int, keepsLabel: Bool) {
        let layout = drawn.layout
        let fonts: RecordedFonts = layout.isTruncated || layout.lineCount != 1 ? .unusable
            : .one(ChipFonts(families: layout.fontFamilies, uncovered: layout.uncoveredCharacters, text: drawn.label))
        if keepsLabel { lock.withLock { recordedTexts[index, default: []].append(drawn.label) } }
        recordedFonts.update(index) { recorded in
            if case .none = recorded {
                recorded = fonts
            } else {
                recorded = .unusable
            }
        }
    }

    /// The families and uncovered characters chip `index` was drawn with, when it drew exactly
    /// one text, `text`, on one uncut line; `nil` otherwise (the caller then shapes the label).
    func fonts(of index: Int, text: String) -> ChipFonts? {
        guard case .one(let fonts) = recordedFonts.value(index), fonts.text == text else { return nil }
        return fonts
    }

    /// Records the frame chip `index` was placed in, in the picture's coordinates.
    func record(_ frame: CGRect, for index: Int) {
        recordedFrames.update(index) { $0 = frame }
    }

    /// Records that chip `index` was proposed less than its ideal width (it was too wide for the
    /// flow), so its text may be cut. Chips hidden by the row limit may be recorded too.
    func recordNarrowed(_ index: Int) {
        lock.withLock { _ = recordedNarrowed.insert(index) }
    }

    /// The chips narrowed to the flow's width, in order.
    var narrowed: [Int] { lock.withLock { recordedNarrowed.sorted() } }

    /// What the texts of each recorded chip drew, joined by spaces.
    var texts: [Int: String] { lock.withLock { recordedTexts.mapValues { $0.joined(separator: " ") } } }

    /// Records how many trailing chips the flow's row limit hid.
    func recordHidden(_ count: Int) {
        lock.withLock { recordedHidden = count }
    }

    /// The recorded frames, `nil` for chips that were not placed.
    var frames: [CGRect?] { recordedFrames.values }

    /// How many trailing chips the flow's row limit hid in the latest placement.
    var hiddenCount: Int { lock.withLock { recordedHidden } }
}

/// One value per chip, each behind one of a few mutexes chosen by the chip's index, so that
/// threads recording different chips seldom wait for each other. Indices outside the slots are
/// ignored (writes) or `nil` (reads).
///
/// Consecutive chips share a mutex (a thread draws a run of consecutive chips, so two threads
/// rarely want the same one); the values and mutexes are raw memory, so that recording a chip
/// touches no reference count shared between the threads.
private final class ChipSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value>
    private let mutexes: UnsafeMutableBufferPointer<pthread_mutex_t>
    private static var stripes: Int { 64 }
    /// Chips per run sharing a mutex: log2.
    private static var runShift: Int { 4 }

    init(count: Int, initial: Value) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
        mutexes = .allocate(capacity: Self.stripes)
        mutexes.initialize(repeating: pthread_mutex_t())
        for index in mutexes.indices {
            // A default mutex cannot fail to initialise except for lack of memory.
            precondition(pthread_mutex_init(&mutexes[index], nil) == 0, "pthread_mutex_init failed")
        }
    }

    deinit {
        for index in mutexes.indices { pthread_mutex_destroy(&mutexes[index]) }
        mutexes.deallocate()
        slots.deinitialize()
        slots.deallocate()
    }

    @inline(__always)
    private func withSlot<Result>(_ index: Int, _ body: (inout Value) -> Result) -> Result? {
        guard slots.indices.contains(index), let mutexes = mutexes.baseAddress, let slots = slots.baseAddress else { return nil }
        let mutex = mutexes + ((index >> Self.runShift) & (Self.stripes - 1))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&slots[index])
    }

    /// Changes chip `index`'s value.
    func update(_ index: Int, _ body: (inout Value) -> Void) {
        _ = withSlot(index, body)
    }

    /// Chip `index`'s value, or `nil` outside the slots.
    func value(_ index: Int) -> Value? {
        withSlot(index) { $0 }
    }

    /// Every chip's value, in order.
    var values: [Value] {
        slots.indices.compactMap { value($0) }
    }
}

/// The cloud's container: LayoutKit's `FlowLayout` in a container of a definite width, as a
/// CSS flex container with `width` set.
///
/// The container takes the proposed width, and the flow aligns its rows in that width. Chips are
/// at most that wide (their frame recorders narrow wider ones), so none overflows it, unless even
/// its padding and an ellipsis are wider: then the container grows to hold it (the picture always
/// contains every chip). Its height is the rows'. After placing, it records the flow's hidden-item
/// count (``FlowLayout/maxRows``).
struct CloudFlowLayout: ConcurrentlyMeasuredLayout {
    /// The wrapped flow.
    var flow: FlowLayout
    /// Where the hidden count goes.
    let recorder: LayoutRecorder

    static var layoutProperties: LayoutProperties { FlowLayout.layoutProperties }

    var measuresSubviewsConcurrently: Bool { flow.measuresSubviewsConcurrently }

    func makeCache(subviews: Subviews) -> FlowLayout.Cache {
        flow.makeCache(subviews: subviews)
    }

    func updateCache(_ cache: inout FlowLayout.Cache, subviews: Subviews) {
        flow.updateCache(&cache, subviews: subviews)
    }

    func spacing(subviews: Subviews, cache: inout FlowLayout.Cache) -> ViewSpacing {
        flow.spacing(subviews: subviews, cache: &cache)
    }

    /// The proposed width (CSS's definite width), or the widest row's when that is wider, by the
    /// rows' height; the rows' width when the proposal has no finite width.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout FlowLayout.Cache) -> CGSize {
        let size = flow.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        guard let width = proposal.width, width.isFinite, width >= 0 else { return size }
        return CGSize(width: Swift.max(width, size.width), height: size.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews,
                       cache: inout FlowLayout.Cache) {
        flow.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        recorder.recordHidden(cache.hiddenItemCount)
    }

    /// Whether large clouds measure and draw their chips on several threads (tests turn it off
    /// to compare with the one-thread pass): measured by the flow
    /// (``FlowLayout/measuresSubviewsConcurrently``), drawn by TagCloudUI's containers
    /// (`renderViewTree(drawingConcurrently:)`). Each chip is its own subtree of TagCloud's views
    /// (a frame recorder, metadata, padding, a background shape and a text), which keeps its state
    /// in its own nodes and shapes through the thread-safe typesetter, so chips measure
    /// independently; the sizes are the same whichever thread measures them (`make bench`: site
    /// group, 100,000 tags).
    @TaskLocal static var measuresInParallel = true

    /// `nil`: the container's subviews are ``ChipView``s (in frame recorders), and no part of a
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

/// The picture's frame: its one child's size, but at least 1 × 1 point (so that an empty cloud
/// is a picture too), the child at the top-leading corner.
///
/// Unlike `frame(minWidth: 1, minHeight: 1)`, which keeps to the proposed width, it takes the
/// child's width when that is wider, so that a chip whose padding and ellipsis are wider than
/// the flow is inside the picture.
struct PictureFrame: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let size = subviews.first?.sizeThatFits(proposal) ?? .zero
        return CGSize(width: Swift.max(size.width, 1), height: Swift.max(size.height, 1))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, anchor: .topLeading, proposal: proposal)
    }
}
