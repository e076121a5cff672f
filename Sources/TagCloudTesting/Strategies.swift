public import Canvas
import Foundation

extension Diffing where Format == RGBAImage {
    /// PNG files compared as decoded, un-premultiplied RGBA8 within a tolerance; a failure carries a
    /// diff image.
    ///
    /// - Parameter tolerance: How far pixels may differ; ``ImageTolerance/golden`` by default.
    /// - Returns: The diffing strategy.
    public static func image(tolerance: ImageTolerance = .golden) -> Diffing {
        Diffing(toData: { try $0.pngData() }, fromData: { try RGBAImage(pngData: $0) }) { reference, actual in
            guard let comparison = ImageComparison(reference: reference, actual: actual, tolerance: tolerance) else {
                return SnapshotDifference(message: "the image is \(actual.width) × \(actual.height) px, the reference \(reference.width) × \(reference.height) px")
            }
            guard !comparison.matches(tolerance) else { return nil }
            let at = comparison.largestDifferenceAt
            return SnapshotDifference(
                message: "\(comparison.differingPixels) of \(actual.width * actual.height) pixels differ by more than \(tolerance) (largest difference \(comparison.largestDifference) at x \(at.x), y \(at.y))",
                artifact: try? comparison.diffImage.pngData())
        }
    }
}

extension Diffing where Format == String {
    /// Text files compared line by line; a failure names the first differing line.
    public static var lines: Diffing {
        Diffing(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { reference, actual in
            guard reference != actual else { return nil }
            let expected = reference.split(separator: "\n", omittingEmptySubsequences: false)
            let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(expected, got).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? min(expected.count, got.count)
            let was = line < expected.count ? String(expected[line]) : "(end of text)"
            let now = line < got.count ? String(got[line]) : "(end of text)"
            return SnapshotDifference(message: "line \(line + 1) differs: expected \"\(was)\", got \"\(now)\"")
        }
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// Images as PNG goldens.
    ///
    /// - Parameter tolerance: How far pixels may differ.
    /// - Returns: The strategy.
    public static func image(tolerance: ImageTolerance = .golden) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { $0 }
    }
}

extension Snapshotting where Value == DisplayList, Format == RGBAImage {
    /// Display lists drawn by the PNG backend, as PNG goldens.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; `nil` for transparent.
    ///   - tolerance: How far pixels may differ.
    /// - Returns: The strategy.
    public static func image(scale: Double = 1, background: RGBAColor? = nil, tolerance: ImageTolerance = .golden) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(tolerance: tolerance).pullback { list in
            try Renderer.image(scale: scale, background: background).render(list)
        }
    }
}

extension Snapshotting where Value == DisplayList, Format == String {
    /// Display lists as their JSON (`DisplayList.jsonData()`), compared line by line.
    public static var json: Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { list in
            String(decoding: try list.jsonData(), as: UTF8.self) + "\n"
        }
    }
}
