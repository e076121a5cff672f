import CCairo
import Foundation

// The C boundary with Cairo: every call that can fail goes through `Cairo.check`, and each Cairo
// handle has exactly one Swift owner that destroys it in `deinit`.

/// Helpers shared by every Cairo call site.
enum Cairo {
    /// The largest width or height of a Cairo image surface, in pixels.
    static let maximumImageSide = 32_767

    /// Turns a Cairo status into a ``CanvasError/cairo(operation:status:)``.
    ///
    /// - Parameters:
    ///   - status: The status a Cairo call or object reported.
    ///   - operation: The call and the item it was drawing, for the error message.
    /// - Throws: ``CanvasError/cairo(operation:status:)`` unless `status` is success.
    static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw CanvasError.cairo(operation: operation(), status: message(status))
    }

    /// Cairo's own text for a status.
    static func message(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }

    /// Sets the font options every surface uses, so that glyph shapes and positions never depend
    /// on the machine's FreeType or fontconfig settings: grey antialiasing, no hinting, unhinted
    /// (fractional) metrics.
    ///
    /// - Parameter context: The context to configure.
    static func applyFixedFontOptions(to context: OpaquePointer) throws {
        let options = try makeFixedFontOptions()
        defer { cairo_font_options_destroy(options) }
        cairo_set_font_options(context, options)
    }

    /// The fixed font options as a new object, for `cairo_scaled_font_create`; the caller destroys it.
    static func makeFixedFontOptions() throws -> OpaquePointer {
        guard let options = cairo_font_options_create() else {
            throw CanvasError.cairo(operation: "cairo_font_options_create", status: message(CAIRO_STATUS_NO_MEMORY))
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        let status = cairo_font_options_status(options)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_options_destroy(options)
            throw CanvasError.cairo(operation: "cairo_font_options_create", status: message(status))
        }
        return options
    }

    /// Takes a new Cairo object from a constructor, checking it: Cairo returns objects in an error
    /// state (rarely `NULL`) when creation fails.
    ///
    /// - Parameters:
    ///   - pointer: What the constructor returned.
    ///   - operation: The constructor and its arguments, for the error message.
    ///   - status: The object's status function (`cairo_surface_status`, …).
    ///   - destroy: The object's destroy function, called if the object is in error.
    /// - Returns: The object, owned by the caller.
    /// - Throws: ``CanvasError/cairo(operation:status:)`` if the object is `NULL` or in error.
    static func adopt(_ pointer: OpaquePointer?, _ operation: @autoclosure () -> String,
                      status: (OpaquePointer) -> cairo_status_t, destroy: (OpaquePointer) -> Void) throws -> OpaquePointer {
        guard let pointer else { throw CanvasError.cairo(operation: operation(), status: message(CAIRO_STATUS_NO_MEMORY)) }
        let result = status(pointer)
        guard result == CAIRO_STATUS_SUCCESS else {
            destroy(pointer)
            throw CanvasError.cairo(operation: operation(), status: message(result))
        }
        return pointer
    }
}

/// Owns one `cairo_surface_t`.
final class CairoSurface {
    let pointer: OpaquePointer
    /// An object owning memory the surface reads or writes (a glyph mask, a bitmap's pixels),
    /// released after the surface.
    var keepsAlive: AnyObject?

    /// Takes ownership of a surface that a Cairo constructor returned.
    ///
    /// - Throws: ``CanvasError/cairo(operation:status:)`` if the surface is in an error state
    ///   (Cairo returns an error surface rather than `NULL`, for example when out of memory).
    init(_ pointer: OpaquePointer?, operation: String) throws {
        self.pointer = try Cairo.adopt(pointer, operation, status: cairo_surface_status, destroy: cairo_surface_destroy)
    }

    /// Makes an ARGB32 image surface (premultiplied alpha, native-endian 32-bit pixels).
    static func image(width: Int, height: Int) throws -> CairoSurface {
        try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                         operation: "cairo_image_surface_create(\(width) × \(height) px)")
    }

    /// Finishes the surface (vector surfaces write their output now) and checks its status.
    func finish(_ operation: String) throws {
        cairo_surface_finish(pointer)
        try Cairo.check(cairo_surface_status(pointer), operation)
    }

    /// Flushes pending drawing so the pixels can be read, and checks the status.
    func flush() throws {
        cairo_surface_flush(pointer)
        try Cairo.check(cairo_surface_status(pointer), "cairo_surface_flush")
    }

    deinit { cairo_surface_destroy(pointer) }
}

extension Cairo {
    /// The premultiplied ARGB32 word Cairo 1.16 stores for a solid colour on an image surface,
    /// computed as Cairo does: each component clamped to 0 … 1, premultiplied, rounded to 16 bits
    /// (`_cairo_color_double_to_short`: `d × 65535 + 0.5`) and its high byte kept
    /// (`color_to_uint32` in `cairo-image-compositor.c`).
    ///
    /// - Parameter color: The colour.
    /// - Returns: The word, alpha in the high byte.
    static func solidPixel(_ color: RGBAColor) -> UInt32 {
        func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        let alpha = clamped(color.opacity)
        func short(_ value: Double) -> UInt32 { UInt32(value * 65535 + 0.5) }
        let a = short(alpha), r = short(clamped(color.red) * alpha)
        let g = short(clamped(color.green) * alpha), b = short(clamped(color.blue) * alpha)
        return (a >> 8) << 24 | (r >> 8) << 16 | (g & 0xFF00) | (b >> 8)
    }
}

/// Owns one `cairo_t`, and keeps its target surface alive.
final class CairoContext {
    let pointer: OpaquePointer
    let surface: CairoSurface

    /// Makes a drawing context on `surface` with the fixed font options.
    init(surface: CairoSurface) throws {
        guard let pointer = cairo_create(surface.pointer) else {
            throw CanvasError.cairo(operation: "cairo_create", status: Cairo.message(CAIRO_STATUS_NO_MEMORY))
        }
        self.pointer = pointer
        self.surface = surface
        try check("cairo_create")
        try Cairo.applyFixedFontOptions(to: pointer)
    }

    /// Checks the context's status, which stays in error after the first failing call.
    ///
    /// - Parameter operation: What was being done, for the error message.
    func check(_ operation: @autoclosure () -> String) throws {
        try Cairo.check(cairo_status(pointer), operation())
    }

    deinit { cairo_destroy(pointer) }
}

/// Collects the bytes a Cairo stream surface writes.
final class CairoByteSink {
    /// Room for a typical tag cloud's SVG or PDF, so that Cairo's many small writes do not copy the
    /// bytes again as the array grows.
    var bytes: [UInt8] = {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 17)
        return bytes
    }()

    /// The C write function that appends to the sink passed as its closure pointer.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<CairoByteSink>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
    }

    /// The pointer to pass as the write function's closure; valid while the sink is alive.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
