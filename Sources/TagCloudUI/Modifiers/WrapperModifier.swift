import Foundation

/// The modifier of the built-in modifiers that wrap each node of their content in one node:
/// padding, frames, `fixedSize`, layout priority, alignment guides, offset, opacity, clips and
/// display-list metadata. Each is one ``Wrapper`` case.
///
/// A value type that the modifier methods create in `@inlinable` code, as SwiftUI's modifiers are:
/// a chain of modifiers written in another module (a chip's `Text(…).padding(…).background(…)`)
/// is specialised there for its concrete types, instead of running through unspecialised generic
/// code that instantiates `ModifiedContent<…>` metadata at run time for every view, and no
/// closure context is allocated per modifier.
@usableFromInline
struct _WrapperModifier: ViewModifier {
    @usableFromInline
    typealias Body = Never

    /// What the wrapping node does.
    @usableFromInline
    enum Wrapper {
        /// `padding(_:)`: ``PaddingNode``.
        case padding(EdgeInsets)
        /// `frame(width:height:alignment:)`: ``FixedFrameNode``.
        case fixedFrame(width: CGFloat?, height: CGFloat?, alignment: Alignment)
        /// `frame(minWidth:…:alignment:)`: ``FlexibleFrameNode``.
        case flexibleFrame(horizontal: FrameBounds, vertical: FrameBounds, alignment: Alignment)
        /// `fixedSize(horizontal:vertical:)`: ``FixedSizeNode``.
        case fixedSize(horizontal: Bool, vertical: Bool)
        /// `layoutPriority(_:)`: ``PriorityNode``.
        case priority(Double)
        /// `alignmentGuide(_:computeValue:)` for a horizontal guide: ``AlignmentGuideNode``.
        case horizontalGuide(HorizontalAlignment, (ViewDimensions) -> CGFloat)
        /// `alignmentGuide(_:computeValue:)` for a vertical guide: ``AlignmentGuideNode``.
        case verticalGuide(VerticalAlignment, (ViewDimensions) -> CGFloat)
        /// `offset(_:)`: ``OffsetNode``.
        case offset(CGSize)
        /// `opacity(_:)`: ``GroupNode`` with an opacity (at least 0).
        case opacity(Double)
        /// `clipShape(_:style:)`: ``GroupNode`` with a clip.
        case clip(any Shape, FillStyle)
        /// `displayMetadata(_:)`: ``RoleMetadataNode`` for a role alone, else ``MetadataNode``.
        /// Boxed: the metadata holds several strings and a URL, each counted again at every copy
        /// of the modifier (a chip has several, and each is copied as its view is resolved).
        case metadata(_Box<ItemMetadata>)
        /// `displayMetadata(_:)` of a role alone (a chip's label, fill and border): ``RoleMetadataNode``,
        /// with nothing to box.
        case role(ItemRole)
    }

    /// The bounds of one dimension of a flexible frame.
    @usableFromInline
    struct FrameBounds {
        @usableFromInline var min: CGFloat?
        @usableFromInline var ideal: CGFloat?
        @usableFromInline var max: CGFloat?

        @inlinable
        init(min: CGFloat?, ideal: CGFloat?, max: CGFloat?) {
            self.min = min
            self.ideal = ideal
            self.max = max
        }
    }

    @usableFromInline
    let wrapper: Wrapper

    @inlinable
    init(_ wrapper: Wrapper) {
        self.wrapper = wrapper
    }

    /// Each of the content's nodes, wrapped.
    @usableFromInline
    static func _makeNodes(modifier: _WrapperModifier, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let direction = inputs.environment.layoutDirection
        // Metadata goes to display items only: a pass that draws none makes no node for it.
        switch modifier.wrapper {
        case .metadata, .role:
            if inputs.context.omitsDrawingOnlyNodes { return content(inputs) }
            if case .role(let role) = modifier.wrapper, !inputs.tracksIdentity {
                return content(inputs).map { $0.adopt(role: role) ? $0 : modifier.node(wrapping: $0, layoutDirection: direction) }
            }
        default: break
        }
        return content(inputs).map { modifier.node(wrapping: $0, layoutDirection: direction) }
    }

    /// The node that wraps `child`.
    func node(wrapping child: ViewNode, layoutDirection: LayoutDirection) -> ViewNode {
        switch wrapper {
        case .padding(let insets):
            return PaddingNode(child, insets: insets, layoutDirection: layoutDirection)
        case .fixedFrame(let width, let height, let alignment):
            return FixedFrameNode(child, width: width, height: height, alignment: alignment, layoutDirection: layoutDirection)
        case .flexibleFrame(let horizontal, let vertical, let alignment):
            return FlexibleFrameNode(child, horizontal: FlexibleFrameNode.Bounds(horizontal), vertical: FlexibleFrameNode.Bounds(vertical),
                                     alignment: alignment, layoutDirection: layoutDirection)
        case .fixedSize(let horizontal, let vertical):
            return FixedSizeNode(child, horizontal: horizontal, vertical: vertical, layoutDirection: layoutDirection)
        case .priority(let value):
            return PriorityNode(child, priority: value, layoutDirection: layoutDirection)
        case .horizontalGuide(let guide, let compute):
            return AlignmentGuideNode(child, guide: .horizontal(guide), compute: compute, layoutDirection: layoutDirection)
        case .verticalGuide(let guide, let compute):
            return AlignmentGuideNode(child, guide: .vertical(guide), compute: compute, layoutDirection: layoutDirection)
        case .offset(let offset):
            return OffsetNode(child, offset: offset, layoutDirection: layoutDirection)
        case .opacity(let opacity):
            return GroupNode(child, opacity: opacity, layoutDirection: layoutDirection)
        case .clip(let shape, let style):
            return GroupNode(child, clipShape: shape, clipStyle: style, layoutDirection: layoutDirection)
        case .metadata(let box):
            return MetadataNode(child, metadata: box.value, layoutDirection: layoutDirection)
        case .role(let role):
            return RoleMetadataNode(child, role: role, layoutDirection: layoutDirection)
        }
    }
}

extension FlexibleFrameNode.Bounds {
    init(_ bounds: _WrapperModifier.FrameBounds) {
        self.init(min: bounds.min, ideal: bounds.ideal, max: bounds.max)
    }
}
