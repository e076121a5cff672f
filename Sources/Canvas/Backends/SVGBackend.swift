import Foundation
import Typesetting

/// Writes display lists as SVG documents made for web pages (``Renderer/svg(background:options:)``).
///
/// The document is written directly from the list, not through Cairo's SVG surface, so that it can
/// carry what a page needs: ids under one per-document prefix, a `<title>`, list semantics for
/// assistive technology, an invisible text layer, classes and colour custom properties, and glyph
/// outlines defined once per glyph. The shapes, transforms, clips, opacity groups, gradients,
/// glyph positions and colour-emoji bitmaps are those the Cairo backends draw, so a browser shows
/// the picture the PNG shows.
enum SVGBackend {
    static func svg(_ list: DisplayList, background: RGBAColor?, options: SVGOptions) throws -> Data {
        try list.validate()
        if let prefix = options.idPrefix { try WebText.checkPrefix(prefix) }
        if let dark = options.darkLook {
            try dark.list.validate()
            guard dark.list.size == list.size else { throw CanvasError.themeVariantsDiffer(item: "the picture's size") }
        }
        let writer = SVGWriter(options: options)
        return WebText.fillingPrefix(try writer.document(list, background: background), prefix: options.idPrefix)
    }
}

/// One SVG document being written. Ids are written with ``WebText/prefixPlaceholder`` (`P` in the
/// comments) where the prefix goes; ``SVGBackend`` fills it in once the document is complete.
final class SVGWriter {
    /// The placeholder as text.
    static let p = String(UnicodeScalar(WebText.prefixPlaceholder))

    private let options: SVGOptions
    private var body = ""
    private var definitions = ""
    private var styles = SVGStyleSheet()
    private var glyphIDs: [GlyphKey: Int] = [:]
    private var emojiIDs: [GlyphKey: Int] = [:]
    private var gradientIDs: [String: Int] = [:]
    private var clipCount = 0
    /// The index path of the item being written, for errors.
    private var indexPath: [Int] = []
    /// Open `<a>` elements (links cannot nest: only the outermost is written).
    private var openLinks = 0
    private var holdsCloud = false
    private var holdsLinks = false

