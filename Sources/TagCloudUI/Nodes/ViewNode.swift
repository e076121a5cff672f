/// One node of the resolved view tree: what a view becomes once its environment is known.
///
/// A node is the ``LayoutSubviewBackend`` behind a ``LayoutSubview``: parents propose, the node
/// chooses its size in ``measure(_:)``, and the parent places it. After layout, ``render(in:proposal:into:)``
/// draws the node into its frame (the parent gives the frame and the proposal it placed the node
/// with, so the node lays out its own children exactly as it measured them).
///
/// Sizes are memoised per proposal for the whole rendering where measuring costs
/// (``MemoizingNode``; a text keeps its own layouts), so each text is shaped once per proposal.
class ViewNode: LayoutSubviewBackend {
    /// The selection tag (``View/tag(_:)`` or the enclosing `ForEach` element's identifier).
    var tag: AnyHashable? {
        get { tagBox?.value }
        set { tagBox = newValue.map(NodeTag.init) }
    }
    /// The tag, boxed: most nodes have none, and the nodes of one `ForEach` element share one box
    /// (8 bytes a node instead of 48).
    var tagBox: NodeTag?
    /// The structural identity of the view the node comes from (see ``ViewPath``); set once, by
    /// the innermost structural view that resolved it.
    private(set) var path: ViewPath?

    init() {}

    /// A short name for the node's kind, for recorded frames and debugging.
    var kind: String { String(describing: type(of: self)) }

    /// The nodes this node lays out and draws (its child, its children, its decoration), in
    /// drawing order; none for a leaf.
    var childNodes: [ViewNode] { [] }

    /// Calls `body` with each of ``childNodes``, in order, without making the array (wrappers,
    /// the most common nodes, override it).
    func forEachChild(_ body: (ViewNode) -> Void) {
        for child in childNodes { body(child) }
    }

    /// Gives this node, and its descendants that have none yet, a structural identity.
    ///
    /// - Parameter path: The identity of the view that resolved to this node.
    /// - Complexity: O(k) in the descendants without a path (a node's descendants are stamped by
    ///   the structural views inside it first, so each node is visited once).
    final func stamp(_ path: ViewPath) {
        guard self.path == nil else { return }
        self.path = path
        forEachChild { $0.stamp(path) }
    }

    /// The node's size for a proposal: ``measure(_:)``, memoised by the nodes whose measuring
    /// costs (``MemoizingNode``: layout containers, symbols, controls, geometry readers).
    ///
    /// The others answer at once: a wrapper asks its child (a chip's chain of wrappers ends in a
    /// text, which keeps its own layouts, or a container), a shape its shape. Keeping their answers
    /// too cost 80 bytes a node, a tenth of a large cloud's memory, for no time.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The size the node chooses.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        measure(proposal)
    }

    /// Computes the node's size for a proposal; subclasses override it.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The size the node chooses.
    func measure(_ proposal: ProposedViewSize) -> CGSize { .zero }

    /// The node's explicit horizontal guide, if it sets one.
    ///
    /// - Parameters:
    ///   - size: The node's size for `proposal`.
    /// - Returns: The guide's offset from the leading edge, or `nil`.
    func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        nil
    }

    /// The node's explicit vertical guide, if it sets one (text baselines).
    ///
    /// - Parameters:
    ///   - size: The node's size for `proposal`.
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

    /// The node whose ``layoutValue(_:)`` answers for this one: itself when it carries layout
    /// values, the nearest such node down a chain of wrappers, or `nil` when none does (every
    /// key then has its default). A flow asks each subview for two keys; without it, each ask
    /// walked the whole chain of a chip's wrappers.
    var layoutValueCarrier: ViewNode? { nil }

    /// Draws the node into `frame`.
    ///
    /// - Parameters:
    ///   - frame: The node's frame in the picture's coordinates; its size is the node's size for
    ///     `proposal`.
    ///   - proposal: The proposal the parent placed the node with.
    ///   - canvas: Where the items go.
    final func render(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        if let tracker = canvas.tracker {
            tracker.render(self, in: frame, proposal: proposal, canvas: canvas)
            return
        }
        canvas.record(self, frame)
        if let role = adoptedRole {
            canvas.group(metadata: ItemMetadata(role: role)) { draw(in: frame, proposal: proposal, into: canvas) }
        } else {
            draw(in: frame, proposal: proposal, into: canvas)
        }
    }

    /// Takes the display-list role of a role-alone metadata modifier around this leaf
    /// (``View/displayMetadata(_:)``), drawing as that modifier's node would have drawn it (its
    /// items in one group carrying the role), instead of being wrapped in a node of its own: a
    /// chip's label and fill are two nodes fewer. Only in renderings without identities (no
    /// animation tracks the nodes, whose structure it compares).
    ///
    /// - Returns: Whether the node took the role (a text or a shape without one yet).
    func adopt(role: ItemRole) -> Bool { false }

    /// The role the node took with ``adopt(role:)``.
    var adoptedRole: ItemRole? { nil }

    /// Whether the node only draws: nothing but its own drawing depends on it (no layout,
    /// frame recorder, preference or action). A pass that neither draws nor records frames
    /// leaves such a decoration out (``ResolutionContext/omitsDrawingOnlyNodes``). Shapes.
    var drawsOnly: Bool { false }

    /// Whether the node draws what `former` drew, wherever each is placed and whatever colours
    /// they are drawn in: an animation frame then moves the drawing and interpolates its colours.
    /// A node that draws something else (a text whose characters or lines changed) is
    /// cross-faded instead, as SwiftUI's default `.opacity` content transition does.
    ///
    /// - Parameters:
    ///   - former: The node at the same place in the drawing before the change.
    ///   - proposal: This node's proposal.
    ///   - formerProposal: The former node's.
    /// - Returns: `true` unless a subclass knows better; texts compare their lines.
    func drawsLike(_ former: ViewNode, proposal: ProposedViewSize, formerProposal: ProposedViewSize) -> Bool { true }

    /// Draws the node's content into `frame`; subclasses override it.
    ///
    /// - Parameters:
    ///   - frame: The node's frame.
    ///   - proposal: The proposal it was placed with.
    ///   - canvas: Where the items go.
    func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {}

    /// The node's dimensions for a proposal, with its explicit guides.
    ///
    /// - Returns: The dimensions.
    final func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        ViewDimensions(size: sizeThatFits(proposal), backend: self, proposal: proposal)
    }
}

