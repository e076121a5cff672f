public import Canvas

/// A tag cloud: the tags and every key of the spec, as typed values a program can read and set.
///
/// ```swift
/// import TagCloud
///
/// let cloud = try Cloud(yaml: "tags: [Swift, Linux, Cairo]")
/// let png = try cloud.pngData(scale: 2)
/// ```
///
/// Every key is optional: `nil` means "not given", and rendering takes the value from the
/// ``style``'s preset, the ``theme`` and the house defaults (see ``resolved()``). A cloud parsed
/// from text holds checked values (finite, in range, known names, valid colours) and remembers
/// where each was written, so that a problem found later (a font family no font has) is reported
/// at its line; a value a program sets is checked when the cloud is rendered.
///
/// The keys, their types, limits, defaults and the values each style gives them are declared once,
/// in the tables beside each type (`Keys`), which the parser, the encoder, ``merging(_:)``,
/// ``setValue(_:forKeyPath:source:)``, the `tagcloud` command's options and the catalog's key
/// reference all read.
public struct Cloud: Sendable, Hashable {
    /// The flow container's width in points; the picture is `width + 2 × padding` wide.
    public var width: Double?
    /// The outer margin around the flow, in points.
    public var padding: Double?
    /// The gaps between chips in a row (`horizontal`) and between rows (`vertical`), in points.
    public var spacing: Axes?
    /// Where rows sit in the container and chips sit in a row, as SwiftUI's `Alignment`.
    public var alignment: Alignment?
    /// How the free space of a row is shared out.
    public var justification: Justification?
    /// Whether the last row is justified like the others (CSS flex-wrap) or keeps the alignment.
    public var justifyLastRow: Bool?
    /// How tags are broken into rows.
    public var lineBreaking: LineBreaking?
    /// The most rows to show; the tags that do not fit are replaced by a "+N" chip.
    public var maxRows: Int?
    /// The "+N" chip's name for assistive technology, in the cloud's language: `{count}` stands
    /// for the number of tags it holds (`"{count} autres étiquettes"`); `nil` for "9 more tags"
    /// ("1 more tag").
    public var moreLabel: String?
    /// The order of chips in a row.
    public var direction: Direction?
    /// The chips' font.
    public var font: Font?
    /// How tag weights map to font sizes.
    public var weights: Weights?
    /// The chips' look.
    public var chip: Chip?
    /// A named look from the articles the project started from.
    public var style: Style?
    /// Light or dark colours for the background, the text and the style's colours.
    public var theme: Theme?
    /// Pixels per point in PNG output (2 for a "@2x" picture), as SwiftUI's `ImageRenderer.scale`.
    public var scale: Double?
    /// The picture's background colour (`transparent` for none).
    public var background: CSSColor?
    /// The language of the tags (a BCP 47 tag such as `ja`, `zh-Hans`, `sr`): it selects the
    /// language's glyph forms and fallback fonts, and is written as `lang` in SVG and HTML.
    public var locale: String?
    /// Whether a tag with characters no available font covers is an error
    /// (``TagCloudError/missingGlyphs(_:)``) instead of a warning.
    public var strictFonts: Bool?
    /// Font files (TrueType, OpenType, collections, WOFF, WOFF2) or folders of them, whose
    /// families ``font`` and the tags may name, ahead of the bundled ones; relative paths are
    /// relative to the spec's folder.
    public var fonts: [String]?
    /// The order the chips are drawn in.
    public var order: Order?
    /// Chip colours from the tags' weights.
    public var colors: Colors?
    /// The chips' text as a template of `{text}` and `{weight}` (``Template``).
    public var label: String?
    /// Every chip's tooltip as a template of `{text}` and `{weight}`; a tag's own ``Tag/tooltip``
    /// wins.
    public var tooltip: String?
    /// The prefix of every id, class and font name in SVG and HTML output (`--id`); `nil` for one
    /// derived from a hash of the output.
    public var id: String?
    /// The picture's title for assistive technology (SVG `<title>`, the HTML list's name, a page's
    /// `<title>`).
    public var title: String?
    /// Whether SVG output scales with its container (a `viewBox` only, 100 % wide).
    public var responsive: Bool?
    /// Where links open in SVG and HTML output.
    public var linkTarget: LinkTarget?
    /// Where an HTML page finds the bundled font files (by file name); `nil` embeds subsets.
    public var fontURL: String?
    /// Whether HTML output is a whole document (`--page`) rather than a fragment.
    public var page: Bool?
    /// The tags, in order; none makes an empty picture.
    public var tags: [Tag]

