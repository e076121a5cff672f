import Canvas
import Foundation
import TagCloudTesting

extension ImageTolerance {
    /// librsvg drawing our SVG: pixelmatch's default threshold (0.1), anti-aliasing ignored, at
    /// most 0.01 % of pixels differing (measured on every sample and gallery picture: none). A
    /// missing label, a wrong colour or a shifted chip is far over it.
    /// As a page shows them, over white: the renderers' transparent edges differ.
    static let librsvg = ImageTolerance(threshold: 0.1, maxDiffPixelRatio: 0.0001, comparesOverWhiteOnly: true)
    /// poppler (`pdftoppm`) drawing our PDF: pixelmatch's default threshold, anti-aliasing ignored,
    /// at most 0.5 % of pixels differing (measured on the samples: up to 0.26 %, on the emoji
    /// sample, where poppler scales the emoji bitmaps with another filter; 0.01 % to 0.05 % on text
    /// and capsules).
    /// Over white: poppler draws the page opaque white.
    static let poppler = ImageTolerance(threshold: 0.1, maxDiffPixelRatio: 0.005, comparesOverWhiteOnly: true)
}

/// Where failing picture checks leave the actual picture and the diff, outside the source tree.
let pictureArtifacts = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-test-artifacts")

/// Compares `actual` with `expected` by pixelmatch's measure (TagCloudTesting's image diffing).
///
/// - Parameters:
///   - expected: The reference picture.
///   - actual: The picture under test.
///   - tolerance: How closely they must agree.
///   - name: A file-safe name for the artifacts (`emoji.pdf-poppler`).
/// - Returns: `nil` when they agree; otherwise what differs, with the paths of the actual picture
///   and the diff, written under ``pictureArtifacts``.
func pictureMismatch(expected: RGBAImage, actual: RGBAImage, tolerance: ImageTolerance, name: String) throws -> String? {
    guard let difference = Diffing<RGBAImage>.image(tolerance: tolerance).diff(expected, actual) else { return nil }
    try FileManager.default.createDirectory(at: pictureArtifacts, withIntermediateDirectories: true)
    let actualURL = pictureArtifacts.appendingPathComponent("\(name).actual.png")
    try AtomicFile.write(actual.pngData(), to: actualURL)
    var message = "\(name): \(difference.message)\n  actual: \(actualURL.path)"
    for artifact in difference.artifacts {
        let url = pictureArtifacts.appendingPathComponent("\(name).\(artifact.name).\(artifact.pathExtension)")
        try AtomicFile.write(artifact.data, to: url)
        message += "\n  \(artifact.name): \(url.path)"
    }
    return message
}

/// How two texts differ (a unified diff with context), or `nil` when they are equal.
func textMismatch(expected: String, actual: String) -> String? {
    Diffing<String>.lines.diff(expected, actual)?.message
}

/// The committed sample files to record instead of check, from `TAGCLOUD_RECORD_SAMPLES`
/// (`make samples RECORD=…`): paths under `samples/` without the extension (`tag-cloud`,
/// `gallery/numbers-flow`, `world/languages`), separated by commas, or `all`. A test that records
/// fails, so a recording run is never taken for a pass; `make samples RECORD=…` then checks what
/// it wrote.
func isRecordingSample(_ name: String) -> Bool {
    guard let value = ProcessInfo.processInfo.environment["TAGCLOUD_RECORD_SAMPLES"] else { return false }
    let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return names.contains("all") || names.contains(name)
}
