public import Foundation

/// The file formats of an animation (see ``ImageRenderer/animationData(_:frameRate:hold:changes:)``).
public enum AnimationFormat: String, Sendable, CaseIterable {
    /// An animated PNG (APNG): ``AnimatedDisplayList/apngData(scale:background:)``, at the
    /// renderer's ``ImageRenderer/scale``.
    case png
    /// An SVG animated with CSS keyframes: ``AnimatedDisplayList/svgData(background:options:)``.
    case svg

    /// The still format of the same kind of file, for errors.
    var imageFormat: ImageFormat {
        switch self {
        case .png: .png
        case .svg: .svg
        }
    }
}

extension ImageRenderer {
    /// The most moving views an animation draws in all its frames between stills (views that
    /// move × frames, summed over the changes): 500,000, about 1 GiB of frames, and an animated
    /// SVG of about 150 MB. 1,000 chips at 60 frames per second take about a tenth of it.
    public static var maximumAnimatedViewFrames: Int { 500_000 }

    /// Renders the view, then each change in turn, as the frames of an animation: the port to
    /// pictures of what SwiftUI shows when state changes inside ``withAnimation(_:_:)``.
    ///
    /// ```swift
    /// let renderer = ImageRenderer(content: SwitchingView(layout: .horizontal))
    /// renderer.proposedSize = ProposedViewSize(width: 390, height: 500)
    /// let animation = try renderer.animation(changes: [
    ///     { withAnimation(.spring(response: 0.5)) { renderer.content = SwitchingView(layout: .vertical) } },
    /// ])
    /// try animation.apngData(scale: 2, background: .white).write(to: url)
    /// ```
    ///
    /// The view first settles (see ``ImageRenderer``) and is shown for `hold` seconds. Then each
    /// change runs — anything that changes what the view shows: a `@State` written through a
    /// binding the caller holds, ``content`` replaced by a new value of the same view (its state is
    /// kept), a model object changed — and the view settles again. The change's animation is the
    /// one it was made in (``withAnimation(_:_:)``, ``Binding/animation(_:)``), or none; a
    /// ``View/animation(_:value:)`` whose value changed takes precedence for its content. Frames
    /// follow every `1 / frameRate` seconds until the longest animation is over:
    ///
    /// - views are matched by identity (their structural place and `ForEach` identifiers), and a
    ///   view's frame moves from where it was to where it is along its animation's curve, relative
    ///   to its parent;
    /// - opacities (``View/opacity(_:)``) and colours (fills, strokes, text) are interpolated;
    /// - a view that appears fades in, and one that disappears fades out where it was (SwiftUI's
    ///   default `.opacity` transition), drawn above its former siblings;
    /// - a text whose glyphs change (its characters, lines, font or weight) cross-fades, as
    ///   SwiftUI's default `.opacity` content transition shows it: the old text fades out and the
    ///   new one fades in, each from the top-left corner of the frame the view is drawn at (a
    ///   segmented picker's labels, whose weight follows the selection, too);
    /// - what cannot be interpolated otherwise (where a picker's selected segment is drawn)
    ///   changes on the first frame after the change.
    ///
    /// The first frame is exactly the still picture before the change and the last exactly the
    /// still after it; the last is shown for `hold` seconds, and the frames before it that already
    /// show it are left out. When the last change brings the view
    /// back to the first picture, that last hold is left out, so the animation loops seamlessly.
    /// The frames are as large as the largest state; a smaller one is drawn at the top-left corner.
    /// Views that move as a whole are drawn inside groups whose identifiers name them
    /// (`tc-anim-0`, `tc-anim-1`, …), which the SVG writer moves with CSS transforms.
    ///
    /// - Parameters:
    ///   - frameRate: Frames per second, at most 240; 60 by default.
    ///   - hold: How long the picture before the first change and after each change shows, in
    ///     seconds (one frame at least); 1 by default.
    ///   - changes: The state changes, in order.
    /// - Returns: The animation, without the ``background`` (pass it to the writers).
    /// - Throws: As ``displayList()``, ``TagCloudUIError/invalidAnimation(reason:)`` for a
    ///   frame rate or hold outside their ranges, and
    ///   ``TagCloudUIError/animationTooLarge(views:frames:limit:)`` for more than
    ///   ``maximumAnimatedViewFrames`` moving views in all the frames between the stills.
    /// - Complexity: One settling per state, and one drawing (no layout) per frame.
    public func animation(frameRate: Double = 60, hold: Double = 1,
                          changes: [@MainActor () -> Void]) throws(TagCloudUIError) -> AnimatedDisplayList {
        guard frameRate > 0, frameRate <= 240, hold >= 0, hold <= 60 else {
            throw .invalidAnimation(reason: "the frame rate must be above 0 and at most 240 (it is \(frameRate)) "
                + "and the hold from 0 to 60 seconds (it is \(hold))")
        }
        var passes = [try settle(recordingTree: true)]
        var transactions: [Animation?] = []
        for change in changes {
            _ = graph.takeTransaction()
            change()
            transactions.append(graph.takeTransaction()?.animation)
            passes.append(try settle(recordingTree: true))
        }
        let size = passes.reduce(CGSize.zero) { size, pass in
            CGSize(width: Swift.max(size.width, pass.list.size.width), height: Swift.max(size.height, pass.list.size.height))
        }
        var session = AnimationSession(size: size, proposal: proposedSize)
        let frameDuration = FrameDuration(frameAt: frameRate)
        // A still shows for one frame at least: a hold of 0 gave it 1 ms, so that the animation
        // started a frame early, and browsers show a frame of 10 ms or less for 100 ms.
        let holdDuration = hold * frameRate < 1 ? frameDuration : FrameDuration(seconds: hold)
        // Every frame between two stills draws each moving view: the frames of 3,000 chips at 240
        // frames per second took 3 GiB, and their SVG 635 MB. Counted over every change (a
        // loop's way back too) before anything is drawn, on a copy of the session (which names
        // the views it is asked about: the frames' names stay those of the drawing below).
        var probe = session
        var viewFrames = 0, betweenFrames = 0
        for (index, transaction) in transactions.enumerated() {
            let transition = Transition(old: passes[index], new: passes[index + 1], transaction: transaction)
            let (units, outgoing) = probe.units(of: transition)
            let steps = Int((transition.duration * frameRate - 1e-9).rounded(.up))
            viewFrames += Swift.max(1, units.count + outgoing.count) * Swift.max(0, steps - 1)
            betweenFrames += Swift.max(0, steps - 1)
            guard viewFrames <= Self.maximumAnimatedViewFrames else {
                // The views of an average frame, and every frame counted, so that the two make the count.
                let views = Int((Double(viewFrames) / Double(Swift.max(1, betweenFrames))).rounded(.up))
                throw .animationTooLarge(views: views, frames: betweenFrames, limit: Self.maximumAnimatedViewFrames)
            }
        }
        var frames: [AnimatedDisplayList.Frame] = []
        for (index, transaction) in transactions.enumerated() {
            let transition = Transition(old: passes[index], new: passes[index + 1], transaction: transaction)
            let (units, outgoing) = session.units(of: transition)
            let steps = Int((transition.duration * frameRate - 1e-9).rounded(.up))
            if index == 0 {
                // The still before: a cross-fading text under the name it fades out with.
                frames.append(.init(list: session.still(passes[0], units: units.merging(outgoing) { $1 }),
                                    duration: holdDuration))
            }
            var between: [AnimatedDisplayList.Frame] = []
            for step in stride(from: 1, to: steps, by: 1) {
                between.append(.init(list: session.frame(transition, at: Double(step) / frameRate, units: units,
                                                                   outgoing: outgoing),
                                     duration: frameDuration))
            }
            let end = session.still(passes[index + 1], units: units)
            // Frames that already show the end (what animates has finished; other animations of
            // the change move nothing) are left out.
            while between.last?.list == end { between.removeLast() }
            frames += between
            frames.append(.init(list: end, duration: holdDuration))
        }
        var endsOnFirstFrame = false
        if frames.isEmpty {
            frames.append(.init(list: session.still(passes[0], units: [:]), duration: holdDuration))
        } else if transactions.count > 0, passes[passes.count - 1].list == passes[0].list, frames.count > 1 {
            frames.removeLast()
            endsOnFirstFrame = true
        }
        var animation = AnimatedDisplayList(frames: frames)
        animation.endsOnFirstFrame = endsOnFirstFrame
        return animation
    }

