import CCairo
import Foundation

/// A display list drawn into a Cairo image surface and kept, so that PNG encoders can be compared on
/// the same pixels (the canvas benchmarks and the encoder tests).
package final class RenderedSurface {
    private let surface: CairoSurface
    /// Whether the background was opaque.
    package let isOpaque: Bool

    /// Draws `list` as the PNG backend does.
    ///
    /// - Throws: ``CanvasError`` as ``Renderer/png(scale:background:)`` does.
    package init(_ list: DisplayList, scale: Double, background: RGBAColor?) throws {
        surface = try BitmapBackend.draw(list, scale: scale, background: background)
        isOpaque = (background?.opacity ?? 0) >= 1
    }

    /// Width in pixels.
    package var pixelWidth: Int { Int(cairo_image_surface_get_width(surface.pointer)) }
    /// Height in pixels.
    package var pixelHeight: Int { Int(cairo_image_surface_get_height(surface.pointer)) }

    /// Encodes the pixels with Canvas's encoder.
    package func png(encoder: PNGEncoder = PNGEncoder()) throws -> [UInt8] {
        try BitmapBackend.encode(surface, isOpaque: isOpaque, encoder: encoder)
    }

    /// Encodes the pixels with Cairo's own writer, `cairo_surface_write_to_png_stream` (libpng with
    /// zlib's default level and adaptive filters).
    package func cairoPNG() throws -> [UInt8] {
        let sink = CairoByteSink()
        let status = cairo_surface_write_to_png_stream(surface.pointer, CairoByteSink.write, sink.closure)
        try Cairo.check(status, "cairo_surface_write_to_png_stream")
        return withExtendedLifetime(sink) { sink.bytes }
    }

    /// The pixels, un-premultiplied.
    package func image() -> RGBAImage {
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return RGBAImage(width: 0, height: 0) }
        return RGBAImage(premultipliedARGB32: data, width: pixelWidth, height: pixelHeight,
                         stride: Int(cairo_image_surface_get_stride(surface.pointer)))
    }
}