/// A node's tag (``ViewNode/tag``) or a `ForEach` element's identifier in a ``ViewPath``, boxed so
/// that the nodes and the path of one element share it.
///
/// An element of `_ConcurrentForEach` keeps its index as an `Int` and makes the `AnyHashable`
/// only when asked: wrapping an `Int` in `AnyHashable` looks its conformances up at run time,
/// which cost every chip of a large cloud a protocol lookup.
@usableFromInline
final class NodeTag: Hashable, CustomStringConvertible {
    private enum Storage {
        case index(Int)
        /// Indirect: an `AnyHashable` is 40 bytes, and the index case (every chip of a cloud has
        /// one) would carry them too.
        indirect case value(AnyHashable)
    }

    private let storage: Storage

    @usableFromInline
    init(_ value: AnyHashable) {
        storage = .value(value)
    }

    /// The tag of the element at `index` of a `ForEach` over integers.
    init(index: Int) {
        storage = .index(index)
    }

    /// The tag's value.
    var value: AnyHashable {
        switch storage {
        case .index(let index): AnyHashable(index)
        case .value(let value): value
        }
    }

    @usableFromInline
    static func == (lhs: NodeTag, rhs: NodeTag) -> Bool {
        if lhs === rhs { return true }
        if case .index(let a) = lhs.storage, case .index(let b) = rhs.storage { return a == b }
        return lhs.value == rhs.value
    }
    @usableFromInline
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
    @usableFromInline
    var description: String { "\(value)" }
}

/// A node that takes no space and draws nothing (an empty background, for example).
final class EmptyNode: ViewNode {}

/// A node whose measuring costs (a layout container asks its layout, a symbol its font): its
/// sizes are memoised per proposal for the whole rendering (the tree is built afresh for each
/// one), so a parent that asks twice, and ``LayoutHost`` that asks again when placing, cost
/// nothing.
class MemoizingNode: ViewNode {
    /// The sizes answered so far: two inline, up to six more in an array (most nodes are asked
    /// one or two proposals, so most nodes allocate nothing for their memo).
    private var memo = SizeMemo()

    /// The node's size for a proposal, memoised.
    ///
    /// - Complexity: O(1) for a proposal already answered (up to eight are kept).
    override final func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let size = memo[proposal] { return size }
        let size = measure(proposal)
        memo.insert(size, for: proposal)
        return size
    }
}

