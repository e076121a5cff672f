import Foundation
import Canvas
import TagCloud

/// What `tagcloud diff` is asked to compare.
package struct DiffRequest: Sendable {
    /// The expected PNG.
    package var first: String
    /// The actual PNG.
    package var second: String
    /// Where to write the diff image, if anywhere.
    package var diffOutput: String?
    /// pixelmatch's threshold, 0 … 1: the YIQ colour distance, as a share of the largest, under
    /// which two pixels count as equal.
    package var threshold: Double
    /// How many differing pixels are still "the same image".
    package var maxDiffPixels: Int
    /// Whether anti-aliased pixels count as differences.
    package var includeAntiAliasing: Bool
    /// The most pixels an image may have (`--max-pixels`), checked against its header before
    /// it is decoded; each side is held to 32,767 too.
    package var maxPixels: Int

    /// Makes a request; the defaults are pixelmatch's, an exact match, and
    /// ``PNGReadingLimits/standard``.
    package init(first: String, second: String, diffOutput: String? = nil, threshold: Double = ImageDiff.goldenThreshold,
                 maxDiffPixels: Int = 0, includeAntiAliasing: Bool = false,
                 maxPixels: Int = PNGReadingLimits.standard.maxPixels) {
        self.first = first
        self.second = second
        self.diffOutput = diffOutput
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.includeAntiAliasing = includeAntiAliasing
        self.maxPixels = maxPixels
    }
}

/// What `tagcloud diff` found.
package struct DiffOutcome: Sendable, Equatable {
    /// The pixels that differ (pixelmatch's count).
    package var differentPixels: Int
    /// The pixels over the threshold taken for anti-aliasing and not counted.
    package var antiAliasedPixels: Int
    /// The pixels of one image.
    package var totalPixels: Int
    /// The limit the count was held to.
    package var maxDiffPixels: Int
    /// Whether the diff image went to standard output (`--out -`, or a path to the file standard
    /// output goes to): the summary then goes to standard error.
    package var imageOnStandardOutput = false
    /// The two sizes when they differ (`390 × 68 and 132 × 68`): the images then differ whatever
    /// the count.
    package var sizes: String?
    /// When the sizes differ so much that their common canvas would be over `--max-pixels`, why
    /// (`32767 × 32767 pixels would be over the limit of 40000 pixels (--max-pixels)`): only the
    /// part both images have was compared then, every other pixel of the canvas counted as
    /// differing, and the diff image is that part's.
    package var commonCanvasOverLimit: String?
    /// Why the diff image asked for could not be written, when it could not (the images were
    /// compared all the same: the summary is given, then this, and the exit code is 2).
    package var diffImageFailure: CommandError?
    /// Where the counted differing pixels are: the corners of the smallest box holding them, in
    /// pixels from the top left, inclusive (`(12, 40) to (30, 52)`); `nil` when none differs.
    package var differingBox: String?

    /// The share of differing pixels, 0 … 1.
    package var share: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }

    /// Whether the images are the same size and within the limit.
    package var matches: Bool { sizes == nil && differentPixels <= maxDiffPixels }

    /// ``TagCloudExitCode/success`` within the limit, ``TagCloudExitCode/imagesDiffer`` beyond it.
    package var exitCode: TagCloudExitCode { diffImageFailure != nil ? .diffFailed : matches ? .success : .imagesDiffer }

    /// `12 of 480000 pixels differ (0.0025 %), from (12, 40) to (30, 52); within the limit of 20`.
    package var summary: String {
        // A share too small for four decimals is not said as none (`1 of 4000000` is not 0.0000 %).
        let percent = share > 0 && share * 100 < 0.00005 ? "< 0.0001" : String(format: "%.4f", share * 100)
        let box = differingBox.map { ", from \($0)" } ?? ""
        let verdict = matches ? "within the limit of \(maxDiffPixels)" : "more than the limit of \(maxDiffPixels)"
        let antiAliased = antiAliasedPixels > 0 ? ", \(antiAliasedPixels) anti-aliased not counted" : ""
        if let sizes, let commonCanvasOverLimit {
            return "the images differ in size: \(sizes) pixels; their common canvas of \(commonCanvasOverLimit), so only the part "
                + "both have was compared, every pixel only one has counted as differing: \(differentPixels) of the \(totalPixels) pixels "
                + "either has differ "
                + "(\(percent) %)\(antiAliased)"
        }
        if let sizes {
            return "the images differ in size: \(sizes) pixels; on a common canvas, "
                + "\(differentPixels) of the \(totalPixels) pixels either has differ (\(percent) %)\(box)\(antiAliased)"
        }
        return "\(differentPixels) of \(totalPixels) pixels differ (\(percent) %)\(box)\(antiAliased); \(verdict)"
    }
}