    /// Where the values of a parsed cloud were written; not part of the cloud's identity.
    var provenance = Provenance()

    /// A cloud of tags, every other key left to its default.
    ///
    /// - Parameter tags: The tags, in order (string literals are tags: `Cloud(tags: ["Swift"])`).
    public init(tags: [Tag] = []) {
        self.tags = tags
    }

    /// The top level's keys.
    struct Keys: Sendable {
        let width = SpecKey("width", \Cloud.width, .number(.length), default: KeyDefault(358),
                            presets: [.globulusList: KeyDefault(350), .materialCapsules: KeyDefault(390)],
                            option: "width", valueName: "points",
                            doc: "The flow container's width in points. Rows wrap and align within it; the picture is `width + 2 × padding` wide.")
        let padding = SpecKey("padding", \Cloud.padding, .number(.length), default: KeyDefault(16),
                              presets: [.globulusList: KeyDefault(20), .materialCapsules: KeyDefault(0)],
                              option: "padding", valueName: "points",
                              doc: "The outer margin around the flow, in points.")
        let spacing = SpecKey("spacing", \Cloud.spacing, .axes, default: KeyDefault(Axes(8)),
                              presets: [.suggestionChips: KeyDefault(Axes(vertical: 10)),
                                        .collectionView: KeyDefault(Axes(10)), .materialCapsules: KeyDefault(Axes(0))],
                              option: "spacing", valueName: "points",
                              doc: "The gap between chips in a row (`horizontal`) and between rows (`vertical`). A number sets both.")
        let alignment = SpecKey("alignment", \Cloud.alignment, .name, default: KeyDefault(Alignment.topLeading),
                                presets: [.wrappingHStack: KeyDefault(.leading)], option: "alignment", valueName: "name",
                                doc: "The horizontal part places each row in the width (CSS `justify-content`); the vertical part places each chip in its row (CSS `align-items`).")
        let justification = SpecKey("justification", \Cloud.justification, .name,
                                    default: KeyDefault(Justification.none), option: "justification", valueName: "name",
                                    doc: "How a row's free space is shared out (CSS `justify-content: space-between` …; `stretch` grows the chips equally).")
        let justifyLastRow = SpecKey("justifyLastRow", \Cloud.justifyLastRow, .bool, default: KeyDefault(true),
                                     doc: "`true` justifies the last row like the others (CSS flex-wrap); `false` keeps it at the alignment, as the last line of justified text.")
        let lineBreaking = SpecKey("lineBreaking", \Cloud.lineBreaking, .name, default: KeyDefault(LineBreaking.greedy),
                                   option: "line-breaking", valueName: "name",
                                   doc: "`greedy` fills each row as far as it goes; `balanced` keeps the same number of rows with widths as even as possible.")
        let maxRows = SpecKey("maxRows", \Cloud.maxRows, .integer(1...1_000_000), defaultDoc: "no limit",
                              option: "max-rows", valueName: "count",
                              doc: "The most rows to show; the tags that do not fit become one \"+N\" chip (a tag too wide to go beside it on the last row is cut to share that row, unless the room would keep none of its letters).")
        let moreLabel = SpecKey("moreLabel", \Cloud.moreLabel, .line, defaultDoc: "`{count} more tags` (`1 more tag`)",
                                doc: "The \"+N\" chip's name for assistive technology (its SVG and HTML `aria-label`), in the cloud's language: `{count}` stands for the number of tags it holds (`{count} autres étiquettes`). A screen reader reads the chip's \"+9\" as \"plus nine\".")
        let direction = SpecKey("direction", \Cloud.direction, .name, default: KeyDefault(Direction.ltr),
                                option: "direction", valueName: "direction",
                                doc: "The order of chips in a row; in `rtl`, leading is the right edge.")
        let font = SpecKey("font", \Cloud.font, .mapping(Font.keys, empty: Font()), defaultDoc: "see its keys",
                           doc: "The chips' font.")
        let weights = SpecKey("weights", \Cloud.weights, .mapping(Weights.keys, empty: Weights()),
                              defaultDoc: "see its keys", doc: "How tag weights map to font sizes.")
        let chip = SpecKey("chip", \Cloud.chip, .mapping(Chip.keys, empty: Chip()), defaultDoc: "see its keys",
                           doc: "The chips' look.")
        let style = SpecKey("style", \Cloud.style, .name, default: KeyDefault(Style.tagCloud), option: "style",
                            valueName: "name",
                            doc: "A look from the articles (see \"Styles\"). Keys given in the spec win over the style's.")
        let theme = SpecKey("theme", \Cloud.theme, .name, default: KeyDefault(Theme.light), option: "theme",
                            valueName: "name",
                            outputs: OutputFormat.pictures, doc: "Light: black text on white, iOS light system colours. Dark: white text on black, iOS dark system colours. Auto: the light look, and in SVG and HTML the dark look for readers in dark mode (`prefers-color-scheme`); there a light `background` gives way to the dark look's, under which the dark look's white text stays readable, and a dark one is kept.")
        let scale = SpecKey("scale", \Cloud.scale, .number(.scale), default: KeyDefault(1), option: "scale",
                            valueName: "factor", outputs: [.png],
                            doc: "Pixels per point in PNG output (`2` for \"@2x\"), as SwiftUI's `ImageRenderer.scale`.")
        let background = SpecKey("background", \Cloud.background, .color,
                                 default: KeyDefault(light: CSSColor.white, dark: .black), option: "background",
                                 valueName: "colour", outputs: OutputFormat.pictures, doc: "The picture's background (`transparent` for none).")
        let locale = SpecKey("locale", \Cloud.locale, .languageTag, defaultDoc: "none", option: "locale", valueName: "tag",
                             doc: "The tags' language, a BCP 47 tag (`ja`, `zh-Hans`, `zh-Hant`, `ko`, `sr`…): it picks the language's glyph forms (OpenType `locl`) and fallback fonts, as a browser does for `lang`.")
        let strictFonts = SpecKey("strictFonts", \Cloud.strictFonts, .bool, default: KeyDefault(false),
                                  doc: "`true` makes a tag with characters no available font covers an error (exit 65, no output) instead of a warning on standard error. Option: `--strict-fonts` (no value).")
        let fonts = SpecKey("fonts", \Cloud.fonts, .fontFiles, defaultDoc: "none (the bundled fonts)",
                            doc: "Font files (`.ttf`, `.otf`, `.ttc`, `.woff`, `.woff2`) or folders of them; their families can be named in `font.family` and per tag, ahead of the bundled ones, with the same fallback for characters they lack. Relative paths are relative to the spec's folder. Option: `--font-file` (repeatable).")
        let order = SpecKey("order", \Cloud.order, .order, default: KeyDefault(Order(by: .given)), option: "order",
                            valueName: "order",
                            doc: "The order chips are drawn in: `given`, `weight`, `name` or `shuffle`, or `{by, descending, seed}`.")
        let colors = SpecKey("colors", \Cloud.colors, .colors, defaultDoc: "none (the chips' colours)",
                             outputs: OutputFormat.pictures, doc: "Colours from the tags' weights: `{by: weight, palette: viridis}` (steps) or `{by: weight, gradient: [from, to]}` (OKLCH), on the chips' fill, text or both.")
        let label = SpecKey("label", \Cloud.label, .template, defaultDoc: "`{text}`", option: "label", valueName: "template",
                            doc: "The chip's text: `{text}` and `{weight}` stand for the tag's; the word holding `{weight}` is drawn smaller and lighter (`\"{text} {weight}\"` shows counts). `{{` and `}}` are braces.")
        let tooltip = SpecKey("tooltip", \Cloud.tooltip, .template, defaultDoc: "none", option: "tooltip", valueName: "template",
                              outputs: OutputFormat.annotated, doc: "Every chip's tooltip, a template like `label` (SVG `<title>`, HTML `title`, a PDF annotation); a tag's `tooltip` wins. A template with `{weight}` gives no tooltip to a tag without a weight.")
        let id = SpecKey("id", \Cloud.id, .webID, defaultDoc: "`tc` and 8 hex digits of a hash of the output",
                         option: "id", valueName: "prefix", outputs: [.svg, .html],
                         doc: "SVG and HTML: the prefix of every id, class and font name, so that several clouds inlined in one page never collide.")
        let title = SpecKey("title", \Cloud.title, .line, defaultDoc: "`Tag cloud`", outputs: [.svg, .html, .pdf],
                            doc: "SVG, HTML and PDF: the cloud's name for assistive technology (SVG `<title>`, the list's `aria-label`, a page's `<title>`, the PDF's document title).")
        let responsive = SpecKey("responsive", \Cloud.responsive, .bool, default: KeyDefault(false), outputs: [.svg],
                                 doc: "SVG: `true` makes the picture as wide as its container (`width: 100%` in its style sheet), keeping its aspect ratio; its size in pixels stays in its `width` and `height` for a container sized by its content and for renderers without CSS. Without it, its size in pixels, narrowed in proportion in a narrower column.")
        let linkTarget = SpecKey("linkTarget", \Cloud.linkTarget, .name, default: KeyDefault(LinkTarget.current), outputs: [.svg, .html],
                                 doc: "SVG and HTML: where links open: `_self`, `_top`, or `_blank` (written with `rel=\"noopener\"`).")
        let fontURL = SpecKey("fontURL", \Cloud.fontURL, .webLink, defaultDoc: "none: the fonts are embedded as subsets", outputs: [.html],
                              doc: "HTML: the URL under which the page serves the bundled font files (`/fonts/`); each is limited by `unicode-range` to the characters it draws.")
        let page = SpecKey("page", \Cloud.page, .bool, default: KeyDefault(false), outputs: [.html],
                           doc: "HTML: `true` writes a whole document (`--page`) instead of a fragment.")
        let tags = SpecKey(list: "tags", \Cloud.tags, .tags, defaultDoc: "none (an empty picture)",
                           doc: "The tags, in order: strings, or mappings of the keys in \"Tags\".")
    }

