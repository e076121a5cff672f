import CCairo
import Foundation

/// Draws display lists with Cairo's PDF surface. Cairo writes the current time as the creation date;
/// set `SOURCE_DATE_EPOCH` for byte-identical PDFs.
enum PDFBackend {
    static func pdf(_ list: DisplayList, background: RGBAColor?) throws -> Data {
        try list.validate()
        let sink = CairoByteSink()
        let surface = try CairoSurface(cairo_pdf_surface_create_for_stream(CairoByteSink.write, sink.closure,
                                                                           Double(list.size.width), Double(list.size.height)),
                                       operation: "cairo_pdf_surface_create_for_stream")
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "TagCloud")
        if let date = reproducibleDate() {
            // Reproducible builds: a fixed date instead of the current time Cairo would write.
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, date)
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, date)
        }
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

/// Emits item metadata as Cairo PDF tags: links as link annotations (`CAIRO_TAG_LINK` with a
/// `uri`), identifiers as named destinations (`CAIRO_TAG_DEST`).
final class PDFTags: MetadataEmitter {
    func begin(_ metadata: ItemMetadata, context: OpaquePointer) throws {
        if let identifier = metadata.identifier {
            cairo_tag_begin(context, CAIRO_TAG_DEST, "name='\(Self.escape(identifier))'")
        }
        if let link = metadata.link {
            cairo_tag_begin(context, CAIRO_TAG_LINK, "uri='\(Self.escape(link.absoluteString))'")
        }
    }

    func end(_ metadata: ItemMetadata, context: OpaquePointer) throws {
        if metadata.link != nil { cairo_tag_end(context, CAIRO_TAG_LINK) }
        if metadata.identifier != nil { cairo_tag_end(context, CAIRO_TAG_DEST) }
    }

    /// Escapes a string for a single-quoted Cairo tag attribute value.
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
