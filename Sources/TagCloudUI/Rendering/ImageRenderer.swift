/// An object that creates images from views: the port of SwiftUI's `ImageRenderer`.
///
/// ```swift
/// let renderer = ImageRenderer(content: TagCloudView())
/// renderer.proposedSize = ProposedViewSize(width: 390, height: nil)
/// renderer.scale = 2
/// try renderer.pngData().write(to: url)
/// ```
///
/// Each output method resolves the view tree afresh (bodies evaluated with the environment),
/// lays it out for ``proposedSize`` (the view chooses its size, as the root of a SwiftUI window
/// would), draws it into one Canvas ``DisplayList`` and encodes that. The picture is the view's
/// size; several root views are stacked as in a ``VStack``.
@MainActor
public final class ImageRenderer<Content: View> {
    /// The root view to render.
    public var content: Content
    /// The size proposed to the root view; `.unspecified` (its ideal size) by default, as in SwiftUI.
    public var proposedSize: ProposedViewSize = .unspecified
    /// The pixels per point of PNG output (`2` for a Retina picture); also the environment's
    /// ``EnvironmentValues/displayScale``.
    public var scale: CGFloat = 1
    /// The colour drawn behind the view by ``pngData()``, ``svgData()`` and ``pdfData()``: white,
    /// as an iOS screen in light mode; `nil` for a transparent background (SwiftUI's renderer draws
    /// none). ``displayList()`` leaves it out: pass it to Canvas's `Renderer` (an opaque background
    /// also makes a smaller, faster RGB PNG).
    public var background: Color? = .white
    /// The environment the root view starts with (its layout direction, font, …).
    public var environment = EnvironmentValues()
    /// The typesetter text is shaped with; `nil` for the shared one over the bundled fonts
    /// (``Typesetter/standard(systemFonts:)``).
    public var typesetter: Typesetter?

    /// Creates a renderer for a view.
    ///
    /// - Parameter view: The root view.
    public init(content view: Content) {
        content = view
    }

    /// Lays the view out and draws it into a display list: what every output format encodes.
    ///
    /// - Returns: The picture, its size the view's size, without the ``background``.
    /// - Throws: ``TagCloudUIError/fontsUnavailable(reason:)``,
    ///   ``TagCloudUIError/textLayoutFailed(text:reason:)``,
    ///   ``TagCloudUIError/statePresetFailed(view:property:reason:)`` or
    ///   ``TagCloudUIError/invalidSize(width:height:)`` when the view's size is empty or infinite.
    /// - Complexity: One resolution of the view tree, one layout pass (each text shaped once per
    ///   distinct proposal) and one drawing pass.
    public func displayList() throws(TagCloudUIError) -> DisplayList {
        try render(recordingFrames: false).list
    }

    /// Resolves, lays out and draws the view.
    ///
    /// - Parameter recordingFrames: Whether to record every node's frame (for tests).
    /// - Returns: The display list and the recorded frames.
    /// - Throws: As ``displayList()``.
    func render(recordingFrames: Bool) throws(TagCloudUIError) -> (list: DisplayList, frames: [(kind: String, frame: CGRect)]) {
        try renderViewTree(content, proposedSize: proposedSize, scale: scale, environment: environment,
                           typesetter: typesetter, recordingFrames: recordingFrames)
    }
}

/// Resolves, lays out and draws a view: what ``ImageRenderer`` does, as a function of its settings.
///
/// Nonisolated: a view made only of primitive views (and views whose bodies are nonisolated, such
/// as the `TagCloud` library's chips) resolves on any thread, so several pictures can be laid out
/// at once; a view with a main-actor body must be rendered on the main actor (checked at run time).
///
/// - Parameters:
///   - content: The root view.
///   - proposedSize: The size proposed to it.
///   - scale: Pixels per point, the environment's `displayScale`.
///   - environment: The environment the root view starts with.
///   - typesetter: The typesetter; `nil` for the shared one over the bundled fonts.
///   - recordingFrames: Whether to record every node's frame (for tests).
/// - Returns: The display list, its size the view's, and the recorded frames.
/// - Throws: As ``ImageRenderer/displayList()``.
package func renderViewTree<Content: View>(
    _ content: Content, proposedSize: ProposedViewSize, scale: CGFloat, environment: EnvironmentValues,
    typesetter given: Typesetter?, recordingFrames: Bool
) throws(TagCloudUIError) -> (list: DisplayList, frames: [(kind: String, frame: CGRect)]) {
    let typesetter: Typesetter
    if let given {
        typesetter = given
    } else {
        do {
            typesetter = try Typesetter.standard()
        } catch {
            throw .fontsUnavailable(TypesettingError(thrown: error))
        }
    }
    let context = ResolutionContext(typesetter: typesetter)
    var rootEnvironment = environment
    rootEnvironment.displayScale = scale
    let inputs = _ViewInputs(environment: rootEnvironment, context: context)
    let nodes = makeNodes(content, inputs)
    let root: ViewNode = nodes.count == 1 ? nodes[0]
        : ContainerNode(VStackLayout(), children: nodes, layoutDirection: rootEnvironment.layoutDirection)
    let size = root.sizeThatFits(proposedSize)
    if let error = context.firstError { throw error }
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
        throw .invalidSize(width: Double(size.width), height: Double(size.height))
    }
    let canvas = DrawingContext(recordsFrames: recordingFrames)
    root.render(in: CGRect(origin: .zero, size: size), proposal: proposedSize, into: canvas)
    if let error = context.firstError { throw error }
    return (DisplayList(size: size, items: canvas.items), canvas.frames)
}
