import CCairo
import Foundation

/// Where a band of a bitmap still holds the pixel it was cleared to, so that a translucent fill's
/// coverage mask can be composited there by looking its result up instead of blending.
///
/// A chip's translucent capsule drawn over the background was a sixth of a tag cloud's time:
/// pixman blends every pixel of the capsule's mask with the pixel under it (`OVER` through a mask),
/// though nearly all of them are the background, which nothing has drawn on yet. Over a pixel known
/// to hold the background word, the result depends on the mask's coverage alone: a table of 256
/// results, made by pixman itself (a row of background pixels blended through a row of every
/// coverage), gives the very pixels pixman's blending would, and a run of full coverage is one
/// word stored again and again. Pixels something has drawn on (each drawn item's device rectangle
/// is recorded) are blended by ``blend(_:over:coverage:)``, pixman's arithmetic for one pixel (the
/// tests check it against pixman for every coverage and byte, and whole pictures against pixman's
/// compositing).
///
/// The record is conservative: anything drawn whose pixels are not known to stay inside a recorded
/// rectangle (strokes, `cairo_fill`, colour glyphs, glyph outlines, opacity groups, a background
/// painted by Cairo) ends it, and every later fill is composited by pixman as before.
struct UntouchedPixels {
    /// A rectangle of device pixels, in the whole picture's coordinates.
    struct PixelRect: Equatable {
        var left: Int, top: Int, right: Int, bottom: Int
    }

    /// The word every pixel held before drawing, while it is known where drawing has been.
    private(set) var pixel: UInt32?
    /// The rectangles drawn in so far, under each band of 64 rows (``bucketShift``) they reach into
    /// (a fill looks only at the rectangles of its own rows: a picture of 100,000 chips is not
    /// 100,000 rectangles checked per fill).
    private var drawn: [Int: [PixelRect]] = [:]
    /// The rows of a bucket of ``drawn``: a row's bucket is the row shifted right by this.
    static let bucketShift = 6
    /// Results of blending a colour over ``pixel`` through each coverage, by colour.
    private var tables: [RGBAColor: Table] = [:]

    /// One colour's results over the untouched pixel, and its premultiplied word.
    struct Table {
        var results: [UInt32]
        var source: UInt32
    }

    /// - Parameter pixel: What every pixel of the target holds before drawing (premultiplied
    ///   ARGB32), or `nil` if that is not known.
    init(pixel: UInt32?) { self.pixel = pixel }

    /// Records that pixels inside `rect` may have changed.
    mutating func drew(_ rect: PixelRect) {
        guard pixel != nil, rect.left < rect.right, rect.top < rect.bottom else { return }
        for bucket in Self.buckets(rect) { drawn[bucket, default: []].append(rect) }
    }

    /// Records that something was drawn whose pixels are not known: nothing is untouched any more.
    mutating func drewAnywhere() {
        pixel = nil
        drawn = [:]
        tables = [:]
    }

    /// Composites a translucent colour through a coverage mask onto a band: where the mask falls on
    /// untouched pixels by table, elsewhere by pixman's arithmetic; and records the mask's
    /// rectangle as drawn.
    ///
    /// - Parameters:
    ///   - color: The fill's colour, as given to `cairo_set_source_rgba`.
    ///   - mask: The coverage mask's first byte; it is not changed.
    ///   - maskStride: Bytes from one mask row to the next.
    ///   - rect: The mask's rectangle in device pixels; it must lie inside the band.
    ///   - target: The band's surface (ARGB32, flushed), whose first row is device row `bandTop`
    ///     and first column device column 0.
    /// - Returns: `false` if nothing is known about the pixels; the caller composites with Cairo.
    /// - Throws: ``CanvasError/cairo(operation:status:)`` if the table cannot be made.
    mutating func composite(_ color: RGBAColor, mask: UnsafePointer<UInt8>, maskStride: Int, rect: PixelRect,
                            target: OpaquePointer, bandTop: Int) throws -> Bool {
        guard let pixel, rect.left >= 0, rect.top >= bandTop, rect.left < rect.right, rect.top < rect.bottom,
              let data = cairo_image_surface_get_data(target) else { return false }
        let table = try self.table(for: color, over: pixel)
        let stride = Int(cairo_image_surface_get_stride(target))
        // A rectangle in several buckets is found more than once, which only repeats a span.
        let overlaps = Self.buckets(rect).flatMap { drawn[$0] ?? [] }.filter {
            $0.left < rect.right && rect.left < $0.right && $0.top < rect.bottom && rect.top < $0.bottom
        }
        // The rows where the set of overlapping rectangles changes: between two of them every row
        // has the same drawn-on columns, found once.
        var breaks = [rect.top, rect.bottom]
        for other in overlaps { breaks += [max(other.top, rect.top), min(other.bottom, rect.bottom)] }
        breaks.sort()
        let width = rect.right - rect.left
        var spans: [(start: Int, end: Int)] = []
        table.results.withUnsafeBufferPointer { results in
            guard let results = results.baseAddress else { return }
            let full = results[255], fullPair = UInt64(full) | UInt64(full) << 32
            for (first, end) in zip(breaks, breaks.dropFirst()) where first < end {
                // The columns of these rows something has drawn on, in order, then the rows' end.
                spans.removeAll(keepingCapacity: true)
                for other in overlaps where other.top <= first && first < other.bottom {
                    spans.append((max(other.left, rect.left) - rect.left, min(other.right, rect.right) - rect.left))
                }
                spans.sort { $0.start < $1.start }
                spans.append((width, width))
                for y in first..<end {
                    // Pointers at the rectangle's first column.
                    let coverage = UnsafeRawPointer(mask + (y - rect.top) * maskStride)
                    let row = UnsafeMutableRawPointer(data + (y - bandTop) * stride + rect.left * 4)
                    var x = 0
                    for span in spans {
                        // Untouched: eight coverages at a time when they are all none or all full.
                        while x < span.start {
                            if x &+ 8 <= span.start {
                                let eight = coverage.loadUnaligned(fromByteOffset: x, as: UInt64.self)
                                if eight == 0 { x &+= 8; continue }
                                if eight == ~0 {
                                    for k in 0..<4 { row.storeBytes(of: fullPair, toByteOffset: 4 &* x &+ 8 &* k, as: UInt64.self) }
                                    x &+= 8
                                    continue
                                }
                            }
                            let m = coverage.load(fromByteOffset: x, as: UInt8.self)
                            if m != 0 { row.storeBytes(of: results[Int(m)], toByteOffset: 4 &* x, as: UInt32.self) }
                            x &+= 1
                        }
                        while x < span.end {
                            let m = coverage.load(fromByteOffset: x, as: UInt8.self)
                            if m != 0 {
                                let under = row.load(fromByteOffset: 4 &* x, as: UInt32.self)
                                row.storeBytes(of: Self.blend(table.source, over: under, coverage: m), toByteOffset: 4 &* x, as: UInt32.self)
                            }
                            x &+= 1
                        }
                    }
                }
            }
        }
        // In device space: Cairo adds the band's offset itself.
        cairo_surface_mark_dirty_rectangle(target, Int32(rect.left), Int32(rect.top),
                                           Int32(rect.right - rect.left), Int32(rect.bottom - rect.top))
        drew(rect)
        return true
    }

