public import Canvas
public import Foundation
import Typesetting
import TagCloudUI

/// A cloud laid out and drawn: the display list every picture format encodes, and the layout from
/// the same pass.
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
    /// The shown tags whose text has characters no available font covers, in the tags' order
    /// (empty when every character has a glyph).
    public var fontWarnings: [FontWarning] = []
    /// The resolved cloud the picture was drawn from (what HTML output reads).
    public var cloud: ResolvedCloud
    /// The typesetter the labels were shaped with (HTML output asks it for the chips' faces).
    var typesetter: Typesetter
    /// The dark look, for `theme: auto`: SVG and HTML write it for readers in dark mode.
    var darkLook: DarkLook?
    /// The chips the layout narrowed to the flow's width (``CloudView/wideChips``): an animation
    /// lays its states out with them, as the pass that made the picture did.
    var wideChips: Set<Int> = []
    /// The last shown tag when it was cut to share the last row `maxRows` allows with the "+N"
    /// chip (``CloudView/cutChip``); `nil` otherwise. HTML output keeps that chip as much narrower
    /// than its row.
    var cutChip: CutChip?

    /// The same cloud drawn in its dark colours.
    struct DarkLook: Sendable {
        /// The cloud resolved in the dark theme.
        var cloud: ResolvedCloud
        /// Its picture.
        var displayList: DisplayList
        /// Its own background, when the spec's light one would carry its light text unreadably
        /// (the dark theme's); `nil` for the spec's background (``ResolvedCloud/web``).
        var background: CSSColor?
    }

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

    /// Refuses a scale a program gave outside the `scale` key's limits (0.01 … 64), as a spec's
    /// would be: below them Cairo's transformation is not invertible, above them any cloud is
    /// too large, and NaN or a negative scale would reach Cairo.
    ///
    /// - Parameter scale: The scale, or `nil` for none given.
    /// - Throws: ``TagCloudError/invalidNumber(path:value:reason:_:)`` at the source "the scale
    ///   argument" (`the scale argument: "scale" is 0, but it must be from 0.01 to 64`).
    static func check(scale: Double?) throws(TagCloudError) {
        guard let scale, !Cloud.scaleLimits.contains(scale) else { return }
        let limits = Cloud.scaleLimits
        // NaN is said as the spec's numbers say it.
        throw .invalidNumber(path: "scale", value: scale.isNaN ? ".nan" : String(SpecTree.format(scale).prefix(80)),
                             reason: scale.isNaN ? "must be a number (NaN is not)"
                                 : "must be from \(CloudLayout.number(limits.lowerBound)) to \(CloudLayout.number(limits.upperBound))",
                             SpecLocation(source: "the scale argument"))
    }

    /// The spec's values that size the picture in a format, for a picture-too-large message.
    private func pictureSize(_ image: ImageFormat, scale: Double) -> TagCloudError.PictureSize {
        let fontSizes = Set(cloud.chips.map(\.fontSize))
        let grown = displayList.size.width > cloud.width + 2 * cloud.padding + 1.0 / 128 ? Double(displayList.size.width) : nil
        return TagCloudError.PictureSize(format: image.rawValue.uppercased(), scaleApplies: image == .png,
                                         pixelsPerPoint: image.pixelsPerPoint(atScale: scale), width: Double(cloud.width),
                                         padding: Double(cloud.padding), height: Double(displayList.size.height),
                                         tags: cloud.chips.count, sizedByWeights: fontSizes.count > 1, grownWidth: grown)
    }

    /// Refuses a picture over ``maximumPictureSide`` pixels on a side in `image` at `scale`, or a
    /// PNG over Canvas's pixel limit, as ``data(as:scale:)`` refuses it before encoding.
    package func checkFits(_ image: ImageFormat, scale: Double) throws(TagCloudError) {
        let pixels = pixelSize(scale: image.pixelsPerPoint(atScale: scale))
        let limit = Self.maximumPictureSide
        guard pixels.width <= limit, pixels.height <= limit else {
            throw .pictureTooLarge(width: pixels.width, height: pixels.height, limit: limit, size: pictureSize(image, scale: scale))
        }
        if image == .png, pixels.width * pixels.height > RenderingLimits.maximumImagePixels {
            throw .pictureHasTooManyPixels(width: pixels.width, height: pixels.height, limit: RenderingLimits.maximumImagePixels)
        }
    }

    /// The largest picture side, in pixels, Cairo's image surfaces allow; SVG and PDF output
    /// (1 px per point) are held to it too.
    public static let maximumPictureSide = 32_767
}

