import Canvas
import Foundation
import TagCloudUI

/// The views of a resolved cloud: the one way the command's pictures are composed.
///
/// ```swift
/// CloudFlowLayout(flow: FlowLayout(…)) {
///     ForEach(chips) { chip in
///         Text(chip.text).font(…).padding(EdgeInsets(top: v, leading: h, bottom: v, trailing: h))
///             .background(Capsule().fill(…).overlay(Capsule().strokeBorder(…)))
///     }
/// }
/// .padding(padding)
/// ```
///
/// The first `visibleCount` chips of the cloud are shown, followed by a "+N" chip when `moreCount`
/// is set. Each chip records the frame it is drawn in and is kept within the flow's width
/// (`_recordingFrame(maxWidth:…)`: a wider label is proposed that width, and its `Text` truncates
/// or wraps), and carries its text, link, identifier (`chip-<index>`, in drawing order) and
/// tooltip as display-list metadata (SVG `<g id>`, `<a>` and `<title>`, PDF links and annotations).
///
/// Its body is nonisolated (made of primitive views only), and it resolves it directly, so that
/// clouds are laid out on any thread. The chips are a `ForEach` over their indices, resolved on
/// every core when there are thousands (`_ConcurrentForEach`; the same nodes and identities).
struct CloudView: View {
    /// The cloud.
    let cloud: ResolvedCloud
    /// How many of the cloud's chips to show, from the first.
    let visibleCount: Int
    /// The number on the "+N" chip after them, or `nil` for none.
    let moreCount: Int?
    /// Where frames and the hidden count go.
    let recorder: LayoutRecorder
    /// The chips' links, checked by `WebLink` (``CloudRenderer/checkedLinks(_:)``), by index.
    let links: [URL?]
    /// The chips wider than the flow (``ChipView/fillsWidth``).
    var wideChips: Set<Int> = []
    /// The last shown chip when it is cut to share the last row `maxRows` allows with the "+N"
    /// chip (``CloudRenderer``'s `shownChips`); `nil` when every chip is kept to the flow's width.
    var cutChip: CutChip?

    /// Resolves the body directly (see ``ChipView/_makeNodes(_:inputs:)``).
    @inline(never)
    static func _makeNodes(_ view: CloudView, inputs: _ViewInputs) -> _ViewOutputs {
        Body._makeNodes(view.body, inputs: inputs)
    }

    nonisolated var body: some View {
        let style = ChipStyle(cloud)
        // The chips and the "+N" chip are the elements of one `_ConcurrentForEach` (the last one
        // the "+N" chip), not a `ForEach` and an `if` in a block: the elements then resolve in
        // code specialised for their views (a block's `TupleView` resolves its children through
        // their generic conformances).
        var flow = cloud.flowLayout
        flow.measuresSubviewsConcurrently = CloudFlowLayout.measuresInParallel
        return CloudFlowLayout(flow: flow, recorder: recorder) {
            _ConcurrentForEach(count: visibleCount + (moreCount == nil ? 0 : 1)) { index in
                if index < visibleCount {
                    chip(index, style: style)
                } else {
                    moreChip(moreCount ?? 0, style: style)
                }
            }
        }
        .displayMetadata(ItemMetadata(role: .cloud))
        .padding(cloud.padding)
        .environment(layoutDirection: cloud.direction == .rtl ? .rightToLeft : .leftToRight,
                     foregroundStyle: style.defaultTextStyle, backgroundStyle: style.defaultFillStyle)
    }
}

/// A chip cut to share the last row `maxRows` allows with the "+N" chip: which, and how wide.
struct CutChip: Sendable, Equatable {
    /// The chip's index among the cloud's chips.
    var index: Int
    /// The width it is cut to: the row less the "+N" chip and the spacing before it.
    var width: CGFloat
}

extension CloudView {
    /// Chip `index`: its label on its shape, in its language (only a chip with a `locale` writes
    /// one into the environment, with a modifier that does nothing for the others: one view type
    /// for both, not an `if`), with its metadata, recorded.
    ///
    /// The chip's fields are read in place (a copy of the whole chip retained its strings and its
    /// look, which most chips share, three times a chip).
    nonisolated private func chip(_ index: Int, style: ChipStyle) -> some View {
        let cut = cutChip.flatMap { $0.index == index ? $0.width : nil }
        let wide = wideChips.contains(index) || cut != nil
        let maxWidth = cut ?? cloud.width
        let (view, metadata, locale) = cloud.chips.withUnsafeBufferPointer { chips in
            (ChipView(style: style, label: chips[index].chipLabel, look: chips[index].look, fillsWidth: wide,
                      ownColors: chips[index].ownColors),
             ItemMetadata(label: chips[index].text, link: index < links.count ? links[index] : nil, identifier: "chip-\(index)",
                          role: .chip, isSelected: chips[index].isSelected, tooltip: chips[index].tooltip),
             chips[index].locale)
        }
        return view.environment(localeIdentifier: locale)
            .displayMetadata(metadata)
            .recorded(as: index, in: recorder, maxWidth: maxWidth, wide: wide)
    }

