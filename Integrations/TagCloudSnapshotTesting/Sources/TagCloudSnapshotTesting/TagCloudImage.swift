public import Canvas
public import SnapshotTesting
public import TagCloudTesting
public import TagCloudUI
import Testing
import XCTest

/// A view drawn for swift-snapshot-testing: its pixels, or why it could not be drawn.
///
/// swift-snapshot-testing's strategies cannot throw, so a view that fails to render (a missing
/// glyph, an empty size) becomes a ``failure(_:)`` that its diffing reports as the mismatch.
public enum TagCloudPicture: Sendable, Equatable {
    /// The view's pixels (straight-alpha RGBA8).
    case image(RGBAImage)
    /// Why the view could not be drawn, or why a golden file could not be read.
    case failure(String)
}

extension SnapshotTesting.Diffing where Value == TagCloudPicture {
    /// PNG files compared as TagCloudTesting compares them: decoded pixels in pixelmatch's measure
    /// (YIQ threshold, anti-aliasing ignored) within a tolerance, with a diff picture attached to
    /// a mismatch, drawn on a common canvas when the sizes differ.
    ///
    /// - Parameter tolerance: How far pictures may differ; TagCloudTesting's
    ///   `ImageTolerance.golden` by default.
    /// - Returns: The diffing strategy.
    public static func tagCloudImage(tolerance: ImageTolerance = .golden) -> Self {
        let compare = TagCloudTesting.Diffing<RGBAImage>.image(tolerance: tolerance)
        return .diff(
            toData: { picture in
                guard case .image(let image) = picture, let data = try? image.pngData() else { return Data() }
                return data
            },
            fromData: { data in
                // swift-snapshot-testing records what `toData` gives when there is no golden, and
                // gives nothing for a view that could not be drawn.
                if data.isEmpty {
                    return .failure("the golden file is empty (swift-snapshot-testing records one when the view cannot be "
                                    + "drawn and no golden is there): delete it, and run again once the view draws")
                }
                do {
                    return .image(try RGBAImage(pngData: data))
                } catch {
                    return .failure("the golden file is not a PNG TagCloudTesting can read: \(error)")
                }
            },
            diffV2: { golden, actual in
                switch (golden, actual) {
                case (_, .failure(let reason)):
                    return ("the view could not be drawn: \(reason)", [])
                case (.failure(let reason), .image):
                    return (reason, [])
                case (.image(let reference), .image(let image)):
                    guard let difference = compare.diff(reference, image) else { return nil }
                    let attachments = difference.artifacts.map { artifact in
                        DiffAttachment.data(artifact.data, name: "\(artifact.name).\(artifact.pathExtension)")
                    }
                    return (difference.message + "\n  Drawn with \(SnapshotEnvironment.current).", attachments)
                }
            })
    }
}

extension SnapshotTesting.Snapshotting where Value: View & SendableMetatype, Format == TagCloudPicture {
    /// Any TagCloudUI view at its ideal size, 2 pixels per point, on white, with the bundled fonts
    /// only, compared in pixelmatch's measure.
    ///
    /// ```swift
    /// assertSnapshot(of: TagCloudView(), as: .tagCloudImage)
    /// ```
    public static var tagCloudImage: Self { .tagCloudImage() }

    /// Any TagCloudUI view, laid out by `ImageRenderer` on the main actor (an assertion made off it
    /// waits for it) and drawn by Canvas's PNG backend.
    ///
    /// - Parameters:
    ///   - proposedSize: The size proposed to the view; its ideal size by default.
    ///   - scale: Pixels per point; 2 by default.
    ///   - background: The colour behind the view; white by default; `nil` for transparent.
    ///   - fonts: Which fonts its text may use; the bundled ones only by default, so that a golden
    ///     looks the same on every machine (a text needing another font fails, naming the
    ///     character).
    ///   - tolerance: How far pictures may differ.
    /// - Returns: The strategy, storing `.png` files.
    public static func tagCloudImage(proposedSize: ProposedViewSize = .unspecified, scale: Double = 2,
                                     background: Color? = .white, fonts: SnapshotFonts = .bundled,
                                     tolerance: ImageTolerance = .golden) -> Self {
        let render = TagCloudTesting.Snapshotting<Value, RGBAImage>.image(
            proposedSize: proposedSize, scale: scale, background: background, fonts: fonts, tolerance: tolerance)
        return SnapshotTesting.Snapshotting(pathExtension: "png", diffing: .tagCloudImage(tolerance: tolerance)) { view in
            do {
                return .image(try render.snapshot(view))
            } catch {
                // Said now: with no golden there, swift-snapshot-testing records one and reports
                // only that (an empty file, from nothing to draw), which the diffing never sees.
                reportUndrawable("the view could not be drawn, so no golden can be recorded from it: \(error)")
                return .failure("\(error)")
            }
        }
    }
}

/// Reports a failure to the running test: an issue in Swift Testing, a failure in XCTest.
private func reportUndrawable(_ message: String) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: "TagCloudSnapshotTesting: " + message))
    } else {
        XCTFail("TagCloudSnapshotTesting: " + message)
    }
}
