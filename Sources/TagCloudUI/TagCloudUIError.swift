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
