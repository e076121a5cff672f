/// What stands behind a ``LayoutSubview``: the object that measures one child of a container.
///
/// A host (the views stage, a test, a benchmark) gives each child of a container one backend and
/// passes them to ``LayoutHost``. Every question a layout asks a ``LayoutSubview`` reaches its
/// backend: sizes through ``sizeThatFits(_:)``, explicit alignment guides (text baselines,
/// `alignmentGuide` modifiers) through the `explicitAlignment` methods, and the subview's spacing,
/// priority and layout values. Only ``sizeThatFits(_:)`` is required.
///
/// Ready-made backends: ``LayoutLeaf`` (a closure, or a fixed, flexible or fake-text leaf) and
/// ``LayoutHost`` itself, so that containers nest.
public protocol LayoutSubviewBackend: AnyObject {
    /// Returns the child's size for a proposal.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The size the child chooses.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize

    /// Returns the child's explicit value of a horizontal guide, if it sets one.
    ///
    /// - Parameters:
    ///   - guide: The guide.
    ///   - size: The child's size for `proposal`.
    ///   - proposal: The proposal the child was sized for.
    /// - Returns: The guide's offset from the child's leading edge, or `nil` for the default value.
    func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat?

    /// Returns the child's explicit value of a vertical guide, if it sets one.
    ///
    /// - Parameters:
    ///   - guide: The guide (a text baseline, for example).
    ///   - size: The child's size for `proposal`.
    ///   - proposal: The proposal the child was sized for.
    /// - Returns: The guide's offset from the child's top edge, or `nil` for the default value.
    func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat?

    /// The child's preferred spacing (``ViewSpacing/init()`` unless it says otherwise).
    var spacing: ViewSpacing { get }

    /// The child's layout priority (0 unless it says otherwise).
    var priority: Double { get }

    /// Returns a layout value attached to the child.
    ///
    /// - Parameter key: The key type.
    /// - Returns: The value, or `K.defaultValue` if none is attached.
    func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value
}

extension LayoutSubviewBackend {
    /// No explicit horizontal guides.
    public func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        nil
    }

    /// No explicit vertical guides.
    public func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        nil
    }

    /// Default spacing: no preference (8 points to ordinary neighbours).
    public var spacing: ViewSpacing { ViewSpacing() }

    /// Priority 0.
    public var priority: Double { 0 }

    /// Every key has its default value.
    public func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value { K.defaultValue }
}

/// A set of layout values, keyed by ``LayoutValueKey`` types.
///
/// The storage a backend can use to answer ``LayoutSubviewBackend/layoutValue(_:)``; SwiftUI's
/// `layoutValue(key:value:)` modifier writes to it. Values of any type can be stored, so the set is
/// not `Sendable`; it lives in a backend, on the thread that runs the layout.
public struct LayoutValues {
    private var storage: [ObjectIdentifier: Any] = [:]

    /// Creates an empty set: every key reads as its default value.
    public init() {}

    /// The value for a key, or its default value.
    ///
    /// - Parameter key: The key type.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

/// Where a host placed one subview, as ``LayoutHost/placeSubviews(in:proposal:)`` reports it.
public struct LayoutPlacement: Equatable, Sendable {
    /// The position the layout passed to `place` (leading-to-trailing coordinates).
    public var position: CGPoint
    /// The anchor the layout passed to `place`.
    public var anchor: UnitPoint
    /// The proposal the layout passed to `place`: render the subview for this proposal.
    public var proposal: ProposedViewSize
    /// The subview's size for ``proposal`` (NaN, infinite or negative dimensions become zero).
    public var size: CGSize
    /// The subview's frame in the container's parent's coordinates, mirrored within the
    /// container's bounds for right-to-left.
    public var frame: CGRect
    /// Whether the layout placed the subview; `false` means it got the default placement (centered
    /// in the bounds with the container's proposal).
    public var isExplicit: Bool
    /// Whether the layout hid the subview (``LayoutSubview/placeHidden(at:)``): a host draws it not.
    public var isHidden = false

    /// Creates a placement record.
    ///
    /// - Parameters:
    ///   - position: The position passed to `place`.
    ///   - anchor: The anchor passed to `place`.
    ///   - proposal: The proposal passed to `place`.
    ///   - size: The subview's size for `proposal`.
    ///   - frame: The subview's final frame.
    ///   - isExplicit: Whether the layout placed the subview itself.
    public init(position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize, size: CGSize, frame: CGRect,
                isExplicit: Bool) {
        self.position = position
        self.anchor = anchor
        self.proposal = proposal
        self.size = size
        self.frame = frame
        self.isExplicit = isExplicit
    }
}