    /// The "+N" chip after the shown ones, in the default look.
    nonisolated private func moreChip(_ moreCount: Int, style: ChipStyle) -> some View {
        ChipView(style: style, label: ChipLabel(text: ChipLabel.moreText(moreCount), font: cloud.baseFont), look: cloud.defaultLook)
            // The default name ("6 more tags") is English, read so in a cloud of another language.
            .displayMetadata(ItemMetadata(label: ChipLabel.moreName(moreCount, template: cloud.moreLabel), identifier: "chip-more", role: .moreChip,
                                          labelLanguage: cloud.moreNameLanguage))
            // Never cut: its count is what it says (a flow narrower than it grows to hold it).
            .recorded(as: visibleCount, in: recorder, maxWidth: .infinity, wide: false)
    }
}

/// What a chip's label shows: its texts in their fonts.
struct ChipLabel: Sendable {
    /// The texts: one, or up to three with the count (``Template``).
    var parts: [LabelPart]
    /// The font of the texts.
    var font: Font
    /// The font of the count: the chip's family and weight at 80 % of its size.
    var countFont: Font
    /// The gap between the texts: a quarter of the font size, cut down to 1/64 point as a browser cuts the HTML's `gap: .25em`.
    var spacing: CGFloat

    /// A label of one text.
    init(text: String, font: Font) {
        self.init(parts: [LabelPart(text: text, isCount: false)], font: font, countFont: font, spacing: 0)
    }

    init(parts: [LabelPart], font: Font, countFont: Font, spacing: CGFloat) {
        self.parts = parts
        self.font = font
        self.countFont = countFont
        self.spacing = spacing
    }

    /// This label with every text shown as "…" when `shown` (the layout's `shown`: the texts the
    /// picture drew, joined by spaces) is every text cut to "…" and the counts whole; `nil`
    /// when some text keeps a letter.
    func cutToEllipsis(shown: String) -> ChipLabel? {
        let ellipsis = "\u{2026}"
        guard parts.contains(where: { !$0.isCount }),
              shown == parts.map({ $0.isCount ? $0.text : ellipsis }).joined(separator: " ") else { return nil }
        var cut = self
        cut.parts = parts.map { $0.isCount ? $0 : LabelPart(text: ellipsis, isCount: false) }
        return cut
    }

    /// How much of the chip's size the count is drawn at.
    static let countScale: CGFloat = 0.8
    /// How opaque the count's colour is, as SwiftUI's `.secondary` over the text's colour.
    static let countOpacity = 0.6

    /// The text of the chip after the shown ones: "+9" for nine hidden tags.
    static func moreText(_ hidden: Int) -> String { "+\(hidden)" }

    /// The name of the chip after the shown ones for assistive technology (its SVG and HTML
    /// `aria-label` and its SVG `data-label`): "9 more tags", "1 more tag". A screen
    /// reader read "+9" as "plus nine". A cloud's `moreLabel` names it in its own language, its
    /// `{count}` replaced.
    static func moreName(_ hidden: Int, template: String? = nil) -> String {
        guard let template else { return hidden == 1 ? "1 more tag" : "\(hidden) more tags" }
        return template.replacingOccurrences(of: "{count}", with: "\(hidden)")
    }
}

extension View {
    /// This view recording in `recorder` the frame it is drawn in as chip `index`, kept at most
    /// `maxWidth` wide (``View/_recordingFrame(maxWidth:recorder:index:keepsLabels:)``), the
    /// fonts its text was drawn in, and when `wide` also the labels its texts show
    /// (``LayoutRecorder/recordDrawn(_:for:keepsLabel:)``).
    func recorded(as index: Int, in recorder: LayoutRecorder, maxWidth: CGFloat, wide: Bool) -> some View {
        _recordingFrame(maxWidth: maxWidth, recorder: recorder, index: index, keepsLabels: wide)
    }
}

