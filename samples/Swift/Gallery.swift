// The gallery: every example view of the articles (../shared/seeds), with what to propose to it,
// for the golden-image tests and the `tagcloud samples` command.
import EidhofCollectionView
import GlobulusFlowLayout
public import TagCloudUI

/// One picture of the gallery: a view from an article, in one state, at one proposed size.
public struct GalleryExample: Identifiable, Sendable {
    /// A file-safe name, unique in the gallery, such as `"tag-cloud-view"`: the PNG's base name.
    public let name: String
    /// The article the view comes from.
    public let article: String
    /// What the picture shows, with the article's own description of it where it has one.
    public let description: String
    /// The size proposed to the view (an iPhone's width, 390 points, unless said otherwise).
    public let proposedSize: ProposedViewSize
    private let make: @MainActor @Sendable () -> AnyView

    /// Creates an example.
    ///
    /// - Parameters:
    ///   - name: The file-safe name.
    ///   - article: The article's title.
    ///   - description: What the picture shows.
    ///   - proposedSize: The size proposed to the view.
    ///   - make: Makes the view.
    public init(name: String, article: String, description: String,
                proposedSize: ProposedViewSize = ProposedViewSize(width: 390, height: nil),
                make: @escaping @MainActor @Sendable () -> AnyView) {
        self.name = name
        self.article = article
        self.description = description
        self.proposedSize = proposedSize
        self.make = make
    }

    /// The name identifies the example.
    public var id: String { name }

    /// The example's view.
    ///
    /// - Returns: The view, type-erased.
    @MainActor
    public func view() -> AnyView { make() }

    /// A renderer for the example: its view, its proposed size and the scale given.
    ///
    /// - Parameter scale: The pixels per point of PNG output.
    /// - Returns: The renderer; call `pngData()`, `svgData()`, `pdfData()` or `displayList()`.
    @MainActor
    public func renderer(scale: CGFloat = 2) -> ImageRenderer<AnyView> {
        let renderer = ImageRenderer(content: view())
        renderer.proposedSize = proposedSize
        renderer.scale = scale
        return renderer
    }
}

/// An animation of the gallery: a view of an article, the state changes it goes through, and
/// the size proposed to it.
public struct GalleryAnimation: Identifiable, Sendable {
    /// A file-safe name, unique in the gallery: the base name of its APNG and SVG files.
    public let name: String
    /// The article the view comes from.
    public let article: String
    /// What the animation shows.
    public let description: String
    /// The size proposed to the view.
    public let proposedSize: ProposedViewSize
    private let make: @MainActor @Sendable (ImageRenderer<AnyView>) -> [@MainActor () -> Void]
    private let initial: @MainActor @Sendable () -> AnyView

    /// Creates an animation.
    ///
    /// - Parameters:
    ///   - name: The file-safe name.
    ///   - article: The article's title.
    ///   - description: What it shows.
    ///   - proposedSize: The size proposed to the view.
    ///   - initial: Makes the view in its first state.
    ///   - changes: Makes the state changes, given the renderer whose content they may replace.
    public init(name: String, article: String, description: String, proposedSize: ProposedViewSize,
                initial: @escaping @MainActor @Sendable () -> AnyView,
                changes: @escaping @MainActor @Sendable (ImageRenderer<AnyView>) -> [@MainActor () -> Void]) {
        self.name = name
        self.article = article
        self.description = description
        self.proposedSize = proposedSize
        self.initial = initial
        make = changes
    }

    /// The name identifies the animation.
    public var id: String { name }

    /// The animation's frames.
    ///
    /// - Parameters:
    ///   - frameRate: Frames per second.
    ///   - hold: How long each state shows, in seconds.
    /// - Returns: The frames (draw them with a white background, as the gallery's pictures).
    /// - Throws: `TagCloudUIError`.
    @MainActor
    public func frames(frameRate: Double = 60, hold: Double = 1) throws -> AnimatedDisplayList {
        let renderer = ImageRenderer(content: initial())
        renderer.proposedSize = proposedSize
        return try renderer.animation(frameRate: frameRate, hold: hold, changes: make(renderer))
    }

