import Canvas
public import Foundation
public import Typesetting
import TagCloudUI

/// Writes a cloud as HTML that a static site can inline: a `<ul class="tc-cloud">` of `<li>`
/// chips (`<a>` where linked) and a `<style>` scoped by the id prefix that lays them out with CSS
/// flex-wrap as TagCloud's flow does (see the TagCloud catalog, "Correspondence with CSS
/// flex-wrap"), so that at the spec's width a browser draws what the PNG shows, and in a narrower
/// container the chips reflow.
///
/// ```swift
/// let spec = try Cloud(yaml: "tags: [Swift, Linux]")
/// let html = try CloudHTML.html(spec.resolved(), rendered: spec.rendered())   // <style>…</style><ul id="tc…" class="tc-cloud">…
/// ```
///
/// (`spec.data(as: .html)` does the same.)
///
/// Everything comes from the resolved cloud (colours, shape, paddings, spacing, alignment,
/// justification, direction, fonts and sizes) and from the rendered picture (which tags a row
/// limit hid, the rows at the spec's width, the faces each character was drawn with, the
/// checkmark's outline), never from the presets again.
public enum CloudHTML {
    /// The fragment or page.
    ///
    /// - Parameters:
    ///   - cloud: The resolved cloud.
    ///   - rendered: The same cloud rendered (``Cloud/rendered(typesetter:)``).
    ///   - options: Prefix, title, background, dark look, link target, font URL, page.
    ///   - typesetter: The typesetter the cloud was rendered with; `nil` for the shared one.
    /// - Returns: UTF-8 HTML; the same input gives the same bytes.
    /// - Throws: ``TagCloudError/refusedLink(tag:href:reason:_:)`` for a link that is not safe,
    ///   ``TagCloudError/renderingFailed(format:_:)`` for a bad id prefix, a font that cannot be
    ///   subset or a font URL that is not a safe link.
    /// - Complexity: O(n) in the chips and their characters, plus the font subsets.
    public static func html(_ cloud: ResolvedCloud, rendered: RenderedCloud, options: HTMLOptions = HTMLOptions(),
                            typesetter: Typesetter? = nil) throws(TagCloudError) -> Data {
        if let prefix = options.idPrefix {
            do { try WebText.checkPrefix(prefix) } catch { throw .renderingFailed(format: .html, error) }
        }
        let typesetter = if let typesetter { typesetter } else { try CloudRenderer.standardTypesetter() }
        var writer = HTMLWriter(cloud: cloud, rendered: rendered, options: options, typesetter: typesetter)
        let text = try writer.document()
        return WebText.fillingPrefix([text], prefix: options.idPrefix)
    }
}

/// One HTML document being written; ids carry ``WebText/prefixPlaceholder`` until the end.
struct HTMLWriter {
    let cloud: ResolvedCloud
    let rendered: RenderedCloud
    let options: HTMLOptions
    let typesetter: Typesetter
    /// The placeholder of the id prefix.
    let p = String(UnicodeScalar(WebText.prefixPlaceholder))

    /// What the display list says about one chip.
    struct DrawnChip {
        /// The chip's index in the cloud, `nil` for the "+N" chip.
        var index: Int?
        /// The runs of its label, with the text of their lines.
        var labels: [TextItem] = []
        /// The checkmark's items, in picture coordinates.
        var checkmark: [DisplayItem] = []
    }

    private var fonts = WebFonts()
    private var fontClasses: [String: Int] = [:]
    private var fontRules = ""
    private var lookClasses: [String: Int] = [:]
    private var lookRules = ""
    private var checkClasses: [String: Int] = [:]
    private var checkRules = ""
    private var narrowestClasses: [String: Int] = [:]
    private var narrowestRules = ""
    private var darkLookRules = ""

    /// The language of the list's name: the cloud's, but English when the name is this
    /// package's own English default ("Tag cloud") and the cloud is in another language (a
    /// Japanese voice read "Tag cloud" as Japanese). Each tag's chip says its own language.
    let listLanguage: String?
    /// The language of the "+N" chip's name, written when it is not the list's: English for
    /// the default name ("6 more tags"), else the cloud's.
    let moreLanguage: String?

    init(cloud: ResolvedCloud, rendered: RenderedCloud, options: HTMLOptions, typesetter: Typesetter) {
        self.cloud = cloud
        self.rendered = rendered
        self.options = options
        self.typesetter = typesetter
        let language = cloud.web.language
        listLanguage = options.title == nil && !WebText.isEnglish(language) ? "en" : language
        moreLanguage = cloud.moreNameLanguage ?? language
    }

    // MARK: The document

