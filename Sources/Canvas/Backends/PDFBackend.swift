import CCairo
import Foundation

/// Draws display lists with Cairo's PDF surface. The document is a function of the list: it
/// carries no creation or modification date unless `SOURCE_DATE_EPOCH` names one.
enum PDFBackend {
    static func pdf(_ list: DisplayList, background: RGBAColor?) throws -> Data {
        try list.validate()
        let sink = CairoByteSink()
        let surface = try CairoSurface(cairo_pdf_surface_create_for_stream(CairoByteSink.write, sink.closure,
                                                                           Double(list.size.width), Double(list.size.height)),
                                       operation: "cairo_pdf_surface_create_for_stream")
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "TagCloud")
        // Cairo writes the current time as /CreationDate unless told otherwise. An empty date is one
        // Cairo cannot parse, and it then writes no date at all (cairo-pdf-interchange.c,
        // iso8601_to_pdf_date_string), so the bytes depend on the list alone; SOURCE_DATE_EPOCH
        // (the reproducible-builds convention) asks for a fixed date instead.
        let date = reproducibleDate() ?? ""
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, date)
        do {
            let context = try CairoContext(surface: surface)
            let painter = CairoPainter(context: context, metadata: PDFTags())
            if let background { try painter.paintBackground(background) }
            try painter.draw(list.items)
        }
        try surface.finish("writing the PDF document")
        return withExtendedLifetime(sink) { Data(sink.bytes) }
    }
}

/// The date named by `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds convention) in
/// the ISO 8601 form Cairo's PDF metadata takes, or `nil` when it is not set.
func reproducibleDate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    guard let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int(text), seconds >= 0 else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
}

/// Emits item links as Cairo PDF link tags (`CAIRO_TAG_LINK` with a `uri`), which become link
/// annotations over the area the item draws.
///
/// Cairo 1.16 is fragile with tags, so only what works reliably is emitted: links of items outside
/// opacity groups and clips (tags inside `cairo_push_group` crash it; tags under some clips make it
/// fail the document with "invalid tag nesting"), and only the outermost of nested links (PDF links
/// cannot nest). A chip's own link works: it is emitted before the chip's clip is set. Identifiers
/// are not written as named destinations: nested `CAIRO_TAG_DEST` tags in clipped groups crash it.
final class PDFTags: MetadataEmitter {
    /// The open links, outermost first; only the first was emitted.
    private var openLinks = 0

    func begin(_ metadata: ItemMetadata, context: OpaquePointer, state: NestingState) throws {
        // Every link is checked, also those a PDF cannot hold: an unsafe link fails the document.
        let checked = try metadata.link.map { try WebLink(checking: $0) }
        guard state.groups == 0, state.clips == 0, let checked else { return }
        openLinks += 1
        if openLinks == 1 {
            cairo_tag_begin(context, CAIRO_TAG_LINK, "uri='\(Self.escape(checked.href))'")
        }
    }

    func end(_ metadata: ItemMetadata, context: OpaquePointer, state: NestingState) throws {
        guard state.groups == 0, state.clips == 0, metadata.link != nil else { return }
        if openLinks == 1 { cairo_tag_end(context, CAIRO_TAG_LINK) }
        openLinks -= 1
    }

    /// Escapes a string for a single-quoted Cairo tag attribute value.
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
