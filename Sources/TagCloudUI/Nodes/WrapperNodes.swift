/// A node that wraps one child: it measures, aligns and draws through it and, unless a subclass
/// says otherwise, reports the child's spacing, priority, layout values, guides and tag.
class WrapperNode: ViewNode {
    let child: ViewNode
    /// The direction the wrapper places its child in (leading is right in right-to-left).
    let layoutDirection: LayoutDirection
    /// The child's ``ViewNode/layoutValueCarrier``, found once.
    private let childCarrier: ViewNode?

    init(_ child: ViewNode, layoutDirection: LayoutDirection) {
        self.child = child
        self.layoutDirection = layoutDirection
        childCarrier = child.layoutValueCarrier
        super.init()
        tagBox = child.tagBox
    }

    override var kind: String { "\(String(describing: type(of: self)))" }

    override var childNodes: [ViewNode] { [child] }
    override func forEachChild(_ body: (ViewNode) -> Void) { body(child) }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        child.sizeThatFits(proposal)
    }

    override var spacing: ViewSpacing { child.spacing }
    override var priority: Double { child.priority }
    override func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value { childCarrier?.layoutValue(key) ?? K.defaultValue }
    override var layoutValueCarrier: ViewNode? { childCarrier }

    /// Whether the wrapper is laid out as its child: it answers the child's size (``measure(_:)``
    /// is not overridden) and places the child with its own proposal, size and place
    /// (``childPlacement(size:proposal:)`` is not overridden). A guide or a frame then passes to
    /// the child as it is; before, each level measured the child again, so that reading a guide
    /// through a chip's chain of wrappers measured it once per level of the chain and per level
    /// below (quadratic in the chain's length). Subclasses opt in.
    var isLaidOutAsChild: Bool { false }

    override func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        if isLaidOutAsChild { return child.explicitAlignment(of: guide, size: size, proposal: proposal) }
        let placed = childPlacement(size: size, proposal: proposal)
        return child.explicitAlignment(of: guide, size: placed.size, proposal: placed.proposal).map { $0 + placed.offset.x }
    }

    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        if isLaidOutAsChild { return child.explicitAlignment(of: guide, size: size, proposal: proposal) }
        let placed = childPlacement(size: size, proposal: proposal)
        return child.explicitAlignment(of: guide, size: placed.size, proposal: placed.proposal).map { $0 + placed.offset.y }
    }

    /// Where the child goes in the wrapper's bounds: its proposal, size and offset from the
    /// wrapper's top-leading corner (leading-to-trailing coordinates). The default: same
    /// proposal, same place.
    ///
    /// - Parameters:
    ///   - size: The wrapper's size for `proposal`.
    ///   - proposal: The wrapper's proposal.
    /// - Returns: The child's placement.
    func childPlacement(size: CGSize, proposal: ProposedViewSize) -> ChildPlacement {
        ChildPlacement(proposal: proposal, size: child.sizeThatFits(proposal), offset: .zero)
    }

    /// The child proposed `proposal` and aligned in the wrapper's bounds on `alignment`.
    ///
    /// - Parameters:
    ///   - proposal: The child's proposal.
    ///   - size: The wrapper's size.
    /// - Returns: The child's placement.
    final func aligned(_ proposal: ProposedViewSize, in size: CGSize, alignment: Alignment) -> ChildPlacement {
        ChildPlacement(aligning: child, proposal: proposal, in: size, alignment: alignment)
    }

    /// Draws the child in the wrapper's frame as one group carrying `metadata` (the metadata nodes).
    final func drawChild(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext, metadata: ItemMetadata) {
        canvas.group(clip: nil, opacity: 1, metadata: metadata) {
            child.render(in: frame, proposal: proposal, into: canvas)
        }
    }

    /// The child's frame in the picture for the wrapper's frame, mirrored for right to left.
    ///
    /// - Parameters:
    ///   - placed: The child's placement.
    ///   - frame: The wrapper's frame.
    /// - Returns: The child's frame.
    final func childFrame(_ placed: ChildPlacement, in frame: CGRect) -> CGRect {
        let x = layoutDirection == .rightToLeft
            ? frame.maxX - placed.offset.x - placed.size.width
            : frame.minX + placed.offset.x
        return CGRect(x: x, y: frame.minY + placed.offset.y, width: placed.size.width, height: placed.size.height)
    }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        if isLaidOutAsChild { return child.render(in: frame, proposal: proposal, into: canvas) }
        let placed = childPlacement(size: frame.size, proposal: proposal)
        child.render(in: childFrame(placed, in: frame), proposal: placed.proposal, into: canvas)
    }
}

