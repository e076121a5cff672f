// The named values of the spec. Each is written in the spec by its raw value, which follows the
// SwiftUI spelling where SwiftUI has the concept (lowerCamelCase).

public import Canvas

/// A spec value written as one of a fixed set of names.
protocol SpecName: RawRepresentable<String>, CaseIterable, Sendable {}

extension SpecName {
    /// Every valid name, in declaration order.
    static var names: [String] { allCases.map(\.rawValue) }
}

extension Cloud {
    /// Where rows sit in the flow container and chips sit in their row: SwiftUI's `Alignment`
    /// constants, including the text-baseline forms.
    ///
    /// The horizontal part aligns each row in the container's width (as CSS `justify-content`);
    /// the vertical part aligns each chip in its row's height (as CSS `align-items`, with
    /// `firstTextBaseline`/`lastTextBaseline` as `baseline`/`last baseline`).
    public enum Alignment: String, Sendable, CaseIterable {
        /// Top edge, leading edge.
        case topLeading
        /// Top edge, centred.
        case top
        /// Top edge, trailing edge.
        case topTrailing
        /// Centred vertically, leading edge.
        case leading
        /// Centred both ways.
        case center
        /// Centred vertically, trailing edge.
        case trailing
        /// Bottom edge, leading edge.
        case bottomLeading
        /// Bottom edge, centred.
        case bottom
        /// Bottom edge, trailing edge.
        case bottomTrailing
        /// First text baselines lined up, leading edge.
        case leadingFirstTextBaseline
        /// First text baselines lined up, centred.
        case centerFirstTextBaseline
        /// First text baselines lined up, trailing edge.
        case trailingFirstTextBaseline
        /// Last text baselines lined up, leading edge.
        case leadingLastTextBaseline
        /// Last text baselines lined up, centred.
        case centerLastTextBaseline
        /// Last text baselines lined up, trailing edge.
        case trailingLastTextBaseline

        /// SwiftUI's `HorizontalAlignment` part.
        public enum Horizontal: String, Sendable, CaseIterable {
            /// The leading edge (left in left-to-right rows).
            case leading
            /// The centre.
            case center
            /// The trailing edge.
            case trailing
        }

        /// SwiftUI's `VerticalAlignment` part.
        public enum Vertical: String, Sendable, CaseIterable {
            /// Top edges.
            case top
            /// Centres.
            case center
            /// Bottom edges.
            case bottom
            /// The first line's text baselines.
            case firstTextBaseline
            /// The last line's text baselines.
            case lastTextBaseline
        }

        /// The horizontal part.
        public var horizontal: Horizontal {
            switch self {
            case .topLeading, .leading, .bottomLeading, .leadingFirstTextBaseline, .leadingLastTextBaseline:
                .leading
            case .top, .center, .bottom, .centerFirstTextBaseline, .centerLastTextBaseline:
                .center
            case .topTrailing, .trailing, .bottomTrailing, .trailingFirstTextBaseline, .trailingLastTextBaseline:
                .trailing
            }
        }

        /// The vertical part.
        public var vertical: Vertical {
            switch self {
            case .topLeading, .top, .topTrailing: .top
            case .leading, .center, .trailing: .center
            case .bottomLeading, .bottom, .bottomTrailing: .bottom
            case .leadingFirstTextBaseline, .centerFirstTextBaseline, .trailingFirstTextBaseline: .firstTextBaseline
            case .leadingLastTextBaseline, .centerLastTextBaseline, .trailingLastTextBaseline: .lastTextBaseline
            }
        }
    }

    /// How the free space of a row is shared out, as CSS `justify-content`.
    public enum Justification: String, Sendable, CaseIterable {
        /// No sharing: the row is placed by the alignment.
        case none
        /// The first and last chips touch the edges; the gaps grow equally
        /// (`justify-content: space-between`).
        case spaceBetween
        /// Each chip gets equal space on both sides (`space-around`).
        case spaceAround
        /// All gaps, including the two at the edges, are equal (`space-evenly`).
        case spaceEvenly
        /// The chips grow equally to fill the row (`flex-grow: 1`).
        case stretch
    }

