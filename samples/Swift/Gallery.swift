// The gallery: every example view of the articles (../shared/seeds), with what to propose to it,
// for the golden-image tests and the `tagcloud samples` command.
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

/// The articles' example views.
public enum Gallery {
    static let flexbox = "Building a Flow Layout in SwiftUI: Wrapping Views Like CSS Flexbox"
    static let globulus = "Flow Layout (globulus)"
    static let eidhof = "SwiftUI Flow Layout (Chris Eidhof, CollectionView)"
    static let semianov = "Building a wrapping HStack with the SwiftUI Layout protocol (Konstantin Semianov)"
    static let liu = "Creating custom layouts in SwiftUI (Clive Liu)"

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
                       description: "The preview's items, 12-point text on grey rectangles with 4-point rounded "
                           + "corners, 4 points apart, wrapped like left-aligned text.") {
            AnyView(GlobulusFlowLayout.PreviewLook())
        }
    }

    private static var eidhofExamples: [GalleryExample] {
        [150, 250, 350].map { width in
            GalleryExample(name: "collection-view-\(Int(width))", article: eidhof,
                           description: "\"Element N\" items on grey 5-point rounded rectangles flowed in a container "
                               + "\(Int(width)) points wide (the red bar), the slider at that width.") {
                AnyView(CollectionViewFlowLayout.ContentLook(width: width))
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
                               + "at its full length.") { AnyView(WrappingHStackArticle.ScrollingTagList(tags: tags)) },
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