    /// The top level's keys, each declared once.
    static let fields = Keys()
    /// The top level's keys as a table.
    static let keys = KeyTable<Cloud>(reflecting: fields)

    /// A horizontal and a vertical length, each optional (spacing, chip padding): written as a
    /// number (both) or `{horizontal, vertical}`.
    public struct Axes: Sendable, Hashable {
        /// Along a row, in points.
        public var horizontal: Double?
        /// Across rows, in points.
        public var vertical: Double?

        /// Makes a pair; either may be left to the default.
        public init(horizontal: Double? = nil, vertical: Double? = nil) {
            self.horizontal = horizontal
            self.vertical = vertical
        }

        /// The same length on both axes, as the number form of the key.
        public init(_ both: Double) {
            self.init(horizontal: both, vertical: both)
        }

        struct Keys: Sendable {
            let horizontal = SpecKey("horizontal", \Axes.horizontal, .number(.length), defaultDoc: "the key's",
                                     doc: "Along a row, in points.")
            let vertical = SpecKey("vertical", \Axes.vertical, .number(.length), defaultDoc: "the key's",
                                   doc: "Across rows, in points.")
        }
        static let keys = KeyTable<Axes>(reflecting: Keys())
    }

    /// The chips' font.
    public struct Font: Sendable, Hashable {
        /// A family name (`Inter`, `DejaVu Sans`, or one fontconfig finds).
        public var family: String?
        /// The size in points, for tags without weights (written as a number or a SwiftUI text
        /// style name: `body` 17, `subheadline` 15, …).
        public var size: Double?
        /// The weight, a SwiftUI name (`regular`, `bold`…) or a CSS number 1–1000.
        public var weight: FontWeight?

