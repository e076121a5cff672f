import CCairo
import CFreeType
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
/// The coverage comes as runs of pixels of one coverage (FreeType's spans, or a mask's runs), so a
/// capsule's row is a few single pixels at its edges and one run stored as one word across it.
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

    /// Composites a translucent colour through a coverage mask onto a band, as
    /// ``composite(_:rect:target:bandTop:coverage:)`` does with the mask's runs of one coverage.
    ///
    /// - Parameters:
    ///   - mask: The coverage mask's first byte; it is not changed.
    ///   - maskStride: Bytes from one mask row to the next.
    /// - Returns: `false` if nothing is known about the pixels or the mask is wider than
    ///   ``OutlineMasks/maximumSpanWidth``; the caller composites with Cairo.
    mutating func composite(_ color: RGBAColor, mask: UnsafePointer<UInt8>, maskStride: Int, rect: PixelRect,
                            target: OpaquePointer, bandTop: Int) throws -> Bool {
        let width = rect.right - rect.left
        guard width <= OutlineMasks.maximumSpanWidth else { return false }
        return try composite(color, rect: rect, target: target, bandTop: bandTop) { writer in
            let spans = UnsafeMutableBufferPointer<FT_Span>.allocate(capacity: width)
            defer { spans.deallocate() }
            for row in 0..<(rect.bottom - rect.top) {
                let coverage = UnsafeRawPointer(mask + row * maskStride)
                var count = 0, x = 0
                while x < width {
                    let m = coverage.load(fromByteOffset: x, as: UInt8.self)
                    let end = Self.runEnd(coverage, from: x &+ 1, to: width, of: m)
                    if m != 0 {
                        spans[count] = FT_Span(x: Int16(x), len: UInt16(end - x), coverage: m)
                        count += 1
                    }
                    x = end
                }
                writer.pointee.write(row: row, UnsafeBufferPointer(rebasing: spans[0..<count]))
            }
            return true
        }
    }

    /// Composites a translucent colour through coverage given as runs of pixels onto a band: where
    /// a run falls on untouched pixels by table (a run of one coverage is one word stored again and
    /// again), elsewhere by pixman's arithmetic; and records the rectangle as drawn.
    ///
    /// - Parameters:
    ///   - color: The fill's colour, as given to `cairo_set_source_rgba`.
    ///   - rect: The coverage's rectangle in device pixels; it must lie inside the band.
    ///   - target: The band's surface (ARGB32, flushed), whose first row is device row `bandTop`
    ///     and first column device column 0.
    ///   - coverage: Gives the coverage to the writer it is lent, row by row
    ///     (``SpanWriter/write(row:_:)``, or FreeType's callback ``SpanWriter/freeTypeCallback``);
    ///     returns `false` if it cannot give the coverage, having given none.
    /// - Returns: `false` if nothing is known about the pixels or `coverage` returned `false`; the
    ///   caller composites with Cairo.
    /// - Throws: ``CanvasError/cairo(operation:status:)`` if the table cannot be made.
    mutating func composite(_ color: RGBAColor, rect: PixelRect, target: OpaquePointer, bandTop: Int,
                            coverage: (UnsafeMutablePointer<SpanWriter>) -> Bool) throws -> Bool {
        guard let pixel, rect.left >= 0, rect.top >= bandTop, rect.left < rect.right, rect.top < rect.bottom,
              let data = cairo_image_surface_get_data(target) else { return false }
        let table = try self.table(for: color, over: pixel)
        let stride = Int(cairo_image_surface_get_stride(target))
        let width = rect.right - rect.left, height = rect.bottom - rect.top
        // A rectangle in several buckets is found more than once, which only repeats a span.
        let overlaps = Self.buckets(rect).flatMap { drawn[$0] ?? [] }.filter {
            $0.left < rect.right && rect.left < $0.right && $0.top < rect.bottom && rect.top < $0.bottom
        }
        // The rows where the set of overlapping rectangles changes: between two of them every row
        // has the same drawn-on columns, found once, in order of their first column.
        var breaks = [rect.top, rect.bottom]
        for other in overlaps { breaks += [max(other.top, rect.top), min(other.bottom, rect.bottom)] }
        breaks.sort()
        var drawnColumns: [SpanWriter.Columns] = []
        var drawnOfRow = [Range<Int32>](repeating: 0..<0, count: height)
        for (first, end) in zip(breaks, breaks.dropFirst()) where first < end {
            let start = Int32(drawnColumns.count)
            drawnColumns += overlaps.filter { $0.top <= first && first < $0.bottom }
                .map { SpanWriter.Columns(start: max($0.left, rect.left) - rect.left, end: min($0.right, rect.right) - rect.left) }
                .sorted { $0.start < $1.start }
            for row in first..<end { drawnOfRow[row - rect.top] = start..<Int32(drawnColumns.count) }
        }
        let covered = table.results.withUnsafeBufferPointer { results in
            drawnColumns.withUnsafeBufferPointer { drawnColumns in
                drawnOfRow.withUnsafeBufferPointer { drawnOfRow in
                    guard let results = results.baseAddress, let drawnOfRow = drawnOfRow.baseAddress else { return false }
                    var writer = SpanWriter(pixels: UnsafeMutableRawPointer(data + (rect.top - bandTop) * stride + rect.left * 4),
                                            stride: stride, width: width, height: height, results: results, source: table.source,
                                            drawnColumns: drawnColumns.baseAddress, drawnOfRow: drawnOfRow)
                    return coverage(&writer)
                }
            }
        }
        guard covered else { return false }
        // In device space: Cairo adds the band's offset itself.
        cairo_surface_mark_dirty_rectangle(target, Int32(rect.left), Int32(rect.top), Int32(width), Int32(height))
        drew(rect)
        return true
    }

    /// Writes runs of coverage onto a rectangle of pixels for ``composite(_:rect:target:bandTop:coverage:)``.
    ///
    /// It holds pointers only, so that FreeType's callback (once per row of every fill) runs
    /// without reference counting; the pointers are valid while `composite` lends it.
    struct SpanWriter {
        /// Columns of the rectangle, `start..<end`, that something has drawn on.
        struct Columns {
            var start: Int, end: Int
        }

        /// The rectangle's top-left pixel.
        let pixels: UnsafeMutableRawPointer
        let stride: Int
        let width: Int
        let height: Int
        /// The colour over the untouched pixel through each coverage.
        let results: UnsafePointer<UInt32>
        /// The colour's premultiplied word.
        let source: UInt32
        /// Every row's drawn-on columns, in order of their start; `nil` when there are none.
        let drawnColumns: UnsafePointer<Columns>?
        /// The range of ``drawnColumns`` for each row of the rectangle.
        let drawnOfRow: UnsafePointer<Range<Int32>>

        /// FreeType's span callback (`FT_SpanFunc`) for a writer given as its user pointer: its
        /// rows count upwards from the rectangle's bottom.
        static let freeTypeCallback: FT_SpanFunc = { y, count, spans, user in
            guard let user, let spans, count > 0 else { return }
            let writer = user.assumingMemoryBound(to: SpanWriter.self)
            writer.pointee.write(row: writer.pointee.height - 1 - Int(y), UnsafeBufferPointer(start: spans, count: Int(count)))
        }

        /// Writes a row's runs (`x` from the rectangle's left column, none overlapping another;
        /// runs of coverage 0 change nothing). Rows outside the rectangle are ignored.
        func write(row: Int, _ spans: UnsafeBufferPointer<FT_Span>) {
            guard row >= 0, row < height else { return }
            let line = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            let drawn = drawnOfRow[row]
            // The widest run of columns between drawn-on ones: a span inside it is written at once.
            var clearStart = 0, clearEnd = width
            if let drawnColumns, !drawn.isEmpty {
                clearEnd = 0
                var gapStart = 0
                for index in Int(drawn.lowerBound)..<Int(drawn.upperBound) {
                    let columns = drawnColumns[index]
                    if columns.start - gapStart > clearEnd - clearStart { (clearStart, clearEnd) = (gapStart, columns.start) }
                    gapStart = max(gapStart, columns.end)
                }
                if width - gapStart > clearEnd - clearStart { (clearStart, clearEnd) = (gapStart, width) }
            }
            for span in spans where span.coverage != 0 {
                var x = Int(span.x)
                let end = x + Int(span.len)
                let word = results[Int(span.coverage)]
                if x >= clearStart, end <= clearEnd {
                    Self.fill(line + x, word, count: end - x)
                    continue
                }
                x = max(0, x)
                let clampedEnd = min(width, end)
                guard x < clampedEnd else { continue }
                if let drawnColumns, !drawn.isEmpty {
                    for index in Int(drawn.lowerBound)..<Int(drawn.upperBound) {
                        let columns = drawnColumns[index]
                        guard columns.end > x, columns.start < clampedEnd else { continue }
                        if x < columns.start {
                            Self.fill(line + x, word, count: columns.start - x)
                            x = columns.start
                        }
                        // Pixels something has drawn on: blended one by one.
                        let blendEnd = min(clampedEnd, columns.end)
                        while x < blendEnd {
                            line[x] = UntouchedPixels.blend(source, over: line[x], coverage: span.coverage)
                            x += 1
                        }
                    }
                }
                if x < clampedEnd { Self.fill(line + x, word, count: clampedEnd - x) }
            }
        }

        @inline(__always)
        private static func fill(_ start: UnsafeMutablePointer<UInt32>, _ word: UInt32, count: Int) {
            if count == 1 {
                start.pointee = word
            } else {
                start.update(repeating: word, count: count)
            }
        }
    }

    /// The first offset in `start..<end` whose byte is not `value`, or `end`: eight bytes at a time.
    @inline(__always)
    static func runEnd(_ bytes: UnsafeRawPointer, from start: Int, to end: Int, of value: UInt8) -> Int {
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var x = start
        while x &+ 8 <= end {
            let difference = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: x, as: UInt64.self)) ^ pattern
            if difference != 0 { return x &+ difference.trailingZeroBitCount >> 3 }
            x &+= 8
        }
        while x < end, bytes.load(fromByteOffset: x, as: UInt8.self) == value { x &+= 1 }
        return x
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
