/// A view that displays an image: the port of SwiftUI's `Image`, for system symbols.
///
/// `Image(systemName:)` draws a vector symbol (see ``Image/systemNames`` for the set) in the
/// foreground style, sized like SF Symbols relative to the environment's font: "checkmark" in the
/// 17-point body font is about 17 × 16 points, and its stroke is heavier for a heavier font weight.
/// The symbol's first and last text baselines lie so that it is centred on the font's capital
/// letters, so it lines up with text in a baseline-aligned stack. An unknown name draws nothing
/// and takes no space, as SwiftUI does.
public struct Image: Sendable {
    let name: String
    var isResizable = false

    /// Creates a system symbol image.
    ///
    /// - Parameter systemName: The symbol's name, such as `"checkmark"` or `"star.fill"`.
    public init(systemName: String) {
        name = systemName
    }

    /// The names of the symbols `Image(systemName:)` can draw.
    public static var systemNames: [String] { Symbol.names }

    /// This image, resizable: it fills the space it is proposed instead of its font-relative size
    /// (SwiftUI's `resizable(capInsets:resizingMode:)`).
    ///
    /// - Parameters:
    ///   - capInsets: Accepted for SwiftUI code.
    ///   - resizingMode: Accepted for SwiftUI code.
    /// - Returns: The resizable image.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// Accepted for SwiftUI code: symbols are always drawn in the foreground style.
    ///
    /// - Parameter renderingMode: The mode.
    /// - Returns: The same image.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

    /// How a resizable image fills its frame (SwiftUI's `Image.ResizingMode`); accepted.
    public enum ResizingMode: Hashable, Sendable {
        /// Tiles the image.
        case tile
        /// Stretches the image.
        case stretch
    }

    /// How an image is coloured (SwiftUI's `Image.TemplateRenderingMode`); accepted.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// In the foreground style.
        case template
        /// In its own colours.
        case original
    }

    /// The relative size of symbols (SwiftUI's `Image.Scale`), set with ``View/imageScale(_:)``.
    public enum Scale: Hashable, Sendable {
        /// About 20 % smaller than medium.
        case small
        /// The font's size.
        case medium
        /// About 30 % larger than medium.
        case large

        var factor: CGFloat {
            switch self {
            case .small: 0.8
            case .medium: 1
            case .large: 1.3
            }
        }
    }
}

extension Image: View {
    /// A symbol node (or an empty one for an unknown name).
    ///
    /// - Parameters:
    ///   - view: The image.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: Image, inputs: _ViewInputs) -> _ViewOutputs {
        guard let symbol = Symbol.named(view.name) else { return _ViewOutputs(node: EmptyNode()) }
        return _ViewOutputs(node: SymbolNode(symbol, name: view.name, isResizable: view.isResizable,
                                             environment: inputs.environment, context: inputs.context))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

extension View {
    /// Scales the symbols in this view relative to their font (SwiftUI's `imageScale(_:)`).
    ///
    /// - Parameter scale: Small, medium or large.
    /// - Returns: The view.
    public func imageScale(_ scale: Image.Scale) -> some View {
        transformEnvironment { $0.imageScale = scale }
    }
}

/// A system symbol.
final class SymbolNode: MemoizingNode {
    let symbol: Symbol
    let name: String
    let isResizable: Bool
    let environment: EnvironmentValues
    let pointSize: CGFloat
    let capHeight: CGFloat
    let weight: Font.Weight

    init(_ symbol: Symbol, name: String, isResizable: Bool, environment: EnvironmentValues, context: ResolutionContext) {
        self.symbol = symbol
        self.name = name
        self.isResizable = isResizable
        self.environment = environment
        let font = environment.resolvedFont
        pointSize = font.size * environment.imageScale.factor
        weight = font.weight
        let metrics = try? context.typesetter.metrics(for: font)
        capHeight = metrics.map { $0.capHeight > 0 ? $0.capHeight : $0.ascender * 0.7 } ?? font.size * 0.7
    }

    override var kind: String { "Image(\(name))" }

    private var idealSize: CGSize {
        CGSize(width: symbol.width * pointSize, height: symbol.height * pointSize)
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        guard isResizable else { return idealSize }
        return proposal.replacingUnspecifiedDimensions(by: idealSize)
    }

    /// Text baselines put the symbol's centre on the middle of the font's capital letters.
    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        guard guide == .firstTextBaseline || guide == .lastTextBaseline else { return nil }
        return size.height / 2 + capHeight / 2
    }
    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        guard canvas.keepsItems else { return }
        guard frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else { return }
        let shading = canvas.animated(environment.foregroundShading(bounds: frame), of: self) {
            $0.environment.foregroundShading(bounds: frame)
        }
        guard shading.isVisible else { return }
        let scale = isResizable ? Swift.min(frame.width / idealSize.width, frame.height / idealSize.height) : 1
        let lineWidth = pointSize * scale * (0.03 + CGFloat(weight.value) / 100 * 0.017)
        let stroke = StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)
        for part in symbol.draw(frame, lineWidth) {
            switch part {
            case .stroke(let path):
                canvas.append(.stroke(.path(path), with: shading, style: stroke))
            case .fill(let path):
                canvas.append(.fill(.path(path), with: shading))
            case .eoFill(let path):
                canvas.append(.fill(.path(path), with: shading, style: FillStyle(eoFill: true)))
            }
        }
    }
}

extension Image {
    /// The size `Image(systemName:)` takes in a font of `pointSize` points (at the medium image
    /// scale), or `nil` for a name without a symbol: what web output sizes a symbol's box by.
    package static func symbolSize(systemName: String, pointSize: CGFloat) -> CGSize? {
        Symbol.named(systemName).map { CGSize(width: $0.width * pointSize, height: $0.height * pointSize) }
    }
}
