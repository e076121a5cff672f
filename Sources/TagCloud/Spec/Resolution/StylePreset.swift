/// A colour with a value for each theme, as SwiftUI's system colours have.
public struct ThemedColor: Sendable, Hashable {
    /// The colour in the light theme.
    public var light: CSSColor
    /// The colour in the dark theme.
    public var dark: CSSColor

    /// Makes a colour with a value per theme.
    public init(light: CSSColor, dark: CSSColor) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in both themes.
    public init(_ color: CSSColor) {
        self.init(light: color, dark: color)
    }

    /// The value for a theme.
    public func resolved(for theme: TagCloudSpec.Theme) -> CSSColor {
        theme == .dark ? dark : light
    }

    /// Both values with their opacity multiplied, as SwiftUI's `Color.opacity(_:)`.
    public func opacity(_ opacity: Double) -> ThemedColor {
        ThemedColor(light: light.opacity(opacity), dark: dark.opacity(opacity))
    }

    /// SwiftUI's `Color.blue` on iOS: systemBlue, #007AFF light, #0A84FF dark.
    public static let blue = ThemedColor(light: CSSColor(red8: 0, green8: 122, blue8: 255),
                                         dark: CSSColor(red8: 10, green8: 132, blue8: 255))
    /// SwiftUI's `Color.gray` on iOS: systemGray, #8E8E93 in both themes.
    public static let gray = ThemedColor(CSSColor(red8: 142, green8: 142, blue8: 147))
    /// SwiftUI's `Color.primary`: black in light, white in dark.
    public static let primary = ThemedColor(light: .black, dark: .white)
    /// The window background: white in light, black in dark (iOS systemBackground).
    public static let background = ThemedColor(light: .white, dark: .black)
}

/// A fill with a value for each theme.
public enum ThemedFill: Sendable, Hashable {
    /// A colour per theme.
    case color(ThemedColor)
    /// A SwiftUI material; TagCloudUI draws it for the theme.
    case material(TagCloudSpec.Material)

    /// The fill for a theme.
    public func resolved(for theme: TagCloudSpec.Theme) -> TagCloudSpec.Fill {
        switch self {
        case .color(let color): .color(color.resolved(for: theme))
        case .material(let material): .material(material)
        }
    }
}

/// The checkmark a selected chip shows after its text (the suggestion chips'
/// `Image(systemName: "checkmark").font(.system(size: 12, weight: .bold)).foregroundStyle(.blue)`
/// in an `HStack(spacing: 6)`).
public struct CheckmarkLook: Sendable, Hashable {
    /// The SF Symbols name of the symbol: `checkmark`.
    public var symbolName: String
    /// The symbol's font size in points.
    public var size: Double
    /// The symbol's weight.
    public var weight: TagCloudSpec.FontWeight
    /// The symbol's colour.
    public var color: ThemedColor
    /// The gap between the text and the symbol, in points.
    public var spacing: Double

    /// The suggestion chips' checkmark: 12 pt bold, blue, 6 pt after the text.
    public static let suggestionChip = CheckmarkLook(symbolName: "checkmark", size: 12, weight: .bold,
                                                     color: .blue, spacing: 6)
}

/// The complete defaults of a ``TagCloudSpec/Style``: every value ``resolve(_:overrides:)``
/// needs when the spec does not give it.
///
/// Each preset reproduces the look of an example in the articles the project started from;
/// where the scraped article lost the line that set a value, the value chosen is named in the
/// preset's documentation. Widths make a 390-pt-wide picture (an iPhone screen, the width the
/// `Gallery` target proposes to the articles' views) with the preset's outer padding, and each
/// preset draws the same chips as the `Gallery` target's Swift version of its example, so that the
/// same tags render the same through a spec and through the views.
public struct StylePreset: Sendable, Hashable {
    /// The style this preset is for.
    public var style: TagCloudSpec.Style
    /// The flow container's width in points.
    public var width: Double
    /// The outer margin in points.
    public var padding: Double
    /// The gap between chips in a row, in points.
    public var horizontalSpacing: Double
    /// The gap between rows, in points.
    public var verticalSpacing: Double
    /// The alignment of rows and of chips in rows.
    public var alignment: TagCloudSpec.Alignment
    /// The font size for tags without weights, in points.
    public var fontSize: Double
    /// The font weight.
    public var fontWeight: TagCloudSpec.FontWeight
    /// The chip padding along a row, in points.
    public var chipHorizontalPadding: Double
    /// The chip padding across a row, in points.
    public var chipVerticalPadding: Double
    /// The chip outline.
    public var shape: TagCloudSpec.ChipShape
    /// The corner radius for ``TagCloudSpec/ChipShape/rounded``, in points.
    public var cornerRadius: Double
    /// The chip fill.
    public var fill: ThemedFill
    /// The border colour, if chips have a border.
    public var stroke: ThemedColor?
    /// The border width in points.
    public var strokeWidth: Double
    /// The text colour.
    public var textColor: ThemedColor
    /// The fill of selected chips.
    public var selectedFill: ThemedFill
    /// The border colour of selected chips.
    public var selectedStroke: ThemedColor?
    /// The border width of selected chips, in points.
    public var selectedStrokeWidth: Double
    /// The text colour of selected chips.
    public var selectedTextColor: ThemedColor
    /// The checkmark of selected chips, if they show one.
    public var selectedCheckmark: CheckmarkLook?

    /// The preset of a style.
    ///
    /// - Parameter style: The style.
    /// - Returns: Its complete defaults.
    public static func named(_ style: TagCloudSpec.Style) -> StylePreset {
        switch style {
        case .tagCloud: tagCloud
        case .suggestionChips: suggestionChips
        case .globulusList: globulusList
        case .collectionView: collectionView
        case .materialCapsules: materialCapsules
        case .wrappingHStack: wrappingHStack
        }
    }