    /// The animation as a file: an APNG at `scale` or an animated SVG, on white.
    ///
    /// - Parameters:
    ///   - format: APNG or SVG.
    ///   - scale: The pixels per point of the APNG; 1 by default, unlike the gallery's 2× pictures,
    ///     to keep the file small (the switching example: 1.4 MB at 1×, 3.1 MB at 2×).
    ///   - frameRate: Frames per second.
    ///   - hold: How long each state shows, in seconds.
    /// - Returns: The file's bytes.
    /// - Throws: `TagCloudUIError`.
    @MainActor
    public func data(_ format: AnimationFormat, scale: CGFloat = 1, frameRate: Double = 60, hold: Double = 1) throws -> Data {
        let renderer = ImageRenderer(content: initial())
        renderer.proposedSize = proposedSize
        renderer.scale = scale
        return try renderer.animationData(format, frameRate: frameRate, hold: hold, changes: make(renderer))
    }
}

/// The articles' example views.
public enum Gallery {
    static let flexbox = "Building a Flow Layout in SwiftUI: Wrapping Views Like CSS Flexbox"
    static let globulus = "Flow Layout (globulus)"
    static let eidhof = "SwiftUI Flow Layout (Chris Eidhof, CollectionView)"
    static let semianov = "Building a wrapping HStack with the SwiftUI Layout protocol (Konstantin Semianov)"
    static let liu = "Creating custom layouts in SwiftUI (Clive Liu)"

    /// The articles' animations: "Creating custom layouts" switching its ten numbers from an
    /// `HStackLayout` to a `VStackLayout`, a `ZStackLayout`, its `FlowLayout` and back.
    public static var animations: [GalleryAnimation] {
        typealias Switching = CreatingCustomLayouts.SwitchingExample.MyView
        @MainActor func view(_ layoutType: Switching.LayoutType) -> AnyView {
            AnyView(Switching().presetState("layoutType", to: layoutType))
        }
        return [
            GalleryAnimation(name: "switching-layouts", article: liu,
                             description: "The switching example cycling HStack → VStack → ZStack → flow layout → "
                                 + "HStack, each change made in withAnimation(.spring(response: 0.5)): the numbers "
                                 + "move with the article's .animation(.default, value: layoutType), SwiftUI's "
                                 + "default spring (response 0.55, no bounce), one second on each layout. Proposed "
                                 + "520 points wide, so that the row of ten numbers fits.",
                             proposedSize: ProposedViewSize(width: 520, height: nil),
                             initial: { view(.hStack) },
                             changes: { renderer in
                                 [Switching.LayoutType.vStack, .zStack, .flowLayout, .hStack].map { layoutType in
                                     { withAnimation(.spring(response: 0.5)) { renderer.content = view(layoutType) } }
                                 }
                             }),
        ]
    }

    /// Every example, article by article, in the order the articles show them.
    public static var examples: [GalleryExample] {
        flexboxExamples + [globulusExample] + eidhofExamples + semianovExamples + liuExamples
    }

    private static var flexboxExamples: [GalleryExample] {
        var examples = [
            GalleryExample(name: "tag-cloud-view", article: flexbox,
                           description: "Basic usage: eight tags in light-blue capsules, wrapped with 8-point spacing, "
                               + "16-point padding around.") { AnyView(BuildingAFlowLayout.TagCloudView()) },
            GalleryExample(name: "suggestion-picker", article: flexbox,
                           description: "Suggestion chips with emoji, none selected: subheadline text in light-grey "
                               + "capsules.") { AnyView(BuildingAFlowLayout.SuggestionPickerView()) },
            GalleryExample(name: "suggestion-picker-selected", article: flexbox,
                           description: "Suggestion chips, three selected: a light-blue capsule with a blue border and "
                               + "a bold blue checkmark after the title.") {
                AnyView(BuildingAFlowLayout.SuggestionPickerView()
                    .presetState("selected", to: Set(["Exercise 💪", "Drink water 💧", "Learn something new 🧠"])))
            },
        ]
        let alignments: [(String, BuildingAFlowLayout.AlignedFlowLayout.HorizontalAlignment)] =
            [("leading", .leading), ("center", .center), ("trailing", .trailing)]
        for (name, alignment) in alignments {
            examples.append(GalleryExample(name: "aligned-flow-\(name)", article: flexbox,
                                           description: "AlignedFlowLayout with the tag cloud's tags, rows aligned "
                                               + "\(name).") {
                AnyView(BuildingAFlowLayout.AlignedTagCloudView(alignment: alignment))
            })
        }
        return examples
    }

