public import Canvas
public import Typesetting
import TagCloudUI

/// A cloud laid out and drawn: the display list every output format encodes, and the layout
/// JSON from the same pass.
public struct RenderedCloud: Sendable {
    /// The picture, without its background (the encoders paint ``background``).
    public var displayList: DisplayList
    /// Where each chip went.
    public var layout: CloudLayout
    /// How many tags `maxRows` hid (the number on the "+N" chip), 0 when none.
    public var hiddenCount: Int
    /// The background to paint under the picture, `nil` for transparent.
    public var background: RGBAColor?
    /// Pixels per point for PNG output.
    public var scale: Double

    /// The picture's size in pixels at `scale` (what a PNG would be; `scale` 1 for SVG and PDF).
    ///
    /// - Parameter scale: Pixels per point.
    /// - Returns: `ceil(size × scale)` on both sides, as Canvas sizes bitmaps.
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        func pixels(_ points: CGFloat) -> Int {
            let value = (Double(points) * scale).rounded(.up)
            return value < Double(Int.max / 2) ? Int(value) : Int.max / 2
        }
        return (pixels(displayList.size.width), pixels(displayList.size.height))
    }
}

/// Lays out and draws resolved clouds through TagCloudUI: the chips are views (`Text`,
/// `View.padding(_:_:)`, shapes) in a `FlowLayout`, drawn by `ImageRenderer` into one
/// Canvas display list.
@MainActor
public enum CloudRenderer {
    /// Lays out and draws a cloud.
    ///
    /// The picture is `width + 2 × padding` points wide and as tall as the rows and the padding
    /// (at least 1 point on each side, so that an empty cloud is a picture too). With `maxRows`,
    /// the tags that do not fit are replaced by a "+N" chip in the default look, at the end of the
    /// last row: as many tags are shown as fit together with that chip.
    ///
    /// - Parameters:
    ///   - cloud: The resolved cloud.
    ///   - typesetter: The typesetter to shape text with; `nil` for the shared one over the bundled
    ///     fonts, with the machine's fonts as fallback.
    /// - Returns: The display list, the layout and the hidden count.
    /// - Throws: ``TagCloudError/fontsUnavailable(reason:)`` when the fonts cannot be loaded,
    ///   ``TagCloudError/unknownFontFamily(_:_:available:)`` for a family no font has,
    ///   ``TagCloudError/textLayoutFailed(text:reason:)`` when a label cannot be shaped.
    /// - Complexity: One layout and drawing pass, O(n) in the number of tags; with `maxRows`, a
    ///   few more passes over the shown tags (and growing prefixes of the tags to find them).
    public static func render(_ cloud: ResolvedCloud, typesetter: Typesetter? = nil) throws(TagCloudError) -> RenderedCloud {
        let typesetter = if let typesetter { typesetter } else { try standardTypesetter() }
        let links = try checkedLinks(cloud)
        let (visible, more) = try shownChips(cloud, typesetter: typesetter)
        let pass = try layOut(cloud, visible: visible, more: more, typesetter: typesetter, links: links)
        let origin = pass.list.size
        var chips: [CloudLayout.Chip] = []
        chips.reserveCapacity(visible + 1)
        for index in 0..<(visible + (more == nil ? 0 : 1)) {
            let text = index < visible ? cloud.chips[index].text : "+\(more ?? 0)"
            guard let frame = pass.frames[index] else {
                throw .internalError("chip \(index) (\(quoted(text))) was laid out but not placed")
            }
            chips.append(CloudLayout.Chip(text: text, x: Double(frame.minX), y: Double(frame.minY),
                                          width: Double(frame.width), height: Double(frame.height)))
        }
        let background = cloud.background.alpha > 0 ? cloud.background.rgbaColor : nil
        return RenderedCloud(displayList: pass.list,
                             layout: CloudLayout(width: Double(origin.width), height: Double(origin.height), chips: chips),
                             hiddenCount: more ?? 0, background: background, scale: Double(cloud.scale))
    }

