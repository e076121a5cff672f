import CCairo
import Foundation
import Typesetting

/// A glyph's coverage, rendered once at a device size and a sub-pixel phase.
///
/// Cairo 1.16's image backend rounds every glyph origin to a whole pixel, so glyphs would sit up to
/// half a pixel away from where the SVG and PDF put them. Canvas instead renders each glyph's
/// outline itself (with the fixed font options) into an A8 mask at one of 4 × 4 quarter-pixel
/// phases, and composites the mask at the integer part of the position: positions are exact to an
/// eighth of a pixel, and drawing costs what Cairo's own glyph cache costs.
final class GlyphMask: @unchecked Sendable {
    // Immutable after creation; the bytes are only read (by Cairo surfaces made over them).
    let width: Int
    let height: Int
    let stride: Int
    /// Offset of the mask's top-left pixel from the integer part of the glyph origin.
    let left: Int
    let top: Int
    let bytes: UnsafeMutableRawPointer

    init(width: Int, height: Int, stride: Int, left: Int, top: Int, copying source: UnsafeRawPointer) {
        self.width = width
        self.height = height
        self.stride = stride
        self.left = left
        self.top = top
        bytes = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        bytes.copyMemory(from: source, byteCount: stride * height)
    }

    deinit { bytes.deallocate() }
}

/// The process-wide cache of glyph masks.
final class GlyphMasks: Sendable {
    static let shared = GlyphMasks()
    /// Sub-pixel phases per pixel, horizontally and vertically.
    static let phases = 8
    /// More masks than this and the cache starts again (each is a few hundred bytes).
    private static let capacity = 50_000

    struct Key: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
        /// The font size in device pixels, as the bits of the Double.
        let pixelSize: UInt64
        let phaseX: Int
        let phaseY: Int
        let synthesis: UInt8
    }

    private let masks = Locked<[Key: GlyphMask?]>([:])

    /// The mask of `glyph` at `pixelSize` and the given quarter-pixel phases, or `nil` for a glyph
    /// without ink.
    func mask(face: FontFace, glyph: UInt32, pixelSize: Double, phaseX: Int, phaseY: Int,
              synthesis: FontSynthesis = []) throws -> GlyphMask? {
        let key = Key(face: ObjectIdentifier(face), glyph: glyph, pixelSize: pixelSize.bitPattern, phaseX: phaseX, phaseY: phaseY,
                      synthesis: synthesis.rawValue)
        if let cached = masks.withLock({ $0[key] }) { return cached }
        let made = try CairoScaledFont.rasterising.withLock { count in
            count &+= 1
            return try Self.render(face: face, glyph: glyph, pixelSize: pixelSize, synthesis: synthesis,
                                   phase: (Double(phaseX) / Double(Self.phases), Double(phaseY) / Double(Self.phases)))
        }
        masks.withLock { masks in
            if masks.count >= Self.capacity { masks.removeAll(keepingCapacity: true) }
            masks[key] = made
        }
        return made
    }

    /// Fills the glyph's outline, with its origin at `phase` within a pixel, into a new A8 mask.
    private static func render(face: FontFace, glyph: UInt32, pixelSize: Double, synthesis: FontSynthesis,
                               phase: (Double, Double)) throws -> GlyphMask? {
        let scaledFont = try CairoScaledFont(face: face, pixelSize: pixelSize, synthesis: synthesis)
        let extents = scaledFont.extents(of: glyph)
        guard extents.width > 0, extents.height > 0 else { return nil }
        // One pixel of margin for antialiasing.
        let left = Int((phase.0 + extents.x_bearing).rounded(.down)) - 1
        let top = Int((phase.1 + extents.y_bearing).rounded(.down)) - 1
        let width = Int((phase.0 + extents.x_bearing + extents.width).rounded(.up)) + 1 - left
        let height = Int((phase.1 + extents.y_bearing + extents.height).rounded(.up)) + 1 - top
        guard width <= Cairo.maximumImageSide, height <= Cairo.maximumImageSide else { return nil }
        let surface = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
                                       operation: "cairo_image_surface_create(A8 \(width) × \(height))")
        let context = try CairoContext(surface: surface)
        cairo_set_scaled_font(context.pointer, scaledFont.pointer)
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: phase.0 - Double(left), y: phase.1 - Double(top))
        cairo_glyph_path(context.pointer, &cairoGlyph, 1)
        cairo_set_antialias(context.pointer, CAIRO_ANTIALIAS_GRAY)
        cairo_fill(context.pointer)
        try context.check("filling glyph \(glyph) of \(face.path)")
        try surface.flush()
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return nil }
        return GlyphMask(width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface.pointer)),
                         left: left, top: top, copying: data)
    }
}
