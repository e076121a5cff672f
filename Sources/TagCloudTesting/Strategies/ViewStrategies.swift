public import Canvas
import Dispatch
public import Foundation
public import LayoutKit
public import TagCloudUI

/// How a view is laid out and drawn for a snapshot: what `ImageRenderer` is told, and which fonts
/// it may use.
///
/// Views are rendered on the main actor, as `ImageRenderer` requires; an assertion made off it (a
/// nonisolated Swift Testing test, an XCTest method) hands the work to the main actor and waits, so
/// a test needs no `@MainActor` of its own.
public struct ViewSnapshotLayout: Sendable {
    /// The size proposed to the view; `.unspecified` asks for its ideal size, as `ImageRenderer`
    /// does by default.
    public var proposedSize: ProposedViewSize
    /// Pixels per point, also the environment's `displayScale`.
    public var scale: Double
    /// Which fonts the view's text may use.
    public var fonts: SnapshotFonts

    /// Makes a layout.
    ///
    /// - Parameters:
    ///   - proposedSize: The size proposed to the view.
    ///   - scale: Pixels per point.
    ///   - fonts: Which fonts the text may use; the bundled ones only by default.
    public init(proposedSize: ProposedViewSize = .unspecified, scale: Double = 1, fonts: SnapshotFonts = .bundled) {
        self.proposedSize = proposedSize
        self.scale = scale
        self.fonts = fonts
    }

    /// Lays out and draws `view` on the main actor, and checks its text for missing glyphs.
    ///
    /// - Returns: Its display list, without a background.
    /// - Throws: `TagCloudUIError` from rendering, ``SnapshotError/missingGlyphs(text:characters:fonts:)``
    ///   for a text the allowed fonts cannot draw, or the error of loading the bundled fonts.
    public func displayList<V: View>(of view: V) throws -> DisplayList {
        let typesetter = try fonts.typesetter()
        let proposedSize = self.proposedSize, scale = self.scale
        let content = MainActorHandoff(view)
        let list = try MainActorRunner.run {
            let renderer = ImageRenderer(content: content.value)
            renderer.proposedSize = proposedSize
            renderer.scale = CGFloat(scale)
            renderer.typesetter = typesetter
            return try renderer.displayList()
        }
        try fonts.checkGlyphs(in: list, library: typesetter.library)
        return list
    }
}

/// A value handed to the main actor while the calling thread waits for it: a view is not
/// `Sendable`, but no two threads ever use it at once this way.
struct MainActorHandoff<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Runs view rendering on the main actor from wherever an assertion is made.
enum MainActorRunner {
    /// Runs `body` on the main actor: at once if this thread already runs it (the main thread, or
    /// the main queue on whichever thread it runs a `@MainActor` test), else through the main queue,
    /// waiting for it. Work already on the main queue is recognised by a marker set on the queue,
    /// since dispatching to it again would deadlock.
    static func run<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        if Thread.isMainThread || DispatchQueue.getSpecific(key: MainQueueMarker.key) == true {
            return try MainActor.assumeIsolated(body)
        }
        return try DispatchQueue.main.sync {
            try MainActor.assumeIsolated(body)
        }
    }
}

/// The marker of the main dispatch queue, set once.
private enum MainQueueMarker {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}

extension Snapshotting where Value: View & SendableMetatype, Format == RGBAImage {
    /// Any view, laid out by `ImageRenderer` and drawn by the PNG backend, as a PNG golden
    /// compared in pixelmatch's measure.
    ///
    /// ```swift
    /// assertSnapshot(of: TagCloudView(), as: .image(proposedSize: ProposedViewSize(width: 390, height: nil), scale: 2))
    /// ```
    ///
    /// - Parameters:
    ///   - proposedSize: The size proposed to the view; its ideal size by default.
    ///   - scale: Pixels per point.
    ///   - background: The colour behind the view; white, as `ImageRenderer` draws, by default;
    ///     `nil` for transparent.
    ///   - fonts: Which fonts the text may use; the bundled ones only by default.
    ///   - tolerance: How far pictures may differ.
    /// - Returns: The strategy.
    public static func image(proposedSize: ProposedViewSize = .unspecified, scale: Double = 1, background: Color? = .white,
                             fonts: SnapshotFonts = .bundled, tolerance: ImageTolerance = .golden) -> Snapshotting {
        let layout = ViewSnapshotLayout(proposedSize: proposedSize, scale: scale, fonts: fonts)
        return Snapshotting<DisplayList, RGBAImage>.image(scale: scale, background: background?.rgba, tolerance: tolerance)
            .pullback { view in try layout.displayList(of: view) }
    }
}

extension Snapshotting where Value: View & SendableMetatype, Format == String {
    /// Any view as an SVG document, compared as text.
    ///
    /// - Parameters:
    ///   - proposedSize: The size proposed to the view.
    ///   - background: The colour behind the view; white by default; `nil` for none.
    ///   - fonts: Which fonts the text may use.
    ///   - idPrefix: The prefix of the document's ids; `nil` (the default) derives it from a hash
    ///     of the document, so that any change renames every id. Give one (`"tc"`) to keep a
    ///     failing diff to the lines that changed.
    /// - Returns: The strategy.
    public static func svg(proposedSize: ProposedViewSize = .unspecified, background: Color? = .white,
                           fonts: SnapshotFonts = .bundled, idPrefix: String? = nil) -> Snapshotting {
        let layout = ViewSnapshotLayout(proposedSize: proposedSize, fonts: fonts)
        return Snapshotting<DisplayList, String>.svg(background: background?.rgba, idPrefix: idPrefix).pullback { view in
            try layout.displayList(of: view)
        }
    }

    /// Any view's display list as JSON: the position, size, colour and glyphs of everything it
    /// draws, compared as text (a unified diff names the items that moved).
    ///
    /// - Parameters:
    ///   - proposedSize: The size proposed to the view.
    ///   - fonts: Which fonts the text may use.
    /// - Returns: The strategy.
    public static func json(proposedSize: ProposedViewSize = .unspecified, fonts: SnapshotFonts = .bundled) -> Snapshotting {
        let layout = ViewSnapshotLayout(proposedSize: proposedSize, fonts: fonts)
        return Snapshotting<DisplayList, String>.json.pullback { view in try layout.displayList(of: view) }
    }
}

extension Snapshotting where Value: View & SendableMetatype, Format == Data {
    /// Any view as a one-page PDF, compared by rasterising it (see
    /// ``Snapshotting/pdf(scale:background:tolerance:)``).
    ///
    /// - Parameters:
    ///   - proposedSize: The size proposed to the view.
    ///   - scale: Pixels per point of the rasterised page.
    ///   - background: The colour behind the view; white by default; `nil` for none.
    ///   - fonts: Which fonts the text may use.
    ///   - tolerance: How far the page's pictures may differ.
    /// - Returns: The strategy.
    public static func pdf(proposedSize: ProposedViewSize = .unspecified, scale: Double = 1, background: Color? = .white,
                           fonts: SnapshotFonts = .bundled, tolerance: ImageTolerance = .golden) -> Snapshotting {
        let layout = ViewSnapshotLayout(proposedSize: proposedSize, fonts: fonts)
        return Snapshotting<DisplayList, Data>.pdf(scale: scale, background: background?.rgba, tolerance: tolerance)
            .pullback { view in try layout.displayList(of: view) }
    }
}
