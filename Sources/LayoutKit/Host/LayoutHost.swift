/// Runs a ``Layout`` over a set of subview backends, in SwiftUI's order, and records placements.
///
/// This is the contract between LayoutKit and whoever owns the subviews (the views stage, tests,
/// benchmarks). Create one host per container; give it one ``LayoutSubviewBackend`` per child:
///
/// ```swift
/// let host = LayoutHost(FlowLayout(itemSpacing: 8, lineSpacing: 8),
///                       subviews: tags.map { LayoutLeaf.text($0) })
/// let size = host.sizeThatFits(ProposedViewSize(width: 300, height: nil))
/// let placements = host.placeSubviews(in: CGRect(origin: .zero, size: size),
///                                     proposal: ProposedViewSize(width: 300, height: nil))
/// ```
///
/// The host calls ``Layout/makeCache(subviews:)`` when it is created and
/// ``Layout/updateCache(_:subviews:)`` when ``update(_:)``, ``update(subviews:)`` or
/// ``invalidate()`` start a new pass; ``sizeThatFits(_:)``, ``placeSubviews(in:proposal:)``,
/// ``spacing`` and the `explicitAlignment` methods forward to the layout with that cache.
///
/// As in SwiftUI, layouts compute in leading-to-trailing coordinates; for
/// ``LayoutDirection/rightToLeft`` the host mirrors every frame within the container's bounds.
/// A size a subview reports as NaN, infinite or negative is recorded as zero, and a NaN or
/// infinite position as zero, so that no frame is ever NaN or infinite.
/// A host is itself a ``LayoutSubviewBackend``, so a container can be the child of another.
public final class LayoutHost<L: Layout> {
    /// The layout being run.
    public private(set) var layout: L
    /// The proxies of the subviews, as the layout sees them.
    public private(set) var subviews: LayoutSubviews
    /// The layout's cache (``FlowLayout/Cache`` reports how many items `maxRows` hid, for example).
    public private(set) var cache: L.Cache
    /// The placements of the latest ``placeSubviews(in:proposal:)``, one per subview, in order.
    public private(set) var placements: [LayoutPlacement] = []
    /// The layout direction the container inherits.
    public let layoutDirection: LayoutDirection
    /// The container's layout priority, as its own parent sees it.
    public var priority: Double = 0
    /// Layout values attached to the container, as its own parent sees them.
    public var layoutValues = LayoutValues()

    private var storage: LayoutSubviewsStorage

    /// Creates a host and the layout's cache.
    ///
    /// - Parameters:
    ///   - layout: The layout to run.
    ///   - subviews: One backend per child, in order.
    ///   - layoutDirection: The direction the container inherits.
    public init(_ layout: L, subviews: [any LayoutSubviewBackend], layoutDirection: LayoutDirection = .leftToRight) {
        self.layout = layout
        self.layoutDirection = layoutDirection
        storage = LayoutSubviewsStorage(backends: subviews, layoutDirection: layoutDirection)
        self.subviews = LayoutSubviews(storage: storage)
        cache = layout.makeCache(subviews: self.subviews)
    }

    /// The layout's properties; for ``AnyLayout``, those of the layout it wraps.
    public var layoutProperties: LayoutProperties { resolvedLayoutProperties(of: layout) }

    /// Replaces the layout and updates the cache.
    ///
    /// - Parameter layout: The new layout.
    public func update(_ layout: L) {
        self.layout = layout
        self.layout.updateCache(&cache, subviews: subviews)
    }

    /// Replaces the subviews and updates the cache.
    ///
    /// - Parameter backends: One backend per child, in order.
    public func update(subviews backends: [any LayoutSubviewBackend]) {
        storage = LayoutSubviewsStorage(backends: backends, layoutDirection: layoutDirection)
        subviews = LayoutSubviews(storage: storage)
        placements = []
        layout.updateCache(&cache, subviews: subviews)
    }

    /// Starts a new pass: the subviews' sizes may have changed, so the cache is updated.
    public func invalidate() {
        layout.updateCache(&cache, subviews: subviews)
    }