extension Cloud {
    /// Refuses, before any tag is laid out, a picture that is sure to be over
    /// ``RenderedCloud/maximumPictureSide`` pixels on a side in `format`: a spec of a million
    /// tags would otherwise cost gigabytes of layout to be refused afterwards.
    ///
    /// The width is the spec's (its `width` and `padding`), which no picture is narrower than. The
    /// height bound needs no text: `n` chips at least `2 × chip padding` wide fill rows of
    /// at most `(width + spacing) / (2 × padding + spacing)` chips, each row at least
    /// `2 × vertical chip padding` tall (no more rows than `maxRows`). A picture under the bound
    /// is laid out and checked exactly afterwards, as before.
    ///
    /// - Parameters:
    ///   - format: The output format; the layout JSON and HTML have no pixel limit.
    ///   - scale: Pixels per point for PNG; `nil` for the cloud's.
    /// - Throws: ``TagCloudError/pictureTooLarge(width:height:limit:size:)`` with
    ///   ``TagCloudError/PictureSize/isLowerBound`` set.
    /// - Complexity: O(1): the cloud-level keys are resolved without the tags.
    package func checkPictureCanFit(_ format: OutputFormat, scale: Double? = nil) throws(TagCloudError) {
        let image: ImageFormat
        switch format {
        case .png: image = .png
        case .svg: image = .svg
        case .pdf: image = .pdf
        case .json, .html: return
        }
        var settings = self
        settings.tags = []
        let cloud = settings.resolved()
        let count = tags.count
        // A scale outside its limits is refused by name when the picture is encoded.
        if let scale, !Cloud.scaleLimits.contains(scale) { return }
        let pixelsPerPoint = image.pixelsPerPoint(atScale: scale ?? Double(cloud.scale))
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
        let limit = RenderedCloud.maximumPictureSide
        // The picture is at least as wide as the width and its padding, tags or none.
        let leastWidth = ((Double(cloud.width) + 2 * Double(cloud.padding)) * pixelsPerPoint).rounded(.up)
        if leastWidth > Double(limit) {
            let height = Swift.max(1, (2 * Double(cloud.padding) * pixelsPerPoint).rounded(.up))
            throw .pictureTooLarge(width: leastWidth < Double(Int.max / 2) ? Int(leastWidth) : Int.max / 2,
                                   height: height < Double(Int.max / 2) ? Int(height) : Int.max / 2, limit: limit,
                                   size: TagCloudError.PictureSize(format: image.rawValue.uppercased(), scaleApplies: image == .png,
                                                                   pixelsPerPoint: pixelsPerPoint, width: Double(cloud.width),
                                                                   padding: Double(cloud.padding), height: 2 * Double(cloud.padding),
                                                                   tags: count, sizedByWeights: false, isLowerBound: true))
        }
        guard count > 0 else { return }
        let chipWidth = 2 * Double(cloud.chipHorizontalPadding), chipHeight = 2 * Double(cloud.chipVerticalPadding)
        let spacing = (horizontal: Double(cloud.horizontalSpacing), vertical: Double(cloud.verticalSpacing))
        guard chipWidth + spacing.horizontal > 0 else { return }
        let perRow = Swift.max(1.0, ((Double(cloud.width) + spacing.horizontal) / (chipWidth + spacing.horizontal)).rounded(.down))
        var rows = (Double(count) / perRow).rounded(.up)
        if let maxRows = cloud.maxRows { rows = Swift.min(rows, Double(maxRows)) }
        let height = 2 * Double(cloud.padding) + rows * chipHeight + Swift.max(0, rows - 1) * spacing.vertical
        let pixels = (height * pixelsPerPoint).rounded(.up)
        guard pixels > Double(limit) else { return }
        let width = ((Double(cloud.width) + 2 * Double(cloud.padding)) * pixelsPerPoint).rounded(.up)
        throw .pictureTooLarge(width: width < Double(Int.max / 2) ? Int(width) : Int.max / 2,
                               height: pixels < Double(Int.max / 2) ? Int(pixels) : Int.max / 2, limit: limit,
                               size: TagCloudError.PictureSize(format: image.rawValue.uppercased(), scaleApplies: image == .png,
                                                               pixelsPerPoint: pixelsPerPoint, width: Double(cloud.width),
                                                               padding: Double(cloud.padding), height: height, tags: count,
                                                               sizedByWeights: false, isLowerBound: true))
    }
}