    mutating func document() throws(TagCloudError) -> String {
        let drawn = Self.chips(in: rendered.displayList.items)
        let frames = rendered.layout.chips
        guard drawn.count == frames.count else {
            throw .internalError("the rendered picture has \(drawn.count) chips, its layout \(frames.count)")
        }
        if let dark = options.darkLook, dark.chips.count != cloud.chips.count {
            throw .renderingFailed(format: .html, .themeVariantsDiffer(item: "the dark look has \(dark.chips.count) chips, the cloud \(cloud.chips.count)"))
        }
        let rows = Self.rowStarts(frames.map(\.frame), rightToLeft: cloud.direction == .rtl)
        let controlsRows = cloud.lineBreaking == .balanced || (!cloud.justifyLastRow && cloud.justification != .none && rows.count > 1)
        var items = ""
        for (position, chip) in drawn.enumerated() {
            if controlsRows, position > 0, rows.contains(position) {
                items += "<li class=\"tc-break\" aria-hidden=\"true\"></li>\n"
            }
            let isLastRowStart = controlsRows && position == (rows.last ?? 0) && !cloud.justifyLastRow
            if isLastRowStart, cloud.justification != .stretch, cloud.alignment.horizontal != .leading {
                items += "<li class=\"tc-fill tc-fill-start\" aria-hidden=\"true\"></li>\n"
            }
            items += try chipElement(chip, frame: frames[position].frame, shown: frames[position].shown,
                                     inLastRow: controlsRows && !cloud.justifyLastRow && position >= (rows.last ?? 0))
        }
        if controlsRows, !cloud.justifyLastRow, cloud.justification != .stretch, cloud.alignment.horizontal != .trailing {
            items += "<li class=\"tc-fill tc-fill-end\" aria-hidden=\"true\"></li>\n"
        }
        let title = options.title ?? ResolvedCloud.Web.defaultTitle
        // `role="list"`: a list styled `list-style: none` is no list to Safari's VoiceOver without it.
        // A right-to-left cloud says so in its markup too, which a feed or a sanitiser that
        // strips the style sheet keeps.
        let dir = cloud.direction == .rtl ? " dir=\"rtl\"" : ""
        // The cloud's language on the list: its name, the "+N" chip's and the tags without one
        // of their own are read in it (they were read in the page's).
        let lang = listLanguage.map { " lang=\"\(WebText.escape($0))\"" } ?? ""
        let list = "<ul id=\"\(p)\" class=\"tc-cloud\" role=\"list\"\(dir)\(lang) aria-label=\"\(WebText.escape(title))\">\n" + items + "</ul>\n"
        let style = "<style>\n" + (try styleSheet(controlsRows: controlsRows)) + "</style>\n"
        // The frame sizes the cloud in any parent: a grid of one column `minmax(0, picture width)`
        // is as wide as the picture in a parent sized by its content (a float, an inline block, a
        // flex item, a table cell), as narrow as the parent when it is narrower, and never wider.
        let inner = controlsRows ? "<div id=\"\(p)-box\" class=\"tc-box\">\n" + list + "</div>\n" : list
        let frame = "<div id=\"\(p)-frame\" class=\"tc-frame\">\n" + inner + "</div>\n"
        guard options.isPage else { return style + frame }
        // The page is as dark as the cloud's look: a dark theme's white text never lands on a
        // browser's white page (an automatic theme's only in dark mode).
        let pageStyle = if options.darkLook != nil {
            "body{margin:0}@media screen and (prefers-color-scheme:dark){:root{color-scheme:dark}body{background:#000;color:#fff}}"
        } else if cloud.theme == .dark {
            ":root{color-scheme:dark}body{margin:0;background:#000;color:#fff}"
        } else {
            "body{margin:0}"
        }
        // The page is in the cloud's language, or the tags' when they share one (`locale: ja`:
        // it said `en` whatever the tags were), else English, its own words' (the default
        // title); a chip in another language has its `lang`.
        // The cloud's own language when it has one (one tag of another language made the page
        // English).
        let languages = Set(cloud.chips.map(\.locale))
        let pageLanguage = cloud.web.language ?? (languages.count == 1 ? languages.first.flatMap { $0 } ?? "en" : "en")
        return "<!DOCTYPE html>\n<html lang=\"\(WebText.escape(pageLanguage))\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            // The cloud's style sheet in the head, where a document's belong (in the body it is
            // not valid HTML).
            + "<title>\(WebText.escape(title))</title>\n<style>\(pageStyle)</style>\n" + style + "</head>\n<body>\n" + frame + "</body>\n</html>\n"
    }

    /// The chips of the display list in drawing order, which is the layout's order.
    static func chips(in items: [DisplayItem]) -> [DrawnChip] {
        var result: [DrawnChip] = []
        func collect(_ items: [DisplayItem], into chip: inout DrawnChip, role: ItemRole?) {
            for item in items {
                let role = item.metadata.role ?? role
                switch item.content {
                case .text(let text) where role == .label: chip.labels.append(text)
                case .group(let group): collect(group.items, into: &chip, role: role)
                case .fill, .stroke, .text:
                    if role == .checkmark { chip.checkmark.append(item) }
                }
            }
        }
        func walk(_ items: [DisplayItem]) {
            for item in items {
                switch item.metadata.role {
                case .chip?, .moreChip?:
                    var chip = DrawnChip()
                    if item.metadata.role == .chip, let id = item.metadata.identifier, id.hasPrefix("chip-") {
                        chip.index = Int(id.dropFirst(5))
                    }
                    collect([item], into: &chip, role: nil)
                    result.append(chip)
                case .cloud?, .chipFill?, .chipBorder?, .label?, .checkmark?, nil:
                    if case .group(let group) = item.content { walk(group.items) }
                }
            }
        }
        walk(items)
        return result
    }

    /// The positions of the chips that start a row (0 included): a row starts where a chip does
    /// not continue the previous one in the reading direction.
    static func rowStarts(_ frames: [CGRect], rightToLeft: Bool) -> [Int] {
        var starts = frames.isEmpty ? [] : [0]
        for index in frames.indices.dropFirst() {
            let previous = frames[index - 1], frame = frames[index]
            let continues = rightToLeft ? frame.maxX <= previous.minX + 0.001 : frame.minX >= previous.maxX - 0.001
            if !continues { starts.append(index) }
        }
        return starts
    }

    // MARK: Chips