        /// A font; every part not given is left to the default (`.init(family: "Inter", size: 20)`).
        public init(family: String? = nil, size: Double? = nil, weight: FontWeight? = nil) {
            self.family = family
            self.size = size
            self.weight = weight
        }

        struct Keys: Sendable {
            let family = SpecKey("family", \Font.family, .familyName,
                                 defaultDoc: "TagCloudUI's system font (the bundled Inter)", option: "font",
                                 valueName: "family",
                                 doc: "A bundled family (`Inter`, `DejaVu Sans`) or one fontconfig finds (see `tagcloud fonts`).")
            let size = SpecKey("size", \Font.size, .fontSize, default: KeyDefault(17),
                               presets: [.suggestionChips: KeyDefault(15), .globulusList: KeyDefault(12)],
                               option: "font-size", valueName: "size",
                               doc: "The size of tags without weights, in points, or a SwiftUI text style: `largeTitle` 34, `title` 28, `title2` 22, `title3` 20, `headline` 17, `body` 17, `callout` 16, `subheadline` 15, `footnote` 13, `caption` 12, `caption2` 11.")
            let weight = SpecKey("weight", \Font.weight, .fontWeight, default: KeyDefault(FontWeight.regular),
                                 option: "font-weight", valueName: "weight",
                                 doc: "`ultraLight` 100, `thin` 200, `light` 300, `regular` 400, `medium` 500, `semibold` 600, `bold` 700, `heavy` 800, `black` 900, or a whole CSS number.")
        }
        static let keys = KeyTable<Font>(reflecting: fields)
        static let fields = Keys()
    }