extension RenderedCloud {

    /// The cloud in a format: the one place a rendered cloud becomes bytes.
    ///
    /// - Parameters:
    ///   - format: A picture format, `.json` for the layout JSON, or `.html`; the picture size
    ///     limits apply to the picture formats only.
    ///   - scale: Pixels per point for PNG, 0.01 to 64 as the `scale` key; `nil` for the cloud's
    ///     ``scale``.
    /// - Returns: The bytes: a picture, or the layout JSON.
    /// - Throws: ``TagCloudError/invalidNumber(path:value:reason:_:)`` for a scale outside 0.01 … 64
    ///   (NaN included), ``TagCloudError/pictureHasTooManyPixels(width:height:limit:)`` for a PNG of
    ///   more than 16,384 × 16,384 pixels in all, ``TagCloudError/pictureTooLarge(width:height:limit:size:)`` when the picture
    ///   would be over ``maximumPictureSide`` pixels on a side, or
    ///   ``TagCloudError/renderingFailed(format:_:)``.
    public func data(as format: OutputFormat, scale: Double? = nil) throws(TagCloudError) -> Data {
        try Self.check(scale: scale)
        let image: ImageFormat
        switch format {
        case .json: return layout.jsonData()
        case .html: return try htmlData()
        case .png: image = .png
        case .svg: image = .svg
        case .pdf: image = .pdf
        }
        let scale = scale ?? self.scale
        try checkFits(image, scale: scale)
        do {
            if image == .svg { return try svgData() }
            // A PDF is named as the SVG is: by the spec's title, or the default one.
            if image == .pdf {
                return try Renderer.pdf(background: background, title: cloud.web.title ?? ResolvedCloud.Web.defaultTitle).render(displayList)
            }
            return try image.renderer(scale: scale, background: background).render(displayList)
        } catch let error as TagCloudError {
            throw error
        } catch CanvasError.imageTooLarge(let width, let height, let limit) {
            throw .pictureTooLarge(width: width, height: height, limit: limit, size: pictureSize(image, scale: scale))
        } catch CanvasError.imageAreaTooLarge(let width, let height, let limit) {
            throw .pictureHasTooManyPixels(width: width, height: height, limit: limit)
        } catch {
            throw .renderingFailed(format: format, CanvasError(thrown: error))
        }
    }
}

