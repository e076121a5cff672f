public import Canvas
public import Foundation
public import TagCloudUI
public import Typesetting

extension Cloud {
    /// This cloud changing into `other`: the frames of the animation SwiftUI would show for the
    /// change, made by TagCloudUI's `ImageRenderer/animation(frameRate:hold:changes:)`.
    ///
    /// ```swift
    /// let from = try Cloud(yaml: "width: 358\ntags: [Swift, SwiftUI, Linux, Cairo]")
    /// var to = from
    /// to.width = 200
    /// try from.animationData(to: to, as: .svg).write(to: url)
    /// ```
    ///
    /// Both clouds are laid out as ``rendered(typesetter:)`` lays them out (with the font files of
    /// both specs, the first spec's ahead where both add a family), in one picture as large as the
    /// larger of the two (each at its top-left corner). A background the two share is left out of
    /// the frames, as ``RenderedCloud/displayList`` leaves it out
    /// (``animationData(to:as:scale:animation:frameRate:hold:loop:typesetter:)`` paints it);
    /// different backgrounds are drawn in the frames, their colour interpolated. The chips are
    /// matched by their place in the tag list: the chip of the first tag moves from where it was
    /// to where it is, its size, colours and text colour interpolated, its label cross-faded when its
    /// text changes (the old label fading out as the new one fades in); chips that `maxRows` hides
    /// or shows fade, as SwiftUI's default transition does, and so does the "+N" chip. The first
    /// frame is the first cloud, the last the second; each shows for `hold` seconds. With `loop`,
    /// the animation goes back to the first cloud.
    ///
    /// Isolated to the main actor, as `ImageRenderer` is.
    ///
    /// - Parameters:
    ///   - other: The cloud after the change.
    ///   - animation: The change's animation; SwiftUI's `Animation/default` (a spring) when not
    ///     given.
    ///   - frameRate: Frames per second, 1 to 240.
    ///   - hold: How long each of the two clouds shows, 0 to 60 seconds.
    ///   - loop: Whether the animation changes back to this cloud.
    ///   - typesetter: The typesetter; `nil` for the shared one.
    /// - Returns: The frames, each with its duration.
    /// - Throws: As ``rendered(typesetter:)`` for either cloud, and
    ///   ``TagCloudError/invalidNumber(path:value:reason:_:)`` for a frame rate or hold out of range
    ///   (at the source "animation").
    @MainActor
    public func animation(to other: Cloud, animation: Animation = .default, frameRate: Double = 60, hold: Double = 1,
                          loop: Bool = false, typesetter: Typesetter? = nil) throws(TagCloudError) -> AnimatedDisplayList {
        guard frameRate >= 1, frameRate <= 240 else {
            throw .invalidNumber(path: "frameRate", value: "\(frameRate)", reason: "must be from 1 to 240",
                                 SpecLocation(source: "animation"))
        }
        guard hold >= 0, hold <= 60 else {
            throw .invalidNumber(path: "hold", value: "\(hold)", reason: "must be from 0 to 60 seconds",
                                 SpecLocation(source: "animation"))
        }
        // One typesetter draws every frame: it has the font files of both specs.
        let typesetter = try other.typesetterWithFonts(try typesetterWithFonts(typesetter))
        let first = try AnimatedCloudState(self, typesetter: typesetter)
        let second = try AnimatedCloudState(other, typesetter: typesetter)
        let size = CGSize(width: Swift.max(first.size.width, second.size.width),
                          height: Swift.max(first.size.height, second.size.height))
        // A background the two clouds share is painted under every frame; different ones are drawn
        // as views, so that their colour is interpolated.
        let shared = first.cloud.background == second.cloud.background
        let renderer = ImageRenderer(content: first.view(in: size, background: !shared))
        renderer.background = nil
        renderer.typesetter = typesetter
        var changes: [@MainActor () -> Void] = [{
            withAnimation(animation) { renderer.content = second.view(in: size, background: !shared) }
        }]
        if loop { changes.append { withAnimation(animation) { renderer.content = first.view(in: size, background: !shared) } } }
        do {
            return try renderer.animation(frameRate: frameRate, hold: hold, changes: changes)
        } catch {
            throw TagCloudError(error)
        }
    }

    /// The most frames per second an animated PNG may have: 90, so that every frame lasts more
    /// than 10 ms (browsers, as Firefox first did, show a frame of 10 ms or less for 100 ms, and a
    /// 240 fps animation played 24 times too slowly). An animated SVG has no such limit.
    public static let maximumAPNGFrameRate = 90.0

    /// Why a frame rate is refused for an animated PNG.
    package static let apngFrameRateReason = "must be at most 90 for an animated PNG (browsers show a frame of 10 ms or less for 100 ms); "
        + "an animated SVG may have more"