/// Where a wrapper puts its child.
struct ChildPlacement {
    /// The proposal the child gets.
    var proposal: ProposedViewSize
    /// The child's size for it.
    var size: CGSize
    /// The child's top-leading corner from the wrapper's, in leading-to-trailing coordinates.
    var offset: CGPoint

    init(proposal: ProposedViewSize, size: CGSize, offset: CGPoint) {
        self.proposal = proposal
        self.size = size
        self.offset = offset
    }

    /// A node proposed `proposal` and aligned on `alignment` in a container of `size`.
    init(aligning node: ViewNode, proposal: ProposedViewSize, in size: CGSize, alignment: Alignment) {
        let dimensions = node.dimensions(in: proposal)
        self.init(proposal: proposal, size: CGSize(width: dimensions.width, height: dimensions.height),
                  offset: alignedOffset(of: dimensions, in: size, alignment: alignment))
    }
}

/// The offset that aligns a child of size `child` in a container of size `container` on
/// `alignment`: SwiftUI's rule that the container's guide (its default value) and the child's
/// guide (explicit or default) coincide.
///
/// - Parameters:
///   - child: The child's dimensions.
///   - container: The container's size.
/// - Returns: The child's offset from the container's top-leading corner.
func alignedOffset(of child: ViewDimensions, in container: CGSize, alignment: Alignment) -> CGPoint {
    let bounds = ViewDimensions(size: container)
    return CGPoint(x: bounds[alignment.horizontal] - child[alignment.horizontal],
                   y: bounds[alignment.vertical] - child[alignment.vertical])
}

/// `padding(_:_:)`: the child is proposed the proposal minus the insets and the node is the
/// child's size plus the insets. Padded edges lose the child's spacing preferences.
final class PaddingNode: WrapperNode {
    let insets: EdgeInsets

    init(_ child: ViewNode, insets: EdgeInsets, layoutDirection: LayoutDirection) {
        self.insets = insets
        super.init(child, layoutDirection: layoutDirection)
    }

    private func inset(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: proposal.width.map { Swift.max(0, $0 - insets.leading - insets.trailing) },
                         height: proposal.height.map { Swift.max(0, $0 - insets.top - insets.bottom) })
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let size = child.sizeThatFits(inset(proposal))
        return CGSize(width: size.width + insets.leading + insets.trailing, height: size.height + insets.top + insets.bottom)
    }

    override func childPlacement(size: CGSize, proposal: ProposedViewSize) -> ChildPlacement {
        let inner = inset(proposal)
        return ChildPlacement(proposal: inner, size: child.sizeThatFits(inner),
                              offset: CGPoint(x: insets.leading, y: insets.top))
    }

    override var spacing: ViewSpacing {
        var edges: Edge.Set = []
        if insets.top != 0 { edges.insert(.top) }
        if insets.leading != 0 { edges.insert(.leading) }
        if insets.bottom != 0 { edges.insert(.bottom) }
        if insets.trailing != 0 { edges.insert(.trailing) }
        var result = child.spacing
        result.reset(edges)
        return result
    }
}

/// `frame(width:height:alignment:)`: fixed dimensions replace the proposal and the child's size;
/// the child is aligned in the frame.
final class FixedFrameNode: WrapperNode {
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment

    init(_ child: ViewNode, width: CGFloat?, height: CGFloat?, alignment: Alignment, layoutDirection: LayoutDirection) {
        self.width = width
        self.height = height
        self.alignment = alignment
        super.init(child, layoutDirection: layoutDirection)
    }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        if let width, let height { return CGSize(width: width, height: height) }
        let size = child.sizeThatFits(childProposal(proposal))
        return CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    override func childPlacement(size: CGSize, proposal: ProposedViewSize) -> ChildPlacement {
        aligned(childProposal(proposal), in: size, alignment: alignment)
    }
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, with
/// SwiftUI's rules: the child is proposed the proposal clamped to the bounds (an unspecified
/// dimension becomes the ideal one); the frame takes the child's size in a dimension without
/// bounds, and otherwise the child's size pulled towards the proposal by the bounds.
final class FlexibleFrameNode: WrapperNode {
    struct Bounds {
        var min: CGFloat?
        var ideal: CGFloat?
        var max: CGFloat?
    }

    let horizontal: Bounds
    let vertical: Bounds
    let alignment: Alignment