    /// Renders the view and its changes as an animation file: ``animation(frameRate:hold:changes:)``
    /// written as an APNG at the renderer's ``scale`` or as an animated SVG, on the ``background``.
    ///
    /// - Parameters:
    ///   - format: APNG or SVG.
    ///   - frameRate: Frames per second; 60 by default.
    ///   - hold: How long each still state shows, in seconds; 1 by default.
    ///   - changes: The state changes, in order.
    /// - Returns: The file's bytes.
    /// - Throws: As ``animation(frameRate:hold:changes:)``, and
    ///   ``TagCloudUIError/renderingFailed(format:_:)`` when the file cannot be written.
    public func animationData(_ format: AnimationFormat, frameRate: Double = 60, hold: Double = 1,
                              changes: [@MainActor () -> Void]) throws(TagCloudUIError) -> Data {
        let animation = try animation(frameRate: frameRate, hold: hold, changes: changes)
        do {
            switch format {
            case .png: return try animation.apngData(scale: Double(scale), background: background?.rgba)
            case .svg: return try animation.svgData(background: background?.rgba)
            }
        } catch {
            throw .renderingFailed(format: format.imageFormat, CanvasError(thrown: error))
        }
    }

    /// Renders the view and one change as an animation file (see
    /// ``animationData(_:frameRate:hold:changes:)``).
    ///
    /// - Parameters:
    ///   - format: APNG or SVG.
    ///   - frameRate: Frames per second; 60 by default.
    ///   - hold: How long each still state shows, in seconds; 1 by default.
    ///   - change: The state change.
    /// - Returns: The file's bytes.
    /// - Throws: As ``animationData(_:frameRate:hold:changes:)``.
    public func animationData(_ format: AnimationFormat, frameRate: Double = 60, hold: Double = 1,
                              change: @escaping @MainActor () -> Void) throws(TagCloudUIError) -> Data {
        try animationData(format, frameRate: frameRate, hold: hold, changes: [change])
    }
}

