import CCairo
import Foundation

/// Draws display lists with Cairo's PDF surface. The document is a function of the list: it
/// carries no creation or modification date unless `SOURCE_DATE_EPOCH` names one.
enum PDFBackend {
    static func pdf(_ list: DisplayList, background: RGBAColor?, title: String? = nil) throws -> Data {
        try list.validate()
        let (bytes, tooltips) = try draw(list, background: background, title: title, emitsTooltips: true)
        if tooltips.isEmpty { return Data(PDFCrossReference.mended(bytes)) }
        if let annotated = PDFTooltips.annotate(bytes, tooltips: tooltips) { return Data(PDFCrossReference.mended(annotated)) }
        return Data(PDFCrossReference.mended(try draw(list, background: background, title: title, emitsTooltips: false).bytes))
    }

    /// Cairo's document, and the tooltips whose placeholder links it holds.
    private static func draw(_ list: DisplayList, background: RGBAColor?, title: String?,
                             emitsTooltips: Bool) throws -> (bytes: [UInt8], tooltips: [String]) {
        let sink = CairoByteSink()
        let surface = try CairoSurface(cairo_pdf_surface_create_for_stream(CairoByteSink.write, sink.closure,
                                                                           Double(list.size.width), Double(list.size.height)),
                                       operation: "cairo_pdf_surface_create_for_stream")
        // The surface writes into the sink until it is destroyed, which an error thrown while
        // drawing leaves to its deinit: the sink lives as long as the surface (it was released
        // first, and the PDF surface's last page was written into freed memory).
        surface.keepsAlive = sink
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "TagCloud")
        // The document's title (its /Info /Title), which readers show and read out instead of
        // the file's name. Cairo writes printable ASCII as it is, anything else as UTF-16 in
        // hexadecimal, which no character can end early.
        if let title, !title.isEmpty { cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_TITLE, title) }
        // Cairo writes the current time as /CreationDate unless told otherwise. An empty date is one
        // Cairo cannot parse, and it then writes no date at all (cairo-pdf-interchange.c,
        // iso8601_to_pdf_date_string), so the bytes depend on the list alone; SOURCE_DATE_EPOCH
        // (the reproducible-builds convention) asks for a fixed date instead.
        let date = reproducibleDate() ?? ""
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, date)
        let tags = PDFTags(emitsTooltips: emitsTooltips)
        do {
            let context = try CairoContext(surface: surface)
            let painter = CairoPainter(context: context, metadata: tags)
            if let background { try painter.paintBackground(background) }
            try painter.draw(list.items)
        }
        try surface.finish("writing the PDF document")
        return withExtendedLifetime(sink) { (sink.bytes, tags.tooltips) }
    }
}

/// The date named by `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds convention) in
/// the ISO 8601 form Cairo's PDF metadata takes, or `nil` when it is not set or names no date a PDF
/// can hold (before 1970, or after 9999: the year must be four digits; 253402300800 wrote
/// `(1000-0-0T0:0:00)`).
func reproducibleDate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    guard let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int(text), (0..<253_402_300_800).contains(seconds) else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
}

/// Emits item links as Cairo PDF link tags (`CAIRO_TAG_LINK` with a `uri`), each with an explicit
/// rectangle, the area the item covers (``DisplayItem/coveredBounds``), and tooltips as link tags
/// over that area with a placeholder URI that ``PDFTooltips`` turns into a markup annotation.
///
/// A link's rectangle is given rather than left to Cairo, which would take the extents of what is
/// drawn while the tag is open: a paint inside it (an opacity group, as a chip's count is drawn)
/// has no extents short of the page's, and the link covered the whole page. Each tag is opened and
/// closed at once, before the item is drawn.
///
/// Cairo 1.16 is fragile with tags, so only what works reliably is emitted: links of items outside
/// opacity groups and clips (tags inside `cairo_push_group` crash it; tags under some clips make it
/// fail the document with "invalid tag nesting"), and only the outermost of nested links (PDF links
/// cannot nest). Identifiers are not written as named destinations: nested `CAIRO_TAG_DEST` tags in
/// clipped groups crash it.
final class PDFTags: MetadataEmitter {
    /// The links of the items being drawn, outermost first; only the first was emitted.
    private var openLinks = 0
    /// Whether tooltips are emitted.
    private let emitsTooltips: Bool
    /// The tooltips emitted, numbered in order.
    private(set) var tooltips: [String] = []

