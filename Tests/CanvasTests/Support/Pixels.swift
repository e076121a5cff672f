import Canvas

extension RGBAImage {
    /// The straight-alpha (r, g, b, a) of the pixel at (x, y).
    func pixel(_ x: Int, _ y: Int) -> [Int] {
        let o = (y * width + x) * 4
        return pixels[o..<(o + 4)].map(Int.init)
    }
}

/// Whether two pixels differ by at most `tolerance` in every channel.
func close(_ a: [Int], _ b: [Int], tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A short description of how two images differ, for test messages: nothing when they are equal.
func differences(_ a: RGBAImage, _ b: RGBAImage) -> String? {
    guard a.width == b.width, a.height == b.height else { return "sizes \(a.width) × \(a.height) and \(b.width) × \(b.height)" }
    var count = 0, first: (Int, Int)?, largest = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[index..<(index + 4)] != b.pixels[index..<(index + 4)] {
        count += 1
        if first == nil { first = ((index / 4) % a.width, (index / 4) / a.width) }
        for k in 0..<4 { largest = max(largest, abs(Int(a.pixels[index + k]) - Int(b.pixels[index + k]))) }
    }
    guard let first else { return nil }
    return "\(count) pixels differ, by up to \(largest), the first at (\(first.0), \(first.1))"
}

/// The largest difference between two images of one size in any channel of their premultiplied
/// pixels (colour times alpha, in 0...255), and how many pixels differ at all: how far apart two
/// rasterizations of the same shapes are, without the magnification un-premultiplying gives
/// nearly transparent pixels.
func premultipliedDifference(_ a: RGBAImage, _ b: RGBAImage) -> (largest: Int, pixels: Int) {
    precondition(a.width == b.width && a.height == b.height, "images of different sizes")
    var largest = 0, pixels = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[index..<(index + 4)] != b.pixels[index..<(index + 4)] {
        pixels += 1
        let alphaA = Int(a.pixels[index + 3]), alphaB = Int(b.pixels[index + 3])
        largest = max(largest, abs(alphaA - alphaB))
        for k in 0..<3 {
            let premultipliedA = (Int(a.pixels[index + k]) * alphaA + 127) / 255, premultipliedB = (Int(b.pixels[index + k]) * alphaB + 127) / 255
            largest = max(largest, abs(premultipliedA - premultipliedB))
        }
    }
    return (largest, pixels)
}
