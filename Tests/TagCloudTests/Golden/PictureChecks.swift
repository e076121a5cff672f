import Canvas
import Foundation

/// How closely two pictures must agree, in pixelmatch's terms (Canvas's ``ImageDiff``).
struct PictureTolerance: CustomStringConvertible {
    /// pixelmatch's colour threshold, 0 … 1: how far apart in YIQ two pixels may be and still match.
    var threshold: Double
    /// The share of pixels (0 … 1) that may differ, anti-aliasing not counted.
    var differentShare: Double

    /// The same renderer on the same input: colours within about 2 of 255 (rounding in
    /// compositing), no other pixel differing.
    static let sameRenderer = PictureTolerance(threshold: 0.01, differentShare: 0)

    var description: String {
        "pixelmatch threshold \(threshold), at most \(String(format: "%.3f", differentShare * 100)) % of pixels differing"
    }
}

/// Where failing picture checks leave the actual picture and the diff, outside the source tree.
let pictureArtifacts = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-test-artifacts")

/// Compares `actual` with `expected` by pixelmatch's measure.
///
/// - Parameters:
///   - expected: The reference picture.
///   - actual: The picture under test.
///   - tolerance: How closely they must agree.
///   - name: A file-safe name for the artifacts (`emoji.pdf-page`).
/// - Returns: `nil` when they agree; otherwise a message giving the sizes or the count of differing
///   pixels and the paths of the actual picture and the diff, written under ``pictureArtifacts``.
func pictureMismatch(expected: RGBAImage, actual: RGBAImage, tolerance: PictureTolerance, name: String) throws -> String? {
    try FileManager.default.createDirectory(at: pictureArtifacts, withIntermediateDirectories: true)
    let actualURL = pictureArtifacts.appendingPathComponent("\(name).actual.png")
    guard expected.width == actual.width, expected.height == actual.height else {
        try AtomicFile.write(actual.pngData(), to: actualURL)
        return "\(name): \(actual.width) × \(actual.height) px where \(expected.width) × \(expected.height) were expected"
            + "\n  actual: \(actualURL.path)"
    }
    let result = try ImageDiff.compare(expected, actual, options: ImageDiff.Options(threshold: tolerance.threshold))
    guard result.differentShare > tolerance.differentShare else { return nil }
    try AtomicFile.write(actual.pngData(), to: actualURL)
    var message = "\(name): \(result.differentPixels) of \(result.totalPixels) pixels differ "
        + "(\(String(format: "%.3f", result.differentShare * 100)) %, \(result.antiAliasedPixels) anti-aliased not counted); "
        + "allowed: \(tolerance)\n  actual: \(actualURL.path)"
    if let diff = result.diffImage {
        let diffURL = pictureArtifacts.appendingPathComponent("\(name).diff.png")
        try AtomicFile.write(diff.pngData(), to: diffURL)
        message += "\n  diff:   \(diffURL.path)"
    }
    return message
}

/// The first line where two texts differ, with both versions of it, or `nil` when they are equal.
func firstDifferingLine(expected: String, actual: String) -> String? {
    guard expected != actual else { return nil }
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    func line(_ lines: [Substring]) -> String { index < lines.count ? String(lines[index].prefix(300)) : "(end of text)" }
    return "line \(index + 1) of \(a.count) expected / \(b.count) actual differs:\n  expected: \(line(a))\n  actual:   \(line(b))"
}

/// The committed sample files to record instead of check, from `TAGCLOUD_RECORD_SAMPLES`
/// (`make samples RECORD=…`): base names as in `samples/` (`tag-cloud`, `gallery/numbers-flow`),
/// separated by commas, or `all`. A test that records fails, so a recording run is never taken for
/// a pass; `make samples RECORD=…` then checks what it wrote.
func isRecordingSample(_ name: String) -> Bool {
    guard let value = ProcessInfo.processInfo.environment["TAGCLOUD_RECORD_SAMPLES"] else { return false }
    let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return names.contains("all") || names.contains(name)
}