    /// How tag weights map to font sizes.
    public struct Weights: Sendable, Hashable {
        /// The font size of the lightest tag, in points.
        public var minSize: Double?
        /// The font size of the heaviest tag, in points.
        public var maxSize: Double?
        /// The curve between them.
        public var scale: WeightScale?

        /// A weight mapping; every part not given is left to the default
        /// (`.init(minSize: 12, maxSize: 36)`).
        public init(minSize: Double? = nil, maxSize: Double? = nil, scale: WeightScale? = nil) {
            self.minSize = minSize
            self.maxSize = maxSize
            self.scale = scale
        }

        struct Keys: Sendable {
            let minSize = SpecKey("minSize", \Weights.minSize, .number(.fontSize), defaultDoc: "`font.size`",
                                  doc: "The font size of the lightest tag.")
            let maxSize = SpecKey("maxSize", \Weights.maxSize, .number(.fontSize), defaultDoc: "twice `minSize`",
                                  doc: "The font size of the heaviest tag; at least `minSize` (a smaller one is refused when the cloud is rendered).")
            let scale = SpecKey("scale", \Weights.scale, .name, default: KeyDefault(WeightScale.linear),
                                doc: "The curve from weights to sizes (see \"Weights\").")
        }
        static let keys = KeyTable<Weights>(reflecting: fields)
        static let fields = Keys()
    }

    /// The chips' look.
    public struct Chip: Sendable, Hashable {
        /// The space between a chip's edge and its text, in points.
        public var padding: Axes?
        /// The outline.
        public var shape: ChipShape?
        /// The corner radius of ``ChipShape/rounded`` chips, in points.
        public var cornerRadius: Double?
        /// The inside: a colour or a SwiftUI material.
        public var fill: Fill?
        /// The border colour, drawn inside the edge like SwiftUI's `strokeBorder`.
        public var stroke: CSSColor?
        /// The border width in points.
        public var strokeWidth: Double?
        /// The text colour (key `textColor`; `text` is accepted as another name).
        public var textColor: CSSColor?
        /// How selected tags differ.
        public var selected: SelectedChip?
        /// The most lines a label wider than the row wraps onto before it is cut with an ellipsis.
        public var lineLimit: Int?

        /// A chip look; every part not given is left to the style's
        /// (`.init(shape: .rounded, cornerRadius: 4)`).
        public init(padding: Axes? = nil, shape: ChipShape? = nil, cornerRadius: Double? = nil, fill: Fill? = nil,
                    stroke: CSSColor? = nil, strokeWidth: Double? = nil, textColor: CSSColor? = nil,
                    selected: SelectedChip? = nil, lineLimit: Int? = nil) {
            self.padding = padding
            self.shape = shape
            self.cornerRadius = cornerRadius
            self.fill = fill
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.textColor = textColor
            self.selected = selected
            self.lineLimit = lineLimit
        }

        struct Keys: Sendable {
            let padding = SpecKey("padding", \Chip.padding, .axes, default: KeyDefault(Axes(horizontal: 12, vertical: 8)),
                                  presets: [.suggestionChips: KeyDefault(Axes(horizontal: 14)), .globulusList: KeyDefault(Axes(0)),
                                            .collectionView: KeyDefault(Axes(8)), .materialCapsules: KeyDefault(Axes(16)),
                                            .wrappingHStack: KeyDefault(Axes(horizontal: 12, vertical: 6))],
                                  doc: "The space between a chip's edge and its text.")
            let shape = SpecKey("shape", \Chip.shape, .name, default: KeyDefault(ChipShape.capsule),
                                presets: [.globulusList: KeyDefault(.rounded), .collectionView: KeyDefault(.rounded)],
                                option: "shape", valueName: "shape",
                                doc: "SwiftUI's `Capsule`, `RoundedRectangle`, `Rectangle`.")
            let cornerRadius = SpecKey("cornerRadius", \Chip.cornerRadius, .number(.length), default: KeyDefault(6),
                                       presets: [.globulusList: KeyDefault(4), .collectionView: KeyDefault(5)],
                                       doc: "The corner radius of `rounded` chips.")
            let fill = SpecKey("fill", \Chip.fill, .fill, default: .themed(ThemedColor.blue.opacity(0.2)),
                               presets: [.suggestionChips: .themed(ThemedColor.gray.opacity(0.1)),
                                         .globulusList: .themed(.gray), .collectionView: .themed(.gray),
                                         .materialCapsules: KeyDefault(.material(.regularMaterial)),
                                         .wrappingHStack: .themed(ThemedColor.gray.opacity(0.15))],
                               option: "fill", valueName: "colour",
                               outputs: OutputFormat.pictures, doc: "The inside. Materials are SwiftUI's: `ultraThinMaterial`, `thinMaterial`, `regularMaterial`, `thickMaterial`, `ultraThickMaterial`.")
            let stroke = SpecKey("stroke", \Chip.stroke, .color, defaultDoc: "none",
                                 outputs: OutputFormat.pictures, doc: "A border, drawn inside the edge (SwiftUI's `strokeBorder`).")
            let strokeWidth = SpecKey("strokeWidth", \Chip.strokeWidth, .number(.length), default: KeyDefault(1),
                                      outputs: OutputFormat.pictures, doc: "The border's width.")
            let textColor = SpecKey("textColor", \Chip.textColor, .color, default: .themed(.primary), aliases: ["text"],
                                    outputs: OutputFormat.pictures, doc: "The text colour. `chip.text` is accepted as another name for it.")
            let selected = SpecKey("selected", \Chip.selected, .mapping(SelectedChip.keys, empty: SelectedChip()),
                                   defaultDoc: "see its keys", doc: "How selected tags differ.")
            let lineLimit = SpecKey("lineLimit", \Chip.lineLimit, .integer(1...1000), default: KeyDefault(1),
                                    option: "line-limit", valueName: "lines",
                                    doc: "A label wider than the row is cut with an ellipsis so the chip fits; with more lines it wraps where a browser breaks lines (at spaces and hyphens, between Chinese or Japanese characters, between Thai words), and a label with a word wider than the row stays on one line, cut.")
        }
        static let keys = KeyTable<Chip>(reflecting: fields)
        static let fields = Keys()
    }

