extension Cloud {
    /// Chip colours from the tags' weights: `colors: {by: weight, palette: viridis}` or
    /// `colors: {by: weight, gradient: ["#dbeafe", "#1e3a8a"]}`.
    ///
    /// A tag's place between the lightest and heaviest weights (by the `weights.scale` curve, as
    /// for font sizes) picks a step of the palette, or a colour along the gradient (interpolated in
    /// OKLCH). Text on a coloured fill is kept readable (see ``WeightColoring``). Selected tags keep
    /// the selected look; a tag's own `fill` and `textColor` win.
    public struct Colors: Sendable, Hashable {
        /// What picks the colour.
        public var by: ColorSource?
        /// Discrete steps: a named palette or a list of colours.
        public var palette: Palette?
        /// Two or more colours, interpolated in OKLCH; over ``palette`` when given.
        public var gradient: [CSSColor]?
        /// What the colour paints.
        public var apply: ColorTarget?

        /// Makes a colouring; what is not given is left to the default.
        ///
        /// - Parameters:
        ///   - by: What picks the colour.
        ///   - palette: Discrete steps.
        ///   - gradient: Colours to interpolate between.
        ///   - apply: What the colour paints.
        public init(by: ColorSource? = nil, palette: Palette? = nil, gradient: [CSSColor]? = nil,
                    apply: ColorTarget? = nil) {
            self.by = by
            self.palette = palette
            self.gradient = gradient
            self.apply = apply
        }

        struct Keys: Sendable {
            let by = SpecKey("by", \Colors.by, .name, default: KeyDefault(ColorSource.weight),
                             doc: "What picks a chip's colour: its tag's `weight`.")
            let palette = SpecKey("palette", \Colors.palette, .palette, default: KeyDefault(Palette.named(.viridis)),
                                  option: "palette", valueName: "name",
                                  doc: "Discrete steps, lightest tag first: a list of colours, or a named palette (see \"Colours by weight\").")
            let gradient = SpecKey("gradient", \Colors.gradient, .gradient, defaultDoc: "none",
                                   doc: "Two or more colours, lightest tag first, interpolated in OKLCH; replaces `palette`.")
            let apply = SpecKey("apply", \Colors.apply, .name, default: KeyDefault(ColorTarget.fill),
                                doc: "`fill` (text turns black or white when the chip's text colour lacks contrast), `text`, or `both` (the text in the colour, the fill in it at 20 % opacity).")
        }
        static let keys = KeyTable<Colors>(reflecting: fields)
        static let fields = Keys()
    }

    /// What picks a chip's colour.
    public enum ColorSource: String, Sendable, CaseIterable {
        /// The tag's weight.
        case weight
    }

    /// What a colour from ``Colors`` paints.
    public enum ColorTarget: String, Sendable, CaseIterable {
        /// The chip's fill; the text stays the chip's colour if it has a contrast ratio of 4.5:1
        /// with the fill, else it is black or white, whichever contrasts more.
        case fill
        /// The text; its OKLCH lightness moves towards black or white as little as needed for a
        /// contrast ratio of 4.5:1 with the chip's fill.
        case text
        /// The text, as for ``text``, on a fill of the same colour at 20 % opacity (the tag
        /// cloud's blue chips, in the palette's colours).
        case both
    }

    /// Discrete colour steps: a named palette or a list of colours.
    public enum Palette: Sendable, Hashable {
        /// A palette from the literature.
        case named(PaletteName)
        /// The colours given, lightest tag first.
        case colors([CSSColor])

        /// The steps, lightest tag first.
        public var colors: [CSSColor] {
            switch self {
            case .named(let name): name.colors
            case .colors(let colors): colors
            }
        }
    }

    /// Palettes that people with common colour-vision deficiencies can tell apart, with their
    /// published values.
    public enum PaletteName: String, Sendable, CaseIterable {
        /// matplotlib's viridis (van der Walt, Smith and Firing, 2015) at 8 evenly spaced points,
        /// as R's `viridisLite::viridis(8)`: dark purple to yellow, perceptually uniform.
        case viridis
        /// cividis (Nuñez, Anderton and Renslow, 2018) at 8 points, as `viridisLite::cividis(8)`:
        /// blue to yellow, uniform for deuteranopia too.
        case cividis
        /// The Okabe–Ito set (Okabe and Ito, "Color Universal Design", 2008): black, orange, sky
        /// blue, bluish green, yellow, blue, vermillion, reddish purple.
        case okabeIto
        /// Paul Tol's bright qualitative scheme (SRON technical note, 2021): 7 colours.
        case tolBright
        /// Paul Tol's muted qualitative scheme: 9 colours.
        case tolMuted
        /// Paul Tol's sequential YlOrBr scheme (ColorBrewer's YlOrBr): 9 colours, pale yellow to
        /// brown.
        case tolYlOrBr
        /// Paul Tol's sequential iridescent scheme: 23 colours, pale yellow through blue to dark
        /// brown, distinct in colour-blind vision and in grey.
        case tolIridescent

        /// The palette's colours in their published order.
        public var colors: [CSSColor] {
            let hex: [UInt32] = switch self {
            case .viridis: [0x440154, 0x46337E, 0x365C8D, 0x277F8E, 0x1FA187, 0x4AC16D, 0x9FDA3A, 0xFDE725]
            case .cividis: [0x00204D, 0x16396D, 0x4B546C, 0x6C6E72, 0x8E8A79, 0xB3A772, 0xDBC761, 0xFFEA46]
            case .okabeIto: [0x000000, 0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7]
            case .tolBright: [0x4477AA, 0xEE6677, 0x228833, 0xCCBB44, 0x66CCEE, 0xAA3377, 0xBBBBBB]
            case .tolMuted: [0xCC6677, 0x332288, 0xDDCC77, 0x117733, 0x88CCEE, 0x882255, 0x44AA99, 0x999933, 0xAA4499]
            case .tolYlOrBr: [0xFFFFE5, 0xFFF7BC, 0xFEE391, 0xFEC44F, 0xFB9A29, 0xEC7014, 0xCC4C02, 0x993404, 0x662506]
            case .tolIridescent: [0xFEFBE9, 0xFCF7D5, 0xF5F3C1, 0xEAF0B5, 0xDDECBF, 0xD0E7CA, 0xC2E3D2, 0xB5DDD8,
                                  0xA8D8DC, 0x9BD2E1, 0x8DCBE4, 0x81C4E7, 0x7BBCE7, 0x7EB2E4, 0x88A5DD, 0x9398D2,
                                  0x9B8AC4, 0x9D7DB2, 0x9A709E, 0x906388, 0x805770, 0x684957, 0x46353A]
            }
            return hex.map { CSSColor(red8: UInt8($0 >> 16), green8: UInt8(($0 >> 8) & 0xFF), blue8: UInt8($0 & 0xFF)) }
        }
    }
}

extension Cloud.ColorSource: SpecName {}
extension Cloud.ColorTarget: SpecName {}
extension Cloud.PaletteName: SpecName {}
