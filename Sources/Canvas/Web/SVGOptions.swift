/// How the SVG backend writes a picture for the web: its id prefix, title, theme, size and links.
///
/// ```swift
/// var options = SVGOptions()
/// options.idPrefix = "languages"            // ids languages-chip-0, …; default: from a hash
/// options.title = "Languages by share"
/// options.isResponsive = true               // viewBox only, 100 % wide
/// options.linkTarget = .blank               // target="_blank" rel="noopener"
/// let svg = try list.svgData(options: options)
/// ```
public struct SVGOptions: Sendable, Equatable {
    /// The dark look of the same picture, for ``SVGOptions/darkLook``.
    public struct DarkLook: Sendable, Equatable {
        /// The picture drawn in its dark colours: the same items as the light one, in the same
        /// order and places, with other colours.
        public var list: DisplayList
        /// The background of the dark look; `nil` for none.
        public var background: RGBAColor?

        /// Makes a dark look.
        ///
        /// - Parameters:
        ///   - list: The picture in its dark colours.
        ///   - background: Its background; `nil` for none.
        public init(list: DisplayList, background: RGBAColor? = nil) {
            self.list = list
            self.background = background
        }
    }

    /// The prefix of every id in the document (and of the selectors of its style sheet), so that
    /// several pictures inlined into one page never share an id. `nil` (the default) derives one
    /// from a hash of the document: `tc` and eight hexadecimal digits, the same for the same
    /// picture. A given prefix must be an ASCII letter followed by at most 63 letters, digits,
    /// `-` and `_`.
    public var idPrefix: String?
    /// The document's `<title>`, which names the picture for assistive technology; `nil` for
    /// "Tag cloud" when the picture holds a cloud (an ``ItemRole/cloud`` item), "Picture" otherwise.
    public var title: String?
    /// The language of the picture's words (a BCP 47 tag, `fr`), written as the root's `lang`:
    /// its title and what its items do not say otherwise (a text with its own language keeps
    /// its `lang`) are read in it; `nil` (the default) leaves it to the page.
    public var language: String?
    /// The dark look, for pictures that follow the reader's colour scheme: the light look is
    /// written as usual and a `@media screen and (prefers-color-scheme: dark)` block gives the dark
    /// colours (a printed page shows the light look).
    /// `nil` (the default) writes one look.
    public var darkLook: DarkLook?
    /// A background painted only on paper, for a picture with no background of its own whose
    /// colours need one (a dark look's white labels, which printed on white paper); `nil` (the
    /// default) prints the picture as it shows. Ignored when the picture has a background.
    public var printBackground: RGBAColor?
    /// Whether the picture scales with its container: only a `viewBox`, 100 % wide, its height
    /// following from the aspect ratio. `false` (the default) writes `width` and `height` in
    /// `px` as well.
    public var isResponsive: Bool
    /// Where links open.
    public var linkTarget: LinkTarget
    /// Whether every line of text is also written as real, invisible `<text>` over its outlines
    /// (the default), so that readers can select, copy, find and index it.
    public var writesTextLayer: Bool
    /// How many items a list of the display list holds at least before they are written on every
    /// core (the chips of a large cloud); the document's bytes are the same either way. A value
    /// above any list's length writes every item on the calling thread.
    package var itemsWrittenInParallel = 4096

    /// Makes options; every parameter has the default described on its property.
    ///
    /// - Parameters:
    ///   - idPrefix: The id prefix; `nil` derives one.
    ///   - title: The title; `nil` for the default.
    ///   - darkLook: The dark look for an automatic theme; `nil` for one look.
    ///   - isResponsive: Whether to write only a `viewBox`.
    ///   - linkTarget: Where links open.
    ///   - writesTextLayer: Whether to write the invisible text layer.
    public init(idPrefix: String? = nil, title: String? = nil, darkLook: DarkLook? = nil, isResponsive: Bool = false,
                linkTarget: LinkTarget = .current, writesTextLayer: Bool = true) {
        self.idPrefix = idPrefix
        self.title = title
        self.darkLook = darkLook
        self.isResponsive = isResponsive
        self.linkTarget = linkTarget
        self.writesTextLayer = writesTextLayer
    }
}