/// One chip: its label (and a checkmark when selected), padded, on its shape's fill and border.
///
/// The same modifiers as the articles' chips: `Text(tag).padding(.horizontal, 12)
/// .padding(.vertical, 8).background(Capsule().fill(Color.blue.opacity(0.2)))` for the tag cloud
/// (the two paddings as one, which lays out the same with one node less per chip),
/// and for a selected suggestion chip an `HStack(spacing: 6)` of the text and
/// `Image(systemName: "checkmark").font(.system(size: 12, weight: .bold))`, over
/// `Capsule().fill(…).overlay(Capsule().strokeBorder(Color.blue, lineWidth: 1.5))`.
/// A label with a count is an `HStack(alignment: .firstTextBaseline)` of its texts, the count
/// `fixedSize()` at 80 % of the size, in the text colour at 60 % opacity, so that only the
/// other texts are cut when the chip is too wide. The texts of a narrowed chip take at most
/// `chip.lineLimit` lines.
/// With ``Cloud/Justification/stretch`` a chip may grow (CSS `flex: 1 0 auto`): its frame takes
/// the width the flow gives it, the text centred. A chip narrowed to the flow's width fills it,
/// the text at the leading edge (CSS `max-width: 100%` with `text-overflow: ellipsis`).
struct ChipView: View {
    /// The cloud's chip keys, by value: a chip's views hold no object its siblings share (the
    /// threads resolving a cloud's chips would all write its reference count).
    let layout: ChipStyle.Layout
    let label: ChipLabel
    let look: ResolvedCloud.ChipLook
    /// The look's text colour, or `nil` for the cloud's foreground style (``ChipStyle/textColor(_:)``).
    let textColor: Color?
    /// The look's fill: `.background`, the cloud's background style, for the default look
    /// (``ChipStyle/fillStyle(_:)``).
    let fill: AnyShapeStyle
    /// Whether the chip is wider than the flow (a first layout pass found it narrowed): its frame
    /// then takes the width it is given, the flow's, and its texts take at most `chip.lineLimit`
    /// lines. Leaving both out of the other chips saves nodes, and keeps their texts' shaping
    /// requests the ones the layout JSON's font families are read with (a cache hit).
    var fillsWidth = false
    /// The look's colours that are the chip's own (``ResolvedCloud/Chip/ownColors``): web output
    /// writes them without the page's custom properties.
    var ownColors: ResolvedCloud.Chip.OwnColors = []

    /// A chip of `cloud`'s style. Its default look's text colour and fill are the environment's
    /// foreground and background styles, which ``CloudView`` sets to the cloud's.
    init(cloud: ResolvedCloud, label: ChipLabel, look: ResolvedCloud.ChipLook, fillsWidth: Bool = false,
         ownColors: ResolvedCloud.Chip.OwnColors = []) {
        self.init(style: ChipStyle(cloud), label: label, look: look, fillsWidth: fillsWidth, ownColors: ownColors)
    }

    init(style: ChipStyle, label: ChipLabel, look: ResolvedCloud.ChipLook, fillsWidth: Bool = false,
         ownColors: ResolvedCloud.Chip.OwnColors = []) {
        self.layout = style.layout
        self.textColor = style.textColor(look)
        self.fill = style.fillStyle(look)
        self.label = label
        self.look = look
        self.fillsWidth = fillsWidth
        self.ownColors = ownColors
    }

    /// Resolves the body directly (it is nonisolated). Not inlined into its callers: those are
    /// specialisations of TagCloudUI's inlinable code, in which the body's opaque types are not
    /// looked through, so the body would resolve through unspecialised generic code.
    @inline(never)
    static func _makeNodes(_ view: ChipView, inputs: _ViewInputs) -> _ViewOutputs {
        // The common chip (one text, no checkmark or border, not narrowed or stretched) as the
        // very views its body makes, without the body's conditional views: each branch taken is
        // kept in a box, nine allocations a chip. Their nodes are the same; only the identities
        // an animation tracks name the branches, so it resolves the body.
        if !inputs.tracksIdentity, let part = view.plainPart {
            switch view.layout.shape {
            case .capsule: return view.plainNodes(part, Capsule(), inputs: inputs)
            case .rounded: return view.plainNodes(part, RoundedRectangle(cornerRadius: view.layout.cornerRadius), inputs: inputs)
            case .rectangle: return view.plainNodes(part, Rectangle(), inputs: inputs)
            }
        }
        return Body._makeNodes(view.body, inputs: inputs)
    }

