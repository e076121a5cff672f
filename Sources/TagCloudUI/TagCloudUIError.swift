public import Foundation

/// Everything that can go wrong while resolving, laying out or drawing views.
///
/// ``ImageRenderer`` throws it from every output method. Each case names what failed and its
/// ``description`` says what to do.
public enum TagCloudUIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bundled fonts (or the typesetter given) could not be loaded.
    case fontsUnavailable(TypesettingError)
    /// A text could not be shaped (an invalid font size, an unknown font family, …).
    case textLayoutFailed(text: String, TypesettingError)
    /// The view's size is empty or not finite, so there is no picture to draw.
    case invalidSize(width: Double, height: Double)
    /// The picture could not be encoded in the format asked for.
    case renderingFailed(format: ImageFormat, CanvasError)
    /// ``View/presetState(_:to:)`` could not set a state property.
    case statePresetFailed(view: String, property: String, reason: String)
    /// The view's state was still changing after ``ImageRenderer/maximumUpdatePasses`` update
    /// passes: an action run after each pass (`onAppear`, `onChange(of:)`,
    /// `onPreferenceChange(_:perform:)`, a block sent to the main queue) or a body sets a state to
    /// a new value every time. `view` and `property` name the last state changed.
    case updateCycleDidNotSettle(view: String, property: String, passes: Int)
    /// ``ImageRenderer/animation(frameRate:hold:changes:)`` was given a frame rate or a hold it
    /// cannot use.
    case invalidAnimation(reason: String)
    /// The animation would draw more than `limit` views in all across its frames
    /// (``ImageRenderer/maximumAnimatedViewFrames``): `views` moving views in `frames` frames of
    /// one change, over the budget with the changes before it. Refused before its frames are drawn.
    case animationTooLarge(views: Int, frames: Int, limit: Int)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .fontsUnavailable(let error):
            return "cannot load the fonts: \(error)"
        case .textLayoutFailed(let text, let error):
            return "cannot lay out the text \"\(text.prefix(40))\": \(error)"
        case .invalidSize(let width, let height):
            return "the view's size is \(width) × \(height), which cannot be drawn; give it a finite, non-empty "
                + "size with .frame(width:height:) or ImageRenderer.proposedSize"
        case .renderingFailed(let format, let error):
            return "cannot encode the \(format.displayName) picture: \(error); check the view's size and the renderer's scale"
        case .statePresetFailed(let view, let property, let reason):
            return "cannot preset @State \"\(property)\" of \(view): \(reason); check the property's name and type"
        case .updateCycleDidNotSettle(_, ViewGraph.ObservableName.property, let passes):
            return "the view does not settle: an @Observable object its body reads still changed after \(passes) update "
                + "passes; an onAppear, onChange, onPreferenceChange action, a block sent to the main queue or a body "
                + "changes it every time: make it reach a value that no longer changes"
        case .updateCycleDidNotSettle(let view, let property, let passes):
            return "the view does not settle: @State \"\(property)\" of \(view) still changed after \(passes) update "
                + "passes; an onAppear, onChange, onPreferenceChange action, a block sent to the main queue or a body "
                + "sets it to a new value every time: make it reach a value that no longer changes"
        case .invalidAnimation(let reason):
            return "cannot make the animation: \(reason)"
        case let .animationTooLarge(views, frames, limit):
            return "the animation would draw \(views) moving views in each of \(frames) frames, over the limit of \(limit) "
                + "views in all frames; lower the frame rate, or animate fewer views"
        }
    }
}

/// The state one update pass shares across the view tree: the typesetter, the renderer's graph
/// (state and what earlier passes saw), the actions the pass registers, and the first error.
final class ResolutionContext {
    /// The typesetter text and symbols measure with.
    let typesetter: Typesetter
    /// What the renderer keeps from pass to pass.
    let graph: ViewGraph
    /// The lifecycle actions this pass registers, run after it.
    let actions: PassActions
    /// The first error met; the renderer throws it.
    var firstError: TagCloudUIError? {
        if let original { return original.firstError }
        return errorLock.withLock { recordedError }
    }
    private var recordedError: TagCloudUIError?
    /// Guards ``firstError``: a layout may measure its subviews on several threads (a large cloud's
    /// chips), and any of them may fail to shape.
    private let errorLock = NSLock()

