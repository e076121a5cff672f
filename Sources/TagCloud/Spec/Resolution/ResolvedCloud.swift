public import Canvas
public import Foundation

/// A spec with every value decided: what the views stage turns into TagCloudUI views.
///
/// Lengths are in points (`CGFloat`), colours are ``CSSColor`` values for the resolved theme,
/// and every chip carries its own font size and look. Nothing here refers to a drawing type, so
/// the model can be built and tested without fonts or Cairo.
public struct ResolvedCloud: Sendable, Equatable {
    /// The style whose defaults filled the gaps.
    public var style: Cloud.Style
    /// The theme the colours are for.
    public var theme: Cloud.Theme
    /// The flow container's width: rows wrap and align within it.
    public var width: CGFloat
    /// The margin around the flow; the picture is `width + 2 × padding` wide.
    public var padding: CGFloat
    /// The gap between chips in a row.
    public var horizontalSpacing: CGFloat
    /// The gap between rows.
    public var verticalSpacing: CGFloat
    /// Where rows sit in the container and chips in their row.
    public var alignment: Cloud.Alignment
    /// How the free space of a row is shared out.
    public var justification: Cloud.Justification
    /// Whether the last row is justified like the others (`false`: it keeps the alignment).
    public var justifyLastRow: Bool
    /// How tags are broken into rows.
    public var lineBreaking: Cloud.LineBreaking
    /// The most rows to show, the rest replaced by a "+N" chip; `nil` for no limit.
    public var maxRows: Int?
    /// The order of chips in a row.
    public var direction: Cloud.Direction
    /// Pixels per point in raster output.
    public var scale: CGFloat
    /// The picture's background (alpha 0 for transparent).
    public var background: CSSColor
    /// The font family of chips whose tags set none, and of the "+N" chip; `nil` for
    /// TagCloudUI's system font (the bundled Inter).
    public var fontFamily: String?
    /// The font weight of chips whose tags set none, and of the "+N" chip.
    public var fontWeight: Cloud.FontWeight
    /// The font size of chips when weights do not vary, and of the "+N" chip.
    public var baseFontSize: CGFloat
    /// The outline of every chip.
    public var shape: Cloud.ChipShape
    /// The corner radius of ``Cloud/ChipShape/rounded`` chips.
    public var cornerRadius: CGFloat
    /// The space between a chip's edge and its text, along the row.
    public var chipHorizontalPadding: CGFloat
    /// The space between a chip's edge and its text, across the row.
    public var chipVerticalPadding: CGFloat
    /// The look of chips that are not selected and have no colours of their own; the "+N" chip
    /// uses it.
    public var defaultLook: ChipLook
    /// The most lines a label wider than the row wraps onto before it is cut with an ellipsis.
    public var lineLimit: Int
    /// The chips, in the order they are drawn (``Cloud/order``).
    public var chips: [Chip]
    /// Whether characters no font covers are an error (``Cloud/strictFonts``).
    public var strictFonts = false
    /// The "+N" chip's name for assistive technology, `{count}` standing for the number of tags it
    /// holds (``Cloud/moreLabel``); `nil` for "N more tags".
    public var moreLabel: String?
    /// How SVG and HTML output are written.
    public var web: Web = Web()

    /// How SVG and HTML output are written: the keys `id`, `title`, `responsive`, `linkTarget`,
    /// `fontURL` and `page`, whether the theme follows the reader (`theme: auto`), and the
    /// background the spec gave (web output is transparent otherwise, so the page shows through).
    public struct Web: Sendable, Equatable {
        /// The id prefix; `nil` derives one from a hash of the output.
        public var idPrefix: String?
        /// The title for assistive technology; `nil` for ``defaultTitle``.
        public var title: String?
        /// The name a cloud without a `title` gets, in SVG, HTML and PDF alike: "Tag cloud".
        public static let defaultTitle = "Tag cloud"
        /// Whether SVG writes only a `viewBox`.
        public var isResponsive = false
        /// Where links open.
        public var linkTarget = LinkTarget.current
        /// Where an HTML page finds the font files; `nil` embeds subsets.
        public var fontURL: String?
        /// Whether HTML is a whole document.
        public var isPage = false
        /// Whether the dark look is added for readers in dark mode (`theme: auto`).
        public var followsColorScheme = false
        /// The background the spec gave; `nil` for none.
        public var background: CSSColor?
        /// The cloud's language (``Cloud/locale``), for the `lang` of the list or picture: its
        /// title, the "+N" chip's name and the tags without a locale of their own are in it.
        public var language: String?

