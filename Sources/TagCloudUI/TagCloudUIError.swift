/// Everything that can go wrong while resolving, laying out or drawing views.
///
/// ``ImageRenderer`` throws it from every output method. Each case names what failed and its
/// ``description`` says what to do.
public enum TagCloudUIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bundled fonts (or the typesetter given) could not be loaded.
    case fontsUnavailable(reason: String)
    /// A text could not be shaped (an invalid font size, an unknown font family, …).
    case textLayoutFailed(text: String, reason: String)
    /// The view's size is empty or not finite, so there is no picture to draw.
    case invalidSize(width: Double, height: Double)
    /// The picture could not be encoded in the format asked for.
    case renderingFailed(format: String, reason: String)
    /// ``View/presetState(_:to:)`` could not set a state property.
    case statePresetFailed(view: String, property: String, reason: String)
    /// The view's state was still changing after ``ImageRenderer/maximumUpdatePasses`` update
    /// passes: an action run after each pass (`onAppear`, `onChange(of:)`,
    /// `onPreferenceChange(_:perform:)`, a block sent to the main queue) or a body sets a state to
    /// a new value every time. `view` and `property` name the last state changed.
    case updateCycleDidNotSettle(view: String, property: String, passes: Int)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .fontsUnavailable(let reason):
            return "cannot load the fonts: \(reason); check that the package's Fonts/ folder is present "
                + "(or set TAGCLOUD_FONTS to its path)"
        case .textLayoutFailed(let text, let reason):
            return "cannot lay out the text \"\(text.prefix(40))\": \(reason); check the font given with .font(_:)"
        case .invalidSize(let width, let height):
            return "the view's size is \(width) × \(height), which cannot be drawn; give it a finite, non-empty "
                + "size with .frame(width:height:) or ImageRenderer.proposedSize"
        case .renderingFailed(let format, let reason):
            return "cannot encode the \(format) picture: \(reason); check the view's size and the renderer's scale"
        case .statePresetFailed(let view, let property, let reason):
            return "cannot preset @State \"\(property)\" of \(view): \(reason); check the property's name and type"
        case .updateCycleDidNotSettle(let view, let property, let passes):
            return "the view does not settle: @State \"\(property)\" of \(view) still changed after \(passes) update "
                + "passes; an onAppear, onChange, onPreferenceChange action, a block sent to the main queue or a body "
                + "sets it to a new value every time: make it reach a value that no longer changes"
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
    private(set) var firstError: TagCloudUIError?

    init(typesetter: Typesetter, graph: ViewGraph = ViewGraph(), actions: PassActions = PassActions()) {
        self.typesetter = typesetter
        self.graph = graph
        self.actions = actions
    }

    /// Records an error; only the first is kept.
    ///
    /// - Parameter error: The error.
    func record(_ error: TagCloudUIError) {
        if firstError == nil { firstError = error }
    }
}