    /// How a selected chip differs from the others; what is not given stays as for other chips.
    public struct SelectedChip: Sendable, Hashable {
        /// The fill of selected chips.
        public var fill: Fill?
        /// The border colour of selected chips.
        public var stroke: CSSColor?
        /// The border width of selected chips, in points.
        public var strokeWidth: Double?
        /// The text colour of selected chips (`text` is accepted as another name).
        public var textColor: CSSColor?
        /// Whether selected chips show a checkmark after their text.
        public var checkmark: Bool?

        /// A selected look; every part not given stays as for other chips
        /// (`.init(checkmark: true)`).
        public init(fill: Fill? = nil, stroke: CSSColor? = nil, strokeWidth: Double? = nil, textColor: CSSColor? = nil,
                    checkmark: Bool? = nil) {
            self.fill = fill
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.textColor = textColor
            self.checkmark = checkmark
        }

        struct Keys: Sendable {
            let fill = SpecKey("fill", \SelectedChip.fill, .fill, default: .themed(ThemedColor.blue.opacity(0.15)),
                               outputs: OutputFormat.pictures, doc: "The fill of selected tags.")
            let stroke = SpecKey("stroke", \SelectedChip.stroke, .color, default: .themed(.blue),
                                 outputs: OutputFormat.pictures, doc: "The border of selected tags.")
            let strokeWidth = SpecKey("strokeWidth", \SelectedChip.strokeWidth, .number(.length), default: KeyDefault(1.5),
                                      outputs: OutputFormat.pictures, doc: "Its width.")
            let textColor = SpecKey("textColor", \SelectedChip.textColor, .color, defaultDoc: "the chip's `textColor`",
                                    aliases: ["text"],
                                    outputs: OutputFormat.pictures, doc: "The text colour of selected tags (`text` is another name for it).")
            let checkmark = SpecKey("checkmark", \SelectedChip.checkmark, .bool, default: KeyDefault(true),
                                    doc: "Whether selected tags show a checkmark (12 pt bold, 6 pt after the text).")
        }
        static let keys = KeyTable<SelectedChip>(reflecting: fields)
        static let fields = Keys()
    }

    /// One tag: a string in the spec, or a mapping of these keys.
    public struct Tag: Sendable, Hashable, ExpressibleByStringInterpolation {
        /// The chip's text. Numbers in a spec are kept as written.
        public var text: String
        /// The weight, a finite number ≥ 0; heavier tags get larger fonts (see ``Weights``).
        public var weight: Double?
        /// A link target, kept in SVG and HTML output, and in PDF when it is absolute.
        public var href: String?
        /// Whether the tag is selected (see ``SelectedChip``).
        public var selected: Bool?
        /// This chip's fill, over the style's and the selected look.
        public var fill: Fill? {
            get { own?.fill }
            set { updateOwn { $0.fill = newValue } }
        }
        /// This chip's text colour.
        public var textColor: CSSColor? {
            get { own?.textColor }
            set { updateOwn { $0.textColor = newValue } }
        }
        /// This chip's font: its `size` wins over the size from the tag's weight, its `family`
        /// and `weight` over the cloud's.
        public var font: Font? {
            get { own?.font }
            set { updateOwn { $0.font = newValue } }
        }
        /// This chip's language (a BCP 47 tag), over the cloud's ``Cloud/locale``.
        public var locale: String? {
            get { own?.locale }
            set { updateOwn { $0.locale = newValue } }
        }
        /// This chip's tooltip, over the cloud's ``Cloud/tooltip``.
        public var tooltip: String? {
            get { own?.tooltip }
            set { updateOwn { $0.tooltip = newValue } }
        }

