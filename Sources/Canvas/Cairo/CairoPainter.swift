import CCairo
import Foundation
import Typesetting

/// What a backend does with item metadata while the painter draws.
protocol MetadataEmitter: AnyObject {
    /// Called before an item with non-empty metadata is drawn.
    ///
    /// - Parameters:
    ///   - item: The item, whose ``DisplayItem/metadata`` is not empty.
    ///   - context: The Cairo context.
    ///   - state: How many opacity groups and clips the item is inside.
    func begin(_ item: DisplayItem, context: OpaquePointer, state: NestingState) throws
    /// Called after it was drawn, with the same arguments.
    func end(_ item: DisplayItem, context: OpaquePointer, state: NestingState) throws
    /// Called right before the painter draws into the context or pushes or pops an opacity group,
    /// so that an emitter can mark the output at that point.
    func willDraw(context: OpaquePointer, state: NestingState) throws
    /// Called after ``end(_:context:state:)`` for an item with a tooltip, with the item, so that an
    /// emitter can place the tooltip over the area the item covers (``DisplayItem/coveredBounds``).
    func tooltip(_ text: String, of item: DisplayItem, context: OpaquePointer, state: NestingState) throws
}

extension MetadataEmitter {
    func willDraw(context: OpaquePointer, state: NestingState) throws {}
    func tooltip(_ text: String, of item: DisplayItem, context: OpaquePointer, state: NestingState) throws {}
}

/// How deeply the item being drawn is nested in opacity groups and clips.
struct NestingState {
    /// Open opacity groups (`cairo_push_group`).
    var groups = 0
    /// Active clips.
    var clips = 0
}

/// Draws display list items into a Cairo context. Shared by every backend, so PNG, SVG and PDF make
/// the same Cairo calls for the same list.
final class CairoPainter {
    private let context: CairoContext
    private let metadata: (any MetadataEmitter)?
    private let positionsGlyphsExactly: Bool
    /// The rows of the whole picture, in device pixels, that the target holds (a band of a bitmap);
    /// fills and glyphs wholly outside them are skipped. `nil` draws everything.
    private let visibleRows: Range<Int>?
    /// Whether ``fillThroughMask(_:_:_:)`` may be used.
    private let fillsThroughMasks: Bool
    /// Image surfaces of colour glyphs used in this render, one per face and glyph, so that vector
    /// backends embed each bitmap once.
    private var colorGlyphSurfaces: [ColorGlyphKey: CairoSurface] = [:]
    /// Cairo surfaces over the glyph masks used in this render (each keeps its mask alive).
    private var maskSurfaces: [ObjectIdentifier: CairoSurface] = [:]
    /// The indices of the item being drawn at each depth; described by ``path`` only for errors.
    private var indexPath: [Int] = []
    /// How many opacity groups and clips are open.
    private var nesting = NestingState()
    /// The bytes of ``fillThroughMask(_:_:_:)``'s masks, reused from fill to fill (each mask's
    /// surface is finished before the next fill), freed with the painter.
    private var maskScratch: (pointer: UnsafeMutablePointer<UInt8>?, capacity: Int) = (nil, 0)
    /// Where the target still holds the pixel it was cleared to (translucent fills are composited
    /// there by table, ``UntouchedPixels``).
    private var untouched: UntouchedPixels

    private struct ColorGlyphKey: Hashable {
        let face: ObjectIdentifier
        let glyph: UInt32
    }