    /// Whether views get structural identities (``ViewPath``s): what `@State`, lifecycle actions,
    /// preference observers and animations key their data by. A rendering that keeps none of
    /// them from pass to pass (``renderViewTree(_:proposedSize:scale:environment:typesetter:recordingFrames:drawing:releasingTreeOffThread:drawingConcurrently:tracksIdentity:)``
    /// of views without state) gives no view a path: none is appended, stamped or copied.
    let tracksIdentity: Bool

    /// Whether the pass neither draws nor records frames (a layout alone: the `TagCloud`
    /// library's layout JSON), so that what only draws is left out of the tree: metadata
    /// modifiers make no node, and a decoration that only draws (``ViewNode/drawsOnly``, a chip's
    /// capsule) none either. A 100,000-chip cloud's layout then keeps three nodes a chip fewer.
    let omitsDrawingOnlyNodes: Bool

    /// The context this one stands in for on one thread (``init(standingInFor:)``), which keeps
    /// the errors; `nil` for a pass's own context.
    private let original: ResolutionContext?

    init(typesetter: Typesetter, graph: ViewGraph = ViewGraph(), actions: PassActions = PassActions(), tracksIdentity: Bool = true,
         omitsDrawingOnlyNodes: Bool = false) {
        self.typesetter = typesetter
        self.graph = graph
        self.actions = actions
        self.tracksIdentity = tracksIdentity
        self.omitsDrawingOnlyNodes = omitsDrawingOnlyNodes
        self.original = nil
    }

    /// A context of its own for one thread of a concurrent resolution (``_ConcurrentForEach``):
    /// the same typesetter, graph and actions, its errors recorded in `context`.
    ///
    /// Every node a text or shape makes keeps its context, and every copy of the inputs retains
    /// it: the threads resolving a large cloud's chips would otherwise all write the one
    /// context's reference count, and the cache line holding it would travel between the cores
    /// at each write (two threads resolved 100,000 chips more slowly than one).
    init(standingInFor context: ResolutionContext) {
        self.typesetter = context.typesetter
        self.graph = context.graph
        self.actions = context.actions
        self.tracksIdentity = context.tracksIdentity
        self.omitsDrawingOnlyNodes = context.omitsDrawingOnlyNodes
        self.original = context.original ?? context
    }

    /// Records an error; only the first is kept.
    func record(_ error: TagCloudUIError) {
        if let original {
            original.record(error)
            return
        }
        errorLock.withLock { if recordedError == nil { recordedError = error } }
    }
}

extension TypesettingError {
    /// The error Typesetting threw, as its own type (Typesetting's functions throw nothing else;
    /// anything else is reported as a failed shaping with its description).
    ///
    /// - Parameter error: An error thrown by a Typesetting function.
    package init(thrown error: any Error) {
        self = (error as? TypesettingError) ?? .shapingFailed(text: "", reason: String(describing: error))
    }
}

extension CanvasError {
    /// The error a Canvas renderer threw, as its own type (renderers throw nothing else; anything
    /// else is reported as a Cairo failure with its description).
    ///
    /// - Parameter error: An error thrown by a Canvas function.
    package init(thrown error: any Error) {
        self = (error as? CanvasError) ?? .cairo(operation: "render", status: String(describing: error))
    }
}

extension TagCloudUIError: LocalizedError {
    /// The same message as ``description``: what went wrong, where, and what to do. Without it,
    /// `error.localizedDescription` said "The operation could not be completed. (TagCloudUIError error 10.)".
    public var errorDescription: String? { description }
}
