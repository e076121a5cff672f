import CCairo
import Foundation

/// Draws display lists into Cairo image surfaces, for PNG files and decoded pixels.
enum BitmapBackend {
    /// The pixel size of a picture at a scale: `ceil(points × scale)`, ignoring rounding noise.
    ///
    /// - Throws: ``CanvasError/invalidScale(_:)``, ``CanvasError/invalidSize(width:height:)`` or
    ///   ``CanvasError/imageTooLarge(pixelWidth:pixelHeight:limit:)``.
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
        return (Int(width), Int(height))
    }

    /// Draws the list into a new image surface.
    static func draw(_ list: DisplayList, scale: Double, background: RGBAColor?) throws -> CairoSurface {
        let (width, height) = try pixelSize(of: list.size, scale: scale)
        try list.validate()
        let opaque = (background?.opacity ?? 0) >= 1
        let surface = try CairoSurface.scratchImage(width: width, height: height, cleared: !opaque)
        let context = try CairoContext(surface: surface)
        cairo_scale(context.pointer, scale, scale)
        let painter = CairoPainter(context: context, metadata: nil, positionsGlyphsExactly: true)
        if let background { try painter.paintBackground(background) }
        try painter.draw(list.items)
        try surface.flush()
        return surface
    }

    /// The list as PNG bytes.
    static func png(_ list: DisplayList, scale: Double, background: RGBAColor?) throws -> Data {
        let surface = try draw(list, scale: scale, background: background)
        return Data(try encode(surface, isOpaque: (background?.opacity ?? 0) >= 1, encoder: PNGEncoder()))
    }

    /// Encodes an image surface's pixels as PNG.
    static func encode(_ surface: CairoSurface, isOpaque: Bool, encoder: PNGEncoder) throws -> [UInt8] {
        let (data, width, height, stride) = try pixels(of: surface)
        return try encoder.encode(premultipliedARGB32: data, width: width, height: height, stride: stride, isOpaque: isOpaque)
    }

    /// The list as decoded pixels.
    static func image(_ list: DisplayList, scale: Double, background: RGBAColor?) throws -> RGBAImage {
        let surface = try draw(list, scale: scale, background: background)
        let (data, width, height, stride) = try pixels(of: surface)
        return RGBAImage(premultipliedARGB32: data, width: width, height: height, stride: stride)
    }

    private static func pixels(of surface: CairoSurface) throws -> (UnsafeRawPointer, Int, Int, Int) {
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw CanvasError.cairo(operation: "cairo_image_surface_get_data", status: Cairo.message(CAIRO_STATUS_NULL_POINTER))
        }
        return (UnsafeRawPointer(data), Int(cairo_image_surface_get_width(surface.pointer)),
                Int(cairo_image_surface_get_height(surface.pointer)), Int(cairo_image_surface_get_stride(surface.pointer)))
    }
}