extension TagCloudCommand {
    /// `tagcloud diff`: compares two PNG images with Canvas's `ImageDiff` (pixelmatch: YIQ colour
    /// distance, anti-aliasing detection) and writes the diff image if asked.
    ///
    /// The images are untrusted: each header is checked against `--max-pixels` (and 32,767 pixels
    /// a side) before anything is allocated for its pixels, files are read as streams, and so is
    /// the common canvas of images of different sizes (over it, only the part both have is
    /// compared). A damaged file (a wrong CRC, no `IEND`, data after it, too much image data) and
    /// an animated PNG are refused, never compared as far as they go or by their first frame. The
    /// diff image is written as ``OutputFile`` writes, never over either image, and nothing is
    /// written to standard output when it is one of the images (`1<> a.png`).
    ///
    /// - Parameter request: The images and limits.
    /// - Returns: The count and share of differing pixels, and the exit code (0 or 1).
    /// - Throws: ``CommandError/cannotCompareImages(reason:)`` (exit code 2) for a missing or
    ///   unreadable file, a file that is not a PNG, is damaged, is animated or is over the
    ///   limits, an option out of range, a diff image that cannot be written (or would replace
    ///   an input), or a standard output that is an input. Images of different sizes are not an
    ///   error: they differ (exit code 1).
    package static func diff(_ request: DiffRequest) throws(CommandError) -> DiffOutcome {
        guard (0...1).contains(request.threshold) else {
            throw .cannotCompareImages(reason: "the threshold is \(request.threshold), but it must be from 0 to 1")
        }
        guard request.maxDiffPixels >= 0 else {
            throw .cannotCompareImages(reason: "--max-diff-pixels is \(request.maxDiffPixels), but it must be 0 or more")
        }
        guard request.maxPixels >= 1 else {
            throw .cannotCompareImages(reason: "--max-pixels is \(request.maxPixels), but it must be 1 or more")
        }
        // `--out -` is standard output, as `-o -` is for the other commands; a PNG is never
        // written to a terminal.
        let diffPath = request.diffOutput == "-" ? nil : request.diffOutput
        // The diff image is a PNG: a name for another format (`--out d.svg`) got PNG bytes.
        if let diffPath {
            let ext = fileExtension(of: diffPath)
            if ext != "png", OutputFormat(fileExtension: ext) != nil || ext == "apng" {
                throw .cannotCompareImages(reason: "the diff image is a PNG, but --out \(quoted(path: diffPath)) is named for "
                                           + "\(ext.uppercased()); name it .png")
            }
        }
        if request.diffOutput != nil {
            do {
                try refuseBinaryOnTerminal("png", path: diffPath, advice: "give --out FILE")
                if let diffPath { try OutputFile.check(diffPath, inputs: [request.first, request.second]) }
            } catch {
                throw .cannotCompareImages(reason: diffImageFailure(error))
            }
        }
        // Standard output takes the diff image (`--out -`) or the summary: never an input's file
        // (`--out - 1<> a.png` wrote the diff image over the golden), as render's `-o -` checks.
        do {
            try OutputFile.checkStandardOutput(against: [request.first, request.second])
        } catch {
            throw .cannotCompareImages(reason: request.diffOutput == "-" ? diffImageFailure(error) : error.description)
        }
        if request.first == "-", request.second == "-" {
            throw .cannotCompareImages(reason: "standard input (-) is given twice; it can be read once: give one image as a file")
        }
        let limits = PNGReadingLimits(maxPixels: request.maxPixels)
        let first = try image(at: request.first, limits: limits)
        let second = try image(at: request.second, limits: limits)
        let options = ImageDiff.Options(threshold: request.threshold, includeAntiAliasing: request.includeAntiAliasing)
        // Images of different sizes differ (exit 1, as a golden of another size fails a test):
        // they are compared on a common canvas, and the diff image shows where, the part only
        // one of them has in magenta.
        let sizesDiffer = first.width != second.width || first.height != second.height
        let result: (differentPixels: Int, antiAliasedPixels: Int, totalPixels: Int, diffImage: RGBAImage?,
                     bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?)
        var commonCanvasOverLimit: String?
        do {
            if sizesDiffer {
                let compared = try ImageDiff.compareWithGolden(first, second, options: options, maxCanvasPixels: request.maxPixels,
                                                               allowedDifferentPixels: { _ in 0 })
                result = (compared.differentPixels, compared.antiAliasedPixels, compared.comparedPixels, compared.diffImage,
                          compared.differingBounds)
                if compared.comparedCommonPartOnly {
                    commonCanvasOverLimit = "\(compared.width) × \(compared.height) pixels would be over the limit of "
                        + "\(request.maxPixels) pixels (--max-pixels)"
                }
            } else {
                let compared = try ImageDiff.compare(first, second, options: options, makeDiffImage: request.diffOutput != nil)
                result = (compared.differentPixels, compared.antiAliasedPixels, compared.totalPixels, compared.diffImage,
                          compared.differingBounds)
            }
        } catch {
            throw .cannotCompareImages(reason: "\(quoted(path: request.first)) and \(quoted(path: request.second)): \(error)")
        }
        var diffImageFailure: CommandError?
        if request.diffOutput != nil, let diffImage = result.diffImage {
            do throws(CommandError) {
                let png: Data
                do {
                    png = try diffImage.pngData()
                } catch {
                    throw .cannotWriteOutput(path: diffPath ?? "standard output", reason: "\(error)")
                }
                if let diffPath {
                    try OutputFile.write(png, to: diffPath, inputs: [request.first, request.second])
                } else {
                    try StandardStreams.output(png)
                }
            } catch {
                // Compared all the same: the summary is said, then why the image is missing.
                diffImageFailure = .cannotCompareImages(reason: Self.diffImageFailure(error))
            }
        }
        var outcome = DiffOutcome(differentPixels: result.differentPixels, antiAliasedPixels: result.antiAliasedPixels,
                                  totalPixels: result.totalPixels, maxDiffPixels: request.maxDiffPixels)
        outcome.imageOnStandardOutput = request.diffOutput != nil && (diffPath.map(isStandardOutput) ?? true)
        if sizesDiffer { outcome.sizes = "\(first.width) × \(first.height) and \(second.width) × \(second.height)" }
        outcome.commonCanvasOverLimit = commonCanvasOverLimit
        outcome.diffImageFailure = diffImageFailure
        if let bounds = result.bounds, result.differentPixels > 0 {
            outcome.differingBox = "(\(bounds.minX), \(bounds.minY)) to (\(bounds.maxX), \(bounds.maxY))"
        }
        return outcome
    }

