/// The input of `tagcloud render`: what to draw and how, as written in a JSON, YAML, text or CSV
/// spec. This is a public contract; the full reference of keys, types and defaults is in the
/// TagCloud documentation catalog (`TagCloud.md`, "The spec").
///
/// Every key is optional; `nil` means "not given", and ``resolve(_:overrides:)`` fills in the
/// default from the ``style`` preset, the ``theme`` and the house defaults. Values are checked when
/// the spec is parsed (``SpecDocument/parse(_:format:source:)``), so a `TagCloudSpec` built by
/// the parser always holds usable values: finite, non-negative sizes, known names, valid colours.
public struct TagCloudSpec: Sendable, Hashable {
    /// The flow container's width in points: rows wrap and align within it; the picture is
    /// `width + 2 × padding` wide. Default: the style's (358 for most styles, an iPhone's 390-pt
    /// screen less 16-pt margins).
    public var width: Double?
    /// The outer margin around the flow, in points. Default: the style's (16, SwiftUI's
    /// `padding()`).
    public var padding: Double?
    /// The gaps between chips in a row (`horizontal`) and between rows (`vertical`), in points.
    /// Written as a number (both) or `{horizontal, vertical}`. Default: the style's.
    public var spacing: Axes?
    /// Where rows sit in the container and chips sit in a row, as SwiftUI's `Alignment`.
    /// Default: ``Alignment/topLeading``.
    public var alignment: Alignment?
    /// How the free space of a row is shared out. Default: ``Justification/none``.
    public var justification: Justification?
    /// Whether the last row is justified like the others (`true`, CSS flex-wrap's behaviour) or
    /// keeps the alignment, like the last line of justified text (`false`). Default: `true`.
    public var justifyLastRow: Bool?
    /// How tags are broken into rows. Default: ``LineBreaking/greedy``.
    public var lineBreaking: LineBreaking?
    /// The most rows to show; the tags that do not fit are replaced by a "+N" chip.
    /// Default: no limit.
    public var maxRows: Int?
    /// The order of chips in a row. Default: ``Direction/ltr``.
    public var direction: Direction?
    /// The chips' font. Default: the style's.
    public var font: Font?
    /// How tag weights map to font sizes. Default: from `font.size` to twice it, linearly.
    public var weights: Weights?
    /// The chips' look. Default: the style's.
    public var chip: Chip?
    /// A named look from the articles the project started from. Default: ``Style/tagCloud``.
    public var style: Style?
    /// Light or dark colours for the background, the text and the style's colours.
    /// Default: ``Theme/light``.
    public var theme: Theme?
    /// Pixels per point in raster output (2 for a "@2x" PNG). Default: 1, as SwiftUI's
    /// `ImageRenderer`.
    public var scale: Double?
    /// The picture's background colour (`transparent` for none). Default: the theme's.
    public var background: CSSColor?
    /// The tags, in order. Default: none (an empty picture).
    public var tags: [Tag]

    /// Makes a spec; every argument defaults to "not given".
    public init(width: Double? = nil, padding: Double? = nil, spacing: Axes? = nil,
                alignment: Alignment? = nil, justification: Justification? = nil,
                justifyLastRow: Bool? = nil, lineBreaking: LineBreaking? = nil, maxRows: Int? = nil,
                direction: Direction? = nil, font: Font? = nil, weights: Weights? = nil,
                chip: Chip? = nil, style: Style? = nil, theme: Theme? = nil, scale: Double? = nil,
                background: CSSColor? = nil, tags: [Tag] = []) {
        self.width = width
        self.padding = padding
        self.spacing = spacing
        self.alignment = alignment
        self.justification = justification
        self.justifyLastRow = justifyLastRow
        self.lineBreaking = lineBreaking
        self.maxRows = maxRows
        self.direction = direction
        self.font = font
        self.weights = weights
        self.chip = chip
        self.style = style
        self.theme = theme
        self.scale = scale
        self.background = background
        self.tags = tags
    }