    /// Makes a painter.
    ///
    /// - Parameters:
    ///   - context: The context to draw into, already scaled to points.
    ///   - metadata: What to do with item metadata; `nil` ignores it.
    ///   - positionsGlyphsExactly: Whether glyphs are drawn from ``GlyphMasks`` at their fractional
    ///     positions (bitmaps) instead of with `cairo_show_glyphs` (SVG symbols, PDF fonts). Cairo
    ///     1.16's image backend rounds each glyph's origin to a whole pixel; the masks keep the
    ///     positions the SVG and PDF have to an eighth of a pixel, so every backend puts glyphs in
    ///     one place.
    ///   - visibleRows: The device rows the target holds, when it holds a band of the picture:
    ///     fills and glyphs that cannot touch them are not drawn (which leaves the pixels as they
    ///     are, since Cairo would clip them away).
    ///   - fillsThroughMasks: Whether translucent curved fills of a bitmap go through a mask
    ///     (``fillThroughMask(_:_:_:)``: the same pixels up to the rasterizers' difference at
    ///     edges, sooner); `false` for the tests that compare them.
    ///   - untouchedPixel: What every pixel of the target holds before drawing (premultiplied
    ///     ARGB32), when that is known: translucent fills through masks are then composited by
    ///     table where nothing else has drawn (``UntouchedPixels``; the same pixels sooner).
    init(context: CairoContext, metadata: (any MetadataEmitter)?, positionsGlyphsExactly: Bool = false, visibleRows: Range<Int>? = nil,
         fillsThroughMasks: Bool = true, untouchedPixel: UInt32? = nil) {
        untouched = UntouchedPixels(pixel: fillsThroughMasks ? untouchedPixel : nil)
        self.context = context
        self.metadata = metadata
        self.positionsGlyphsExactly = positionsGlyphsExactly
        self.visibleRows = visibleRows
        self.fillsThroughMasks = fillsThroughMasks
    }

    private var cr: OpaquePointer { context.pointer }

    /// Draws items in order.
    func draw(_ items: [DisplayItem]) throws {
        // Straight from the array: an enumerated loop copied every item (and retained all it holds).
        for index in items.indices {
            indexPath.append(index)
            defer { indexPath.removeLast() }
            try draw(items[index])
        }
    }

    /// The index path of the item being drawn, such as `items[3].items[0]`, for error messages.
    private var path: String {
        indexPath.map { "items[\($0)]" }.joined(separator: ".")
    }