/// One change: the settled passes before and after (with their drawn trees), and the animation
/// it was made in.
struct Transition {
    let old: SettledPass
    let new: SettledPass
    let oldTree: DrawnTree
    let newTree: DrawnTree
    let transaction: Animation?

    init(old: SettledPass, new: SettledPass, transaction: Animation?) {
        self.old = old
        self.new = new
        oldTree = old.tree ?? DrawnTree()
        newTree = new.tree ?? DrawnTree()
        self.transaction = transaction
    }

    /// How long the change animates: its longest animation (the transaction's, or a changed
    /// ``View/animation(_:value:)``'s).
    var duration: Double {
        var longest = transaction?.duration ?? 0
        for (key, record) in newTree.records {
            guard let node = record.node as? AnimationNode, let former = oldTree[key]?.node as? AnimationNode,
                  node.applies(since: former), let animation = node.animation else { continue }
            longest = Swift.max(longest, animation.duration)
        }
        return longest
    }
}

/// Draws the frames of an animation: the stills and the frames between, at one size, with the
/// views that move as a whole drawn as named units.
struct AnimationSession {
    let size: CGSize
    let proposal: ProposedViewSize
    /// The identifiers given to units so far, by node key: a view keeps its identifier from one
    /// change to the next.
    private var names: [NodeKey: String] = [:]
    /// How many identifiers were given.
    private var named = 0

    init(size: CGSize, proposal: ProposedViewSize) {
        self.size = size
        self.proposal = proposal
    }

