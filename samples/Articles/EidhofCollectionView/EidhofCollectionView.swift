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

    /// The lengths of the "x" suffixes of the gallery's items: the article draws each at random
    /// from 0..<5, which would change the picture on every run.
    public static let gallerySuffixes = [2, 0, 4, 1, 3, 0, 2, 4, 1]

    /// The article's `ContentView` as the gallery shows it: its body, with the items' suffixes
    /// fixed (``gallerySuffixes``) and the slider at `width`.
    ///
    /// - Parameter width: The slider's value: the width of the red bar.
    /// - Returns: The view.
    @MainActor
    public static func galleryContentView(width: CGFloat) -> AnyView {
        let items = (1..<10).map { num in "Element \(num)" + String(repeating: "x", count: gallerySuffixes[num - 1]) }
        return AnyView(FixedItemsContentView(items: items).presetState("width", to: width))
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

/// `ContentView`'s body (ContentView.swift) with the items given instead of drawn at random.
struct FixedItemsContentView: View {
    let items: [String]
    @State var width: CGFloat = 100

    var body: some View {
        let pill = RoundedRectangle(cornerRadius: 5).fill(Color.gray)
        return GeometryReader { proxy in
            VStack {
                HStack {
                    Rectangle().fill(Color.red).frame(width: self.width)
                    Spacer().frame(width: 20)
                    CollectionView(data: Array(0..<self.items.count), content: { el in
                        Text(self.items[el])
                            .background(pill)
                    })
                }
                Slider(value: self.$width, in: 0...proxy.size.width)
            }
        }
    }
}