        /// Web settings with every value at its default.
        public init() {}
    }

    /// One chip: its text, size and look.
    public struct Chip: Sendable, Equatable {
        /// The text.
        public var text: String
        /// The font size: the tag's own `font.size`, or the size from its weight (``WeightScaling``).
        public var fontSize: CGFloat
        /// The font family: the tag's own, or the spec's; `nil` for the system font (Inter).
        public var fontFamily: String?
        /// The font weight: the tag's own, or the spec's.
        public var fontWeight: Cloud.FontWeight
        /// The weight as given, if any.
        public var weight: Double?
        /// The link target, if any.
        public var href: String?
        /// Whether the tag is selected.
        public var isSelected: Bool
        /// Fill, border, text colour and checkmark.
        public var look: ChipLook {
            get { lookBox.look }
            set { lookBox = LookBox(newValue) }
        }
        /// The look, held by reference and shared by the chips resolved with the same one (most of
        /// a cloud's): a reference each instead of a copy of its colours (about 200 bytes a chip).
        private var lookBox: LookBox
        /// The label's texts when a ``Cloud/label`` template made them (``Template/parts(text:weight:)``);
        /// `nil` when the chip shows its tag's text.
        public var label: [LabelPart]? = nil
        /// The tooltip: the tag's own, or the cloud's template filled in; `nil` for none.
        public var tooltip: String? = nil
        /// The tag's index in the spec.
        public var index: Int
        /// The language (a BCP 47 tag): the tag's own, or the spec's; `nil` for none.
        public var locale: String? = nil
        /// The colours of ``look`` that are the chip's own rather than the cloud's: a tag's `fill`
        /// and `textColor`, and the colours of a weight scale (``Cloud/colors``). Web output
        /// writes them as they are, where the cloud's colours read the page's custom properties
        /// (`--tc-chip-fill`), so that theming a page keeps the colours that mean something.
        public var ownColors: OwnColors = []

        /// Colours of a chip's look that are its own (``ownColors``).
        public struct OwnColors: OptionSet, Sendable, Hashable {
            public let rawValue: UInt8
            public init(rawValue: UInt8) { self.rawValue = rawValue }
            /// The fill.
            public static let fill = OwnColors(rawValue: 1)
            /// The text colour.
            public static let text = OwnColors(rawValue: 2)
        }

        init(text: String, fontSize: CGFloat, fontFamily: String?, fontWeight: Cloud.FontWeight, weight: Double?,
             href: String?, isSelected: Bool, look: ChipLook, label: [LabelPart]? = nil, tooltip: String? = nil, index: Int,
             locale: String? = nil) {
            self.init(text: text, fontSize: fontSize, fontFamily: fontFamily, fontWeight: fontWeight, weight: weight, href: href,
                      isSelected: isSelected, look: LookBox(look), label: label, tooltip: tooltip, index: index, locale: locale)
        }

        init(text: String, fontSize: CGFloat, fontFamily: String?, fontWeight: Cloud.FontWeight, weight: Double?,
             href: String?, isSelected: Bool, look: LookBox, label: [LabelPart]?, tooltip: String?, index: Int,
             locale: String?) {
            self.text = text
            self.fontSize = fontSize
            self.fontFamily = fontFamily
            self.fontWeight = fontWeight
            self.weight = weight
            self.href = href
            self.isSelected = isSelected
            self.lookBox = look
            self.label = label
            self.tooltip = tooltip
            self.index = index
            self.locale = locale
        }
    }

    /// A ``ChipLook`` held by reference, for chips to share.
    final class LookBox: Sendable, Equatable {
        let look: ChipLook

        init(_ look: ChipLook) {
            self.look = look
        }

        static func == (lhs: LookBox, rhs: LookBox) -> Bool {
            lhs === rhs || lhs.look == rhs.look
        }
    }

