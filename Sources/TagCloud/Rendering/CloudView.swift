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
/// is set. Each chip records the frame it is drawn in (`_recordingFrame`), and carries its text,
/// link and identifier (`chip-<index>`) as display-list metadata (SVG `<g id>`/`<a>`, PDF links).
///
/// Its body is nonisolated (made of primitive views only), and it resolves it directly, so that
/// clouds are laid out on any thread.
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

    static func _makeNodes(_ view: CloudView, inputs: _ViewInputs) -> _ViewOutputs {
        Body._makeNodes(view.body, inputs: inputs)
    }

    nonisolated var body: some View {
        CloudFlowLayout(flow: cloud.flowLayout, recorder: recorder) {
            ForEach(0..<visibleCount, id: \.self) { index in
                let chip = cloud.chips[index]
                ChipView(cloud: cloud, text: chip.text, font: chip.font, look: chip.look)
                    .environment(\.locale, Locale(identifier: chip.locale ?? ""))
                    .displayMetadata(ItemMetadata(label: chip.text, link: index < links.count ? links[index] : nil,
                                                  identifier: "chip-\(index)", role: .chip, isSelected: chip.isSelected))
                    ._recordingFrame { recorder.record($0, for: index) }
            }
            if let moreCount {
                ChipView(cloud: cloud, text: "+\(moreCount)", font: cloud.baseFont, look: cloud.defaultLook)
                    .displayMetadata(ItemMetadata(label: "+\(moreCount)", identifier: "chip-more", role: .moreChip))
                    ._recordingFrame { [visibleCount] in recorder.record($0, for: visibleCount) }
            }
        }
        .displayMetadata(ItemMetadata(role: .cloud))
        .padding(cloud.padding)
        .environment(\.layoutDirection, cloud.direction == .rtl ? .rightToLeft : .leftToRight)
    }
}

/// One chip: its text (and a checkmark when selected), padded, on its shape's fill and border.
///
/// The same modifiers as the articles' chips: `Text(tag).padding(.horizontal, 12)
/// .padding(.vertical, 8).background(Capsule().fill(Color.blue.opacity(0.2)))` for the tag cloud
/// (the two paddings as one, which lays out the same with one node less per chip),
/// and for a selected suggestion chip an `HStack(spacing: 6)` of the text and
/// `Image(systemName: "checkmark").font(.system(size: 12, weight: .bold))`, over
/// `Capsule().fill(…).overlay(Capsule().strokeBorder(Color.blue, lineWidth: 1.5))`.
/// With ``Cloud/Justification/stretch`` a chip may grow (CSS `flex: 1 0 auto`): its frame
/// takes the width the flow gives it, the text centred.
struct ChipView: View {
    let cloud: ResolvedCloud
    let text: String
    let font: Font
    let look: ResolvedCloud.ChipLook

    static func _makeNodes(_ view: ChipView, inputs: _ViewInputs) -> _ViewOutputs {
        Body._makeNodes(view.body, inputs: inputs)
    }

    nonisolated var body: some View {
        sized.background(background)
    }

    @ViewBuilder private var sized: some View {
        let padded = label.padding(EdgeInsets(top: cloud.chipVerticalPadding, leading: cloud.chipHorizontalPadding,
                                               bottom: cloud.chipVerticalPadding, trailing: cloud.chipHorizontalPadding))
        if cloud.justification == .stretch {
            padded.frame(maxWidth: .infinity)
        } else {
            padded
        }
    }

    @ViewBuilder private var label: some View {
        let title = Text(verbatim: text)
            .font(font)
            .foregroundColor(Color(look.textColor))
            .displayMetadata(ItemMetadata(role: .label))
        if let checkmark = look.checkmark {
            HStack(spacing: checkmark.spacing) {
                title
                Image(systemName: checkmark.symbolName)
                    .font(.system(size: checkmark.size, weight: Font.Weight(checkmark.weight.value)))
                    .foregroundStyle(Color(checkmark.color))
                    .displayMetadata(ItemMetadata(role: .checkmark))
            }
        } else {
            title
        }
    }

    @ViewBuilder private var background: some View {
        switch cloud.shape {
        case .capsule: filled(Capsule())
        case .rounded: filled(RoundedRectangle(cornerRadius: cloud.cornerRadius))
        case .rectangle: filled(Rectangle())
        }
    }

    @ViewBuilder private func filled<S: InsettableShape>(_ shape: S) -> some View {
        let fill = shape.fill(look.fill.shapeStyle(theme: cloud.theme)).displayMetadata(ItemMetadata(role: .chipFill))
        if let stroke = look.stroke, look.strokeWidth > 0 {
            fill.overlay(shape.strokeBorder(Color(stroke), lineWidth: look.strokeWidth).displayMetadata(ItemMetadata(role: .chipBorder)))
        } else {
            fill
        }
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