    /// The buckets of ``drawn`` a rectangle's rows fall in.
    private static func buckets(_ rect: PixelRect) -> ClosedRange<Int> {
        (rect.top >> bucketShift)...((rect.bottom - 1) >> bucketShift)
    }

    /// pixman's `OVER` of a solid premultiplied colour through a coverage onto one pixel, as its
    /// SSE2 path computes it (`in_over`): each channel is `s·m + d·(255 − a·m)`, every product
    /// rounded as `((x·y + 128) · 257) >> 16`, the sum saturated.
    static func blend(_ source: UInt32, over destination: UInt32, coverage m: UInt8) -> UInt32 {
        @inline(__always) func multiply(_ x: UInt32, _ y: UInt32) -> UInt32 { ((x &* y &+ 128) &* 257) >> 16 }
        let mask = UInt32(m)
        let alpha = multiply(source >> 24, mask)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let s = multiply(source >> shift & 0xFF, mask), d = multiply(destination >> shift & 0xFF, 255 &- alpha)
            return min(255, s &+ d) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }

    /// The table of `color` over `pixel`, made by pixman through Cairo (kept per colour).
    private mutating func table(for color: RGBAColor, over pixel: UInt32) throws -> Table {
        if let table = tables[color] { return table }
        // Row 0: the untouched pixel under every coverage; row 1, first pixel: the colour alone
        // (full coverage over nothing), which is its premultiplied word.
        let surface = try CairoSurface.image(width: 256, height: 2)
        let coverage = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_A8, 256, 2),
                                        operation: "cairo_image_surface_create(256 × 2 px coverage)")
        guard let pixels = cairo_image_surface_get_data(surface.pointer), let masks = cairo_image_surface_get_data(coverage.pointer) else {
            throw CanvasError.cairo(operation: "cairo_image_surface_get_data", status: Cairo.message(CAIRO_STATUS_NULL_POINTER))
        }
        let pixelStride = Int(cairo_image_surface_get_stride(surface.pointer)), maskStride = Int(cairo_image_surface_get_stride(coverage.pointer))
        cairo_surface_flush(surface.pointer)
        cairo_surface_flush(coverage.pointer)
        let words = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
        for x in 0..<256 {
            words[x] = pixel
            masks[x] = UInt8(x)
            words[pixelStride / 4 + x] = 0
            masks[maskStride + x] = x == 0 ? 255 : 0
        }
        cairo_surface_mark_dirty(surface.pointer)
        cairo_surface_mark_dirty(coverage.pointer)
        let context = try CairoContext(surface: surface)
        cairo_set_source_rgba(context.pointer, color.red, color.green, color.blue, color.opacity)
        cairo_mask_surface(context.pointer, coverage.pointer, 0, 0)
        try context.check("blending a colour through every coverage")
        cairo_surface_flush(surface.pointer)
        let table = Table(results: (0..<256).map { words[$0] }, source: words[pixelStride / 4])
        tables[color] = table
        return table
    }
}