    /// `cannot write the diff image "d.png": no space left on the device`.
    private static func diffImageFailure(_ error: CommandError) -> String {
        if case let .cannotWriteOutput(path, reason) = error {
            return "cannot write the diff image \(quoted(path: path)): \(reason)"
        }
        return error.description
    }

    /// The image of a file, or of standard input for `-` (read whole, up to what a PNG within
    /// the limits can take: eight bytes a pixel, stored uncompressed, and a mebibyte more).
    private static func image(at path: String, limits: PNGReadingLimits) throws(CommandError) -> RGBAImage {
        let name = path == "-" ? "standard input" : quoted(path: path)
        var input: [UInt8]?
        if path == "-" {
            let (scaled, overflow) = limits.maxPixels.multipliedReportingOverflow(by: 8)
            do throws(TagCloudError) {
                input = try StandardStreams.readInput(limit: overflow ? Int.max / 2 : min(Int.max / 2, scaled + (1 << 20)))
            } catch {
                throw .cannotCompareImages(reason: "cannot read standard input: \(error)")
            }
        }
        do throws(CanvasError) {
            // An animated PNG is refused: its default image alone would be compared.
            if let input { return try RGBAImage(pngData: Data(input), limits: limits, refusingAnimation: true) }
            return try RGBAImage(contentsOf: URL(fileURLWithPath: path), limits: limits, refusingAnimation: true)
        } catch {
            switch error {
            case .fileReadFailed(_, let reason):
                throw .cannotCompareImages(reason: "cannot read \(name): \(reason)")
            case let .pngTooLarge(_, width, height, limits):
                let over = width > limits.maxSide || height > limits.maxSide
                    ? "more than \(limits.maxSide) pixels a side"
                    : "more than the limit of \(limits.maxPixels) pixels (--max-pixels)"
                throw .cannotCompareImages(reason: "\(name) claims to be \(width) × \(height) pixels, \(over)")
            case .pngDecodingFailed(_, let reason):
                throw .cannotCompareImages(reason: "\(name) is not a readable PNG image: \(reason)")
            case .invalidSize, .invalidScale, .imageTooLarge, .imageAreaTooLarge, .invalidItem, .cairo, .fontUnavailable, .pngEncodingFailed,
                 .fileWriteFailed, .unknownFont, .imageSizesDiffer, .invalidComparisonOption, .refusedLink, .malformedLink,
                 .themeVariantsDiffer, .invalidIdPrefix, .invalidAnimation, .animationAreaTooLarge:
                throw .cannotCompareImages(reason: "\(name): \(error)")
            }
        }
    }
}
