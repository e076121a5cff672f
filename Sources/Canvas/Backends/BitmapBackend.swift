import CCairo
import Foundation
import Typesetting

/// Draws display lists into pixels, for PNG files and decoded images.
enum BitmapBackend {
    /// The pixel size of a picture at a scale: `ceil(points × scale)`, ignoring rounding noise.
    ///
    /// - Throws: ``CanvasError/invalidScale(_:)``, ``CanvasError/invalidSize(width:height:)`` or
    ///   ``CanvasError/imageTooLarge(pixelWidth:pixelHeight:limit:)`` or
    ///   ``CanvasError/imageAreaTooLarge(pixelWidth:pixelHeight:limit:)``.
    static func pixelSize(of size: CGSize, scale: Double) throws -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0 else { throw CanvasError.invalidScale(scale) }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CanvasError.invalidSize(width: Double(size.width), height: Double(size.height))
        }
        func pixels(_ points: CGFloat) -> Double { max(1, (Double(points) * scale - 1e-6).rounded(.up)) }
        let width = pixels(size.width), height = pixels(size.height)
        let limit = Cairo.maximumImageSide
        guard width <= Double(limit), height <= Double(limit) else {
            throw CanvasError.imageTooLarge(pixelWidth: Int(min(width, Double(Int.max / 2))),
                                            pixelHeight: Int(min(height, Double(Int.max / 2))), limit: limit)
        }
        guard width * height <= Double(RenderingLimits.maximumImagePixels) else {
            throw CanvasError.imageAreaTooLarge(pixelWidth: Int(width), pixelHeight: Int(height), limit: RenderingLimits.maximumImagePixels)
        }
        return (Int(width), Int(height))
    }

    /// The list as PNG bytes: each part of the image is encoded on its own thread, and drawn there
    /// too when the list draws identically in bands (``Bitmap/drawsIdenticallyInBands``). The
    /// bitmap is drawn for this file alone, so an opaque picture's rows are filtered over its own
    /// pixels (``PNGEncoder/encode(overwriting:width:height:stride:isOpaque:preparingRows:redraw:)``):
    /// no second buffer of the picture's size (the 780 × 2392 px example's command peaks at 36.0
    /// instead of 40.2 MiB, `farm-bench` medians).
    static func png(_ list: DisplayList, scale: Double, background: RGBAColor?, encoder: PNGEncoder = PNGEncoder()) throws -> Data {
        let bitmap = try Bitmap(list, scale: scale, background: background)
        let drawsParts = bitmap.drawsIdenticallyInBands
        if !drawsParts { try bitmap.draw(rows: 0..<bitmap.height) }
        return Data(try bitmap.withMutablePixels { base in
            try encoder.encode(overwriting: base, width: bitmap.width, height: bitmap.height, stride: bitmap.stride,
                               isOpaque: bitmap.isOpaque, preparingRows: drawsParts ? { rows in try bitmap.draw(rows: rows) } : nil,
                               redraw: { try bitmap.drawAll() })
        })
    }

    /// The list as decoded pixels, drawn as ``png(_:scale:background:encoder:)`` draws them.
    static func image(_ list: DisplayList, scale: Double, background: RGBAColor?) throws -> RGBAImage {
        let bitmap = try Bitmap(list, scale: scale, background: background)
        try bitmap.drawAll()
        return bitmap.image()
    }
}

