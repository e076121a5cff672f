/// A type-erased instance of the layout protocol.
///
/// The port of SwiftUI's `AnyLayout`: wraps any ``Layout``, including an `any Layout` value
/// (`AnyLayout(layoutType.layout)`), so that a container can switch layouts at run time. Its
/// cache holds the wrapped layout's cache; when the wrapped layout's type changes, the cache is
/// made afresh.
public struct AnyLayout: Layout {
    private let box: any AnyLayoutBox

    /// Creates a type-erased layout.
    ///
    /// - Parameter layout: The layout to wrap.
    public init<L: Layout>(_ layout: L) {
        if let any = layout as? AnyLayout {
            box = any.box
        } else {
            box = ConcreteLayoutBox(layout: layout)
        }
    }

    /// The cache of the wrapped layout, type-erased.
    public struct Cache {
        fileprivate var value: Any
        fileprivate var type: ObjectIdentifier

        /// The wrapped layout's cache, if it is of the given type.
        ///
        /// - Parameter type: The cache type of the wrapped layout (``FlowLayout/Cache``, say).
        /// - Returns: The cache, or `nil` if the wrapped layout's cache has another type.
        public func wrapped<C>(as type: C.Type) -> C? { value as? C }
    }

    /// The properties of the wrapped layout (a static requirement cannot see them; ``LayoutHost``
    /// reads them through this).
    package var wrappedLayoutProperties: LayoutProperties { box.properties }

    /// Makes the wrapped layout's cache.
    ///
    /// - Returns: The type-erased cache.
    public func makeCache(subviews: Subviews) -> Cache {
        box.makeCache(subviews: subviews)
    }

    /// Updates the wrapped layout's cache, or makes a new one if the layout's type changed.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        box.updateCache(&cache, subviews: subviews)
    }

    /// The wrapped layout's spacing.
    ///
    /// - Returns: The wrapped layout's answer.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        box.spacing(subviews: subviews, cache: &cache)
    }

    /// The wrapped layout's size.
    ///
    /// - Returns: The wrapped layout's answer.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        box.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// Places the subviews with the wrapped layout.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        box.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// The wrapped layout's explicit horizontal guide.
    ///
    /// - Returns: The wrapped layout's answer.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        box.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// The wrapped layout's explicit vertical guide.
    ///
    /// - Returns: The wrapped layout's answer.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        box.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

private protocol AnyLayoutBox: Sendable {
    var properties: LayoutProperties { get }
    func makeCache(subviews: LayoutSubviews) -> AnyLayout.Cache
    func updateCache(_ cache: inout AnyLayout.Cache, subviews: LayoutSubviews)
    func spacing(subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> ViewSpacing
    func sizeThatFits(proposal: ProposedViewSize, subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews,
                       cache: inout AnyLayout.Cache)
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> CGFloat?
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> CGFloat?
}

private struct ConcreteLayoutBox<L: Layout>: AnyLayoutBox {
    let layout: L

    var properties: LayoutProperties { resolvedLayoutProperties(of: layout) }

    func makeCache(subviews: LayoutSubviews) -> AnyLayout.Cache {
        AnyLayout.Cache(value: layout.makeCache(subviews: subviews), type: ObjectIdentifier(L.self))
    }

    func updateCache(_ cache: inout AnyLayout.Cache, subviews: LayoutSubviews) {
        guard cache.type == ObjectIdentifier(L.self), var typed = cache.value as? L.Cache else {
            cache = makeCache(subviews: subviews)
            return
        }
        cache.value = ()
        layout.updateCache(&typed, subviews: subviews)
        cache.value = typed
    }

    /// Runs `body` with the typed cache, making a fresh one if the erased cache belongs to another
    /// layout type.
    private func withCache<R>(_ cache: inout AnyLayout.Cache, subviews: LayoutSubviews,
                              _ body: (inout L.Cache) -> R) -> R {
        var typed: L.Cache
        if cache.type == ObjectIdentifier(L.self), let existing = cache.value as? L.Cache {
            typed = existing
            cache.value = ()  // drop the second reference, so that the body mutates in place
        } else {
            typed = layout.makeCache(subviews: subviews)
        }
        let result = body(&typed)
        cache = AnyLayout.Cache(value: typed, type: ObjectIdentifier(L.self))
        return result
    }

    func spacing(subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> ViewSpacing {
        withCache(&cache, subviews: subviews) { layout.spacing(subviews: subviews, cache: &$0) }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> CGSize {
        withCache(&cache, subviews: subviews) { layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews,
                       cache: inout AnyLayout.Cache) {
        withCache(&cache, subviews: subviews) {
            layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0)
        }
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> CGFloat? {
        withCache(&cache, subviews: subviews) {
            layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &$0)
        }
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: LayoutSubviews, cache: inout AnyLayout.Cache) -> CGFloat? {
        withCache(&cache, subviews: subviews) {
            layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &$0)
        }
    }
}