/// Where nodes draw: the display items of a rendering, with groups for clips, opacity and
/// metadata, and (for tests) the frame of every node.
final class DrawingContext {
    /// The items drawn so far at the current group level.
    private(set) var items: [DisplayItem] = []
    /// Every node's frame in drawing order, when recording.
    private(set) var frames: [(kind: String, frame: CGRect)] = []
    private let recordsFrames: Bool
    /// The actions of the update pass being drawn (preference observers register there).
    let actions: PassActions
    /// The preference values set so far, in view order (see ``PreferenceKey``).
    var preferences: [PreferenceEntry] = []
    /// The named coordinate spaces around the node being drawn: each name's origin in the
    /// picture (see ``View/coordinateSpace(name:)``).
    var namedSpaces: [AnyHashable: CGPoint] = [:]

    /// Whether items are kept: `false` when only the placement matters (a layout, no picture), so
    /// nodes place their children without making items.
    let keepsItems: Bool
    /// Where what each text draws goes (the enclosing ``FrameRecordingNode``'s recorder), whether
    /// or not items are kept; `nil` for none.
    var textSink: TextSink?

    init(recordsFrames: Bool = false, keepsItems: Bool = true, actions: PassActions = PassActions()) {
        self.recordsFrames = recordsFrames
        self.keepsItems = keepsItems
        self.actions = actions
    }

    /// Whether a container with thousands of children draws them on every core, each share into
    /// a ``forked()`` context absorbed in order (the same items, frames and preferences as drawn
    /// one by one). Only for trees of primitive views, whose nodes draw without registering
    /// actions and record only into locked recorders (the `TagCloud` library's clouds); never
    /// while a tracker follows the nodes.
    var drawsLargeContainersConcurrently = false

    /// A context that draws part of a container's children on another thread: this one's
    /// settings, named spaces and text recorder, no items yet, drawing its own children one by
    /// one. Its results go back with ``absorb(_:)``.
    func forked() -> DrawingContext {
        let fork = DrawingContext(recordsFrames: recordsFrames, keepsItems: keepsItems, actions: actions)
        fork.namedSpaces = namedSpaces
        fork.textSink = textSink
        return fork
    }

    /// Appends what a ``forked()`` context drew: its items, frames and preferences, after this
    /// one's.
    func absorb(_ fork: DrawingContext) {
        if keepsItems { items.append(contentsOf: fork.items) }
        frames.append(contentsOf: fork.frames)
        preferences.append(contentsOf: fork.preferences)
    }

    /// Appends an item on top of the others.
    func append(_ item: DisplayItem) {
        if keepsItems { items.append(item) }
    }

    /// Appends items on top of the others.
    ///
    /// - Parameter items: The items, back to front.
    func append(contentsOf items: [DisplayItem]) {
        if keepsItems { self.items.append(contentsOf: items) }
    }

    /// The items `body` draws, taken aside instead of drawn.
    ///
    /// - Parameter body: Draws.
    /// - Returns: What it drew.
    func capture(_ body: () -> Void) -> [DisplayItem] {
        var saved: [DisplayItem] = []
        swap(&saved, &items)
        body()
        swap(&saved, &items)
        return saved
    }

    /// Follows the nodes as they are drawn: records them, or draws an animation frame.
    var tracker: NodeTracker?

    /// Whether this drawing is a frame of an animation (actions are not registered, made content
    /// is reused).
    var isAnimationFrame: Bool { tracker?.isAnimationFrame ?? false }

    /// The frame layout gave `node`, when the drawing shows it elsewhere (an animation frame);
    /// `nil` when the frame the node is drawn in is its layout frame.
    ///
    /// - Parameter node: The node being drawn.
    /// - Returns: Its layout frame in the picture, or `nil`.
    func modelFrame(of node: ViewNode) -> CGRect? {
        guard let level = tracker?.level(of: node), level.displayed != (level.new ?? level.old) else { return nil }
        return level.new ?? level.old
    }

    /// The node before the change and the fraction of the change shown, when `node` is being
    /// drawn in an animation frame and had a former self of its class.
    ///
    /// - Parameter node: The node being drawn.
    /// - Returns: Its former self and the progress, or `nil`.
    func counterpart<N: ViewNode>(of node: N) -> (old: N, progress: Double)? {
        guard let tracker, tracker.isAnimationFrame, let level = tracker.level(of: node), !level.removed,
              let old = level.oldNode as? N else { return nil }
        return (old, level.progress)
    }

