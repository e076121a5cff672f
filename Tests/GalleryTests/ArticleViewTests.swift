import EidhofCollectionView
import Foundation
import Gallery
import GlobulusFlowLayout
@testable import TagCloudUI
import Testing

/// The two articles whose code needs GeometryReader, preferences and the update cycle, compiled
/// as written (their modules hold the articles' code with only the import changed): their items
/// land where the articles' own algorithms put them.
@MainActor
@Suite("The articles' GeometryReader and preference views")
struct ArticleViewTests {
    /// Greedy rows without spacing, as globulus's alignment guides place items: an item starts a
    /// new row when the row so far plus the item is wider than the container.
    private func globulusFlow(_ sizes: [CGSize], width: CGFloat) -> [CGRect] {
        var frames: [CGRect] = []
        var x: CGFloat = 0, y: CGFloat = 0
        var rowHeight: CGFloat = 0
        for size in sizes {
            if abs(-x - size.width) > width {
                x = 0
                y += rowHeight
                rowHeight = 0
            }
            frames.append(CGRect(x: x, y: y, width: size.width, height: size.height))
            x += size.width
            rowHeight = size.height
        }
        return frames
    }

    @Test("globulus: the preview's items wrap like a flow with zero spacing, and the view is as tall as the rows it reported")
    func globulus() throws {
        let items = ["Some long item here", "And then some longer one", "Short", "Items", "Here", "And", "A", "Few", "More",
                     "And then a very very very long one"]
        let typesetter = try Typesetter.standard()
        // Each item: 12-point text padded 16 points (its grey rectangle), then 4 points around it.
        let sizes = try items.map { item -> CGSize in
            let text = try typesetter.shape(item, font: .system(size: 12)).size
            return CGSize(width: text.width + 32 + 8, height: text.height + 32 + 8)
        }
        let expected = globulusFlow(sizes, width: 390 - 32).map { $0.offsetBy(dx: 16, dy: 16).insetBy(dx: 4, dy: 4) }
        let renderer = ImageRenderer(content: GlobulusFlowLayoutArticle.preview)
        renderer.proposedSize = ProposedViewSize(width: 390, height: nil)
        let list = try renderer.displayList()
        let chips = list.flattened.compactMap { entry -> CGRect? in
            guard case .fill(.roundedRect(let rect, _, _), _, _) = entry.item.content else { return nil }
            return rect
        }
        #expect(chips.count == items.count)
        for (chip, frame) in zip(chips, expected) {
            #expect(abs(chip.minX - frame.minX) < 1e-9 && abs(chip.minY - frame.minY) < 1e-9, "\(chip) ≠ \(frame)")
            #expect(abs(chip.width - frame.width) < 1e-9 && abs(chip.height - frame.height) < 1e-9)
        }
        // The height the GeometryReader reported through DispatchQueue.main.async into @State.
        let rowsHeight = (expected.map(\.maxY).max() ?? 0) + 4 - 16
        #expect(abs(list.size.height - (rowsHeight + 32)) < 1e-9)
        #expect(Set(expected.map(\.minY)).count == 4, "the preview's items make four rows at 358 points")
    }

    @Test("globulus in .vstack mode takes the height proposed, at most the rows' height once reported")
    func globulusVStack() throws {
        let renderer = ImageRenderer(content: GlobulusFlowLayoutArticle.flow(scrollable: false, items: ["One", "Two"]) {
            Text($0).padding(8)
        })
        renderer.proposedSize = ProposedViewSize(width: 200, height: 500)
        let list = try renderer.displayList()
        let text = try Typesetter.standard().shape("One", font: .body).size
        #expect(abs(list.size.height - (text.height + 16 + 8)) < 1e-9)
    }

    /// The pills of a CollectionView picture, the frame of the collection's GeometryReader, and the
    /// flow the article's layout makes of the pills' sizes in it.
    private func collectionFrames(_ view: AnyView) throws -> (pills: [CGRect], expected: [CGRect]) {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: 390, height: 300)
        let (list, recorded) = try renderer.render(recordingFrames: true)
        let pills = list.flattened.compactMap { entry -> CGRect? in
            guard case .fill(.roundedRect(let rect, _, _), .color(let color), _) = entry.item.content,
                  color == Color.gray.rgba else { return nil }
            return rect
        }
        let origin = try #require(pills.first).origin
        // The collection's reader starts where its first element is placed (offset zero) and is
        // the largest reader there (the elements' own readers are their sizes).
        let container = try #require(recorded.filter { $0.kind == "GeometryReader" && $0.frame.origin == origin }
            .map(\.frame).max { $0.width * $0.height < $1.width * $1.height })
        let flow = EidhofCollectionViewArticle.flowFrames(pills.map(\.size), containerSize: container.size)
        return (pills, flow.frames.map { $0.offsetBy(dx: origin.x, dy: origin.y) })
    }

    @Test("CollectionView: the elements go where the article's flow layout puts their measured sizes", arguments: [150, 250, 350])
    func collectionView(width: Int) throws {
        let (pills, expected) = try collectionFrames(EidhofCollectionViewArticle.galleryContentView(width: CGFloat(width)))
        #expect(pills.count == 9)
        #expect(pills == expected)
        if width == 150 {
            #expect(Set(pills.map(\.minY)).count == 5, "two elements a row in 212 points")
        }
    }

    @Test("The article's own ContentView (random suffixes) lays out by the same rule; its slider is at the width")
    func articleContentView() throws {
        let (pills, expected) = try collectionFrames(EidhofCollectionViewArticle.contentView(width: 120))
        #expect(pills.count == 9)
        #expect(pills == expected)
        let renderer = ImageRenderer(content: EidhofCollectionViewArticle.contentView(width: 120))
        renderer.proposedSize = ProposedViewSize(width: 390, height: 300)
        let red = try renderer.displayList().flattened.compactMap { entry -> CGRect? in
            guard case .fill(.rect(let rect), .color(let color), _) = entry.item.content, color == Color.red.rgba else { return nil }
            return rect
        }
        #expect(red.map(\.width) == [120])
    }

    @Test("The collection settles in two passes: the preference reports the sizes once, the state takes them")
    func collectionSettles() throws {
        let renderer = ImageRenderer(content: EidhofCollectionViewArticle.collectionView(["a", "bb", "ccc"]) { Text($0) })
        renderer.proposedSize = ProposedViewSize(width: 200, height: 100)
        let list = try renderer.displayList()
        #expect(renderer.lastPassCount == 2)
        let texts = list.flattened.compactMap { entry -> CGPoint? in
            guard case .text(let text) = entry.item.content else { return nil }
            return text.origin
        }
        #expect(texts.count == 3)
        #expect(texts.first == .zero)
        #expect(texts.dropFirst().allSatisfy { $0.x > 0 && $0.y == 0 })
        // Kept state: rendering again takes one pass (the sizes did not change).
        _ = try renderer.displayList()
        #expect(renderer.lastPassCount == 1)
    }
}
