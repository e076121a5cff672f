import CCairo
import Foundation

/// A display list drawn into pixels and kept, so that PNG encoders can be compared on the same
/// pixels (the canvas benchmarks and the encoder tests).
package final class RenderedSurface {
    private let bitmap: Bitmap
    /// Whether the background was opaque.
    package var isOpaque: Bool { bitmap.isOpaque }

    /// Draws `list` as the PNG backend does.
    ///
    /// - Parameters:
    ///   - list: The picture.
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; `nil` for transparent.
    ///   - bands: The rows of each band, drawn on as many threads as there are cores; the PNG
    ///     backend's bands by default; clamped to the picture's rows. The pixels are the same for any
    ///     bands.
    ///   - fillsThroughMasks: `false` fills every shape with `cairo_fill` instead of through a
    ///     mask (the same pixels up to the rasterizers' difference at edges, which the tests check).
    ///   - compositesByTable: `false` composites every mask with pixman, never by table (the same
    ///     pixels, which the tests check).
    /// - Throws: ``CanvasError`` as ``Renderer/png(scale:background:)`` does.
    package init(_ list: DisplayList, scale: Double, background: RGBAColor?, bands: [Range<Int>]? = nil,
                 fillsThroughMasks: Bool = true, compositesByTable: Bool = true) throws {
        bitmap = try Bitmap(list, scale: scale, background: background, fillsThroughMasks: fillsThroughMasks,
                            compositesByTable: compositesByTable)
        let bands = (bands ?? bitmap.bands).map { $0.clamped(to: 0..<bitmap.height) }.filter { !$0.isEmpty }
        _ = try Parallel.map(bands.count) { try bitmap.draw(rows: bands[$0]) }
    }

    /// Width in pixels.
    package var pixelWidth: Int { bitmap.width }
    /// Height in pixels.
    package var pixelHeight: Int { bitmap.height }

    /// Encodes the pixels with Canvas's encoder.
    package func png(encoder: PNGEncoder = PNGEncoder()) throws -> [UInt8] {
        try bitmap.withPixels { base in
            try encoder.encode(premultipliedARGB32: base, width: bitmap.width, height: bitmap.height, stride: bitmap.stride,
                               isOpaque: bitmap.isOpaque)
        }
    }

    /// Encodes the pixels with Cairo's own writer, `cairo_surface_write_to_png_stream` (libpng with
    /// zlib's default level and adaptive filters).
    package func cairoPNG() throws -> [UInt8] {
        let surface = try bitmap.surface()
        let sink = CairoByteSink()
        let status = cairo_surface_write_to_png_stream(surface.pointer, CairoByteSink.write, sink.closure)
        try Cairo.check(status, "cairo_surface_write_to_png_stream")
        return withExtendedLifetime(sink) { sink.bytes }
    }

    /// The pixels, un-premultiplied.
    package func image() -> RGBAImage { bitmap.image() }
}