        /// The keys a tag seldom has, held by reference and only when one is set: a tag of a large
        /// cloud (text, weight, link) is a quarter of the size it would be with them inline.
        private var own: OwnKeys?

        private final class OwnKeys: Sendable, Hashable {
            let fill: Fill?
            let textColor: CSSColor?
            let font: Font?
            let locale: String?
            let tooltip: String?

            init(fill: Fill?, textColor: CSSColor?, font: Font?, locale: String?, tooltip: String?) {
                self.fill = fill
                self.textColor = textColor
                self.font = font
                self.locale = locale
                self.tooltip = tooltip
            }

            var isEmpty: Bool { fill == nil && textColor == nil && font == nil && locale == nil && tooltip == nil }

            static func == (lhs: OwnKeys, rhs: OwnKeys) -> Bool {
                lhs === rhs || (lhs.fill == rhs.fill && lhs.textColor == rhs.textColor && lhs.font == rhs.font
                                && lhs.locale == rhs.locale && lhs.tooltip == rhs.tooltip)
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(fill)
                hasher.combine(textColor)
                hasher.combine(font)
                hasher.combine(locale)
                hasher.combine(tooltip)
            }
        }

        /// The seldom-set keys as values, for ``updateOwn(_:)``.
        private struct OwnValues {
            var fill: Fill?
            var textColor: CSSColor?
            var font: Font?
            var locale: String?
            var tooltip: String?
        }

        /// Changes the seldom-set keys (a new box: boxes are shared by copies of the tag).
        private mutating func updateOwn(_ change: (inout OwnValues) -> Void) {
            var values = OwnValues(fill: own?.fill, textColor: own?.textColor, font: own?.font, locale: own?.locale,
                                   tooltip: own?.tooltip)
            change(&values)
            let box = OwnKeys(fill: values.fill, textColor: values.textColor, font: values.font, locale: values.locale,
                              tooltip: values.tooltip)
            own = box.isEmpty ? nil : box
        }

        /// A tag with a text, and the keys a tag most often has; every other key left to the
        /// cloud's (set the properties for them).
        ///
        /// ```swift
        /// let tags: [Cloud.Tag] = ["Linux", .init("Swift", weight: 12, href: "/tags/swift/")]
        /// ```
        ///
        /// - Parameters:
        ///   - text: The chip's text.
        ///   - weight: The weight, a finite number ≥ 0; `nil` counts as 1.
        ///   - href: A link target.
        ///   - selected: Whether the chip has the selected look.
        public init(_ text: String, weight: Double? = nil, href: String? = nil, selected: Bool? = nil) {
            self.text = text
            self.weight = weight
            self.href = href
            self.selected = selected
        }

        /// A tag from a string literal, interpolations too: `let tags: [Cloud.Tag] = ["Swift", "task \(n)"]`.
        public init(stringLiteral text: String) {
            self.init(text)
        }

        /// Whether the tag is only its text, as a spec may write it (`- Swift`).
        var isPlain: Bool { self == Tag(text) }