    init(_ child: ViewNode, horizontal: Bounds, vertical: Bounds, alignment: Alignment, layoutDirection: LayoutDirection) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.alignment = alignment
        super.init(child, layoutDirection: layoutDirection)
    }

    private static func childLength(_ proposed: CGFloat?, _ bounds: Bounds) -> CGFloat? {
        guard var length = proposed ?? bounds.ideal else { return nil }
        if let low = bounds.min { length = Swift.max(length, low) }
        if let high = bounds.max { length = Swift.min(length, high) }
        return length
    }

    private static func frameLength(_ proposed: CGFloat?, child: CGFloat, _ bounds: Bounds) -> CGFloat {
        if bounds.min == nil, bounds.max == nil { return child }
        let target = proposed ?? bounds.ideal ?? child
        var result = child
        if let low = bounds.min { result = Swift.max(low, Swift.min(result, target)) }
        if let high = bounds.max { result = Swift.min(high, Swift.max(result, target)) }
        return result
    }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: Self.childLength(proposal.width, horizontal),
                         height: Self.childLength(proposal.height, vertical))
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        let size = child.sizeThatFits(childProposal(proposal))
        return CGSize(width: Self.frameLength(proposal.width, child: size.width, horizontal),
                      height: Self.frameLength(proposal.height, child: size.height, vertical))
    }

    override func childPlacement(size: CGSize, proposal: ProposedViewSize) -> ChildPlacement {
        aligned(childProposal(proposal), in: size, alignment: alignment)
    }
}

/// `fixedSize(horizontal:vertical:)`: the fixed dimensions are proposed as unspecified, so the
/// child takes its ideal size in them.
final class FixedSizeNode: WrapperNode {
    let horizontal: Bool
    let vertical: Bool

    init(_ child: ViewNode, horizontal: Bool, vertical: Bool, layoutDirection: LayoutDirection) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child, layoutDirection: layoutDirection)
    }

    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        child.sizeThatFits(childProposal(proposal))
    }

    override func childPlacement(size: CGSize, proposal: ProposedViewSize) -> ChildPlacement {
        aligned(childProposal(proposal), in: size, alignment: .center)
    }
}

/// `background(_:alignment:)` and `overlay(_:alignment:)`: the decoration is proposed the
/// child's size, aligned on it and drawn behind or in front; the node is the child's size.
final class DecorationNode: WrapperNode {
    let decoration: ViewNode
    let alignment: Alignment
    let isOverlay: Bool

    init(_ child: ViewNode, decoration: ViewNode, alignment: Alignment, isOverlay: Bool, layoutDirection: LayoutDirection) {
        self.decoration = decoration
        self.alignment = alignment
        self.isOverlay = isOverlay
        super.init(child, layoutDirection: layoutDirection)
    }

    override var kind: String { isOverlay ? "Overlay" : "Background" }
    override var isLaidOutAsChild: Bool { true }
    override var drawsOnly: Bool { child.drawsOnly && decoration.drawsOnly }

    override var childNodes: [ViewNode] { isOverlay ? [child, decoration] : [decoration, child] }
    override func forEachChild(_ body: (ViewNode) -> Void) {
        if isOverlay {
            body(child)
            body(decoration)
        } else {
            body(decoration)
            body(child)
        }
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let decorationProposal = ProposedViewSize(frame.size)
        let placed = ChildPlacement(aligning: decoration, proposal: decorationProposal, in: frame.size, alignment: alignment)
        if !isOverlay { decoration.render(in: childFrame(placed, in: frame), proposal: decorationProposal, into: canvas) }
        child.render(in: frame, proposal: proposal, into: canvas)
        if isOverlay { decoration.render(in: childFrame(placed, in: frame), proposal: decorationProposal, into: canvas) }
    }
}

/// The metadata modifiers (``View/displayMetadata(_:)`` and those built on it): the child drawn as
/// one group carrying the metadata. A cloud has several per chip, so it keeps only the metadata
/// (``GroupNode`` also keeps a clip and an opacity).
final class MetadataNode: WrapperNode {
    let metadata: ItemMetadata

    init(_ child: ViewNode, metadata: ItemMetadata, layoutDirection: LayoutDirection) {
        self.metadata = metadata
        super.init(child, layoutDirection: layoutDirection)
    }

    override var kind: String { "Metadata" }
    override var isLaidOutAsChild: Bool { true }
    override var drawsOnly: Bool { child.drawsOnly }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        drawChild(in: frame, proposal: proposal, into: canvas, metadata: metadata)
    }
}

