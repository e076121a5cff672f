import Foundation

/// The colours of an SVG document as classes of its style sheet: each distinct colour of a role
/// becomes one rule that reads the role's custom property with the colour as its fallback
/// (`fill: var(--tc-chip-fill, #007aff33)`), and, for an automatic theme, one more inside a
/// `prefers-color-scheme: dark` block. Every painted element also carries its colour as a
/// presentation attribute, which renderers without CSS custom properties (librsvg) use, and which
/// any CSS rule overrides.
struct SVGStyleSheet {
    /// How one element is painted: its presentation attribute (`fill="#007aff33"`, with a leading
    /// space) and, when a rule is needed, its class (without the document's prefix).
    struct Paint {
        var attributes: String
        var className: String?
    }

    private struct Rule: Hashable {
        var property: String
        var custom: String?
        var light: String
        var dark: String?
    }

    private var rules: [Rule] = []
    private var numbers: [Rule: Int] = [:]
    /// The stroke geometry the document's strokes give as presentation attributes
    /// (`stroke-width="2"`), as attribute name and value.
    private var strokeGeometry: Set<StrokeAttribute> = []

    /// A stroke geometry attribute and its value as written.
    private struct StrokeAttribute: Hashable, Comparable {
        var name: String
        var value: String

        static func < (lhs: StrokeAttribute, rhs: StrokeAttribute) -> Bool {
            (lhs.name, lhs.value) < (rhs.name, rhs.value)
        }
    }

    /// The stroke geometry attributes a stroke may carry, with their initial values: a page's
    /// rule for every shape beats presentation attributes, so each is also set by the document's
    /// own rules.
    static let strokeGeometryDefaults: KeyValuePairs<String, String> = [
        "stroke-width": "1px", "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4",
        "stroke-dasharray": "none", "stroke-dashoffset": "0",
    ]

    /// Notes a stroke geometry attribute an element carries, so that the style sheet gives it the
    /// same value (``css(scope:links:textLayer:classPrefix:)``).
    ///
    /// - Parameters:
    ///   - name: One of ``strokeGeometryDefaults``' names.
    ///   - value: The attribute's value as written: numbers in user units, separated by spaces.
    mutating func noteStroke(_ name: String, _ value: String) {
        strokeGeometry.insert(StrokeAttribute(name: name, value: value))
    }

    /// The font sizes of the text layer, as written, in the order first used: each is a class's
    /// rule (`s0`, `s1`, …), since a page's `* { font-size: 20px }` beats the `font-size`
    /// attribute and made every line's selection box that page's size instead of its glyphs'.
    private var textSizes: [String] = []
    private var textSizeNumbers: [String: Int] = [:]
    /// The opacities groups give as attributes, as written: a page's `g { opacity: .9 }` beats an
    /// attribute, and the nested groups multiplied it (0.9⁴ on a label).
    private var groupOpacities: Set<String> = []

    /// The class (without the document's prefix) that gives a text layer line its font size.
    ///
    /// - Parameter size: The size in user units, as the `font-size` attribute writes it.
    mutating func textSizeClass(_ size: String) -> String {
        if let number = textSizeNumbers[size] { return "s\(number)" }
        textSizeNumbers[size] = textSizes.count
        textSizes.append(size)
        return "s\(textSizes.count - 1)"
    }

    /// Notes an opacity a group gives as its `opacity` attribute, so that the style sheet gives it
    /// the same value.
    mutating func noteGroupOpacity(_ value: String) {
        groupOpacities.insert(value)
    }

    /// The number of rules made so far: a paint that made none left the style sheet as it was.
    var ruleCount: Int { rules.count }