    /// The label's one text when the body takes none of its branches but the last (a chip of one
    /// text, neither narrowed nor stretched, without a checkmark or border); `nil` otherwise.
    private var plainPart: LabelPart? {
        guard !fillsWidth, layout.justification != .stretch, look.checkmark == nil, label.parts.count == 1,
              !label.parts[0].isCount, look.stroke == nil || look.strokeWidth <= 0 else { return nil }
        return label.parts[0]
    }

    /// The nodes of ``body`` for a chip with ``plainPart``: `text(part)` padded, on `filled(shape)`.
    private func plainNodes<S: InsettableShape>(_ part: LabelPart, _ shape: S, inputs: _ViewInputs) -> _ViewOutputs {
        let view = styled(Text(verbatim: part.text).font(label.font))
            .displayMetadata(ItemMetadata(role: .label, keepsColor: ownColors.contains(.text)))
            .padding(padding)
            .background(shape.fill(fill).displayMetadata(ItemMetadata(role: .chipFill, keepsColor: ownColors.contains(.fill))))
        return type(of: view)._makeNodes(view, inputs: inputs)
    }

    /// The label's padding inside the chip.
    private var padding: EdgeInsets {
        EdgeInsets(top: layout.verticalPadding, leading: layout.horizontalPadding, bottom: layout.verticalPadding,
                   trailing: layout.horizontalPadding)
    }

    nonisolated var body: some View {
        sized.background(background)
    }

    /// The padded label; in a frame that takes the width the flow gives it when the chip is
    /// narrowed to the flow's width (``fillsWidth``: it fills it, the label at the leading edge,
    /// as CSS `max-width: 100%` with `text-overflow: ellipsis`, stretched or not: a cut label
    /// centred under ``Cloud/Justification/stretch`` stood up to half a letter from where the
    /// page puts it) or under stretch (the label centred).
    @ViewBuilder private var sized: some View {
        let padded = limited.padding(padding)
        if fillsWidth {
            padded.frame(maxWidth: .infinity, alignment: labelStart)
        } else if layout.justification == .stretch {
            padded.frame(maxWidth: .infinity)
        } else {
            padded
        }
    }

    /// The content, limited to `chip.lineLimit` lines when the chip is narrowed (the others are
    /// never proposed less than their width, and keep the text request every label shares).
    @ViewBuilder private var limited: some View {
        if fillsWidth {
            content.lineLimit(layout.lineLimit)
        } else {
            content
        }
    }

    @ViewBuilder private var content: some View {
        if let checkmark = look.checkmark {
            HStack(spacing: checkmark.spacing) {
                filling(title)
                Image(systemName: checkmark.symbolName)
                    .font(.system(size: checkmark.size, weight: Font.Weight(checkmark.weight.value)))
                    .foregroundStyle(Color(checkmark.color))
                    .displayMetadata(ItemMetadata(role: .checkmark))
                    // The chip's baselines are its label's, as CSS takes a flex container's from
                    // its first item: the checkmark's own (the middle of its 12-pt capitals) was
                    // the chip's first baseline whenever it was higher than the label's (a 9-pt
                    // label, a 40-pt one centred beside it), and rows aligned by baseline moved.
                    .alignmentGuide(.firstTextBaseline) { _ in .greatestFiniteMagnitude }
                    .alignmentGuide(.lastTextBaseline) { _ in -.greatestFiniteMagnitude }
            }
        } else {
            title
        }
    }

    @ViewBuilder private var title: some View {
        let parts = label.parts
        if parts.count == 1 {
            text(parts[0])
        } else {
            HStack(alignment: .firstTextBaseline, spacing: label.spacing) {
                ForEach(0..<parts.count, id: \.self) { index in
                    if parts[index].isCount {
                        text(parts[index]).fixedSize()
                    } else {
                        filling(text(parts[index]))
                    }
                }
            }
        }
    }

    /// In a narrowed chip, the label's text takes the width its stack leaves it, at the leading
    /// edge, so that a count or checkmark after it stays at the chip's trailing edge: as a browser
    /// shrinks the text's box to the space left and cuts the text inside it. (A cut `Text` is as
    /// wide as its cut line, which left the count beside the ellipsis and a gap at the end.)
    @ViewBuilder private func filling<Content: View>(_ content: Content) -> some View {
        if fillsWidth {
            content.frame(maxWidth: .infinity, alignment: labelStart)
        } else {
            content
        }
    }

