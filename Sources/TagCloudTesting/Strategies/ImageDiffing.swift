public import Canvas
import Foundation

/// How far a picture may differ from its golden and still match, in pixelmatch's measure (Canvas's
/// `ImageDiff`): a pixel differs when its colour distance in YIQ space is over ``threshold`` and
/// it is not anti-aliasing; the picture matches when no more pixels differ than ``maxDiffPixels``
/// and ``maxDiffPixelRatio`` allow (Playwright's names, and its rule: the smaller of the two when
/// both are given, none when neither is).
public struct ImageTolerance: Sendable, Hashable, CustomStringConvertible {
    /// pixelmatch's threshold, 0 … 1: how different two colours may be and still count as the same
    /// (the largest distance allowed is `35215 × threshold²`).
    public var threshold: Double
    /// How many pixels may differ; `nil` for no count of its own.
    public var maxDiffPixels: Int?
    /// The share of the picture's pixels, 0 … 1, that may differ; `nil` for no share of its own.
    public var maxDiffPixelRatio: Double?
    /// Whether anti-aliased pixels count as differences (pixelmatch's `includeAA`); by default they
    /// are told apart and ignored, as the edges of shapes and glyphs move by a fraction of a pixel
    /// between library versions.
    public var includesAntiAliasing: Bool
    /// Whether pictures are compared as they look over white alone (pixelmatch's rule, Canvas's
    /// `ImageDiff.Options.comparesOverWhiteOnly`): for a picture drawn by another renderer for a
    /// white page. By default transparency counts: a transparent pixel differs from an opaque
    /// white one.
    public var comparesOverWhiteOnly: Bool

    /// Makes a tolerance.
    ///
    /// - Parameters:
    ///   - threshold: The colour threshold, 0 … 1; ``golden``'s (Canvas's `ImageDiff.goldenThreshold`,
    ///     0.02) by default.
    ///   - maxDiffPixels: How many pixels may differ.
    ///   - maxDiffPixelRatio: The share of pixels that may differ, 0 … 1.
    ///   - includesAntiAliasing: Whether anti-aliased pixels count.
    ///   - comparesOverWhiteOnly: Whether pictures are compared as they look over white alone
    ///     (``comparesOverWhiteOnly``).
    public init(threshold: Double = ImageDiff.goldenThreshold, maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil,
                includesAntiAliasing: Bool = false, comparesOverWhiteOnly: Bool = false) {
        self.comparesOverWhiteOnly = comparesOverWhiteOnly
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffPixelRatio = maxDiffPixelRatio
        self.includesAntiAliasing = includesAntiAliasing
    }

    /// The golden-image default: threshold 0.02 (`ImageDiff.goldenThreshold`, about 5 levels of
    /// brightness), anti-aliasing ignored, no pixel may differ.
    public static let golden = ImageTolerance()

    /// Identical pixels only: threshold 0, anti-aliased pixels counted.
    public static let exact = ImageTolerance(threshold: 0, includesAntiAliasing: true)

    /// How many of `total` pixels may differ.
    public func allowedPixels(of total: Int) -> Int {
        // A share of NaN allows none, and one of 1 or more (infinity too) allows every pixel.
        let byRatio = maxDiffPixelRatio.map { ratio -> Int in
            guard ratio > 0 else { return 0 }
            return ratio >= 1 ? total : Int((ratio * Double(total)).rounded(.down))
        }
        switch (maxDiffPixels, byRatio) {
        case let (count?, ratio?): return min(max(0, count), ratio)
        case let (count?, nil): return max(0, count)
        case let (nil, ratio?): return ratio
        case (nil, nil): return 0
        }
    }

    /// `YIQ threshold 0.02, anti-aliasing ignored, at most 10 pixels`.
    public var description: String {
        var parts = ["YIQ threshold \(Self.format(threshold))",
                     includesAntiAliasing ? "anti-aliased pixels counted" : "anti-aliased pixels ignored"]
        switch (maxDiffPixels, maxDiffPixelRatio) {
        case let (count?, ratio?): parts.append("at most \(count) pixels and \(Self.format(ratio * 100)) %")
        case let (count?, nil): parts.append("at most \(count) pixels")
        case let (nil, ratio?): parts.append("at most \(Self.format(ratio * 100)) % of the pixels")
        case (nil, nil): parts.append("no differing pixel allowed")
        }
        if comparesOverWhiteOnly { parts.append("compared over white only") }
        return parts.joined(separator: ", ")
    }

    /// What is wrong with the tolerance, or `nil` when it can be used: a threshold outside 0 … 1,
    /// a negative count, or a share outside 0 … 1 (NaN included). A comparison under such a
    /// tolerance fails with this message rather than allowing some number of pixels no one chose.
    public var problem: String? {
        if !(0...1).contains(threshold) { return "the threshold is \(Self.format(threshold)); give one from 0 to 1" }
        if let count = maxDiffPixels, count < 0 { return "maxDiffPixels is \(count); give 0 or more" }
        if let ratio = maxDiffPixelRatio, !(0...1).contains(ratio) {
            return "maxDiffPixelRatio is \(Self.format(ratio)); give a share from 0 to 1"
        }
        return nil
    }