    /// One chip's `<li>`; `shown` is what the picture shows of its label when it cut it (the
    /// layout's `shown`).
    private mutating func chipElement(_ chip: DrawnChip, frame: CGRect, shown: String?, inLastRow: Bool) throws(TagCloudError) -> String {
        let isCut = shown != nil
        let text: String, font: Font, look: ResolvedCloud.ChipLook, darkLook: ResolvedCloud.ChipLook?
        var href: String?
        var hrefKind = WebLink.Kind.web
        var language: String?
        var tooltip: String?
        var label = ChipLabel(text: ChipLabel.moreText(rendered.hiddenCount), font: cloud.baseFont)
        var classes = "tc-chip"
        var ownColors: ResolvedCloud.Chip.OwnColors = []
        if let index = chip.index, index < cloud.chips.count {
            let resolved = cloud.chips[index]
            text = resolved.text
            font = resolved.font
            label = resolved.chipLabel
            tooltip = resolved.tooltip
            look = resolved.look
            darkLook = options.darkLook?.chips[index].look
            ownColors = resolved.ownColors
            if let given = resolved.href {
                do {
                    // As the SVG and PDF write it: from the checked URL, its non-ASCII
                    // characters percent-encoded as UTF-8, so that the link means the same in a
                    // page of any character encoding (a browser encodes a raw `ü` in a query in
                    // the page's encoding).
                    let link = try WebLink(checking: WebLink(checking: given).url)
                    href = link.href
                    hrefKind = link.kind
                } catch {
                    throw .refusedLink(tag: resolved.text, href: given, reason: error.description, nil)
                }
            }
            // A label the picture cut to "…" alone is written "…": a browser keeps a label's first
            // letter however narrow its box (CSS Overflow 3: the first character is clipped, not
            // ellipsed), and showed "P." where the picture shows "…". The page is never wider
            // than the picture, so the label is "…" at every width; its name stays whole.
            if let shown, let cut = label.cutToEllipsis(shown: shown) { label = cut }
            if resolved.isSelected { classes += " tc-selected" }
            if rendered.cutChip?.index == index { classes += " tc-cut" }
            classes += " " + narrowestClass(leastWidth(of: resolved))
            language = resolved.locale
        } else {
            text = ChipLabel.moreName(rendered.hiddenCount, template: cloud.moreLabel)
            font = cloud.baseFont
            look = cloud.defaultLook
            darkLook = options.darkLook?.defaultLook
            classes += " tc-more"
            if moreLanguage != listLanguage { language = moreLanguage }
        }
        if inLastRow { classes += " tc-last" }
        // With more than one line allowed, a cut label the picture drew on one line has a word
        // wider than the row (see ``styleSheet(controlsRows:)``).
        if isCut, cloud.lineLimit > 1, chip.labels.allSatisfy({ $0.lines.count <= 1 }) { classes += " tc-one" }
        var labels = chip.labels
        if isCut {
            // A browser lays out the whole label and hides what does not fit, and the hidden
            // characters' faces count in its line's height: the fonts hold them too.
            labels += try wholeTexts(of: label, language: language)
        }
        classes += " " + p + "-t\(try fontClass(font, labels: labels))"
        classes += " " + p + "-k\(lookClass(look, dark: darkLook, selected: classes.contains("tc-selected"), own: ownColors))"
        let content = Self.labelElement(label) + (try checkmarkSVG(chip.checkmark, frame: frame, label: label, look: look, isCut: isCut))
        var attributes = " aria-label=\"\(WebText.escape(text))\"" + (language.map { " lang=\"\(WebText.escape($0))\"" } ?? "")
        if let tooltip { attributes += " title=\"\(WebText.escape(tooltip))\"" }
        // The selection is announced, as the SVG announces it (the checkmark is hidden from
        // assistive technology): on the chip's link when it has one, which a keyboard reaches
        // ("current link"), else on its list item.
        let current = classes.contains("tc-selected") ? " aria-current=\"true\"" : ""
        if let href {
            return "<li class=\"\(classes)\"\(attributes)><a class=\"tc-body tc-link\" href=\"\(WebText.escape(href))\"\(current)"
                + "\(options.linkTarget.anchorAttributes(for: hrefKind))>"
                + content + "</a></li>\n"
        }
        return "<li class=\"\(classes)\"\(attributes)\(current)><span class=\"tc-body\">" + content + "</span></li>\n"
    }

    /// A chip's label: its text in a `tc-text` span (cut as ``styleSheet(controlsRows:)`` says),
    /// or with a count, the texts in a `tc-label` span and the count in a `tc-count` one, as the
    /// picture draws them (an `HStack` on the first baseline, the count at 80 % and 60 % opacity).
    static func labelElement(_ label: ChipLabel) -> String {
        let parts = label.parts.map { part in
            "<span class=\"\(part.isCount ? "tc-count" : "tc-text")\">" + WebText.escape(part.text, keepingNoncharacters: true) + "</span>"
        }
        // A space between the texts, which the flex container drops (`.tc-label` collapses white
        // space): read without the style sheet (a feed reader, reader mode, a page whose policy
        // blocks it), the label is "Swift 42", not "Swift42".
        return parts.count == 1 ? parts[0] : "<span class=\"tc-label\">" + parts.joined(separator: " ") + "</span>"
    }

    /// The label's texts shaped whole, on one line, as text items (for their faces and
    /// characters).
    private func wholeTexts(of label: ChipLabel, language: String?) throws(TagCloudError) -> [TextItem] {
        var items: [TextItem] = []
        for part in label.parts {
            do {
                let shaped = try typesetter.shape(part.text, font: part.isCount ? label.countFont : label.font,
                                                  language: language.flatMap { try? TextLanguage($0) })
                items.append(TextItem(shaped, origin: .zero, shading: .color(.clear)))
            } catch let error as TypesettingError {
                throw .textLayoutFailed(text: part.text, error)
            } catch {
                throw .internalError("shaping \(part.text) failed: \(error)")
            }
        }
        return items
    }

    /// The label's width on one line, as the chip's `HStack` lays it out: its texts' widths and
    /// the gaps between them (the shaping is cached from the rendering).
    private func width(of label: ChipLabel) throws(TagCloudError) -> CGFloat {
        var width = label.spacing * CGFloat(label.parts.count - 1)
        for part in label.parts {
            do {
                width += try typesetter.shape(part.text, font: part.isCount ? label.countFont : label.font).size.width
            } catch let error as TypesettingError {
                throw .textLayoutFailed(text: part.text, error)
            } catch {
                throw .internalError("shaping \(part.text) failed: \(error)")
            }
        }
        return width
    }