    /// Where a narrowed chip's label starts: at the side its text starts from, which is the
    /// trailing side for a text against the cloud's direction ("C++ and more…" in a right-to-left
    /// cloud starts at the left; a text without a letter reads left to right), as a browser
    /// aligns a text laid out in its own direction (`unicode-bidi: plaintext`).
    private var labelStart: Alignment {
        let text = label.parts.first { !$0.isCount }?.text ?? ""
        let rightToLeft = TextDirection.firstStrong(in: text) == .rightToLeft
        return rightToLeft == layout.isRightToLeft ? .leading : .trailing
    }

    /// A text of the label, in the ``ItemRole/label`` role of web output; the count in the text's
    /// colour at ``ChipLabel/countOpacity`` (a group opacity, as the HTML count's CSS `opacity`,
    /// so that a page's `--tc-text` recolours the count and keeps it lighter).
    @ViewBuilder private func text(_ part: LabelPart) -> some View {
        if part.isCount {
            styled(Text(verbatim: part.text).font(label.countFont))
                .displayMetadata(ItemMetadata(role: .label, keepsColor: ownColors.contains(.text)))
                .opacity(ChipLabel.countOpacity)
        } else {
            styled(Text(verbatim: part.text).font(label.font))
                .displayMetadata(ItemMetadata(role: .label, keepsColor: ownColors.contains(.text)))
        }
    }

    /// `text` in the look's text colour: the cloud's foreground style (``CloudView``'s
    /// environment) for the default look, a colour of its own otherwise.
    private func styled(_ text: Text) -> Text {
        guard let textColor else { return text }
        return text.foregroundStyle(textColor)
    }

    @ViewBuilder private var background: some View {
        switch layout.shape {
        case .capsule: filled(Capsule())
        case .rounded: filled(RoundedRectangle(cornerRadius: layout.cornerRadius))
        case .rectangle: filled(Rectangle())
        }
    }

    @ViewBuilder private func filled<S: InsettableShape>(_ shape: S) -> some View {
        let fill = shape.fill(fill).displayMetadata(ItemMetadata(role: .chipFill, keepsColor: ownColors.contains(.fill)))
        if let stroke = look.stroke, look.strokeWidth > 0 {
            fill.overlay(shape.strokeBorder(Color(stroke), lineWidth: look.strokeWidth).displayMetadata(ItemMetadata(role: .chipBorder)))
        } else {
            fill
        }
    }
}

/// What every chip of a cloud shares: the keys ``ChipView`` reads, held once per cloud, so that a
/// chip (a view value copied through its modifiers) keeps one reference instead of a copy of the
/// whole resolved cloud (a reference for each of its strings and lists).
///
/// The default look's text colour and fill are the cloud's foreground and background styles
/// (``defaultTextStyle``, ``defaultFillStyle``, which ``CloudView`` writes into its environment):
/// its chips draw with `.foreground` and `.background`, which hold no object. A style object
/// shared by every chip was retained and released by each copy of each chip's views, on every
/// thread resolving them.
final class ChipStyle: Sendable {
    /// The keys that size and shape a chip.
    struct Layout: Sendable {
        let horizontalPadding: CGFloat
        let verticalPadding: CGFloat
        let justification: Cloud.Justification
        let lineLimit: Int
        let shape: Cloud.ChipShape
        let cornerRadius: CGFloat
        /// Whether the cloud is laid out right to left.
        let isRightToLeft: Bool
    }

    let layout: Layout
    let theme: Cloud.Theme
    /// The cloud's default look, and its text colour and fill as shape styles, made once.
    private let defaultLook: ResolvedCloud.ChipLook
    let defaultTextStyle: AnyShapeStyle
    let defaultFillStyle: AnyShapeStyle

    init(_ cloud: ResolvedCloud) {
        layout = Layout(horizontalPadding: cloud.chipHorizontalPadding, verticalPadding: cloud.chipVerticalPadding,
                        justification: cloud.justification, lineLimit: cloud.lineLimit, shape: cloud.shape,
                        cornerRadius: cloud.cornerRadius, isRightToLeft: cloud.direction == .rtl)
        theme = cloud.theme
        defaultLook = cloud.defaultLook
        defaultTextStyle = AnyShapeStyle(Color(cloud.defaultLook.textColor))
        defaultFillStyle = cloud.defaultLook.fill.shapeStyle(theme: cloud.theme)
    }

    /// A look's text colour, or `nil` for the default look's (the cloud's foreground style).
    func textColor(_ look: ResolvedCloud.ChipLook) -> Color? {
        look.textColor == defaultLook.textColor ? nil : Color(look.textColor)
    }