/// Lays out and draws resolved clouds through TagCloudUI: the chips are views (`Text`,
/// `View.padding(_:_:)`, shapes) in a `FlowLayout`, drawn into one Canvas display list.
///
/// Nonisolated: the chips are made of primitive views, so clouds are laid out on any thread, and
/// several at once.
enum CloudRenderer {
    /// Lays out and draws a cloud.
    ///
    /// The picture is `width + 2 × padding` points wide and as tall as the rows and the padding
    /// (at least 1 point on each side, so that an empty cloud is a picture too). With `maxRows`,
    /// the tags that do not fit are replaced by a "+N" chip in the default look, at the end of the
    /// last row: as many tags are shown as fit together with that chip.
    ///
    /// - Parameters:
    ///   - cloud: The resolved cloud.
    ///   - typesetter: The typesetter to shape text with.
    ///   - drawing: Whether to draw the picture; `false` lays the cloud out for its layout alone
    ///     (the display list is then empty: only the layout and the hidden count are meaningful).
    /// - Returns: The display list, the layout and the hidden count.
    /// - Throws: ``TagCloudError/fontsUnavailable(_:)`` or ``TagCloudError/textLayoutFailed(text:_:)``.
    /// - Complexity: One layout and drawing pass, O(n) in the number of tags; with `maxRows`, a
    ///   few more passes over the shown tags (and growing prefixes of the tags to find them), which
    ///   draw nothing; all of it once more when a chip is wider than the flow.
    static func render(_ cloud: ResolvedCloud, typesetter: Typesetter, drawing: Bool = true) throws(TagCloudError) -> RenderedCloud {
        let links = try checkedLinks(cloud)
        // The cloud as drawn: a chip whose count does not fit beside the ellipsis loses its count.
        let spec = cloud
        var cloud = cloud
        // Chips wider than the flow are narrowed to it; those that are get a frame that fills the
        // flow's width and record what their texts show, found by a first pass (narrowing depends
        // only on a chip's own width, so a chip narrowed once is narrowed in every pass). Clouds
        // without them take one pass.
        var wide = Set<Int>()
        var (visible, more, cut) = try shownChips(cloud, wide: wide, typesetter: typesetter)
        var pass = try layOut(cloud, visible: visible, more: more, wide: wide, cut: cut, typesetter: typesetter,
                              drawing: drawing, links: links)
        while !Set(pass.narrowed).isSubset(of: wide) {
            wide.formUnion(pass.narrowed)
            (visible, more, cut) = try shownChips(cloud, wide: wide, typesetter: typesetter)
            pass = try layOut(cloud, visible: visible, more: more, wide: wide, cut: cut, typesetter: typesetter,
                              drawing: drawing, links: links)
        }
        // A narrowed chip with a count is as wide as its padding, the ellipsis, the gap and the
        // whole count, which can be wider than the flow (a count of 13 digits in a 150-point
        // cloud): it then shows its text alone, cut as any other, so that no chip is wider than
        // the flow for its count (the label and the tooltip still hold it).
        let countless = wide.filter { index in
            guard index < visible, let frame = pass.frames[index], cloud.chips[index].label?.contains(where: \.isCount) == true else { return false }
            let room = cut?.index == index ? cut?.width ?? cloud.width : cloud.width
            return frame.width > room + 1.0 / 128
        }
        if !countless.isEmpty {
            for index in countless { cloud.chips[index].label = cloud.chips[index].label?.filter { !$0.isCount } }
            (visible, more, cut) = try shownChips(cloud, wide: wide, typesetter: typesetter)
            pass = try layOut(cloud, visible: visible, more: more, wide: wide, cut: cut, typesetter: typesetter,
                              drawing: drawing, links: links)
        }
        let origin = pass.list.size
        let shown = pass.texts
        let frames = pass.frames
        let recorder = pass.recorder
        /// Chip `index` of the layout, and the warning for the characters no font covers.
        func layoutChip(_ index: Int) throws(TagCloudError) -> (CloudLayout.Chip, FontWarning?) {
            let text = index < visible ? cloud.chips[index].text : ChipLabel.moreText(more ?? 0)
            guard let frame = frames[index] else {
                throw .internalError("chip \(index) (\(quoted(text))) was laid out but not placed")
            }
            // The label as the chip's Text shapes it on one line: as the pass drew it when that is
            // the same request (one uncut text, left to right), else shaped again. The chip's
            // fields are read in place: a copy of the chip counts references on its look, which
            // chips share, from every thread.
            let isTag = index < visible
            let fonts = try fontsOfLabel(text, chip: index, isTag: isTag, in: recorder, cloud: cloud, typesetter: typesetter)
            let uncovered = fonts.uncovered
            // The tag's place in the spec, which `order` may differ from the chip's.
            let warning = uncovered.isEmpty ? nil
                : FontWarning(tagIndex: isTag ? cloud.chips[index].index : index, text: text, characters: uncovered)
            let label = isTag ? spec.chips[index].label.map { $0.map(\.text).joined(separator: " ") } ?? text : text
            let drawn = shown[index].map { $0 == label ? nil : $0 } ?? nil
            return (CloudLayout.Chip(text: text, label: label == text ? nil : label, shown: drawn,
                                     x: Double(frame.minX), y: Double(frame.minY),
                                     width: Double(frame.width), height: Double(frame.height),
                                     fonts: fonts.families), warning)
        }
        let count = visible + (more == nil ? 0 : 1)
        var chips: [CloudLayout.Chip] = []
        var warnings: [FontWarning] = []
        if count >= Self.concurrentLayoutChips {
            // Many chips in consecutive shares on every core; the first error in the chips' order
            // is thrown, as the loop below would.
            let shares = 16
            // Unchecked: the pass and the cloud are only read.
            nonisolated(unsafe) let layoutChip = layoutChip
            let results = try Parallel.map(shares) { share throws(TagCloudError) in
                try (count * share / shares..<count * (share + 1) / shares).map { index throws(TagCloudError) in
                    try layoutChip(index)
                }
            }
            chips.reserveCapacity(count)
            for (chip, warning) in results.joined() {
                chips.append(chip)
                if let warning { warnings.append(warning) }
            }
        } else {
            chips.reserveCapacity(count)
            for index in 0..<count {
                let (chip, warning) = try layoutChip(index)
                chips.append(chip)
                if let warning { warnings.append(warning) }
            }
        }
        let background = cloud.background.alpha > 0 ? cloud.background.rgbaColor : nil
        return RenderedCloud(displayList: pass.list,
                             layout: CloudLayout(width: Double(origin.width), height: Double(origin.height), chips: chips),
                             hiddenCount: more ?? 0, background: background, scale: Double(cloud.scale),
                             fontWarnings: warnings, cloud: cloud, typesetter: typesetter, wideChips: wide,
                             cutChip: cut)
    }

