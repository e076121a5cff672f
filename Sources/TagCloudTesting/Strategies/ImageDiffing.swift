public import Canvas
import Foundation

/// How far a picture may differ from its golden and still match, in pixelmatch's measure (Canvas's
/// ``ImageDiff``): a pixel differs when its colour distance in YIQ space is over ``threshold`` and
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

    /// Makes a tolerance.
    ///
    /// - Parameters:
    ///   - threshold: The colour threshold, 0 … 1; ``golden``'s 0.02 by default.
    ///   - maxDiffPixels: How many pixels may differ.
    ///   - maxDiffPixelRatio: The share of pixels that may differ, 0 … 1.
    ///   - includesAntiAliasing: Whether anti-aliased pixels count.
    public init(threshold: Double = 0.02, maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil,
                includesAntiAliasing: Bool = false) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffPixelRatio = maxDiffPixelRatio
        self.includesAntiAliasing = includesAntiAliasing
    }

    /// The golden-image default: threshold 0.02 (about 5 levels of brightness), anti-aliasing
    /// ignored, no pixel may differ. pixelmatch's own default threshold, 0.1, lets a chip's fill
    /// go from 20 % to 25 % opacity unnoticed; Canvas draws the same pixels every time, so the
    /// threshold only has to absorb rounding between library versions.
    public static let golden = ImageTolerance()

    /// Identical pixels only: threshold 0, anti-aliased pixels counted.
    public static let exact = ImageTolerance(threshold: 0, includesAntiAliasing: true)

    /// How many of `total` pixels may differ.
    public func allowedPixels(of total: Int) -> Int {
        let byRatio = maxDiffPixelRatio.map { Int((max(0, $0) * Double(total)).rounded(.down)) }
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
        return parts.joined(separator: ", ")
    }

    /// Canvas's comparison options for this tolerance.
    var options: ImageDiff.Options {
        ImageDiff.Options(threshold: threshold, includeAntiAliasing: includesAntiAliasing)
    }

    static func format(_ value: Double) -> String {
        String(format: "%g", value)
    }
}

/// The comparison of a picture with its golden: counts, where the differences are, and a diff
/// picture when they do not match.
struct ImageComparison {
    /// The colour of pixels that exist in only one of two pictures of different sizes.
    static let onlyInOneColor: (UInt8, UInt8, UInt8) = (255, 0, 255)

    let reference: RGBAImage
    let actual: RGBAImage
    let tolerance: ImageTolerance

    /// Compares the pictures; `nil` when they match within the tolerance.
    ///
    /// Pictures of different sizes are drawn on a common canvas (the larger width by the larger
    /// height, both from the top-left corner) and compared there: the pixels only one of them has
    /// count as differing and show magenta in the diff.
    ///
    /// - Complexity: O(w × h); one pass without a diff picture when they match, a second one
    ///   drawing it when they do not.
    func difference() -> SnapshotDifference? {
        let sameSize = reference.width == actual.width && reference.height == actual.height
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        let left = sameSize ? reference : Self.padded(reference, width: width, height: height)
        let right = sameSize ? actual : Self.padded(actual, width: width, height: height)
        let total = width * height
        let allowed = tolerance.allowedPixels(of: total)
        do {
            if sameSize {
                let quick = try ImageDiff.compare(left, right, options: tolerance.options, makeDiffImage: false)
                if quick.differentPixels <= allowed { return nil }
            }
            let result = try ImageDiff.compare(left, right, options: tolerance.options, makeDiffImage: true)
            guard var diffImage = result.diffImage else { return SnapshotDifference(message: "no diff picture was drawn") }
            if !sameSize { markOnlyInOne(&diffImage) }
            let differing = result.differentPixels
            var message = ""
            if !sameSize {
                message += "the picture is \(actual.width) × \(actual.height) px, the golden \(reference.width) × \(reference.height) px"
                message += " (\(Self.sizeChange(reference, actual))); on a common canvas of \(width) × \(height) px, "
            }
            message += "\(differing) of \(total) pixels differ (\(Self.percent(differing, total))) beyond the tolerance"
            message += " (\(tolerance)): \(differing - allowed) more than the \(allowed) allowed"
            if let box = Self.boundingBox(of: diffImage) {
                message += "; the differences lie within x \(box.minX)…\(box.maxX), y \(box.minY)…\(box.maxY)"
            }
            if result.antiAliasedPixels > 0 { message += "; \(result.antiAliasedPixels) anti-aliased pixels were ignored" }
            message += ". In the diff, red pixels differ"
            message += tolerance.includesAntiAliasing ? "" : ", yellow ones are anti-aliasing"
            message += sameSize ? "" : ", magenta ones exist in one picture only"
            message += ", grey is the golden"
            let artifacts = (try? diffImage.pngData()).map { [SnapshotArtifact(name: "diff", pathExtension: "png", data: $0)] } ?? []
            return SnapshotDifference(message: message, artifacts: artifacts)
        } catch {
            return SnapshotDifference(message: "the pictures cannot be compared: \(error)")
        }
    }

    /// `image` on a transparent canvas of `width` × `height`, from the top-left corner.
    static func padded(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let rowBytes = image.width * 4
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    let from = source.baseAddress.map { $0 + y * rowBytes }
                    let to = target.baseAddress.map { $0 + y * width * 4 }
                    if let from, let to { to.update(from: from, count: rowBytes) }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Paints the pixels outside one of the two pictures magenta.
    private func markOnlyInOne(_ diff: inout RGBAImage) {
        let (r, g, b) = Self.onlyInOneColor
        let width = diff.width
        diff.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<diff.height {
                for x in 0..<width {
                    let inBoth = x < reference.width && x < actual.width && y < reference.height && y < actual.height
                    if inBoth { continue }
                    let o = (y * width + x) * 4
                    pixels[o] = r; pixels[o + 1] = g; pixels[o + 2] = b; pixels[o + 3] = 255
                }
            }
        }
    }

    /// The smallest rectangle holding the differing (red) pixels of a diff picture.
    static func boundingBox(of diff: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        diff.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<diff.height {
                for x in 0..<diff.width {
                    let o = (y * diff.width + x) * 4
                    guard pixels[o] == 255, pixels[o + 1] == 0, pixels[o + 2] == 0 else { continue }
                    if let current = box {
                        box = (min(current.minX, x), min(current.minY, y), max(current.maxX, x), max(current.maxY, y))
                    } else {
                        box = (x, y, x, y)
                    }
                }
            }
        }
        return box
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
        Diffing(toData: { try $0.pngData() }, fromData: { try RGBAImage(pngData: $0) }) { reference, actual in
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