/// A picture's pixels in one Cairo ARGB32 buffer (premultiplied alpha, native-endian words), drawn
/// in horizontal bands.
///
/// Each band is drawn through its own Cairo image surface over the band's rows of the shared buffer,
/// with a device offset of minus the band's first row: the surface's extent clips the drawing to the
/// band, and every coordinate is the whole picture's, moved by a whole number of pixels. Bands can
/// be drawn on different threads at once.
///
/// Whether a band's pixels equal those of the same rows drawn in one surface depends on what is
/// drawn (``drawsIdenticallyInBands``). Fills and glyphs are rasterised from fixed-point device
/// coordinates, which a whole-pixel offset moves exactly, so they are the same in any band (the band
/// tests check random pictures in random bands, down to one row each). Cairo 1.16's stroker is not:
/// it skips joins and
/// curve segments outside the clip and computes miters in floating point from absolute positions;
/// nor are gradients and scaled images, whose pixman transforms are rounded from the offset, or
/// opacity groups, whose compositing path depends on the group's extent. Pictures with those are
/// drawn in one band.
final class Bitmap: @unchecked Sendable {
    // The buffer is written only by `draw(rows:)`, each band by one thread, and read after.
    let width: Int
    let height: Int
    let stride: Int
    /// Whether the background is opaque, so every pixel is.
    let isOpaque: Bool
    /// The opaque background as the premultiplied ARGB32 word Cairo's solid fill stores
    /// (``Cairo/solidPixel(_:)``), written into every pixel before anything is drawn; `nil` when the
    /// background is not opaque.
    private let backgroundPixel: UInt32?
    private let list: DisplayList
    private let scale: Double
    private let background: RGBAColor?
    private let buffer: (pointer: UnsafeMutableRawPointer, capacity: Int)
    /// Whether translucent curved fills go through masks (``CairoPainter``'s `fillsThroughMasks`).
    private let fillsThroughMasks: Bool
    /// Whether those masks are composited by table where nothing has drawn (``UntouchedPixels``).
    private let compositesByTable: Bool

    /// Checks the list and takes a buffer for its pixels; draws nothing yet.
    ///
    /// - Parameters:
    ///   - fillsThroughMasks: `false` draws every fill with `cairo_fill`, for the tests that
    ///     compare the two.
    ///   - compositesByTable: `false` composites every mask with pixman, for the tests that check
    ///     the table gives the same pixels.
    /// - Throws: ``CanvasError`` for an invalid list, scale or size.
    init(_ list: DisplayList, scale: Double, background: RGBAColor?, fillsThroughMasks: Bool = true,
         compositesByTable: Bool = true) throws {
        self.fillsThroughMasks = fillsThroughMasks
        self.compositesByTable = compositesByTable
        (width, height) = try BitmapBackend.pixelSize(of: list.size, scale: scale)
        try list.validate()
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0 else {
            throw CanvasError.cairo(operation: "cairo_format_stride_for_width(\(width) px)", status: Cairo.message(CAIRO_STATUS_INVALID_STRIDE))
        }
        self.stride = stride
        self.list = list
        self.scale = scale
        self.background = background
        isOpaque = (background?.opacity ?? 0) >= 1
        backgroundPixel = isOpaque ? background.map(Cairo.solidPixel) : nil
        buffer = ScratchBuffers.shared.take(stride * height)
    }

    deinit { ScratchBuffers.shared.give(buffer.pointer, capacity: buffer.capacity) }

    /// The bands ``drawAll()`` draws: those of the PNG encoder's parts when the list draws
    /// identically in bands, else one.
    var bands: [Range<Int>] {
        drawsIdenticallyInBands ? PNGEncoder().parts(width: width, height: height) : [0..<height]
    }

    /// Whether every item of the list draws the same pixels in any band as in one surface: solid
    /// fills and solid text in outline fonts, in groups that translate or scale without rotating,
    /// with opacity only where the painter folds it into a single fill, and without clips.
    var drawsIdenticallyInBands: Bool { Self.drawIdenticallyInBands(list.items) }

    private static func drawIdenticallyInBands(_ items: [DisplayItem]) -> Bool {
        items.allSatisfy { item in
            switch item.content {
            case .fill(_, .color, _):
                return true
            case .text(let text):
                guard case .color = text.shading else { return false }
                return !text.runs.contains { $0.face.hasColorBitmaps }
            case .group(let group):
                let opacity = min(max(group.opacity, 0), 1)
                if opacity == 0 || group.transform.determinant == 0 { return true }
                guard group.clip == nil, group.transform.b == 0, group.transform.c == 0 else { return false }
                if opacity == 1 { return drawIdenticallyInBands(group.items) }
                guard let folded = CairoPainter.foldedOpacity(group.items, opacity) else { return false }
                return drawIdenticallyInBands([folded])
            case .fill, .stroke:
                return false
            }
        }
    }

