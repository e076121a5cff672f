public import Foundation

/// Writes an ``AnimatedDisplayList`` as one SVG document animated with CSS keyframes on
/// `transform` and `opacity`: no script, no SMIL.
///
/// The document is drawn by the SVG backend (``Renderer/svg(background:options:)``) from one display list
/// that holds every distinct piece of the frames once, each as a group with an identifier; a
/// `<style>` element then gives each group a keyframe animation over the whole timeline:
///
/// - A *layer* is a top-level group of a frame that has an identifier (TagCloudUI draws each view
///   that moves as a whole during a change that way). Where a layer is the same in consecutive
///   appearances up to a translation (to 1/4096 point), it is written once and moved by
///   `transform: translate(…)`; its own opacity becomes `opacity`. When its content changes
///   otherwise, a new copy starts.
/// - The other items between two layers form a *run*; a run that does not change from one frame
///   to the next is written once and shown while it lasts.
///
/// Every value holds until the next frame (`animation-timing-function: step-end`), so at any
/// moment the document shows exactly the frame an APNG of the animation shows then. If the
/// frames order the same pieces differently, the writer falls back to one copy of each frame.
enum AnimatedSVGEncoder {
    /// The prefix of the identifiers of the document's animated groups.
    static let prefix = "tcanim"

    /// A piece of the document: a layer segment or a run, and what it shows in each frame.
    private struct Element {
        /// The items written for it.
        var items: [DisplayItem]
        /// Per frame: its offset and opacity, or `nil` when it is not shown.
        var states: [(dx: CGFloat, dy: CGFloat, opacity: Double)?]
    }

    /// What a frame is made of, in order.
    private enum Entry {
        case layer(id: String, content: DisplayItem, opacity: Double)
        case run([DisplayItem])
    }

    static func encode(_ animation: AnimatedDisplayList, background: RGBAColor?, options: SVGOptions) throws -> [UInt8] {
        try animation.validate()
        let count = animation.frames.count
        // The groups every frame is wrapped in alike (a tag cloud's list, which holds its chips'
        // layers): the pieces are found inside them, and the document keeps them around the
        // pieces. Looking at the top level only, a cloud's animation was one copy per frame of
        // every chip, 50 times the size.
        var shells: [DisplayItem] = []
        var lists = animation.frames.map(\.list.items)
        while let shell = commonShell(of: lists) {
            shells.append(shell)
            lists = lists.map { items in if case .group(let group) = items.first?.content { group.items } else { [] } }
        }
        var elements: [Element] = []
        var sequences: [[Int]] = []
        // The element each layer id and each run position continues, if the last frame had it.
        var openLayers: [String: Int] = [:]
        var openRuns: [String: Int] = [:]
        for (index, list) in lists.enumerated() {
            var sequence: [Int] = []
            var layers: [String: Int] = [:], runs: [String: Int] = [:]
            var previousLayer = ""
            var seenIds: [String: Int] = [:]
            for entry in entries(of: list) {
                switch entry {
                case .layer(let rawId, let content, let opacity):
                    // Ids repeated within a frame are told apart by their rank.
                    let rank = seenIds[rawId, default: 0]
                    seenIds[rawId] = rank + 1
                    let id = "\(rawId)#\(rank)"
                    var element: Int
                    var offset: (dx: CGFloat, dy: CGFloat) = (0, 0)
                    if let open = openLayers[id], let reference = elements[open].items.first,
                       let found = content.offset(from: reference) {
                        element = open
                        offset = found
                    } else {
                        element = elements.count
                        elements.append(Element(items: [content], states: Array(repeating: nil, count: count)))
                    }
                    elements[element].states[index] = (offset.dx, offset.dy, opacity)
                    layers[id] = element
                    sequence.append(element)
                    previousLayer = id
                case .run(let items):
                    let key = previousLayer
                    let element: Int
                    if let open = openRuns[key], elements[open].items == items {
                        element = open
                    } else {
                        element = elements.count
                        elements.append(Element(items: items, states: Array(repeating: nil, count: count)))
                    }
                    elements[element].states[index] = (0, 0, 1)
                    runs[key] = element
                    sequence.append(element)
                }
            }
            openLayers = layers
            openRuns = runs
            sequences.append(sequence)
        }
        let order = mergedOrder(sequences) ?? {
            // The pieces are ordered differently in different frames: one copy of each frame.
            shells = []
            elements = animation.frames.enumerated().map { index, frame in
                var states: [(dx: CGFloat, dy: CGFloat, opacity: Double)?] = Array(repeating: nil, count: count)
                states[index] = (0, 0, 1)
                return Element(items: frame.list.items, states: states)
            }
            return Array(elements.indices)
        }()

        var items: [DisplayItem] = []
        let bounds = CGRect(origin: .zero, size: animation.size)
        // The pieces repeat what they draw (a chip in every copy of a frame): identifiers met
        // again get the piece's rank, so that each id is written once in the document.
        var usedIdentifiers: Set<String> = []
        for (rank, element) in order.enumerated() {
            var content = uniqueIdentifiers(elements[element].items, rank: rank, used: &usedIdentifiers)
            // Cairo's SVG surface drops what was drawn before an unclipped fill that covers the
            // whole picture, and with it the mark where this group begins: such content is clipped
            // to the picture, which changes no pixel.
            if content.contains(where: { $0.coversUnclipped(bounds) }) {
                content = [DisplayItem(.group(ItemGroup(items: content, clip: Clip(.rect(bounds)))))]
            }
            items.append(DisplayItem(.group(ItemGroup(items: content)), metadata: ItemMetadata(identifier: "\(prefix)\(rank)")))
        }
        for shell in shells.reversed() {
            guard case .group(var group) = shell.content else { continue }
            group.items = items
            items = [DisplayItem(.group(group), metadata: shell.metadata)]
        }
        let document = DisplayList(size: animation.size, items: items)
        var svg = Array(try SVGBackend.svg(document, background: background, options: options))
        var ids = try writtenIds(count: order.count, in: svg)
        // Assistive technology reads what shows: a piece is `visibility: hidden` while it does
        // not show (see ``stylesheet(_:ids:animation:)``), so that it meets one cloud at a time,
        // not every frame's copy at once.
        var style = stylesheet(order.map { elements[$0] }, ids: ids, animation: animation)
        if options.idPrefix == nil {
            // The default prefix is a hash of the whole output, the timing too: the pieces are the
            // same in a linear and a bouncy animation of one change (only the keyframes differ),
            // and both got one prefix, so that inlined in one page the later one's keyframes
            // drove both. Written again with the prefix of the pieces and the keyframes together.
            var hash = WebText.PrefixHash(byteCount: svg.count + style.utf8.count)
            svg.withUnsafeBufferPointer { hash.feed($0) }
            Array(style.utf8).withUnsafeBufferPointer { hash.feed($0) }
            var named = options
            named.idPrefix = WebText.prefix(ofHash: hash.value)
            svg = Array(try SVGBackend.svg(document, background: background, options: named))
            ids = try writtenIds(count: order.count, in: svg)
            style = stylesheet(order.map { elements[$0] }, ids: ids, animation: animation)
        }
        guard let insertion = startTagEnd(of: "<svg", in: svg) else {
            throw CanvasError.invalidAnimation(reason: "the SVG backend wrote no <svg> element")
        }
        svg.insert(contentsOf: Array(style.utf8), at: insertion)
        return svg
    }