    private struct GlyphKey: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
        var synthesis: UInt8 = 0
    }

    /// What the items being written are part of: the role their colours take their custom
    /// property from, and whether they belong to a selected chip.
    private struct Context {
        var role: ItemRole?
        var isSelected = false
    }

    init(options: SVGOptions) {
        self.options = options
    }

    private var p: String { Self.p }

    /// The whole document in pieces to be joined (the head, made last, then the body), with
    /// placeholders for the id prefix.
    func document(_ list: DisplayList, background: RGBAColor?) throws -> [String] {
        body.reserveCapacity(list.items.count * 160)
        let darkBackground = options.darkLook.map { $0.background }
        if background != nil || darkBackground ?? nil != nil {
            let paint = styles.paint(property: "fill", custom: "--tc-background", light: .color(background ?? .clear),
                                     dark: darkBackground.map { .color($0 ?? .clear) }, gradient: plainGradient)
            let classes = "tc-background" + (paint.className.map { " " + p + "-" + $0 } ?? "")
            body += "<rect class=\"" + classes + "\" width=\"" + number(list.size.width) + "\" height=\"" + number(list.size.height) + "\""
            body += paint.attributes + "/>\n"
        }
        try write(list.items, dark: options.darkLook?.list.items, context: Context())

        let width = number(list.size.width), height = number(list.size.height)
        var head = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"\(p)\" class=\"tc-svg\""
        head += options.isResponsive ? " width=\"100%\"" : " width=\"\(width)\" height=\"\(height)\""
        head += " viewBox=\"0 0 \(width) \(height)\" aria-labelledby=\"\(p)-title\">\n"
        let title = options.title ?? (holdsCloud ? "Tag cloud" : "Picture")
        head += "<title id=\"\(p)-title\">\(WebText.escape(title))</title>\n"
        head += "<style>\n" + styles.css(scope: "#" + p, links: holdsLinks, textLayer: options.writesTextLayer, classPrefix: p + "-") + "</style>\n"
        if !definitions.isEmpty { head += "<defs>\n" + definitions + "</defs>\n" }
        body += "</svg>\n"
        return [head, body]
    }

    // MARK: Items

    private var itemPath: String { indexPath.map { "items[\($0)]" }.joined(separator: ".") }

    private func write(_ items: [DisplayItem], dark: [DisplayItem]?, context: Context) throws {
        if let dark, dark.count != items.count { throw CanvasError.themeVariantsDiffer(item: itemPath.isEmpty ? "the top level" : itemPath) }
        for (index, item) in items.enumerated() {
            indexPath.append(index)
            defer { indexPath.removeLast() }
            try write(item, dark: dark?[index], context: context)
        }
    }

    private func write(_ item: DisplayItem, dark: DisplayItem?, context outer: Context) throws {
        var context = outer
        let metadata = item.metadata
        if metadata.isSelected { context.isSelected = true }
        let linksBefore = openLinks
        let closing = try openMetadata(metadata, context: &context)
        defer { openLinks = linksBefore }
        func mismatch() -> CanvasError { .themeVariantsDiffer(item: itemPath) }
        switch item.content {
        case .fill(let shape, let shading, let style):
            var darkShading: Shading?
            if let dark {
                guard case .fill(_, let shading, _) = dark.content else { throw mismatch() }
                darkShading = shading
            }
            writeFill(shape, shading, style, dark: darkShading, context: context)
        case .stroke(let shape, let shading, let style, let placement):
            var darkShading: Shading?
            if let dark {
                guard case .stroke(_, let shading, _, _) = dark.content else { throw mismatch() }
                darkShading = shading
            }
            if !style.dash.isEmpty, style.dash.allSatisfy({ $0 == 0 }) {
                // Cairo refuses such a pattern in PNG and PDF; a browser would draw a solid line.
                throw CanvasError.invalidItem(item: itemPath, reason: "the dash pattern \(style.dash) has no length")
            }
            writeStroke(shape, shading, style, placement, dark: darkShading, context: context)
        case .text(let text):
            var darkShading: Shading?
            if let dark {
                guard case .text(let darkText) = dark.content else { throw mismatch() }
                darkShading = darkText.shading
            }
            try writeText(text, dark: darkShading, context: context)
        case .group(let group):
            var darkGroup: ItemGroup?
            if let dark {
                guard case .group(let g) = dark.content else { throw mismatch() }
                darkGroup = g
            }
            try writeGroup(group, dark: darkGroup, context: context)
        }
        body += closing
    }

    /// Writes the start tags an item's metadata asks for and returns the end tags.
    private func openMetadata(_ metadata: ItemMetadata, context: inout Context) throws -> String {
        guard !metadata.isEmpty else { return "" }
        var link: WebLink?
        if let url = metadata.link, openLinks == 0 { link = try WebLink(checking: url) }
        let id = metadata.identifier.map { " id=\"\(p)-\(WebText.escape($0))\"" } ?? ""
        switch metadata.role {
        case .cloud?:
            holdsCloud = true
            var closing = "</g>\n"
            if let link {
                // A linked cloud is one link: the chips' own links inside it are not written.
                body += "<a href=\"\(WebText.escape(link.href))\"\(options.linkTarget.anchorAttributes)>\n"
                openLinks += 1
                holdsLinks = true
                closing += "</a>\n"
            }
            var tags = "<g\(id) class=\"tc-cloud\" role=\"list\""
            if let label = metadata.label { tags += " aria-label=\"\(WebText.escape(label))\"" }
            body += tags + ">\n" + tooltipElement(metadata)
            return closing
        case .chip?, .moreChip?:
            var classes = "tc-chip"
            if context.isSelected { classes += " tc-selected" }
            if metadata.role == .moreChip { classes += " tc-more" }
            var tags = "<g\(id) class=\"\(classes)\" role=\"listitem\""
            if let label = metadata.label {
                let escaped = WebText.escape(label)
                tags += " aria-label=\"\(escaped)\" data-label=\"\(escaped)\""
            }
            body += tags + ">\n" + tooltipElement(metadata)
            if let link {
                body += "<a class=\"tc-link\" href=\"\(WebText.escape(link.href))\"\(options.linkTarget.anchorAttributes)>\n"
                openLinks += 1
                holdsLinks = true
                return "</a>\n</g>\n"
            }
            return "</g>\n"
        case .chipFill?, .chipBorder?, .label?, .checkmark?, nil:
            if let role = metadata.role { context.role = role }
            var closing = ""
            if let link {
                body += "<a href=\"\(WebText.escape(link.href))\"\(options.linkTarget.anchorAttributes)>\n"
                openLinks += 1
                holdsLinks = true
                closing = "</a>\n"
            }
            if metadata.identifier != nil || metadata.label != nil || metadata.tooltip != nil {
                var tags = "<g\(id)"
                if let label = metadata.label { tags += " data-label=\"\(WebText.escape(label))\"" }
                body += tags + ">\n" + tooltipElement(metadata)
                closing = "</g>\n" + closing
            }
            return closing
        }
    }

    /// The tooltip as a group's first child, `<title>` (SVG 2, 5.9: browsers show the title of
    /// the element under the pointer, or of its nearest ancestor with one); empty without one.
    private func tooltipElement(_ metadata: ItemMetadata) -> String {
        metadata.tooltip.map { "<title>" + WebText.escape($0) + "</title>\n" } ?? ""
    }

    // MARK: Shapes

    private func writeFill(_ shape: ResolvedShape, _ shading: Shading, _ style: FillStyle, dark: Shading?, context: Context) {
        if case .linearGradient(let stops, _, _) = shading, stops.isEmpty { return }
        let paint = styles.paint(property: "fill", custom: customProperty(context, stroke: false), light: shading,
                                 dark: dark, gradient: plainGradient)
        var attributes = classAttribute(role: context.role, paint: paint) + paint.attributes
        if style.isEOFilled { attributes += " fill-rule=\"evenodd\"" }
        if !style.isAntialiased { attributes += " shape-rendering=\"crispEdges\"" }
        body += element(shape, attributes) + "\n"
    }

    private func writeStroke(_ shape: ResolvedShape, _ shading: Shading, _ style: StrokeStyle, _ placement: StrokePlacement,
                             dark: Shading?, context: Context) {
        guard style.lineWidth > 0 else { return }
        if case .linearGradient(let stops, _, _) = shading, stops.isEmpty { return }
        let paint = styles.paint(property: "stroke", custom: customProperty(context, stroke: true), light: shading,
                                 dark: dark, gradient: plainGradient)
        var attributes = classAttribute(role: context.role, paint: paint) + " fill=\"none\"" + paint.attributes
        if style.lineCap != .butt { attributes += " stroke-linecap=\"\(style.lineCap.rawValue)\"" }
        if style.lineJoin != .miter { attributes += " stroke-linejoin=\"\(style.lineJoin.rawValue)\"" }
        if style.lineJoin == .miter && style.miterLimit != 4 { attributes += " stroke-miterlimit=\"\(number(style.miterLimit))\"" }
        if !style.dash.isEmpty {
            attributes += " stroke-dasharray=\"" + style.dash.map { number($0) }.joined(separator: " ") + "\""
            if style.dashPhase != 0 { attributes += " stroke-dashoffset=\"\(number(style.dashPhase))\"" }
        }
        switch placement {
        case .centered:
            body += element(shape, attributes + " stroke-width=\"\(number(style.lineWidth))\"") + "\n"
        case .inside:
            if let inset = shape.inset(by: style.lineWidth / 2) {
                body += element(inset, attributes + " stroke-width=\"\(number(style.lineWidth))\"") + "\n"
            } else {
                // A path cannot be inset: the inner half of a stroke twice as wide, as Cairo draws it.
                let clip = defineClip(shape, style: FillStyle())
                body += "<g clip-path=\"url(#\(clip))\">" + element(shape, attributes + " stroke-width=\"\(number(style.lineWidth * 2))\"") + "</g>\n"
            }
        }
    }

    /// An SVG element drawing a shape, with the given attributes (each with a leading space).
    private func element(_ shape: ResolvedShape, _ attributes: String) -> String {
        switch shape {
        case .rect(let rect):
            return rectangle(rect.standardized, radius: nil, attributes)
        case .roundedRect(let rect, let corner, .circular):
            return rectangle(rect.standardized, radius: corner, attributes)
        case .capsule(let rect, .circular):
            let r = rect.standardized
            let radius = min(r.width, r.height) / 2
            return rectangle(r, radius: CGSize(width: radius, height: radius), attributes)
        case .roundedRect, .capsule, .ellipse, .circle, .path:
            // Ellipses as the same Bézier curves the Cairo backends fill, so every edge pixel agrees.
            return "<path d=\"\(pathData(shape.path))\"\(attributes)/>"
        }
    }

    private func rectangle(_ r: CGRect, radius: CGSize?, _ attributes: String) -> String {
        var text = "<rect x=\"\(number(r.minX))\" y=\"\(number(r.minY))\" width=\"\(number(r.width))\" height=\"\(number(r.height))\""
        if let radius, radius.width > 0 || radius.height > 0 {
            // SVG clamps the radii to half of each side, as ResolvedShape does.
            text += " rx=\"\(number(max(radius.width, 0)))\""
            if radius.height != radius.width { text += " ry=\"\(number(max(radius.height, 0)))\"" }
        }
        return text + attributes + "/>"
    }

    /// Path data with absolute commands; quadratic curves are kept (`Q`).
    private func pathData(_ path: Path) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.elements.count * 32)
        func add(_ command: UInt8, _ point: CGPoint, first: Bool) {
            if first { bytes.append(command) } else { bytes.append(0x20) }
            WebText.appendNumber(Double(point.x), decimals: 4, to: &bytes)
            bytes.append(0x20)
            WebText.appendNumber(Double(point.y), decimals: 4, to: &bytes)
        }
        for element in path.elements {
            switch element {
            case .move(let p): add(UInt8(ascii: "M"), p, first: true)
            case .line(let p): add(UInt8(ascii: "L"), p, first: true)
            case .quadCurve(let p, let c):
                add(UInt8(ascii: "Q"), c, first: true)
                add(0, p, first: false)
            case .curve(let p, let c1, let c2):
                add(UInt8(ascii: "C"), c1, first: true)
                add(0, c2, first: false)
                add(0, p, first: false)
            case .closeSubpath: bytes.append(UInt8(ascii: "Z"))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Paint

    /// The custom property a colour of this context is written with, `nil` outside the roles.
    private func customProperty(_ context: Context, stroke: Bool) -> String? {
        switch context.role {
        case .chipFill?: context.isSelected ? "--tc-selected-fill" : "--tc-chip-fill"
        case .chipBorder?: context.isSelected ? "--tc-selected-stroke" : "--tc-chip-stroke"
        case .label?: context.isSelected ? "--tc-selected-text" : "--tc-text"
        case .checkmark?: "--tc-check"
        case .cloud?, .chip?, .moreChip?, nil: nil
        }
    }

    /// ` class="…"` for a painted element: its role's class and its paint's class.
    private func classAttribute(role: ItemRole?, paint: SVGStyleSheet.Paint) -> String {
        let roleClass: String? = switch role {
        case .chipFill?: "tc-chip-fill"
        case .chipBorder?: "tc-chip-border"
        case .label?: "tc-label"
        case .checkmark?: "tc-check"
        case .cloud?, .chip?, .moreChip?, nil: nil
        }
        let classes = [roleClass, paint.className.map { p + "-" + $0 }].compactMap { $0 }
        return classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
    }

    /// The id of a gradient's definition, written on first use.
    ///
    /// - Parameter transform: Maps the gradient's coordinates into the user space of the element
    ///   it paints (the inverse of a glyph run's scale), `nil` for none.
    private func gradientReference(_ stops: [GradientStop], _ start: CGPoint, _ end: CGPoint, _ transform: Transform?) -> String {
        var attributes = " gradientUnits=\"userSpaceOnUse\" x1=\"\(number(start.x))\" y1=\"\(number(start.y))\" x2=\"\(number(end.x))\" y2=\"\(number(end.y))\""
        if let transform { attributes += " gradientTransform=\"\(matrix(transform))\"" }
        var content = ""
        // In order of location, equal locations in list order, as Cairo adds them.
        for stop in stops.enumerated().sorted(by: { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }).map(\.element) {
            content += "<stop offset=\"\(number(min(max(stop.location, 0), 1)))\" stop-color=\"\(WebText.opaqueColor(stop.color))\""
            if let opacity = WebText.opacity(stop.color) { content += " stop-opacity=\"\(opacity)\"" }
            content += "/>"
        }
        let key = attributes + content
        if let id = gradientIDs[key] { return "\(p)-l\(id)" }
        let id = gradientIDs.count
        gradientIDs[key] = id
        definitions += "<linearGradient id=\"\(p)-l\(id)\"\(attributes)>\(content)</linearGradient>\n"
        return "\(p)-l\(id)"
    }

    private func plainGradient(_ stops: [GradientStop], _ start: CGPoint, _ end: CGPoint) -> String {
        gradientReference(stops, start, end, nil)
    }

    private func defineClip(_ shape: ResolvedShape, style: FillStyle) -> String {
        let id = "\(p)-k\(clipCount)"
        clipCount += 1
        var attributes = ""
        if style.isEOFilled { attributes += " clip-rule=\"evenodd\"" }
        if !style.isAntialiased { attributes += " shape-rendering=\"crispEdges\"" }
        definitions += "<clipPath id=\"\(id)\">" + element(shape, attributes) + "</clipPath>\n"
        return id
    }

    // MARK: Text

    private func writeText(_ text: TextItem, dark: Shading?, context: Context) throws {
        var isGradient = false
        if case .linearGradient(let stops, _, _) = text.shading {
            if stops.isEmpty { return writeTextLayer(text) }
            isGradient = true
        }
        let paint = isGradient ? nil : styles.paint(property: "fill", custom: customProperty(context, stroke: false), light: text.shading,
                                                    dark: dark, gradient: plainGradient)
        let groupPaint = paint ?? SVGStyleSheet.Paint(attributes: "", className: nil)
        body += "<g" + classAttribute(role: context.role, paint: groupPaint) + groupPaint.attributes + ">\n"
        for run in text.runs where !run.glyphs.isEmpty {
            if run.face.hasColorBitmaps {
                try writeColorGlyphs(run, origin: text.origin)
            } else {
                try writeOutlines(run, origin: text.origin, shading: isGradient ? (text.shading, dark) : nil, context: context)
            }
        }
        body += "</g>\n"
        writeTextLayer(text)
    }

    /// One group per run, scaled from font units to the run's size, with a `<use>` of each
    /// glyph's outline.
    private func writeOutlines(_ run: GlyphRun, origin: CGPoint, shading: (Shading, Shading?)?, context: Context) throws {
        let units = GlyphOutlines.unitsPerEm(run.face)
        // The scale as written, so that the glyph offsets below are computed with the same value.
        let scaleText = WebText.number(Double(run.fontSize) / units, decimals: 8)
        let scale = Double(scaleText.hasPrefix(".") ? "0" + scaleText : scaleText) ?? Double(run.fontSize) / units
        guard scale > 0, let first = run.positions.first else { return }
        let x0 = Double(origin.x + first.x), y0 = Double(origin.y + first.y)
        var group = "<g transform=\"matrix(\(scaleText) 0 0 \(scaleText) \(number(x0)) \(number(y0)))\""
        if let (light, dark) = shading {
            let inverse = Transform(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: -x0 / scale, ty: -y0 / scale)
            let paint = styles.paint(property: "fill", custom: customProperty(context, stroke: false), light: light,
                                     dark: dark) { self.gradientReference($0, $1, $2, inverse) }
            group += paint.className.map { " class=\"\(p)-\($0)\"" } ?? ""
            group += paint.attributes
        }
        body += group + ">"
        for (glyph, position) in zip(run.glyphs, run.positions) {
            let id = try glyphID(face: run.face, glyph: glyph, synthesis: run.synthesis)
            guard let id else { continue }
            body += "<use href=\"#\(p)-g\(id)\""
            let dx = (Double(origin.x + position.x) - x0) / scale, dy = (Double(origin.y + position.y) - y0) / scale
            if WebText.number(dx, decimals: 1) != "0" { body += " x=\"" + WebText.number(dx, decimals: 1) + "\"" }
            if WebText.number(dy, decimals: 1) != "0" { body += " y=\"" + WebText.number(dy, decimals: 1) + "\"" }
            body += "/>"
        }
        body += "</g>\n"
    }

    /// The number of a glyph's outline definition, written on first use; `nil` for a glyph
    /// without contours.
    private func glyphID(face: FontFace, glyph: UInt32, synthesis: FontSynthesis) throws -> Int? {
        let key = GlyphKey(face: ObjectIdentifier(face), glyph: glyph, synthesis: synthesis.rawValue)
        if let id = glyphIDs[key] { return id >= 0 ? id : nil }
        let data = try GlyphOutlines.shared.pathData(face: face, glyph: glyph, synthesis: synthesis)
        guard !data.isEmpty else {
            glyphIDs[key] = -1
            return nil
        }
        let id = glyphIDs.count
        glyphIDs[key] = id
        definitions += "<path id=\"\(p)-g\(id)\" d=\"\(data)\"/>\n"
        return id
    }

    /// Colour glyphs as the strike's bitmap, defined once as an `<image>` and placed with a
    /// `<use>` scaled to the font size, as the Cairo backends paint it.
    private func writeColorGlyphs(_ run: GlyphRun, origin: CGPoint) throws {
        for (glyph, position) in zip(run.glyphs, run.positions) {
            guard let bitmap = try ColorGlyphCache.shared.bitmap(face: run.face, glyph: glyph) else { continue }
            let key = GlyphKey(face: ObjectIdentifier(run.face), glyph: glyph)
            let id: Int
            if let existing = emojiIDs[key] {
                id = existing
            } else {
                id = emojiIDs.count
                emojiIDs[key] = id
                definitions += "<image id=\"\(p)-e\(id)\" width=\"\(bitmap.width)\" height=\"\(bitmap.height)\" href=\"data:image/png;base64,"
                    + Data(bitmap.png).base64EncodedString() + "\"/>\n"
            }
            let scale = Double(run.fontSize) / bitmap.pixelsPerEm
            let x = Double(origin.x + position.x) + bitmap.left * scale, y = Double(origin.y + position.y) + bitmap.top * scale
            let s = WebText.number(scale, decimals: 8)
            body += "<use href=\"#\(p)-e\(id)\" transform=\"matrix(\(s) 0 0 \(s) \(number(x)) \(number(y)))\"/>\n"
        }
    }

    /// The invisible real text of each line, stretched over the outlines.
    private func writeTextLayer(_ text: TextItem) {
        guard options.writesTextLayer else { return }
        for line in text.lines where !line.text.isEmpty && line.width > 0 && line.fontSize > 0 {
            let family = text.runs.first(where: { !$0.face.hasColorBitmaps })?.face.familyName
            body += "<text class=\"tc-text\" x=\"\(number(text.origin.x + line.baselineOrigin.x))\" y=\"\(number(text.origin.y + line.baselineOrigin.y))\""
            body += " font-size=\"\(number(line.fontSize))\""
            if let language = text.language { body += " lang=\"\(WebText.escape(language.identifier))\"" }
            if let family { body += " font-family=\"\(WebText.escape(family))\"" }
            body += " textLength=\"\(number(line.width))\" lengthAdjust=\"spacingAndGlyphs\" fill-opacity=\"0\">"
            body += WebText.escape(line.text) + "</text>\n"
        }
    }

    // MARK: Groups

    private func writeGroup(_ group: ItemGroup, dark: ItemGroup?, context: Context) throws {
        let opacity = min(max(group.opacity, 0), 1)
        // Nothing is visible through a zero opacity or a transform that squashes the plane.
        guard opacity > 0, group.transform.determinant != 0, !group.items.isEmpty else { return }
        var attributes = ""
        if !group.transform.isIdentity { attributes += " transform=\"\(matrix(group.transform))\"" }
        let clip = group.clip.map { defineClip($0.shape, style: $0.style) }
        if let clip { attributes += " clip-path=\"url(#\(clip))\"" }
        if opacity < 1 { attributes += " opacity=\"\(number(opacity))\"" }
        if !attributes.isEmpty { body += "<g\(attributes)>\n" }
        // Cairo draws a translucent group's items under its clip and composites the result under
        // the clip again, so antialiased clip edges are covered twice: the same here.
        let clipsTwice = clip != nil && opacity < 1
        if clipsTwice, let clip { body += "<g clip-path=\"url(#\(clip))\">\n" }
        try write(group.items, dark: dark?.items, context: context)
        if clipsTwice { body += "</g>\n" }
        if !attributes.isEmpty { body += "</g>\n" }
    }

    private func matrix(_ t: Transform) -> String {
        "matrix(\(number(t.a, 6)) \(number(t.b, 6)) \(number(t.c, 6)) \(number(t.d, 6)) \(number(t.tx)) \(number(t.ty)))"
    }

    private func number(_ value: CGFloat, _ decimals: Int = 4) -> String {
        WebText.number(Double(value), decimals: decimals)
    }
}