    /// Canvas's comparison options for this tolerance.
    var options: ImageDiff.Options {
        ImageDiff.Options(threshold: threshold, includeAntiAliasing: includesAntiAliasing, comparesOverWhiteOnly: comparesOverWhiteOnly)
    }

    static func format(_ value: Double) -> String {
        String(format: "%g", value)
    }
}

/// A picture compared with its golden by Canvas's `ImageDiff/compareWithGolden(_:_:options:maxCanvasPixels:allowedDifferentPixels:)`,
/// told as a failure: how many pixels differ, the tolerance and how far beyond it, where, and the
/// diff picture.
struct ImageComparison {
    let reference: RGBAImage
    let actual: RGBAImage
    let tolerance: ImageTolerance

    /// `nil` when the pictures match within the tolerance, otherwise what differs.
    func difference() -> SnapshotDifference? {
        if let problem = tolerance.problem { return SnapshotDifference(message: "the tolerance cannot be used: \(problem)") }
        let result: ImageDiff.GoldenComparison
        do {
            result = try ImageDiff.compareWithGolden(reference, actual, options: tolerance.options,
                                                     allowedDifferentPixels: tolerance.allowedPixels(of:))
        } catch {
            return SnapshotDifference(message: "the pictures cannot be compared: \(error)")
        }
        guard let diffImage = result.diffImage else { return nil }
        let total = result.comparedPixels
        let allowed = tolerance.allowedPixels(of: total)
        let differing = result.differentPixels
        var message = ""
        if result.sizesDiffer {
            message += "the picture is \(actual.width) × \(actual.height) px, the golden \(reference.width) × \(reference.height) px"
            message += " (\(Self.sizeChange(reference, actual)))"
            message += result.comparedCommonPartOnly
                ? "; their common canvas of \(result.width) × \(result.height) px is over the limit of "
                    + "\(PNGReadingLimits.standard.maxPixels) pixels, so only the part both have was compared (and is in the diff), "
                    + "every pixel only one has counted as differing: "
                : "; on a common canvas of \(result.width) × \(result.height) px, "
        }
        message += "\(differing) of \(total) pixels differ (\(Self.percent(differing, total))) beyond the tolerance"
        if differing > allowed {
            message += " (\(tolerance)): \(differing - allowed) more than the \(allowed) allowed"
        } else {
            // Within the count, but a picture of another size never matches its golden.
            message += " (\(tolerance)), within the \(allowed) allowed, but a picture of another size never matches"
        }
        if let box = result.differingBounds {
            message += "; the differences lie within x \(box.minX)…\(box.maxX), y \(box.minY)…\(box.maxY)"
        }
        if result.antiAliasedPixels > 0 { message += "; \(result.antiAliasedPixels) anti-aliased pixels were ignored" }
        message += ". In the diff, red pixels differ"
        message += tolerance.includesAntiAliasing ? "" : ", yellow ones are anti-aliasing"
        message += result.sizesDiffer ? ", magenta ones exist in one picture only" : ""
        message += ", grey is the golden"
        let artifacts = (try? diffImage.pngData()).map { [SnapshotArtifact(name: "diff", pathExtension: "png", data: $0)] } ?? []
        return SnapshotDifference(message: message, artifacts: artifacts)
    }

    /// `8 px taller`, `4 px narrower and 8 px taller`.
    static func sizeChange(_ reference: RGBAImage, _ actual: RGBAImage) -> String {
        var parts: [String] = []
        let dw = actual.width - reference.width, dh = actual.height - reference.height
        if dw != 0 { parts.append("\(abs(dw)) px \(dw > 0 ? "wider" : "narrower")") }
        if dh != 0 { parts.append("\(abs(dh)) px \(dh > 0 ? "taller" : "shorter")") }
        return parts.joined(separator: " and ")
    }

    static func percent(_ part: Int, _ total: Int) -> String {
        total == 0 ? "0 %" : String(format: "%.3g %%", Double(part) / Double(total) * 100)
    }
}

extension Diffing where Format == RGBAImage {
    /// PNG files compared as decoded, un-premultiplied RGBA8 pixels in pixelmatch's measure, within
    /// a tolerance. A mismatch carries a diff picture, drawn on a common canvas when the sizes
    /// differ.
    ///
    /// - Parameter tolerance: How far pictures may differ; ``ImageTolerance/golden`` by default.
    /// - Returns: The diffing strategy.
    public static func image(tolerance: ImageTolerance = .golden) -> Diffing {
        Diffing(toData: { try $0.pngData() }, fromData: { try RGBAImage(pngData: $0, refusingAnimation: true) }) { reference, actual in
            ImageComparison(reference: reference, actual: actual, tolerance: tolerance).difference()
        }
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// Pictures as PNG goldens.
    ///
    /// - Parameter tolerance: How far pictures may differ.
    /// - Returns: The strategy.
    public static func image(tolerance: ImageTolerance = .golden) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { $0 }
    }
}