    /// Every chip's link, checked by Canvas's `WebLink` (http, https, mailto, tel, relative URLs
    /// and fragments; surrounding spaces and control characters removed), by chip index.
    ///
    /// - Throws: ``TagCloudError/refusedLink(tag:href:reason:_:)`` for the first link that is
    ///   refused or malformed: a link is never dropped.
    static func checkedLinks(_ cloud: ResolvedCloud) throws(TagCloudError) -> [URL?] {
        guard cloud.chips.contains(where: { $0.href != nil }) else { return [] }
        var links: [URL?] = []
        links.reserveCapacity(cloud.chips.count)
        for chip in cloud.chips {
            guard let href = chip.href else {
                links.append(nil)
                continue
            }
            do {
                links.append(try WebLink(checking: href).url)
            } catch {
                throw .refusedLink(tag: chip.text, href: href, reason: String(describing: error), nil)
            }
        }
        return links
    }

    /// The shared typesetter over the bundled fonts.
    static func standardTypesetter() throws(TagCloudError) -> Typesetter {
        do {
            return try Typesetter.standard()
        } catch {
            throw .fontsUnavailable(reason: String(describing: error))
        }
    }

    /// How many tags to show and the "+N" count, for `maxRows`.
    ///
    /// Without a row limit every tag is shown. Otherwise the tags the limit hides are found by
    /// laying out growing prefixes (a prefix is broken into the same rows as the whole list, up to
    /// its end), then tags are taken off the end until the "+N" chip fits on the last row.
    private static func shownChips(_ cloud: ResolvedCloud, typesetter: Typesetter) throws(TagCloudError) -> (Int, Int?) {
        let n = cloud.chips.count
        guard cloud.maxRows != nil, n > 0 else { return (n, nil) }
        var prefix = Swift.min(n, 256)
        var fitting: Int
        while true {
            let hidden = try layOut(cloud, visible: prefix, more: nil, typesetter: typesetter).hidden
            if hidden > 0 {
                fitting = prefix - hidden
                break
            }
            if prefix == n { return (n, nil) }
            prefix = Swift.min(n, prefix * 8)
        }
        while true {
            let hidden = try layOut(cloud, visible: fitting, more: n - fitting, typesetter: typesetter).hidden
            if hidden == 0 { return (fitting, n - fitting) }
            fitting = Swift.max(0, fitting - hidden)
        }
    }

    /// One layout and drawing pass.
    private static func layOut(_ cloud: ResolvedCloud, visible: Int, more: Int?, typesetter: Typesetter,
                               links: [URL?] = []) throws(TagCloudError) -> (list: DisplayList, frames: [CGRect?], hidden: Int) {
        let recorder = LayoutRecorder(count: visible + 1)
        let view = CloudView(cloud: cloud, visibleCount: visible, moreCount: more, recorder: recorder, links: links)
            .frame(minWidth: 1, minHeight: 1, alignment: .topLeading)
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: cloud.width + 2 * cloud.padding, height: nil)
        renderer.scale = cloud.scale
        renderer.typesetter = typesetter
        let list: DisplayList
        do {
            list = try renderer.displayList()
        } catch {
            throw TagCloudError(error, cloud: cloud)
        }
        return (list, recorder.frames, recorder.hiddenCount)
    }
}

extension TagCloudError {
    /// The error of the views stage, in the command's terms.
    init(_ error: TagCloudUIError, cloud: ResolvedCloud) {
        switch error {
        case .fontsUnavailable(let reason):
            self = .fontsUnavailable(reason: reason)
        case .textLayoutFailed(let text, let reason):
            self = .textLayoutFailed(text: text, reason: reason)
        default:
            self = .internalError(String(describing: error))
        }
    }
}

extension CSSColor {
    /// The Canvas colour.
    var rgbaColor: RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, opacity: alpha)
    }
}