    private static var globulusExample: GalleryExample {
        GalleryExample(name: "globulus-flow", article: globulus,
                       description: "The article's own FlowLayout (a ZStack placed by alignment guides in a "
                           + "GeometryReader that reports its height back into @State) with its preview's items: "
                           + "12-point black text padded 16 points on grey 4-point rounded rectangles, 4 points "
                           + "around each, wrapped like left-aligned text.") {
            GlobulusFlowLayoutArticle.preview
        }
    }

    private static var eidhofExamples: [GalleryExample] {
        [150, 250, 350].map { width in
            GalleryExample(name: "collection-view-\(Int(width))", article: eidhof,
                           description: "The article's CollectionView (sizes collected with a preference key, placed "
                               + "by the UIKit flow layout with offsets) in its ContentView: the red bar \(Int(width)) "
                               + "points wide as the slider sets it, \"Element N\" items on grey 5-point rounded "
                               + "rectangles flowed in the rest of the row.",
                           proposedSize: ProposedViewSize(width: 390, height: 300)) {
                EidhofCollectionViewArticle.galleryContentView(width: width)
            }
        }
    }

    private static var semianovExamples: [GalleryExample] {
        let tags = WrappingHStackArticle.tags
        var examples = [
            GalleryExample(name: "wrapping-hstack-plain", article: semianov,
                           description: "\"HStack overflow\": the first six tags in a plain HStack, squeezed into "
                               + "the width: the widest ones truncated.") {
                AnyView(WrappingHStackArticle.PlainHStackTagList(tags: Array(tags.prefix(6))))
            },
            GalleryExample(name: "wrapping-hstack-scroll", article: semianov,
                           description: "\"HStack scrollable\": the tags in a horizontal ScrollView of height 56, shown "
                               + "scrolled to its start and cut at the picture's width, as a phone shows it.") { AnyView(WrappingHStackArticle.ScrollingTagList(tags: tags)) },
        ]
        let alignments: [(String, Alignment)] = [
            ("top-leading", .topLeading), ("top", .top), ("top-trailing", .topTrailing),
            ("leading", .leading), ("center", .center), ("trailing", .trailing),
            ("bottom-leading", .bottomLeading), ("bottom", .bottom), ("bottom-trailing", .bottomTrailing),
        ]
        for (name, alignment) in alignments {
            examples.append(GalleryExample(name: "wrapping-hstack-\(name)", article: semianov,
                                           description: "WrappingHStack(alignment: .\(name)): rows aligned in the "
                                               + "width, tags aligned in their row, system spacing.") {
                AnyView(WrappingHStackArticle.WrappingTagList(tags: tags, alignment: alignment))
            })
        }
        return examples
    }

    private static var liuExamples: [GalleryExample] {
        typealias Switching = CreatingCustomLayouts.SwitchingExample.MyView
        var examples = [
            GalleryExample(name: "numbers-flow", article: liu,
                           description: "0 to 149 in regular-material capsules, wrapped by the article's FlowLayout "
                               + "in a ScrollView (shown at its full length).") {
                AnyView(CreatingCustomLayouts.NumbersExample.MyView())
            },
        ]
        for layoutType in Switching.LayoutType.allCases {
            examples.append(GalleryExample(name: "switching-\(layoutType.rawValue.lowercased())", article: liu,
                                           description: "The segmented picker on \"\(layoutType.rawValue)\" and ten "
                                               + "numbers laid out by it through AnyLayout.") {
                AnyView(Switching().presetState("layoutType", to: layoutType))
            })
        }
        return examples
    }
}