    /// Layouts of at least this many chips (4,096) have their chips' figures found on every core.
    static let concurrentLayoutChips = 4096

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

    /// The shared typesetter over the bundled fonts, with the machine's fonts as fallback.
    static func standardTypesetter() throws(TagCloudError) -> Typesetter {
        do {
            return try Typesetter.standard()
        } catch {
            throw .fontsUnavailable(TypesettingError(thrown: error))
        }
    }

    /// The families and uncovered characters of a chip's label shaped on one line: recorded by the
    /// pass when the chip drew exactly that text, uncut, left to right (the same request as the
    /// chip's `Text` made, so the same result), otherwise shaped (a cache hit for most).
    private static func fontsOfLabel(_ text: String, chip index: Int, isTag: Bool,
                                     in recorder: LayoutRecorder, cloud: ResolvedCloud,
                                     typesetter: Typesetter) throws(TagCloudError) -> (families: [String], uncovered: [UncoveredCharacter]) {
        if cloud.direction != .rtl, let fonts = recorder.fonts(of: index, text: text) {
            return (fonts.families, fonts.uncovered)
        }
        let font = isTag ? cloud.chips[index].font : cloud.baseFont
        let language = (isTag ? cloud.chips[index].locale : nil).flatMap { try? TextLanguage($0) }
        func shaped(_ text: String, _ font: Font) throws(TagCloudError) -> ShapedText {
            do {
                return try typesetter.shape(text, font: font, language: language)
            } catch let error as TypesettingError {
                throw .textLayoutFailed(text: text, error)
            } catch {
                throw .internalError("shaping \(quoted(text)): \(error)")
            }
        }
        // A label template's own text is drawn too (`{text} ⵣ`), and checked with it: its boxes
        // were drawn without a warning, and strictFonts passed.
        guard isTag, let parts = cloud.chips[index].label, parts != [LabelPart(text: text, isCount: false)] else {
            let whole = try shaped(text, font)
            return (whole.fontFamilies, whole.uncoveredCharacters)
        }
        let label = cloud.chips[index].chipLabel
        var families: [String] = [], uncovered: [UncoveredCharacter] = []
        for part in parts {
            let result = try shaped(part.text, part.isCount ? label.countFont : label.font)
            families += result.fontFamilies.filter { !families.contains($0) }
            uncovered += result.uncoveredCharacters.filter { !uncovered.contains($0) }
        }
        return (families, uncovered)
    }

    /// How many tags to show and the "+N" count, for `maxRows`.
    ///
    /// Without a row limit every tag is shown. Otherwise the tags the limit hides are found by
    /// laying out growing prefixes (a prefix is broken into the same rows as the whole list, up to
    /// its end), then tags are taken off the end until the "+N" chip fits on the last row; the
    /// next tag is then cut to share a row with it when that keeps to the rows allowed
    /// (``cutBesideMore(_:index:wide:typesetter:)``).
    ///
    /// - Returns: How many tags are shown, from the first; the "+N" chip's count, `nil` for none;
    ///   and the shown tag cut to share a row with the "+N" chip, `nil` for none.
    private static func shownChips(_ cloud: ResolvedCloud, wide: Set<Int>,
                                   typesetter: Typesetter) throws(TagCloudError) -> (Int, Int?, CutChip?) {
        let n = cloud.chips.count
        guard cloud.maxRows != nil, n > 0 else { return (n, nil, nil) }
        var prefix = Swift.min(n, 256)
        var fitting: Int
        while true {
            let hidden = try layOut(cloud, visible: prefix, more: nil, wide: wide, typesetter: typesetter, drawing: false).hidden
            if hidden > 0 {
                fitting = prefix - hidden
                break
            }
            if prefix == n { return (n, nil, nil) }
            prefix = Swift.min(n, prefix * 8)
        }
        while fitting > 0 {
            let hidden = try layOut(cloud, visible: fitting, more: n - fitting, wide: wide, typesetter: typesetter, drawing: false).hidden
            if hidden == 0 { break }
            fitting = Swift.max(0, fitting - hidden)
        }
        if let cut = try cutBesideMore(cloud, index: fitting, wide: wide, typesetter: typesetter) {
            return (fitting + 1, n - fitting - 1, cut)
        }
        return (fitting, n - fitting, nil)
    }

