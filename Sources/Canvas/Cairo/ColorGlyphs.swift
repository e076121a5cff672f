import CCairo
import Foundation
import Typesetting

/// A colour glyph's bitmap at its font's native strike size.
///
/// Cairo 1.16 draws colour-bitmap glyphs (CBDT, as in Noto Color Emoji) well on image surfaces, but
/// its SVG and PDF surfaces embed them as bitmaps rasterised at one pixel per point, which blur as
/// soon as the picture is zoomed or printed. Canvas therefore draws every colour glyph itself, on
/// every backend alike: the strike bitmap (136 × 128 pixels for Noto Color Emoji) is painted as an
/// image scaled to the font size, so PNG, SVG and PDF show the same pixels, and SVG and PDF keep the
/// full resolution.
struct ColorGlyphBitmap: Sendable {
    /// Width and height in pixels.
    let width: Int
    let height: Int
    /// Premultiplied pixels in Cairo's ARGB32 layout, `width * 4` bytes a row.
    let pixels: [UInt8]
    /// The bitmap's top-left corner relative to the glyph origin, in strike pixels (y down).
    let left: Double
    let top: Double
    /// The strike's size in pixels per em.
    let pixelsPerEm: Double
    /// The bitmap as a PNG file, embedded by the SVG backend.
    let png: [UInt8]
}

/// The strike bitmaps of colour glyphs, made once per face and glyph and shared by all renders.
final class ColorGlyphCache: Sendable {
    static let shared = ColorGlyphCache()

    private struct Key: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
    }

    private let bitmaps = Locked<[Key: ColorGlyphBitmap?]>([:])

    /// The bitmap of `glyph` in `face`, or `nil` for a glyph without ink (a space).
    ///
    /// - Throws: ``CanvasError`` if Cairo cannot rasterise the glyph.
    func bitmap(face: FontFace, glyph: UInt32) throws -> ColorGlyphBitmap? {
        let key = Key(face: ObjectIdentifier(face), glyph: glyph)
        if let cached = bitmaps.withLock({ $0[key] }) { return cached }
        let made = try CairoScaledFont.rasterising.withLock { _ in try Self.rasterise(face: face, glyph: glyph) }
        bitmaps.withLock { $0[key] = made }
        return made
    }

    /// Draws `glyph` alone with Cairo at the face's largest strike size (Typesetting's
    /// `colorBitmapStrike(forSize:)` for an unbounded size) and identity transform, so the result is
    /// FreeType's colour bitmap, unscaled, at the best resolution the font has.
    private static func rasterise(face: FontFace, glyph: UInt32) throws -> ColorGlyphBitmap? {
        let ppem = face.colorBitmapStrike(forSize: .greatestFiniteMagnitude).map { Double($0.ppem) } ?? 128
        let scaledFont = try CairoScaledFont(face: face, pixelSize: ppem)
        let extents = scaledFont.extents(of: glyph)
        let left = extents.x_bearing.rounded(.down), top = extents.y_bearing.rounded(.down)
        let width = Int((extents.x_bearing + extents.width - left).rounded(.up))
        let height = Int((extents.y_bearing + extents.height - top).rounded(.up))
        guard width > 0, height > 0, width <= Cairo.maximumImageSide, height <= Cairo.maximumImageSide else { return nil }
        let surface = try CairoSurface.image(width: width, height: height)
        let context = try CairoContext(surface: surface)
        cairo_set_scaled_font(context.pointer, scaledFont.pointer)
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: -left, y: -top)
        cairo_show_glyphs(context.pointer, &cairoGlyph, 1)
        try context.check("cairo_show_glyphs(colour glyph \(glyph) of \(face.path))")
        try surface.flush()
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            for row in 0..<height {
                memcpy(out.baseAddress! + row * width * 4, data + row * stride, width * 4)
            }
        }
        let png = try pixels.withUnsafeBytes { raw in
            try PNGEncoder().encode(premultipliedARGB32: raw.baseAddress!, width: width, height: height, stride: width * 4, isOpaque: false)
        }
        return ColorGlyphBitmap(width: width, height: height, pixels: pixels, left: left, top: top,
                                pixelsPerEm: ppem, png: png)
    }
}