    init(emitsTooltips: Bool = true) {
        self.emitsTooltips = emitsTooltips
    }

    func begin(_ item: DisplayItem, context: OpaquePointer, state: NestingState) throws {
        // Every link is checked, also those a PDF cannot hold: an unsafe link fails the document.
        guard let checked = try Self.emittedLink(item.metadata, state: state) else { return }
        openLinks += 1
        guard openLinks == 1, let area = Self.annotationArea(of: item) else { return }
        cairo_tag_begin(context, CAIRO_TAG_LINK, "\(area) uri='\(Self.escape(Self.pdfURI(checked.href)))'")
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }

    func end(_ item: DisplayItem, context: OpaquePointer, state: NestingState) throws {
        guard try Self.emittedLink(item.metadata, state: state) != nil else { return }
        openLinks -= 1
    }

    /// The `rect=[x y width height]` attribute of the area an item covers, in user space; `nil`
    /// when it covers nothing (an item that draws nothing has nothing to click).
    private static func annotationArea(of item: DisplayItem) -> String? {
        guard let area = item.coveredBounds, area.width > 0, area.height > 0, area.minX.isFinite, area.minY.isFinite,
              area.width.isFinite, area.height.isFinite else { return nil }
        func number(_ value: CGFloat) -> String { String(format: "%.4f", Double(value)) }
        return "rect=[\(number(area.minX)) \(number(area.minY)) \(number(area.width)) \(number(area.height))]"
    }

    /// The item's link, checked, when the PDF holds it: outside opacity groups and clips, and
    /// absolute. A relative link (`/tags/swift/`) or a fragment (`#swift`) has no page to resolve
    /// against in a PDF, and a viewer could follow it nowhere: it is left out.
    private static func emittedLink(_ metadata: ItemMetadata, state: NestingState) throws -> WebLink? {
        guard let link = metadata.link else { return nil }
        let checked = try WebLink(checking: link)
        guard state.groups == 0, state.clips == 0, checked.kind != .relative, checked.kind != .fragment else { return nil }
        return checked
    }

    /// A tooltip, as a link tag with an explicit rectangle (the item's covered area) and a
    /// placeholder URI, emitted after the item's own link has ended (links cannot nest), and like
    /// links only outside opacity groups and clips.
    func tooltip(_ text: String, of item: DisplayItem, context: OpaquePointer, state: NestingState) throws {
        guard emitsTooltips, state.groups == 0, state.clips == 0, openLinks == 0, let area = Self.annotationArea(of: item) else { return }
        let uri = PDFTooltips.placeholder(number: tooltips.count, text: text)
        tooltips.append(text)
        cairo_tag_begin(context, CAIRO_TAG_LINK, "\(area) uri='\(uri)'")
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }

    /// A checked link as a PDF's `/URI` holds it: Cairo 1.16 writes the URI into a literal string,
    /// `(…)`, as it is, so a parenthesis left alone (`https://example.com/a(b`) ended the string
    /// early or never, and the rest of the file was read as part of it (exit 0, a broken PDF);
    /// parentheses and backslashes are percent-encoded, which names the same resource (RFC 3986,
    /// section 2.2: they are sub-delimiters a server reads either way).
    static func pdfURI(_ href: String) -> String {
        href.replacingOccurrences(of: "\\", with: "%5C").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29")
    }

    /// Escapes a string for a single-quoted Cairo tag attribute value.
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
