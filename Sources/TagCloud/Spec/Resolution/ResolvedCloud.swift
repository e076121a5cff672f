public import Foundation

/// A spec with every value decided: what the views stage turns into TagCloudUI views.
///
/// Lengths are in points (`CGFloat`), colours are ``CSSColor`` values for the resolved theme,
/// and every chip carries its own font size and look. Nothing here refers to a drawing type, so
/// the model can be built and tested without fonts or Cairo.
public struct ResolvedCloud: Sendable, Equatable {
    /// The style whose defaults filled the gaps.
    public var style: TagCloudSpec.Style
    /// The theme the colours are for.
    public var theme: TagCloudSpec.Theme
    /// The flow container's width: rows wrap and align within it.
    public var width: CGFloat
    /// The margin around the flow; the picture is `width + 2 × padding` wide.
    public var padding: CGFloat
    /// The gap between chips in a row.
    public var horizontalSpacing: CGFloat
    /// The gap between rows.
    public var verticalSpacing: CGFloat
    /// Where rows sit in the container and chips in their row.
    public var alignment: TagCloudSpec.Alignment
    /// How the free space of a row is shared out.
    public var justification: TagCloudSpec.Justification
    /// Whether the last row is justified like the others (`false`: it keeps the alignment).
    public var justifyLastRow: Bool
    /// How tags are broken into rows.
    public var lineBreaking: TagCloudSpec.LineBreaking
    /// The most rows to show, the rest replaced by a "+N" chip; `nil` for no limit.
    public var maxRows: Int?
    /// The order of chips in a row.
    public var direction: TagCloudSpec.Direction
    /// Pixels per point in raster output.
    public var scale: CGFloat
    /// The picture's background (alpha 0 for transparent).
    public var background: CSSColor
    /// The font family of chips whose tags set none, and of the "+N" chip; `nil` for
    /// TagCloudUI's system font (the bundled Inter).
    public var fontFamily: String?
    /// The font weight of chips whose tags set none, and of the "+N" chip.
    public var fontWeight: TagCloudSpec.FontWeight
    /// The font size of chips when weights do not vary, and of the "+N" chip.
    public var baseFontSize: CGFloat
    /// The outline of every chip.
    public var shape: TagCloudSpec.ChipShape
    /// The corner radius of ``TagCloudSpec/ChipShape/rounded`` chips.
    public var cornerRadius: CGFloat
    /// The space between a chip's edge and its text, along the row.
    public var chipHorizontalPadding: CGFloat
    /// The space between a chip's edge and its text, across the row.
    public var chipVerticalPadding: CGFloat
    /// The look of chips that are not selected and have no colours of their own; the "+N" chip
    /// uses it.
    public var defaultLook: ChipLook
    /// The chips, in the spec's order.
    public var chips: [Chip]

    /// One chip: its text, size and look.
    public struct Chip: Sendable, Equatable {
        /// The text.
        public var text: String
        /// The font size: the tag's own `font.size`, or the size from its weight (``WeightScaling``).
        public var fontSize: CGFloat
        /// The font family: the tag's own, or the spec's; `nil` for the system font (Inter).
        public var fontFamily: String?
        /// The font weight: the tag's own, or the spec's.
        public var fontWeight: TagCloudSpec.FontWeight
        /// The weight as given, if any.
        public var weight: Double?
        /// The link target, if any.
        public var href: String?
        /// Whether the tag is selected.
        public var isSelected: Bool
        /// Fill, border, text colour and checkmark.
        public var look: ChipLook
    }

