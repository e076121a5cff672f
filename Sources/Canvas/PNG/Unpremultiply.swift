/// Converts Cairo's premultiplied ARGB32 pixels to straight-alpha bytes.
///
/// Cairo stores a pixel as a native-endian 32-bit word `0xAARRGGBB` with colour premultiplied by
/// alpha. Un-premultiplying uses Cairo's own rounding, `(c · 255 + a / 2) / a`, so the results equal
/// what `cairo_surface_write_to_png` writes. Runs of equal pixels are converted once.
enum Unpremultiply {
    /// Converts `count` pixels to RGBA bytes.
    @inline(__always)
    static func argb32ToRGBA(_ source: UnsafePointer<UInt32>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
        var last: UInt32 = 0
        var lastOut: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        for x in 0..<count {
            let pixel = source[x]
            if pixel != last || x == 0 {
                last = pixel
                lastOut = straight(pixel)
            }
            let o = output + 4 * x
            o[0] = lastOut.0; o[1] = lastOut.1; o[2] = lastOut.2; o[3] = lastOut.3
        }
    }

    /// Converts `count` pixels to RGB bytes, dropping alpha.
    ///
    /// - Returns: `false` if some pixel was not opaque (its colour is then un-premultiplied, but the
    ///   caller should use ``argb32ToRGBA(_:_:count:)`` instead).
    @inline(__always)
    static func argb32ToRGB(_ source: UnsafePointer<UInt32>, _ output: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        var opaque = true
        for x in 0..<count {
            let pixel = source[x]
            let o = output + 3 * x
            if pixel >= 0xFF00_0000 {
                o[0] = UInt8(truncatingIfNeeded: pixel >> 16)
                o[1] = UInt8(truncatingIfNeeded: pixel >> 8)
                o[2] = UInt8(truncatingIfNeeded: pixel)
            } else {
                opaque = false
                let s = straight(pixel)
                o[0] = s.0; o[1] = s.1; o[2] = s.2
            }
        }
        return opaque
    }

    /// One pixel as straight (r, g, b, a).
    @inline(__always)
    static func straight(_ pixel: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let a = pixel >> 24
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        switch a {
        case 255:
            return (UInt8(r), UInt8(g), UInt8(b), 255)
        case 0:
            return (0, 0, 0, 0)
        default:
            let half = a / 2
            return (UInt8(min(255, (r * 255 + half) / a)), UInt8(min(255, (g * 255 + half) / a)),
                    UInt8(min(255, (b * 255 + half) / a)), UInt8(a))
        }
    }
}
