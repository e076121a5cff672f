import CCairo
import Foundation

/// Draws display lists with Cairo's SVG surface, then makes the output deterministic and adds item
/// metadata (see ``SVGPostProcessor``).
enum SVGBackend {
    static func svg(_ list: DisplayList, background: RGBAColor?) throws -> Data {
        try list.validate()
        let markers = SVGMarkers()
        let raw = try drawRaw(list, background: background, markers: markers)
        let processed = SVGPostProcessor.process(raw, markers: markers)
        if processed.begun == processed.ended { return Data(processed.bytes) }
        // Some marker was not written in the expected form: draw again without metadata rather than
        // leave unbalanced tags.
        let empty = SVGMarkers()
        return Data(SVGPostProcessor.process(try drawRaw(list, background: background, markers: nil), markers: empty).bytes)
    }

    /// Cairo's SVG output, with marker rectangles where item metadata begins and ends.
    static func drawRaw(_ list: DisplayList, background: RGBAColor?, markers: SVGMarkers?) throws -> [UInt8] {
        let sink = CairoByteSink()
        let surface = try CairoSurface(cairo_svg_surface_create_for_stream(CairoByteSink.write, sink.closure,
                                                                           Double(list.size.width), Double(list.size.height)),
                                       operation: "cairo_svg_surface_create_for_stream")
        cairo_svg_surface_restrict_to_version(surface.pointer, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PX)
        do {
            let context = try CairoContext(surface: surface)
            let painter = CairoPainter(context: context, metadata: markers)
            if let background { try painter.paintBackground(background) }
            try painter.draw(list.items)
        }
        try surface.finish("writing the SVG document")
        return withExtendedLifetime(sink) { sink.bytes }
    }
}

/// Records item metadata for SVG as marker paints that ``SVGPostProcessor`` finds in Cairo's output
/// and replaces with `<a>` and `<g>` elements.
///
/// Cairo 1.16's SVG surface has no way to tag output (`cairo_tag_begin` is PDF-only), so each item
/// with metadata is bracketed by two paints of the whole (unclipped) surface in a colour that encodes
/// the metadata's number and an opacity that marks them as begin or end. Painting with the clip reset
/// makes Cairo close every clip group it opened before the marker, so the elements written between
/// the two markers are always well nested.
final class SVGMarkers: MetadataEmitter {
    /// The opacities of begin and end markers, printed by Cairo with six decimals.
    static let beginOpacity = 0.123457
    static let endOpacity = 0.234568

    private(set) var entries: [ItemMetadata] = []
    private var open: [Int] = []

    func begin(_ metadata: ItemMetadata, context: OpaquePointer, state: NestingState) throws {
        entries.append(metadata)
        open.append(entries.count - 1)
        paintMarker(entries.count - 1, opacity: Self.beginOpacity, context: context)
    }

    func end(_ metadata: ItemMetadata, context: OpaquePointer, state: NestingState) throws {
        guard let number = open.popLast() else { return }
        paintMarker(number, opacity: Self.endOpacity, context: context)
    }

    private func paintMarker(_ number: Int, opacity: Double, context: OpaquePointer) {
        cairo_save(context)
        cairo_reset_clip(context)
        let (r, g, b) = Self.color(for: number)
        cairo_set_source_rgba(context, r, g, b, opacity)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The marker colour for a metadata number: its three bytes as red, green and blue.
    static func color(for number: Int) -> (Double, Double, Double) {
        (Double((number >> 16) & 0xFF) / 255, Double((number >> 8) & 0xFF) / 255, Double(number & 0xFF) / 255)
    }
}
