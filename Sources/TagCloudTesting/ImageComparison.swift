public import Canvas

/// How far two images may differ and still match.
///
/// A pixel's difference is the largest of its alpha difference and its colour channels' differences
/// weighted by the larger alpha, `|c₁ − c₂| · max(a₁, a₂) / 255`, so that the colour of nearly
/// transparent pixels, which un-premultiplying makes noisy, cannot fail a comparison on its own.
public struct ImageTolerance: Sendable, Hashable, CustomStringConvertible {
    /// The largest difference of one channel that still counts as equal, 0 to 255.
    public var perChannel: Int
    /// The fraction of pixels, 0 to 1, allowed to differ by more than ``perChannel``.
    public var differingPixelFraction: Double

    /// Makes a tolerance.
    ///
    /// - Parameters:
    ///   - perChannel: The largest equal-enough channel difference, 0 to 255.
    ///   - differingPixelFraction: The fraction of pixels allowed beyond it; none by default.
    public init(perChannel: Int, differingPixelFraction: Double = 0) {
        self.perChannel = perChannel
        self.differingPixelFraction = differingPixelFraction
    }

    /// Identical pixels only.
    public static let exact = ImageTolerance(perChannel: 0)
    /// The golden-image default: every channel within 2 of 255, for rounding in compositing.
    public static let golden = ImageTolerance(perChannel: 2)

    public var description: String {
        differingPixelFraction > 0
            ? "\(perChannel)/255 per channel, \(differingPixelFraction * 100)% of pixels beyond it"
            : "\(perChannel)/255 per channel"
    }
}

/// The result of comparing two images of equal size.
public struct ImageComparison: Sendable, CustomStringConvertible {
    /// Pixels whose difference exceeds the tolerance.
    public var differingPixels: Int
    /// The largest pixel difference, 0 to 255.
    public var largestDifference: Int
    /// Where the largest difference is, as (x, y).
    public var largestDifferenceAt: (x: Int, y: Int)
    /// A picture of the difference: the reference faded to light grey, with differing pixels in red
    /// (stronger for larger differences).
    public var diffImage: RGBAImage

    /// Compares two images of the same size.
    ///
    /// - Parameters:
    ///   - reference: The expected image.
    ///   - actual: The image to check.
    ///   - tolerance: The per-channel tolerance that counts a pixel as differing.
    /// - Returns: The comparison, or `nil` if the sizes differ.
    /// - Complexity: O(width × height).
    public init?(reference: RGBAImage, actual: RGBAImage, tolerance: ImageTolerance) {
        guard reference.width == actual.width, reference.height == actual.height else { return nil }
        var diff = [UInt8](repeating: 0, count: reference.pixels.count)
        var differing = 0, largest = 0, largestAt = (x: 0, y: 0)
        reference.pixels.withUnsafeBufferPointer { r in
            actual.pixels.withUnsafeBufferPointer { a in
                for index in 0..<(reference.width * reference.height) {
                    let o = index * 4
                    let ra = Int(r[o + 3]), aa = Int(a[o + 3])
                    let weight = max(ra, aa)
                    var d = abs(ra - aa)
                    for c in 0..<3 {
                        d = max(d, (abs(Int(r[o + c]) - Int(a[o + c])) * weight + 127) / 255)
                    }
                    if d > largest { largest = d; largestAt = (index % reference.width, index / reference.width) }
                    if d > tolerance.perChannel {
                        differing += 1
                        diff[o] = 255; diff[o + 1] = 0; diff[o + 2] = 0; diff[o + 3] = UInt8(min(255, 96 + d))
                    } else {
                        // The reference as a faint grey, composited on white.
                        let luma = (Int(r[o]) * 299 + Int(r[o + 1]) * 587 + Int(r[o + 2]) * 114) / 1000
                        let shade = UInt8(255 - (255 - luma) * ra / 255 / 4)
                        diff[o] = shade; diff[o + 1] = shade; diff[o + 2] = shade; diff[o + 3] = 255
                    }
                }
            }
        }
        differingPixels = differing
        largestDifference = largest
        largestDifferenceAt = largestAt
        diffImage = RGBAImage(width: reference.width, height: reference.height, pixels: diff)
    }

    /// A one-line summary, without the diff image's pixels.
    public var description: String {
        "\(differingPixels) differing pixels, largest difference \(largestDifference) at x \(largestDifferenceAt.x), y \(largestDifferenceAt.y)"
    }

    /// Whether the images match within `tolerance`.
    ///
    /// - Parameter tolerance: The tolerance this comparison was made with.
    /// - Returns: `true` if few enough pixels differ.
    public func matches(_ tolerance: ImageTolerance) -> Bool {
        let total = max(1, diffImage.width * diffImage.height)
        return Double(differingPixels) <= tolerance.differingPixelFraction * Double(total)
    }
}
