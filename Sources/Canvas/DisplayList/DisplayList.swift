public import Foundation
public import Typesetting

/// A picture as plain values: its size in points and the items drawn on it, back to front.
///
/// A display list is what every way into TagCloud produces and what every backend draws: the view
/// tree resolves into one, and ``Renderer`` turns one into PNG, SVG or PDF bytes. It holds no
/// C handles and no closures, so it can be stored, compared, sent between threads and encoded to
/// JSON (``jsonData()``) for tests and debugging.
///
/// Coordinates are in points with the origin at the top-left corner and y growing downwards, like
/// SwiftUI's. A PNG at scale 2 has two pixels per point; an SVG has one `px` per point.
///
/// ```swift
/// let list = DisplayList(size: CGSize(width: 120, height: 40)) {
///     DisplayItem.fill(.capsule(CGRect(x: 4, y: 4, width: 112, height: 32)),
///                      with: .color(RGBAColor(red: 0, green: 0.478, blue: 1).opacity(0.2)))
///     DisplayItem.text(shaped, at: CGPoint(x: 16, y: 9), with: .color(.black))
/// }
/// let png = try Renderer.png(scale: 2).render(list)
/// ```
public struct DisplayList: Sendable, Equatable {
    /// The picture's size in points.
    public var size: CGSize
    /// The items, drawn in order (later items on top).
    public var items: [DisplayItem]

    /// Makes a display list from its size and items.
    ///
    /// - Parameters:
    ///   - size: The picture's size in points; backends require both sides to be positive.
    ///   - items: The items, back to front.
    public init(size: CGSize, items: [DisplayItem] = []) {
        self.size = size
        self.items = items
    }

    /// Makes a display list whose items come from a result builder.
    ///
    /// - Parameters:
    ///   - size: The picture's size in points.
    ///   - items: The items, back to front, written like a SwiftUI view body.
    /// - Throws: What `items` throws.
    public init(size: CGSize, @DisplayItemsBuilder items: () throws -> [DisplayItem]) rethrows {
        self.init(size: size, items: try items())
    }

    /// The picture's bounds: the origin and ``size``.
    public var bounds: CGRect { CGRect(origin: .zero, size: size) }

    /// Appends an item on top of the others.
    ///
    /// - Parameter item: The item to draw last.
    public mutating func append(_ item: DisplayItem) {
        items.append(item)
    }

    /// Every item in drawing order, including the items inside groups, with its index path.
    ///
    /// - Complexity: O(n) in the number of items at every depth.
    public var flattened: [(path: [Int], item: DisplayItem)] {
        var result: [(path: [Int], item: DisplayItem)] = []
        func walk(_ items: [DisplayItem], _ prefix: [Int]) {
            for (index, item) in items.enumerated() {
                result.append((prefix + [index], item))
                if case .group(let group) = item.content { walk(group.items, prefix + [index]) }
            }
        }
        walk(items, [])
        return result
    }
}

/// One thing drawn in a ``DisplayList``: a filled or stroked shape, a piece of text or a group, with
/// optional ``ItemMetadata``.
public struct DisplayItem: Sendable, Equatable {
    /// What an item draws.
    public enum Content: Sendable, Equatable {
        /// Fills a shape, like SwiftUI's `Shape.fill(_:style:)` and `GraphicsContext.fill(_:with:style:)`.
        case fill(ResolvedShape, Shading, FillStyle)
        /// Strokes a shape's outline, centred on it like `Shape.stroke(_:style:)` or inside it like
        /// `InsettableShape.strokeBorder(_:style:)`.
        case stroke(ResolvedShape, Shading, StrokeStyle, StrokePlacement)
        /// Draws shaped glyph runs.
        case text(TextItem)
        /// Draws items together, with a transform, a clip and a group opacity.
        case group(ItemGroup)
    }

    /// What this item draws.
    public var content: Content
    /// Label, link and identifier for backends that can use them (SVG, PDF).
    public var metadata: ItemMetadata

    /// Makes an item from its content and metadata.
    ///
    /// - Parameters:
    ///   - content: What the item draws.
    ///   - metadata: Label, link and identifier; empty by default.
    public init(_ content: Content, metadata: ItemMetadata = ItemMetadata()) {
        self.content = content
        self.metadata = metadata
    }

    /// An item that fills a shape, like SwiftUI's `Shape.fill(_:style:)`.
    ///
    /// - Parameters:
    ///   - shape: The shape to fill.
    ///   - shading: The colour or gradient to fill with.
    ///   - style: The fill rule and antialiasing; non-zero winding and antialiased by default.
    /// - Returns: The fill item.
    public static func fill(_ shape: ResolvedShape, with shading: Shading, style: FillStyle = FillStyle()) -> DisplayItem {
        DisplayItem(.fill(shape, shading, style))
    }

