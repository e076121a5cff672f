import CCairo
import CFreeType
import Foundation

/// Rasterises filled outlines into 8-bit coverage masks with FreeType's smooth rasterizer, the one
/// that draws glyphs.
///
/// FreeType's rasterizer computes each pixel's exact covered area (to 1/256 of a pixel, from
/// coordinates in 1/64 of a pixel) and only visits the cells an edge crosses; Cairo 1.16's scan
/// converter samples 15 rows per pixel row, which costs more for the same shape (a chip's capsule at
/// 2×: about 4 µs against 11 µs) and is less exact (up to 19 levels of 255 apart on a capsule's
/// edge, where FreeType's area is the true one).
///
/// The coverage is exact for outlines whose contours overlap neither one another nor themselves
/// (the shapes other than paths). Where contours overlap, a pixel that two edges cross gets the fill
/// rule applied to its average winding rather than point by point, as in glyph rendering; Cairo's
/// sampling is right there, so paths are left to Cairo (``ResolvedShape/isSimpleOutline``).
///
/// Coordinates are rounded to 1/64 pixel in the whole picture's device space and then moved to the
/// mask's origin by whole pixels, and the rasterizer's arithmetic is integer and moves with them,
/// so a shape's pixels do not depend on the band or mask it is drawn in (the band tests check it).
enum OutlineMasks {
    /// A FreeType library used for nothing but rasterising outlines. `FT_Outline_Render` only
    /// reads a library, and the smooth rasterizer keeps its state on the caller's stack, so threads
    /// share it without a lock; faces use Typesetting's library, behind its own lock.
    private static let library = RasterLibrary()

    /// The largest coordinate given to FreeType, in pixels from the mask's origin: FreeType 2.10
    /// and later refuse an outline whose box reaches ±2¹⁸ pixels (±0x1000000 in 26.6 fixed point).
    /// A caller that wants the same rasteriser in every band sends only shapes smaller than this.
    static let coordinateLimit = 1 << 17