    /// The style of a look's fill in the cloud's theme (``Cloud/Fill/shapeStyle(theme:)``):
    /// `.background` (the cloud's background style) for the default look's.
    func fillStyle(_ look: ResolvedCloud.ChipLook) -> AnyShapeStyle {
        look.fill == defaultLook.fill ? AnyShapeStyle(.background) : look.fill.shapeStyle(theme: theme)
    }
}

extension Color {
    /// The TagCloudUI colour of a spec colour.
    init(_ color: CSSColor) {
        self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }
}

extension Cloud.Fill {
    /// The shape style that draws this fill in a theme: the colour, or the material (a light
    /// translucent grey in the light theme, as TagCloudUI draws materials; a dark translucent grey
    /// in the dark theme, as iOS's dark materials look).
    func shapeStyle(theme: Cloud.Theme) -> AnyShapeStyle {
        switch self {
        case .color(let color):
            return AnyShapeStyle(Color(color))
        case .material(let material):
            if theme == .dark {
                return AnyShapeStyle(Color(.sRGB, red: 58 / 255, green: 58 / 255, blue: 60 / 255,
                                           opacity: material.opacity))
            }
            return AnyShapeStyle(material.tagCloudUIMaterial)
        }
    }
}

extension Cloud.Material {
    /// TagCloudUI's material of the same name.
    var tagCloudUIMaterial: Material {
        switch self {
        case .ultraThinMaterial: .ultraThinMaterial
        case .thinMaterial: .thinMaterial
        case .regularMaterial: .regularMaterial
        case .thickMaterial: .thickMaterial
        case .ultraThickMaterial: .ultraThickMaterial
        }
    }

    /// How opaque the material is, as TagCloudUI draws it (35 % … 90 %).
    var opacity: Double {
        switch self {
        case .ultraThinMaterial: 0.35
        case .thinMaterial: 0.5
        case .regularMaterial: 0.65
        case .thickMaterial: 0.8
        case .ultraThickMaterial: 0.9
        }
    }
}

extension ResolvedCloud {
    /// The font of the "+N" chip: the spec's family, weight and size.
    var baseFont: Font {
        Font(family: fontFamily, size: baseFontSize, weight: Font.Weight(fontWeight.value))
    }

    /// The LayoutKit flow for this cloud's layout keys.
    var flowLayout: FlowLayout {
        FlowLayout(alignment: alignment.layoutAlignment, itemSpacing: horizontalSpacing, lineSpacing: verticalSpacing,
                   justification: justification.flowJustification, justifiesLastRow: justifyLastRow,
                   lineBreaking: lineBreaking == .balanced ? .balanced : .greedy, maxRows: maxRows)
    }
}

extension ResolvedCloud.Chip {
    /// The chip's font.
    var font: Font {
        Font(family: fontFamily, size: fontSize, weight: Font.Weight(fontWeight.value))
    }

    /// The chip's label in its fonts.
    var chipLabel: ChipLabel {
        ChipLabel(parts: label ?? [LabelPart(text: text, isCount: false)], font: font,
                  countFont: Font(family: fontFamily, size: fontSize * ChipLabel.countScale, weight: Font.Weight(fontWeight.value)),
                  // A quarter of the size, as the HTML's `gap: .25em`, which a browser cuts down
                  // to its 1/64 px layout units (an exact quarter of a weight's size made a cut
                  // chip 0.0005 pt wider than the flow, and the PNG a pixel wider).
                  spacing: Cloud.layoutLength(Double(fontSize) / 4))
    }
}

extension Cloud.Alignment {
    /// The SwiftUI alignment of this name.
    var layoutAlignment: Alignment {
        let horizontal: HorizontalAlignment = switch self.horizontal {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
        let vertical: VerticalAlignment = switch self.vertical {
        case .top: .top
        case .center: .center
        case .bottom: .bottom
        case .firstTextBaseline: .firstTextBaseline
        case .lastTextBaseline: .lastTextBaseline
        }
        return Alignment(horizontal: horizontal, vertical: vertical)
    }
}

extension Cloud.Justification {
    /// LayoutKit's justification of this name.
    var flowJustification: FlowLayout.Justification {
        switch self {
        case .none: .none
        case .spaceBetween: .spaceBetween
        case .spaceAround: .spaceAround
        case .spaceEvenly: .spaceEvenly
        case .stretch: .stretch
        }
    }
}
