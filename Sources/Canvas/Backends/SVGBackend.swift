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
        let (head, body) = try writer.document(list, background: background)
        return SVGOutput.document(head: head, body: body, prefix: options.idPrefix)
    }
}

/// One SVG document being written. Ids are written with ``WebText/prefixPlaceholder`` (`P` in the
/// comments) where the prefix goes; ``SVGBackend`` fills it in once the document is complete.
///
/// The document is written as bytes (``SVGOutput``): markup and numbers straight into the buffer,
/// and the paints of plain colours, the glyph runs' scales and the classes of roles made once. A
/// 100,000-chip cloud's SVG is 110 MB; written through strings it took longer than drawing the
/// cloud.
final class SVGWriter {
    /// The placeholder as text.
    static let p = String(UnicodeScalar(WebText.prefixPlaceholder))

    private let options: SVGOptions
    // Unchecked exclusivity: a writer is used by one thread, and none of its methods hands one of
    // these out while another reaches it. Checked, each write to the body (a few for every number
    // of a 110 MB document) began and ended a dynamic access, a twentieth of writing it.
    @exclusivity(unchecked) private var body: SVGOutput
    @exclusivity(unchecked) private var definitions: SVGOutput
    @exclusivity(unchecked) private var styles = SVGStyleSheet()
    @exclusivity(unchecked) private var glyphIDs: [GlyphKey: Int] = [:]
    /// Whether a glyph's outline was defined (its class's rule is then written).
    private var definesGlyphOutlines = false
    /// The glyphs looked up last, in front of `glyphIDs` (a large cloud's few hundred glyphs are
    /// looked up hundreds of thousands of times, each a hash of the key).
    private let recentGlyphs = RecentGlyphs()
    @exclusivity(unchecked) private var emojiIDs: [GlyphKey: Int] = [:]
    @exclusivity(unchecked) private var gradientIDs: [String: Int] = [:]
    private var clipCount = 0
    /// The index path of the item being written, for errors.
    @exclusivity(unchecked) private var indexPath: [Int] = []
    /// Open `<a>` elements (links cannot nest: only the outermost is written).
    private var openLinks = 0
    private var holdsCloud = false
    private var holdsLinks = false
    /// The paints of plain colours asked for so far (a large cloud asks for the same few thousands
    /// of times), most recent last.
    @exclusivity(unchecked) private var colorPaints: [(key: ColorPaintKey, paint: Paint)] = []
    /// Glyph runs' scales as written and as read back, by font size and units per em.
    @exclusivity(unchecked) private var scales: [(size: CGFloat, units: Double, text: String, value: Double)] = []
    /// The anchor attributes of the link target, as bytes.
    private let linkTarget: LinkTarget