    /// The checkmark drawn as in the picture: an inline SVG as wide as the symbol's place in the
    /// chip and as tall as the text's line, with the symbol's outline in picture coordinates.
    ///
    /// The place is what the chip's width leaves beside the whole label; a chip whose label is
    /// cut (`isCut`) has the symbol at its end, as wide as the `Image` (with the whole label's
    /// width, the place was negative and the symbol was put where an uncut label would end, over
    /// the cut text).
    private mutating func checkmarkSVG(_ items: [DisplayItem], frame: CGRect, label: ChipLabel,
                              look: ResolvedCloud.ChipLook, isCut: Bool) throws(TagCloudError) -> String {
        guard !items.isEmpty, let checkmark = look.checkmark else { return "" }
        let height = frame.height - 2 * cloud.chipVerticalPadding
        if isCut, height > 0, let symbol = Image.symbolSize(systemName: checkmark.symbolName, pointSize: checkmark.size) {
            let x = cloud.direction == .rtl ? frame.minX + cloud.chipHorizontalPadding
                : frame.maxX - cloud.chipHorizontalPadding - symbol.width
            return svg(items, box: CGRect(x: x, y: frame.minY + cloud.chipVerticalPadding, width: symbol.width, height: height))
        }
        let textWidth = try width(of: label)
        let width = frame.width - 2 * cloud.chipHorizontalPadding - textWidth - checkmark.spacing
        guard width > 0, height > 0, cloud.justification != .stretch else {
            return stretchedCheckmarkSVG(items, frame: frame, textWidth: textWidth, checkmark: checkmark)
        }
        let x = cloud.direction == .rtl ? frame.minX + cloud.chipHorizontalPadding : frame.maxX - cloud.chipHorizontalPadding - width
        return svg(items, box: CGRect(x: x, y: frame.minY + cloud.chipVerticalPadding, width: width, height: height))
    }

    /// With stretched chips the text and symbol are centred in the chip: the symbol's box is as
    /// wide as the `Image` (its outline's bounds with a margin were 2.2 pt wider, and Chromium
    /// gave every selected chip of a stretched row that much more of the row), where the
    /// centred content puts it.
    private mutating func stretchedCheckmarkSVG(_ items: [DisplayItem], frame: CGRect, textWidth: CGFloat,
                                       checkmark: ResolvedCloud.Checkmark) -> String {
        let height = frame.height - 2 * cloud.chipVerticalPadding
        if let symbol = Image.symbolSize(systemName: checkmark.symbolName, pointSize: checkmark.size), height > 0 {
            let content = textWidth + checkmark.spacing + symbol.width
            let x = cloud.direction == .rtl ? frame.midX - content / 2 : frame.midX + content / 2 - symbol.width
            return svg(items, box: CGRect(x: x, y: frame.minY + cloud.chipVerticalPadding, width: symbol.width, height: height))
        }
        var bounds = CGRect.null
        for item in items {
            switch item.content {
            case .fill(let shape, _, _), .stroke(let shape, _, _, _): bounds = bounds.union(shape.path.controlPointBounds)
            case .text, .group: break
            }
        }
        guard !bounds.isNull else { return "" }
        return svg(items, box: CGRect(x: bounds.minX - 2, y: frame.minY + cloud.chipVerticalPadding, width: bounds.width + 4, height: height))
    }