    /// The units of a change, with their identifiers.
    ///
    /// A unit is the outermost node of a subtree that moves as a whole: present before and after
    /// with the same size, its descendants all present before and after at the same places
    /// relative to it and drawing alike (a text that changes is a unit of its own, so that its
    /// cross-fade leaves the rest as it is); or a leaf present before and after (its drawing may
    /// move as a whole even if its size changes, as a text's does); or the outermost node of a
    /// subtree that appears or disappears.
    ///
    /// A leaf that draws something else after the change (a text that cross-fades) has two: the
    /// one it had, which its former drawing fades out with (`outgoing`), and a new one, which its
    /// new drawing fades in with and keeps afterwards; so that an animated SVG writes each drawing
    /// once.
    mutating func units(of transition: Transition) -> (units: [NodeKey: String], outgoing: [NodeKey: String]) {
        var result: [NodeKey: String] = [:], outgoing: [NodeKey: String] = [:]
        let old = transition.oldTree, new = transition.newTree
        func name(_ key: NodeKey) -> String {
            if let known = names[key] { return known }
            let made = "tc-anim-\(named)"
            named += 1
            names[key] = made
            return made
        }
        func crossFades(_ key: NodeKey) -> Bool {
            guard let now = new[key], let before = old[key] else { return false }
            return !now.node.drawsLike(before.node, proposal: now.proposal, formerProposal: before.proposal)
        }
        func rigid(_ key: NodeKey) -> Bool {
            guard let now = new[key], let before = old[key], close(now.frame.size, before.frame.size), !crossFades(key) else { return false }
            let children = new.children[key] ?? []
            guard Set(children) == Set(old.children[key] ?? []) else { return false }
            for child in children {
                guard let childNow = new[child], let childBefore = old[child],
                      close(CGSize(width: childNow.frame.minX - now.frame.minX, height: childNow.frame.minY - now.frame.minY),
                            CGSize(width: childBefore.frame.minX - before.frame.minX,
                                   height: childBefore.frame.minY - before.frame.minY)),
                      rigid(child) else { return false }
            }
            return true
        }
        func leaf(_ key: NodeKey) -> Bool {
            (new.children[key] ?? []).isEmpty && (old.children[key] ?? []).isEmpty
        }
        func visit(_ key: NodeKey) {
            if leaf(key), crossFades(key) {
                outgoing[key] = name(key)
                names[key] = nil
            }
            if old[key] == nil || leaf(key) || rigid(key) {
                result[key] = name(key)
                return
            }
            for child in new.children[key] ?? [] { visit(child) }
            for child in old.children[key] ?? [] where new[child] == nil { result[child] = name(child) }
        }
        if let root = new.root { visit(root) }
        if let root = old.root, new[root] == nil { result[root] = name(root) }
        return (result, outgoing)
    }

    private func close(_ a: CGSize, _ b: CGSize) -> Bool {
        abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    /// A settled pass drawn again, with its units in named groups: the same pixels as its picture.
    func still(_ pass: SettledPass, units: [NodeKey: String]) -> DisplayList {
        let canvas = DrawingContext()
        let recorder = TreeRecorder()
        recorder.units = units
        canvas.tracker = recorder
        pass.root.render(in: CGRect(origin: .zero, size: pass.list.size), proposal: proposal, into: canvas)
        return DisplayList(size: size, items: canvas.items)
    }

    /// The frame `time` seconds into a change.
    func frame(_ transition: Transition, at time: Double, units: [NodeKey: String],
               outgoing: [NodeKey: String] = [:]) -> DisplayList {
        let canvas = DrawingContext()
        let animator = FrameAnimator(old: transition.oldTree, new: transition.newTree, transaction: transition.transaction,
                                     time: time, units: units, outgoing: outgoing)
        canvas.tracker = animator
        transition.new.root.render(in: CGRect(origin: .zero, size: transition.new.list.size), proposal: proposal, into: canvas)
        if let oldRoot = transition.oldTree.root, transition.newTree[oldRoot] == nil {
            animator.renderRemoved(oldRoot, canvas: canvas)
        }
        return DisplayList(size: size, items: canvas.items)
    }
}