    private struct GlyphKey: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
        var synthesis: UInt8 = 0
    }

    /// A direct-mapped cache of glyph ids by face, glyph and synthesis: slots of its own memory, so
    /// that a lookup is a load and two comparisons (no hashing, no exclusive access to a property).
    private final class RecentGlyphs {
        struct Slot {
            var face: UInt = 0
            var glyph: UInt64 = 0
            var id = 0
        }
        static let count = 1024
        let slots: UnsafeMutablePointer<Slot>

        init() {
            slots = .allocate(capacity: Self.count)
            slots.initialize(repeating: Slot(), count: Self.count)
        }

        deinit { slots.deallocate() }

        @inline(__always)
        static func index(face: UInt, glyph: UInt64) -> Int {
            Int(truncatingIfNeeded: (glyph &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(face) >> 4) >> 54) & (count - 1)
        }
    }

    /// What the items being written are part of: the role their colours take their custom
    /// property from, and whether they belong to a selected chip.
    private struct Context {
        var role: ItemRole?
        var isSelected = false
        /// The role's colour is the item's own: written without the role's custom property.
        var keepsColor = false
        /// Inside the cloud's list and outside its chips: a `<g>` written here is marked
        /// `role="none"`, since a browser gives a list item whose parent is any other group no
        /// list to belong to (Chromium then exposes each chip as a plain group).
        var isBetweenListAndItems = false

        /// ` role="none"` where a group would stand between the list and its items.
        var presentationalRole: String { isBetweenListAndItems ? " role=\"none\"" : "" }
    }

    /// The property a paint is for.
    private enum PaintProperty: String {
        case fill, stroke
    }

    /// A plain colour's paint request.
    private struct ColorPaintKey: Equatable {
        let property: PaintProperty
        let custom: String?
        let scoped: Bool
        let light: RGBAColor
        let dark: RGBAColor?
        let hasDark: Bool
    }

    /// An element's paint, as ``SVGStyleSheet/Paint`` gives it.
    private struct Paint {
        /// The presentation attribute, with a leading space (a gradient's holds the prefix).
        let attributes: String
        /// The attribute's bytes when it holds no prefix (a plain colour's), written as they are.
        let attributeBytes: [UInt8]?
        /// The colour class, without the document's prefix, if the element needs one.
        let className: String?

        init(attributes: String, className: String?) {
            self.attributes = attributes
            self.className = className
            let bytes = Array(attributes.utf8)
            attributeBytes = bytes.contains(WebText.prefixPlaceholder) ? nil : bytes
        }

        /// Writes the attribute.
        func write(to out: inout SVGOutput) {
            if let attributeBytes { out.write(attributeBytes) } else { out.write(string: attributes) }
        }
    }

    init(options: SVGOptions) {
        self.options = options
        linkTarget = options.linkTarget
        body = SVGOutput(prefix: options.idPrefix)
        definitions = SVGOutput(prefix: options.idPrefix)
    }

    private var p: String { Self.p }

    /// The whole document in pieces to be joined (the head, made last, then the body), with
    /// placeholders for the id prefix.
    func document(_ list: DisplayList, background: RGBAColor?) throws -> (head: SVGOutput, body: SVGOutput) {
        // Room in front for the head (style sheet and glyph outlines: 12 KB for 100,000 chips of
        // Latin text), which is made last.
        body = SVGOutput(prefix: options.idPrefix, capacity: 1 << 16, headRoom: 1 << 15)
        let darkBackground = options.darkLook.map { $0.background }
        if background != nil || darkBackground ?? nil != nil {
            let paint = paint(.fill, custom: "--tc-background", light: .color(background ?? .clear),
                              dark: darkBackground.map { .color($0 ?? .clear) })
            body.write("<rect class=\"tc-background")
            if let name = paint.className {
                body.write(" ")
                body.write(className: name)
            }
            body.write("\" width=\"")
            body.write(number: list.size.width)
            body.write("\" height=\"")
            body.write(number: list.size.height)
            body.write("\"")
            paint.write(to: &body)
            body.write("/>\n")
        }
        try write(list.items, dark: options.darkLook?.list.items, context: Context())

        let width = number(list.size.width), height = number(list.size.height)
        var head = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"\(p)\" class=\"tc-svg\""
        // Its size in pixels even when responsive (the style sheet then makes it as wide as its
        // container): a `width="100%"` without it left an inline block, a float or a table cell
        // nothing to size itself by, and Chromium drew the cloud 300 pixels wide there.
        head += " width=\"\(width)\" height=\"\(height)\""
        // Named by its <title> child alone (SVG-AAM): `aria-labelledby` pointing at it as well made
        // Chromium give the title twice, as the name and again as the description.
        head += " viewBox=\"0 0 \(width) \(height)\""
        if let language = options.language { head += " lang=\"\(WebText.escape(language))\"" }
        head += ">\n"
        let title = options.title ?? (holdsCloud ? "Tag cloud" : "Picture")
        // This package's English default title is read in English in a picture of another language.
        let titleLanguage = options.title == nil && !WebText.isEnglish(options.language) ? " lang=\"en\"" : ""
        head += "<title id=\"\(p)-title\"\(titleLanguage)>\(WebText.escape(title))</title>\n"
        // Its size in the style sheet too, the height following the width: a page's `svg {
        // width: 100% }` stretched the cloud and `svg { width: 1em; height: 1em }` (icon sizing)
        // shrank it to a letter. Never wider than its column, in proportion: a 390-point cloud
        // on a 360-pixel phone made the whole page scroll sideways on any page without its own
        // `svg { max-width: 100% }`.
        var size = "#\(p){width:\(options.isResponsive ? "100%" : width + "px");max-width:100%;height:auto}\n"
        // And a page's rules for every `svg` that move or size its box (`svg { margin: 10px }`,
        // `max-height`, `aspect-ratio: 1`, `min-width: 600px`) are undone, by a rule as specific
        // as theirs that comes later, so that the page's own rules for this picture (`.tc-svg {
        // margin: 2rem auto }`, as the README shows) still place it.
        size += "svg:where(#\(p)){min-width:0;min-height:0;max-height:none;aspect-ratio:auto;margin:0;padding:0;border:0;box-sizing:content-box}\n"
        if let paper = options.printBackground, background == nil, options.darkLook == nil {
            size += "@media print{#\(p){background:\(WebText.cssColor(paper));-webkit-print-color-adjust:exact;print-color-adjust:exact}}\n"
        }
        head += "<style>\n" + size + styles.css(scope: "#" + p, links: holdsLinks, textLayer: options.writesTextLayer,
                                                 glyphOutlines: definesGlyphOutlines, classPrefix: p + "-") + "</style>\n"
        if holdsLinks { head += "<defs>" + SVGStyleSheet.focusFilter(id: p + "-focus") + "</defs>\n" }
        var headBytes = SVGOutput(prefix: options.idPrefix, capacity: head.utf8.count + definitions.count + 32)
        headBytes.write(string: head)
        if definitions.count > 0 {
            headBytes.write("<defs>\n")
            headBytes.write(definitions)
            headBytes.write("</defs>\n")
        }
        body.write("</svg>\n")
        return (headBytes, body)
    }

    /// The paint of an element (``SVGStyleSheet/paint(property:custom:light:dark:gradient:)``);
    /// a plain colour asked for before gets the paint it got then.
    private func paint(_ property: PaintProperty, custom: String?, scoped: Bool = false, light: Shading, dark: Shading?,
                       gradient: (([GradientStop], CGPoint, CGPoint) -> String)? = nil) -> Paint {
        var key: ColorPaintKey?
        if case .color(let color) = light {
            switch dark {
            case nil: key = ColorPaintKey(property: property, custom: custom, scoped: scoped, light: color, dark: nil, hasDark: false)
            case .color(let darkColor)?:
                key = ColorPaintKey(property: property, custom: custom, scoped: scoped, light: color, dark: darkColor, hasDark: true)
            case .linearGradient?: break
            }
        }
        if let key, let known = colorPaints.last(where: { $0.key == key }) { return known.paint }
        let made = styles.paint(property: property.rawValue, custom: custom, scoped: scoped, light: light, dark: dark,
                                gradient: gradient ?? plainGradient)
        let paint = Paint(attributes: made.attributes, className: made.className)
        if let key {
            if colorPaints.count == 32 { colorPaints.removeFirst() }
            colorPaints.append((key, paint))
        }
        return paint
    }

    // MARK: Items

    private var itemPath: String { indexPath.map { "items[\($0)]" }.joined(separator: ".") }

    private func write(_ items: [DisplayItem], dark: [DisplayItem]?, context: Context) throws {
        if let dark, dark.count != items.count { throw CanvasError.themeVariantsDiffer(item: itemPath.isEmpty ? "the top level" : itemPath) }
        if items.count >= options.itemsWrittenInParallel {
            try writeInParallel(items, dark: dark, context: context)
        } else {
            try write(items, dark: dark, range: items.indices, context: context)
        }
    }

    private func write(_ items: [DisplayItem], dark: [DisplayItem]?, range: Range<Int>, context: Context) throws {
        // Items are passed straight from the array (an enumerated loop copied every item, and
        // with it every string and reference it holds, then freed the copy).
        for index in range {
            indexPath.append(index)
            defer { indexPath.removeLast() }
            if let dark {
                try write(items[index], dark: dark[index], context: context)
            } else {
                try write(items[index], dark: nil, context: context)
            }
        }
    }

    // MARK: Long lists on every core

    /// What writing items may add to the document beyond their own markup: glyph, emoji,
    /// gradient and clip definitions and style rules. Items that add none of these are written the
    /// same whatever was written before them in the list. (`colorPaints` and `scales` are caches
    /// of what the style sheet and the runs give: what they hold changes no byte.)
    private struct Additions: Equatable {
        let glyphs, emoji, gradients, clips, rules, definitions: Int
    }

    private var additions: Additions {
        Additions(glyphs: glyphIDs.count, emoji: emojiIDs.count, gradients: gradientIDs.count, clips: clipCount,
                  rules: styles.ruleCount, definitions: definitions.count)
    }

    /// A writer that goes on where `other` stands (its tables, the path and links it is inside)
    /// into a body of its own, for one chunk of a long list (``writeInParallel(_:dark:context:)``).
    private init(continuing other: SVGWriter) {
        options = other.options
        linkTarget = other.linkTarget
        body = SVGOutput(prefix: other.options.idPrefix, capacity: 1 << 16)
        definitions = SVGOutput(prefix: other.options.idPrefix)
        styles = other.styles
        glyphIDs = other.glyphIDs
        emojiIDs = other.emojiIDs
        gradientIDs = other.gradientIDs
        clipCount = other.clipCount
        indexPath = other.indexPath
        openLinks = other.openLinks
        holdsCloud = other.holdsCloud
        holdsLinks = other.holdsLinks
        colorPaints = other.colorPaints
        scales = other.scales
    }

    /// The first items of a long list written in order before any is written in parallel: they
    /// define the glyphs and colours most of the rest use.
    static let sequentialLead = 512
    /// The items of one parallel chunk.
    static let chunkItems = 1024
    /// Waves of chunks that may add something (and are then written again in order) before the
    /// rest of the list is written in order.
    static let speculativeWaves = 4

    /// Writes a long list's items (a large cloud's chips) on every core, with the bytes the
    /// items written one after the other give.
    ///
    /// An item's markup depends on what earlier items defined only through the ids and classes
    /// it reuses or adds. So, after a lead written in order, waves of chunks are written by
    /// writers continuing from this one's state, in parallel; a chunk that added nothing
    /// (``Additions``) wrote exactly what this writer would have, and its bytes are taken in
    /// order. The first chunk that added something (a new glyph, colour or definition) or failed
    /// is written again by this writer, in order, which defines what it adds or throws the error
    /// the sequential writer throws; the wave's later chunks are dropped, and the next wave starts
    /// after it. After ``speculativeWaves`` such waves the rest is written in order, so a list
    /// whose items keep adding costs at most a few waves more. The 100,000-chip SVG of `make
    /// bench` is written 6 to 10 % sooner on 2 cores (the other core is also freeing the views).
    /// The cores, read once (Foundation reads the control group's files on each call).
    private static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    private func writeInParallel(_ items: [DisplayItem], dark: [DisplayItem]?, context: Context) throws {
        var start = min(items.count, Self.sequentialLead)
        try write(items, dark: dark, range: 0..<start, context: context)
        let firstWave = 4 * Self.cores
        // Each wave ends with every thread waiting for the slowest chunk and this one joining the
        // chunks: a wave that added nothing is followed by one twice as long.
        var chunksPerWave = firstWave
        var diverged = 0
        waves: while start < items.count {
            guard diverged < Self.speculativeWaves else {
                try write(items, dark: dark, range: start..<items.count, context: context)
                return
            }
            let end = min(items.count, start + chunksPerWave * Self.chunkItems)
            let chunks = stride(from: start, to: end, by: Self.chunkItems).map { $0..<min($0 + Self.chunkItems, end) }
            // Each chunk's writer only reads this one (which waits), and writes its own state.
            let writers = Parallel.map(chunks.count) { index -> SVGWriter? in
                let writer = SVGWriter(continuing: self)
                let before = writer.additions
                do {
                    try writer.write(items, dark: dark, range: chunks[index], context: context)
                } catch {
                    return nil
                }
                return writer.additions == before ? writer : nil
            }
            for (index, writer) in writers.enumerated() {
                guard let writer else {
                    try write(items, dark: dark, range: chunks[index], context: context)
                    start = chunks[index].upperBound
                    diverged += 1
                    chunksPerWave = firstWave
                    continue waves
                }
                body.write(writer.body)
                holdsCloud = holdsCloud || writer.holdsCloud
                holdsLinks = holdsLinks || writer.holdsLinks
                start = chunks[index].upperBound
            }
            chunksPerWave *= 2
        }
    }

    /// The end tags an item's metadata opened.
    private enum Closing {
        case none, group, link, linkThenGroup, groupThenLink
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
        switch closing {
        case .none: break
        case .group: body.write("</g>\n")
        case .link: body.write("</a>\n")
        case .linkThenGroup: body.write("</a>\n</g>\n")
        case .groupThenLink: body.write("</g>\n</a>\n")
        }
    }

    /// ` id="P-…"` for an identifier.
    private func writeID(_ identifier: String?) {
        guard let identifier else { return }
        body.write(" id=\"")
        body.writePrefix()
        body.write("-")
        body.write(escaped: identifier)
        body.write("\"")
    }

    /// `<a …href="…"…>\n` for a link.
    ///
    /// - Parameter name: The link's name for assistive technology, when its text may not say all
    ///   of it: a chip's whole label (a label cut to "A very long ta…" named the link so, and two
    ///   such chips were two links of one name).
    private func writeLink(_ link: WebLink, isChip: Bool, isCurrent: Bool = false, name: String? = nil) {
        body.write(isChip ? "<a class=\"tc-link\" href=\"" : "<a href=\"")
        body.write(escaped: link.href)
        body.write("\"")
        if let name {
            body.write(" aria-label=\"")
            body.write(escaped: name)
            body.write("\"")
        }
        if isCurrent { body.write(" aria-current=\"true\"") }
        body.write(string: linkTarget.anchorAttributes(for: link.kind))
        body.write(">\n")
        openLinks += 1
        holdsLinks = true
    }

    /// Writes the start tags an item's metadata asks for and returns the end tags.
    private func openMetadata(_ metadata: ItemMetadata, context: inout Context) throws -> Closing {
        guard !metadata.isEmpty else { return .none }
        var link: WebLink?
        if let url = metadata.link, openLinks == 0 { link = try WebLink(checking: url) }
        switch metadata.role {
        case .cloud?:
            holdsCloud = true
            var closing = Closing.group
            if let link {
                // A linked cloud is one link: the chips' own links inside it are not written.
                writeLink(link, isChip: false)
                closing = .groupThenLink
            }
            body.write("<g")
            writeID(metadata.identifier)
            body.write(" class=\"tc-cloud\" role=\"list\"")
            if let label = metadata.label {
                body.write(" aria-label=\"")
                body.write(escaped: label)
                body.write("\"")
            } else {
                // The list is named by the picture's title, as the HTML list is: an unnamed list
                // was one more "list" among a page's clouds.
                body.write(" aria-labelledby=\"")
                body.writePrefix()
                body.write("-title\"")
            }
            body.write(">\n")
            writeTooltip(metadata)
            context.isBetweenListAndItems = true
            return closing
        case .chip?, .moreChip?:
            context.isBetweenListAndItems = false
            body.write("<g")
            writeID(metadata.identifier)
            body.write(" class=\"tc-chip")
            if context.isSelected { body.write(" tc-selected") }
            if metadata.role == .moreChip { body.write(" tc-more") }
            body.write("\" role=\"listitem\"")
            // The selection is announced, not only drawn (a colour and a checkmark hidden from
            // assistive technology): `aria-current`, a global state valid on a list item, or on
            // the chip's link, which a keyboard reaches ("current link").
            if context.isSelected, link == nil { body.write(" aria-current=\"true\"") }
            if let label = metadata.label {
                let escaped = WebText.escape(label)
                body.write(" aria-label=\"")
                body.write(string: escaped)
                body.write("\" data-label=\"")
                body.write(string: escaped)
                body.write("\"")
                if let language = metadata.labelLanguage {
                    body.write(" lang=\"")
                    body.write(escaped: language)
                    body.write("\"")
                }
            }
            body.write(">\n")
            writeTooltip(metadata)
            if let link {
                writeLink(link, isChip: true, isCurrent: context.isSelected, name: metadata.label)
                return .linkThenGroup
            }
            return .group
        case .chipFill?, .chipBorder?, .label?, .checkmark?, nil:
            if let role = metadata.role {
                context.role = role
                context.keepsColor = metadata.keepsColor
            }
            var closing = Closing.none
            if let link {
                writeLink(link, isChip: false)
                closing = .link
            }
            if metadata.identifier != nil || metadata.label != nil || metadata.tooltip != nil {
                body.write("<g")
                writeID(metadata.identifier)
                body.write(string: context.presentationalRole)
                if let label = metadata.label {
                    body.write(" data-label=\"")
                    body.write(escaped: label)
                    body.write("\"")
                }
                body.write(">\n")
                writeTooltip(metadata)
                closing = closing == .link ? .groupThenLink : .group
            }
            return closing
        }
    }

    /// The tooltip as a group's first child, `<title>` (SVG 2, 5.9: browsers show the title of
    /// the element under the pointer, or of its nearest ancestor with one); nothing without one.
    private func writeTooltip(_ metadata: ItemMetadata) {
        guard let tooltip = metadata.tooltip else { return }
        body.write("<title>")
        body.write(escaped: tooltip)
        body.write("</title>\n")
    }

    // MARK: Shapes

    private func writeFill(_ shape: ResolvedShape, _ shading: Shading, _ style: FillStyle, dark: Shading?, context: Context) {
        if case .linearGradient(let stops, _, _) = shading, stops.isEmpty { return }
        let paint = paint(.fill, custom: customProperty(context, stroke: false), scoped: context.keepsColor, light: shading, dark: dark)
        writeElement(shape, to: &body) { [self] out in
            writeClassAttribute(role: context.role, paint: paint, to: &out)
            paint.write(to: &out)
            if style.isEOFilled { out.write(" fill-rule=\"evenodd\"") }
            if !style.isAntialiased { out.write(" shape-rendering=\"crispEdges\"") }
        }
        body.write("\n")
    }

    private func writeStroke(_ shape: ResolvedShape, _ shading: Shading, _ style: StrokeStyle, _ placement: StrokePlacement,
                             dark: Shading?, context: Context) {
        guard style.lineWidth > 0 else { return }
        if case .linearGradient(let stops, _, _) = shading, stops.isEmpty { return }
        let paint = paint(.stroke, custom: customProperty(context, stroke: true), scoped: context.keepsColor, light: shading, dark: dark)
        func attributes(_ out: inout SVGOutput, lineWidth: CGFloat) {
            writeClassAttribute(role: context.role, paint: paint, to: &out)
            out.write(" fill=\"none\"")
            paint.write(to: &out)
            // Each is also given by the style sheet (SVGStyleSheet.noteStroke), which a page's
            // rules for every path cannot beat.
            func geometry(_ name: String, _ value: String) {
                out.write(" ")
                out.write(string: name)
                out.write("=\"")
                out.write(string: value)
                out.write("\"")
                styles.noteStroke(name, value)
            }
            if style.lineCap != .butt { geometry("stroke-linecap", style.lineCap.rawValue) }
            if style.lineJoin != .miter { geometry("stroke-linejoin", style.lineJoin.rawValue) }
            if style.lineJoin == .miter && style.miterLimit != 4 { geometry("stroke-miterlimit", number(style.miterLimit)) }
            if !style.dash.isEmpty {
                geometry("stroke-dasharray", style.dash.map { number($0) }.joined(separator: " "))
                if style.dashPhase != 0 { geometry("stroke-dashoffset", number(style.dashPhase)) }
            }
            geometry("stroke-width", number(lineWidth))
        }
        switch placement {
        case .centered:
            writeElement(shape, to: &body) { attributes(&$0, lineWidth: style.lineWidth) }
            body.write("\n")
        case .inside:
            if let inset = shape.inset(by: style.lineWidth / 2) {
                writeElement(inset, to: &body) { attributes(&$0, lineWidth: style.lineWidth) }
                body.write("\n")
            } else {
                // A path cannot be inset: the inner half of a stroke twice as wide, as Cairo draws it.
                let clip = defineClip(shape, style: FillStyle())
                body.write("<g clip-path=\"url(#")
                body.write(string: clip)
                body.write(")\">")
                writeElement(shape, to: &body) { attributes(&$0, lineWidth: style.lineWidth * 2) }
                body.write("</g>\n")
            }
        }
    }

    /// Writes an SVG element drawing a shape, with the attributes `attributes` writes (each with
    /// a leading space).
    private func writeElement(_ shape: ResolvedShape, to out: inout SVGOutput, _ attributes: (inout SVGOutput) -> Void) {
        switch shape {
        case .rect(let rect):
            writeRectangle(rect.standardized, radius: nil, to: &out, attributes)
        case .roundedRect(let rect, let corner, .circular):
            writeRectangle(rect.standardized, radius: corner, to: &out, attributes)
        case .capsule(let rect, .circular):
            let r = rect.standardized
            let radius = min(r.width, r.height) / 2
            writeRectangle(r, radius: CGSize(width: radius, height: radius), to: &out, attributes)
        case .roundedRect, .capsule, .ellipse, .circle, .path:
            // Ellipses as the same Bézier curves the Cairo backends fill, so every edge pixel agrees.
            out.write("<path d=\"")
            writePathData(shape.path, to: &out)
            out.write("\"")
            attributes(&out)
            out.write("/>")
        }
    }

    private func writeRectangle(_ r: CGRect, radius: CGSize?, to out: inout SVGOutput, _ attributes: (inout SVGOutput) -> Void) {
        out.write("<rect x=\"")
        out.write(number: r.minX)
        out.write("\" y=\"")
        out.write(number: r.minY)
        out.write("\" width=\"")
        out.write(number: r.width)
        out.write("\" height=\"")
        out.write(number: r.height)
        out.write("\"")
        if let radius, radius.width > 0 || radius.height > 0 {
            // SVG clamps the radii to half of each side, as ResolvedShape does.
            out.write(" rx=\"")
            out.write(number: max(radius.width, 0))
            out.write("\"")
            if radius.height != radius.width {
                out.write(" ry=\"")
                out.write(number: max(radius.height, 0))
                out.write("\"")
            }
        }
        attributes(&out)
        out.write("/>")
    }

    /// Path data with absolute commands; quadratic curves are kept (`Q`).
    private func writePathData(_ path: Path, to out: inout SVGOutput) {
        func add(_ command: StaticString?, _ point: CGPoint) {
            if let command { out.write(command) } else { out.write(" ") }
            out.write(number: point.x)
            out.write(" ")
            out.write(number: point.y)
        }
        for element in path.elements {
            switch element {
            case .move(let p): add("M", p)
            case .line(let p): add("L", p)
            case .quadCurve(let p, let c):
                add("Q", c)
                add(nil, p)
            case .curve(let p, let c1, let c2):
                add("C", c1)
                add(nil, c2)
                add(nil, p)
            case .closeSubpath: out.write("Z")
            }
        }
    }

    // MARK: Paint

    /// The custom property a colour of this context is written with, `nil` outside the roles.
    private func customProperty(_ context: Context, stroke: Bool) -> String? {
        if context.keepsColor { return nil }
        return switch context.role {
        case .chipFill?: context.isSelected ? "--tc-selected-fill" : "--tc-chip-fill"
        case .chipBorder?: context.isSelected ? "--tc-selected-stroke" : "--tc-chip-stroke"
        case .label?: context.isSelected ? "--tc-selected-text" : "--tc-text"
        case .checkmark?: "--tc-check"
        case .cloud?, .chip?, .moreChip?, nil: nil
        }
    }

    /// ` class="…"` for a painted element: its role's class and its paint's class.
    private func writeClassAttribute(role: ItemRole?, paint: Paint, to out: inout SVGOutput) {
        let roleClass: StaticString? = switch role {
        case .chipFill?: "tc-chip-fill"
        case .chipBorder?: "tc-chip-border"
        case .label?: "tc-label"
        case .checkmark?: "tc-check"
        case .cloud?, .chip?, .moreChip?, nil: nil
        }
        guard roleClass != nil || paint.className != nil else { return }
        out.write(" class=\"")
        if let roleClass { out.write(roleClass) }
        if let name = paint.className {
            if roleClass != nil { out.write(" ") }
            out.write(className: name)
        }
        out.write("\"")
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
        definitions.write(string: "<linearGradient id=\"\(p)-l\(id)\"\(attributes)>\(content)</linearGradient>\n")
        return "\(p)-l\(id)"
    }

    private func plainGradient(_ stops: [GradientStop], _ start: CGPoint, _ end: CGPoint) -> String {
        gradientReference(stops, start, end, nil)
    }

    private func defineClip(_ shape: ResolvedShape, style: FillStyle) -> String {
        let id = "\(p)-k\(clipCount)"
        clipCount += 1
        definitions.write("<clipPath id=\"")
        definitions.write(string: id)
        definitions.write("\">")
        writeElement(shape, to: &definitions) { out in
            if style.isEOFilled { out.write(" clip-rule=\"evenodd\"") }
            if !style.isAntialiased { out.write(" shape-rendering=\"crispEdges\"") }
        }
        definitions.write("</clipPath>\n")
        return id
    }

    // MARK: Text

    private func writeText(_ text: TextItem, dark: Shading?, context: Context) throws {
        var isGradient = false
        if case .linearGradient(let stops, _, _) = text.shading {
            if stops.isEmpty { return writeTextLayer(text) }
            isGradient = true
        }
        let paint = isGradient ? nil : self.paint(.fill, custom: customProperty(context, stroke: false), scoped: context.keepsColor,
                                                          light: text.shading, dark: dark)
        let groupPaint = paint ?? Paint(attributes: "", className: nil)
        body.write("<g")
        writeClassAttribute(role: context.role, paint: groupPaint, to: &body)
        groupPaint.write(to: &body)
        body.write(">\n")
        for run in text.runs where run.glyphCount > 0 {
            if run.face.hasColorBitmaps {
                try writeColorGlyphs(run, origin: text.origin)
            } else {
                try writeOutlines(run, origin: text.origin, shading: isGradient ? (text.shading, dark) : nil, context: context)
            }
        }
        body.write("</g>\n")
        writeTextLayer(text)
    }

    /// A run's scale from font units to its size, as written (8 decimals) and as read back, so
    /// that the glyph offsets are computed with the value written.
    private func scale(size: CGFloat, units: Double) -> (text: String, value: Double) {
        if let known = scales.last(where: { $0.size == size && $0.units == units }) { return (known.text, known.value) }
        let text = WebText.number(Double(size) / units, decimals: 8)
        let value = Double(text.hasPrefix(".") ? "0" + text : text) ?? Double(size) / units
        if scales.count == 16 { scales.removeFirst() }
        scales.append((size, units, text, value))
        return (text, value)
    }

    /// Lends the body for writing: one exclusive access for a whole element instead of one for
    /// each write.
    @inline(__always)
    private func writingBody<R>(_ write: (inout SVGOutput) throws -> R) rethrows -> R {
        try write(&body)
    }

    /// One group per run, scaled from font units to the run's size, with a `<use>` of each
    /// glyph's outline.
    private func writeOutlines(_ run: GlyphRun, origin: CGPoint, shading: (Shading, Shading?)?, context: Context) throws {
        let units = GlyphOutlines.unitsPerEm(run.face)
        let (scaleText, scale) = self.scale(size: run.fontSize, units: units)
        let count = min(run.glyphCount, run.positionCount)
        guard scale > 0, count > 0 else { return }
        let first = run.position(0)
        let x0 = Double(origin.x + first.x), y0 = Double(origin.y + first.y)
        // One access to the body for the run (each write to a class's stored property was a
        // dynamic exclusivity check: a tenth of an SVG's writing).
        try writingBody { out in
            out.write("<g transform=\"matrix(")
            out.write(string: scaleText)
            out.write(" 0 0 ")
            out.write(string: scaleText)
            out.write(" ")
            out.write(number: x0)
            out.write(" ")
            out.write(number: y0)
            out.write(")\"")
            if let (light, dark) = shading {
                let inverse = Transform(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: -x0 / scale, ty: -y0 / scale)
                let paint = paint(.fill, custom: customProperty(context, stroke: false), scoped: context.keepsColor, light: light, dark: dark) {
                    self.gradientReference($0, $1, $2, inverse)
                }
                if let name = paint.className {
                    out.write(" class=\"")
                    out.write(className: name)
                    out.write("\"")
                }
                paint.write(to: &out)
            }
            out.write(">")
            for index in 0..<count {
                let glyph = run.glyph(index), position = run.position(index)
                let id = try glyphID(face: run.face, glyph: glyph, synthesis: run.synthesis)
                guard let id else { continue }
                out.write("<use href=\"#")
                out.writePrefix()
                out.write("-g")
                out.write(integer: id)
                out.write("\"")
                let dx = (Double(origin.x + position.x) - x0) / scale, dy = (Double(origin.y + position.y) - y0) / scale
                if !WebText.roundsToZero(dx, decimals: 1) {
                    out.write(" x=\"")
                    out.write(number: dx, decimals: 1)
                    out.write("\"")
                }
                if !WebText.roundsToZero(dy, decimals: 1) {
                    out.write(" y=\"")
                    out.write(number: dy, decimals: 1)
                    out.write("\"")
                }
                out.write("/>")
            }
            out.write("</g>\n")
        }
    }

    /// The number of a glyph's outline definition, written on first use; `nil` for a glyph
    /// without contours.
    private func glyphID(face: FontFace, glyph: UInt32, synthesis: FontSynthesis) throws -> Int? {
        let faceBits = UInt(bitPattern: ObjectIdentifier(face))
        let glyphBits = UInt64(glyph) | UInt64(synthesis.rawValue) << 32
        let slot = recentGlyphs.slots + RecentGlyphs.index(face: faceBits, glyph: glyphBits)
        if slot.pointee.face == faceBits && slot.pointee.glyph == glyphBits {
            let id = slot.pointee.id
            return id >= 0 ? id : nil
        }
        let id = try definedGlyphID(face: face, glyph: glyph, synthesis: synthesis)
        slot.pointee = RecentGlyphs.Slot(face: faceBits, glyph: glyphBits, id: id ?? -1)
        return id
    }

    /// ``glyphID(face:glyph:synthesis:)`` from the table of every glyph written.
    private func definedGlyphID(face: FontFace, glyph: UInt32, synthesis: FontSynthesis) throws -> Int? {
        let key = GlyphKey(face: ObjectIdentifier(face), glyph: glyph, synthesis: synthesis.rawValue)
        if let id = glyphIDs[key] { return id >= 0 ? id : nil }
        let data = try GlyphOutlines.shared.pathData(face: face, glyph: glyph, synthesis: synthesis)
        guard !data.isEmpty else {
            glyphIDs[key] = -1
            return nil
        }
        let id = glyphIDs.count
        glyphIDs[key] = id
        definesGlyphOutlines = true
        definitions.write("<path id=\"")
        definitions.writePrefix()
        definitions.write("-g")
        definitions.write(integer: id)
        // A class of its own, whose rule is not scoped by the document's id: a `<use>` draws a
        // copy of the glyph in a shadow tree, which the document's scoped rules (`#prefix path`)
        // do not reach but a page's `path { stroke: red; stroke-dasharray: 2 1 }` does (it
        // outlined every letter, and `path { opacity: .8; fill-opacity: .5 }` faded it). A class
        // rule reaches the copy too, and outranks the page's rules for elements. Not a `style`
        // attribute, which a Content-Security-Policy without `'unsafe-inline'` drops.
        definitions.write("\" class=\"")
        definitions.write(className: "glyph")
        definitions.write("\" d=\"")
        definitions.write(string: data)
        definitions.write("\"/>\n")
        return id
    }

    /// Colour glyphs as the strike's bitmap, defined once as an `<image>` and placed with a
    /// `<use>` scaled to the font size, as the Cairo backends paint it.
    private func writeColorGlyphs(_ run: GlyphRun, origin: CGPoint) throws {
        for index in 0..<min(run.glyphCount, run.positionCount) {
            let glyph = run.glyph(index), position = run.position(index)
            guard let bitmap = try ColorGlyphCache.shared.bitmap(face: run.face, glyph: glyph) else { continue }
            let key = GlyphKey(face: ObjectIdentifier(run.face), glyph: glyph)
            let id: Int
            if let existing = emojiIDs[key] {
                id = existing
            } else {
                id = emojiIDs.count
                emojiIDs[key] = id
                definitions.write(string: "<image id=\"\(p)-e\(id)\" width=\"\(bitmap.width)\" height=\"\(bitmap.height)\" href=\"data:image/png;base64,"
                    + Data(bitmap.png).base64EncodedString() + "\"/>\n")
            }
            let scale = Double(run.fontSize) / bitmap.pixelsPerEm
            let x = Double(origin.x + position.x) + bitmap.left * scale, y = Double(origin.y + position.y) + bitmap.top * scale
            let s = WebText.number(scale, decimals: 8)
            body.write(string: "<use href=\"#\(p)-e\(id)\" transform=\"matrix(\(s) 0 0 \(s) \(number(x)) \(number(y)))\"/>\n")
        }
    }

    /// The invisible real text of each line, stretched over the outlines.
    private func writeTextLayer(_ text: TextItem) {
        guard options.writesTextLayer else { return }
        for line in text.lines where !line.text.isEmpty && line.width > 0 && line.fontSize > 0 {
            let family = text.runs.first(where: { !$0.face.hasColorBitmaps })?.face.familyName
            let size = number(line.fontSize)
            body.write(line.isRightToLeft ? "<text class=\"tc-text tc-rtl " : "<text class=\"tc-text ")
            body.write(className: styles.textSizeClass(size))
            body.write("\" x=\"")
            body.write(number: text.origin.x + line.baselineOrigin.x + (line.isRightToLeft ? line.width : 0))
            body.write("\" y=\"")
            body.write(number: text.origin.y + line.baselineOrigin.y)
            body.write("\" font-size=\"")
            body.write(string: size)
            body.write("\"")
            if let language = text.language {
                body.write(" lang=\"")
                body.write(escaped: language.identifier)
                body.write("\"")
            }
            if let family {
                body.write(" font-family=\"")
                body.write(escaped: family)
                body.write("\"")
            }
            body.write(" textLength=\"")
            body.write(number: line.width)
            body.write("\" lengthAdjust=\"spacingAndGlyphs\" fill-opacity=\"0\">")
            body.write(escaped: line.text)
            body.write("</text>\n")
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
        if opacity < 1 {
            let value = number(opacity)
            attributes += " opacity=\"\(value)\""
            styles.noteGroupOpacity(value)
        }
        if !attributes.isEmpty { body.write(string: "<g\(attributes)\(context.presentationalRole)>\n") }
        // Cairo draws a translucent group's items under its clip and composites the result under
        // the clip again, so antialiased clip edges are covered twice: the same here.
        let clipsTwice = clip != nil && opacity < 1
        if clipsTwice, let clip { body.write(string: "<g clip-path=\"url(#\(clip))\"\(context.presentationalRole)>\n") }
        try write(group.items, dark: dark?.items, context: context)
        if clipsTwice { body.write("</g>\n") }
        if !attributes.isEmpty { body.write("</g>\n") }
    }

    private func matrix(_ t: Transform) -> String {
        "matrix(\(number(t.a, 6)) \(number(t.b, 6)) \(number(t.c, 6)) \(number(t.d, 6)) \(number(t.tx)) \(number(t.ty)))"
    }

    private func number(_ value: CGFloat, _ decimals: Int = 4) -> String {
        WebText.number(Double(value), decimals: decimals)
    }
}