    /// The paint of an element.
    ///
    /// - Parameters:
    ///   - property: `fill` or `stroke`.
    ///   - custom: The role's custom property, `nil` for an element without a role.
    ///   - scoped: Whether the paint is a rule of the document's even without a custom property
    ///     or a dark variant (a role's own colour).
    ///   - light: The shading of the (only or light) look.
    ///   - dark: The shading of the dark look, `nil` without an automatic theme.
    ///   - gradient: Defines a gradient and returns its id.
    /// - Returns: The element's paint.
    mutating func paint(property: String, custom: String?, scoped: Bool = false, light: Shading, dark: Shading?,
                        gradient: ([GradientStop], CGPoint, CGPoint) -> String) -> Paint {
        func value(_ shading: Shading) -> String {
            switch shading {
            case .color(let color): color.opacity <= 0 ? "none" : WebText.cssColor(color)
            case .linearGradient(let stops, let start, let end): "url(#\(gradient(stops, start, end)))"
            }
        }
        let lightValue = value(light)
        let darkValue = dark.map(value)
        let attributes = " \(property)=\"\(lightValue)\""
        // A paint with neither a custom property nor a dark variant is its attribute alone, unless
        // `scoped`: a role's own colour (a tag's fill), which a page's `svg path { fill: … }`
        // would beat as an attribute, is a rule of the document's too.
        guard custom != nil || scoped || (darkValue != nil && darkValue != lightValue) else {
            return Paint(attributes: attributes, className: nil)
        }
        let rule = Rule(property: property, custom: custom, light: lightValue, dark: darkValue == lightValue && custom == nil ? nil : darkValue)
        let number: Int
        if let existing = numbers[rule] {
            number = existing
        } else {
            number = rules.count
            numbers[rule] = number
            rules.append(rule)
        }
        return Paint(attributes: attributes, className: "c\(number)")
    }

    /// The filter that rings a focused linked chip (`id`, the document's id followed by `-focus`):
    /// the chip's shape made opaque, grown by 4.5 points less the same grown by 2 (each growth the
    /// union of three rectangular ones, so that round ends stay nearly round), filled with
    /// `--tc-focus-ring`, under the chip.
    static func focusFilter(id: String) -> String {
        func grown(_ long: String, _ short: String, _ middle: String, as name: String) -> String {
            "<feMorphology in=\"s\" operator=\"dilate\" radius=\"\(long) \(short)\" result=\"\(name)1\"/>"
                + "<feMorphology in=\"s\" operator=\"dilate\" radius=\"\(short) \(long)\" result=\"\(name)2\"/>"
                + "<feMorphology in=\"s\" operator=\"dilate\" radius=\"\(middle)\" result=\"\(name)3\"/>"
                + "<feMerge result=\"\(name)\"><feMergeNode in=\"\(name)1\"/><feMergeNode in=\"\(name)2\"/><feMergeNode in=\"\(name)3\"/></feMerge>"
        }
        return "<filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\" color-interpolation-filters=\"sRGB\">"
            + "<feComponentTransfer in=\"SourceAlpha\" result=\"s\"><feFuncA type=\"linear\" slope=\"255\"/></feComponentTransfer>"
            + grown("4.5", "1.9", "3.2", as: "o") + grown("2", ".8", "1.4", as: "i")
            + "<feComposite in=\"o\" in2=\"i\" operator=\"out\" result=\"r\"/>"
            + "<feFlood flood-color=\"#0a84ff\"/><feComposite in2=\"r\" operator=\"in\"/>"
            + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>"
    }