    /// A horizontal and a vertical length, each optional (spacing, chip padding).
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
    }

    /// The chips' font.
    public struct Font: Sendable, Hashable {
        /// A family name (`Inter`, `DejaVu Sans`, or one fontconfig finds). Default: the system
        /// font of TagCloudUI (the bundled Inter).
        public var family: String?
        /// The size in points, for tags without weights. Written as a number or a SwiftUI text
        /// style name (`body` 17, `subheadline` 15, …). Default: the style's (17, SwiftUI's body).
        public var size: Double?
        /// The weight, as a SwiftUI name (`regular`, `bold`…) or a CSS number 1–1000.
        /// Default: ``FontWeight/regular``.
        public var weight: FontWeight?

        /// Makes a font; every part defaults to the style's.
        public init(family: String? = nil, size: Double? = nil, weight: FontWeight? = nil) {
            self.family = family
            self.size = size
            self.weight = weight
        }
    }

    /// How tag weights map to font sizes.
    public struct Weights: Sendable, Hashable {
        /// The font size of the lightest tag, in points. Default: `font.size`.
        public var minSize: Double?
        /// The font size of the heaviest tag, in points. Default: twice `minSize`.
        public var maxSize: Double?
        /// The curve between them. Default: ``WeightScale/linear``.
        public var scale: WeightScale?

        /// Makes a weight mapping; every part defaults as documented on the properties.
        public init(minSize: Double? = nil, maxSize: Double? = nil, scale: WeightScale? = nil) {
            self.minSize = minSize
            self.maxSize = maxSize
            self.scale = scale
        }
    }

    /// The chips' look.
    public struct Chip: Sendable, Hashable {
        /// The space between a chip's edge and its text, in points; a number or
        /// `{horizontal, vertical}`. Default: the style's.
        public var padding: Axes?
        /// The outline. Default: the style's.
        public var shape: ChipShape?
        /// The corner radius of ``ChipShape/rounded`` chips, in points. Default: the style's, or 6.
        public var cornerRadius: Double?
        /// The inside: a colour or a SwiftUI material name. Default: the style's.
        public var fill: Fill?
        /// The border colour, drawn inside the edge like SwiftUI's `strokeBorder`.
        /// Default: none.
        public var stroke: CSSColor?
        /// The border width in points. Default: 1 when ``stroke`` is given.
        public var strokeWidth: Double?
        /// The text colour (key `textColor`; `text` is accepted as an alias). Default: the theme's.
        public var textColor: CSSColor?
        /// How selected tags differ. Default: the style's (a blue 15 % fill, a 1.5-pt blue
        /// border and a checkmark, as the articles' suggestion chips).
        public var selected: SelectedChip?

        /// Makes a chip look; every part defaults to the style's.
        public init(padding: Axes? = nil, shape: ChipShape? = nil, cornerRadius: Double? = nil,
                    fill: Fill? = nil, stroke: CSSColor? = nil, strokeWidth: Double? = nil,
                    textColor: CSSColor? = nil, selected: SelectedChip? = nil) {
            self.padding = padding
            self.shape = shape
            self.cornerRadius = cornerRadius
            self.fill = fill
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.textColor = textColor
            self.selected = selected
        }
    }

    /// How a selected chip differs from the others; what is not given stays as for other chips.
    public struct SelectedChip: Sendable, Hashable {
        /// The fill of selected chips.
        public var fill: Fill?
        /// The border colour of selected chips.
        public var stroke: CSSColor?
        /// The border width of selected chips, in points.
        public var strokeWidth: Double?
        /// The text colour of selected chips (`text` is accepted as an alias).
        public var textColor: CSSColor?
        /// Whether selected chips show a checkmark after their text.
        public var checkmark: Bool?

        /// Makes a selected look; every part defaults to the style's.
        public init(fill: Fill? = nil, stroke: CSSColor? = nil, strokeWidth: Double? = nil,
                    textColor: CSSColor? = nil, checkmark: Bool? = nil) {
            self.fill = fill
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.textColor = textColor
            self.checkmark = checkmark
        }
    }

    /// One tag: a string in the spec, or a mapping with these keys.
    public struct Tag: Sendable, Hashable {
        /// The chip's text (key `text`). Numbers are accepted and kept as written.
        public var text: String
        /// The weight, a finite number ≥ 0; heavier tags get larger fonts (see ``Weights``).
        /// Default: 1.
        public var weight: Double?
        /// A link target, kept in SVG and PDF output.
        public var href: String?
        /// Whether the tag is selected (see ``SelectedChip``). Default: `false`.
        public var selected: Bool?
        /// This chip's fill, over the style's and the selected look.
        public var fill: Fill?
        /// This chip's text colour (key `textColor`).
        public var textColor: CSSColor?
        /// This chip's font (key `font`, the same keys as the top level's): its `size` wins over
        /// the size from the tag's weight, its `family` and `weight` over the spec's.
        public var font: Font?

        /// Makes a tag.
        public init(_ text: String, weight: Double? = nil, href: String? = nil, selected: Bool? = nil,
                    fill: Fill? = nil, textColor: CSSColor? = nil, font: Font? = nil) {
            self.text = text
            self.weight = weight
            self.href = href
            self.selected = selected
            self.fill = fill
            self.textColor = textColor
            self.font = font
        }
    }

    /// A chip's fill: a colour or a SwiftUI material.
    public enum Fill: Sendable, Hashable {
        /// A plain colour.
        case color(CSSColor)
        /// A translucent material, as SwiftUI's `Material` (`regularMaterial`…).
        case material(Material)
    }
}
