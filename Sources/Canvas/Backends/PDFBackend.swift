import CCairo
import Foundation

/// Draws display lists with Cairo's PDF surface.
enum PDFBackend {
    static func pdf(_ list: DisplayList, background: RGBAColor?) throws -> Data {
        try list.validate()
        let sink = CairoByteSink()
        let surface = try CairoSurface(cairo_pdf_surface_create_for_stream(CairoByteSink.write, sink.closure,
                                                                           Double(list.size.width), Double(list.size.height)),
                                       operation: "cairo_pdf_surface_create_for_stream")
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "TagCloud")
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