    /// The items with every identifier already in `used` made unique by `-rank` (and a further
    /// number if that is taken too); the identifiers are added to `used`.
    private static func uniqueIdentifiers(_ items: [DisplayItem], rank: Int, used: inout Set<String>) -> [DisplayItem] {
        items.map { item in
            var item = item
            if let identifier = item.metadata.identifier {
                var unique = identifier
                var attempt = 0
                while used.contains(unique) {
                    unique = attempt == 0 ? "\(identifier)-\(rank)" : "\(identifier)-\(rank)-\(attempt)"
                    attempt += 1
                }
                used.insert(unique)
                item.metadata.identifier = unique
            }
            if case .group(var group) = item.content {
                group.items = uniqueIdentifiers(group.items, rank: rank, used: &used)
                item.content = .group(group)
            }
            return item
        }
    }

    /// Calls `body` with the value of each complete `id="…"` attribute in the document, in
    /// order, and the index of its closing quote.
    private static func forEachID(in svg: [UInt8], _ body: (String, Int) -> Void) {
        let marker = Array("id=\"".utf8)
        var index = 0
        while index + marker.count <= svg.count {
            guard svg[index] == marker[0], svg[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            var end = index + marker.count
            while end < svg.count, svg[end] != UInt8(ascii: "\"") { end += 1 }
            guard end < svg.count else { return }
            body(String(decoding: svg[(index + marker.count)..<end], as: UTF8.self), end)
            index = end + 1
        }
    }

    /// The group that is each list's only item, with its items left out, when it is the same
    /// group in every list (the same metadata, transform, clip and opacity) and has no identifier
    /// (a layer of its own); `nil` otherwise.
    private static func commonShell(of lists: [[DisplayItem]]) -> DisplayItem? {
        var shell: DisplayItem?
        for items in lists {
            guard items.count == 1, let item = items.first, item.metadata.identifier == nil,
                  case .group(var group) = item.content else { return nil }
            group.items = []
            let emptied = DisplayItem(.group(group), metadata: item.metadata)
            if let shell, shell != emptied { return nil }
            shell = emptied
        }
        return shell
    }

    /// A frame's items (inside its shells) as layers and runs.
    private static func entries(of items: [DisplayItem]) -> [Entry] {
        var result: [Entry] = []
        var run: [DisplayItem] = []
        for item in items {
            if case .group(let group) = item.content, let id = item.metadata.identifier {
                if !run.isEmpty { result.append(.run(run)); run = [] }
                var content = group
                content.opacity = 1
                var metadata = item.metadata
                metadata.identifier = nil
                result.append(.layer(id: id, content: DisplayItem(.group(content), metadata: metadata), opacity: group.opacity))
            } else {
                run.append(item)
            }
        }
        if !run.isEmpty { result.append(.run(run)) }
        return result
    }

    /// One order of all elements that keeps the order of every frame, or `nil` if none does.
    private static func mergedOrder(_ sequences: [[Int]]) -> [Int]? {
        var order: [Int] = []
        var position: [Int: Int] = [:]
        for sequence in sequences {
            var cursor = -1
            for element in sequence {
                if let at = position[element] {
                    guard at > cursor else { return nil }
                    cursor = at
                } else {
                    order.insert(element, at: cursor + 1)
                    for (index, placed) in order.enumerated() { position[placed] = index }
                    cursor += 1
                }
            }
        }
        return order
    }

    /// The `id` attribute the SVG backend wrote for each element's group: the identifier given,
    /// or one ending with it (a backend that makes ids unique per document may prefix them).
    private static func writtenIds(count: Int, in svg: [UInt8]) throws -> [String] {
        var written: [String: String] = [:]
        forEachID(in: svg) { value, _ in
            if let range = value.range(of: prefix, options: .backwards) {
                let suffix = String(value[range.lowerBound...])
                if written[suffix] == nil { written[suffix] = value }
            }
        }
        return try (0..<count).map { rank in
            guard let id = written["\(prefix)\(rank)"] else {
                throw CanvasError.invalidAnimation(reason: "the SVG backend wrote no id for the group \(prefix)\(rank)")
            }
            return id
        }
    }

    /// The `<style>` element: one keyframe animation per element that changes.
    private static func stylesheet(_ elements: [Element], ids: [String], animation: AnimatedDisplayList) -> String {
        let total = animation.duration
        var starts: [Double] = []
        var time = 0.0
        for frame in animation.frames {
            starts.append(time)
            time += frame.duration.seconds
        }
        let iterations = animation.loopCount == 0 ? "infinite" : "\(animation.loopCount) forwards"
        var css = "\n<style>\n"
        // Each moving element's last state, for readers who ask for less motion.
        var still = ""
        for (rank, element) in elements.enumerated() {
            // A piece is hidden as well as transparent while it does not show, or shows less than
            // half as opaque as it gets, the last frame's pieces too: its links are then neither
            // tab stops nor click targets, and its text is not copied, found or read aloud beside
            // the piece that shows. (The last frame's links, visible at opacity 0 from the start,
            // were followed by a click on empty space; a "Three" faded to 0.2 % took the clicks on
            // the "+3" drawn over it.) A cross-fade hands clicks, focus and name over in its middle.
            let threshold = (element.states.compactMap { $0?.opacity }.max() ?? 0) / 2
            func isShown(_ state: (dx: CGFloat, dy: CGFloat, opacity: Double)?) -> Bool {
                guard let state else { return false }
                return state.opacity > 0 && state.opacity >= threshold
            }
            let isEverHidden = element.states.contains { !isShown($0) }
            func value(_ state: (dx: CGFloat, dy: CGFloat, opacity: Double)?, last: (dx: CGFloat, dy: CGFloat)) -> String {
                let offset = state.map { ($0.dx, $0.dy) } ?? last
                let opacity = number(state?.opacity ?? 0)
                return "transform:translate(\(number(Double(offset.0)))px,\(number(Double(offset.1)))px);"
                    + "opacity:\(opacity)" + (isEverHidden ? ";visibility:\(isShown(state) && opacity != "0" ? "visible" : "hidden")" : "")
            }
            var frames: [String] = []
            var last: (dx: CGFloat, dy: CGFloat) = (0, 0)
            for state in element.states {
                frames.append(value(state, last: last))
                if let state { last = (state.dx, state.dy) }
            }
            guard Set(frames).count > 1 || element.states.contains(where: { $0 == nil }) else {
                if frames.first != value((0, 0, 1), last: (0, 0)) {
                    css += "[id=\"\(ids[rank])\"]{\(frames[0])}\n"
                }
                continue
            }
            var keyframes = ""
            var previous: String?
            for (index, frame) in frames.enumerated() where frame != previous {
                keyframes += "\(number(starts[index] / total * 100, decimals: 5))%{\(frame)}"
                previous = frame
            }
            keyframes += "100%{\(frames[frames.count - 1])}"
            // Named after the element's id, which carries the document's prefix: keyframes are
            // global to a page, so two animations inlined in one page must not share names.
            css += "@keyframes \(ids[rank])-k{\(keyframes)}\n"
            css += "[id=\"\(ids[rank])\"]{animation:\(ids[rank])-k \(number(total, decimals: 5))s step-end \(iterations)}\n"
            // The picture it rests on: the last frame's, or the first's when the last leads back
            // into it (a loop back to the first picture: its last frame is one of the way back,
            // and a reader who asked for less motion was shown a half-way frame).
            still += "[id=\"\(ids[rank])\"]{animation:none;\(frames[animation.endsOnFirstFrame ? 0 : frames.count - 1])}\n"
        }
        // A reader who asks for less motion (`prefers-reduced-motion: reduce`, an operating
        // system's setting) is shown the cloud the animation ends on, still: it moved, and by
        // default repeated for ever (WCAG 2.2.2 and 2.3.3).
        if !still.isEmpty {
            css += "@media (prefers-reduced-motion:reduce){\n" + still + "}\n"
        }
        css += "</style>"
        return css
    }

    /// A number in CSS: at most `decimals` decimals, no trailing zeros, "0" for zero.
    static func number(_ value: Double, decimals: Int = 4) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled != 0, scaled.isFinite else { return "0" }
        let negative = scaled < 0
        let magnitude = Int64(abs(scaled))
        let unit = Int64(scale)
        var text = "\(magnitude / unit)"
        let fraction = magnitude % unit
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return negative ? "-" + text : text
    }