    /// How a chip is painted.
    public struct ChipLook: Sendable, Equatable {
        /// The inside: a colour or a material.
        public var fill: Cloud.Fill
        /// The border colour, drawn inside the edge (SwiftUI's `strokeBorder`); `nil` for none.
        public var stroke: CSSColor?
        /// The border width.
        public var strokeWidth: CGFloat
        /// The text colour.
        public var textColor: CSSColor
        /// The checkmark after the text, for selected chips of styles that show one.
        public var checkmark: Checkmark?
    }

    /// A symbol after a chip's text.
    public struct Checkmark: Sendable, Equatable {
        /// The SF Symbols name (`checkmark`).
        public var symbolName: String
        /// The symbol's font size.
        public var size: CGFloat
        /// The symbol's weight.
        public var weight: Cloud.FontWeight
        /// The symbol's colour.
        public var color: CSSColor
        /// The gap between the text and the symbol.
        public var spacing: CGFloat
    }

    /// The picture's size in points: the container's width and the padding on both sides, and
    /// the given height of the flow plus the padding.
    ///
    /// - Parameter flowHeight: The height of the laid-out rows.
    /// - Returns: The picture's size.
    public func pictureSize(flowHeight: CGFloat) -> CGSize {
        CGSize(width: width + 2 * padding, height: flowHeight + 2 * padding)
    }
}