    /// The base every preset starts from: 17-pt body text, SwiftUI's 16-pt `padding()`, 8-pt
    /// spacing, primary text, and the suggestion chips' selected look (blue 15 % fill, 1.5-pt
    /// blue border inside the edge, a checkmark).
    private static let base = StylePreset(
        style: .tagCloud, width: 358, padding: 16, horizontalSpacing: 8, verticalSpacing: 8,
        alignment: .topLeading, fontSize: 17, fontWeight: .regular,
        chipHorizontalPadding: 12, chipVerticalPadding: 8, shape: .capsule, cornerRadius: 6,
        fill: .color(ThemedColor.blue.opacity(0.2)), stroke: nil, strokeWidth: 1, textColor: .primary,
        selectedFill: .color(ThemedColor.blue.opacity(0.15)), selectedStroke: .blue, selectedStrokeWidth: 1.5,
        selectedTextColor: .primary, selectedCheckmark: .suggestionChip)

    /// "Building a Flow Layout in SwiftUI", `TagCloudView`: `Text(tag)` (body, 17 pt) with
    /// `.padding(.horizontal, 12).padding(.vertical, 8)` on `Capsule().fill(Color.blue.opacity(0.2))`,
    /// `FlowLayout(horizontalSpacing: 8, verticalSpacing: 8)`, `.padding()` (16) around it.
    public static let tagCloud = base

    /// The same article's `SuggestionChip`s in `SuggestionPickerView`: `.subheadline` (15 pt) text
    /// with `.padding(.horizontal, 14).padding(.vertical, 8)` on
    /// `Capsule().fill(Color.gray.opacity(0.1))`; selected chips `Color.blue.opacity(0.15)` with a
    /// 1.5-pt blue `strokeBorder` and a 12-pt bold blue checkmark 6 pt after the text;
    /// `FlowLayout(horizontalSpacing: 8, verticalSpacing: 10)`, `.padding()`.
    public static let suggestionChips: StylePreset = {
        var preset = base
        preset.style = .suggestionChips
        preset.verticalSpacing = 10
        preset.fontSize = 15
        preset.chipHorizontalPadding = 14
        preset.fill = .color(ThemedColor.gray.opacity(0.1))
        return preset
    }()

    /// The globulus "Flow Layout" preview: `Text(item).font(.system(size: 12))` on
    /// `RoundedRectangle(cornerRadius: 4)` in grey (the mapping's `foregroundColor(Color.gray)`),
    /// each item then padded by 4 pt on every side (`.padding([.horizontal, .vertical], 4)`), the
    /// whole list padded by 16.
    ///
    /// As chips: no padding between the text and its rectangle, 8-pt gaps both ways (two items'
    /// 4-pt paddings), a 20-pt margin (16 + 4) and a 350-pt container (390 − 2 × 20), as the
    /// `Gallery` target's `GlobulusFlowLayout.PreviewLook` lays it out. The scrape lost the line
    /// with the rectangle's colour; the grey follows the preview's `foregroundColor`.
    public static let globulusList: StylePreset = {
        var preset = base
        preset.style = .globulusList
        preset.width = 350
        preset.padding = 20
        preset.fontSize = 12
        preset.chipHorizontalPadding = 0
        preset.chipVerticalPadding = 0
        preset.shape = .rounded
        preset.cornerRadius = 4
        preset.fill = .color(.gray)
        return preset
    }()

    /// Chris Eidhof's CollectionView: "Element N" texts on
    /// `RoundedRectangle(cornerRadius: 5).fill(Color.gray)`, laid out with 10-pt spacing both
    /// ways (`UIOffset(horizontal: 10, vertical: 10)`).
    ///
    /// The scrape lost the line that padded the text; this preset uses 8 pt, as the `Gallery`
    /// target's `CollectionViewFlowLayout.ContentLook` does.
    public static let collectionView: StylePreset = {
        var preset = base
        preset.style = .collectionView
        preset.horizontalSpacing = 10
        preset.verticalSpacing = 10
        preset.chipHorizontalPadding = 8
        preset.chipVerticalPadding = 8
        preset.shape = .rounded
        preset.cornerRadius = 5
        preset.fill = .color(.gray)
        return preset
    }()

    /// Clive Liu's 0..<150 example: `Text("\($0)").padding()` (16 pt all round)
    /// `.background(.regularMaterial).clipShape(.capsule)` in a `FlowLayout` without spacing,
    /// in a `ScrollView` without margin.
    public static let materialCapsules: StylePreset = {
        var preset = base
        preset.style = .materialCapsules
        preset.width = 390
        preset.padding = 0
        preset.horizontalSpacing = 0
        preset.verticalSpacing = 0
        preset.chipHorizontalPadding = 16
        preset.chipVerticalPadding = 16
        preset.fill = .material(.regularMaterial)
        return preset
    }()

    /// Konstantin Semianov's `WrappingHStack(alignment: .leading)` tag list, with SwiftUI's
    /// default 8-pt spacing between views.
    ///
    /// The article does not show `TagView`; this preset draws it as the `Gallery` target's
    /// `WrappingHStackArticle.TagView` does: body (17 pt) text, `.padding(.horizontal, 12)
    /// .padding(.vertical, 6)`, on `Capsule().fill(Color.gray.opacity(0.15))`.
    public static let wrappingHStack: StylePreset = {
        var preset = base
        preset.style = .wrappingHStack
        preset.alignment = .leading
        preset.chipHorizontalPadding = 12
        preset.chipVerticalPadding = 6
        preset.fill = .color(ThemedColor.gray.opacity(0.15))
        return preset
    }()
}
