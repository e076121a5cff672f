import Foundation

/// A pixel-by-pixel comparison of two pictures that tells real differences from anti-aliasing,
/// compatible with pixelmatch (the comparison of the same name by Mapbox, version 5).
///
/// For each pixel, both colours are blended over white by their alpha (and, where either is not
/// opaque, over black too, the larger distance kept: pixelmatch's white alone let a picture that
/// lost its transparency pass) and compared by their
/// squared distance in the YIQ colour space, with pixelmatch's weights for Y, I and Q (Kotsarenko
/// and Ramos, "Measuring perceived color difference using YIQ NTSC transmission color space in
/// mobile applications", 2010). A pixel whose distance is over `35215 × threshold²` (35215 is
/// the largest distance there is) differs — unless it is anti-aliasing, found as pixelmatch finds
/// it with the detector of Vysniauskas ("Anti-aliased Pixel and Intensity Slope Detector", 2009):
/// a pixel is anti-aliased, in either picture, when at most two of its eight neighbours have its
/// colour, its neighbours hold both a darker and a brighter pixel, and that darkest or brightest
/// neighbour has three or more neighbours of its own colour in both pictures (it sits inside a
/// flat area on one side of an edge). Anti-aliased pixels are not counted unless
/// ``Options/includeAntiAliasing`` is set.
///
/// The diff picture shows the first picture in faded grey (its brightness blended over white with
/// ``Options/alpha``), differing pixels in ``Options/diffColor`` (red) and anti-aliased ones in
/// ``Options/antiAliasingColor`` (yellow), as pixelmatch draws it.
public enum ImageDiff {
    /// An opaque colour for the diff picture.
    public struct RGB: Sendable, Hashable {
        /// Red, 0–255.
        public var red: UInt8
        /// Green, 0–255.
        public var green: UInt8
        /// Blue, 0–255.
        public var blue: UInt8

        /// Makes a colour.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// How to compare; the defaults are pixelmatch's.
    public struct Options: Sendable, Hashable {
        /// How different two colours may be and still count as the same, 0 (exactly equal) … 1
        /// (anything goes). Default 0.1.
        public var threshold: Double = 0.1
        /// Whether anti-aliased pixels count as differences. Default `false`.
        public var includeAntiAliasing = false
        /// The opacity of the first picture under the marks in the diff picture, 0 … 1.
        /// Default 0.1.
        public var alpha: Double = 0.1
        /// The colour of anti-aliased pixels in the diff picture. Default yellow (255, 255, 0).
        public var antiAliasingColor = RGB(red: 255, green: 255, blue: 0)
        /// The colour of differing pixels in the diff picture. Default red (255, 0, 0).
        public var diffColor = RGB(red: 255, green: 0, blue: 0)
        /// If set, the colour of differing pixels that are darker in the second picture, so the
        /// diff picture tells the two directions apart. Default `nil` (all in ``diffColor``).
        public var darkerDiffColor: RGB?
        /// Whether the diff picture is a mask: transparent, with only the differing pixels
        /// drawn. Default `false`.
        public var diffMask = false
        /// Whether pixels are compared as they look over white alone, as pixelmatch compares them:
        /// for pictures meant for a white page, drawn by renderers whose transparent pixels
        /// differ. Default `false`: pixels that are not opaque are compared over black too, so
        /// that transparency counts.
        public var comparesOverWhiteOnly = false

        /// The defaults.
        public init() {}

        /// Makes options, each defaulting to pixelmatch's value.
        public init(threshold: Double = 0.1, includeAntiAliasing: Bool = false, alpha: Double = 0.1,
                    antiAliasingColor: RGB = RGB(red: 255, green: 255, blue: 0),
                    diffColor: RGB = RGB(red: 255, green: 0, blue: 0), darkerDiffColor: RGB? = nil,
                    diffMask: Bool = false, comparesOverWhiteOnly: Bool = false) {
            self.threshold = threshold
            self.includeAntiAliasing = includeAntiAliasing
            self.alpha = alpha
            self.antiAliasingColor = antiAliasingColor
            self.diffColor = diffColor
            self.darkerDiffColor = darkerDiffColor
            self.diffMask = diffMask
            self.comparesOverWhiteOnly = comparesOverWhiteOnly
        }
    }

