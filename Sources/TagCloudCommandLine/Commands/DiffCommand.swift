import Foundation
import Canvas

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

    /// Makes a request; the defaults are pixelmatch's and an exact match.
    package init(first: String, second: String, diffOutput: String? = nil, threshold: Double = 0.1,
                maxDiffPixels: Int = 0, includeAntiAliasing: Bool = false) {
        self.first = first
        self.second = second
        self.diffOutput = diffOutput
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.includeAntiAliasing = includeAntiAliasing
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

    /// The share of differing pixels, 0 … 1.
    package var share: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }

    /// Whether the images are within the limit.
    package var matches: Bool { differentPixels <= maxDiffPixels }

    /// ``TagCloudExitCode/success`` within the limit, ``TagCloudExitCode/imagesDiffer`` beyond it.
    package var exitCode: TagCloudExitCode { matches ? .success : .imagesDiffer }

    /// `12 of 480000 pixels differ (0.0025 %); within the limit of 20`.
    package var summary: String {
        let percent = String(format: "%.4f", share * 100)
        let verdict = matches ? "within the limit of \(maxDiffPixels)" : "more than the limit of \(maxDiffPixels)"
        let antiAliased = antiAliasedPixels > 0 ? ", \(antiAliasedPixels) anti-aliased not counted" : ""
        return "\(differentPixels) of \(totalPixels) pixels differ (\(percent) %)\(antiAliased); \(verdict)"
    }
}

extension TagCloudCommand {
    /// `tagcloud diff`: compares two PNG images with Canvas's `ImageDiff` (pixelmatch: YIQ colour
    /// distance, anti-aliasing detection) and writes the diff image if asked.
    ///
    /// - Parameter request: The images and limits.
    /// - Returns: The count and share of differing pixels, and the exit code (0 or 1).
    /// - Throws: ``CommandError/cannotCompareImages(reason:)`` (exit code 2) for a missing or
    ///   unreadable file, a file that is not a PNG, images of different sizes, an option out of
    ///   range, or a diff image that cannot be written.
    package static func diff(_ request: DiffRequest) throws(CommandError) -> DiffOutcome {
        guard request.maxDiffPixels >= 0 else {
            throw .cannotCompareImages(reason: "--max-diff-pixels is \(request.maxDiffPixels), but it must be 0 or more")
        }
        let first = try image(at: request.first)
        let second = try image(at: request.second)
        let options = ImageDiff.Options(threshold: request.threshold, includeAntiAliasing: request.includeAntiAliasing)
        let result: ImageDiff.Result
        do {
            result = try ImageDiff.compare(first, second, options: options, makeDiffImage: request.diffOutput != nil)
        } catch {
            throw .cannotCompareImages(reason: "\(request.first) and \(request.second): \(error)")
        }
        if let path = request.diffOutput, let diffImage = result.diffImage {
            do {
                try AtomicFile.write(try diffImage.pngData(), to: URL(fileURLWithPath: path))
            } catch {
                throw .cannotCompareImages(reason: "cannot write the diff image \(path): \(reason(error))")
            }
        }
        return DiffOutcome(differentPixels: result.differentPixels, antiAliasedPixels: result.antiAliasedPixels,
                           totalPixels: result.totalPixels, maxDiffPixels: request.maxDiffPixels)
    }

    private static func image(at path: String) throws(CommandError) -> RGBAImage {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .cannotCompareImages(reason: "there is no file \(path)")
        }
        do {
            return try RGBAImage(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cannotCompareImages(reason: "\(path) is not a readable PNG image (\(error))")
        }
    }
}