    /// Paints the whole target with a colour, including the partly covered last row and column of a
    /// bitmap whose size in points times the scale is fractional.
    func paintBackground(_ color: RGBAColor) throws {
        untouched.drewAnywhere()
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.opacity)
        cairo_paint(cr)
        cairo_restore(cr)
        try context.check("painting the background")
    }

    private func draw(_ item: DisplayItem) throws {
        let hasMetadata = !item.metadata.isEmpty && metadata != nil
        if hasMetadata { try metadata?.begin(item, context: cr, state: nesting) }
        switch item.content {
        case .fill(let shape, let shading, let style):
            try fill(shape, shading, style)
        case .stroke(let shape, let shading, let style, let placement):
            try stroke(shape, shading, style, placement)
        case .text(let text):
            try drawText(text)
        case .group(let group):
            try drawGroup(group)
        }
        if hasMetadata {
            try metadata?.end(item, context: cr, state: nesting)
            if let tooltip = item.metadata.tooltip { try metadata?.tooltip(tooltip, of: item, context: cr, state: nesting) }
        }
        try context.check("drawing \(path)")
    }

    // MARK: Shapes

    private func fill(_ shape: ResolvedShape, _ shading: Shading, _ style: FillStyle) throws {
        guard !missesVisibleRows(shape) else { return }
        try metadata?.willDraw(context: cr, state: nesting)
        guard try setSource(shading) else { return }
        if case .color(let color) = shading, color.opacity < 1, try fillThroughMask(shape, style, color) { return }
        untouched.drewAnywhere()
        cairo_new_path(cr)
        append(shape)
        cairo_set_fill_rule(cr, style.isEOFilled ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_set_antialias(cr, style.isAntialiased ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_fill(cr)
        try context.check("cairo_fill at \(path)")
    }

    private func stroke(_ shape: ResolvedShape, _ shading: Shading, _ style: StrokeStyle, _ placement: StrokePlacement) throws {
        untouched.drewAnywhere()
        try metadata?.willDraw(context: cr, state: nesting)
        guard style.lineWidth > 0, try setSource(shading) else { return }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        cairo_set_line_cap(cr, { switch style.lineCap { case .butt: CAIRO_LINE_CAP_BUTT; case .round: CAIRO_LINE_CAP_ROUND; case .square: CAIRO_LINE_CAP_SQUARE } }())
        cairo_set_line_join(cr, { switch style.lineJoin { case .miter: CAIRO_LINE_JOIN_MITER; case .round: CAIRO_LINE_JOIN_ROUND; case .bevel: CAIRO_LINE_JOIN_BEVEL } }())
        cairo_set_miter_limit(cr, Double(style.miterLimit))
        let dashes = style.dash.map(Double.init)
        cairo_set_dash(cr, dashes, Int32(dashes.count), Double(style.dashPhase))
        try context.check("cairo_set_dash(\(style.dash)) at \(path)")
        cairo_new_path(cr)
        switch placement {
        case .centered:
            append(shape)
            cairo_set_line_width(cr, Double(style.lineWidth))
            cairo_stroke(cr)
        case .inside:
            if let inset = shape.inset(by: style.lineWidth / 2) {
                append(inset)
                cairo_set_line_width(cr, Double(style.lineWidth))
                cairo_stroke(cr)
            } else {
                // A path cannot be inset: keep the inner half of a stroke twice as wide.
                cairo_save(cr)
                append(shape)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_clip_preserve(cr)
                cairo_set_line_width(cr, Double(style.lineWidth) * 2)
                cairo_stroke(cr)
                cairo_restore(cr)
            }
        }
        cairo_set_dash(cr, nil, 0, 0)
        try context.check("cairo_stroke at \(path)")
    }

    /// Fills a curved shape with the current source, a translucent colour, through a coverage
    /// mask of its own, when drawing into a bitmap: the shape is rasterised into an A8 mask over
    /// its device-space bounds by FreeType's smooth rasterizer (``OutlineMasks``: exact areas, in
    /// about a third of the time Cairo 1.16's scan converter takes), and the mask composited once.
    /// Cairo 1.16 composites a translucent antialiased fill one row at a time, each row through a
    /// full pixman call (a chip's capsule at 2× was a hundred of them), with the arithmetic of the
    /// mask's `OVER`. An outline FreeType cannot take is rasterised into the mask by Cairo. An
    /// opaque colour is not sent here: Cairo blends it with a single rounding, which a mask's
    /// `OVER` would round twice. Where the target's untouched pixels are known (``UntouchedPixels``)
    /// FreeType's coverage goes straight onto the pixels as spans, without a mask
    /// (``OutlineMasks/spans(_:matrix:evenOdd:width:height:left:top:callback:user:)``).
    ///
    /// - Returns: Whether the shape was filled; `false` leaves it to `cairo_fill` (rectangles,
    ///   which Cairo composites as boxes, transforms that rotate, very large shapes, shapes inside
    ///   clips and opacity groups, vector backends).
    private func fillThroughMask(_ shape: ResolvedShape, _ style: FillStyle, _ color: RGBAColor) throws -> Bool {
        guard fillsThroughMasks, positionsGlyphsExactly, style.isAntialiased, nesting.groups == 0, nesting.clips == 0 else { return false }
        if case .rect = shape { return false }
        guard let bounds = shape.boundingBox else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, let target = cairo_get_target(cr) else { return false }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(bounds.minX, bounds.minY), (bounds.maxX, bounds.maxY)] {
            var deviceX = Double(x), deviceY = Double(y)
            cairo_user_to_device(cr, &deviceX, &deviceY)
            minX = min(minX, deviceX); maxX = max(maxX, deviceX)
            minY = min(minY, deviceY); maxY = max(maxY, deviceY)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return false }
        // The surface's extent in device space: its width, and the band's rows.
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let surfaceWidth = Int(cairo_image_surface_get_width(target)), surfaceHeight = Int(cairo_image_surface_get_height(target))
        guard surfaceWidth > 0, surfaceHeight > 0 else { return false }
        // Clamped to the surface before becoming integers: a shape may reach far beyond it.
        let firstColumn = -offsetX, firstRow = -offsetY
        let lastColumn = firstColumn + Double(surfaceWidth), lastRow = firstRow + Double(surfaceHeight)
        func clamped(_ value: Double, _ low: Double, _ high: Double) -> Int { Int(min(max(value, low), high)) }
        let left = clamped((minX - 1).rounded(.down), firstColumn, lastColumn), right = clamped((maxX + 1).rounded(.up), firstColumn, lastColumn)
        let top = clamped((minY - 1).rounded(.down), firstRow, lastRow), bottom = clamped((maxY + 1).rounded(.up), firstRow, lastRow)
        let width = right - left, height = bottom - top
        guard width > 0, height > 0 else { return true }
        guard width * height <= 1 << 20 else { return false }
        // Whether FreeType rasterises depends on the whole shape, not on the band: its coordinates
        // from any mask's origin are then within the shape's size, which FreeType takes.
        let fitsFreeType = shape.isSimpleOutline && maxX - minX < Double(OutlineMasks.coordinateLimit)
            && maxY - minY < Double(OutlineMasks.coordinateLimit)
        let rect = UntouchedPixels.PixelRect(left: left, top: top, right: right, bottom: bottom)
        let composites = untouched.pixel != nil && offsetX == 0
        if composites, fitsFreeType {
            // FreeType's spans straight onto the pixels, without a mask.
            cairo_surface_flush(target)
            if try untouched.composite(color, rect: rect, target: target, bandTop: -Int(offsetY), coverage: { writer in
                OutlineMasks.spans(shape.path, matrix: m, evenOdd: style.isEOFilled, width: width, height: height, left: left, top: top,
                                   callback: UntouchedPixels.SpanWriter.freeTypeCallback, user: UnsafeMutableRawPointer(writer))
            }) {
                return true
            }
        }
        let mask = try scratchMask(width: width, height: height)
        let maskStride = Int(cairo_image_surface_get_stride(mask.pointer))
        guard let maskData = cairo_image_surface_get_data(mask.pointer) else {
            throw CanvasError.cairo(operation: "cairo_image_surface_get_data(mask)", status: Cairo.message(CAIRO_STATUS_NULL_POINTER))
        }
        if fitsFreeType,
           OutlineMasks.fill(shape.path, matrix: m, evenOdd: style.isEOFilled, mask: maskData, width: width, height: height,
                             stride: maskStride, left: left, top: top) {
            cairo_surface_mark_dirty(mask.pointer)
        } else {
            cairo_surface_set_device_offset(mask.pointer, -Double(left), -Double(top))
            let maskContext = try CairoContext(surface: mask)
            cairo_set_matrix(maskContext.pointer, &m)
            cairo_set_source_rgba(maskContext.pointer, 1, 1, 1, 1)
            cairo_new_path(maskContext.pointer)
            append(shape, to: maskContext.pointer)
            cairo_set_fill_rule(maskContext.pointer, style.isEOFilled ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(maskContext.pointer, CAIRO_ANTIALIAS_DEFAULT)
            cairo_fill(maskContext.pointer)
            try maskContext.check("cairo_fill of a mask at \(path)")
            cairo_surface_flush(mask.pointer)
            cairo_surface_set_device_offset(mask.pointer, 0, 0)
        }
        if composites {
            cairo_surface_flush(target)
            if try untouched.composite(color, mask: maskData, maskStride: maskStride, rect: rect,
                                       target: target, bandTop: -Int(offsetY)) {
                return true
            }
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, mask.pointer, Double(left), Double(top))
        cairo_restore(cr)
        try context.check("cairo_mask_surface at \(path)")
        untouched.drew(rect)
        return true
    }

    /// A cleared A8 surface of `width` × `height` pixels over the painter's scratch bytes (grown
    /// as needed, kept for the painter's life).
    private func scratchMask(width: Int, height: Int) throws -> CairoSurface {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        let count = stride * height
        if maskScratch.capacity < count {
            maskScratch.pointer?.deallocate()
            let capacity = max(count, maskScratch.capacity * 2)
            maskScratch = (UnsafeMutablePointer<UInt8>.allocate(capacity: capacity), capacity)
        }
        guard let base = maskScratch.pointer else {
            throw CanvasError.cairo(operation: "a fill mask", status: Cairo.message(CAIRO_STATUS_NO_MEMORY))
        }
        base.initialize(repeating: 0, count: count)
        return try CairoSurface(cairo_image_surface_create_for_data(base, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride)),
                                operation: "cairo_image_surface_create_for_data(\(width) × \(height) px mask)")
    }

    deinit { maskScratch.pointer?.deallocate() }

    /// Whether a fill of `shape` cannot touch the visible rows: its bounding box in device space,
    /// grown by the pixel antialiasing may touch, lies above or below them.
    private func missesVisibleRows(_ shape: ResolvedShape) -> Bool {
        guard let rows = visibleRows else { return false }
        guard let bounds = shape.boundingBox else { return false }
        var minY = Double.infinity, maxY = -Double.infinity
        for (x, y) in [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY)] {
            var deviceX = Double(x), deviceY = Double(y)
            cairo_user_to_device(cr, &deviceX, &deviceY)
            minY = min(minY, deviceY)
            maxY = max(maxY, deviceY)
        }
        return maxY < Double(rows.lowerBound) - 1 || minY > Double(rows.upperBound) + 1
    }

    /// Adds a shape's outline to the current path.
    private func append(_ shape: ResolvedShape) {
        append(shape, to: cr)
    }

    /// Adds a shape's outline to the current path of `cr`.
    private func append(_ shape: ResolvedShape, to cr: OpaquePointer) {
        if case .rect(let rect) = shape {
            let r = rect.standardized
            cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
            return
        }
        append(shape.path, to: cr)
    }

    /// Adds a path to the current path; quadratic curves become the equivalent cubic curves.
    private func append(_ path: Path) {
        append(path, to: cr)
    }

    /// Adds a path to the current path of `cr`.
    private func append(_ path: Path, to cr: OpaquePointer) {
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, Double(p.x), Double(p.y))
                current = p; start = p
            case .line(let p):
                cairo_line_to(cr, Double(p.x), Double(p.y))
                current = p
            case .quadCurve(let p, let c):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .closeSubpath:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// Sets the source to a shading.
    ///
    /// - Returns: `false` if the shading draws nothing (a gradient without stops).
    private func setSource(_ shading: Shading) throws -> Bool {
        switch shading {
        case .color(let c):
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.opacity)
        case .linearGradient(let stops, let start, let end):
            guard !stops.isEmpty else { return false }
            guard let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y)) else {
                throw CanvasError.cairo(operation: "cairo_pattern_create_linear at \(path)", status: Cairo.message(CAIRO_STATUS_NO_MEMORY))
            }
            defer { cairo_pattern_destroy(pattern) }
            // Stops in order of location (a stable sort keeps equal locations in list order).
            for stop in stops.enumerated().sorted(by: { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }).map(\.element) {
                let c = stop.color
                cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.location, 0), 1), c.red, c.green, c.blue, c.opacity)
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            try Cairo.check(cairo_pattern_status(pattern), "cairo_pattern_create_linear at \(path)")
            cairo_set_source(cr, pattern)
        }
        return true
    }

    // MARK: Text

    private func drawText(_ text: TextItem) throws {
        try metadata?.willDraw(context: cr, state: nesting)
        for (runIndex, run) in text.runs.enumerated() where run.glyphCount > 0 {
            if run.face.hasColorBitmaps {
                untouched.drewAnywhere()
                try drawColorGlyphs(run, origin: text.origin, runIndex: runIndex)
                continue
            }
            guard try setSource(text.shading) else { return }
            cairo_set_font_face(cr, try CairoFontFaces.shared.cairoFace(for: run.face, synthesis: run.synthesis))
            cairo_set_font_size(cr, Double(run.fontSize))
            let count = min(run.glyphCount, run.positionCount)
            let glyphs = [cairo_glyph_t](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    let position = run.position(index)
                    buffer[index] = cairo_glyph_t(index: UInt(run.glyph(index)), x: Double(text.origin.x + position.x),
                                                  y: Double(text.origin.y + position.y))
                }
                initialized = count
            }
            if positionsGlyphsExactly {
                try drawGlyphsAtExactPositions(run, glyphs, runIndex: runIndex)
            } else if let mapped = Self.clusterMap(of: run, count: count, in: text) {
                // With the characters each glyph stands for, so that a PDF's text is the tags' own
                // (copied, searched, read aloud): from the glyphs alone, Cairo works the text back
                // from the font's character map, and 一 came out as the radical ⼀ (U+2F00), Arabic
                // as presentation forms and Devanagari as U+FFFD.
                mapped.utf8.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                               mapped.clusters, Int32(mapped.clusters.count), mapped.flags)
                    }
                }
            } else {
                cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
            }
            try context.check("drawing the glyphs at \(path).runs[\(runIndex)] (\(run.face.path))")
        }
    }

    /// The characters a run's glyphs stand for and Cairo's clusters mapping them (a cluster: so
    /// many bytes of text drawn by so many glyphs), from the run's UTF-8 cluster offsets into its
    /// line's text; `nil` when the item has no text, or the offsets do not run in the run's
    /// direction (then the glyphs are drawn alone).
    static func clusterMap(of run: GlyphRun, count: Int, in text: TextItem)
        -> (utf8: [UInt8], clusters: [cairo_text_cluster_t], flags: cairo_text_cluster_flags_t)? {
        guard run.line >= 0, run.line < text.lines.count, run.clusterCount >= count, count > 0 else { return nil }
        let line = Array(text.lines[run.line].text.utf8)
        let backward = run.isRightToLeft
        // The cluster offsets in text order, each with its number of glyphs.
        var starts: [Int] = [], glyphs: [Int32] = []
        for step in 0..<count {
            let offset = run.cluster(backward ? count - 1 - step : step)
            guard offset >= 0, offset < line.count else { return nil }
            if let last = starts.last, last == offset {
                glyphs[glyphs.count - 1] += 1
            } else {
                guard starts.last.map({ offset > $0 }) ?? true else { return nil }
                starts.append(offset)
                glyphs.append(1)
            }
        }
        // The run's text ends where the line's next cluster starts (in another run), or at the
        // line's end.
        var end = line.count
        for other in 0..<text.runs.count where text.runs[other].line == run.line {
            let otherRun = text.runs[other]
            for index in 0..<otherRun.clusterCount {
                let offset = otherRun.cluster(index)
                if offset > starts[starts.count - 1], offset < end { end = offset }
            }
        }
        var clusters: [cairo_text_cluster_t] = []
        clusters.reserveCapacity(starts.count)
        var utf8: [UInt8] = []
        utf8.reserveCapacity(end - starts[0])
        for (index, start) in starts.enumerated() {
            let next = index + 1 < starts.count ? starts[index + 1] : end
            let before = utf8.count
            appendCairoText(line[start..<next], to: &utf8)
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(utf8.count - before), num_glyphs: glyphs[index]))
        }
        return (utf8, clusters, backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0))
    }

    /// Appends UTF-8 text as Cairo takes it: its validator (`UNICODE_VALID` in cairo-unicode.c)
    /// refuses the noncharacters (U+FDD0 to U+FDEF, and U+FFFE and U+FFFF in every plane), and a
    /// text holding one put the whole document in error (a tag "\u{FFFE}" failed its PDF). They are
    /// written as U+FFFD, the replacement character, which is what they draw as (the font's box).
    static func appendCairoText(_ bytes: ArraySlice<UInt8>, to utf8: inout [UInt8]) {
        // A noncharacter's UTF-8 starts with EF (the BMP's) or F0 to F4 (the other planes').
        guard bytes.contains(where: { $0 == 0xEF || $0 >= 0xF0 }) else {
            utf8.append(contentsOf: bytes)
            return
        }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            let kept: Unicode.Scalar = scalar.properties.isNoncharacterCodePoint ? "\u{FFFD}" : scalar
            utf8.append(contentsOf: String(kept).utf8)
        }
    }

    /// Draws glyphs of a bitmap at their fractional positions: with ``GlyphMasks`` when the
    /// transform only scales uniformly and translates, otherwise by filling their outlines.
    private func drawGlyphsAtExactPositions(_ run: GlyphRun, _ glyphs: [cairo_glyph_t], runIndex: Int) throws {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx == m.yy, m.xx > 0 else {
            untouched.drewAnywhere()
            cairo_new_path(cr)
            cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
            cairo_fill(cr)
            return
        }
        let pixelSize = Double(run.fontSize) * m.xx
        let phases = Double(GlyphMasks.phases)
        // The source stays locked to the user space it was set in; masks are placed in device space.
        cairo_save(cr)
        cairo_identity_matrix(cr)
        defer { cairo_restore(cr) }
        for glyph in glyphs {
            let x = (m.xx * glyph.x + m.x0) * phases, y = (m.yy * glyph.y + m.y0) * phases
            let qx = Int(x.rounded()), qy = Int(y.rounded())
            let phaseX = ((qx % GlyphMasks.phases) + GlyphMasks.phases) % GlyphMasks.phases
            let phaseY = ((qy % GlyphMasks.phases) + GlyphMasks.phases) % GlyphMasks.phases
            let pixelX = (qx - phaseX) / GlyphMasks.phases, pixelY = (qy - phaseY) / GlyphMasks.phases
            guard let mask = try GlyphMasks.shared.mask(face: run.face, glyph: UInt32(glyph.index), pixelSize: pixelSize,
                                                        phaseX: phaseX, phaseY: phaseY, synthesis: run.synthesis) else { continue }
            if let rows = visibleRows, pixelY + mask.top >= rows.upperBound || pixelY + mask.top + mask.height <= rows.lowerBound { continue }
            let surface = try maskSurface(mask)
            cairo_mask_surface(cr, surface.pointer, Double(pixelX + mask.left), Double(pixelY + mask.top))
            untouched.drew(UntouchedPixels.PixelRect(left: pixelX + mask.left, top: pixelY + mask.top,
                                                     right: pixelX + mask.left + mask.width, bottom: pixelY + mask.top + mask.height))
        }
        try context.check("drawing the glyphs at \(path).runs[\(runIndex)] (\(run.face.path))")
    }

    /// A Cairo A8 surface over a cached glyph mask's bytes, made once per render.
    private func maskSurface(_ mask: GlyphMask) throws -> CairoSurface {
        let key = ObjectIdentifier(mask)
        if let surface = maskSurfaces[key] { return surface }
        let surface = try CairoSurface(cairo_image_surface_create_for_data(mask.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8,
                                                                           Int32(mask.width), Int32(mask.height), Int32(mask.stride)),
                                       operation: "cairo_image_surface_create_for_data(glyph mask)")
        surface.keepsAlive = mask
        maskSurfaces[key] = surface
        return surface
    }

    /// Paints each glyph's strike bitmap scaled to the font size (see ``ColorGlyphBitmap``).
    private func drawColorGlyphs(_ run: GlyphRun, origin: CGPoint, runIndex: Int) throws {
        for index in 0..<min(run.glyphCount, run.positionCount) {
            let glyph = run.glyph(index), position = run.position(index)
            guard let bitmap = try ColorGlyphCache.shared.bitmap(face: run.face, glyph: glyph) else { continue }
            let surface = try colorGlyphSurface(bitmap, key: ColorGlyphKey(face: ObjectIdentifier(run.face), glyph: glyph))
            let scale = Double(run.fontSize) / bitmap.pixelsPerEm
            cairo_save(cr)
            cairo_translate(cr, Double(origin.x + position.x) + bitmap.left * scale, Double(origin.y + position.y) + bitmap.top * scale)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, surface.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
            try context.check("painting colour glyph \(glyph) at \(path).runs[\(runIndex)] (\(run.face.path))")
        }
    }

    /// A Cairo image surface holding a colour glyph's bitmap, with its PNG attached for SVG.
    private func colorGlyphSurface(_ bitmap: ColorGlyphBitmap, key: ColorGlyphKey) throws -> CairoSurface {
        if let surface = colorGlyphSurfaces[key] { return surface }
        let surface = try CairoSurface.image(width: bitmap.width, height: bitmap.height)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw CanvasError.cairo(operation: "cairo_image_surface_get_data", status: Cairo.message(CAIRO_STATUS_NULL_POINTER))
        }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        bitmap.pixels.withUnsafeBytes { pixels in
            for row in 0..<bitmap.height {
                memcpy(data + row * stride, pixels.baseAddress! + row * bitmap.width * 4, bitmap.width * 4)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        // Cairo's SVG surface embeds attached PNG data as it is instead of encoding the pixels again.
        let png = UnsafeMutablePointer<UInt8>.allocate(capacity: bitmap.png.count)
        png.initialize(from: bitmap.png, count: bitmap.png.count)
        let status = cairo_surface_set_mime_data(surface.pointer, "image/png", png, UInt(bitmap.png.count), { data in
            data?.assumingMemoryBound(to: UInt8.self).deallocate()
        }, png)
        if status != CAIRO_STATUS_SUCCESS { png.deallocate() }
        try Cairo.check(status, "cairo_surface_set_mime_data")
        colorGlyphSurfaces[key] = surface
        return surface
    }

    // MARK: Groups

    private func drawGroup(_ group: ItemGroup) throws {
        let opacity = min(max(group.opacity, 0), 1)
        // Nothing is visible through a zero opacity or a transform that squashes the plane.
        guard opacity > 0, group.transform.determinant != 0, !group.items.isEmpty else { return }
        cairo_save(cr)
        if !group.transform.isIdentity {
            let t = group.transform
            var matrix = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d),
                                        x0: Double(t.tx), y0: Double(t.ty))
            cairo_transform(cr, &matrix)
        }
        if let clip = group.clip {
            cairo_new_path(cr)
            append(clip.shape)
            cairo_set_fill_rule(cr, clip.style.isEOFilled ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cr, clip.style.isAntialiased ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
            cairo_clip(cr)
            nesting.clips += 1
        }
        defer { if group.clip != nil { nesting.clips -= 1 } }
        try context.check("setting up the group at \(path)")
        if opacity < 1, let single = Self.foldedOpacity(group.items, opacity) {
            // One fill or stroke cannot overlap itself: its colour's opacity is the group opacity.
            indexPath.append(0)
            defer { indexPath.removeLast() }
            try draw(single)
        } else if opacity < 1 {
            untouched.drewAnywhere()
            try metadata?.willDraw(context: cr, state: nesting)
            cairo_push_group(cr)
            nesting.groups += 1
            defer { nesting.groups -= 1 }
            try draw(group.items)
            try metadata?.willDraw(context: cr, state: nesting)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        } else {
            try draw(group.items)
        }
        cairo_restore(cr)
        try context.check("compositing the group at \(path)")
    }

    /// The group's only item with the group opacity folded into its shading, when that gives the
    /// same picture: a single fill or stroke without metadata.
    static func foldedOpacity(_ items: [DisplayItem], _ opacity: Double) -> DisplayItem? {
        guard items.count == 1, let item = items.first, item.metadata.isEmpty else { return nil }
        switch item.content {
        case .fill(let shape, let shading, let style):
            return DisplayItem(.fill(shape, shading.opacity(opacity), style))
        case .stroke(let shape, let shading, let style, let placement):
            return DisplayItem(.stroke(shape, shading.opacity(opacity), style, placement))
        case .text, .group:
            return nil
        }
    }
}