extension Cloud {
    /// Every value decided: the cloud's own values over its style's, the style's over the house
    /// defaults (`Keys`), for its theme.
    ///
    /// Chip colours are layered: the style's look (for the theme), then `chip`, then for selected
    /// tags `chip.selected`, then for the others the colours by weight (``Cloud/Colors``,
    /// ``WeightColoring``), then the tag's own `fill` and `textColor` (a tag with either keeps
    /// both as they are). A border is drawn only when a stroke colour is given; a selected chip's
    /// text colour defaults to the chip's. Font sizes come from the tags' weights
    /// (``WeightScaling``), between `weights.minSize` (default `font.size`) and `weights.maxSize`
    /// (default twice `minSize`). Labels and tooltips are the templates filled in
    /// (``Template``), and the chips are put in the cloud's ``order`` (``ChipOrder``).
    ///
    /// A `label` or `tooltip` template that does not parse (a program may set one) is left out
    /// here; ``rendered(typesetter:)`` refuses it.
    ///
    /// - Returns: The cloud with every value concrete.
    /// - Complexity: O(n) in the number of tags; O(n log n) comparisons for `order: weight` or
    ///   `name` (see ``ChipOrder``).
    public func resolved() -> ResolvedCloud {
        let keys = Cloud.fields
        let style = keys.style.resolved(in: self, style: .tagCloud, theme: .light)
        let theme = keys.theme.resolved(in: self, style: style, theme: .light)
        func value<Root, Value, Resolved>(_ key: SpecKey<Root, Value, Resolved>, in root: Root?) -> Resolved {
            key.resolved(in: root, style: style, theme: theme)
        }
        let chipKeys = Cloud.Chip.fields, selectedKeys = Cloud.SelectedChip.fields
        let fontKeys = Cloud.Font.fields, weightKeys = Cloud.Weights.fields
        let selected = chip?.selected

        let textColor = value(chipKeys.textColor, in: chip)
        let defaultLook = ResolvedCloud.ChipLook(
            fill: value(chipKeys.fill, in: chip), stroke: value(chipKeys.stroke, in: chip),
            strokeWidth: CGFloat(value(chipKeys.strokeWidth, in: chip)), textColor: textColor, checkmark: nil)
        let checkmark = CheckmarkLook.suggestionChip
        let selectedLook = ResolvedCloud.ChipLook(
            fill: value(selectedKeys.fill, in: selected), stroke: value(selectedKeys.stroke, in: selected),
            strokeWidth: CGFloat(value(selectedKeys.strokeWidth, in: selected)),
            textColor: value(selectedKeys.textColor, in: selected) ?? textColor,
            checkmark: value(selectedKeys.checkmark, in: selected)
                ? ResolvedCloud.Checkmark(symbolName: checkmark.symbolName, size: CGFloat(checkmark.size),
                                          weight: checkmark.weight, color: checkmark.color.resolved(for: theme),
                                          spacing: CGFloat(checkmark.spacing))
                : nil)

        let baseSize = value(fontKeys.size, in: font)
        let minSize = value(weightKeys.minSize, in: weights) ?? baseSize
        let sizes = WeightScaling.fontSizes(weights: tags.map(\.weight), baseSize: baseSize, minSize: minSize,
                                            maxSize: value(weightKeys.maxSize, in: weights) ?? 2 * minSize,
                                            scale: value(weightKeys.scale, in: weights))

        let family = value(fontKeys.family, in: font)
        let fontWeight = value(fontKeys.weight, in: font)
        let locale = value(keys.locale, in: self)
        let label = self.label.flatMap { try? Template($0) }
        let tooltip = self.tooltip.flatMap { try? Template($0) }
        var chips: [ResolvedCloud.Chip] = []
        chips.reserveCapacity(tags.count)
        let defaultBox = ResolvedCloud.LookBox(defaultLook), selectedBox = ResolvedCloud.LookBox(selectedLook)
        for (index, (tag, size)) in zip(tags, sizes).enumerated() {
            let isSelected = tag.selected ?? false
            let parts = label?.parts(text: tag.text, weight: tag.weight)
            chips.append(ResolvedCloud.Chip(text: tag.text, fontSize: CGFloat(tag.font?.size ?? size),
                                            fontFamily: tag.font?.family ?? family,
                                            fontWeight: tag.font?.weight ?? fontWeight, weight: tag.weight,
                                            href: tag.href, isSelected: isSelected,
                                            look: isSelected ? selectedBox : defaultBox,
                                            label: parts.map { $0.isEmpty ? [LabelPart(text: "", isCount: false)] : $0 },
                                            tooltip: tag.tooltip ?? tooltip.flatMap { template in
                                                template.namesWeight && tag.weight == nil ? nil : template.string(text: tag.text, weight: tag.weight)
                                            },
                                            index: index, locale: tag.locale ?? locale))
        }
        let background = value(keys.background, in: self)
        if let colors {
            colorByWeight(&chips, colors: colors, scale: value(weightKeys.scale, in: weights), background: background,
                          style: style, theme: theme)
        }
        for (chip, tag) in zip(chips.indices, tags) {
            if let fill = tag.fill {
                chips[chip].look.fill = fill
                chips[chip].ownColors.insert(.fill)
            }
            if let textColor = tag.textColor {
                chips[chip].look.textColor = textColor
                chips[chip].ownColors.insert(.text)
            }
        }
        let orderKeys = Cloud.Order.fields
        let order = value(keys.order, in: self)
        let criterion = value(orderKeys.by, in: order)
        if criterion != .given {
            let permutation = ChipOrder.permutation(texts: tags.map(\.text), weights: tags.map(\.weight), by: criterion,
                                                    descending: value(orderKeys.descending, in: order),
                                                    seed: value(orderKeys.seed, in: order), locale: locale)
            chips = permutation.map { chips[$0] }
        }

        let spacing = value(keys.spacing, in: self)
        let padding = value(chipKeys.padding, in: chip)
        return ResolvedCloud(
            style: style,
            theme: theme,
            width: Self.layoutLength(value(keys.width, in: self)),
            padding: Self.layoutLength(value(keys.padding, in: self)),
            horizontalSpacing: Self.layoutLength(spacing.horizontal ?? 0),
            verticalSpacing: Self.layoutLength(spacing.vertical ?? 0),
            alignment: value(keys.alignment, in: self),
            justification: value(keys.justification, in: self),
            justifyLastRow: value(keys.justifyLastRow, in: self),
            lineBreaking: value(keys.lineBreaking, in: self),
            maxRows: value(keys.maxRows, in: self),
            direction: value(keys.direction, in: self),
            scale: CGFloat(value(keys.scale, in: self)),
            background: background,
            fontFamily: family,
            fontWeight: fontWeight,
            baseFontSize: CGFloat(baseSize),
            shape: value(chipKeys.shape, in: chip),
            cornerRadius: CGFloat(value(chipKeys.cornerRadius, in: chip)),
            chipHorizontalPadding: Self.layoutLength(padding.horizontal ?? 0),
            chipVerticalPadding: Self.layoutLength(padding.vertical ?? 0),
            defaultLook: defaultLook,
            lineLimit: value(chipKeys.lineLimit, in: chip),
            chips: chips,
            strictFonts: value(keys.strictFonts, in: self),
            moreLabel: moreLabel,
            web: webSettings(theme: theme))
    }
}