    /// The index just after the end of the first start tag named `name`.
    private static func startTagEnd(of name: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(name.utf8)
        guard pattern.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            var index = start + pattern.count
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
            return index < bytes.count ? index + 1 : nil
        }
        return nil
    }
}

extension AnimatedDisplayList {
    /// The animation as one SVG document animated with CSS keyframes (transforms and opacity; no
    /// script): the same pictures at the same times as ``apngData(scale:background:)``, one `px`
    /// per point, drawn by the SVG backend.
    ///
    /// Pieces that move as a whole between frames (top-level groups with an identifier, as
    /// TagCloudUI draws the views that move during a change) are written once and moved by
    /// `transform`; what changes otherwise is written once per change and shown by `opacity`.
    /// Each value holds for its frame (`step-end`), so the document shows, at any time, what the
    /// APNG shows. The elements it animates have ids `P-tcanim0`, `P-tcanim1`, … and their
    /// keyframes are named `P-tcanim0-k`, …, where `P` is the document's id prefix (derived from
    /// the pictures, as for any web SVG), so that several animations can share a page.
    ///
    /// The document is written with `options` as a still picture's (``Renderer/svg(background:options:)``):
    /// its id prefix, title, language, responsive size and link target; a dark look
    /// (``SVGOptions/darkLook``) is a still picture's, and is not written.
    ///
    /// - Parameters:
    ///   - background: A colour painted under everything; `nil` (the default) for none.
    ///   - options: How the document is written for the web.
    /// - Returns: The SVG bytes (UTF-8).
    /// - Throws: ``CanvasError/invalidAnimation(reason:)``, or an error of drawing the document.
    public func svgData(background: RGBAColor? = nil, options: SVGOptions = SVGOptions()) throws -> Data {
        var options = options
        options.darkLook = nil
        return Data(try AnimatedSVGEncoder.encode(self, background: background, options: options))
    }
}

extension DisplayItem {
    /// Whether the item fills all of `bounds`, unclipped and at full opacity (directly or inside
    /// groups that neither clip nor fade).
    func coversUnclipped(_ bounds: CGRect) -> Bool {
        switch content {
        case .fill(let shape, _, _):
            let box = shape.path.controlPointBounds
            return box.minX <= bounds.minX && box.minY <= bounds.minY && box.maxX >= bounds.maxX && box.maxY >= bounds.maxY
        case .group(let group):
            return group.clip == nil && group.opacity == 1 && group.transform.isIdentity
                && group.items.contains { $0.coversUnclipped(bounds) }
        case .stroke, .text:
            return false
        }
    }
}