    /// Records a node's frame when recording frames.
    ///
    /// - Parameters:
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
        guard keepsItems else { return body() }
        // Swapped rather than copied, so that the outer items stay uniquely referenced and
        // appending to them never copies them (a copy per group made long lists quadratic).
        var saved: [DisplayItem] = []
        swap(&saved, &items)
        body()
        var inner: [DisplayItem] = []
        swap(&inner, &items)
        swap(&items, &saved)
        guard !inner.isEmpty else { return }
        var clip = clip
        var content = inner
        if let shape = clip?.shape, transform.isIdentity, let unclipped = Self.unclipped(inner, by: shape) {
            clip = nil
            content = unclipped
        }
        if clip == nil, opacity == 1, transform.isIdentity, metadata.isEmpty {
            items.append(contentsOf: content)
            return
        }
        let group = ItemGroup(items: content, transform: transform, clip: clip, opacity: opacity)
        items.append(DisplayItem(.group(group), metadata: metadata))
    }

    /// The items drawn the same without the clip, or `nil` if the clip is needed.
    ///
    /// A clip costs a compositing group in every backend; the common `background(…).clipShape(…)`
    /// needs none: a rectangle fill covering the clip becomes a fill of the clip shape, and items
    /// lying inside the shape (text within a chip's padding) are drawn as they are.
    ///
    /// - Parameters:
    ///   - items: The group's items.
    ///   - shape: The clip shape.
    /// - Returns: The items to draw without the clip, or `nil`.
    /// - Complexity: O(n) in the items.
    static func unclipped(_ items: [DisplayItem], by shape: ResolvedShape) -> [DisplayItem]? {
        guard let containment = ShapeContainment(shape) else { return nil }
        var result: [DisplayItem] = []
        result.reserveCapacity(items.count)
        for item in items {
            switch item.content {
            case .fill(.rect(let rect), let shading, let style) where rect.covers(containment.bounds):
                result.append(DisplayItem(.fill(shape, shading, style), metadata: item.metadata))
            case .fill(let inner, _, _) where containment.contains(inner.path.controlPointBounds):
                result.append(item)
            case .text(let text) where containment.contains(text.layoutBounds):
                result.append(item)
            default:
                return nil
            }
        }
        return result
    }
}

/// Whether rectangles lie inside a rectangle, rounded rectangle, capsule, circle or ellipse.
///
/// Continuous corners lie inside circular ones of the same radius only up to a small margin, so
/// corners are tested against circles of 90 % of the radius.
struct ShapeContainment {
    let bounds: CGRect
    private let radius: CGSize
    private let isEllipse: Bool

    init?(_ shape: ResolvedShape) {
        switch shape {
        case .rect(let rect):
            (bounds, radius, isEllipse) = (rect.standardized, .zero, false)
        case .roundedRect(let rect, let corner, _):
            let r = rect.standardized
            radius = CGSize(width: Swift.min(abs(corner.width), r.width / 2), height: Swift.min(abs(corner.height), r.height / 2))
            (bounds, isEllipse) = (r, false)
        case .capsule(let rect, _):
            let r = rect.standardized
            let side = Swift.min(r.width, r.height) / 2
            (bounds, radius, isEllipse) = (r, CGSize(width: side, height: side), false)
        case .circle(let rect):
            let r = rect.standardized
            let side = Swift.min(r.width, r.height)
            bounds = CGRect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side)
            (radius, isEllipse) = (CGSize(width: side / 2, height: side / 2), true)
        case .ellipse(let rect):
            let r = rect.standardized
            (bounds, radius, isEllipse) = (r, CGSize(width: r.width / 2, height: r.height / 2), true)
        case .path:
            return nil
        }
        guard [bounds.minX, bounds.minY, bounds.width, bounds.height].allSatisfy(\.isFinite) else { return nil }
    }

    /// Whether `rect` lies inside the shape.
    func contains(_ rect: CGRect) -> Bool {
        guard !rect.isNull, bounds.covers(rect) else { return false }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
        return corners.allSatisfy(contains)
    }

    private func contains(_ point: CGPoint) -> Bool {
        guard radius.width > 0, radius.height > 0 else { return true }
        let rx = radius.width * 0.9, ry = radius.height * 0.9
        // The centre of the corner's ellipse nearest the point (the ellipse's own centre).
        let cx = isEllipse ? bounds.midX : Swift.min(Swift.max(point.x, bounds.minX + radius.width), bounds.maxX - radius.width)
        let cy = isEllipse ? bounds.midY : Swift.min(Swift.max(point.y, bounds.minY + radius.height), bounds.maxY - radius.height)
        let dx = (point.x - cx) / (isEllipse ? radius.width * 0.99 : rx)
        let dy = (point.y - cy) / (isEllipse ? radius.height * 0.99 : ry)
        return dx * dx + dy * dy <= 1
    }
}

