/// An object that creates images from views: the port of SwiftUI's `ImageRenderer`.
///
/// ```swift
/// let renderer = ImageRenderer(content: TagCloudView())
/// renderer.proposedSize = ProposedViewSize(width: 390, height: nil)
/// renderer.scale = 2
/// try renderer.pngData().write(to: url)
/// ```
///
/// Each output method runs the update cycle: it resolves the view tree (bodies evaluated with the
/// environment), lays it out for ``proposedSize`` (the view chooses its size, as the root of a
/// SwiftUI window would) and draws it into one Canvas ``DisplayList``; then it runs the actions
/// SwiftUI runs before its next frame (`onAppear`, `onChange(of:)`, `onPreferenceChange`, blocks
/// sent to the main queue) and, if they changed a `@State`, does it all again, until the view
/// settles (at most ``maximumUpdatePasses`` passes). The settled picture is encoded. It is the
/// view's size; several root views are stacked as in a ``VStack``.
///
/// The renderer keeps the view's state between renderings, by identity, as SwiftUI does: setting
/// ``content`` to a new value of the same view keeps its `@State`.
@MainActor
public final class ImageRenderer<Content: View> {
    /// The root view to render. Setting it inside ``withAnimation(_:_:)`` animates the change in
    /// ``animation(frameRate:hold:changes:)``.
    public var content: Content {
        didSet { graph.noteTransaction() }
    }
    /// The size proposed to the root view; `.unspecified` (its ideal size) by default, as in SwiftUI.
    ///
    /// Each dimension is a length in points, `nil` for the view's ideal length or `.infinity` for
    /// its largest. A length that is none of these is read as the layout reads it: NaN as `nil`,
    /// a negative length as 0 (text then shows only "…").
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

    /// The most update passes one rendering runs before it gives up on a view whose state keeps
    /// changing (``TagCloudUIError/updateCycleDidNotSettle(view:property:passes:)``): 16. A view
    /// that reports a measured size back into its state settles in two or three.
    public static var maximumUpdatePasses: Int { 16 }

    /// The view's state and what the update passes saw, kept from one rendering to the next as
    /// SwiftUI keeps them while a view keeps its identity.
    let graph = ViewGraph()
    /// How many update passes the last rendering ran (for tests).
    private(set) var lastPassCount = 0

    /// Creates a renderer for a view.
    ///
    /// - Parameter view: The root view.
    public init(content view: Content) {
        content = view
    }

    /// Lays the view out and draws it into a display list: what every output format encodes.
    ///
    /// - Returns: The picture, its size the view's size, without the ``background``.
    /// - Throws: ``TagCloudUIError/fontsUnavailable(_:)``,
    ///   ``TagCloudUIError/textLayoutFailed(text:_:)``,
    ///   ``TagCloudUIError/statePresetFailed(view:property:reason:)``,
    ///   ``TagCloudUIError/updateCycleDidNotSettle(view:property:passes:)`` when the view's
    ///   `@State` keeps changing, or ``TagCloudUIError/invalidSize(width:height:)`` when the view's
    ///   size is empty or infinite.
    /// - Complexity: One resolution of the view tree, one layout pass (each text shaped once per
    ///   distinct proposal) and one drawing pass.
    public func displayList() throws(TagCloudUIError) -> DisplayList {
        try render(recordingFrames: false).list
    }

    /// Runs the update cycle: resolves, lays out and draws the view, runs the actions SwiftUI runs
    /// before its next frame, and does it again until no `@State` changes (see ``UpdateCycle``).
    ///
    /// - Parameter recordingFrames: Whether to record every node's frame (for tests).
    /// - Returns: The settled pass's display list and recorded frames.
    /// - Throws: As ``displayList()``.
    func render(recordingFrames: Bool) throws(TagCloudUIError) -> (list: DisplayList, frames: [(kind: String, frame: CGRect)]) {
        let pass = try settle(recordingFrames: recordingFrames)
        return (pass.list, pass.canvas.frames)
    }

