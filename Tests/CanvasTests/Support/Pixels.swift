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