    /// The next tag after those that fit beside the "+N" chip, cut to the room the "+N" chip
    /// leaves in a row, when that puts the two alone on the last row allowed; `nil` when it does
    /// not, or leaves nothing to hide.
    ///
    /// Rather than a "+N" chip alone on the last row (with `maxRows: 1` and a long first tag, one
    /// that showed no tag at all), the tag that would start that row is cut to share it, as a tag
    /// wider than the flow is cut to the flow. When even that room cannot hold it, the "+N" chip
    /// stands alone (it fits whenever a row is allowed: the first chip of a row goes on it), and
    /// so it does when the room keeps no letter of the tag (a chip of "…" alone).
    private static func cutBesideMore(_ cloud: ResolvedCloud, index: Int, wide: Set<Int>,
                                      typesetter: Typesetter) throws(TagCloudError) -> CutChip? {
        let n = cloud.chips.count
        guard index + 1 < n else { return nil }
        // The "+N" chip as it would be beside the cut tag, which it then no longer counts, at
        // its own width (a stretched row would give it the whole row).
        var unjustified = cloud
        unjustified.justification = .none
        let alone = try layOut(unjustified, visible: 0, more: n - index - 1, wide: wide, typesetter: typesetter, drawing: false)
        guard let moreFrame = alone.frames.first ?? nil else { return nil }
        // A 64th of a point less than the room, so that sums of fractional widths never push the
        // "+N" chip onto a row of its own.
        let room = ((cloud.width - moreFrame.width - cloud.horizontalSpacing) * 64).rounded(.down) / 64 - 1.0 / 64
        guard room > 0 else { return nil }
        let cut = CutChip(index: index, width: room)
        // Anything else on that row pushes the cut tag or the "+N" chip past the rows allowed.
        // (A stretched row gives the cut tag the 64th back: only the row count is checked.)
        let shared = try layOut(cloud, visible: index + 1, more: n - index - 1, wide: wide.union([index]), cut: cut,
                                typesetter: typesetter, drawing: false)
        guard shared.hidden == 0 else { return nil }
        // A room that keeps no letter of the label draws a chip of "…" alone, which says nothing:
        // that tag is counted by the "+N" chip instead.
        if let shown = shared.texts[index], shown.replacingOccurrences(of: "…", with: "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return nil
        }
        return cut
    }

    /// One layout and drawing pass.
    private static func layOut(_ cloud: ResolvedCloud, visible: Int, more: Int?, wide: Set<Int>, cut: CutChip? = nil,
                               typesetter: Typesetter, drawing: Bool, links: [URL?] = []) throws(TagCloudError)
        -> (list: DisplayList, frames: [CGRect?], hidden: Int, narrowed: [Int], texts: [Int: String], recorder: LayoutRecorder) {
        let recorder = LayoutRecorder(count: visible + 1)
        let view = PictureFrame {
            CloudView(cloud: cloud, visibleCount: visible, moreCount: more, recorder: recorder, links: links, wideChips: wide,
                      cutChip: cut)
        }
        let list: DisplayList
        do {
            list = try renderViewTree(view, proposedSize: ProposedViewSize(width: cloud.width + 2 * cloud.padding, height: nil),
                                      scale: cloud.scale, environment: EnvironmentValues(), typesetter: typesetter,
                                      recordingFrames: false, drawing: drawing, releasingTreeOffThread: true,
                                      drawingConcurrently: CloudFlowLayout.measuresInParallel, tracksIdentity: false).list
        } catch {
            throw TagCloudError(error)
        }
        return (list, recorder.frames, recorder.hiddenCount, recorder.narrowed, recorder.texts, recorder)
    }
}

extension TagCloudError {
    /// The error of the views stage, in the spec's terms. The views of a cloud are primitive and
    /// framed at least 1 × 1 point, so only font and text errors, and an animation too large,
    /// can reach here.
    init(_ error: TagCloudUIError) {
        switch error {
        case .fontsUnavailable(let error):
            self = .fontsUnavailable(error)
        case .textLayoutFailed(let text, let error):
            self = .textLayoutFailed(text: text, error)
        case let .animationTooLarge(views, frames, limit):
            self = .animationTooLarge(views: views, frames: frames, limit: limit)
        case .invalidSize, .renderingFailed, .statePresetFailed, .updateCycleDidNotSettle, .invalidAnimation:
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