    /// Runs update passes until the view settles.
    ///
    /// - Parameters:
    ///   - recordingFrames: Whether each pass records every node's frame (for tests).
    ///   - recordingTree: Whether each pass records its drawn tree (for animations).
    /// - Returns: The last pass.
    /// - Throws: As ``displayList()``.
    func settle(recordingFrames: Bool = false, recordingTree: Bool = false) throws(TagCloudUIError) -> SettledPass {
        let typesetter = try resolvedTypesetter(typesetter)
        var count = 0
        defer { lastPassCount = count }
        // A pass may be empty (a height that `onAppear` sets starts at zero): only the settled
        // view must have a size that can be drawn.
        let settled = try UpdateCycle(graph: graph).run(maximumPasses: Self.maximumUpdatePasses) { actions throws(TagCloudUIError) in
            count += 1
            let context = ResolutionContext(typesetter: typesetter, graph: graph, actions: actions)
            return try renderPass(content, proposedSize: proposedSize, scale: scale, environment: environment, context: context,
                                  recordingFrames: recordingFrames, recordingTree: recordingTree, allowingEmptySize: true)
        }
        try checkDrawable(settled.list.size)
        return settled
    }
}

/// One update pass: its tree, its display list and its drawing context (the last pass of a
/// rendering is the settled view).
struct SettledPass {
    let root: ViewNode
    let list: DisplayList
    let canvas: DrawingContext
    /// The drawn tree, when the pass recorded it.
    let tree: DrawnTree?
}

/// The typesetter given, or the shared one over the bundled fonts.
///
/// - Parameter given: The typesetter given, if any.
/// - Returns: The typesetter.
/// - Throws: ``TagCloudUIError/fontsUnavailable(_:)`` when the bundled fonts cannot be loaded.
func resolvedTypesetter(_ given: Typesetter?) throws(TagCloudUIError) -> Typesetter {
    if let given { return given }
    do {
        return try Typesetter.standard()
    } catch {
        throw .fontsUnavailable(TypesettingError(thrown: error))
    }
}

/// Resolves, lays out and draws a view once: an update pass.
///
/// - Parameters:
///   - content: The root view.
///   - proposedSize: The size proposed to it.
///   - scale: Pixels per point, the environment's `displayScale`.
///   - environment: The environment the root view starts with.
///   - context: The typesetter, the graph that keeps state, and the pass's actions.
///   - recordingFrames: Whether to record every node's frame (for tests).
///   - recordingTree: Whether to record the drawn tree (for animations).
///   - drawing: Whether to make display items (`false`: place every node only, for a layout).
///   - allowingEmptySize: Whether a pass whose view is empty (a width or height of zero, or
///     less) is drawn anyway, for the update cycle to go on; the caller checks the settled pass's
///     size.
/// - Returns: The pass.
/// - Throws: As ``ImageRenderer/displayList()``.
func renderPass<Content: View>(_ content: Content, proposedSize: ProposedViewSize, scale: CGFloat, environment: EnvironmentValues,
                               context: ResolutionContext, recordingFrames: Bool,
                               recordingTree: Bool, drawing: Bool = true,
                               drawingConcurrently: Bool = false, allowingEmptySize: Bool = false) throws(TagCloudUIError) -> SettledPass {
    var rootEnvironment = environment
    rootEnvironment.displayScale = scale
    let inputs = _ViewInputs(environment: rootEnvironment, context: context)
    let nodes = makeNodes(content, inputs)
    let root: ViewNode = nodes.count == 1 ? nodes[0]
        : ContainerNode(VStackLayout(), children: nodes, layoutDirection: rootEnvironment.layoutDirection)
    if context.tracksIdentity { root.stamp(.root) }
    var size = root.sizeThatFits(proposedSize)
    if let error = context.firstError { throw error }
    if allowingEmptySize, size.width.isFinite, size.height.isFinite {
        // A pass on the way to the settled one may be empty, or negative (`frame(height: h - 8)`
        // while `h` is still 0): drawn as empty, for its actions to run.
        size = CGSize(width: max(0, size.width), height: max(0, size.height))
    } else {
        try checkDrawable(size)
    }
    let canvas = DrawingContext(recordsFrames: recordingFrames, keepsItems: drawing, actions: context.actions)
    canvas.drawsLargeContainersConcurrently = drawingConcurrently
    let recorder = recordingTree ? TreeRecorder() : nil
    canvas.tracker = recorder
    root.render(in: CGRect(origin: .zero, size: size), proposal: proposedSize, into: canvas)
    if let error = context.firstError { throw error }
    return SettledPass(root: root, list: DisplayList(size: size, items: canvas.items), canvas: canvas, tree: recorder?.tree)
}