    /// How tags are broken into rows.
    public enum LineBreaking: String, Sendable, CaseIterable {
        /// Fill each row as far as it goes (CSS flex-wrap).
        case greedy
        /// Same number of rows as `greedy`, with row widths as even as possible.
        case balanced
    }

    /// The order of chips in a row.
    public enum Direction: String, Sendable, CaseIterable {
        /// Left to right; leading is left.
        case ltr
        /// Right to left; leading is right (SwiftUI's `layoutDirection` `.rightToLeft`).
        case rtl
    }

    /// The outline of a chip.
    public enum ChipShape: String, Sendable, CaseIterable {
        /// Fully rounded ends (SwiftUI's `Capsule`).
        case capsule
        /// Rounded corners of `chip.cornerRadius` (SwiftUI's `RoundedRectangle`).
        case rounded
        /// Square corners (SwiftUI's `Rectangle`).
        case rectangle
    }

    /// Light or dark colours.
    public enum Theme: String, Sendable, CaseIterable {
        /// Dark text on white, iOS light-mode system colours.
        case light
        /// Light text on black, iOS dark-mode system colours.
        case dark
        /// The reader's choice: PNG and PDF use the light look; SVG and HTML write the light look
        /// and, in a `prefers-color-scheme: dark` block, the dark look.
        case auto
    }

    /// A named look reproducing one of the articles the project started from: the values it gives
    /// the keys the spec leaves out are declared with each key (`Cloud/Keys`), and listed in
    /// the catalog's key reference. Each draws the same chips as the `Gallery` target's Swift
    /// version of its example, and makes a 390-pt-wide picture (an iPhone screen).
    public enum Style: String, Sendable, CaseIterable {
        /// "Building a Flow Layout in SwiftUI", `TagCloudView`: `Text(tag)` (body, 17 pt) with
        /// `.padding(.horizontal, 12).padding(.vertical, 8)` on
        /// `Capsule().fill(Color.blue.opacity(0.2))`, `FlowLayout(horizontalSpacing: 8,
        /// verticalSpacing: 8)`, `.padding()` (16) around it. The house defaults are this look.
        case tagCloud
        /// The same article's `SuggestionChip`s in `SuggestionPickerView`: `.subheadline` (15 pt)
        /// text with `.padding(.horizontal, 14).padding(.vertical, 8)` on
        /// `Capsule().fill(Color.gray.opacity(0.1))`; selected chips `Color.blue.opacity(0.15)` with a
        /// 1.5-pt blue `strokeBorder` and a 12-pt bold blue checkmark 6 pt after the text;
        /// `FlowLayout(horizontalSpacing: 8, verticalSpacing: 10)`, `.padding()`.
        case suggestionChips
        /// The globulus "Flow Layout" preview: `Text(item).font(.system(size: 12))` on
        /// `RoundedRectangle(cornerRadius: 4)` in grey (the mapping's `foregroundColor(Color.gray)`),
        /// each item padded by 4 pt on every side, the list padded by 16. As chips: no padding
        /// between the text and its rectangle, 8-pt gaps both ways (two items' 4-pt paddings), a
        /// 20-pt margin (16 + 4) and a 350-pt container (390 − 2 × 20). The scrape lost the line
        /// with the rectangle's colour; the grey follows the preview's `foregroundColor`.
        case globulusList
        /// Chris Eidhof's CollectionView: "Element N" texts on
        /// `RoundedRectangle(cornerRadius: 5).fill(Color.gray)`, 10-pt spacing both ways
        /// (`UIOffset(horizontal: 10, vertical: 10)`). The scrape lost the line that padded the
        /// text; 8 pt, as the `Gallery` target's version.
        case collectionView
        /// Clive Liu's 0..<150 example: `Text("\($0)").padding()` (16 pt all round)
        /// `.background(.regularMaterial).clipShape(.capsule)` in a `FlowLayout` without spacing,
        /// in a `ScrollView` without margin.
        case materialCapsules
        /// Konstantin Semianov's `WrappingHStack(alignment: .leading)` tag list, with SwiftUI's
        /// default 8-pt spacing. The article does not show `TagView`; drawn as the `Gallery`
        /// target's: body text, `.padding(.horizontal, 12).padding(.vertical, 6)`, on
        /// `Capsule().fill(Color.gray.opacity(0.15))`.
        case wrappingHStack
    }