    /// This cloud changing into `other`, as an APNG or an SVG animated with CSS keyframes (see
    /// ``animation(to:animation:frameRate:hold:loop:typesetter:)``).
    ///
    /// The SVG is written for the web as `other`'s still SVG is (its `id`, `title`, `locale`,
    /// `responsive` and `linkTarget`), on the spec's own `background` when the two share it and
    /// on none otherwise; it is drawn in the light look (`theme: auto`'s dark look is a still
    /// picture's).
    ///
    /// - Parameters:
    ///   - other: The cloud after the change.
    ///   - format: APNG or SVG.
    ///   - scale: Pixels per point of the APNG; `nil` for `other`'s ``scale`` (1 when it has none).
    ///   - animation: The change's animation.
    ///   - frameRate: Frames per second, 1 to 240; at most ``maximumAPNGFrameRate`` (90) for PNG.
    ///   - hold: How long each of the two clouds shows, 0 to 60 seconds.
    ///   - loop: Whether the animation changes back to this cloud.
    ///   - typesetter: The typesetter; `nil` for the shared one.
    /// - Returns: The file's bytes.
    /// - Throws: As ``animation(to:animation:frameRate:hold:loop:typesetter:)``,
    ///   ``TagCloudError/invalidNumber(path:value:reason:_:)`` for a scale outside 0.01 … 64,
    ///   ``TagCloudError/pictureTooLarge(width:height:limit:size:)`` or
    ///   ``TagCloudError/pictureHasTooManyPixels(width:height:limit:)`` for frames over the pixel
    ///   limits, ``TagCloudError/animationHasTooManyPixels(frames:width:height:limit:)`` for an
    ///   APNG whose frames have too many pixels in all, and ``TagCloudError/renderingFailed(format:_:)`` when the file cannot be written.
    @MainActor
    public func animationData(to other: Cloud, as format: AnimationFormat, scale: Double? = nil,
                              animation: Animation = .default, frameRate: Double = 60, hold: Double = 1, loop: Bool = false,
                              typesetter: Typesetter? = nil) throws(TagCloudError) -> Data {
        try RenderedCloud.check(scale: scale)
        if format == .png, frameRate > Self.maximumAPNGFrameRate {
            throw .invalidNumber(path: "frameRate", value: CloudLayout.number(frameRate),
                                 reason: Self.apngFrameRateReason, SpecLocation(source: "animation"))
        }
        let frames = try self.animation(to: other, animation: animation, frameRate: frameRate, hold: hold, loop: loop,
                                        typesetter: typesetter)
        let (first, second) = (resolved(), other.resolved())
        let background = first.background == second.background && first.background.alpha > 0 ? first.background.rgbaColor : nil
        do {
            switch format {
            case .png: return try frames.apngData(scale: scale ?? Double(second.scale), background: background)
            case .svg:
                // One point a pixel, held to the side a still SVG is held to.
                let limit = RenderedCloud.maximumPictureSide
                let width = Int(frames.size.width.rounded(.up)), height = Int(frames.size.height.rounded(.up))
                guard width <= limit, height <= limit else {
                    throw TagCloudError.pictureTooLarge(width: width, height: height, limit: limit)
                }
                // Written for the web as a still cloud's SVG is: the web keys of the cloud it ends
                // on, and the spec's own background or none (the theme's default, which a PNG
                // paints, made a white box on a dark page).
                let web = second.web
                let shared = first.web.background == web.background ? web.background?.rgbaColor : nil
                return try frames.svgData(background: shared, options: web.svgOptions)
            }
        } catch let error as TagCloudError {
            throw error
        } catch CanvasError.imageTooLarge(let width, let height, let limit) {
            throw .pictureTooLarge(width: width, height: height, limit: limit)
        } catch CanvasError.imageAreaTooLarge(let width, let height, let limit) {
            throw .pictureHasTooManyPixels(width: width, height: height, limit: limit)
        } catch CanvasError.animationAreaTooLarge(let frames, let width, let height, let limit) {
            throw .animationHasTooManyPixels(frames: frames, width: width, height: height, limit: limit)
        } catch {
            throw .renderingFailed(format: format == .png ? .png : .svg, CanvasError(thrown: error))
        }
    }
}

/// One cloud of an animation: resolved, with the chips `maxRows` lets it show, and its size.
private struct AnimatedCloudState {
    let cloud: ResolvedCloud
    let visible: Int
    let more: Int?
    let size: CGSize
    /// The chips' checked links, as the still picture has them.
    let links: [URL?]
    /// The chips narrowed to the row, and the one cut to share a row with the "+N" chip, as the
    /// still picture's pass found them.
    let wideChips: Set<Int>
    let cutChip: CutChip?

    init(_ spec: Cloud, typesetter: Typesetter) throws(TagCloudError) {
        let rendered = try spec.rendered(withFontsIn: typesetter)
        cloud = spec.resolved()
        links = try CloudRenderer.checkedLinks(cloud)
        visible = cloud.chips.count - rendered.hiddenCount
        more = rendered.hiddenCount > 0 ? rendered.hiddenCount : nil
        size = rendered.displayList.size
        wideChips = rendered.wideChips
        cutChip = rendered.cutChip
    }

    /// The cloud's view, proposed its own width as ``CloudRenderer`` proposes it, at the top-left
    /// corner of a frame of the animation's size, on its background when `background` is set.
    func view(in size: CGSize, background: Bool) -> some View {
        // With the chips the picture's pass narrowed to the row (and the one cut beside the
        // "+N" chip): without them a long label wrapped onto lines the picture cuts.
        CloudView(cloud: cloud, visibleCount: visible, moreCount: more, recorder: LayoutRecorder(count: visible + 1), links: links,
                  wideChips: wideChips, cutChip: cutChip)
            .frame(width: cloud.width + 2 * cloud.padding)
            .frame(minWidth: 1, minHeight: 1, alignment: .topLeading)
            .frame(width: size.width, height: size.height, alignment: .topLeading)
            .background(background ? Color(cloud.background) : Color.clear)
    }
}