/// Throws ``TagCloudUIError/invalidSize(width:height:)`` unless a view's size is finite and not
/// empty.
func checkDrawable(_ size: CGSize) throws(TagCloudUIError) {
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
        throw .invalidSize(width: Double(size.width), height: Double(size.height))
    }
}

/// Resolves, lays out and draws a view in one pass: what ``ImageRenderer`` does for a view with
/// no state or actions, as a function of its settings.
///
/// Nonisolated: a view made only of primitive views (and views whose bodies are nonisolated, such
/// as the `TagCloud` library's chips) resolves on any thread, so several pictures can be laid out
/// at once; a view with a main-actor body must be rendered on the main actor (checked at run time).
/// The update cycle is ``ImageRenderer``'s: actions registered here are not run, and state starts
/// afresh.
///
/// - Parameters:
///   - content: The root view.
///   - proposedSize: The size proposed to it.
///   - scale: Pixels per point, the environment's `displayScale`.
///   - environment: The environment the root view starts with.
///   - typesetter: The typesetter; `nil` for the shared one over the bundled fonts.
///   - recordingFrames: Whether to record every node's frame (for tests).
///   - drawing: Whether to make the display list's items; `false` lays the view out and places
///     every node (frame recorders see their frames) without drawing, for a layout alone.
///   - releasingTreeOffThread: Whether the resolved tree is freed on a background thread, off
///     the caller's path (a 100,000-chip cloud's tree takes a tenth of its rendering to free).
///     Only for views whose nodes own nothing that must be released on the caller's thread: no
///     state objects or other values of the caller's (the `TagCloud` library's chips).
///   - drawingConcurrently: Whether containers of thousands of children draw them on every core
///     (``DrawingContext/drawsLargeContainersConcurrently``; the same display list). Only for
///     views made of primitive views, as `releasingTreeOffThread`.
///   - tracksIdentity: Whether views get structural identities; `false` for views without
///     `@State` (whose bodies would otherwise share the root's state), which then allocate no
///     ``ViewPath``s (``ResolutionContext/tracksIdentity``).
/// - Returns: The display list (without items when not drawing), its size the view's, and the
///   recorded frames.
/// - Throws: As ``ImageRenderer/displayList()``.
package func renderViewTree<Content: View>(
    _ content: Content, proposedSize: ProposedViewSize, scale: CGFloat, environment: EnvironmentValues,
    typesetter given: Typesetter?, recordingFrames: Bool, drawing: Bool = true, releasingTreeOffThread: Bool = false,
    drawingConcurrently: Bool = false, tracksIdentity: Bool = true
) throws(TagCloudUIError) -> (list: DisplayList, frames: [(kind: String, frame: CGRect)]) {
    let context = ResolutionContext(typesetter: try resolvedTypesetter(given), tracksIdentity: tracksIdentity,
                                    omitsDrawingOnlyNodes: !drawing && !recordingFrames)
    let pass = try renderPass(content, proposedSize: proposedSize, scale: scale, environment: environment, context: context,
                              recordingFrames: recordingFrames, recordingTree: false, drawing: drawing,
                              drawingConcurrently: drawingConcurrently)
    let result = (pass.list, pass.canvas.frames)
    if releasingTreeOffThread {
        // The pass's own reference goes first, so that the background thread's is the last.
        let tree = ReleasedTree(pass.root)
        _ = consume pass
        tree.releaseOffThread()
    }
    return result
}

/// A resolved tree handed to a background thread to be freed there.
///
/// The caller drops its own references before handing it over, so that the background thread
/// holds the last one (the pass was once dropped after, and when the background thread ran first,
/// the caller's release freed the whole tree on the caller's thread).
private final class ReleasedTree: @unchecked Sendable {
    // Unchecked: after the hand-over, nothing else uses the tree; only reference counts change,
    // and they are atomic.
    private var root: ViewNode?

    init(_ root: ViewNode) {
        self.root = root
    }

    func releaseOffThread() {
        DispatchQueue.global(qos: .utility).async { self.root = nil }
    }
}
