// What the gallery and the tests reach of Chris Eidhof's CollectionView (ContentView.swift, the
// article's code, whose declarations are internal as the article wrote them).
public import TagCloudUI

/// Chris Eidhof's CollectionView article, for the gallery and the tests.
public enum EidhofCollectionViewArticle {
    /// The article's `ContentView`, with the slider at `width` (its items end in a random number of
    /// "x", as the article makes them, so its picture changes from run to run).
    ///
    /// - Parameter width: The slider's value: the width of the red bar.
    /// - Returns: The view.
    @MainActor
    public static func contentView(width: CGFloat = 100) -> AnyView {
        AnyView(ContentView().presetState("width", to: width))
    }

    /// The article's `CollectionView` of `items`, each shown by `content`.
    ///
    /// - Parameters:
    ///   - items: The items.
    ///   - content: Makes an item's view.
    /// - Returns: The collection view.
    @MainActor
    public static func collectionView<V: View>(_ items: [String], content: @escaping (String) -> V) -> AnyView {
        AnyView(CollectionView(data: Array(items.indices), content: { content(items[$0]) }))
    }

    /// The article's flow layout (the UIKit one of Swift Talk, with 10 points of spacing) applied
    /// to `sizes` in a container of `containerSize`: each element's frame and the layout's size.
    ///
    /// - Parameters:
    ///   - sizes: The elements' sizes, in order.
    ///   - containerSize: The container's size.
    /// - Returns: The frames and the size.
    public static func flowFrames(_ sizes: [CGSize], containerSize: CGSize) -> (frames: [CGRect], size: CGSize) {
        var layout = FlowLayout(containerSize: containerSize)
        let frames = sizes.map { layout.add(element: $0) }
        return (frames, layout.size)
    }
}