    /// Fills a path into an 8-bit mask (which must be cleared: covered pixels are overwritten).
    ///
    /// Subpaths follow Cairo's rules: a line or curve without a current point starts a subpath
    /// there, a closed subpath's end is its start, and every subpath is closed for filling.
    ///
    /// - Parameters:
    ///   - path: The outline, in user space.
    ///   - matrix: User space to device space; it must not rotate or skew (`xy` and `yx` zero).
    ///   - evenOdd: The even-odd fill rule instead of non-zero winding.
    ///   - mask: The mask's first byte, its top-left pixel.
    ///   - width: The mask's width in pixels.
    ///   - height: The mask's height in pixels.
    ///   - stride: Bytes from one mask row to the next.
    ///   - left: The device column of the mask's first column.
    ///   - top: The device row of the mask's first row.
    /// - Returns: `false`, with the mask untouched, if FreeType cannot take the outline (more than
    ///   32,767 points or contours, a coordinate beyond ``coordinateLimit``, no library); the caller
    ///   then fills with Cairo.
    static func fill(_ path: Path, matrix: cairo_matrix_t, evenOdd: Bool, mask: UnsafeMutablePointer<UInt8>,
                     width: Int, height: Int, stride: Int, left: Int, top: Int) -> Bool {
        guard matrix.xy == 0, matrix.yx == 0, width > 0, height > 0, stride >= width,
              let library = library.handle, var outline = Outline(path, matrix: matrix, left: left, bottom: top + height) else {
            return false
        }
        return outline.withFreeTypeOutline(evenOdd: evenOdd) { ftOutline in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(height)
            bitmap.width = UInt32(width)
            bitmap.pitch = Int32(stride)
            bitmap.buffer = mask
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library, ftOutline, &bitmap) == 0
        }
    }

    /// The widest rectangle ``spans(_:matrix:evenOdd:width:height:left:top:callback:user:)`` takes: FreeType's
    /// spans give their column as a 16-bit signed number.
    static let maximumSpanWidth = Int(Int16.max)

    /// Rasterises a path as ``fill(_:matrix:evenOdd:mask:width:height:stride:left:top:)`` does, but
    /// hands each row's coverage to a callback as FreeType's spans (runs of pixels of one coverage,
    /// left to right, `x` from the rectangle's left column) instead of writing a mask: the same
    /// coverages, without a mask to clear, write and read.
    ///
    /// - Parameters:
    ///   - callback: Called once or more for each row with coverage, with FreeType's row number
    ///     (counted upwards: 0 is the rectangle's bottom row) and `user`.
    /// - Returns: `false`, without calling `callback`, where ``fill(_:matrix:evenOdd:mask:width:height:stride:left:top:)``
    ///   returns `false` or the rectangle is wider than ``maximumSpanWidth``. (FreeType could also
    ///   fail after calling it if its band splitting ran out of rows, which an outline within
    ///   ``coordinateLimit`` does not do.)
    static func spans(_ path: Path, matrix: cairo_matrix_t, evenOdd: Bool, width: Int, height: Int, left: Int, top: Int,
                      callback: FT_SpanFunc, user: UnsafeMutableRawPointer) -> Bool {
        guard matrix.xy == 0, matrix.yx == 0, width > 0, height > 0, width <= maximumSpanWidth,
              let library = library.handle, var outline = Outline(path, matrix: matrix, left: left, bottom: top + height) else {
            return false
        }
        return outline.withFreeTypeOutline(evenOdd: evenOdd) { ftOutline in
            var params = FT_Raster_Params()
            params.flags = Int32(FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP)
            // The clip a mask of this size gives (FT_Outline_Get_Bitmap's).
            params.clip_box = FT_BBox(xMin: 0, yMin: 0, xMax: width, yMax: height)
            params.gray_spans = callback
            params.user = user
            params.source = UnsafeRawPointer(ftOutline)
            return FT_Outline_Render(library, ftOutline, &params) == 0
        }
    }

    /// A path as FreeType's outline: points in 26.6 fixed point relative to the mask's bottom-left
    /// corner, y up (FreeType's bitmap rows run from the top down with y up).
    struct Outline {
        var points: [FT_Vector] = []
        var tags: [CChar] = []
        var contours: [Int16] = []

        /// Lends the outline as FreeType's `FT_Outline` over these arrays, with the fill rule.
        mutating func withFreeTypeOutline<Result>(evenOdd: Bool, _ body: (UnsafeMutablePointer<FT_Outline>) -> Result) -> Result {
            points.withUnsafeMutableBufferPointer { points in
                tags.withUnsafeMutableBufferPointer { tags in
                    contours.withUnsafeMutableBufferPointer { contours in
                        var outline = FT_Outline()
                        outline.n_points = Int16(points.count)
                        outline.n_contours = Int16(contours.count)
                        outline.points = points.baseAddress
                        outline.tags = tags.baseAddress
                        outline.contours = contours.baseAddress
                        outline.flags = evenOdd ? FT_OUTLINE_EVEN_ODD_FILL : 0
                        return withUnsafeMutablePointer(to: &outline, body)
                    }
                }
            }
        }

        /// - Returns: `nil` if the outline does not fit FreeType's limits.
        init?(_ path: Path, matrix m: cairo_matrix_t, left: Int, bottom: Int) {
            let limit = Double(OutlineMasks.coordinateLimit)
            let originX = Double(left), originY = Double(bottom)
            var contourStart = 0
            var start: CGPoint?
            var current: CGPoint?
            var fits = true

            func vector(_ p: CGPoint) -> FT_Vector {
                // Rounded in the whole picture's device space, then moved by whole pixels.
                let x = (m.xx * Double(p.x) + m.x0) * 64, y = (m.yy * Double(p.y) + m.y0) * 64
                guard x.isFinite, y.isFinite, abs(x / 64 - originX) < limit, abs(originY - y / 64) < limit else {
                    fits = false
                    return FT_Vector(x: 0, y: 0)
                }
                return FT_Vector(x: Int(x.rounded()) - left * 64, y: bottom * 64 - Int(y.rounded()))
            }
            func add(_ p: CGPoint, _ tag: Int32) {
                points.append(vector(p))
                tags.append(CChar(truncatingIfNeeded: tag))
            }
            func endContour() {
                if points.count - contourStart >= 2 {
                    contours.append(Int16(truncatingIfNeeded: points.count - 1))
                    contourStart = points.count
                } else {
                    points.removeLast(points.count - contourStart)
                    tags.removeLast(tags.count - contourStart)
                }
            }
            func begin(at p: CGPoint) {
                endContour()
                add(p, FT_CURVE_TAG_ON)
                start = p
                current = p
            }
            /// A segment without a current point starts a subpath at its first point (Cairo's rule).
            func ensureCurrent(_ p: CGPoint) {
                if current == nil { begin(at: p) }
            }

            for element in path.elements {
                switch element {
                case .move(let p):
                    begin(at: p)
                case .line(let p):
                    if current == nil { begin(at: p); continue }
                    add(p, FT_CURVE_TAG_ON)
                    current = p
                case .quadCurve(let p, let c):
                    ensureCurrent(c)
                    add(c, FT_CURVE_TAG_CONIC)
                    add(p, FT_CURVE_TAG_ON)
                    current = p
                case .curve(let p, let c1, let c2):
                    ensureCurrent(c1)
                    add(c1, FT_CURVE_TAG_CUBIC)
                    add(c2, FT_CURVE_TAG_CUBIC)
                    add(p, FT_CURVE_TAG_ON)
                    current = p
                case .closeSubpath:
                    // The next segment starts a new subpath at this one's start.
                    if let start { begin(at: start) }
                }
                if points.count > Int(Int16.max) { return nil }
            }
            endContour()
            guard fits, !contours.isEmpty, contours.count <= Int(Int16.max) else { return nil }
        }
    }
}

/// The rasterizing library: made once, freed never (it lives as long as the process).
private final class RasterLibrary: Sendable {
    /// Read by many threads at once; FreeType does not change a library while rasterising.
    nonisolated(unsafe) let handle: FT_Library?

    init() {
        var library: FT_Library?
        handle = FT_Init_FreeType(&library) == 0 ? library : nil
    }
}

extension ResolvedShape {
    /// Whether the shape's outline is one contour that does not cross itself (every shape but a
    /// path), so that ``OutlineMasks`` rasterises its coverage exactly.
    var isSimpleOutline: Bool {
        if case .path = self { return false }
        return true
    }
}