    /// What a comparison found.
    public struct Result: Sendable, Equatable {
        /// The pixels that differ (anti-aliased ones only with
        /// ``Options/includeAntiAliasing``): pixelmatch's return value.
        public var differentPixels: Int
        /// The pixels over the threshold that were taken for anti-aliasing and not counted
        /// (0 with ``Options/includeAntiAliasing``).
        public var antiAliasedPixels: Int
        /// All pixels of a picture.
        public var totalPixels: Int
        /// The diff picture, when asked for.
        public var diffImage: RGBAImage?
        /// The smallest rectangle, in pixels (inclusive), holding the counted differing pixels;
        /// `nil` when none differs.
        public var differingBounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

        public static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.differentPixels == rhs.differentPixels && lhs.antiAliasedPixels == rhs.antiAliasedPixels
                && lhs.totalPixels == rhs.totalPixels && lhs.diffImage == rhs.diffImage
                && lhs.differingBounds.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == rhs.differingBounds.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }
        }

        /// The share of differing pixels, 0 … 1 (0 for empty pictures).
        public var differentShare: Double {
            totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels)
        }
    }

    /// Why pictures cannot be compared: now ``CanvasError``'s
    /// ``CanvasError/imageSizesDiffer(firstWidth:firstHeight:secondWidth:secondHeight:)`` and
    /// ``CanvasError/invalidComparisonOption(name:value:)``.
    @available(*, deprecated, renamed: "CanvasError", message: "ImageDiff throws CanvasError")
    public typealias Failure = CanvasError

    /// The largest squared YIQ distance between two colours, pixelmatch's scale for `threshold`.
    public static let maxYIQDistance = 35215.0

    /// Compares two pictures pixel by pixel, as pixelmatch does.
    ///
    /// - Parameters:
    ///   - first: The expected picture.
    ///   - second: The actual picture, of the same size.
    ///   - options: Threshold, anti-aliasing and diff picture options; pixelmatch's defaults.
    ///   - makeDiffImage: Whether to draw the diff picture.
    /// - Returns: The count of differing pixels and, if asked, the diff picture.
    /// - Throws: ``CanvasError/imageSizesDiffer(firstWidth:firstHeight:secondWidth:secondHeight:)``
    ///   when the sizes differ, ``CanvasError/invalidComparisonOption(name:value:)`` for a threshold
    ///   or alpha outside 0 … 1.
    /// - Complexity: O(w × h); anti-aliasing checks look at 3 × 3 neighbourhoods of the pixels
    ///   over the threshold only.
    public static func compare(_ first: RGBAImage, _ second: RGBAImage, options: Options = Options(),
                               makeDiffImage: Bool = true) throws(CanvasError) -> Result {
        try compare(first, second, options: options, makeDiffImage: makeDiffImage, stoppingAfter: nil)
    }

    /// ``compare(_:_:options:makeDiffImage:)``, stopping as soon as more than `limit` pixels differ
    /// (the counts are then partial and no diff picture is drawn): a golden comparison that fails
    /// learns it early, then draws the diff picture in a second pass.
    package static func compare(_ first: RGBAImage, _ second: RGBAImage, options: Options, makeDiffImage: Bool,
                                stoppingAfter limit: Int?) throws(CanvasError) -> Result {
        guard first.width == second.width, first.height == second.height else {
            throw .imageSizesDiffer(firstWidth: first.width, firstHeight: first.height, secondWidth: second.width, secondHeight: second.height)
        }
        guard (0...1).contains(options.threshold) else { throw .invalidComparisonOption(name: "threshold", value: options.threshold) }
        guard (0...1).contains(options.alpha) else { throw .invalidComparisonOption(name: "alpha", value: options.alpha) }

        let width = first.width
        let height = first.height
        var output = makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        var tally = Tally()

        first.pixels.withUnsafeBufferPointer { a in
            second.pixels.withUnsafeBufferPointer { b in
                output.withUnsafeMutableBufferPointer { out in
                    guard let aBase = a.baseAddress, let bBase = b.baseAddress else { return }
                    if memcmp(aBase, bBase, a.count) == 0 {
                        if makeDiffImage, !options.diffMask {
                            var gray = GrayCache()
                            for index in 0..<(width * height) { gray.draw(a, index * 4, options.alpha, out) }
                        }
                        return
                    }
                    // Bands of rows on every core: each reads both pictures (anti-aliasing looks at
                    // neighbours) and writes only its own rows of the diff picture.
                    let rowsPerBand = 64
                    let bands = (height + rowsPerBand - 1) / rowsPerBand
                    let buffers = UncheckedBox((a, b, out))
                    let tallies = Parallel.map(bands) { band in
                        let (a, b, out) = buffers.value
                        let rows = (band * rowsPerBand)..<min(height, (band + 1) * rowsPerBand)
                        return scan(rows: rows, a, b, out, width: width, height: height, options: options,
                                    makeDiffImage: makeDiffImage, stoppingAfter: limit)
                    }
                    tally = tallies.reduce(into: Tally()) { $0.add($1) }
                }
            }
        }
        let stopped = limit.map { tally.different > $0 } ?? false
        return Result(differentPixels: tally.different, antiAliasedPixels: tally.antiAliased, totalPixels: width * height,
                      diffImage: makeDiffImage && !stopped ? RGBAImage(width: width, height: height, pixels: output) : nil,
                      differingBounds: tally.bounds)
    }

    /// The counts of one band of rows, or of a whole picture.
    private struct Tally {
        var different = 0
        var antiAliased = 0
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

        mutating func differs(_ x: Int, _ y: Int) {
            different += 1
            if let box = bounds {
                bounds = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            } else {
                bounds = (x, y, x, y)
            }
        }

        mutating func add(_ other: Tally) {
            different += other.different
            antiAliased += other.antiAliased
            guard let theirs = other.bounds else { return }
            bounds = bounds.map { (min($0.minX, theirs.minX), min($0.minY, theirs.minY), max($0.maxX, theirs.maxX), max($0.maxY, theirs.maxY)) }
                ?? theirs
        }
    }

    /// Compares the pixels of `rows`, drawing their part of the diff picture; stops once more than
    /// `limit` pixels of these rows differ.
    private static func scan(rows: Range<Int>, _ a: Pixels, _ b: Pixels, _ out: UnsafeMutableBufferPointer<UInt8>,
                             width: Int, height: Int, options: Options, makeDiffImage: Bool, stoppingAfter limit: Int?) -> Tally {
        var tally = Tally()
        var gray = GrayCache()
        guard let aBase = a.baseAddress, let bBase = b.baseAddress else { return tally }
        let aWords = UnsafeRawPointer(aBase), bWords = UnsafeRawPointer(bBase)
        let maxDelta = maxYIQDistance * options.threshold * options.threshold
        let drawsGray = makeDiffImage && !options.diffMask
        for y in rows {
            for x in 0..<width {
                let position = (y * width + x) * 4
                // Equal pixels (most of a picture) need no colour arithmetic.
                if aWords.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                    == bWords.loadUnaligned(fromByteOffset: position, as: UInt32.self) {
                    if drawsGray { gray.draw(a, position, options.alpha, out) }
                    continue
                }
                let delta = options.comparesOverWhiteOnly ? colorDelta(a, b, position, position, over: 255, brightnessOnly: false)
                    : colorDelta(a, b, position, position, brightnessOnly: false)
                if abs(delta) > maxDelta {
                    if !options.includeAntiAliasing,
                       isAntiAliased(a, x, y, width, height, b) || isAntiAliased(b, x, y, width, height, a) {
                        tally.antiAliased += 1
                        if drawsGray { draw(out, position, options.antiAliasingColor) }
                    } else {
                        tally.differs(x, y)
                        if let limit, tally.different > limit { return tally }
                        if makeDiffImage {
                            let color = delta < 0 ? options.darkerDiffColor ?? options.diffColor : options.diffColor
                            draw(out, position, color)
                        }
                    }
                } else if drawsGray {
                    gray.draw(a, position, options.alpha, out)
                }
            }
        }
        return tally
    }

    // MARK: Colour distance

    private typealias Pixels = UnsafeBufferPointer<UInt8>

    /// A channel blended over white by an alpha of 0 … 1.
    private static func blend(_ channel: Double, _ alpha: Double) -> Double {
        blend(channel, alpha, over: 255)
    }

    /// A channel blended over a grey level (0 … 255) by an alpha of 0 … 1.
    private static func blend(_ channel: Double, _ alpha: Double, over backdrop: Double) -> Double {
        backdrop + (channel - backdrop) * alpha
    }

    private static func brightness(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// The squared YIQ distance between pixel `k` of `a` and pixel `m` of `b`, negative when `a`'s
    /// pixel is the brighter; with `brightnessOnly`, the difference of their Y alone (a's minus
    /// b's). Pixels that are not opaque are blended over white and over black, and the larger
    /// distance is kept: over white alone (pixelmatch's rule) a transparent pixel equals an opaque
    /// white one, and two transparent pixels of any colours equal each other, so that a picture
    /// that lost its transparency, or a colour drawn at opacity 0, passed as unchanged.
    private static func colorDelta(_ a: Pixels, _ b: Pixels, _ k: Int, _ m: Int, brightnessOnly: Bool) -> Double {
        let a1 = a[k + 3], a2 = b[m + 3]
        if a1 == a2, a[k] == b[m], a[k + 1] == b[m + 1], a[k + 2] == b[m + 2] { return 0 }
        let overWhite = colorDelta(a, b, k, m, over: 255, brightnessOnly: brightnessOnly)
        guard a1 < 255 || a2 < 255 else { return overWhite }
        let overBlack = colorDelta(a, b, k, m, over: 0, brightnessOnly: brightnessOnly)
        return abs(overBlack) > abs(overWhite) ? overBlack : overWhite
    }

    /// ``colorDelta(_:_:_:_:brightnessOnly:)`` with both pixels blended over a grey level
    /// (255 white, 0 black).
    private static func colorDelta(_ a: Pixels, _ b: Pixels, _ k: Int, _ m: Int, over backdrop: Double,
                                   brightnessOnly: Bool) -> Double {
        var r1 = Double(a[k]), g1 = Double(a[k + 1]), b1 = Double(a[k + 2])
        let a1 = a[k + 3]
        var r2 = Double(b[m]), g2 = Double(b[m + 1]), b2 = Double(b[m + 2])
        let a2 = b[m + 3]
        if a1 < 255 {
            let alpha = Double(a1) / 255
            r1 = blend(r1, alpha, over: backdrop); g1 = blend(g1, alpha, over: backdrop); b1 = blend(b1, alpha, over: backdrop)
        }
        if a2 < 255 {
            let alpha = Double(a2) / 255
            r2 = blend(r2, alpha, over: backdrop); g2 = blend(g2, alpha, over: backdrop); b2 = blend(b2, alpha, over: backdrop)
        }
        let y1 = brightness(r1, g1, b1)
        let y2 = brightness(r2, g2, b2)
        let y = y1 - y2
        if brightnessOnly { return y }
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    // MARK: Anti-aliasing (Vysniauskas 2009, as pixelmatch applies it)

    /// Whether pixel (x1, y1) of `image` looks like anti-aliasing next to `other`.
    private static func isAntiAliased(_ image: Pixels, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
                                      _ other: Pixels) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        // A pixel on the picture's edge has fewer neighbours: count the missing ones as one equal.
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt = (x: 0, y: 0), brightestAt = (x: 0, y: 0)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = colorDelta(image, image, position, (y * width + x) * 4, over: 255, brightnessOnly: true)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (x, y)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (x, y)
                }
            }
        }
        // No slope: not both a darker and a brighter neighbour.
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, darkestAt.x, darkestAt.y, width, height)
                && hasManySiblings(other, darkestAt.x, darkestAt.y, width, height))
            || (hasManySiblings(image, brightestAt.x, brightestAt.y, width, height)
                && hasManySiblings(other, brightestAt.x, brightestAt.y, width, height))
    }

    /// Whether pixel (x1, y1) has three or more neighbours of exactly its colour.
    private static func hasManySiblings(_ image: Pixels, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let other = (y * width + x) * 4
                if image[position] == image[other], image[position + 1] == image[other + 1],
                   image[position + 2] == image[other + 2], image[position + 3] == image[other + 3] {
                    equal += 1
                }
                if equal > 2 { return true }
            }
        }
        return false
    }

    // MARK: Drawing the diff picture

    private static func draw(_ output: UnsafeMutableBufferPointer<UInt8>, _ position: Int, _ color: RGB) {
        output[position] = color.red
        output[position + 1] = color.green
        output[position + 2] = color.blue
        output[position + 3] = 255
    }

    /// Draws the first picture's brightness, faded towards white by `alpha` (and by the pixel's
    /// own alpha), truncated to a byte as pixelmatch's typed array stores it; the last pixel's
    /// byte is kept, since pictures are mostly runs of one colour.
    private struct GrayCache {
        private var pixel: UInt32?
        private var byte: UInt8 = 0

        mutating func draw(_ image: Pixels, _ position: Int, _ alpha: Double, _ output: UnsafeMutableBufferPointer<UInt8>) {
            let word = UInt32(image[position]) | UInt32(image[position + 1]) << 8 | UInt32(image[position + 2]) << 16
                | UInt32(image[position + 3]) << 24
            if word != pixel {
                let y = brightness(Double(image[position]), Double(image[position + 1]), Double(image[position + 2]))
                let value = blend(y, alpha * Double(image[position + 3]) / 255)
                byte = UInt8(max(0, min(255, value)).rounded(.towardZero))
                pixel = word
            }
            output[position] = byte
            output[position + 1] = byte
            output[position + 2] = byte
            output[position + 3] = 255
        }
    }
}
