/// One node of the resolved view tree: what a view becomes once its environment is known.
///
/// A node is the ``LayoutSubviewBackend`` behind a ``LayoutSubview``: parents propose, the node
/// chooses its size in ``measure(_:)``, and the parent places it. After layout, ``render(in:proposal:into:)``
/// draws the node into its frame (the parent gives the frame and the proposal it placed the node
/// with, so the node lays out its own children exactly as it measured them).
///
/// Sizes are memoised per proposal for the whole rendering (the tree is built afresh for each
/// one), so a parent that asks twice, and ``LayoutHost`` that asks again when placing, cost
/// nothing: each text is shaped once per proposal.
class ViewNode: LayoutSubviewBackend {
    /// The selection tag (``View/tag(_:)`` or the enclosing `ForEach` element's identifier).
    var tag: AnyHashable?

    private var memoProposals: [ProposedViewSize] = []
    private var memoSizes: [CGSize] = []

    init() {}

    /// A short name for the node's kind, for recorded frames and debugging.
    var kind: String { String(describing: type(of: self)) }

    /// The node's size for a proposal, memoised.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The size the node chooses.
    /// - Complexity: O(1) for a proposal already answered (up to eight are kept).
    final func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        for index in memoProposals.indices where memoProposals[index] == proposal {
            return memoSizes[index]
        }
        let size = measure(proposal)
        if memoProposals.count >= 8 {
            memoProposals.removeFirst()
            memoSizes.removeFirst()
        }
        memoProposals.append(proposal)
        memoSizes.append(size)
        return size
    }

    /// Computes the node's size for a proposal; subclasses override it.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The size the node chooses.
    func measure(_ proposal: ProposedViewSize) -> CGSize { .zero }

    /// The node's explicit horizontal guide, if it sets one.
    ///
    /// - Parameters:
    ///   - guide: The guide.
    ///   - size: The node's size for `proposal`.
    ///   - proposal: The proposal.
    /// - Returns: The guide's offset from the leading edge, or `nil`.
    func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        nil
    }

    /// The node's explicit vertical guide, if it sets one (text baselines).
    ///
    /// - Parameters:
    ///   - guide: The guide.
    ///   - size: The node's size for `proposal`.
    ///   - proposal: The proposal.
    /// - Returns: The guide's offset from the top edge, or `nil`.
    func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        nil
    }

    /// The node's preferred spacing: default distances.
    var spacing: ViewSpacing { ViewSpacing() }

    /// The node's layout priority.
    var priority: Double { 0 }

    /// A layout value of the node: the key's default.
    ///
    /// - Parameter key: The key type.
    /// - Returns: The value.
    func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value { K.defaultValue }

    /// Draws the node into `frame`.
    ///
    /// - Parameters:
    ///   - frame: The node's frame in the picture's coordinates; its size is the node's size for
    ///     `proposal`.
    ///   - proposal: The proposal the parent placed the node with.
    ///   - canvas: Where the items go.
    @MainActor
    func render(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        canvas.record(self, frame)
        draw(in: frame, proposal: proposal, into: canvas)
    }

    /// Draws the node's content into `frame`; subclasses override it.
    ///
    /// - Parameters:
    ///   - frame: The node's frame.
    ///   - proposal: The proposal it was placed with.
    ///   - canvas: Where the items go.
    @MainActor
    func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {}

    /// The node's dimensions for a proposal, with its explicit guides.
    ///
    /// - Parameter proposal: The proposal.
    /// - Returns: The dimensions.
    final func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        ViewDimensions(size: sizeThatFits(proposal), backend: self, proposal: proposal)
    }
}

/// A node that takes no space and draws nothing (an empty background, for example).
final class EmptyNode: ViewNode {}

/// Where nodes draw: the display items of a rendering, with groups for clips, opacity and
/// metadata, and (for tests) the frame of every node.
final class DrawingContext {
    /// The items drawn so far at the current group level.
    private(set) var items: [DisplayItem] = []
    /// Every node's frame in drawing order, when recording.
    private(set) var frames: [(kind: String, frame: CGRect)] = []
    private let recordsFrames: Bool

    init(recordsFrames: Bool = false) {
        self.recordsFrames = recordsFrames
    }

    /// Appends an item on top of the others.
    ///
    /// - Parameter item: The item.
    func append(_ item: DisplayItem) {
        items.append(item)
    }

    /// Records a node's frame when recording frames.
    ///
    /// - Parameters:
    ///   - node: The node.
    ///   - frame: Its frame.
    func record(_ node: ViewNode, _ frame: CGRect) {
        if recordsFrames { frames.append((node.kind, frame)) }
    }

    /// Draws the items `body` appends as one group.
    ///
    /// An empty group is dropped. A group with no clip, no transform, full opacity and no metadata
    /// is flattened into its items.
    ///
    /// - Parameters:
    ///   - clip: The clip, in the picture's coordinates.
    ///   - opacity: The group opacity.
    ///   - transform: The group transform.
    ///   - metadata: The group's metadata.
    ///   - body: Draws the group's items.
    func group(clip: Clip? = nil, opacity: Double = 1, transform: Transform = .identity,
               metadata: ItemMetadata = ItemMetadata(), _ body: () -> Void) {
        let saved = items
        items = []
        body()
        let inner = items
        items = saved
        guard !inner.isEmpty else { return }
        if clip == nil, opacity == 1, transform.isIdentity, metadata.isEmpty {
            items.append(contentsOf: inner)
            return
        }
        let group = ItemGroup(items: inner, transform: transform, clip: clip, opacity: opacity)
        items.append(DisplayItem(.group(group), metadata: metadata))
    }
}
