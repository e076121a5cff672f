// What the gallery and the tests reach of globulus's "Flow Layout" (FlowLayout.swift, the
// article's code, whose declarations are internal as the article wrote them).
public import TagCloudUI

/// The name the article's preview calls the flow layout by.
typealias FlowLayoutView<B, T: Hashable, V: View> = FlowLayout<B, T, V>

/// globulus's "Flow Layout" article, for the gallery and the tests.
public enum GlobulusFlowLayoutArticle {
    /// The article's preview: ten items in `.scrollable` mode, 12-point black text padded on grey
    /// rounded rectangles with a grey border, 16 points of padding around.
    @MainActor
    public static var preview: AnyView { AnyView(FlowLayout_Previews.previews) }

    /// The article's flow layout of `items`, each shown by `view`.
    ///
    /// - Parameters:
    ///   - scrollable: `true` for the article's `.scrollable` mode (the height the content
    ///     reports), `false` for `.vstack` (at most that height).
    ///   - items: The items.
    ///   - view: Makes an item's view.
    /// - Returns: The flow layout.
    @MainActor
    public static func flow<V: View>(scrollable: Bool = true, items: [String],
                                     view: @escaping (String) -> V) -> AnyView {
        AnyView(FlowLayout(mode: scrollable ? .scrollable : .vstack, binding: .constant(0), items: items, viewMapping: view))
    }
}