    /// An item that strokes a shape's outline, like SwiftUI's `Shape.stroke(_:style:)` (centred) or
    /// `InsettableShape.strokeBorder(_:style:)` (inside).
    ///
    /// - Parameters:
    ///   - shape: The shape whose outline is stroked.
    ///   - shading: The colour or gradient of the stroke.
    ///   - style: Line width, caps, joins and dashes.
    ///   - placement: Centred on the outline (the default) or entirely inside it.
    /// - Returns: The stroke item.
    public static func stroke(_ shape: ResolvedShape, with shading: Shading, style: StrokeStyle = StrokeStyle(),
                              placement: StrokePlacement = .centered) -> DisplayItem {
        DisplayItem(.stroke(shape, shading, style, placement))
    }

    /// An item that draws shaped text with its layout box's top-left corner at `origin`.
    ///
    /// - Parameters:
    ///   - text: Text shaped by Typesetting.
    ///   - origin: Where the top-left corner of the text's layout box goes, in points.
    ///   - shading: The colour or gradient of the glyphs (colour emoji keep their own colours).
    /// - Returns: The text item.
    public static func text(_ text: ShapedText, at origin: CGPoint, with shading: Shading) -> DisplayItem {
        DisplayItem(.text(TextItem(text, origin: origin, shading: shading)))
    }

    /// An item that draws other items together.
    ///
    /// - Parameters:
    ///   - transform: Maps the group's coordinates to its parent's; applies to the clip and items.
    ///   - clip: A shape, in the group's coordinates, outside which nothing is drawn.
    ///   - opacity: Composites the whole group at this opacity, like SwiftUI's `opacity(_:)` on a
    ///     container: overlaps inside the group do not show through each other.
    ///   - items: The group's items, back to front.
    /// - Returns: The group item.
    /// - Throws: What `items` throws.
    public static func group(transform: Transform = .identity, clip: Clip? = nil, opacity: Double = 1,
                             @DisplayItemsBuilder _ items: () throws -> [DisplayItem]) rethrows -> DisplayItem {
        DisplayItem(.group(ItemGroup(items: try items(), transform: transform, clip: clip, opacity: opacity)))
    }

    /// A copy of this item with the given metadata.
    ///
    /// - Parameters:
    ///   - label: Text describing the item (a chip's label).
    ///   - link: Where the item links to.
    ///   - identifier: A stable identifier (an SVG `id`, after the document's prefix).
    ///   - role: What the item is in a tag cloud.
    ///   - isSelected: Whether the item is, or belongs to, a selected chip.
    ///   - tooltip: Text shown while the pointer is over the item (an SVG `<title>`, a PDF
    ///     annotation).
    /// - Returns: The item with ``metadata`` replaced.
    public func metadata(label: String? = nil, link: URL? = nil, identifier: String? = nil, role: ItemRole? = nil,
                         isSelected: Bool = false, tooltip: String? = nil) -> DisplayItem {
        DisplayItem(content, metadata: ItemMetadata(label: label, link: link, identifier: identifier, role: role,
                                                    isSelected: isSelected, tooltip: tooltip))
    }
}

/// Items drawn together, with one transform, clip and opacity.
///
/// The transform applies first (to the clip and to the items), then the clip; the opacity applies
/// to the composited result, as SwiftUI's `clipShape(_:)` followed by `opacity(_:)` would.
public struct ItemGroup: Sendable, Equatable {
    /// The items, back to front, in the group's coordinates.
    public var items: [DisplayItem]
    /// Maps the group's coordinates to its parent's.
    public var transform: Transform
    /// The clip, in the group's coordinates; `nil` clips nothing.
    public var clip: Clip?
    /// The group opacity, 0 (invisible) to 1 (opaque); values outside are clamped when drawing.
    public var opacity: Double

    /// Makes a group.
    ///
    /// - Parameters:
    ///   - items: The items, back to front.
    ///   - transform: Maps the group's coordinates to its parent's.
    ///   - clip: The clip shape, in the group's coordinates.
    ///   - opacity: The group opacity.
    public init(items: [DisplayItem], transform: Transform = .identity, clip: Clip? = nil, opacity: Double = 1) {
        self.items = items
        self.transform = transform
        self.clip = clip
        self.opacity = opacity
    }
}

/// A clip region: a shape and the rule that decides what is inside it, like SwiftUI's
/// `clipShape(_:style:)`.
public struct Clip: Sendable, Equatable {
    /// The shape outside which nothing is drawn.
    public var shape: ResolvedShape
    /// The fill rule (non-zero or even-odd) and whether the clip edge is antialiased.
    public var style: FillStyle

    /// Makes a clip.
    ///
    /// - Parameters:
    ///   - shape: The clip shape.
    ///   - style: The fill rule and antialiasing of its edge.
    public init(_ shape: ResolvedShape, style: FillStyle = FillStyle()) {
        self.shape = shape
        self.style = style
    }
}