    /// The style sheet's text, every selector under `scope` (`#prefix`).
    ///
    /// - Parameters:
    ///   - scope: The selector of the document's root.
    ///   - links: Whether the document has links (adds the hover and focus styles).
    ///   - textLayer: Whether the document has a text layer.
    ///   - glyphOutlines: Whether the document defines glyph outlines (class `glyph`).
    ///   - classPrefix: What precedes each colour class's name (the document's prefix).
    /// - Returns: CSS, a rule per line.
    func css(scope: String, links: Bool, textLayer: Bool, glyphOutlines: Bool = false, classPrefix: String) -> String {
        var text = ""
        if glyphOutlines {
            // The glyphs' copies in `<use>` shadow trees, which no rule scoped by the document's
            // id reaches: a class selector does, twice over to outrank a page's `svg path` or
            // `[d]`; the label's colour carries its alpha.
            let glyph = ".\(classPrefix)glyph"
            text += "\(glyph)\(glyph){fill:inherit;fill-opacity:1;opacity:1;stroke:none}\n"
        }
        // Guards against a page's rules for every SVG (icon sets' `svg path { fill: currentColor }`,
        // `svg use { fill: … }`, `svg { stroke: … }`), which beat presentation attributes: what
        // the picture leaves unfilled stays unfilled, and the glyphs take their label's colour.
        text += "\(scope) [fill=none]{fill:none}\n"
        text += "\(scope) defs path,\(scope) use{fill:inherit;stroke:inherit}\n"
        // The groups that only place or hold (a label's glyphs, scaled from font units) take their
        // parent's paint: a page's `svg g { fill: #444 }` or `svg * { fill: currentColor }`
        // painted every label its own colour, black on dark chips.
        text += "\(scope) g:not([fill]){fill:inherit}\n\(scope) g:not([stroke]){stroke:inherit}\n"
        text += "\(scope){stroke:none}\n"
        // A page's `path { stroke: red }` beats the inherited `none`: every chip had a red outline.
        // Shapes that stroke say so in their `stroke` attribute, and their colour class wins.
        text += "\(scope) path:not([stroke]){stroke:none}\n"
        // A page's `path { stroke-width: 3px }` or `stroke-linejoin: round` would change every
        // stroke (borders, checkmarks), which give these as attributes or leave them at their
        // initial values: the shapes get the initial values, and each value an attribute gives
        // has a rule of its own (an attribute selector and the scope outrank the page's rule).
        let shapes = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"].map { "\(scope) \($0)" }
        // Colours carry their own alpha: a page's `path { fill-opacity: .5 }` faded every chip.
        text += shapes.joined(separator: ",") + "{"
            + Self.strokeGeometryDefaults.map { "\($0.key):\($0.value)" }.joined(separator: ";")
            + ";shape-rendering:auto;fill-opacity:1;stroke-opacity:1;opacity:1;filter:none;translate:none;rotate:none;scale:none}\n"
        // Not an animation's layers (`…-tcanim0`): their frames' `[id="…"]{opacity:…}` must win.
        text += "\(scope) g:not([opacity]):not([id*=\"-tcanim\"]){opacity:1}\n"
        // Links and glyph copies too: a theme's `a:hover { opacity: .7 }` or `a { filter:
        // grayscale(1) }` faded or greyed the linked chips, an icon set's `use { opacity: .3 }`
        // every label. (The chips' own hover and focus filters are on their shapes, and more
        // specific.) A page's `svg`, `g` or `use { shape-rendering: crispEdges }` reached the
        // glyphs through the `use` that draws them, which inherit it: every label lost its
        // antialiasing.
        // A theme's hover lift in the transform properties of their own (`a:hover { translate: 0
        // -2px }`, `a { scale: 1.05 }`), which add to the `transform` attribute, moved and grew
        // every chip; none of the picture's is set that way (an animation's layers move by
        // `transform`).
        text += "\(scope) a:not([id*=\"-tcanim\"]),\(scope) use{opacity:1}\n\(scope) g,\(scope) a,\(scope) use{filter:none;shape-rendering:auto;"
            + "translate:none;rotate:none;scale:none}\n"
        for value in groupOpacities.sorted() {
            text += "\(scope) g[opacity=\"\(value)\"]{opacity:\(value)}\n"
        }
        // `svg rect { shape-rendering: crispEdges }` made the chips' edges jagged; a shape drawn
        // without antialiasing says so in its attribute.
        text += "\(scope) [shape-rendering=crispEdges]{shape-rendering:crispEdges}\n"
        for attribute in strokeGeometry.sorted() {
            let value: String
            switch attribute.name {
            case "stroke-linecap", "stroke-linejoin", "stroke-miterlimit": value = attribute.value
            default: value = attribute.value.split(separator: " ").map { "\($0)px" }.joined(separator: " ")
            }
            text += "\(scope) [\(attribute.name)=\"\(attribute.value)\"]{\(attribute.name):\(value)}\n"
        }
        // A page's `text-shadow` would show the invisible text layer's shadow.
        // A page's `text { fill-opacity: 1 }` drew the invisible text layer over the glyphs.
        // Each line's `x` is its start (the left end, the right end of a right-to-left line): a right-to-left page (`<html dir="rtl">`, inherited
        // into an inline SVG) anchored the text's right end there instead, a chart library's
        // `svg text { text-anchor: middle }` its middle, and a vertical `writing-mode` turned it,
        // so that a selection, find-in-page and a screen reader's highlight fell beside the chip.
        if textLayer {
            text += "\(scope) .tc-text{white-space:pre;text-shadow:none;fill-opacity:0;stroke:none;"
                + "direction:ltr;text-anchor:start;writing-mode:horizontal-tb;dominant-baseline:auto}\n"
            // A line that reads right to left is laid out so, from its right end: forced left to
            // right, "050-1234567 טלפון" put the Hebrew word where the digits are drawn, and
            // find-in-page highlighted the digits.
            text += "\(scope) .tc-rtl{direction:rtl}\n"
            for (number, size) in textSizes.enumerated() {
                text += "\(scope) .\(classPrefix)s\(number){font-size:\(size)px}\n"
            }
        }
        if links {
            // A chip's link shows focus and hover on the chip's own shape, not as a box.
            // A page's `a { text-decoration: underline }` would underline the text layer.
            text += "\(scope) .tc-link{text-decoration:none}\n"
            // The focus ring reaches 4.5 points outside its chip: an inline SVG clips what it
            // draws outside its box (`svg:not(:root) { overflow: hidden }` in every browser), and
            // a chip at the picture's edge (`padding: 0`) lost the ring's outer side.
            text += "\(scope){overflow:visible}\n"
            text += "\(scope) .tc-chip>.tc-link:focus-visible{outline:none}\n"
            text += "\(scope) .tc-link:hover .tc-chip-fill{filter:var(--tc-hover-filter,brightness(.92))}\n"
            // The ring follows the chip's shape two points outside it (the document's
            // `-focus` filter, ``SVGStyleSheet/focusFilter(id:)``): a stroke under the fill
            // touched the chip, and on a selected chip, whose border is the accent colour, it read
            // as a thicker border rather than as focus.
            let filter = "url(\(scope)-focus)"
            text += "\(scope) .tc-link:focus-visible .tc-chip-fill{filter:\(filter)}\n"
            text += "\(scope) .tc-link:focus-visible:hover .tc-chip-fill{filter:\(filter) var(--tc-hover-filter,brightness(.92))}\n"
            // The ring's colour, themable: a rule, not a `style` attribute (which a
            // Content-Security-Policy without `'unsafe-inline'` drops); its attribute is the default.
            text += "\(scope)-focus feFlood{flood-color:var(--tc-focus-ring,#0a84ff)}\n"
        }
        func declaration(_ rule: Rule, _ value: String) -> String {
            rule.custom.map { "\(rule.property):var(\($0),\(value))" } ?? "\(rule.property):\(value)"
        }
        for (number, rule) in rules.enumerated() {
            text += "\(scope) .\(classPrefix)c\(number){\(declaration(rule, rule.light))}\n"
        }
        let dark = rules.enumerated().compactMap { number, rule in
            rule.dark.map { "\(scope) .\(classPrefix)c\(number){\(declaration(rule, $0))}\n" }
        }
        if !dark.isEmpty {
            // On screens only: a reader in dark mode prints the light look, on paper as white as
            // its page (the dark look's white labels printed on pale chips on white paper).
            text += "@media screen and (prefers-color-scheme:dark){\n" + dark.joined() + "}\n"
        }
        // A contrast theme (`forced-colors: active`) recolours a page's HTML but leaves an inline
        // SVG's fills and strokes as written: a dark look's white labels were drawn on the
        // theme's white page, the light look's black ones on a black page. The chips are then
        // drawn in the theme's colours, as the HTML fragment's are: the page's canvas inside, an
        // edge and the labels in its text colour (links in its link colour), a selected chip's
        // edge three times as thick, a focused link ringed in its highlight colour.
        text += "@media (forced-colors:active){\n"
            + "\(scope) .tc-background{fill:Canvas}\n"
            // (`.tc-chip` before the class: above the reset `path:not([stroke]){stroke:none}`.)
            + "\(scope) .tc-chip .tc-chip-fill{fill:Canvas;stroke:CanvasText;stroke-width:1px}\n"
            + "\(scope) .tc-chip.tc-selected .tc-chip-fill{stroke-width:3px}\n"
            + "\(scope) .tc-chip-border{stroke:CanvasText}\n"
            + "\(scope) .tc-label{fill:CanvasText}\n"
            + "\(scope) .tc-link .tc-label{fill:LinkText}\n"
            + "\(scope) .tc-check{stroke:CanvasText}\n"
            + (links ? "\(scope) .tc-chip .tc-link:focus-visible .tc-chip-fill{filter:none;stroke:Highlight;stroke-width:3px}\n" : "")
            + "}\n"
        return text
    }
}