    /// How a chip is painted.
    public struct ChipLook: Sendable, Equatable {
        /// The inside: a colour or a material.
        public var fill: TagCloudSpec.Fill
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
        public var weight: TagCloudSpec.FontWeight
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

/// Decides every value of a spec: command-line overrides over the spec, the spec over its
/// style's preset, the preset over the house defaults.
///
/// Chip colours are layered: the style's look (for the theme), then `chip`, then for selected
/// tags the style's selected look and `chip.selected`, then the tag's own `fill` and `textColor`.
/// A border is drawn only when a stroke colour is given. Font sizes come from the tags' weights
/// (``WeightScaling``), between `weights.minSize` (default `font.size`) and `weights.maxSize`
/// (default twice `minSize`).
///
/// - Parameters:
///   - spec: A parsed spec (its values are already checked).
///   - overrides: Values from command-line options.
/// - Returns: The cloud with every value concrete.
/// - Complexity: O(n) in the number of tags.
public func resolve(_ spec: TagCloudSpec, overrides: SpecOverrides = SpecOverrides()) -> ResolvedCloud {
    let spec = spec.merging(overrides.spec)
    let style = spec.style ?? .tagCloud
    let preset = StylePreset.named(style)
    let theme = spec.theme ?? .light

    let chip = spec.chip ?? TagCloudSpec.Chip()
    let selected = chip.selected ?? TagCloudSpec.SelectedChip()

    let baseStroke = chip.stroke ?? preset.stroke?.resolved(for: theme)
    let defaultLook = ResolvedCloud.ChipLook(
        fill: chip.fill ?? preset.fill.resolved(for: theme),
        stroke: baseStroke,
        strokeWidth: CGFloat(chip.strokeWidth ?? preset.strokeWidth),
        textColor: chip.textColor ?? preset.textColor.resolved(for: theme),
        checkmark: nil)
    let showsCheckmark = selected.checkmark ?? (preset.selectedCheckmark != nil)
    let checkmark = (preset.selectedCheckmark ?? .suggestionChip)
    let selectedLook = ResolvedCloud.ChipLook(
        fill: selected.fill ?? preset.selectedFill.resolved(for: theme),
        stroke: selected.stroke ?? preset.selectedStroke?.resolved(for: theme) ?? baseStroke,
        strokeWidth: CGFloat(selected.strokeWidth ?? preset.selectedStrokeWidth),
        textColor: selected.textColor ?? chip.textColor ?? preset.selectedTextColor.resolved(for: theme),
        checkmark: showsCheckmark
            ? ResolvedCloud.Checkmark(symbolName: checkmark.symbolName, size: CGFloat(checkmark.size),
                                      weight: checkmark.weight, color: checkmark.color.resolved(for: theme),
                                      spacing: CGFloat(checkmark.spacing))
            : nil)

    let baseSize = spec.font?.size ?? preset.fontSize
    let minSize = spec.weights?.minSize ?? baseSize
    let sizes = WeightScaling.fontSizes(weights: spec.tags.map(\.weight), baseSize: baseSize, minSize: minSize,
                                        maxSize: spec.weights?.maxSize ?? 2 * minSize,
                                        scale: spec.weights?.scale ?? .linear)

    let fontWeight = spec.font?.weight ?? preset.fontWeight
    var chips: [ResolvedCloud.Chip] = []
    chips.reserveCapacity(spec.tags.count)
    for (tag, size) in zip(spec.tags, sizes) {
        let isSelected = tag.selected ?? false
        var look = isSelected ? selectedLook : defaultLook
        if let fill = tag.fill { look.fill = fill }
        if let textColor = tag.textColor { look.textColor = textColor }
        chips.append(ResolvedCloud.Chip(text: tag.text, fontSize: CGFloat(tag.font?.size ?? size),
                                        fontFamily: tag.font?.family ?? spec.font?.family,
                                        fontWeight: tag.font?.weight ?? fontWeight, weight: tag.weight,
                                        href: tag.href, isSelected: isSelected, look: look))
    }

    return ResolvedCloud(
        style: style,
        theme: theme,
        width: CGFloat(spec.width ?? preset.width),
        padding: CGFloat(spec.padding ?? preset.padding),
        horizontalSpacing: CGFloat(spec.spacing?.horizontal ?? preset.horizontalSpacing),
        verticalSpacing: CGFloat(spec.spacing?.vertical ?? preset.verticalSpacing),
        alignment: spec.alignment ?? preset.alignment,
        justification: spec.justification ?? .none,
        justifyLastRow: spec.justifyLastRow ?? true,
        lineBreaking: spec.lineBreaking ?? .greedy,
        maxRows: spec.maxRows,
        direction: spec.direction ?? .ltr,
        scale: CGFloat(spec.scale ?? 1),
        background: spec.background ?? ThemedColor.background.resolved(for: theme),
        fontFamily: spec.font?.family,
        fontWeight: fontWeight,
        baseFontSize: CGFloat(baseSize),
        shape: chip.shape ?? preset.shape,
        cornerRadius: CGFloat(chip.cornerRadius ?? preset.cornerRadius),
        chipHorizontalPadding: CGFloat(chip.padding?.horizontal ?? preset.chipHorizontalPadding),
        chipVerticalPadding: CGFloat(chip.padding?.vertical ?? preset.chipVerticalPadding),
        defaultLook: defaultLook,
        chips: chips)
}