/// Label, link, identifier, role and tooltip of an item, for backends that can use them.
///
/// The SVG backend writes an item with metadata as a group with a prefixed `id`, a `data-label`,
/// the tooltip as its first child (`<title>…</title>`), and for a link an `<a href>` (checked by
/// ``WebLink``); a ``role`` adds the classes, ARIA roles and colour custom properties of web output
/// (see ``ItemRole``). The PDF backend makes links clickable and tooltips annotations over the item
/// (for items outside clips and opacity groups, see ``Renderer/pdf(background:title:)``). PNG ignores
/// metadata.
public struct ItemMetadata: Sendable, Hashable {
    /// Text describing the item, such as a chip's label.
    public var label: String?
    /// The language of ``label`` (a BCP 47 tag) when it is not the picture's, such as `en` for an
    /// English name in a cloud of another language; the SVG backend writes it as the item's `lang`.
    /// `nil`: the picture's language.
    public var labelLanguage: String?
    /// Where the item links to.
    public var link: URL?
    /// A stable identifier; the SVG backend writes it, after the document's id prefix, as the
    /// group's `id`.
    public var identifier: String?
    /// What the item is in a tag cloud, for web output; `nil` for an item that is only drawn.
    public var role: ItemRole?
    /// Whether the item is, or belongs to, a selected chip.
    public var isSelected: Bool
    /// Text shown while the pointer is over the item (SwiftUI's `help(_:)`).
    public var tooltip: String?
    /// Whether the colour of a role's item is its own (a tag's `fill`, a weight scale's colour):
    /// web output then writes it as it is, without the role's custom property (`--tc-chip-fill`),
    /// so that a page's theme does not replace it.
    public var keepsColor: Bool

    /// Makes metadata.
    ///
    /// - Parameters:
    ///   - label: Text describing the item.
    ///   - link: Where the item links to.
    ///   - identifier: A stable identifier.
    ///   - role: What the item is in a tag cloud.
    ///   - isSelected: Whether the item is, or belongs to, a selected chip.
    ///   - tooltip: Text shown while the pointer is over the item.
    ///   - keepsColor: Whether the role's colour is the item's own (see ``keepsColor``).
    ///   - labelLanguage: The language of `label` when it is not the picture's.
    public init(label: String? = nil, link: URL? = nil, identifier: String? = nil, role: ItemRole? = nil,
                isSelected: Bool = false, tooltip: String? = nil, keepsColor: Bool = false, labelLanguage: String? = nil) {
        self.label = label
        self.link = link
        self.identifier = identifier
        self.role = role
        self.isSelected = isSelected
        self.tooltip = tooltip
        self.keepsColor = keepsColor
        self.labelLanguage = labelLanguage
    }

    /// Whether there is no label, link, identifier, role, selection, tooltip or kept colour.
    public var isEmpty: Bool {
        label == nil && link == nil && identifier == nil && role == nil && !isSelected && tooltip == nil && !keepsColor
    }
}

/// What an item is in a tag cloud: the roles web output (SVG and HTML) turns into classes, ARIA
/// roles and colour custom properties.
///
/// | role | SVG | colour custom property |
/// | --- | --- | --- |
/// | ``cloud`` | `<g class="tc-cloud" role="list">` | |
/// | ``chip`` | `<g class="tc-chip" role="listitem">` (`tc-selected` with `aria-current="true"`, `tc-more`), `<a class="tc-link">` inside | |
/// | ``moreChip`` | as ``chip``, with `tc-more` | |
/// | ``chipFill`` | `class="tc-chip-fill"` | `--tc-chip-fill`, selected `--tc-selected-fill` |
/// | ``chipBorder`` | `class="tc-chip-border"` | `--tc-chip-stroke`, selected `--tc-selected-stroke` |
/// | ``label`` | `class="tc-label"` (outlines) and a `<text class="tc-text">` | `--tc-text`, selected `--tc-selected-text` |
/// | ``checkmark`` | `class="tc-check"` | `--tc-check` |
///
/// An item whose metadata ``ItemMetadata/keepsColor`` has its role's class but no custom property.
public enum ItemRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// The whole cloud: a list of chips.
    case cloud
    /// One chip: a list item, holding its link.
    case chip
    /// The "+N" chip standing for the tags a row limit hides.
    case moreChip
    /// A chip's background shape.
    case chipFill
    /// A chip's border.
    case chipBorder
    /// A chip's text.
    case label
    /// The checkmark of a selected chip.
    case checkmark
}

/// Builds an array of ``DisplayItem`` from statements, like SwiftUI's `@ViewBuilder`.
@resultBuilder
public enum DisplayItemsBuilder {
    /// One item.
    public static func buildExpression(_ item: DisplayItem) -> [DisplayItem] { [item] }
    /// Several items at once.
    public static func buildExpression(_ items: [DisplayItem]) -> [DisplayItem] { items }
    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [DisplayItem]...) -> [DisplayItem] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [DisplayItem]?) -> [DisplayItem] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [DisplayItem]) -> [DisplayItem] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [DisplayItem]) -> [DisplayItem] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[DisplayItem]]) -> [DisplayItem] { parts.flatMap { $0 } }
}