/// A ``MetadataNode`` whose metadata is a role alone (``ItemMetadata/role``, the other fields
/// unset): 8 bytes of metadata instead of about 70, for the several such nodes of each chip.
final class RoleMetadataNode: WrapperNode {
    let role: ItemRole

    init(_ child: ViewNode, role: ItemRole, layoutDirection: LayoutDirection) {
        self.role = role
        super.init(child, layoutDirection: layoutDirection)
    }

    override var kind: String { "Metadata" }
    override var isLaidOutAsChild: Bool { true }
    override var drawsOnly: Bool { child.drawsOnly }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        drawChild(in: frame, proposal: proposal, into: canvas, metadata: ItemMetadata(role: role))
    }
}

/// `clipShape(_:style:)`, `cornerRadius(_:)` and `opacity(_:)`: the child drawn as one group with a
/// clip or an opacity.
final class GroupNode: WrapperNode {
    let clipShape: (any Shape)?
    let clipStyle: FillStyle
    let opacity: Double

    init(_ child: ViewNode, clipShape: (any Shape)? = nil, clipStyle: FillStyle = FillStyle(), opacity: Double = 1,
         layoutDirection: LayoutDirection) {
        self.clipShape = clipShape
        self.clipStyle = clipStyle
        self.opacity = opacity
        super.init(child, layoutDirection: layoutDirection)
    }

    override var kind: String {
        clipShape != nil ? "Clip" : "Opacity"
    }
    override var isLaidOutAsChild: Bool { true }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let opacity = canvas.animated(self.opacity, of: self) { $0.opacity }
        guard opacity > 0 else { return }
        let clip = clipShape.map { Clip($0._resolvedShape(in: frame), style: clipStyle) }
        canvas.group(clip: clip, opacity: Swift.min(1, opacity)) {
            child.render(in: frame, proposal: proposal, into: canvas)
        }
    }
}

/// `offset(x:y:)`: the child is drawn displaced; its layout does not change.
final class OffsetNode: WrapperNode {
    let offset: CGSize

    init(_ child: ViewNode, offset: CGSize, layoutDirection: LayoutDirection) {
        self.offset = offset
        super.init(child, layoutDirection: layoutDirection)
    }

    override var isLaidOutAsChild: Bool { true }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        let dx = layoutDirection == .rightToLeft ? -offset.width : offset.width
        child.render(in: frame.offsetBy(dx: dx, dy: offset.height), proposal: proposal, into: canvas)
    }
}

/// `layoutPriority(_:)`.
final class PriorityNode: WrapperNode {
    let value: Double

    init(_ child: ViewNode, priority: Double, layoutDirection: LayoutDirection) {
        value = priority
        super.init(child, layoutDirection: layoutDirection)
    }

    override var isLaidOutAsChild: Bool { true }

    override var priority: Double { value }
}

/// `layoutValue(key:value:)` (and the keys `Spacer` and `LineBreak` set).
final class LayoutValueNode: WrapperNode {
    let key: ObjectIdentifier
    let value: Any

    init<K: LayoutValueKey>(_ child: ViewNode, key: K.Type, value: K.Value, layoutDirection: LayoutDirection) {
        self.key = ObjectIdentifier(key)
        self.value = value
        super.init(child, layoutDirection: layoutDirection)
    }

    override var isLaidOutAsChild: Bool { true }

    override func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value {
        if ObjectIdentifier(key) == self.key, let value = value as? K.Value { return value }
        return super.layoutValue(key)
    }

    override var layoutValueCarrier: ViewNode? { self }
}

/// `alignmentGuide(_:computeValue:)`: one explicit guide computed from the child's dimensions.
final class AlignmentGuideNode: WrapperNode {
    enum Guide {
        case horizontal(HorizontalAlignment)
        case vertical(VerticalAlignment)
    }

    let guide: Guide
    let compute: (ViewDimensions) -> CGFloat

    init(_ child: ViewNode, guide: Guide, compute: @escaping (ViewDimensions) -> CGFloat, layoutDirection: LayoutDirection) {
        self.guide = guide
        self.compute = compute
        super.init(child, layoutDirection: layoutDirection)
    }

    override func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        if case .horizontal(let mine) = self.guide, mine == guide { return compute(child.dimensions(in: proposal)) }
        return child.explicitAlignment(of: guide, size: size, proposal: proposal)
    }

    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        if case .vertical(let mine) = self.guide, mine == guide { return compute(child.dimensions(in: proposal)) }
        return child.explicitAlignment(of: guide, size: size, proposal: proposal)
    }
}
