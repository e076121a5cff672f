extension ImageDiff {
    /// What comparing a picture with its golden found: ``compareWithGolden(_:_:options:maxCanvasPixels:allowedDifferentPixels:)``.
    public struct GoldenComparison: Sendable {
        /// The width of the canvas the pictures were compared on: the larger of their widths.
        public var width: Int
        /// The height of that canvas: the larger of their heights.
        public var height: Int
        /// Whether the pictures' sizes differ.
        public var sizesDiffer: Bool
        /// The differing pixels, anti-aliased ones aside (unless counted by the options), pixels that
        /// only one picture has included.
        public var differentPixels: Int
        /// The pixels over the threshold taken for anti-aliasing and not counted.
        public var antiAliasedPixels: Int
        /// The smallest rectangle holding the differing pixels, in pixels (inclusive); `nil` when
        /// none differs or the pictures matched.
        public var differingBounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        /// The diff picture when the pictures do not match (``Options/diffColor`` where they differ,
        /// ``onlyInOneColor`` where only one picture has pixels); `nil` when they match.
        public var diffImage: RGBAImage?

        /// Whether the pictures' sizes differ so much that the common canvas would be over the
        /// comparison's `maxCanvasPixels`: only the part both pictures have was compared pixel by
        /// pixel (and drawn in ``diffImage``), every pixel only one picture has counted as differing
        /// without being drawn.
        public var comparedCommonPartOnly = false

        /// The pixels either picture has: the canvas, less the corner neither has when their
        /// sizes differ (beside the narrower, under the shorter). Shares of differing pixels are
        /// of these: 300 × 1 against 1 × 300 differ in 598 of 599, not of the canvas's 90,000.
        public var comparedPixels: Int = 0

        /// Whether the pictures matched: no diff picture was needed.
        public var matched: Bool { diffImage == nil }
    }

    /// The pixels either of two pictures has, both from the top-left corner.
    static func pixelsInEither(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        let (areaA, overA) = a.width.multipliedReportingOverflow(by: a.height)
        let (areaB, overB) = b.width.multipliedReportingOverflow(by: b.height)
        let common = min(a.width, b.width) * min(a.height, b.height)
        guard !overA, !overB else { return Int.max }
        let (sum, over) = areaA.addingReportingOverflow(areaB)
        return over ? Int.max : sum - common
    }

    /// The threshold golden-image tests compare with by default (TagCloudTesting's
    /// `ImageTolerance.golden`): 0.02, about 5 levels of brightness. pixelmatch's own default, 0.1,
    /// lets a chip's fill go from 20 % to 25 % opacity unnoticed; Canvas draws the same pixels
    /// every time, so the threshold only has to absorb rounding between library versions.
    public static let goldenThreshold = 0.02

    /// The colour of the pixels that only one of two pictures of different sizes has, in the diff
    /// picture of ``compareWithGolden(_:_:options:maxCanvasPixels:allowedDifferentPixels:)``: magenta.
    public static let onlyInOneColor = RGB(red: 255, green: 0, blue: 255)

    /// Compares a picture with its golden as a golden-image test does: at once when the sizes are
    /// equal and few enough pixels differ, with no diff picture; otherwise again, drawing the diff
    /// picture. Pictures of different sizes are compared on a common canvas (the larger width by
    /// the larger height, both from the top-left corner, transparent where a picture has no
    /// pixels), so a change of size still shows where the pictures differ.
    ///
    /// The common canvas is held to `maxCanvasPixels`: two small pictures of very different
    /// shapes (32,767 × 1 and 1 × 32,767) would otherwise make a canvas of a billion pixels, 4 GB
    /// for each of the three pictures it takes. Over it, only the part both pictures have is
    /// compared and drawn, and every pixel only one picture has counts as differing
    /// (``GoldenComparison/comparedCommonPartOnly``); memory stays within the pictures' own size.
    ///
    /// - Parameters:
    ///   - golden: The expected picture.
    ///   - actual: The picture to check.
    ///   - options: Threshold and anti-aliasing; pixelmatch's defaults by default.
    ///   - maxCanvasPixels: The most pixels the common canvas of pictures of different sizes may
    ///     have; ``PNGReadingLimits/standard``'s `maxPixels` by default, the most a decoded
    ///     picture may have.
    ///   - allowedDifferentPixels: How many differing pixels still match, given the count of pixels
    ///     either picture has (``GoldenComparison/comparedPixels``).
    /// - Returns: The counts, and the diff picture when they do not match.
    /// - Throws: ``CanvasError/invalidComparisonOption(name:value:)`` for a threshold or alpha
    ///   outside 0 … 1.
    /// - Complexity: O(w × h) of the canvas, or of the pictures when the canvas is over the
    ///   limit: one pass when they match, two (and the diff picture) when not.
    public static func compareWithGolden(_ golden: RGBAImage, _ actual: RGBAImage, options: Options = Options(),
                                         maxCanvasPixels: Int = PNGReadingLimits.standard.maxPixels,
                                         allowedDifferentPixels: (Int) -> Int) throws(CanvasError) -> GoldenComparison {
        let sameSize = golden.width == actual.width && golden.height == actual.height
        let width = max(golden.width, actual.width), height = max(golden.height, actual.height)
        let (canvasPixels, overflow) = width.multipliedReportingOverflow(by: height)
        let compared = pixelsInEither(golden, actual)
        let allowed = allowedDifferentPixels(compared)
        if !sameSize, overflow || canvasPixels > maxCanvasPixels {
            var comparison = try compareCommonPart(golden, actual, options: options, canvas: (width, height))
            comparison.comparedPixels = compared
            return comparison
        }
        if sameSize {
            let quick = try compare(golden, actual, options: options, makeDiffImage: false, stoppingAfter: allowed)
            if quick.differentPixels <= allowed {
                var comparison = GoldenComparison(width: width, height: height, sizesDiffer: false, differentPixels: quick.differentPixels,
                                                  antiAliasedPixels: quick.antiAliasedPixels, differingBounds: nil, diffImage: nil)
                comparison.comparedPixels = compared
                return comparison
            }
        }
        let left = sameSize ? golden : padded(golden, width: width, height: height)
        let right = sameSize ? actual : padded(actual, width: width, height: height)
        let result = try compare(left, right, options: options, makeDiffImage: true)
        var diffImage = result.diffImage ?? RGBAImage(width: width, height: height)
        var different = result.differentPixels
        var bounds = result.differingBounds
        if !sameSize {
            different += markOnlyInOne(&diffImage, golden: golden, actual: actual, options: options)
            // Everything outside the smaller picture differs.
            let inner = (width: min(golden.width, actual.width), height: min(golden.height, actual.height))
            let outside = (inner.height < height ? 0 : inner.width, inner.width < width ? 0 : inner.height)
            bounds = (min(bounds?.minX ?? outside.0, outside.0), min(bounds?.minY ?? outside.1, outside.1), width - 1, height - 1)
        }
        var comparison = GoldenComparison(width: width, height: height, sizesDiffer: !sameSize, differentPixels: different,
                                          antiAliasedPixels: result.antiAliasedPixels, differingBounds: bounds, diffImage: diffImage)
        comparison.comparedPixels = compared
        return comparison
    }

    /// Pictures of different sizes whose common canvas is over the limit: the part both have is
    /// compared and drawn, every pixel only one of them has counted as differing.
    private static func compareCommonPart(_ golden: RGBAImage, _ actual: RGBAImage, options: Options,
                                          canvas: (width: Int, height: Int)) throws(CanvasError) -> GoldenComparison {
        let width = min(golden.width, actual.width), height = min(golden.height, actual.height)
        let result = try compare(cropped(golden, width: width, height: height), cropped(actual, width: width, height: height),
                                 options: options, makeDiffImage: true)
        // The canvas is within 32,767 a side for decoded pictures; a product that overflows is
        // counted as the most an Int holds.
        // The pixels only one picture has (not the corner neither has): each picture is within
        // the decoding limits, so none of these products overflows.
        let outside = golden.width * golden.height + actual.width * actual.height - 2 * width * height
        let (different, over) = result.differentPixels.addingReportingOverflow(outside)
        let inner = (x: height < canvas.height ? 0 : width, y: width < canvas.width ? 0 : height)
        let bounds = result.differingBounds
        var comparison = GoldenComparison(
            width: canvas.width, height: canvas.height, sizesDiffer: true, differentPixels: over ? Int.max : different,
            antiAliasedPixels: result.antiAliasedPixels,
            differingBounds: (min(bounds?.minX ?? inner.x, inner.x), min(bounds?.minY ?? inner.y, inner.y), canvas.width - 1, canvas.height - 1),
            diffImage: result.diffImage ?? RGBAImage(width: width, height: height))
        comparison.comparedCommonPartOnly = true
        return comparison
    }

    /// The top-left `width` × `height` of `image` (no larger than it).
    private static func cropped(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        if image.width == width, image.height == height { return image }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<height {
                    (to + y * width * 4).update(from: from + y * image.width * 4, count: width * 4)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `image` on a transparent canvas of `width` × `height`, from the top-left corner.
    private static func padded(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let rowBytes = image.width * 4
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<image.height {
                    (to + y * width * 4).update(from: from + y * rowBytes, count: rowBytes)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Paints the pixels that only one picture has, and returns how many of them the comparison did
    /// not already count (those transparent in the picture that has them). The corner neither
    /// picture has is left as compared.
    private static func markOnlyInOne(_ diff: inout RGBAImage, golden: RGBAImage, actual: RGBAImage, options: Options) -> Int {
        let width = diff.width
        var added = 0
        diff.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<diff.height {
                for x in 0..<width {
                    // Pixels both pictures have are compared; the corner neither has (beside the
                    // narrower one, under the shorter one) is no difference: it stays as compared,
                    // transparent in both.
                    let inGolden = x < golden.width && y < golden.height, inActual = x < actual.width && y < actual.height
                    if inGolden == inActual { continue }
                    let o = (y * width + x) * 4
                    let counted = pixels[o] == options.diffColor.red && pixels[o + 1] == options.diffColor.green
                        && pixels[o + 2] == options.diffColor.blue
                    if !counted { added += 1 }
                    pixels[o] = onlyInOneColor.red; pixels[o + 1] = onlyInOneColor.green
                    pixels[o + 2] = onlyInOneColor.blue; pixels[o + 3] = 255
                }
            }
        }
        return added
    }
}