    private mutating func svg(_ items: [DisplayItem], box: CGRect) -> String {
        var paths = ""
        for item in items {
            switch item.content {
            case .stroke(let shape, _, let style, _):
                // The same in a rule of the style sheet: a page's `path { stroke-width: 3px }`
                // beats the attributes.
                let strokeClass = checkClass("stroke-width:\(number(style.lineWidth))px;stroke-linecap:\(style.lineCap.rawValue);"
                    + "stroke-linejoin:\(style.lineJoin.rawValue);stroke-miterlimit:\(number(style.miterLimit));stroke-dasharray:none")
                paths += "<path class=\"\(strokeClass)\" d=\"\(shape.path.svgPathData)\" fill=\"none\" stroke-width=\"\(number(style.lineWidth))\""
                paths += " stroke-linecap=\"\(style.lineCap.rawValue)\" stroke-linejoin=\"\(style.lineJoin.rawValue)\"/>"
            case .fill(let shape, _, let style):
                paths += "<path class=\"tc-check-fill\" d=\"\(shape.path.svgPathData)\"\(style.isEOFilled ? " fill-rule=\"evenodd\"" : "")/>"
            case .text, .group:
                break
            }
        }
        // Its size in a rule too: a page's `svg { width: 100% }` beats the attributes.
        let boxClass = checkClass("width:\(number(box.width))px;height:\(number(box.height))px")
        // The namespace written out: a page served as XHTML puts an element without it in XHTML's,
        // and the checkmark was not drawn.
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tc-check \(boxClass)\" aria-hidden=\"true\" width=\"\(number(box.width))\" height=\"\(number(box.height))\""
            + " viewBox=\"\(number(box.minX)) \(number(box.minY)) \(number(box.width)) \(number(box.height))\">" + paths + "</svg>"
    }

    // MARK: Classes

    /// The class of a checkmark's size or stroke: its declarations in a rule of the style sheet,
    /// not a `style` attribute, which a Content-Security-Policy without `'unsafe-inline'` drops
    /// (the page's own rules for every `svg` and `path` would then size and stroke it).
    private mutating func checkClass(_ declarations: String) -> String {
        if let existing = checkClasses[declarations] { return "\(p)-c\(existing)" }
        let number = checkClasses.count
        checkClasses[declarations] = number
        checkRules += "#\(p) .\(p)-c\(number){\(declarations)}\n"
        return "\(p)-c\(number)"
    }

    /// The class of a chip's narrowest width (``narrowestWidth(of:)``): a chip is never cut
    /// below its padding, an ellipsis, its counts and its checkmark, as the picture's layout
    /// never cuts it below them. Without it a row narrower than that (a 40 pt cloud of 40 pt
    /// labels, the preview's slider at its left end) squeezed the chip to the row and showed a
    /// clipped first letter without an ellipsis, where the picture draws "…" in a wider chip.
    private mutating func narrowestClass(_ width: CGFloat) -> String {
        let declarations = "min-width:\(number(width))px"
        if let existing = narrowestClasses[declarations] { return "\(p)-n\(existing)" }
        let number = narrowestClasses.count
        narrowestClasses[declarations] = number
        narrowestRules += "#\(p)>li.\(p)-n\(number){\(declarations)}\n"
        return "\(p)-n\(number)"
    }

    /// The class number of a font: the families of the faces its label was drawn with, the
    /// chip's own face first, and the size.
    private mutating func fontClass(_ font: Font, labels: [TextItem]) throws(TagCloudError) -> Int {
        let primary: FontFace
        do {
            primary = try typesetter.library.face(for: font)
        } catch let error as TypesettingError {
            throw .textLayoutFailed(text: "", error)
        } catch {
            throw .internalError("no face for the font \(font): \(error)")
        }
        var faces = [fonts.number(of: primary)]
        for label in labels {
            for (face, characters) in WebFonts.characters(of: label) {
                let number = fonts.add(characters, to: face)
                if !faces.contains(number) { faces.append(number) }
            }
        }
        let families = faces.map { "\"\(p)-f\($0)\"" }.joined(separator: ",")
        // Six decimals: the browser floors the size to 1/100 px in single precision
        // (`Font.effectiveSize`), and a size rounded to fewer could cross a hundredth.
        let rule = "font-family:\(families);font-size:\(WebText.number(Double(font.size), decimals: 6))px;"
            + "font-weight:\(font.weight.value);font-style:\(font.isItalic ? "italic" : "normal")"
        if let existing = fontClasses[rule] { return existing }
        let number = fontClasses.count
        fontClasses[rule] = number
        fontRules += "#\(p) .\(p)-t\(number){\(rule)}\n"
        return number
    }

    /// The class number of a look (and its dark look): fill, border, text and checkmark colours.
    private mutating func lookClass(_ look: ResolvedCloud.ChipLook, dark: ResolvedCloud.ChipLook?, selected: Bool,
                                    own: ResolvedCloud.Chip.OwnColors) -> Int {
        let light = declarations(look, theme: cloud.theme, selected: selected, own: own)
        let darkDeclarations = dark.map { declarations($0, theme: .dark, selected: selected, own: own) }
        let key = "\(selected)|" + light.body + "|" + light.check + "|" + (darkDeclarations.map { $0.body + "|" + $0.check } ?? "")
        if let existing = lookClasses[key] { return existing }
        let number = lookClasses.count
        lookClasses[key] = number
        lookRules += "#\(p) .\(p)-k\(number)>.tc-body{\(light.body)}\n"
        if !light.check.isEmpty { lookRules += "#\(p) .\(p)-k\(number) .tc-check{\(light.check)}\n" }
        if let darkDeclarations {
            darkLookRules += "#\(p) .\(p)-k\(number)>.tc-body{\(darkDeclarations.body)}\n"
            if !darkDeclarations.check.isEmpty { darkLookRules += "#\(p) .\(p)-k\(number) .tc-check{\(darkDeclarations.check)}\n" }
        }
        return number
    }

    /// The CSS of a look: the chip body's background, text colour and border (an inset shadow,
    /// which like SwiftUI's `strokeBorder` draws inside the edge without changing the size), and
    /// the checkmark's colour; each reads its custom property with the look's colour as fallback,
    /// but the colours that are the chip's `own`, which are written as they are.
    private func declarations(_ look: ResolvedCloud.ChipLook, theme: Cloud.Theme, selected: Bool,
                              own: ResolvedCloud.Chip.OwnColors) -> (body: String, check: String) {
        func themed(_ property: String, _ color: RGBAColor, owned: Bool) -> String {
            owned ? WebText.cssColor(color) : "var(\(property),\(WebText.cssColor(color)))"
        }
        let fill = Self.color(of: look.fill, theme: theme)
        var body = "background:" + themed(selected ? "--tc-selected-fill" : "--tc-chip-fill", fill, owned: own.contains(.fill)) + ";"
        body += "color:" + themed(selected ? "--tc-selected-text" : "--tc-text", look.textColor.rgbaColor, owned: own.contains(.text))
        if let stroke = look.stroke, look.strokeWidth > 0 {
            body += ";box-shadow:inset 0 0 0 \(number(look.strokeWidth))px var(\(selected ? "--tc-selected-stroke" : "--tc-chip-stroke"),"
                + "\(WebText.cssColor(stroke.rgbaColor)))"
        }
        let check = look.checkmark.map { "stroke:var(--tc-check,\(WebText.cssColor($0.color.rgbaColor)));fill:none" } ?? ""
        return (body, check)
    }

    /// The colour a fill paints in a theme, as the views draw it (a material is a translucent grey).
    static func color(of fill: Cloud.Fill, theme: Cloud.Theme) -> RGBAColor {
        switch fill.shapeStyle(theme: theme)._shading(in: EnvironmentValues(), bounds: .zero) {
        case .color(let color): color
        case .linearGradient(let stops, _, _): stops.first?.color ?? .clear
        }
    }

    /// The narrowest a chip's label can be cut to, with its padding: an ellipsis, its counts
    /// (never cut) with the gaps before them, and a selected chip's checkmark with its gap. An
    /// estimate from above (the ellipsis in the label's font, the counts in theirs).
    private func narrowestWidth(of chip: ResolvedCloud.Chip) -> CGFloat {
        width(of: chip, cut: true)
    }

    /// The narrowest width a chip takes in the page: its narrowest (``narrowestWidth(of:)``), or
    /// its whole width when that is less (a label narrower than an ellipsis, "C 7", is never
    /// cut, and the picture's chip is as wide as the label).
    private func leastWidth(of chip: ResolvedCloud.Chip) -> CGFloat {
        min(width(of: chip, cut: true), width(of: chip, cut: false))
    }

    /// A chip's width with its texts whole, or cut to "…" (`cut`): padding, texts, counts with
    /// the gaps before them, and a selected chip's checkmark with its gap.
    private func width(of chip: ResolvedCloud.Chip, cut: Bool) -> CGFloat {
        let label = chip.chipLabel
        func width(_ text: String, _ font: Font) -> CGFloat {
            (try? typesetter.measure(text, font: font).size.width) ?? font.size * CGFloat(text.count)
        }
        var total = 2 * cloud.chipHorizontalPadding
        for (index, part) in label.parts.enumerated() {
            if index > 0 { total += label.spacing }
            if part.isCount {
                total += width(part.text, label.countFont)
            } else if !cut {
                total += width(part.text, label.font)
            } else if !label.parts[..<index].contains(where: { !$0.isCount }) {
                // The texts cut to one ellipsis, for the first.
                total += width("…", label.font)
            } else {
                total -= label.spacing
            }
        }
        if chip.isSelected, let checkmark = chip.look.checkmark {
            // As wide as the `Image` the picture draws (its place in ``checkmarkSVG``).
            total += checkmark.spacing
                + (Image.symbolSize(systemName: checkmark.symbolName, pointSize: checkmark.size)?.width ?? checkmark.size)
        }
        return total
    }

    // MARK: The style sheet

    private func styleSheet(controlsRows: Bool) throws(TagCloudError) -> String {
        let scope = "#\(p)"
        let pictureWidth = cloud.width + 2 * cloud.padding
        var css = try fonts.fontFaces(prefix: p, fontURL: options.fontURL)
        // The list's width alone followed its content in a parent sized by it: as wide as its
        // chips on one line (three tags: 220 px of a 390 px picture, its background and centring
        // other than the picture's), and never narrower than its widest label, which crossed the
        // parent's edge in a column narrower than that (a 220 px inline block, a table cell, a
        // flex item) where a block parent cuts it with "…". A grid column `minmax(0, width)` is
        // as wide as the picture there and as narrow as the parent allows; the frame undoes what
        // a page's rules for `div` may set.
        css += "#\(p)-frame{display:grid;grid-template-columns:minmax(0,\(number(pictureWidth))px);box-sizing:border-box;"
            + "margin:0;padding:0;border:0;background:none;width:auto;min-width:0;max-width:100%;height:auto;float:none;"
            + "position:static;transform:none;translate:none;rotate:none;scale:none;zoom:1}\n"
        var container = "box-sizing:border-box;list-style:none;margin:0;width:100%;max-width:\(number(pictureWidth))px;"
        container += "padding:\(number(cloud.padding))px;display:flex;flex-wrap:wrap;align-content:flex-start;"
        container += "flex-direction:row;"
        container += "column-gap:\(number(cloud.horizontalSpacing))px;row-gap:\(number(cloud.verticalSpacing))px;"
        container += "justify-content:\(justifyContent);align-items:\(alignItems);direction:\(cloud.direction.rawValue);"
        // Synthesis as the picture's: a bold label in a fallback face that has no bold (Thai,
        // CJK) is emboldened, as Blink emboldens it, since each face declares its own weight
        // and slant (``WebFonts/fontFaces(prefix:fontURL:)``) and each font class the requested
        // ones. It was off, and such labels were regular in the page and bold in the picture.
        container += "font-synthesis:weight style;font-kerning:normal;letter-spacing:normal;word-spacing:normal;text-transform:none;"
        // Inherited properties a page may set that move or size the text (an article's
        // `text-indent: 1.5em` indented every chip's label).
        container += "text-indent:0;font-size-adjust:none;font-stretch:normal;font-variant:normal;text-shadow:none;-webkit-text-stroke:0;"
        // A page's `* { font-variant-ligatures: none }` or `font-feature-settings: "calt" 0` set
        // "C++"'s plus signs lower than the picture draws them.
        container += "font-feature-settings:normal;font-variation-settings:normal;font-optical-sizing:auto;text-rendering:auto;"
        // A page's `ul { text-decoration: underline }` underlined every label (decorations reach
        // the chips' text through every box between; only the page's own ancestors' cannot be
        // undone).
        container += "text-decoration:none;"
        // A page's `text-align: center` (or justify) centred a two-line label and moved its
        // ellipsis; a vertical `writing-mode` turned the cloud on its side.
        container += "text-align:start;text-align-last:auto;writing-mode:horizontal-tb;"
        // Where a label breaks and how its letters are spaced, as the picture's `Text` does it: a
        // Chinese or Japanese site's `body { word-break: break-all }` (or `line-break: anywhere`)
        // broke two-line labels inside words, its `text-autospace: normal` widened every label
        // mixing CJK and Latin letters, and an article's `hyphens: auto` hyphenates where the
        // browser has a dictionary.
        container += "word-break:normal;line-break:auto;hyphens:manual;text-autospace:no-autospace;"
        // `--tc-background` is the background the spec gave, as in the SVG, which has none to
        // paint otherwise (it painted a cloud without one here, and not in the SVG).
        container += options.background.map { "background:var(--tc-background,\(WebText.cssColor($0.rgbaColor)))" } ?? "background:transparent"
        // Printing drops backgrounds (a browser's "Background graphics" is off by default): the
        // chips kept theirs, the list lost its, and a dark cloud printed white labels on pale
        // chips on white paper, where its SVG keeps the whole picture.
        if options.background != nil || options.darkBackground != nil {
            container += ";-webkit-print-color-adjust:exact;print-color-adjust:exact"
        }
        css += "\(scope){\(container)}\n"
        // The box itself, whatever a page's rules for every `ul` say (`border-left`, `position:
        // relative; left: 50px`, `max-height` with `overflow: auto` moved or clipped the chips),
        // by a rule as specific as theirs that comes later, so that the page's own rules for the
        // cloud (`ul.tc-cloud { border: 1px solid }`, as the README shows) still apply.
        css += "ul:where(\(scope)){border:0;position:static;float:none;transform:none;translate:none;rotate:none;scale:none;zoom:1;height:auto;min-height:0;max-height:none;"
            + "min-width:0;overflow:visible;opacity:1;filter:none}\n"
        if options.darkLook == nil, let paper = rendered.paperBackground(background: options.background) {
            css += "@media print{\(scope){background:\(WebText.cssColor(paper));-webkit-print-color-adjust:exact;print-color-adjust:exact}}\n"
        }
        // The chips and their texts take the cloud's type and the look's colours, whatever a
        // page's rules for `li`, `span`, `a` or `*` say (`span { color: red; font-size: 30px }`,
        // `a { border-bottom: 1px dotted; letter-spacing: .1em }`, `* { font-kerning: none }`,
        // a site's `* { font-family: serif }`, which drew every label in the page's face):
        // each is reset here, before the rules of the chips, counts, fonts and looks, which come
        // later or are more specific and win.
        css += "\(scope)>li,\(scope) .tc-body,\(scope) .tc-body *{margin:0;padding:0;border:0;background:none;box-shadow:none;"
            + "color:inherit;font-family:inherit;font-size:inherit;font-weight:inherit;font-style:inherit;"
            + "line-height:inherit;letter-spacing:inherit;word-spacing:inherit;"
            + "text-transform:inherit;text-shadow:inherit;font-kerning:inherit;-webkit-text-stroke:inherit;vertical-align:baseline;"
            // `* { font-variant-ligatures: none }` matches the chips themselves; `span` or
            // `[title] { text-decoration: underline }` underlined labels and counts.
            + "font-variant:inherit;font-feature-settings:inherit;font-variation-settings:inherit;font-size-adjust:inherit;"
            + "font-stretch:inherit;text-rendering:inherit;text-decoration:none;"
            // A theme's `a:hover { opacity: .7 }`, `li { opacity: .3 }` or `a { filter:
            // grayscale(1) }` faded or greyed the chips (the count's own opacity comes later);
            // `span { position: relative; top: 6px }` moved every label off its chip's centre, and
            // `span { -webkit-text-fill-color: red }` painted the labels over the look's colour.
            // `text-indent` too: a blog's hanging bullets (`ul li { padding-left: 1em; text-indent:
            // -1em }`) shifted every label left by an em, out of its chip. And the transform
            // properties of their own (`a:hover { translate: 0 -2px }`, `li { scale: 1.1 }`,
            // `zoom`), which `transform: none` leaves: chips grew over their neighbours.
            + "opacity:1;filter:none;position:static;transform:none;translate:none;rotate:none;scale:none;zoom:1;float:none;"
            + "text-indent:0;-webkit-text-fill-color:currentcolor}\n"
        let grows = cloud.justification == .stretch
        let radius: String = switch cloud.shape {
        case .capsule: "9999px"
        case .rounded: "\(number(cloud.cornerRadius))px"
        case .rectangle: "0"
        }
        // A page's rules for every `li` (`width: 100%`, `min-height: 48px`, `order`,
        // `align-self: stretch`, `position: relative; top: 2px`) sized, moved or reordered chips.
        css += "\(scope)>li{box-sizing:border-box;display:flex;flex:\(grows ? "1" : "0") 1 auto;min-width:0;max-width:100%;"
            + "margin:0;padding:0;border-radius:\(radius);width:auto;height:auto;min-height:0;max-height:none;order:0;"
            + "align-self:auto;position:static;transform:none;float:none}\n"
        // A tag cut to share the last row `maxRows` allows with the "+N" chip keeps room for it at
        // any width (the picture's width less the room is the width it was cut to), never below
        // what the chip needs for its padding, an ellipsis, its counts and its checkmark: in a
        // page narrower than that, the "+N" chip goes to the next row instead of over the cut one.
        if let cut = rendered.cutChip, cut.index < cloud.chips.count {
            let room = cloud.width - cut.width
            css += "\(scope)>li.tc-cut{max-width:max(calc(100% - \(number(room))px),"
                + "\(number(narrowestWidth(of: cloud.chips[cut.index]).rounded(.up)))px)}\n"
        }
        // The "+N" chip is never cut: its count is what it says.
        css += "\(scope)>li.tc-more{flex-shrink:0;max-width:none}\n"
        // A blog's `ul li::before { content: "•" }` would put a bullet in every chip, and a theme's
        // `a[href^="http"]::after { content: " ↗" }` an arrow after every linked label (wider
        // chips, other rows than the picture's).
        css += "\(scope)>li::before,\(scope)>li::after,\(scope) .tc-body::before,\(scope) .tc-body::after,"
            + "\(scope) .tc-body *::before,\(scope) .tc-body *::after{content:none;display:none}\n"
        let gap = cloud.chips.first(where: { $0.look.checkmark != nil })?.look.checkmark?.spacing ?? 0
        css += "\(scope) .tc-body{box-sizing:border-box;display:flex;flex:1 1 auto;align-items:center;justify-content:center;"
            + "gap:\(number(gap))px;padding:\(number(cloud.chipVerticalPadding))px \(number(cloud.chipHorizontalPadding))px;"
            + "border-radius:inherit;line-height:normal;white-space:pre-wrap;overflow-wrap:anywhere;text-decoration:none;min-width:0;"
            // A site's tap-target rule `a { min-height: 44px }` made linked chips taller.
            + "width:auto;height:auto;min-height:0;max-width:none;max-height:none;position:static;transform:none;"
            // Printing would drop the chip's colours with the page's backgrounds. (A page's
            // `a { font-weight: bold }` is undone by the reset above.)
            + "-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
        // A page's rules for every `svg` and `path` (`min-width: 600px` stretched the selected
        // chip to the row and hid its label; `path { opacity: .8 }` faded the checkmark).
        // (And `svg { outline: 1px solid }` outlined the checkmark.)
        css += "\(scope) .tc-check{flex:none;overflow:visible;max-width:none;min-width:0;min-height:0;max-height:none;aspect-ratio:auto;opacity:1;outline:none}\n"
        css += "\(scope) .tc-check path{fill:inherit;stroke:inherit;fill-opacity:1;stroke-opacity:1;opacity:1}\n"
        // A label too wide for the row: cut with an ellipsis, after wrapping onto `chip.lineLimit`
        // lines (as the picture's `Text` cuts it); a count stays whole.
        // Each label in its own direction, from its first strong character, as the picture's
        // `Text` lays it out ("C++" in a right-to-left cloud).
        if cloud.lineLimit == 1 {
            css += "\(scope) .tc-text{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:pre;unicode-bidi:plaintext}\n"
        } else {
            css += "\(scope) .tc-text{min-width:0;overflow:hidden;display:-webkit-box;-webkit-box-orient:vertical;"
                + "-webkit-line-clamp:\(cloud.lineLimit);overflow-wrap:normal;white-space:pre-wrap;unicode-bidi:plaintext}\n"
            // A label with a word wider than the row stays on one line, cut with "…" (`Text`
            // never breaks inside a word): ``chipElement`` marks those chips.
            css += "\(scope) .tc-one .tc-text{display:block;-webkit-line-clamp:none;text-overflow:ellipsis;white-space:pre}\n"
        }
        css += "\(scope) .tc-label{display:flex;align-items:baseline;gap:.25em;min-width:0;white-space:normal}\n"
        css += "\(scope) .tc-count{flex:none;font-size:\(number(ChipLabel.countScale * 100))%;opacity:\(ChipLabel.countOpacity)}\n"
        css += "\(scope) .tc-link:hover{filter:var(--tc-hover-filter,brightness(.92))}\n"
        // Outside the chip, so that a selected chip filled with the accent colour still shows it.
        css += "\(scope) .tc-link:focus-visible{outline:2px solid var(--tc-focus-ring,#0a84ff);outline-offset:2px}\n"
        css += fontRules + lookRules + checkRules + narrowestRules
        if controlsRows {
            css += "\(scope)>.tc-break,\(scope)>.tc-fill{display:none}\n"
            // A size container has no width of its own in a parent sized by its content (a flex
            // row beside other items, a centred flex column, a float, an inline block, a grid's
            // `auto` column, a table cell): the box was as wide as the list's padding, every chip
            // an empty pill on a row of its own. It is as wide as the picture there, as the list
            // alone is, and never wider than its parent.
            css += "#\(p)-box{container-type:inline-size;contain-intrinsic-inline-size:\(number(pictureWidth))px;max-width:100%}\n"
            // The rows' gap is each chip's bottom margin (a break item is a line of its own, which a
            // row gap would follow too), so the last row has one gap more than the picture: the
            // list's bottom padding gives it back (and a negative margin what the padding cannot).
            // Its height was fixed at the picture's instead, so that text a reader spaces out
            // (WCAG 1.4.12: line height 1.5, letter spacing 0.12em) ran over what follows.
            let spacing = cloud.verticalSpacing, padding = cloud.padding
            var rows = "\(scope){row-gap:0;padding-bottom:\(number(max(0, padding - spacing)))px"
                + (spacing > padding ? ";margin-bottom:-\(number(spacing - padding))px}" : "}")
            rows += "\(scope)>li.tc-chip{margin-bottom:\(number(spacing))px}"
            rows += "\(scope)>.tc-break{display:block;flex:0 0 100%;height:0}"
            if !cloud.justifyLastRow {
                if cloud.justification == .stretch {
                    rows += "\(scope)>li.tc-last{flex-grow:0}"
                } else {
                    rows += "\(scope)>.tc-fill{display:block;flex:1 1 0;height:0;min-width:0}"
                    // 1/64 px short of the gap, so that the start filler cannot join the full line of
                    // the break before it (Blink's layout unit is 1/64 px).
                    rows += "\(scope)>.tc-fill-start{margin-inline-end:calc(0.015625px - \(number(cloud.horizontalSpacing))px)}"
                    rows += "\(scope)>.tc-fill-end{margin-inline-start:-\(number(cloud.horizontalSpacing))px}"
                }
            }
            css += "@container (min-width:\(number(pictureWidth))px){\(rows)}\n"
        }
        if options.darkLook != nil {
            let background = options.darkBackground.map { "var(--tc-background,\(WebText.cssColor($0.rgbaColor)))" } ?? "transparent"
            // On screens only: a reader in dark mode prints the light look, on paper as white as
            // its page (the dark look's white labels printed on pale chips on white paper).
            css += "@media screen and (prefers-color-scheme:dark){\n\(scope){background:\(background)}\n" + darkLookRules + "}\n"
        }
        // A contrast theme (`forced-colors: active`: Windows' high contrast, or a browser's) drops
        // the chips' fills and their inset borders, which left labels floating with no chip
        // around them, and a selected chip told from the others by its checkmark alone. Each chip
        // is then outlined in the theme's text colour, a selected one three times as thick, the
        // checkmark drawn in that colour (an SVG keeps its own), and a focused link ringed in the
        // theme's highlight colour outside the chip.
        css += "@media (forced-colors:active){\n"
            + "\(scope) .tc-body{outline:1px solid CanvasText;outline-offset:-1px}\n"
            + "\(scope)>.tc-selected>.tc-body{outline-width:3px;outline-offset:-3px}\n"
            + "\(scope) .tc-check path{stroke:CanvasText!important}\n"
            + "\(scope) .tc-link:focus-visible{outline:3px solid Highlight;outline-offset:2px}\n"
            + "}\n"
        return css
    }

    /// CSS `justify-content` for the justification, or the alignment's horizontal part.
    private var justifyContent: String {
        switch cloud.justification {
        case .spaceBetween: "space-between"
        case .spaceAround: "space-around"
        case .spaceEvenly: "space-evenly"
        case .none, .stretch:
            switch cloud.alignment.horizontal {
            case .leading: "flex-start"
            case .center: "center"
            case .trailing: "flex-end"
            }
        }
    }

    /// CSS `align-items` for the alignment's vertical part.
    private var alignItems: String {
        switch cloud.alignment.vertical {
        case .top: "flex-start"
        case .center: "center"
        case .bottom: "flex-end"
        case .firstTextBaseline: "baseline"
        case .lastTextBaseline: "last baseline"
        }
    }

    /// Six decimals: a length of the layout is a whole number of 1/64 px (0.015625), which four
    /// decimals cut (a chip 247.53125 px wide written 247.5312 wrapped in the browser).
    private func number(_ value: CGFloat) -> String {
        WebText.number(Double(value), decimals: 6)
    }
}
