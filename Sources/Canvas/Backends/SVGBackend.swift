import CCairo
import Foundation

/// Draws display lists with Cairo's SVG surface, then makes the output deterministic and adds item
/// metadata (see ``SVGPostProcessor``).
enum SVGBackend {
    static func svg(_ list: DisplayList, background: RGBAColor?) throws -> Data {
        try list.validate()
        // Image markers are cheapest; should Cairo ever write them other than expected, numbered
        // rectangles are tried, and as a last resort the picture is written without metadata
        // rather than with unbalanced tags.
        for style in [SVGMarkers.Style.images, .rectangles] {
            let markers = SVGMarkers(style: style)
            let raw = try drawRaw(list, background: background, markers: markers)
            if let processed = SVGPostProcessor.process(raw, markers: markers) { return Data(processed) }
        }
        return Data(SVGPostProcessor.process(try drawRaw(list, background: background, markers: nil)))
    }

    /// Cairo's SVG output, with markers where item metadata begins and ends.
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
            try markers?.finish(context: context.pointer)
            try context.check("writing the metadata markers")
        }
        try surface.finish("writing the SVG document")
        return withExtendedLifetime(sink) { sink.bytes }
    }
}

/// Records item metadata for SVG as markers that ``SVGPostProcessor`` finds in Cairo's output and
/// replaces with `<a>` and `<g>` elements.
///
/// Cairo 1.16's SVG surface has no way to tag output (`cairo_tag_begin` is PDF-only), so metadata is
/// carried by drawing operations that Cairo writes in a recognisable form. Where items begin and end
/// without anything drawn between them (the end of one chip and the start of the next), their
/// events share one marker, painted just before the next drawing operation. A marker paints with the
/// clip reset, which makes Cairo close every clip group it opened before it, so the elements written
/// between two markers are always well nested.
///
/// - Outside opacity groups, a marker paints a 1 × 1 image surface carrying a URI as MIME data, at
///   the identity transform: Cairo defines the image once (`<image … xlink:href="tagcloud:marker"/>`,
///   the URI instead of pixels) and writes each marker as `<use xlink:href="#imageN"/>`, with no
///   number to format (formatting numbers is most of what Cairo's SVG surface costs). These markers
///   are told apart by their order, which is the drawing order.
/// - Inside opacity groups, whose content Cairo writes into `<defs>` out of drawing order (and drops
///   when the group's clip is empty), a marker paints the whole surface in a colour that encodes its
///   number: `<rect … style="fill:rgb(R%,G%,B%);fill-opacity:0.123457;…"/>`.
final class SVGMarkers: MetadataEmitter {
    /// How markers are painted.
    enum Style {
        /// Image markers outside opacity groups, numbered rectangles inside.
        case images
        /// Numbered rectangles everywhere.
        case rectangles
    }

    /// A metadata event: an item's metadata begins or ends.
    enum Event: Equatable {
        case begin(Int)
        case end(Int)
    }

    /// The opacity of rectangle markers, printed by Cairo with six decimals.
    static let rectangleOpacity = 0.123457
    /// The URI the image markers carry.
    static let imageURI = "tagcloud:marker"

    let style: Style
    /// The metadata, numbered in the order items begin.
    private(set) var entries: [ItemMetadata] = []
    /// The events of each marker, numbered in painting order.
    private(set) var markers: [[Event]] = []
    /// The numbers of the image markers, in painting order.
    private(set) var imageMarkers: [Int] = []
    private var pending: [Event] = []
    private var open: [Int] = []
    private var markerImage: CairoSurface?

    init(style: Style) {
        self.style = style
    }

    func begin(_ metadata: ItemMetadata, context: OpaquePointer, state: NestingState) throws {
        entries.append(metadata)
        open.append(entries.count - 1)
        pending.append(.begin(entries.count - 1))
    }

    func end(_ metadata: ItemMetadata, context: OpaquePointer, state: NestingState) throws {
        guard let number = open.popLast() else { return }
        pending.append(.end(number))
    }

    func willDraw(context: OpaquePointer, state: NestingState) throws {
        guard !pending.isEmpty else { return }
        let number = markers.count
        markers.append(pending)
        pending.removeAll(keepingCapacity: true)
        cairo_save(context)
        cairo_reset_clip(context)
        if style == .images && state.groups == 0 {
            cairo_identity_matrix(context)
            cairo_set_source_surface(context, try image().pointer, 0, 0)
            imageMarkers.append(number)
        } else {
            let (r, g, b) = Self.color(for: number)
            cairo_set_source_rgba(context, r, g, b, Self.rectangleOpacity)
        }
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Paints the marker of the events still pending (the last items' ends).
    func finish(context: OpaquePointer) throws {
        try willDraw(context: context, state: NestingState())
    }

    /// The document's marker image, made on first use.
    private func image() throws -> CairoSurface {
        if let markerImage { return markerImage }
        let surface = try CairoSurface.image(width: 1, height: 1)
        let uri = Array(Self.imageURI.utf8)
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: uri.count)
        data.initialize(from: uri, count: uri.count)
        let status = cairo_surface_set_mime_data(surface.pointer, CAIRO_MIME_TYPE_URI, data, UInt(uri.count), { data in
            data?.assumingMemoryBound(to: UInt8.self).deallocate()
        }, data)
        if status != CAIRO_STATUS_SUCCESS { data.deallocate() }
        try Cairo.check(status, "cairo_surface_set_mime_data(text/x-uri)")
        markerImage = surface
        return surface
    }

    /// The rectangle marker colour for a marker number: its three bytes as red, green and blue.
    static func color(for number: Int) -> (Double, Double, Double) {
        (Double((number >> 16) & 0xFF) / 255, Double((number >> 8) & 0xFF) / 255, Double(number & 0xFF) / 255)
    }
}