extension CGRect {
    /// Whether `other` lies inside this rectangle, edges included, compared edge by edge
    /// (Foundation's `contains(_:)` on Linux can say no for a rectangle and itself when their
    /// coordinates are not exact binary fractions).
    func covers(_ other: CGRect) -> Bool {
        let a = standardized, b = other.standardized
        return a.minX <= b.minX && a.minY <= b.minY && a.maxX >= b.maxX && a.maxY >= b.maxY
    }
}

extension TextItem {
    /// The text's layout box in the picture: from the origin, as wide as the widest line's
    /// advance and as tall as the lines.
    var layoutBounds: CGRect {
        guard let first = runs.first else { return .null }
        var minX = CGFloat.infinity, maxX = -CGFloat.infinity
        for run in runs {
            for index in 0..<run.positionCount {
                let position = run.position(index)
                let advance = index < run.advanceCount ? run.advance(index) : 0
                minX = Swift.min(minX, position.x)
                maxX = Swift.max(maxX, position.x + advance)
            }
        }
        guard minX.isFinite, maxX.isFinite else { return .null }
        let ascent = first.fontSize
        var minY = CGFloat.infinity, maxY = -CGFloat.infinity
        for run in runs {
            for index in 0..<run.positionCount {
                let position = run.position(index)
                minY = Swift.min(minY, position.y - ascent)
                maxY = Swift.max(maxY, position.y + run.fontSize * 0.3)
            }
        }
        return CGRect(x: origin.x + minX, y: origin.y + minY, width: maxX - minX, height: maxY - minY)
    }
}

/// A node's memoised sizes, by proposal: the first two in place, later ones (at most six, the
/// oldest dropped first) in an array. Sizes are pure functions of the proposal for a whole
/// rendering, so which entries are kept changes only how often a node measures, never a size.
///
/// Every node has one, so it is kept small: a proposal is stored as two numbers, an unspecified
/// dimension as NaN (64 bytes in place instead of 112 for two optional tuples). A proposal with a
/// NaN dimension is never kept (it is answered afresh, as before, since NaN equals nothing).
struct SizeMemo {
    private struct Entry {
        var width: CGFloat
        var height: CGFloat
        var size: CGSize

        init(_ proposal: ProposedViewSize, _ size: CGSize) {
            width = proposal.width ?? .nan
            height = proposal.height ?? .nan
            self.size = size
        }

        static let empty = Entry(ProposedViewSize(width: nil, height: nil), .zero)

        @inline(__always)
        func matches(_ width: CGFloat, _ height: CGFloat) -> Bool {
            (self.width == width || (self.width.isNaN && width.isNaN)) &&
                (self.height == height || (self.height.isNaN && height.isNaN))
        }
    }

    private var first = Entry.empty
    private var second = Entry.empty
    private var count: UInt8 = 0
    private var more: [Entry] = []

    private static func isKeepable(_ proposal: ProposedViewSize) -> Bool {
        !(proposal.width?.isNaN ?? false) && !(proposal.height?.isNaN ?? false)
    }

    /// The size answered for `proposal`, if it is kept.
    subscript(proposal: ProposedViewSize) -> CGSize? {
        guard count > 0, Self.isKeepable(proposal) else { return nil }
        let width = proposal.width ?? .nan, height = proposal.height ?? .nan
        if first.matches(width, height) { return first.size }
        if count > 1, second.matches(width, height) { return second.size }
        return more.first { $0.matches(width, height) }?.size
    }

    /// Keeps `size` as the answer for `proposal`.
    mutating func insert(_ size: CGSize, for proposal: ProposedViewSize) {
        guard Self.isKeepable(proposal) else { return }
        switch count {
        case 0:
            first = Entry(proposal, size)
            count = 1
        case 1:
            second = Entry(proposal, size)
            count = 2
        default:
            if more.count >= 6 { more.removeFirst() }
            more.append(Entry(proposal, size))
        }
    }
}