        struct Keys: Sendable {
            let text = SpecKey(required: "text", \Tag.text, .string,
                               doc: "The chip's text. Must not be empty or hold control characters.")
            let weight = SpecKey("weight", \Tag.weight, .number(.weight), defaultDoc: "1", decodesLast: true,
                                 decode: { tag, node, _, decoder throws(TagCloudError) in
                                     tag.weight = try decoder.weight(node, tag: tag.text)
                                 },
                                 doc: "Heavier tags get larger fonts (a finite number ≥ 0).")
            let href = SpecKey("href", \Tag.href, .string, defaultDoc: "none", outputs: OutputFormat.annotated, decodesLast: true,
                               decode: { tag, node, path, decoder throws(TagCloudError) in
                                   tag.href = try decoder.href(node, path: path(), tag: tag.text)
                               },
                               doc: "A link, kept in SVG and HTML output, and in PDF when it is absolute (a relative link or a fragment has no page to resolve against there).")
            let selected = SpecKey("selected", \Tag.selected, .bool, default: KeyDefault(false),
                                   doc: "Draws the chip with the selected look.")
            let fill = SpecKey("fill", \Tag.fill, .fill, defaultDoc: "the chip's",
                               outputs: OutputFormat.pictures, doc: "This chip's fill, over the style's and the selected look.")
            let textColor = SpecKey("textColor", \Tag.textColor, .color, defaultDoc: "the chip's",
                                    outputs: OutputFormat.pictures, doc: "This chip's text colour.")
            let font = SpecKey("font", \Tag.font, .mapping(Font.keys, empty: Font()), defaultDoc: "the cloud's",
                               doc: "This chip's own font (`{family, size, weight}`): `size` wins over the size from `weight`, `family` and `weight` over `font`'s.")
            let locale = SpecKey("locale", \Tag.locale, .languageTag, defaultDoc: "the cloud's",
                                 doc: "This chip's language (a BCP 47 tag), over the cloud's `locale`.")
            let tooltip = SpecKey("tooltip", \Tag.tooltip, .string, defaultDoc: "the cloud's `tooltip`",
                                  outputs: OutputFormat.annotated, decodesLast: true,
                                  decode: { tag, node, path, decoder throws(TagCloudError) in
                                      tag.tooltip = try decoder.tagString(node, path: path(), tag: tag.text)
                                  },
                                  doc: "This chip's tooltip (SVG `<title>`, HTML `title`, a PDF annotation), over the cloud's `tooltip`.")
        }
        static let keys = KeyTable<Tag>(reflecting: fields)
        static let fields = Keys()
    }

    /// A chip's fill: a colour or a SwiftUI material.
    public enum Fill: Sendable, Hashable {
        /// A plain colour.
        case color(CSSColor)
        /// A translucent material, as SwiftUI's `Material` (`regularMaterial`…).
        case material(Material)
    }
}

extension KeyDefault where Value == Cloud.Fill {
    /// A colour fill per theme.
    static func themed(_ color: ThemedColor) -> KeyDefault {
        KeyDefault(light: .color(color.light), dark: .color(color.dark))
    }
}

extension KeyDefault where Value == CSSColor {
    /// A colour per theme.
    static func themed(_ color: ThemedColor) -> KeyDefault {
        KeyDefault(light: color.light, dark: color.dark)
    }
}

/// A list of tags as it was checked, recognised again in constant time.
///
/// It holds the list itself, so that the list's storage stays shared with the cloud's: any change
/// to the cloud's tags copies them into new storage (copy on write), and the two lists are the
/// same unchanged list exactly when they share their storage. Hashing the tags instead cost two
/// passes over every tag, on one thread (about 0.2 s of a 1,000,000-tag render). A program that
/// changes a parsed cloud's tags keeps the parsed list alive beside its own until the cloud is
/// dropped.
struct CheckedTags: Sendable {
    private let tags: [Cloud.Tag]

    init(_ tags: [Cloud.Tag]) {
        self.tags = tags
    }

    /// Whether `other` is this list, unchanged: the same storage and count.
    func isUnchanged(_ other: [Cloud.Tag]) -> Bool {
        guard other.count == tags.count else { return false }
        guard !tags.isEmpty else { return true }
        return tags.withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}

/// Where the values of a parsed cloud were written: not part of the cloud's identity, so two
/// clouds with the same values are equal wherever they came from.
struct Provenance: Sendable, Hashable {
    /// Where the text the cloud was parsed from gave each value.
    var parsed: SpecSourceMap.Store?
    /// Where ``Cloud/setValue(_:forKeyPath:source:)`` set values, by key path.
    var assigned: [String: SpecLocation] = [:]
    /// The tags as parsing checked them, so that rendering (``Cloud/checkValues()``) does not
    /// check them again while they are unchanged; `nil` when a program made them (they are then
    /// checked at every render).
    var checkedTags: CheckedTags?
    /// Font files added from outside the spec (`--font-file`), by the absolute path in
    /// ``Cloud/fonts``: the path as given and where, for messages.
    var addedFontFiles: [String: (given: String, location: SpecLocation)] = [:]

    /// The location of the value at a key path: where it was last set.
    func location(of keyPath: String) -> SpecLocation? {
        assigned[keyPath] ?? parsed?.map[keyPath]
    }

    static func == (lhs: Provenance, rhs: Provenance) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