    /// Draws one band of rows.
    ///
    /// Every pixel of the band is written before Cairo draws: with the opaque background's word, or
    /// transparent black. The buffer is scratch memory holding an earlier picture (or its filtered
    /// PNG rows), and Cairo's paint cannot be trusted to cover it: with pixman's fast paths disabled
    /// (`PIXMAN_DISABLE="fast mmx sse2 ssse3"`) its solid fill does nothing, and every render showed
    /// different leftovers.
    ///
    /// - Parameter rows: The rows, within `0..<height`.
    /// - Throws: ``CanvasError`` if Cairo fails.
    func draw(rows: Range<Int>) throws {
        guard !rows.isEmpty else { return }
        let start = buffer.pointer + rows.lowerBound * stride
        let word = backgroundPixel ?? 0
        let byte = UInt8(truncatingIfNeeded: word)
        if word == UInt32(byte) &* 0x0101_0101 {
            // A word of four equal bytes (white, transparent black) is set as bytes, by the C
            // library's memset: about 0.66 of the time a loop of words takes on a band of 3.7 MB.
            start.initializeMemory(as: UInt8.self, repeating: byte, count: rows.count * stride)
        } else {
            // Rows are whole 32-bit words: the stride of ARGB32 is a multiple of 4.
            start.initializeMemory(as: UInt32.self, repeating: word, count: rows.count * stride / 4)
        }
        let surface = try CairoSurface(cairo_image_surface_create_for_data(start.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                           Int32(width), Int32(rows.count), Int32(stride)),
                                       operation: "cairo_image_surface_create_for_data(\(width) × \(rows.count) px)")
        cairo_surface_set_device_offset(surface.pointer, 0, -Double(rows.lowerBound))
        do {
            let context = try CairoContext(surface: surface)
            cairo_scale(context.pointer, scale, scale)
            // Every pixel holds the background's word, or transparent black, until drawn on.
            let painter = CairoPainter(context: context, metadata: nil, positionsGlyphsExactly: true, visibleRows: rows,
                                       fillsThroughMasks: fillsThroughMasks,
                                       untouchedPixel: compositesByTable ? (backgroundPixel ?? 0) : nil)
            if let background, backgroundPixel == nil { try painter.paintBackground(background) }
            try painter.draw(list.items)
        }
        // Cairo must be done with the rows before anyone reads them.
        try surface.finish("drawing rows \(rows.lowerBound)..<\(rows.upperBound)")
    }

    /// Draws every band, on as many threads as there are cores.
    func drawAll() throws {
        let bands = self.bands
        _ = try Parallel.map(bands.count) { try draw(rows: bands[$0]) }
    }

    /// Lends the pixels (after drawing).
    func withPixels<R>(_ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(UnsafeRawPointer(buffer.pointer)) }
    }

    /// Lends the pixels for writing, to a body that may overwrite them (a PNG encoder writing its
    /// rows in place); ``draw(rows:)`` draws them again.
    func withMutablePixels<R>(_ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(buffer.pointer) }
    }

    /// The pixels, un-premultiplied (after drawing).
    func image() -> RGBAImage {
        withPixels { RGBAImage(premultipliedARGB32: $0, width: width, height: height, stride: stride) }
    }

    /// A Cairo surface over all the pixels (after drawing), for Cairo's own PNG writer. It keeps
    /// the bitmap alive.
    func surface() throws -> CairoSurface {
        let surface = try CairoSurface(cairo_image_surface_create_for_data(buffer.pointer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                           Int32(width), Int32(height), Int32(stride)),
                                       operation: "cairo_image_surface_create_for_data(\(width) × \(height) px)")
        surface.keepsAlive = self
        return surface
    }
}