extension Cloud {
    /// A length of the layout (the flow's width, the margin, the spacing, a chip's padding) as a
    /// browser lays it out: CSS lengths become Blink's layout units, 1/64 px, cut down to a whole
    /// unit (`LayoutUnit(float)` truncates), so `width: 155.12` is 155.109375 and `spacing: 8.1`
    /// is 8.09375. Rows then break where Chromium breaks them, and fractional spacing does not
    /// drift from a browser's over hundreds of rows; the values on the grid are kept exactly.
    static func layoutLength(_ value: Double) -> CGFloat {
        guard value.isFinite, value > 0 else { return CGFloat(value.isFinite ? value : 0) }
        return CGFloat((value * 64).rounded(.down) / 64)
    }
}

extension Cloud {
    /// The web settings of the resolved cloud: the web keys' values or their defaults.
    func webSettings(theme: Cloud.Theme) -> ResolvedCloud.Web {
        var web = ResolvedCloud.Web()
        web.idPrefix = id
        web.title = title
        web.isResponsive = responsive ?? false
        web.linkTarget = linkTarget ?? .current
        web.fontURL = fontURL
        web.isPage = page ?? false
        web.followsColorScheme = theme == .auto
        web.background = background
        web.language = locale
        return web
    }
}

extension Cloud {
    /// The chips' colours from their weights (``Cloud/Colors``): a palette step or a gradient
    /// colour per chip, on the fill, the text or both, with the text kept readable
    /// (``WeightColoring``). Selected chips keep the selected look.
    private func colorByWeight(_ chips: inout [ResolvedCloud.Chip], colors: Colors, scale: WeightScale,
                               background: CSSColor, style: Style, theme: Theme) {
        let keys = Colors.fields
        func value<Value, Resolved>(_ key: SpecKey<Colors, Value, Resolved>) -> Resolved {
            key.resolved(in: colors, style: style, theme: theme)
        }
        let source: ColorSource = value(keys.by)
        let positions: [Double]
        switch source {
        case .weight:
            positions = WeightScaling.positions(weights: tags.map(\.weight), scale: scale)
                ?? [Double](repeating: 0.5, count: tags.count)
        }
        let gradient = value(keys.gradient), palette = value(keys.palette).colors
        let target: ColorTarget = value(keys.apply)
        // What shows behind a chip: the picture's background, or the theme's when it is transparent.
        let behind = WeightColoring.composite(background, over: ThemedColor.background.resolved(for: theme))
        for index in chips.indices where !chips[index].isSelected {
            let tag = tags[chips[index].index]
            if tag.fill != nil || tag.textColor != nil { continue }
            let position = positions[chips[index].index]
            let color = gradient.map { WeightColoring.color(at: position, gradient: $0) }
                ?? WeightColoring.color(at: position, palette: palette)
            var look = chips[index].look
            switch target {
            case .fill:
                look.fill = .color(color)
                chips[index].ownColors.insert(.fill)
                let fill = WeightColoring.composite(color, over: behind)
                if WeightColoring.contrast(WeightColoring.composite(look.textColor, over: fill), fill) < WeightColoring.minimumContrast {
                    look.textColor = WeightColoring.blackOrWhite(on: fill)
                    chips[index].ownColors.insert(.text)
                }
            case .text, .both:
                if target == .both {
                    look.fill = .color(color.opacity(0.2))
                    chips[index].ownColors.insert(.fill)
                }
                let fill = look.fill.approximateColor(over: behind)
                look.textColor = WeightColoring.readable(WeightColoring.composite(color, over: fill), on: fill)
                chips[index].ownColors.insert(.text)
            }
            chips[index].look = look
        }
    }
}

extension Cloud.Fill {
    /// The opaque colour this fill shows over `behind`: a colour composited over it, or, for a
    /// material, `behind` itself (a material blurs what is behind it).
    func approximateColor(over behind: CSSColor) -> CSSColor {
        switch self {
        case .color(let color): WeightColoring.composite(color, over: behind)
        case .material: behind
        }
    }
}
