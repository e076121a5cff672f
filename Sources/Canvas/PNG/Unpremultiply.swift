import CTagCloudPixels

/// Converts Cairo's premultiplied ARGB32 pixels to straight-alpha bytes.
///
/// Cairo stores a pixel as a native-endian 32-bit word `0xAARRGGBB` with colour premultiplied by
/// alpha. Un-premultiplying uses Cairo's own rounding, `(c · 255 + a / 2) / a`, so the results equal
/// what `cairo_surface_write_to_png` writes. Runs of equal pixels are converted once.
enum Unpremultiply {
    /// Converts `count` pixels to RGBA bytes.
    @inline(__always)
    static func argb32ToRGBA(_ source: UnsafePointer<UInt32>, _ output: UnsafeMutableRawPointer, count: Int) {
        var last: UInt32 = 0
        var lastOut: UInt32 = 0
        for x in 0..<count {
            let pixel = source[x]
            let word: UInt32
            if pixel >= 0xFF00_0000 {
                // Opaque: 0xAARRGGBB becomes the bytes R, G, B, A.
                word = pixel.byteSwapped >> 8 | 0xFF00_0000
            } else if pixel == 0 {
                word = 0
            } else {
                if pixel != last || x == 0 {
                    last = pixel
                    let s = straight(pixel)
                    lastOut = UInt32(s.0) | UInt32(s.1) << 8 | UInt32(s.2) << 16 | UInt32(s.3) << 24
                }
                word = lastOut
            }
            output.storeBytes(of: word.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
        }
    }

    /// Converts `count` pixels to RGB bytes, dropping alpha.
    ///
    /// Groups of eight or four opaque pixels go through the processor's byte shuffle (AVX2, SSSE3)
    /// while they last (`tagcloud_opaque_argb32_to_rgb`); after that, four opaque pixels at a time become three
    /// 32-bit words: `q = bswap(p) >> 8` holds a pixel's R, G, B in byte order, and the words are
    /// `q0 | q1 << 24`, `q1 >> 8 | q2 << 16`, `q2 >> 16 | q3 << 8`.
    ///
    /// - Returns: `false` if some pixel was not opaque (its colour is then un-premultiplied, but the
    ///   caller should use ``argb32ToRGBA(_:_:count:)`` instead).
    @inline(__always)
    static func argb32ToRGB(_ source: UnsafePointer<UInt32>, _ output: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeMutableRawPointer(output)
        var opaque = true
        // Groups of four opaque pixels by the processor's byte shuffle, as far as they go.
        var x = tagcloud_opaque_argb32_to_rgb(source, output, count)
        while x + 4 <= count {
            let p0 = source[x], p1 = source[x + 1], p2 = source[x + 2], p3 = source[x + 3]
            if p0 & p1 & p2 & p3 >= 0xFF00_0000 {
                let q0 = p0.byteSwapped >> 8, q1 = p1.byteSwapped >> 8, q2 = p2.byteSwapped >> 8, q3 = p3.byteSwapped >> 8
                raw.storeBytes(of: (q0 | q1 << 24).littleEndian, toByteOffset: 3 * x, as: UInt32.self)
                raw.storeBytes(of: (q1 >> 8 | q2 << 16).littleEndian, toByteOffset: 3 * x + 4, as: UInt32.self)
                raw.storeBytes(of: (q2 >> 16 | q3 << 8).littleEndian, toByteOffset: 3 * x + 8, as: UInt32.self)
            } else {
                for k in x..<(x + 4) where !storeRGB(source[k], output + 3 * k) { opaque = false }
            }
            x += 4
        }
        while x < count {
            if !storeRGB(source[x], output + 3 * x) { opaque = false }
            x += 1
        }
        return opaque
    }

    /// Writes one pixel's straight R, G, B.
    ///
    /// - Returns: Whether the pixel was opaque.
    @inline(__always)
    private static func storeRGB(_ pixel: UInt32, _ o: UnsafeMutablePointer<UInt8>) -> Bool {
        if pixel >= 0xFF00_0000 {
            o[0] = UInt8(truncatingIfNeeded: pixel >> 16)
            o[1] = UInt8(truncatingIfNeeded: pixel >> 8)
            o[2] = UInt8(truncatingIfNeeded: pixel)
            return true
        }
        let s = straight(pixel)
        o[0] = s.0; o[1] = s.1; o[2] = s.2
        return false
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