    /// Asks the layout for its size.
    ///
    /// - Parameter proposal: The proposal from the container's parent.
    /// - Returns: The container's size.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// Asks the layout to place its subviews, and records where each one went.
    ///
    /// - Parameters:
    ///   - bounds: The container's bounds in its parent's coordinates.
    ///   - proposal: The proposal the container's size came from.
    /// - Returns: One placement per subview, in order (also kept in ``placements``).
    /// - Complexity: One `placeSubviews` call plus one `sizeThatFits` per subview (its final size).
    @discardableResult
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize) -> [LayoutPlacement] {
        storage.requests = []
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        let fallback = PlacementRequest(position: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center,
                                        proposal: proposal)
        let backends = storage.backends
        let requests = storage.requests
        let direction = layoutDirection
        // Each subview's final size for its proposal, on every core for a layout whose subviews
        // may be measured so (a large cloud's chips).
        let concurrently = (layout as? any ConcurrentlyMeasuredLayout)?.measuresSubviewsConcurrently ?? false
        placements = [LayoutPlacement](unsafeUninitializedCapacity: backends.count) { buffer, initialized in
            forEachSubviewIndex(backends.count, concurrently: concurrently) { index in
                let given = index < requests.count ? requests[index] : nil
                let request = given ?? fallback
                let reported = backends[index].sizeThatFits(request.proposal)
                let size = CGSize(width: reported.width.sanitizedLength, height: reported.height.sanitizedLength)
                var frame = CGRect(x: (request.position.x - request.anchor.x * size.width).sanitizedGuide,
                                   y: (request.position.y - request.anchor.y * size.height).sanitizedGuide,
                                   width: size.width, height: size.height)
                if direction == .rightToLeft {
                    frame.origin.x = bounds.minX + bounds.maxX - frame.maxX
                }
                var placement = LayoutPlacement(position: request.position, anchor: request.anchor, proposal: request.proposal,
                                                size: size, frame: frame, isExplicit: given != nil)
                placement.isHidden = request.isHidden
                buffer.initializeElement(at: index, to: placement)
            }
            initialized = backends.count
        }
        storage.requests = []
        return placements
    }

    /// The container's spacing preferences, from ``Layout/spacing(subviews:cache:)``.
    public var spacing: ViewSpacing {
        layout.spacing(subviews: subviews, cache: &cache)
    }

    /// The container's explicit value of a horizontal guide.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for, passed to the layout.
    ///   - bounds: The container's bounds.
    ///   - proposal: The container's proposal.
    /// - Returns: The guide's position in the coordinates of `bounds`, or `nil`.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect,
                                  proposal: ProposedViewSize) -> CGFloat? {
        layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// The container's explicit value of a vertical guide.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for, passed to the layout.
    ///   - bounds: The container's bounds.
    ///   - proposal: The container's proposal.
    /// - Returns: The guide's position in the coordinates of `bounds`, or `nil`.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect,
                                  proposal: ProposedViewSize) -> CGFloat? {
        layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// The container's dimensions: its size for `proposal` and its explicit guides, which are
    /// asked from the layout (with bounds at the origin) when read.
    ///
    /// - Returns: The container's dimensions.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        ViewDimensions(size: sizeThatFits(proposal), backend: self, proposal: proposal)
    }
}

extension LayoutHost: LayoutSubviewBackend {
    /// The container's explicit horizontal guide, with bounds `(0, 0, size)`.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for, passed to the layout.
    ///   - size: The container's size for `proposal`.
    ///   - proposal: The container's proposal.
    /// - Returns: The guide's offset from the container's leading edge, or `nil`.
    public func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        explicitAlignment(of: guide, in: CGRect(origin: .zero, size: size), proposal: proposal)
    }

    /// The container's explicit vertical guide, with bounds `(0, 0, size)`.
    ///
    /// - Parameters:
    ///   - guide: The guide asked for, passed to the layout.
    ///   - size: The container's size for `proposal`.
    ///   - proposal: The container's proposal.
    /// - Returns: The guide's offset from the container's top edge, or `nil`.
    public func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        explicitAlignment(of: guide, in: CGRect(origin: .zero, size: size), proposal: proposal)
    }

    /// A layout value attached to the container.
    ///
    /// - Parameter key: The key type.
    /// - Returns: The value from ``layoutValues``.
    public func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value {
        layoutValues[key]
    }
}

/// The properties of a layout value; for ``AnyLayout``, those of the layout it wraps.
///
/// - Returns: Its ``LayoutProperties``.
package func resolvedLayoutProperties<L: Layout>(of layout: L) -> LayoutProperties {
    if let any = layout as? AnyLayout { return any.wrappedLayoutProperties }
    return L.layoutProperties
}
