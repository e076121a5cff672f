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
        }
    }
}

/// The state one rendering shares across the view tree: the typesetter and the first error.
final class ResolutionContext {
    /// The typesetter text and symbols measure with.
    let typesetter: Typesetter
    /// The first error met; the renderer throws it.
    private(set) var firstError: TagCloudUIError?

    init(typesetter: Typesetter) {
        self.typesetter = typesetter
    }

    /// Records an error; only the first is kept.
    ///
    /// - Parameter error: The error.
    func record(_ error: TagCloudUIError) {
        if firstError == nil { firstError = error }
    }
}