    /// How weights map to sizes between `minSize` and `maxSize` (see ``WeightScaling``).
    public enum WeightScale: String, Sendable, CaseIterable {
        /// Proportional to the weight.
        case linear
        /// Proportional to the square root of the weight, so area grows with weight.
        case sqrt
        /// Proportional to ln(1 + weight), for weights spanning orders of magnitude.
        case log
    }

    /// A SwiftUI material: a translucent fill that lets the background show through.
    public enum Material: String, Sendable, CaseIterable {
        /// `.ultraThinMaterial`.
        case ultraThinMaterial
        /// `.thinMaterial`.
        case thinMaterial
        /// `.regularMaterial`.
        case regularMaterial
        /// `.thickMaterial`.
        case thickMaterial
        /// `.ultraThickMaterial`.
        case ultraThickMaterial
    }

    /// A font weight: a CSS number from 1 to 1000, written in the spec as a number or a SwiftUI
    /// `Font.Weight` name.
    public struct FontWeight: Sendable, Hashable, Comparable {
        /// The CSS weight, 1–1000 (400 regular, 700 bold).
        public let value: Int

        /// Makes a weight from a CSS number.
        ///
        /// - Parameter value: 1 through 1000.
        /// - Returns: `nil` when the value is out of range.
        public init?(_ value: Int) {
            guard (1...1000).contains(value) else { return nil }
            self.value = value
        }

        private init(known value: Int) { self.value = value }

        /// 100, SwiftUI's `.ultraLight`.
        public static let ultraLight = FontWeight(known: 100)
        /// 200, `.thin`.
        public static let thin = FontWeight(known: 200)
        /// 300, `.light`.
        public static let light = FontWeight(known: 300)
        /// 400, `.regular`.
        public static let regular = FontWeight(known: 400)
        /// 500, `.medium`.
        public static let medium = FontWeight(known: 500)
        /// 600, `.semibold`.
        public static let semibold = FontWeight(known: 600)
        /// 700, `.bold`.
        public static let bold = FontWeight(known: 700)
        /// 800, `.heavy`.
        public static let heavy = FontWeight(known: 800)
        /// 900, `.black`.
        public static let black = FontWeight(known: 900)

        /// The SwiftUI names and their CSS numbers.
        public static let named: [(name: String, weight: FontWeight)] = [
            ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
            ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy),
            ("black", .black),
        ]

        /// The SwiftUI name, when the weight has one.
        public var name: String? { Self.named.first { $0.weight == self }?.name }

        /// Orders lighter before heavier.
        public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }
    }

    /// SwiftUI's text styles on iOS at the default Dynamic Type size, accepted for `font.size`.
    static let textStyleSizes: [(name: String, size: Double)] = [
        ("largeTitle", 34), ("title", 28), ("title2", 22), ("title3", 20), ("headline", 17),
        ("body", 17), ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption", 12),
        ("caption2", 11),
    ]
}

extension Cloud.Alignment: SpecName {}
extension Cloud.Justification: SpecName {}
extension Cloud.LineBreaking: SpecName {}
extension Cloud.Direction: SpecName {}
extension Cloud.ChipShape: SpecName {}
extension Cloud.Theme: SpecName {}
extension Cloud.Style: SpecName {}
extension Cloud.WeightScale: SpecName {}
extension Cloud.Material: SpecName {}

extension LinkTarget: SpecName {}
