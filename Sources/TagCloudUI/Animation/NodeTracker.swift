/// The identity of a node in a drawn tree: its class and its view's structural path (see
/// ``ViewPath``) under its parent's key, with a rank among siblings that would otherwise share
/// it. Two drawings of the same view code give equal keys to the nodes of the same views, which
/// is how an animation matches a node with its former self.
final class NodeKey: Hashable, @unchecked Sendable {
    let parent: NodeKey?
    let kind: ObjectIdentifier
    let path: ViewPath?
    let ordinal: Int
    private let hash: Int

    init(parent: NodeKey?, kind: ObjectIdentifier, path: ViewPath?, ordinal: Int) {
        self.parent = parent
        self.kind = kind
        self.path = path
        self.ordinal = ordinal
        var hasher = Hasher()
        hasher.combine(parent?.hash ?? 0)
        hasher.combine(kind)
        hasher.combine(path)
        hasher.combine(ordinal)
        hash = hasher.finalize()
    }

    static func == (lhs: NodeKey, rhs: NodeKey) -> Bool {
        var a: NodeKey? = lhs, b: NodeKey? = rhs
        while let x = a, let y = b {
            if x === y { return true }
            guard x.hash == y.hash, x.kind == y.kind, x.ordinal == y.ordinal, x.path == y.path else { return false }
            a = x.parent
            b = y.parent
        }
        return a == nil && b == nil
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// One node of a drawn tree: the node, the frame layout gave it in the picture, the proposal it
/// was placed with, and its parent's key.
struct NodeRecord {
    let node: ViewNode
    let frame: CGRect
    let proposal: ProposedViewSize
    let parent: NodeKey?
}

/// The nodes of one drawing of a view tree, by key.
final class DrawnTree {
    private(set) var records: [NodeKey: NodeRecord] = [:]
    /// Each node's children's keys, in drawing order (the root's under `nil`).
    private(set) var children: [NodeKey?: [NodeKey]] = [:]
    /// The root's key.
    private(set) var root: NodeKey?

    func add(_ key: NodeKey, _ record: NodeRecord) {
        if records[key] == nil {
            children[record.parent, default: []].append(key)
            if record.parent == nil, root == nil { root = key }
        }
        records[key] = record
    }

    subscript(key: NodeKey) -> NodeRecord? { records[key] }
}

/// Follows the nodes of a tree as it is drawn, giving each its ``NodeKey``.
///
/// Installed on a ``DrawingContext``, it is called by ``ViewNode/render(in:proposal:into:)`` for
/// every node instead of drawing it directly. Subclasses record the tree (``TreeRecorder``) or
/// draw an animation frame (``FrameAnimator``).
class NodeTracker {
    /// A node being drawn, with what its children need.
    struct Level {
        let node: ViewNode
        let key: NodeKey
        /// Where the node is drawn.
        let displayed: CGRect
        /// Its frame in the state after the change (or the only state, when recording).
        let new: CGRect?
        /// Its frame in the state before the change, if it had one.
        let old: CGRect?
        /// The animation of its changes.
        let animation: Animation?
        /// The fraction of its animation shown.
        let progress: Double
        /// Whether it is part of a subtree removed by the change.
        let removed: Bool
        /// The node before the change, if it had one.
        let oldNode: ViewNode?
        /// How many children have each key part so far.
        var ordinals: [KeyPart: Int] = [:]
    }

    /// What makes two siblings' keys equal before their rank.
    struct KeyPart: Hashable {
        let kind: ObjectIdentifier
        let path: ViewPath?
    }

    private(set) var levels: [Level] = []

    /// The key of the next child of the node being drawn.
    ///
    /// - Parameter node: The child.
    /// - Returns: Its key.
    final func nextKey(for node: ViewNode) -> NodeKey {
        let part = KeyPart(kind: ObjectIdentifier(type(of: node)), path: node.path)
        var ordinal = 0
        if !levels.isEmpty {
            ordinal = levels[levels.count - 1].ordinals[part, default: 0]
            levels[levels.count - 1].ordinals[part] = ordinal + 1
        }
        return NodeKey(parent: levels.last?.key, kind: part.kind, path: part.path, ordinal: ordinal)
    }

    final func push(_ level: Level) { levels.append(level) }
    final func pop() { levels.removeLast() }

    /// The level of `node` if it is the node being drawn.
    final func level(of node: ViewNode) -> Level? {
        guard let last = levels.last, last.node === node else { return nil }
        return last
    }

    /// Draws `node`, which its parent placed at `frame` with `proposal`.
    func render(_ node: ViewNode, in frame: CGRect, proposal: ProposedViewSize, canvas: DrawingContext) {
        node.draw(in: frame, proposal: proposal, into: canvas)
    }

    /// Whether the drawing is an animation frame.
    var isAnimationFrame: Bool { false }

    /// Draws `body` inside a unit's group when `identifier` is set or `opacity` is not 1.
    final func unit(_ identifier: String?, opacity: Double, canvas: DrawingContext, _ body: () -> Void) {
        if identifier == nil, opacity == 1 {
            body()
            return
        }
        canvas.group(opacity: Swift.min(1, Swift.max(0, opacity)), metadata: ItemMetadata(identifier: identifier), body)
    }
}

/// Records a drawing's nodes (``DrawnTree``), optionally drawing the given units inside groups
/// carrying their identifiers (the layers of an animated SVG).
final class TreeRecorder: NodeTracker {
    let tree = DrawnTree()
    /// The identifiers of the nodes drawn as units.
    var units: [NodeKey: String] = [:]

    override func render(_ node: ViewNode, in frame: CGRect, proposal: ProposedViewSize, canvas: DrawingContext) {
        let key = nextKey(for: node)
        tree.add(key, NodeRecord(node: node, frame: frame, proposal: proposal, parent: levels.last?.key))
        push(Level(node: node, key: key, displayed: frame, new: frame, old: nil, animation: nil, progress: 1,
                   removed: false, oldNode: nil))
        defer { pop() }
        unit(units[key], opacity: 1, canvas: canvas) {
            node.draw(in: frame, proposal: proposal, into: canvas)
        }
    }
}

/// Draws one frame of the change from one drawn tree to another: every node of the new tree at a
/// frame interpolated between its old and new frames, inserted subtrees fading in, removed ones
/// fading out where they were.
///
/// Each node's displacement is its own animation's progress applied to its frame relative to its
/// parent's, as SwiftUI animates each view's geometry within its parent: when a node and its
/// parent share an animation this is the interpolation of its frame in the picture, exactly.
final class FrameAnimator: NodeTracker {
    let old: DrawnTree
    let new: DrawnTree
    let transaction: Animation?
    let time: Double
    let units: [NodeKey: String]
    /// The units the former drawings of cross-fading nodes fade out as.
    let outgoing: [NodeKey: String]

    init(old: DrawnTree, new: DrawnTree, transaction: Animation?, time: Double, units: [NodeKey: String],
         outgoing: [NodeKey: String] = [:]) {
        self.old = old
        self.new = new
        self.transaction = transaction
        self.time = time
        self.units = units
        self.outgoing = outgoing
    }

    override var isAnimationFrame: Bool { true }

    override func render(_ node: ViewNode, in frame: CGRect, proposal: ProposedViewSize, canvas: DrawingContext) {
        let parent = levels.last
        let key = nextKey(for: node)
        if parent?.removed == true {
            renderRemoved(key, canvas: canvas)
            return
        }
        guard let record = new[key] else {
            // Not in the new state's drawing (drawn only now): where its parent puts it.
            node.draw(in: frame, proposal: proposal, into: canvas)
            return
        }
        let oldRecord = old[key]
        // A subtree whose animation was set to none (`animation(nil, value:)`) keeps none.
        var animation = parent.map(\.animation) ?? transaction
        if let current = node as? AnimationNode, let former = oldRecord?.node as? AnimationNode, current.applies(since: former) {
            animation = current.animation
        }
        let progress = animation.map { $0.progress(at: time) } ?? 1
        let displayed: CGRect
        if let oldRecord {
            displayed = interpolate(oldRecord.frame, record.frame, progress, parent: parent)
        } else {
            displayed = shifted(record.frame, from: parent?.new, parent: parent)
        }
        let inserted = oldRecord == nil && (parent == nil || parent?.old != nil)
        if let oldRecord, !node.drawsLike(oldRecord.node, proposal: record.proposal, formerProposal: oldRecord.proposal) {
            crossFade(node, record: record, from: oldRecord, key: key, displayed: displayed, animation: animation,
                      progress: progress, canvas: canvas)
            return
        }
        push(Level(node: node, key: key, displayed: displayed, new: record.frame, old: oldRecord?.frame, animation: animation,
                   progress: progress, removed: false, oldNode: oldRecord?.node))
        defer { pop() }
        unit(units[key], opacity: inserted ? fade(progress) : 1, canvas: canvas) {
            node.draw(in: displayed, proposal: record.proposal, into: canvas)
            for child in old.children[key] ?? [] where new[child] == nil {
                renderRemoved(child, canvas: canvas)
            }
        }
    }

    /// Draws a node that draws something else than its former self (``ViewNode/drawsLike(_:proposal:formerProposal:)``)
    /// as SwiftUI's `.opacity` content transition shows it: the former drawing fading out and the
    /// new one fading in, both at the frame the node is drawn at (each at its own size, from the
    /// frame's top-left corner) and in their own colours. The former drawing is the unit the
    /// node was before the change (``AnimationSession/units(of:)``), the new one the unit it is.
    private func crossFade(_ node: ViewNode, record: NodeRecord, from oldRecord: NodeRecord, key: NodeKey, displayed: CGRect,
                           animation: Animation?, progress: Double, canvas: DrawingContext) {
        let shown = fade(progress)
        if shown < 1 {
            // Drawn as a removed node is, so that it keeps its own colours.
            push(Level(node: oldRecord.node, key: key, displayed: displayed, new: nil, old: oldRecord.frame,
                       animation: animation, progress: progress, removed: true, oldNode: oldRecord.node))
            unit(outgoing[key], opacity: 1 - shown, canvas: canvas) {
                oldRecord.node.draw(in: CGRect(origin: displayed.origin, size: oldRecord.frame.size),
                                    proposal: oldRecord.proposal, into: canvas)
            }
            pop()
        }
        // Drawn as an inserted node is: no former self to take colours from.
        push(Level(node: node, key: key, displayed: displayed, new: record.frame, old: nil, animation: animation,
                   progress: progress, removed: false, oldNode: nil))
        defer { pop() }
        unit(units[key], opacity: shown, canvas: canvas) {
            node.draw(in: CGRect(origin: displayed.origin, size: record.frame.size), proposal: record.proposal, into: canvas)
        }
    }

    /// Draws a node of the old tree that the new one no longer has, and its subtree.
    func renderRemoved(_ key: NodeKey, canvas: DrawingContext) {
        guard let record = old[key] else { return }
        let parent = levels.last
        let top = parent?.removed != true
        let animation = parent.map(\.animation) ?? transaction
        let progress = top ? (animation.map { $0.progress(at: time) } ?? 1) : parent?.progress ?? 1
        let displayed = shifted(record.frame, from: parent?.old, parent: parent)
        push(Level(node: record.node, key: key, displayed: displayed, new: nil, old: record.frame, animation: animation,
                   progress: progress, removed: true, oldNode: record.node))
        defer { pop() }
        unit(top ? units[key] : nil, opacity: top ? 1 - fade(progress) : 1, canvas: canvas) {
            record.node.draw(in: displayed, proposal: record.proposal, into: canvas)
        }
    }

    /// A matched node's frame: its own interpolation, moved by how far its parent is drawn from
    /// the parent's frame interpolated with the node's progress.
    ///
    /// A node whose place in its parent and size do not change is drawn at that place in its
    /// parent: the same frame in exact arithmetic, and in floating point the same offsets as in
    /// the still pictures, so a subtree that moves as a whole is drawn alike in every frame.
    private func interpolate(_ from: CGRect, _ to: CGRect, _ progress: Double, parent: Level?) -> CGRect {
        if let parent, let parentNew = parent.new, let parentOld = parent.old, from.size == to.size,
           to.minX - parentNew.minX == from.minX - parentOld.minX, to.minY - parentNew.minY == from.minY - parentOld.minY {
            return CGRect(x: parent.displayed.minX + (to.minX - parentNew.minX), y: parent.displayed.minY + (to.minY - parentNew.minY),
                          width: to.width, height: to.height)
        }
        let origin = lerp(from.origin, to.origin, progress)
        let size = CGSize(width: Swift.max(0, lerp(from.width, to.width, progress)),
                          height: Swift.max(0, lerp(from.height, to.height, progress)))
        guard let parent, let parentNew = parent.new, let parentOld = parent.old else {
            return CGRect(origin: origin, size: size)
        }
        let expected = lerp(parentOld.origin, parentNew.origin, progress)
        return CGRect(x: origin.x + (parent.displayed.minX - expected.x), y: origin.y + (parent.displayed.minY - expected.y),
                      width: size.width, height: size.height)
    }

    /// A frame of one state, moved with its parent.
    private func shifted(_ frame: CGRect, from parentFrame: CGRect?, parent: Level?) -> CGRect {
        guard let parent, let parentFrame else { return frame }
        return frame.offsetBy(dx: parent.displayed.minX - parentFrame.minX, dy: parent.displayed.minY - parentFrame.minY)
    }

    private func fade(_ progress: Double) -> Double { Swift.min(1, Swift.max(0, progress)) }
}

/// `a` at `t = 0`, `b` at `t = 1`, exactly, and the straight line between.
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    (1 - t) * a + t * b
}

func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat {
    (1 - CGFloat(t)) * a + CGFloat(t) * b
}

func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
    CGPoint(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
}
