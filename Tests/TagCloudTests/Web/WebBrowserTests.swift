import Canvas
import Foundation
@testable import TagCloud
import TagCloudTesting
import TagCloudUI
import Testing
import Typesetting

/// SVG and HTML output in headless Chromium, as a site's reader sees them: several clouds on one
/// page, select-all, the accessibility tree, a page's stylesheet, dark mode, the HTML fragment
/// against the PNG, narrow containers, and links.
@Suite(.serialized) struct WebBrowserTests {
    /// A gallery spec, resolved and rendered in its own theme and in the dark theme.
    struct Case {
        let name: String
        let spec: Cloud
        let cloud: ResolvedCloud
        let rendered: RenderedCloud
        let darkCloud: ResolvedCloud
        let dark: RenderedCloud

        @MainActor
        init(_ name: String, yaml: String? = nil) throws {
            let url = packageRoot.appendingPathComponent("samples/\(name).yaml")
            self.name = name
            spec = try yaml.map { try Cloud(yaml: $0) } ?? Cloud(contentsOf: url)
            rendered = try spec.rendered(typesetter: bundledTypesetter)
            cloud = rendered.cloud
            var darkSpec = spec
            darkSpec.theme = .dark
            dark = try darkSpec.rendered(typesetter: bundledTypesetter)
            darkCloud = dark.cloud
        }

        /// The picture's size in whole CSS pixels.
        var size: (width: Int, height: Int) { rendered.pixelSize(scale: 1) }

        /// The SVG as a page would inline it, with the spec's own background only.
        func svg(_ options: SVGOptions = SVGOptions(), auto: Bool = false) throws -> String {
            let data = auto
                ? try rendered.webSVGData(background: cloud.background, dark: dark, darkBackground: darkCloud.background, options: options)
                : try rendered.webSVGData(background: spec.background, options: options)
            return String(decoding: data, as: UTF8.self)
        }

        @MainActor
        func html(_ options: HTMLOptions = HTMLOptions()) throws -> String {
            String(decoding: try CloudHTML.html(cloud, rendered: rendered, options: options, typesetter: bundledTypesetter), as: UTF8.self)
        }

        /// The PNG at a scale, on the theme's background.
        func png(scale: Double, dark: Bool = false) throws -> RGBAImage {
            let picture = dark ? self.dark : rendered
            return try picture.displayList.rgbaImage(scale: scale, background: picture.background)
        }

        /// The tags shown, in order (the "+N" chip last).
        var tags: [String] { rendered.layout.chips.map(\.text) }
    }

    static let gallery: [String] = {
        let folder = packageRoot.appendingPathComponent("samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func page(_ body: String, css: String = "") -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><style>body{margin:0;background:#fff}svg{display:block}\(css)</style></head>"
            + "<body>\n\(body)\n</body></html>\n"
    }

    static func compare(_ expected: RGBAImage, _ actual: RGBAImage) throws -> ImageDiff.Result {
        // As the page shows the PNG: over white (Chromium's screenshot is opaque).
        try ImageDiff.compare(expected, actual, options: ImageDiff.Options(threshold: 0.1, comparesOverWhiteOnly: true), makeDiffImage: false)
    }

    // MARK: Several clouds on one page

    /// Five different clouds inlined into one page each look exactly as when alone: no id of one
    /// reaches into another (before prefixes, the second cloud drew the first one's glyphs).
    @Test @MainActor func fiveCloudsInOnePageEachLookAsAlone() throws {
        let cases = try ["tag-cloud", "weights", "emoji", "rtl", "suggestion-picker-selected"].map { try Case($0) }
        for kind in ["svg", "html"] {
            var body = "", offsets: [Int] = [], y = 0
            var fragments: [String] = []
            for item in cases {
                let fragment = kind == "svg" ? try item.svg() : try item.html()
                fragments.append(fragment)
                body += "<div style=\"height:\(item.size.height)px;width:\(item.size.width)px;overflow:hidden\">\(fragment)</div>\n"
                offsets.append(y)
                y += item.size.height
            }
            let width = cases.map(\.size.width).max() ?? 1
            let together = try Chromium.shared.screenshot(Self.page(body), width: width, height: y, name: "five-\(kind)")
            for (index, item) in cases.enumerated() {
                let alone = try Chromium.shared.screenshot(
                    Self.page("<div style=\"height:\(item.size.height)px;width:\(item.size.width)px;overflow:hidden\">\(fragments[index])</div>"),
                    width: width, height: item.size.height, name: "alone-\(kind)-\(item.name)")
                let crop = together.cropped(x: 0, y: offsets[index], width: width, height: item.size.height)
                let result = try Self.compare(alone, crop)
                #expect(result.differentPixels == 0, "\(kind) \(item.name): \(result.differentPixels) pixels differ from the cloud alone")
            }
        }
    }

    // MARK: Reading

    @Test @MainActor func selectAllGivesEveryTagInOrder() throws {
        for name in ["weights", "emoji", "rtl", "suggestion-picker-selected", "max-rows"] {
            let item = try Case(name)
            for (kind, fragment) in [("svg", try item.svg()), ("html", try item.html())] {
                let text = try Chromium.shared.selectedText(Self.page(fragment), name: "select-\(kind)-\(name)")
                var rest = text[...]
                for tag in item.tags {
                    guard let range = rest.range(of: tag) else {
                        Issue.record("\(kind) \(name): \(tag.debugDescription) is not in the selection (in order): \(text.debugDescription)")
                        break
                    }
                    rest = rest[range.upperBound...]
                }
            }
        }
    }

    @Test @MainActor func theAccessibilityTreeNamesEveryChipAndLink() throws {
        let item = try Case("weights")
        let linked = item.cloud.chips.filter { $0.href != nil }.map(\.text)
        #expect(!linked.isEmpty)
        for (kind, fragment) in [("svg", try item.svg()), ("html", try item.html())] {
            let nodes = try Chromium.shared.accessibilityTree(Self.page(fragment), name: "ax-\(kind)")
            #expect(nodes.contains { $0.role == "list" }, "\(kind): no list")
            #expect(nodes.filter { $0.role == "listitem" }.map(\.name) == item.tags, "\(kind): list items \(nodes.filter { $0.role == "listitem" })")
            #expect(nodes.filter { $0.role == "link" }.map(\.name) == linked, "\(kind): links \(nodes.filter { $0.role == "link" })")
            if kind == "svg" { #expect(nodes.contains { $0.name == "Tag cloud" }) }
            // Each name is read once: the SVG's title is its name, not its description as well.
            #expect(nodes.allSatisfy { $0.description.isEmpty || $0.description != $0.name }, "\(kind): \(nodes.filter { !$0.description.isEmpty })")
        }
    }

    /// An animated SVG paused at the middle of each frame's time in Chromium looks as that frame
    /// (the APNG's), for chips that move (a narrower cloud: each chip is written once for the
    /// whole animation, not once a frame) and chips that change size and label (the order by name).
    @Test @MainActor func anAnimatedSVGShowsEachFrameAtItsTime() throws {
        let from = try Cloud(yaml: "width: 358\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Core Data, Vapor]\n")
        var narrower = from
        narrower.width = 200
        var sorted = from
        sorted.order = Cloud.Order(by: .name)
        for (name, to) in [("narrower", narrower), ("sorted", sorted)] {
            let animation = try from.animation(to: to, animation: .linear(duration: 0.2), frameRate: 20, typesetter: bundledTypesetter)
            let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.2), frameRate: 20,
                                                             typesetter: bundledTypesetter), as: UTF8.self)
            if name == "narrower" {
                #expect(svg.components(separatedBy: "aria-label=\"Vapor\"").count - 1 == 1,
                        "the chip is written more than once (\(animation.frames.count) frames)")
            }
            let width = Int(animation.size.width.rounded(.up)), height = Int(animation.size.height.rounded(.up))
            var start = 0.0
            for (index, frame) in animation.frames.enumerated() {
                let time = (start + frame.duration.seconds / 2) * 1000
                start += frame.duration.seconds
                let paused = svg + "<script>document.getAnimations().forEach(a => { a.pause(); a.currentTime = \(time) })</script>"
                let shot = try Chromium.shared.screenshot(Self.page(paused), width: width, height: height, scale: 2,
                                                          name: "animated-\(name)-\(index)")
                let result = try Self.compare(try frame.list.rgbaImage(scale: 2, background: nil), shot)
                #expect(result.differentShare <= 0.005, "\(name), frame \(index) at \(time) ms: \(result.differentPixels) pixels differ")
            }
        }
    }

    /// A reader who asks for less motion (`prefers-reduced-motion: reduce`) sees the cloud the
    /// animation ends on, still, from the start: the chips moved, and by default for ever.
    @Test @MainActor func anAnimatedSVGStandsStillForReadersWhoAskForLessMotion() throws {
        let from = try Cloud(yaml: "width: 358\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Core Data, Vapor]\n")
        var to = from
        to.width = 200
        let animation = try from.animation(to: to, animation: .linear(duration: 0.2), frameRate: 20, typesetter: bundledTypesetter)
        let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.2), frameRate: 20,
                                                         typesetter: bundledTypesetter), as: UTF8.self)
        let width = Int(animation.size.width.rounded(.up)), height = Int(animation.size.height.rounded(.up))
        guard let first = animation.frames.first, let last = animation.frames.last else { Issue.record("no frames"); return }
        // Paused at its start: the first frame moving, the last one still.
        let atStart = svg + "<script>document.getAnimations().forEach(a => { a.pause(); a.currentTime = 1 })</script>"
        let still = try Chromium.shared.screenshot(Self.page(atStart), width: width, height: height, scale: 2, reducedMotion: true,
                                                   name: "reduced-motion")
        let result = try Self.compare(try last.list.rgbaImage(scale: 2, background: nil), still)
        #expect(result.differentShare <= 0.005, "with less motion: \(result.differentPixels) pixels differ from the last frame")
        let moving = try Chromium.shared.screenshot(Self.page(atStart), width: width, height: height, scale: 2, name: "full-motion")
        let start = try Self.compare(try first.list.rgbaImage(scale: 2, background: nil), moving)
        #expect(start.differentShare <= 0.005, "without the preference: \(start.differentPixels) pixels differ from the first frame")
    }

    /// With `loop`, the animation rests on the cloud it comes back to: a reader who asks for less
    /// motion sees the first frame (it was shown a frame of the way back, chips half-way). Two
    /// animations of one change with other timing have other ids, so both can be inlined in one
    /// page (they had one prefix, and the later one's keyframes drove both).
    @Test @MainActor func aLoopingSVGStandsStillOnTheCloudItComesBackTo() throws {
        let from = try Cloud(yaml: "width: 358\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Core Data, Vapor]\n")
        var to = from
        to.width = 200
        let animation = try from.animation(to: to, animation: .linear(duration: 0.2), frameRate: 5, loop: true, typesetter: bundledTypesetter)
        let data = try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.2), frameRate: 5, loop: true,
                                          typesetter: bundledTypesetter)
        let svg = String(decoding: data, as: UTF8.self)
        let width = Int(animation.size.width.rounded(.up)), height = Int(animation.size.height.rounded(.up))
        guard let first = animation.frames.first else { Issue.record("no frames"); return }
        let atStart = svg + "<script>document.getAnimations().forEach(a => { a.pause(); a.currentTime = 1 })</script>"
        let still = try Chromium.shared.screenshot(Self.page(atStart), width: width, height: height, scale: 2, reducedMotion: true,
                                                   name: "reduced-motion-loop")
        let result = try Self.compare(try first.list.rgbaImage(scale: 2, background: nil), still)
        #expect(result.differentShare <= 0.005, "with less motion: \(result.differentPixels) pixels differ from the first frame")
        let bouncy = try from.animationData(to: to, as: .svg, animation: .bouncy(duration: 0.2), frameRate: 5, loop: true,
                                            typesetter: bundledTypesetter)
        func prefix(_ data: Data) -> String? {
            String(decoding: data, as: UTF8.self).firstMatch(of: /id="(tc[0-9a-f]{8})"/).map { String($0.1) }
        }
        #expect(prefix(data) != nil && prefix(data) != prefix(bouncy))
    }

    /// While an animated SVG shows a frame, only the chips it shows can be clicked, focused,
    /// copied or found: the last frame's copies, transparent until their time, were visible to
    /// the page from the start (a click on empty space followed a link, the first tab stops were
    /// invisible links, and select-all copied "Gamma Alpha Beta Alpha Beta" under "Alpha Beta").
    @Test @MainActor func anAnimatedSVGOffersOnlyTheChipsItShows() throws {
        let from = try Cloud(yaml: "width: 358\ntags: [{text: Alpha, href: /a/}, {text: Beta, href: /b/}]\n")
        let to = try Cloud(yaml: "width: 358\ntags: [{text: Gamma, href: /g/}, {text: Alpha, href: /a/}, {text: Beta, href: /b/}]\n")
        let animation = try from.animation(to: to, animation: .linear(duration: 0.2), frameRate: 20, typesetter: bundledTypesetter)
        let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.2), frameRate: 20,
                                                         typesetter: bundledTypesetter), as: UTF8.self)
        let durations = animation.frames.map { $0.duration.seconds * 1000 }
        let total = durations.reduce(0, +)
        for (time, shown) in [(durations[0] / 2, ["Alpha", "Beta"]), (total - durations[durations.count - 1] / 2, ["Gamma", "Alpha", "Beta"])] {
            let page = Self.page(svg + "<script>document.getAnimations().forEach(a => { a.pause(); a.currentTime = \(time) })</script>")
            let script = "JSON.stringify([...document.querySelectorAll('a')].filter(a => getComputedStyle(a).visibility == 'visible')"
                + ".map(a => a.getAttribute('aria-label') || a.textContent.trim()))"
            let value = try Chromium.shared.evaluate(script, in: page, name: "animated-links-\(shown.count)") as? String ?? "[]"
            let links = try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String] ?? []
            #expect(links.sorted() == shown.sorted(), "at \(time) ms: the links that can be clicked or focused are \(links)")
            let text = try Chromium.shared.selectedText(page, name: "animated-text-\(shown.count)")
            for tag in ["Alpha", "Beta", "Gamma"] {
                #expect(text.components(separatedBy: tag).count - 1 == (shown.contains(tag) ? 1 : 0),
                        "at \(time) ms: select-all copies \(text.debugDescription)")
            }
        }
    }

    /// At every frame of an animated SVG, a link that can be clicked or focused is at least half
    /// as opaque as it gets, and a link drawn whole can be: copies fading out stayed clickable at
    /// 0.2 % opacity until their transition ended (a click on the "+3" chip drawn over a faded
    /// "Three" followed Three's link, and Tab stopped on three invisible links).
    @Test @MainActor func anAnimatedSVGHidesWhatHasFadedAtEveryFrame() throws {
        let tags = "tags: [{text: One, href: /1/}, {text: Two, href: /2/}, {text: Three, href: /3/}, {text: Four, href: /4/}, {text: Five, href: /5/}]\n"
        let wide = try Cloud(yaml: "width: 400\n" + tags), narrow = try Cloud(yaml: "width: 240\nmaxRows: 1\n" + tags)
        for (name, from, to) in [("narrowing", wide, narrow), ("widening", narrow, wide)] {
            let animation = try from.animation(to: to, animation: .linear(duration: 0.3), frameRate: 20, typesetter: bundledTypesetter)
            let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.3), frameRate: 20,
                                                             typesetter: bundledTypesetter), as: UTF8.self)
            let script = """
                JSON.stringify([...document.querySelectorAll('a')].map(a => {
                  let opacity = 1;
                  for (let e = a; e && e.nodeType === 1; e = e.parentNode) opacity *= parseFloat(getComputedStyle(e).opacity);
                  return [a.getAttribute('href'), getComputedStyle(a).visibility, opacity];
                }))
                """
            var start = 0.0
            for (index, frame) in animation.frames.enumerated() {
                let time = (start + frame.duration.seconds / 2) * 1000
                start += frame.duration.seconds
                let page = Self.page(svg + "<script>document.getAnimations().forEach(a => { a.pause(); a.currentTime = \(time) })</script>")
                let value = try Chromium.shared.evaluate(script, in: page, name: "faded-\(name)-\(index)") as? String ?? "[]"
                let links = try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [[Any]] ?? []
                for link in links {
                    let href = link[0] as? String ?? "", visible = link[1] as? String == "visible"
                    let opacity = (link[2] as? NSNumber)?.doubleValue ?? -1
                    #expect(!visible || opacity >= 0.49, "\(name), frame \(index): \(href) can be clicked at opacity \(opacity)")
                    #expect(visible || opacity < 0.99, "\(name), frame \(index): \(href) is drawn whole but cannot be clicked")
                }
            }
        }
    }

    /// A tag with a noncharacter (U+FFFE), which no font draws, has the picture's chip in the
    /// page: the fragment writes it as a character reference and the browser draws the box the
    /// picture draws (dropped, the chip was 16.9 pt narrower and every chip after it moved).
    @Test @MainActor func aNoncharacterKeepsItsChipsWidthInThePage() throws {
        let item = try Case("noncharacter", yaml: #"width: 480"# + "\n" + #"tags: ["Noncharacter \uFFFE", "Replacement \uFFFD", "End"]"# + "\n")
        let html = try item.html()
        #expect(html.contains("Noncharacter &#xFFFE;</span>"), "\(html)")
        let script = "JSON.stringify([...document.querySelectorAll('.tc-chip')].map(c => { const r = c.getBoundingClientRect(); return [r.x, r.width] }))"
        let value = try Chromium.shared.evaluate(script, in: Self.page(html), name: "noncharacter") as? String ?? "[]"
        let rects = try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [[Double]] ?? []
        let chips = item.rendered.layout.chips
        #expect(rects.count == chips.count, "\(rects)")
        for (rect, chip) in zip(rects, chips) {
            #expect(abs(rect[0] - chip.x) < 0.05 && abs(rect[1] - chip.width) < 0.05, "\(chip.text.debugDescription): page \(rect), layout \(chip.x), \(chip.width)")
        }
    }

    /// An animated SVG inlined in a page is one list to assistive technology, the cloud that
    /// shows, its chips list items (not every frame's copy, nor plain groups): the first cloud at
    /// the start, the one the animation ends on at the end.
    @Test @MainActor func anAnimatedSVGIsOneListOfItems() throws {
        let from = try Cloud(yaml: "width: 358\ntags: [Swift, SwiftUI, Linux, Cairo, HarfBuzz, Zig]")
        var to = from
        to.order = Cloud.Order(by: .name)
        let animation = try from.animation(to: to, animation: .linear(duration: 0.2), frameRate: 20, typesetter: bundledTypesetter)
        let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.2), frameRate: 20,
                                                         typesetter: bundledTypesetter), as: UTF8.self)
        let durations = animation.frames.map { $0.duration.seconds * 1000 }
        for (time, names) in [(durations[0] / 2, ["Swift", "SwiftUI", "Linux", "Cairo", "HarfBuzz", "Zig"]),
                              (durations.reduce(0, +) - durations[durations.count - 1] / 2, ["Cairo", "HarfBuzz", "Linux", "Swift", "SwiftUI", "Zig"])] {
            let page = Self.page(svg + "<script>document.getAnimations().forEach(a => { a.pause(); a.currentTime = \(time) })</script>")
            let nodes = try Chromium.shared.accessibilityTree(page, name: "ax-animated")
            #expect(nodes.filter { $0.role == "list" }.count == 1, "\(nodes.filter { $0.role == "list" || $0.role == "group" })")
            #expect(nodes.filter { $0.role == "listitem" }.map(\.name) == names,
                    "at \(time) ms: \(nodes.filter { $0.role == "listitem" || $0.role == "group" })")
        }
    }

    /// The invisible text layer changes no pixel: the same SVG with and without it look the same,
    /// emoji and right-to-left text included.
    @Test @MainActor func theTextLayerChangesNoPixel() throws {
        for name in ["emoji", "rtl", "weights"] {
            let item = try Case(name)
            let size = item.size
            let with = try Chromium.shared.screenshot(Self.page(try item.svg(SVGOptions(idPrefix: "a"))), width: size.width,
                                                      height: size.height, scale: 2, name: "layer-with-\(name)")
            let without = try Chromium.shared.screenshot(Self.page(try item.svg(SVGOptions(idPrefix: "a", writesTextLayer: false))),
                                                         width: size.width, height: size.height, scale: 2, name: "layer-without-\(name)")
            let changed = zip(with.pixels, without.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
            #expect(with.width == without.width && changed == 0, "\(name): the text layer changed \(changed) channel values")
        }
    }

    /// The SVG's invisible text lies over its chip whatever the page around it inherits: on a
    /// right-to-left page each line's right end was anchored at its `x`, so that selecting or
    /// finding a tag highlighted a box beside the chip (the chips of `weights` and `rtl` read
    /// from 70 to 200 px left of their chips); a chart library's `text-anchor: middle` and a
    /// vertical writing mode moved or turned it too.
    @Test(arguments: ["html{direction:rtl}", "svg text{text-anchor:middle}", "body{writing-mode:vertical-rl}"])
    @MainActor func theTextLayerLiesOverItsChipInAnyPage(css: String) throws {
        for name in ["weights", "rtl"] {
            let item = try Case(name)
            // For each line of text, how far it reaches past its chip's fill: left, right, and
            // its middle above or below the chip.
            let script = """
                [...document.querySelectorAll('.tc-chip')].flatMap(chip => {
                  const f = chip.querySelector('.tc-chip-fill').getBoundingClientRect();
                  return [...chip.querySelectorAll('text.tc-text')].map(t => {
                    const r = t.getBoundingClientRect(), middle = (r.top + r.bottom) / 2;
                    return [t.textContent, f.left - r.left, r.right - f.right, Math.max(f.top - middle, middle - f.bottom)];
                  });
                })
                """
            let lines = try #require(try Chromium.shared.evaluate(script, in: Self.page(try item.svg(), css: css),
                                                                  name: "text-layer-\(name)") as? [[Any]])
            #expect(lines.count >= item.tags.count - 1, "\(name): \(lines.count) lines of text")
            for line in lines {
                let past = line.dropFirst().compactMap { ($0 as? NSNumber)?.doubleValue }
                #expect(past.count == 3 && past.allSatisfy { $0 <= 1 },
                        "\(name) under \(css): the text \(line[0]) reaches past its chip by \(past) px (left, right, middle)")
            }
        }
    }

    /// A responsive SVG is as wide as a block that holds it, and its own width in pixels in a
    /// container sized by its content (an inline block, a float, a table cell), where its
    /// `width="100%"` alone had nothing to resolve against and Chromium drew it 300 px wide.
    @Test @MainActor func aResponsiveSVGFillsABlockAndKeepsItsWidthWhereContentSizesIt() throws {
        let item = try Case("tag-cloud")
        let svg = try item.svg(SVGOptions(isResponsive: true))
        let body = "<div id=\"block\" style=\"width:600px\">\(svg)</div>"
            + "<div style=\"display:inline-block\" id=\"inline\">\(svg.replacingOccurrences(of: "id=\"tc", with: "id=\"tx"))</div>"
            + "<table><tr><td id=\"cell\">\(svg.replacingOccurrences(of: "id=\"tc", with: "id=\"ty"))</td></tr></table>"
        let script = "['block', 'inline', 'cell'].map(id => document.querySelector('#' + id + ' svg').getBoundingClientRect().width)"
        let widths = try #require(try Chromium.shared.evaluate(script, in: Self.page(body), name: "responsive-widths") as? [NSNumber])
        #expect(widths.map(\.doubleValue) == [600, Double(item.size.width), Double(item.size.width)], "\(widths)")
    }

    /// The resets against a page's rules for every `svg`, `g` and `ul` leave the page's own rules
    /// for the cloud working, as the README shows them (`.tc-svg { margin }`, `ul.tc-cloud {
    /// border }`); a page's `g { opacity: .9 }` reaches no group (it faded every chip, whose
    /// group has an id), nor `svg { margin }` the picture.
    @Test @MainActor func thePagesRulesForTheCloudStillApplyOverTheResets() throws {
        let item = try Case("tag-cloud")
        let css = "svg{margin:10px}g{opacity:.9}ul{border-left:4px solid red}"
            + ".tc-svg{margin-left:40px}ul.tc-cloud{border-top:3px solid blue}"
        let body = try item.svg() + item.html()
        let script = "(() => { const svg = document.querySelector('svg.tc-svg'), ul = document.querySelector('ul.tc-cloud');"
            + " const faded = [...svg.querySelectorAll('g:not([opacity])')].filter(g => getComputedStyle(g).opacity !== '1').length;"
            + " const s = getComputedStyle(svg), u = getComputedStyle(ul);"
            + " return [faded, svg.querySelectorAll('g').length, s.marginLeft, s.marginTop, u.borderTopWidth, u.borderLeftWidth]; })()"
        let values = try #require(try Chromium.shared.evaluate(script, in: Self.page(body, css: css), name: "own-rules") as? [Any])
        #expect(values.count == 6)
        #expect((values[0] as? NSNumber)?.intValue == 0 && ((values[1] as? NSNumber)?.intValue ?? 0) > 4, "faded groups: \(values)")
        #expect(values[2] as? String == "40px" && values[3] as? String == "0px", "the SVG's margins: \(values)")
        #expect(values[4] as? String == "3px" && values[5] as? String == "0px", "the list's borders: \(values)")
    }

    /// The invisible text keeps its glyphs' size whatever the page's type (`* { font-size: 20px }`
    /// beat its `font-size` attribute: every selection box, find-in-page highlight and screen
    /// reader outline was the page's size, 27 px tall over 46 px glyphs), in pages of every
    /// weight's size.
    @Test @MainActor func theTextLayerKeepsItsSizeUnderAPagesType() throws {
        let item = try Case("weights")
        let script = "[...document.querySelectorAll('text.tc-text')].map(t => t.getBoundingClientRect().height)"
        let plain = try #require(try Chromium.shared.evaluate(script, in: Self.page(try item.svg()), name: "layer-size-plain") as? [NSNumber])
        let styled = try #require(try Chromium.shared.evaluate(script, in: Self.page(try item.svg(), css: "*{font-size:20px;line-height:3}"),
                                                               name: "layer-size-styled") as? [NSNumber])
        #expect(plain.count >= item.tags.count && plain.count == styled.count, "\(plain.count) and \(styled.count) lines")
        #expect(Set(plain.map { Int($0.doubleValue.rounded()) }).count > 1, "the weights give lines of several sizes")
        for (a, b) in zip(plain, styled) {
            #expect(abs(a.doubleValue - b.doubleValue) < 0.5, "a line \(a) px tall alone is \(b) px under the page's type")
        }
    }

    /// A label that reads right to left has its real text laid out right to left over its
    /// glyphs, so that find-in-page and a selection land on the words drawn: forced left to right,
    /// the Hebrew word of "050-1234567 טלפון" (drawn at the chip's left, the digits at its right)
    /// lay over the digits, and searching it highlighted "4567".
    @Test @MainActor func theTextOfARightToLeftLabelLiesOverItsWords() throws {
        // The Hebrew word's middle, as a fraction of its line's width from the left, for each tag.
        let cases: [(tag: String, left: Bool)] = [("050-1234567 טלפון", true), ("עברית C++", false), ("#חדשות 2026", false),
                                                  ("Swift עברית", false)]
        let yaml = "width: 600\ntags: [" + cases.map { "\"\($0.tag)\"" }.joined(separator: ", ") + "]\n"
        let svg = String(decoding: try Cloud(yaml: yaml).rendered(typesetter: bundledTypesetter).data(as: .svg), as: UTF8.self)
        let script = """
            [...document.querySelectorAll('text.tc-text')].map(t => {
              const s = t.textContent, box = t.getBBox();
              let low = Infinity, high = -Infinity;
              for (let i = 0; i < s.length; i++) {
                if (!/[\\u0590-\\u05FF]/.test(s[i])) continue;
                const a = t.getStartPositionOfChar(i).x, b = t.getEndPositionOfChar(i).x;
                low = Math.min(low, a, b); high = Math.max(high, a, b);
              }
              return [s, ((low + high) / 2 - box.x) / box.width];
            })
            """
        let lines = try #require(try Chromium.shared.evaluate(script, in: Self.page(svg), name: "rtl-text-layer") as? [[Any]])
        #expect(lines.count == cases.count, "\(lines)")
        for (line, expected) in zip(lines, cases) {
            let middle = try #require((line.last as? NSNumber)?.doubleValue)
            #expect(line.first as? String == expected.tag)
            #expect(expected.left ? middle < 0.5 : middle > 0.5,
                    "\(expected.tag): the Hebrew word's text is at \(middle) of the line, drawn at its \(expected.left ? "left" : "right")")
        }
    }

    // MARK: Styling

    /// A page's stylesheet recolours the chips through `--tc-chip-fill`, in SVG and HTML alike.
    @Test @MainActor func aPageStylesheetRecoloursTheChips() throws {
        let item = try Case("tag-cloud")
        let chip = item.rendered.layout.chips[0]
        // A point inside the first chip's fill, left of its text.
        let x = Int(chip.x + 4), y = Int(chip.y + chip.height / 2)
        for (kind, fragment) in [("svg", try item.svg()), ("html", try item.html())] {
            let plain = try Chromium.shared.screenshot(Self.page(fragment), width: item.size.width, height: item.size.height,
                                                       name: "plain-\(kind)")
            let styled = try Chromium.shared.screenshot(Self.page(fragment, css: ":root{--tc-chip-fill:#ff0000}"), width: item.size.width,
                                                        height: item.size.height, name: "styled-\(kind)")
            let before = plain.pixel(x: x, y: y), after = styled.pixel(x: x, y: y)
            #expect(before[2] > 200 && before[0] < 230, "\(kind): the chip is not blue-tinted before: \(before)")
            #expect(after[0] > 240 && after[1] < 20 && after[2] < 20, "\(kind): the chip is not red after: \(after)")
        }
    }

    /// A page's `--tc-chip-fill` and `--tc-text` retheme the cloud's chips but not a tag's own
    /// fill, in SVG and HTML alike; an icon set's `svg path { fill: … }` changes neither (the own
    /// fill is a rule of the document's, not a presentation attribute any page rule beats).
    @Test @MainActor func aPageStylesheetKeepsATagsOwnColours() throws {
        let item = try Case("own-colours", yaml: "tags: [Swift, {text: Linux, fill: \"#00aa00\"}]\n")
        let chips = item.rendered.layout.chips
        let css = ":root{--tc-chip-fill:#ff0000;--tc-text:#0000ff}svg path{fill:#444444}"
        for (kind, fragment) in [("svg", try item.svg()), ("html", try item.html())] {
            let styled = try Chromium.shared.screenshot(Self.page(fragment, css: css), width: item.size.width,
                                                        height: item.size.height, name: "own-colours-\(kind)")
            let themed = styled.pixel(x: Int(chips[0].x + 4), y: Int(chips[0].y + chips[0].height / 2))
            let own = styled.pixel(x: Int(chips[1].x + 4), y: Int(chips[1].y + chips[1].height / 2))
            #expect(themed[0] > 240 && themed[1] < 20 && themed[2] < 20, "\(kind): the cloud's chip is not red: \(themed)")
            #expect(own[0] < 20 && (160...180).contains(own[1]) && own[2] < 20, "\(kind): the tag's own fill changed: \(own)")
        }
    }

    /// `theme: auto` under emulated dark mode looks as the dark theme's PNG.
    /// A blog's generic rules (bullets before list items, underlined links, spaced or uppercased
    /// text) change nothing in the HTML fragment or the inline SVG.
    @Test @MainActor func aBlogsGenericRulesChangeNothing() throws {
        let item = try Case("weights")
        let blog = "ul li::before{content:\"\\2022  \"}a{text-decoration:underline;color:blue}"
            + "body{letter-spacing:.05em;word-spacing:.2em;text-transform:uppercase}"
        for (kind, changed) in try Self.pixelsChanged(in: item, byPageCSS: blog, name: "blog") {
            #expect(changed == 0, "\(kind): \(changed) pixels change under a blog's rules")
        }
    }

    /// A page's line-breaking and spacing rules, which the text of every element inherits (a
    /// Chinese or Japanese site's `word-break: break-all`, `line-break: anywhere` and
    /// `text-autospace: normal`), change no label: two-line labels broke inside words and a label
    /// mixing CJK and Latin letters was widened in the HTML fragment.
    @Test @MainActor func aPagesLineBreakingRulesChangeNoLabel() throws {
        let item = try Case("line-breaking", yaml: "chip: {lineLimit: 2}\nwidth: 240\ntags: [Swift, "
                            + "\"a very long tag that goes on and on and on and on and on and on forever\", 日本語Swift入門]\n")
        let css = "body{word-break:break-all;line-break:anywhere;text-autospace:normal;hyphens:auto}"
        for (kind, changed) in try Self.pixelsChanged(in: item, byPageCSS: css, name: "line-breaking") {
            #expect(changed == 0, "\(kind): \(changed) pixels change under a page's line-breaking rules")
        }
    }

    /// A printed page keeps the background the spec gives, in the HTML fragment as in the SVG:
    /// printing drops backgrounds (a browser's "Background graphics" is off by default) and the
    /// list's went, while the chips kept theirs, so a dark cloud printed white labels on pale
    /// chips on white paper.
    @Test @MainActor func aPrintedCloudKeepsItsBackground() throws {
        let item = try Case("printed", yaml: "theme: dark\nbackground: black\nwidth: 300\ntags: [Swift, Linux, Cairo]\n")
        for (kind, fragment) in [("svg", try item.svg()), ("html", try item.html(HTMLOptions(background: item.cloud.background)))] {
            let pdf = try Chromium.shared.printed(Self.page(fragment, css: "@page{size:400px 300px;margin:0}"), name: "printed-\(kind)")
            // 96 pixels an inch: CSS pixels.
            let printed = try #require(try PDFRasterizer.render(pdf, scale: 96.0 / 72).first)
            // A corner of the cloud's padding.
            let corner = printed.pixel(x: 4, y: 4)
            #expect(corner.prefix(3).allSatisfy { $0 < 16 }, "\(kind): the printed cloud's background is \(corner), not black")
        }
    }

    /// The dark theme with no background of its own prints on the dark page's black, in the
    /// HTML fragment as in the SVG: the page's dark background is not printed, and its white
    /// labels printed on pale chips on white paper.
    @Test @MainActor func aDarkCloudWithoutABackgroundPrintsOnBlack() throws {
        let item = try Case("printed-dark", yaml: "theme: dark\nwidth: 300\ntags: [Swift, Linux, Cairo]\n")
        for (kind, fragment) in [("svg", try item.svg()), ("html", try item.html())] {
            let pdf = try Chromium.shared.printed(Self.page(fragment, css: "@page{size:400px 300px;margin:0}"), name: "printed-dark-\(kind)")
            let printed = try #require(try PDFRasterizer.render(pdf, scale: 96.0 / 72).first)
            let corner = printed.pixel(x: 4, y: 4)
            #expect(corner.prefix(3).allSatisfy { $0 < 16 }, "\(kind): the printed cloud's corner is \(corner), not black")
        }
        // A light cloud without a background prints on the paper's white, as it shows.
        let light = try Case("printed-light", yaml: "width: 300\ntags: [Swift, Linux, Cairo]\n")
        let pdf = try Chromium.shared.printed(Self.page(try light.svg(), css: "@page{size:400px 300px;margin:0}"), name: "printed-light")
        let printed = try #require(try PDFRasterizer.render(pdf, scale: 96.0 / 72).first)
        #expect(printed.pixel(x: 4, y: 4).prefix(3).allSatisfy { $0 > 240 })
    }

    /// A reader in dark mode prints an automatic theme's light look, on paper as white as the
    /// light look's page: the dark look's white labels printed on pale chips on white paper
    /// (printing drops the page's dark background and keeps the dark-mode preference), in the
    /// HTML fragment, the whole page `--page` writes, and the SVG.
    @Test @MainActor func aDarkModeReaderPrintsTheLightLook() throws {
        let item = try Case("printed-auto", yaml: "theme: auto\nwidth: 300\ntags: [Swift, Linux, Cairo]\n")
        // As the command writes them: no background, as the spec gives none.
        let auto = HTMLOptions(darkLook: item.darkCloud)
        var pageOptions = auto
        pageOptions.isPage = true
        let svg = String(decoding: try item.rendered.webSVGData(dark: item.dark), as: UTF8.self)
        let chip = item.rendered.layout.chips[0]
        for (kind, page) in [("svg", Self.page(svg)), ("html", Self.page(try item.html(auto))), ("page", try item.html(pageOptions))] {
            let css = "<style>@page{size:400px 300px;margin:0}</style>"
            let pdf = try Chromium.shared.printed(css + page, dark: true, name: "printed-auto-\(kind)")
            let printed = try #require(try PDFRasterizer.render(pdf, scale: 96.0 / 72).first)
            // The darkest pixel of the first chip: a black label's, or the dark look's pale chip.
            var darkest = 255
            for y in Int(chip.y)..<Int(chip.y + chip.height) {
                for x in Int(chip.x)..<Int(chip.x + chip.width) { darkest = min(darkest, printed.pixel(x: x, y: y).prefix(3).map(Int.init).max() ?? 255) }
            }
            #expect(darkest < 80, "\(kind): the printed label's darkest pixel is \(darkest) of 255, not the light look's black")
        }
    }

    /// A fragment whose rows the picture sets (`lineBreaking: balanced`, a justified cloud) keeps
    /// the picture's width and rows in a parent sized by its content: a flex row beside other
    /// items, a centred flex column, a float, an inline block, a grid's `auto` column, a table
    /// cell. Its box is a size container (for the query that sets the rows), which has no width
    /// of its own there: it was as wide as its padding, every chip an empty pill on a row of its
    /// own.
    @Test @MainActor func aCloudWithSetRowsKeepsThemInAParentSizedByItsContent() throws {
        let item = try Case("balanced")
        let fragment = try item.html()
        let rows = Set(item.rendered.layout.chips.map { Int($0.y.rounded()) }).count
        let parents = [
            "flex row": "<div style=\"display:flex;gap:10px\"><p>Side</p>%@</div>",
            "centred column": "<div style=\"display:flex;flex-direction:column;align-items:center\">%@</div>",
            "float": "<div style=\"float:left\">%@</div>", "inline block": "<div style=\"display:inline-block\">%@</div>",
            "grid auto column": "<div style=\"display:grid;grid-template-columns:auto 1fr\"><div>%@</div><p>x</p></div>",
            "table cell": "<table><tr><td>%@</td></tr></table>",
        ]
        let script = """
            (() => { const list = document.querySelector('ul.tc-cloud');
              const chips = [...list.querySelectorAll(':scope > li.tc-chip')];
              return [list.getBoundingClientRect().width, new Set(chips.map(c => Math.round(c.getBoundingClientRect().top))).size]; })()
            """
        for (name, parent) in parents.sorted(by: { $0.key < $1.key }) {
            let page = Self.page(parent.replacingOccurrences(of: "%@", with: fragment))
            let value = try #require(try Chromium.shared.evaluate(script, in: page, width: 900, name: "set-rows") as? [NSNumber])
            #expect(abs(value[0].doubleValue - Double(item.size.width)) < 1 && value[1].intValue == rows,
                    "\(name): the list is \(value[0]) px wide in \(value[1]) rows, not \(item.size.width) px in \(rows)")
        }
    }

    /// A fragment in a parent sized by its content inside a column narrower than the picture (a
    /// 220 px inline block or float, a flex item or a table cell in 250 px) stays inside it, its
    /// chips reflowed and a label too long for the column cut with "…": the set-rows cloud was
    /// 390 px wide (its size container's intrinsic width) and a long label crossed the edge. With
    /// room, a cloud of three short tags is as wide as the picture, as its SVG is (it was as wide
    /// as its chips on one line, 220 of 390 px, its background and centring not the picture's).
    @Test @MainActor func aCloudInAParentSizedByItsContentStaysInsideANarrowColumn() throws {
        let long = try Case("long", yaml: "tags: [Swift, \"Learn something new every single day of the week\", Go]\n")
        let short = try Case("short", yaml: "alignment: center\nbackground: \"#fde68a\"\ntags: [Swift, Go, Rust]\n")
        let parents = [
            "inline block": "<div style=\"width:220px\"><div style=\"display:inline-block\">%@</div></div>",
            "float": "<div style=\"width:220px\"><div style=\"float:left\">%@</div></div>",
            "flex item": "<div style=\"display:flex;width:250px\"><div>%@</div></div>",
            "table cell": "<table style=\"width:250px;border-spacing:0\"><tr><td style=\"padding:0\">%@</td></tr></table>",
            "grid auto column": "<div style=\"display:grid;grid-template-columns:auto;width:250px\"><div>%@</div></div>",
        ]
        let script = """
            (() => { const list = document.querySelector('ul.tc-cloud'); const r = list.getBoundingClientRect();
              const right = Math.max(...[...list.querySelectorAll(':scope > li.tc-chip')].map(c => c.getBoundingClientRect().right));
              const cut = [...list.querySelectorAll('.tc-text')].some(t => t.scrollWidth > t.clientWidth);
              return [r.width, right, document.documentElement.scrollWidth, cut ? 1 : 0]; })()
            """
        for item in [try Case("balanced"), long] {
            for (name, parent) in parents.sorted(by: { $0.key < $1.key }) {
                let limit = name == "inline block" || name == "float" ? 220.0 : 250.0
                let page = Self.page(parent.replacingOccurrences(of: "%@", with: try item.html()))
                let value = try #require(try Chromium.shared.evaluate(script, in: page, width: 900, name: "narrow-\(name)") as? [NSNumber])
                #expect(value[0].doubleValue <= limit + 0.5 && value[1].doubleValue <= limit + 0.5,
                        "\(item.name) in a \(name): the list is \(value[0]) px wide, its chips end at \(value[1]) px, past \(limit)")
                if item.name == "long" { #expect(value[3].intValue == 1, "\(name): the long label is not cut") }
            }
        }
        for (name, parent) in parents.sorted(by: { $0.key < $1.key }) {
            let wide = parent.replacingOccurrences(of: "220px", with: "800px").replacingOccurrences(of: "250px", with: "800px")
            let page = Self.page(wide.replacingOccurrences(of: "%@", with: try short.html()))
            let value = try #require(try Chromium.shared.evaluate(script, in: page, width: 900, name: "wide-\(name)") as? [NSNumber])
            #expect(abs(value[0].doubleValue - Double(short.size.width)) < 1,
                    "\(name): three tags make a list \(value[0]) px wide, not the picture's \(short.size.width)")
        }
    }

    /// A reader's text spacing (WCAG 1.4.12: line height 1.5, letter spacing 0.12em, word spacing
    /// 0.16em, a user style sheet's `!important` rules) grows a cloud whose rows the picture sets
    /// with its chips: its height was fixed at the picture's, and its last row ran over the
    /// heading below. Without the rules it is the picture's height, as before.
    @Test @MainActor func aCloudWithSetRowsGrowsWithAReadersTextSpacing() throws {
        for name in ["balanced", "justify-space-between"] {
            let item = try Case(name)
            let html = try item.html()
            let script = """
                (() => { const list = document.querySelector('ul.tc-cloud'); const r = list.getBoundingClientRect();
                  const bottom = Math.max(...[...list.querySelectorAll(':scope > li.tc-chip')].map(c => c.getBoundingClientRect().bottom));
                  return [r.height, bottom - r.top, document.querySelector('h2').getBoundingClientRect().top - r.top]; })()
                """
            let plain = try #require(try Chromium.shared.evaluate(script, in: Self.page(html + "<h2>Next</h2>"), width: 900,
                                                                  name: "spacing-plain-\(name)") as? [NSNumber])
            #expect(abs(plain[0].doubleValue - Double(item.rendered.layout.height)) < 0.5,
                    "\(name): the list is \(plain[0]) px tall, the picture \(item.rendered.layout.height)")
            let css = "*{line-height:1.5!important;letter-spacing:.12em!important;word-spacing:.16em!important}"
            let spaced = try #require(try Chromium.shared.evaluate(script, in: Self.page(html + "<h2>Next</h2>", css: css), width: 900,
                                                                   name: "spacing-wcag-\(name)") as? [NSNumber])
            #expect(spaced[1].doubleValue <= spaced[0].doubleValue + 0.5 && spaced[1].doubleValue <= spaced[2].doubleValue + 0.5,
                    "\(name): the chips end at \(spaced[1]) px, the list at \(spaced[0]), the heading starts at \(spaced[2])")
        }
    }

    /// An inline SVG wider than its column (a 390-point cloud on a 360-pixel phone) is narrowed to
    /// the column in proportion, as the HTML fragment reflows in it: it kept its width, and the
    /// whole page scrolled sideways, on any page without its own `svg { max-width: 100% }`.
    @Test @MainActor func anInlineSVGFitsANarrowColumn() throws {
        let item = try Case("weights")
        let page = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body style=\"margin:16px\">\(try item.svg())</body></html>\n"
        let script = "(() => { const r = document.querySelector('svg').getBoundingClientRect();"
            + " return [document.documentElement.scrollWidth, r.width, r.height]; })()"
        let value = try #require(try Chromium.shared.evaluate(script, in: page, width: 360, name: "narrow-svg") as? [NSNumber])
        let (pageWidth, width, height) = (value[0].doubleValue, value[1].doubleValue, value[2].doubleValue)
        #expect(pageWidth == 360, "the page is \(pageWidth) px wide in a 360 px window")
        let expected = Double(item.size.width) > 328 ? 328 : Double(item.size.width)
        #expect(abs(width - expected) < 0.5 && abs(height - Double(item.size.height) * expected / Double(item.size.width)) < 0.5,
                "the SVG is \(width) × \(height) px in a 328 px column, \(item.size.width) × \(item.size.height) alone")
    }

    /// How many pixels of the inline SVG and of the HTML fragment of `item` a page's style sheet
    /// changes, in Chromium at scale 2: each format's screenshot with `css` against one without.
    @MainActor
    static func pixelsChanged(in item: Case, byPageCSS css: String, name: String) throws -> [(kind: String, pixels: Int)] {
        try [("svg", try item.svg()), ("html", try item.html(HTMLOptions(background: item.cloud.background)))].map { kind, fragment in
            let plain = try Chromium.shared.screenshot(page(fragment), width: item.size.width, height: item.size.height, scale: 2,
                                                       name: "\(name)-plain-\(kind)")
            let styled = try Chromium.shared.screenshot(page(fragment, css: css), width: item.size.width, height: item.size.height,
                                                        scale: 2, name: "\(name)-styled-\(kind)")
            return (kind, try compare(plain, styled).differentPixels)
        }
    }

    /// Rules a page writes for every SVG, span and link (an icon set's `svg path { fill:
    /// currentColor }`, `svg { width: 100% }`, a link underline drawn as a border or a shadow,
    /// spaced capitals on links, `span` sizes, colours and faces, a site's `* { font-family }`,
    /// text strokes and shadows) change
    /// nothing in the HTML fragment or the inline SVG: the selected chips' borders stayed filled
    /// black, the checkmark grew to the column's width, and the labels took the page's type.
    ///
    /// Also a theme's generated content on links and spans (`a[href^="http"]::after { content:
    /// " ↗" }` widened every linked chip), `path { stroke }` (an outline on every SVG chip),
    /// `path { stroke-width }` and the other stroke geometry (thicker borders and checkmarks),
    /// `text-align: center` (which centred a two-line label and moved its ellipsis), and what a
    /// second new user found: `svg g { fill }` (labels in the page's colour), `svg { width: 100% }`,
    /// `text { fill-opacity: 1 }`, `crispEdges`, decorations on `ul`, `li`, `span` and `[title]`,
    /// tap-target sizes on links, ligatures turned off, and `li` sizes, offsets and order; and a
    /// fifth's: `span` offsets, `-webkit-text-fill-color`, `shape-rendering` on `use`, outlines;
    /// a sixth's: `text-indent` on `li`, and `scale`, `translate`, `rotate` and `zoom`.
    @Test(arguments: ["suggestion-picker-selected", "counts", "links", "two-lines"]) @MainActor
    func aPagesRulesForSVGSpansAndLinksChangeNothing(name: String) throws {
        let item = switch name {
        case "links":
            try Case("links", yaml: "style: suggestionChips\nlabel: \"{text} {weight}\"\ntags:\n"
                     + "  - {text: Swift, weight: 3, href: \"https://swift.org\", selected: true}\n"
                     + "  - {text: Linux, weight: 12, href: \"/tags/linux/\"}\n  - {text: Cairo, weight: 1}\n")
        case "two-lines":
            try Case("two-lines", yaml: "chip: {lineLimit: 2}\nwidth: 240\ntags: [Swift, \"a very long tag that goes on and on and on and on and on and on forever\"]\n")
        default:
            try Case(name)
        }
        let hostile = "svg path{fill:currentColor}svg use{fill:red}svg{stroke:red}.x svg,svg.tc-check{width:100%;height:auto}"
            + "a[href^=\"http\"]::after{content:\" \\2197\"}a[href^=\"/\"]::before{content:\"#\"}span::after{content:\"*\"}"
            + "path{stroke:red}body{text-align:center;text-align-last:justify}"
            + "a{border-bottom:1px dotted red;box-shadow:inset 0 -2px 0 red;text-transform:uppercase;letter-spacing:.1em;font-weight:bold}"
            + "span{color:red;font-size:30px;line-height:3;letter-spacing:2px;padding:5px;background:yellow}"
            + "*{font-kerning:none;font-family:serif}span{font-weight:bold;font-style:italic}"
            + "body{-webkit-text-stroke:1px red;text-shadow:0 0 3px red}"
            + "path,rect{stroke-width:6px;stroke-linecap:square;stroke-linejoin:round;stroke-miterlimit:1;stroke-dasharray:2 1}"
            + "svg g{fill:#444}svg *{fill:currentColor}text{fill-opacity:1}svg rect,svg path{shape-rendering:crispEdges}"
            + "svg{width:100%;height:auto}ul,li,span,[title]{text-decoration:underline}a{min-height:44px;min-width:44px}"
            + "*{font-variant-ligatures:none;font-feature-settings:\"calt\" 0;text-rendering:optimizeSpeed;font-size-adjust:.6}"
            + "li{width:100%;min-height:48px;align-self:stretch;position:relative;top:2px}li:nth-child(2){order:-1}"
            // A third user's: the root's box (margins, borders, sizes), opacities of groups and
            // shapes, and the list's direction, border, offset and clipping.
            + "svg{margin:10px;padding:5px;border:3px solid red;max-height:60px;min-width:600px;aspect-ratio:1}"
            + "g{opacity:.9}path{fill-opacity:.5;stroke-opacity:.5;opacity:.8}"
            + "ul{flex-direction:column;border-left:4px solid red;position:relative;left:50px;max-height:60px;overflow:auto;opacity:.7}"
            // A fourth's: a theme's faded or filtered links and list items, an icon set's faded `<use>`.
            + "a{opacity:.3}li{opacity:.3;filter:blur(1px)}use{opacity:.3}svg a{filter:grayscale(1) blur(1px)}g{filter:blur(1px)}"
            // A fifth's: labels moved by `span` offsets and painted by `-webkit-text-fill-color`,
            // glyphs aliased through the `use` that draws them, the checkmark outlined.
            + "span{position:relative;top:6px;left:3px}a,span{-webkit-text-fill-color:red}"
            + "svg,g,use{shape-rendering:crispEdges}li svg{outline:2px solid red}"
            // A sixth's: a blog's hanging bullets (`text-indent` on every `li`, which cut the
            // labels' first letters), and hover lifts in the transform properties of their own
            // (`scale`, `translate`, `rotate`, and `zoom`), which grew and moved every chip.
            + "ul li{padding-left:1em;text-indent:-1em}li{scale:1.1;rotate:3deg;zoom:1.25}a{translate:5px 5px;scale:1.15}"
            + "svg a,svg g,svg use{translate:5px 5px;scale:1.1;rotate:2deg}svg path{translate:2px;scale:.9}span{translate:3px}"
        for (kind, changed) in try Self.pixelsChanged(in: item, byPageCSS: hostile, name: "hostile-\(name)") {
            #expect(changed == 0, "\(name) \(kind): \(changed) pixels change under a page's rules")
        }
    }

    /// Under a strict Content-Security-Policy, a static site's kind (no `'unsafe-inline'`: each
    /// `<style>` element allowed by its hash, fonts from `data:`), the HTML fragment and the inline
    /// SVG look as they do without one: nothing they need is in a `style` attribute, which such a
    /// policy drops (the checkmarks' sizes and strokes were, and a page's `svg { width: 100% }` and
    /// `path { stroke-width }` then sized and stroked them; the SVG's glyphs kept off a page's
    /// `path { stroke; opacity }` by a style attribute each, 57 policy violations on a page of four
    /// clouds). An unhashed `<style>` on the page would hide every chip: the policy is in force.
    @Test @MainActor func theHTMLFragmentKeepsItsLookUnderAStrictContentSecurityPolicy() throws {
        for name in ["suggestion-picker-selected", "tag-cloud"] {
            let item = try Case(name)
            for (kind, fragment) in [("html", try item.html(HTMLOptions(background: item.cloud.background))), ("svg", try item.svg())] {
                #expect(!fragment.contains(" style=\""), "\(name) \(kind): a style attribute")
                let pageCSS = "svg{width:100%;height:auto}path{stroke-width:6px;stroke:red;opacity:.5}use{opacity:.3}"
                let open = try Chromium.shared.screenshot(Self.page(fragment, css: pageCSS), width: item.size.width,
                                                          height: item.size.height, scale: 2, name: "csp-open-\(name)-\(kind)")
                let hashed = Self.page(fragment, css: pageCSS)
                let hashes = try hashed.matches(of: /<style>([\s\S]*?)<\/style>/).map { "'sha256-\(try Self.sha256Base64(String($0.1)))'" }
                #expect(hashes.count == 2)
                let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src \(hashes.joined(separator: " ")); "
                    + "font-src data:; img-src data:\">"
                let strict = hashed.replacingOccurrences(of: "<head>", with: "<head>" + policy + "<style>.tc-chip{visibility:hidden}</style>")
                let shot = try Chromium.shared.screenshot(strict, width: item.size.width, height: item.size.height, scale: 2,
                                                          name: "csp-strict-\(name)-\(kind)")
                #expect(try Self.compare(open, shot).differentPixels == 0, "\(name) \(kind): it looks otherwise under the policy")
            }
        }
    }

    /// SHA-256 of text, in base64, as a Content-Security-Policy names a hash (by Python's hashlib,
    /// which the browser driver needs anyway).
    static func sha256Base64(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import base64,hashlib,sys;print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A page's `--tc-text` recolours a chip's count too, keeping it at 60 % of the text colour,
    /// in SVG as in HTML (the SVG count used to take the page's colour whole).
    @Test @MainActor func aPageTextColourKeepsTheCountLighter() throws {
        let item = try Case("counts")
        let chip = item.rendered.layout.chips[0]
        // The count "42" sits in the last quarter of the first chip, before its padding.
        let xs = Int(chip.x + chip.width * 0.72)..<Int(chip.x + chip.width - 10)
        let ys = Int(chip.y + chip.height * 0.3)..<Int(chip.y + chip.height * 0.7)
        var reddest: [String: Int] = [:]
        for (kind, fragment) in [("svg", try item.svg()), ("html", try item.html())] {
            let styled = try Chromium.shared.screenshot(Self.page(fragment, css: ":root{--tc-text:#ff0000}"), width: item.size.width,
                                                        height: item.size.height, name: "count-\(kind)")
            var least = 255
            for y in ys { for x in xs { least = min(least, Int(styled.pixel(x: x, y: y)[1])) } }
            reddest[kind] = least
        }
        // Opaque red has no green; red at 60 % over the chip's fill keeps about 40 % of its green.
        for (kind, green) in reddest {
            #expect(green > 50 && green < 160, "\(kind): the count's reddest pixel has green \(green)")
        }
        #expect(abs((reddest["svg"] ?? 0) - (reddest["html"] ?? 255)) <= 24, "SVG and HTML counts differ: \(reddest)")
    }

    @Test @MainActor func anAutomaticThemeUnderDarkModeEqualsTheDarkPNG() throws {
        for name in ["tag-cloud", "suggestion-picker-selected", "emoji"] {
            let item = try Case(name)
            let expected = try item.png(scale: 2, dark: true)
            let light = try item.png(scale: 2)
            let darkHTML = HTMLOptions(background: item.cloud.background, darkLook: item.darkCloud, darkBackground: item.darkCloud.background)
            for (kind, fragment) in [("svg", try item.svg(auto: true)), ("html", try item.html(darkHTML))] {
                let shot = try Chromium.shared.screenshot(Self.page(fragment), width: item.size.width, height: item.size.height,
                                                          scale: 2, dark: true, name: "auto-dark-\(kind)-\(name)")
                let result = try Self.compare(expected, shot)
                #expect(result.differentShare <= 0.005, "\(kind) \(name): \(result.differentPixels) pixels differ from the dark PNG")
                let lightShot = try Chromium.shared.screenshot(Self.page(fragment), width: item.size.width, height: item.size.height,
                                                               scale: 2, dark: false, name: "auto-light-\(kind)-\(name)")
                let lightResult = try Self.compare(light, lightShot)
                #expect(lightResult.differentShare <= 0.005, "\(kind) \(name): \(lightResult.differentPixels) pixels differ from the light PNG")
            }
        }
    }

    // MARK: The HTML fragment

    /// At the spec's width Chromium's rendering of the HTML fragment equals the PNG at scale 2
    /// (at most 0.5 % of pixels differ beyond anti-aliasing); at 320 px it overflows nothing.
    @Test(arguments: gallery) @MainActor func theHTMLFragmentEqualsThePNG(name: String) throws {
        let item = try Case(name)
        let html = try item.html(HTMLOptions(background: item.cloud.background))
        let shot = try Chromium.shared.screenshot(Self.page(html), width: item.size.width, height: item.size.height, scale: 2,
                                                  name: "html-\(name)")
        let result = try Self.compare(try item.png(scale: 2), shot)
        #expect(result.differentShare <= 0.005, "\(name): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
        let overflow = try Chromium.shared.evaluate(
            "document.documentElement.scrollWidth <= 320 && [...document.querySelectorAll('.tc-cloud')].every(e => e.scrollWidth <= e.clientWidth)",
            in: Self.page(html), width: 320, height: 600, name: "narrow-\(name)")
        #expect(overflow as? Bool == true, "\(name): the fragment overflows a 320 px page")
    }

    /// A weighted cloud's chips, at the fractional sizes its weights give (40 tags, 9.5 to 47.3
    /// pt), are where the layout put them in the fragment as Chromium lays it out: every chip's
    /// box within 0.05 px of the layout's, relative to the first. Shaped at the exact sizes, the
    /// widths were up to 0.2 px off and rows could overflow.
    @Test @MainActor func aWeightedCloudsFragmentHasTheLayoutsBoxes() throws {
        var yaml = "width: 640\nweights: {minSize: 9.5, maxSize: 47.3}\nspacing: {horizontal: 6.5, vertical: 4}\nbackground: white\ntags:\n"
        let words = ["Swift", "Linux", "Cairo", "HarfBuzz", "FreeType", "layout", "flex", "wrap", "chip", "cloud"]
        for index in 0..<40 { yaml += "  - {text: \"\(words[index % 10]) \(index)\", weight: \(1 + (index * 37) % 97)}\n" }
        let item = try Case("weighted-fractional", yaml: yaml)
        #expect(Set(item.rendered.layout.chips.map(\.height)).count > 10)
        let html = try item.html(HTMLOptions(background: item.cloud.background))
        let boxes = try Chromium.shared.evaluate(
            "[...document.querySelectorAll('li.tc-chip')].map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height] })",
            in: Self.page(html), width: item.size.width, height: item.size.height, name: "weighted-fractional") as? [[Double]] ?? []
        let chips = item.rendered.layout.chips
        try #require(boxes.count == chips.count, "\(boxes.count) chips in the page, \(chips.count) in the layout")
        let dx = boxes[0][0] - chips[0].x, dy = boxes[0][1] - chips[0].y
        var worst = 0.0
        for (box, chip) in zip(boxes, chips) {
            worst = max(worst, abs(box[0] - dx - chip.x), abs(box[1] - dy - chip.y), abs(box[2] - chip.width), abs(box[3] - chip.height))
        }
        #expect(worst <= 0.05, "a chip's box is \(worst) px from the layout's")
    }

    /// Chips whose label has a count or a checkmark, aligned by their first baselines, are where
    /// the layout put them in the fragment as Chromium lays it out: a one-letter label with a
    /// one-digit count was cut to "… 7" (the ellipsis is wider than the letter), and a selected
    /// chip's checkmark gave the chip its own baseline (a 9-pt label 10 pt above its row).
    @Test(arguments: [
        "style: suggestionChips\nlabel: \"{text} {weight}\"\ntags:\n  - {text: C, weight: 7}\n  - {text: R, weight: 3}\n"
            + "  - {text: a, weight: 1}\n  - {text: Go, weight: 5}\n  - {text: Swift, weight: 12}\n",
        "width: 400\nalignment: leadingFirstTextBaseline\nstyle: suggestionChips\ntags:\n  - {text: Baseline, font: {size: 30}}\n"
            + "  - {text: Selected, selected: true}\n  - {text: Plain}\n  - {text: Small, font: {size: 9}, selected: true}\n"
            + "  - {text: Huge, font: {size: 40}, selected: true}\n",
        "width: 360\njustification: spaceBetween\nalignment: centerFirstTextBaseline\nweights: {minSize: 11, maxSize: 30}\n"
            + "label: \"{text} {weight}\"\ntags:\n  - {text: Swift, weight: 40}\n  - {text: Go, weight: 2}\n"
            + "  - {text: Rust, weight: 20, selected: true}\n  - {text: Kotlin, weight: 8}\n  - {text: TypeScript, weight: 30}\n"
            + "  - {text: Zig, weight: 1}\n  - {text: Elixir, weight: 5, selected: true}\n  - {text: Haskell, weight: 12}\n",
        "width: 360\njustification: stretch\nstyle: suggestionChips\nlabel: \"{text} {weight}\"\ntags:\n"
            + "  - {text: Swift, weight: 4, selected: true}\n  - {text: Go, weight: 2}\n  - {text: Rust, weight: 3}\n"
            + "  - {text: TypeScript, weight: 1}\n  - {text: Zig, weight: 1, selected: true}\n  - {text: Elixir}\n",
    ])
    @MainActor func chipsWithCountsAndCheckmarksHaveTheLayoutsBoxes(yaml: String) throws {
        let item = try Case("counts-checks-\(yaml.utf8.count)", yaml: yaml + "background: white\n")
        #expect(!item.rendered.displayList.items.isEmpty)
        let shown = item.rendered.layout.chips.filter { $0.shown != nil }
        #expect(shown.isEmpty, "cut labels: \(shown.map(\.text))")
        let html = try item.html(HTMLOptions(background: item.cloud.background))
        let boxes = try Chromium.shared.evaluate(
            "[...document.querySelectorAll('li.tc-chip')].map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height] })",
            in: Self.page(html), width: item.size.width, height: item.size.height, name: item.name) as? [[Double]] ?? []
        let chips = item.rendered.layout.chips
        try #require(boxes.count == chips.count, "\(boxes.count) chips in the page, \(chips.count) in the layout")
        let dx = boxes[0][0] - chips[0].x, dy = boxes[0][1] - chips[0].y
        for (box, chip) in zip(boxes, chips) {
            let off = max(abs(box[0] - dx - chip.x), abs(box[1] - dy - chip.y), abs(box[2] - chip.width), abs(box[3] - chip.height))
            #expect(off <= 0.05, "\(chip.text): the page's box \(box) is \(off) px from the layout's \([chip.x, chip.y, chip.width, chip.height])")
        }
    }

    /// A cloud narrower than its chips' narrowest (padding, an ellipsis, counts and checkmark) is
    /// drawn by the browser as by the picture: each such chip at its narrowest, showing "…". The
    /// page squeezed the chips to the row and showed a clipped first letter ("P", or "P." with a
    /// cut ellipsis once the chips kept their width: a browser never ellipses a line's first
    /// letter), where the picture shows "…" in a wider chip.
    @Test(arguments: [
        ("font: {size: 40}\nwidth: 40\ntags: [Python, JavaScript]\n", 2),
        ("width: 30\nstyle: suggestionChips\nlabel: \"{text} {weight}\"\ntags:\n  - {text: Kubernetes, weight: 12, selected: true}\n"
            + "  - {text: Swift, weight: 3}\n  - {text: C, weight: 7, selected: true}\n", 2),
        ("width: 20\nstyle: suggestionChips\ntags:\n  - {text: Go, selected: true}\n  - {text: Rust}\n  - {text: Elixir}\n", 3),
    ])
    @MainActor func chipsNarrowerThanAnEllipsisShowOneAsInThePicture(yaml: String, cutToEllipsis: Int) throws {
        // The layout is as wide as its chips, a fraction of a point: the page is shot whole and
        // cut to the picture's pixels.
        let (rendered, html) = try Self.cloudAndFragment(yaml + "background: white\n")
        let picture = try rendered.displayList.rgbaImage(scale: 2, background: rendered.background)
        let size = rendered.pixelSize(scale: 1)
        let shot = try Chromium.shared.screenshot(Self.page(html), width: size.width, height: size.height, scale: 2,
                                                  name: "html-narrowest-\(yaml.utf8.count)")
        let result = try Self.compare(picture, shot.cropped(x: 0, y: 0, width: picture.width, height: picture.height))
        #expect(rendered.layout.chips.filter { $0.shown == "\u{2026}" }.count == cutToEllipsis, "\(rendered.layout.chips)")
        #expect(rendered.layout.width > rendered.cloud.width + 2 * rendered.cloud.padding, "the layout is wider than the cloud")
        #expect(html.contains("aria-label=\"\(rendered.layout.chips[0].text)\""), "the chip keeps its name")
        #expect(result.differentShare <= 0.005, "\(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
    }

    /// A bold cloud with labels in fallback faces that have no bold face of their own (Noto
    /// Sans Thai's Regular is what fontconfig falls back to, as Chromium does) looks in the page
    /// as in the picture: emboldened by the browser as the picture emboldens it (the page showed
    /// them regular: font synthesis was off and no face declared its weight).
    @Test @MainActor func aBoldLabelInAFallbackFaceIsBoldInThePage() throws {
        let yaml = "font: {weight: bold, size: 22}\nbackground: white\ntags: [ไก่ไข่, สวัสดี, Swift, ภาษาไทย]\n"
        let (rendered, html, result) = try Self.pageAgainstPicture(yaml, name: "bold-fallback")
        try #require(rendered.fontWarnings.isEmpty && rendered.layout.chips[0].fonts == ["Noto Sans Thai"], "\(rendered.layout.chips[0].fonts)")
        #expect(html.contains("font-weight:700;font-style:normal") && html.contains("font-synthesis:weight style"))
        // Regular labels differed in 653 of its 126,360 pixels; emboldened as the picture, in 66
        // (the edges of Blink's and Cairo's emboldening).
        #expect(result.differentPixels <= 200, "bold-fallback: \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
    }

    /// An English label cut in a right-to-left chip is laid out in its own direction, as the
    /// page lays it out (`unicode-bidi: plaintext`): its start shows, from the left, and the
    /// ellipsis ends it on the right. So does a label of digits alone, which has no direction of
    /// its own and reads left to right (UAX #9 rule P3).
    @Test @MainActor func aLabelAgainstTheDirectionIsCutAsInThePage() throws {
        let yaml = "width: 260\ndirection: rtl\nbackground: white\nlabel: \"{text} {weight}\"\ntags:\n"
            + "  - {text: \"English in RTL cloud that is long enough to be cut\", weight: 3}\n"
            + "  - {text: \"Another English label far too long for the row\"}\n  - {text: \"שלום\", weight: 2}\n"
            + "  - {text: \"1234 5678 9012 3456 7890 1234 5678 9012 3456\"}\n"
        let (rendered, _, result) = try Self.pageAgainstPicture(yaml, name: "rtl-cut")
        #expect(rendered.layout.chips[0].shown?.hasPrefix("English in") == true, "\(String(describing: rendered.layout.chips[0].shown))")
        #expect(rendered.layout.chips[3].shown?.hasPrefix("1234 5678") == true, "\(String(describing: rendered.layout.chips[3].shown))")
        // The page keeps the space before its ellipsis in the English labels (about 600 pixels).
        #expect(result.differentShare <= 0.005, "rtl-cut: \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
    }

    /// An Arabic label cut to fit its chip keeps its letters' joined forms before the ellipsis,
    /// as the page does: the browser cuts the label it shaped (its glyphs up to the cut, then the
    /// ellipsis), where the picture shaped the kept text again, which gave the last kept letter its
    /// final form, often wider, so that one letter fewer fitted. (Shaped again, 122 to 141
    /// pixels of each picture differed from the page's; cut from the label's shaping, 9.)
    @Test(arguments: [("rtl", 220), ("ltr", 200), ("rtl", 160)])
    @MainActor func anArabicLabelIsCutWithItsJoinedForms(direction: String, width: Int) throws {
        let yaml = "width: \(width)\ndirection: \(direction)\nbackground: white\ntags:\n"
            + "  - \"مرحبا بكم في عالم البرمجة الحديثة والتصميم\"\n  - \"سلام\"\n  - \"كتابة النصوص العربية الطويلة جدا\"\n"
        let (rendered, _, result) = try Self.pageAgainstPicture(yaml, name: "arabic-cut-\(direction)-\(width)")
        #expect(rendered.layout.chips[0].shown != nil && rendered.layout.chips[2].shown != nil, "the long labels are cut")
        #expect(result.differentPixels <= 40, "\(direction) \(width): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
    }

    /// In a contrast theme (`forced-colors: active`), which drops the chips' fills and inset
    /// borders, every chip keeps a visible edge in the theme's text colour, a selected chip a
    /// thicker one, and a focused link a ring outside its chip (the labels floated with no chip
    /// around them).
    @Test @MainActor func inAContrastThemeEveryChipKeepsItsEdge() throws {
        let yaml = "style: suggestionChips\nwidth: 360\nbackground: white\ntags:\n  - {text: Swift, href: \"https://swift.org\"}\n"
            + "  - {text: Linux, selected: true, href: \"/linux/\"}\n  - {text: Cairo, href: \"/cairo/\"}\n  - HarfBuzz\n"
        let (rendered, html) = try Self.cloudAndFragment(yaml)
        let size = rendered.pixelSize(scale: 1)
        let page = Self.page(html)
        /// The dark pixels of the row through a chip's middle, from `from` to `to` points past its left edge.
        func darkRun(_ shot: RGBAImage, chip: Int, from: Int, to: Int) -> Int {
            let frame = rendered.layout.chips[chip]
            let y = Int(frame.y + frame.height / 2), left = Int(frame.x.rounded())
            return (left + from...left + to).filter { x in
                let pixel = shot.pixel(x: x, y: y)
                return Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2]) < 3 * 128
            }.count
        }
        let shot = try Chromium.shared.screenshot(page, width: size.width, height: size.height, forcedColors: true, name: "forced-colors")
        for chip in rendered.layout.chips.indices {
            #expect(darkRun(shot, chip: chip, from: -1, to: 1) >= 1, "chip \(chip) (\(rendered.layout.chips[chip].text)) has no edge")
        }
        #expect(darkRun(shot, chip: 1, from: -1, to: 4) >= 3, "the selected chip's edge is not thicker")
        #expect(darkRun(shot, chip: 0, from: -1, to: 4) <= 2, "an unselected chip's edge is thick")
        let focused = try Chromium.shared.screenshot(page, width: size.width, height: size.height, forcedColors: true,
                                                     focus: "li.tc-chip a", name: "forced-colors-focus")
        #expect(darkRun(focused, chip: 0, from: -6, to: -2) >= 2, "the focused link has no ring outside its chip")
        // Outside a contrast theme the page is unchanged: the chips' own fills, no outline.
        let normal = try Chromium.shared.screenshot(page, width: size.width, height: size.height, name: "forced-colors-off")
        #expect(darkRun(normal, chip: 0, from: -1, to: 1) == 0)
    }

    /// An inline SVG in a contrast theme is drawn in the theme's colours, as the HTML is: a dark
    /// look's white labels were drawn as written, on the theme's white page (and a light look's
    /// black ones on a black page). Every chip gets an edge, every label the theme's text colour.
    @Test @MainActor func anInlineSVGInAContrastThemeTakesItsColours() throws {
        let item = try Case("forced-svg", yaml: "theme: dark\nwidth: 360\ntags: [Swift, {text: Linux, selected: true}, Cairo, HarfBuzz]\n")
        let page = Self.page(try item.svg())
        let shot = try Chromium.shared.screenshot(page, width: item.size.width, height: item.size.height, forcedColors: true,
                                                  name: "forced-colors-svg")
        for (index, chip) in item.rendered.layout.chips.enumerated() {
            let y = Int(chip.y + chip.height / 2)
            var darkest = 255
            for x in Int(chip.x + chip.height / 2)..<Int(chip.x + chip.width - chip.height / 2) {
                darkest = min(darkest, shot.pixel(x: x, y: y).prefix(3).map(Int.init).max() ?? 255)
            }
            #expect(darkest < 80, "chip \(index) (\(chip.text)): its label's darkest pixel is \(darkest) of 255 on a white page")
            let left = Int(chip.x.rounded())
            let edge = (left - 1...left + 1).contains { x in shot.pixel(x: x, y: y).prefix(3).map(Int.init).reduce(0, +) < 3 * 128 }
            #expect(edge, "chip \(index) (\(chip.text)) has no edge")
        }
    }

    /// A focused linked chip in SVG is ringed two points outside its shape, with the page's
    /// background between: the ring was a stroke under the chip's fill, touching it, and on a
    /// selected chip (an accent-coloured border) it read as a thicker border, not as focus.
    @Test @MainActor func aFocusedSVGChipIsRingedApartFromItsEdge() throws {
        let yaml = "style: suggestionChips\nwidth: 360\nbackground: white\ntags:\n  - {text: Swift, href: \"https://swift.org\"}\n"
            + "  - {text: Linux, selected: true, href: \"/linux/\"}\n  - {text: Cairo, href: \"/cairo/\"}\n"
        let item = try Case("focus-ring", yaml: yaml)
        let page = Self.page(try item.svg())
        for (index, selector) in [(0, "a.tc-link"), (1, "a[aria-current]")] {
            let shot = try Chromium.shared.screenshot(page, width: item.size.width, height: item.size.height, scale: 2, focus: selector,
                                                      name: "svg-focus-\(index)")
            let frame = item.rendered.layout.chips[index]
            let y = Int((frame.y + frame.height / 2) * 2), left = Int((frame.x * 2).rounded())
            /// Whether device pixel `x` of the chip's middle row is the ring's blue.
            func isRing(_ x: Int) -> Bool {
                let pixel = shot.pixel(x: x, y: y)
                return Int(pixel[2]) - Int(pixel[0]) > 80
            }
            /// Whether it is the page's white.
            func isPage(_ x: Int) -> Bool { shot.pixel(x: x, y: y).prefix(3).allSatisfy { $0 > 240 } }
            #expect(isPage(left - 2), "chip \(index): no gap between the chip and its ring")
            #expect((left - 9...left - 5).contains(where: isRing), "chip \(index): no ring outside the chip")
        }
    }

    /// A chip at the picture's edge (`padding: 0`, for a page that spaces the cloud itself) is
    /// ringed whole when focused, as the HTML's outline is: an inline SVG clips what it draws
    /// outside its box (Chromium's `svg:not(:root) { overflow: hidden }`), and the ring lost its
    /// left and top.
    @Test @MainActor func aFocusedSVGChipAtTheEdgeIsRingedWhole() throws {
        let item = try Case("focus-edge", yaml: "padding: 0\nwidth: 200\ntags: [{text: Swift, href: /swift/}, Linux]\n")
        // The cloud 20 px from the page's edges, so that the page has room for the ring.
        let page = Self.page("<div style=\"margin:20px\">\(try item.svg())</div>")
        let shot = try Chromium.shared.screenshot(page, width: item.size.width + 40, height: item.size.height + 40, scale: 2,
                                                  focus: "a.tc-link", name: "svg-focus-edge")
        let frame = item.rendered.layout.chips[0]
        /// Whether one of device pixels `xs` of row `y` is the ring's blue.
        func hasRing(x xs: ClosedRange<Int>, y: Int) -> Bool {
            xs.contains { x in let pixel = shot.pixel(x: x, y: y); return Int(pixel[2]) - Int(pixel[0]) > 80 }
        }
        let middle = Int((20 + frame.y + frame.height / 2) * 2), left = Int(((20 + frame.x) * 2).rounded())
        #expect(hasRing(x: left - 9...left - 5, y: middle), "no ring left of the chip at the picture's left edge")
        let centre = Int((20 + frame.x + frame.width / 2) * 2), top = Int(((20 + frame.y) * 2).rounded())
        #expect((top - 9...top - 5).contains { y in hasRing(x: centre...centre, y: y) }, "no ring above the chip at the picture's top edge")
    }

    /// A label cut to fit its chip is cut as the page cuts it in every script: where a grapheme
    /// and a shaped cluster both start (a Devanagari conjunct, a Thai vowel and its consonant, an
    /// emoji ZWJ sequence kept or dropped whole), with the glyphs the label was shaped with.
    @Test(arguments: [
        ("devanagari", "width: 180\ntags: [\"हिन्दी भाषा में लिखा गया एक बहुत लंबा टैग\", क्षत्रिय]\n"),
        ("thai", "width: 170\ntags: [\"ภาษาไทยเป็นภาษาที่ยาวมากสำหรับป้ายนี้\", สวัสดี]\n"),
        ("emoji", "width: 150\ntags: [\"Family 👨‍👩‍👧‍👦 and flags 🇫🇷🇯🇵 and more text\", \"👍🏽\"]\n"),
        ("hebrew", "width: 170\ndirection: rtl\ntags: [\"שלום עולם זהו תג ארוך מאוד שנחתך\", שלום]\n"),
    ])
    @MainActor func aCutLabelInAnyScriptIsCutAsInThePage(name: String, spec: String) throws {
        let (rendered, _, result) = try Self.pageAgainstPicture("background: white\n" + spec, name: "cut-script-\(name)")
        #expect(rendered.layout.chips[0].shown != nil, "\(name): the first label is not cut")
        // Measured: Devanagari 59 pixels of 100,064 (the glyphs' edges), Thai 14, emoji 1, Hebrew 3.
        #expect(result.differentShare <= 0.002, "\(name): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG (shown: \(rendered.layout.chips[0].shown ?? ""))")
    }

    /// A seeded label of words from several scripts, at a seeded width and direction.
    struct MixedLabel {
        var text = "", width = 0, direction = ""
        private var state: UInt64

        init(seed: Int, words: [String], wordCount: ClosedRange<Int>, widths: ClosedRange<Int>) {
            state = UInt64(seed + 1) &* 6364136223846793005
            text = (0..<next(wordCount)).map { _ in words[next(0...words.count - 1)] }.joined(separator: " ")
            width = next(widths)
            direction = next(0...1) == 0 ? "ltr" : "rtl"
        }

        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
    }

    /// Renders `yaml` (a cut first tag) and expects the page to cut it as the picture does.
    @MainActor static func expectCutAsInThePage(_ yaml: String, name: String, label: MixedLabel) throws {
        let (rendered, _, result) = try pageAgainstPicture(yaml, name: name)
        #expect(rendered.layout.chips[0].shown != nil, "\(name): not cut")
        let shown = rendered.layout.chips[0].shown ?? ""
        #expect(result.differentShare <= 0.002, "\(name) (\(label.direction), \(label.width) pt, shown \(shown)): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
    }

    /// Labels mixing scripts and directions, cut to chips of random widths in both directions,
    /// are cut as the page cuts them: CSS hides what overflows in visual order, so a right-to-left
    /// run in a left-to-right label shows its logical end (the picture kept its logical start: up
    /// to 799 pixels of about 100,000 differed in 16 such labels; now at most 18, and 64 labels
    /// were all within the test's 0.2 %).
    @Test(arguments: Array(0..<32)) @MainActor func aLabelMixingDirectionsIsCutAsInThePage(seed: Int) throws {
        let words = ["Swift", "fi", "ffl", "AVATAR", "Typography", "مرحبا", "لا", "بالعربية", "שלום", "עולם", "हिन्दी",
                     "क्षत्रिय", "ภาษาไทย", "สวัสดี", "👨‍👩‍👧", "🇫🇷", "Ελληνικά", "Русский", "日本語", "C++"]
        let label = MixedLabel(seed: seed, words: words, wordCount: 8...13, widths: 120...239)
        try Self.expectCutAsInThePage("background: white\nwidth: \(label.width)\ndirection: \(label.direction)\n"
                                      + "tags:\n  - \"\(label.text)\"\n  - short\n", name: "mixed-cut-\(seed)", label: label)
    }

    /// A label wrapped onto `chip.lineLimit` lines and cut ends its last line as the page's
    /// `-webkit-line-clamp` does: the line as it was broken (its trailing space kept), then the
    /// ellipsis, cut into only when both do not fit. (The text after the line was cut to fit
    /// instead, which showed the next word's first letters, "magna ali…", where the page shows
    /// "magna …": up to 4,140 pixels of about 100,000 differed.) Thai words break where ICU's
    /// dictionary says, as in the page (they broke only at spaces: 6,136 pixels differed).
    @Test(arguments: Array(0..<24)) @MainActor func aLabelCutOnItsLastLineEndsAsInThePage(seed: Int) throws {
        let words = ["Swift", "fi", "AVATAR", "Typography", "مرحبا", "لا", "بالعربية", "שלום", "עולם", "हिन्दी", "👨‍👩‍👧",
                     "Ελληνικά", "Русский", "日本語", "C++", "internationalization", "ภาษาไทย", "สวัสดีครับ"]
        var label = MixedLabel(seed: seed + 100, words: words, wordCount: 10...17, widths: 140...239)
        let lines = label.next(2...3)
        try Self.expectCutAsInThePage("background: white\nwidth: \(label.width)\ndirection: \(label.direction)\n"
                                      + "chip: {lineLimit: \(lines)}\ntags:\n  - \"\(label.text)\"\n  - short\n",
                                      name: "clamp-cut-\(seed)", label: label)
    }

    /// Each label takes its direction from its first strong character, in the picture as in the
    /// page: "C++", "#hashtag" and "iOS 17?" read left to right in a right-to-left cloud (they
    /// showed "++C", "hashtag#", "?iOS 17"), and "שלום!" and "مرحبا!" right to left in a
    /// left-to-right one, their "!" at the left; a label without a letter ("-5 °", "42") takes the cloud's.
    @Test(arguments: ["rtl", "ltr"]) @MainActor func eachLabelReadsInItsOwnDirection(direction: String) throws {
        let yaml = "width: 300\ndirection: \(direction)\nbackground: white\nstyle: suggestionChips\ntags:\n"
            + "  - \"C++\"\n  - \"Node.js!\"\n  - \"#hashtag\"\n  - \"iOS 17?\"\n  - \"-5 °\"\n  - {text: \"C#\", selected: true}\n"
            + "  - \"שלום!\"\n  - \"مرحبا!\"\n  - \"42\"\n  - \"C# מדריך\"\n"
        let (rendered, _, result) = try Self.pageAgainstPicture(yaml, name: "own-direction-\(direction)")
        #expect(rendered.layout.chips.allSatisfy { $0.shown == nil })
        #expect(result.differentShare <= 0.002, "\(direction): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
    }

    /// A label cut to fit a chip narrowed to the row keeps its count or checkmark at the chip's
    /// trailing edge, as the page does: the cut text takes the width left to it (a cut `Text` is
    /// only as wide as its cut line, which put the count beside the "…" and left a gap at the
    /// chip's end). Left to right and right to left, with a count, a checkmark, and two lines.
    @Test(arguments: [
        ("count-ltr", "width: 200\nlabel: \"{text} {weight}\"\ntags:\n  - {text: \"A very long tag that must be cut somewhere\", weight: 12}\n  - {text: short, weight: 3}\n"),
        ("count-rtl", "width: 220\ndirection: rtl\nlabel: \"{text} {weight}\"\ntags:\n  - {text: \"שלום עולם זהו תג ארוך מאוד שנחתך\", weight: 42}\n  - {text: שלום, weight: 2}\n"),
        ("checkmark", "width: 180\nstyle: suggestionChips\ntags:\n  - {text: \"A selected chip with a long label\", selected: true}\n  - {text: Plain}\n"),
        // The checkmark was put where the uncut label would end, over the cut text.
        ("checkmark-far", "width: 200\nstyle: suggestionChips\ntags:\n  - {text: \"Internationalization and localization\", selected: true}\n  - Swift\n"),
        ("checkmark-rtl", "width: 200\ndirection: rtl\nstyle: suggestionChips\ntags:\n  - {text: \"שלום עולם זהו תג ארוך מאוד שנחתך\", selected: true}\n  - שלום\n"),
        ("checkmark-beside-more", "width: 300\nmaxRows: 1\nstyle: suggestionChips\ntags:\n  - {text: \"Internationalization and localization\", selected: true}\n  - Swift\n  - Linux\n"),
        ("count-two-lines", "width: 170\nchip: {lineLimit: 2}\nlabel: \"{text} {weight}\"\ntags:\n  - {text: \"Two lines of text that are still far too long to fit\", weight: 7}\n"),
        // Under stretch a cut label was centred in the picture, up to half a letter from where
        // the page puts it.
        ("stretch", "width: 200\njustification: stretch\ntags: [\"Internationalization and localization\", Swift, Linux]\n"),
        ("stretch-beside-more", "width: 300\nmaxRows: 2\njustification: stretch\n"
            + "tags: [\"Internationalization and localization\", Swift, Linux, Docker, \"Another long tag\", Kotlin, Go]\n"),
    ])
    @MainActor func aCutLabelKeepsItsCountAtTheChipsEnd(name: String, spec: String) throws {
        let (rendered, html, result) = try Self.pageAgainstPicture("background: white\n" + spec, name: "cut-\(name)")
        #expect(rendered.layout.chips[0].shown != nil, "\(name): the first label is not cut")
        #expect(result.differentShare <= 0.002, "\(name): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
        guard name.hasPrefix("checkmark") else { return }
        // A small symbol misplaced is few pixels: its place is checked too. The outline is in
        // picture coordinates and the fragment at the page's origin, so the symbol's box must
        // start where its view box does (it was put where the uncut label would end: out of its
        // box, or over the cut text), and after the cut text (before it, right to left).
        let size = rendered.pixelSize(scale: 1)
        let boxes = try Chromium.shared.evaluate(
            "(() => { const c = document.querySelector('li.tc-chip'); const t = c.querySelector('.tc-text').getBoundingClientRect();"
                + " const s = c.querySelector('svg.tc-check'); const k = s.getBoundingClientRect(); const v = s.viewBox.baseVal;"
                + " return [t.left, t.right, k.left, k.right, k.top, v.x, v.y] })()",
            in: Self.page(html), width: size.width, height: size.height, name: "cut-\(name)-boxes") as? [Double] ?? []
        try #require(boxes.count == 7)
        #expect(abs(boxes[2] - boxes[5]) < 0.5 && abs(boxes[4] - boxes[6]) < 0.5,
                "\(name): the checkmark's box is at \(boxes[2]), \(boxes[4]) and its view box at \(boxes[5]), \(boxes[6])")
        let rtl = spec.contains("direction: rtl")
        #expect(rtl ? boxes[3] <= boxes[0] + 0.5 : boxes[2] >= boxes[1] - 0.5, "\(name): the checkmark \(boxes[2...3]) overlaps the text \(boxes[..<2])")
    }

    /// A first tag cut to share the one row `maxRows` allows with the "+N" chip is cut in the
    /// page as in the PNG, and keeps that room in a page narrower than the cloud (the browser
    /// put the "+N" chip on a second row: a flex item's width counts before it shrinks).
    @Test(arguments: [
        ("ltr", "An extraordinarily long first tag that cannot fit the row at all"),
        ("rtl", "שלום עולם זהו תג ארוך מאוד שנחתך בשורה אחת"),
    ])
    @MainActor func aFirstTagCutBesideThePlusChipIsCutInThePage(direction: String, first: String) throws {
        // The second of two rows too: the rule is the cut chip's, not the first child's.
        let second = "background: white\nwidth: 300\nmaxRows: 2\ndirection: \(direction)\ntags: [Swift, \"\(first)\", b, c, d]\n"
        let (two, _, twoResult) = try Self.pageAgainstPicture(second, name: "shared-second-row-\(direction)")
        #expect(two.layout.chips.map(\.text) == ["Swift", first, "+3"])
        #expect(twoResult.differentShare <= 0.002, "\(direction): \(twoResult.differentPixels) pixels differ from the PNG")
        let spec = "background: white\nwidth: 300\nmaxRows: 1\ndirection: \(direction)\ntags: [\"\(first)\", b, c, d]\n"
        let (rendered, html, result) = try Self.pageAgainstPicture(spec, name: "shared-row-\(direction)")
        #expect(rendered.layout.chips.map(\.text) == [first, "+3"])
        #expect(result.differentShare <= 0.002, "\(direction): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
        let tops = try Chromium.shared.evaluate(
            "[...document.querySelectorAll('li.tc-chip')].map(e => e.getBoundingClientRect().top)",
            in: Self.page("<div style=\"width:240px\">" + html + "</div>"), width: 320, height: 200,
            name: "shared-row-narrow-\(direction)") as? [Double] ?? []
        #expect(tops.count == 2 && Set(tops).count == 1, "\(direction): the chips' tops in a 240 px page: \(tops)")
        // Narrower than the cut chip's padding and ellipsis, the "+N" chip goes to the next row
        // (the chips overlapped: the cut one's box was narrower than its padding, which spilled
        // over the "+N" chip; the boxes of the chips and of their bodies are checked).
        let boxes = try Chromium.shared.evaluate(
            "[...document.querySelectorAll('li.tc-chip')].map(e => { const r = e.getBoundingClientRect(), b = e.querySelector('.tc-body').getBoundingClientRect();"
                + " return [Math.min(r.left, b.left), Math.max(r.right, b.right), r.top] })",
            in: Self.page("<div style=\"width:90px\">" + html + "</div>"), width: 320, height: 200,
            name: "shared-row-90-\(direction)") as? [[Double]] ?? []
        try #require(boxes.count == 2)
        let apart = boxes[0][2] != boxes[1][2] || boxes[0][1] <= boxes[1][0] + 0.5 || boxes[1][1] <= boxes[0][0] + 0.5
        #expect(apart, "\(direction): the chips overlap in a 90 px page: \(boxes)")
    }

    /// The cloud of `yaml` and its HTML fragment on the spec's background, as the command makes them.
    static func cloudAndFragment(_ yaml: String) throws -> (RenderedCloud, String) {
        let typesetter = try Typesetter.standard()
        let rendered = try Cloud(yaml: yaml).rendered(typesetter: typesetter)
        let html = String(decoding: try CloudHTML.html(rendered.cloud, rendered: rendered,
                                                       options: HTMLOptions(background: rendered.cloud.background),
                                                       typesetter: typesetter), as: UTF8.self)
        return (rendered, html)
    }

    /// A spec rendered with the machine's fonts (Debian's fonts-noto-core, which make test
    /// installs), as the command renders it: the cloud, its HTML fragment, and how Chromium's
    /// screenshot of the fragment differs from the PNG, both at scale 2.
    @MainActor
    static func pageAgainstPicture(_ yaml: String, name: String) throws -> (RenderedCloud, String, ImageDiff.Result) {
        let (rendered, html) = try cloudAndFragment(yaml)
        let size = rendered.pixelSize(scale: 1)
        let shot = try Chromium.shared.screenshot(page(html), width: size.width, height: size.height, scale: 2, name: "html-\(name)")
        return (rendered, html, try compare(try rendered.displayList.rgbaImage(scale: 2, background: rendered.background), shot))
    }

    /// An unjustified last row (`justifyLastRow: false`) keeps the alignment at the spec's width,
    /// as the PNG shows it, for every horizontal alignment.
    @Test(arguments: ["topLeading", "top", "topTrailing"], ["spaceBetween", "spaceEvenly", "stretch"])
    @MainActor func anUnjustifiedLastRowKeepsTheAlignment(alignment: String, justification: String) throws {
        let yaml = "justification: \(justification)\njustifyLastRow: false\nalignment: \(alignment)\nbackground: white\n"
            + "tags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Async/Await, Core Data, Instruments, TestFlight, Playgrounds]\n"
        let item = try Case("last-row-\(alignment)-\(justification)", yaml: yaml)
        let html = try item.html(HTMLOptions(background: item.cloud.background))
        let shot = try Chromium.shared.screenshot(Self.page(html), width: item.size.width, height: item.size.height, scale: 2,
                                                  name: "html-\(item.name)")
        let result = try Self.compare(try item.png(scale: 2), shot)
        #expect(result.differentShare <= 0.005, "\(item.name): \(result.differentPixels) pixels differ from the PNG")
    }

    /// Labels too wide for the row, with `chip.lineLimit` above 1: those that wrap are cut on
    /// their last line, and those with a word wider than the row stay on one line cut with "…",
    /// in the fragment as in the PNG (the fragment used to clip such a word with no "…"). A URL
    /// and words joined by "/" break where the page breaks them: not at the "/" (the picture
    /// wrapped a URL onto three lines the page kept on one).
    @Test(arguments: [2, 3]) @MainActor func cutLabelsOnSeveralLinesEqualThePNG(lineLimit: Int) throws {
        let yaml = "width: 150\nchip: {lineLimit: \(lineLimit)}\nbackground: white\n"
            + "tags: [Swift, Supercalifragilisticexpialidocious, \"Two words Supercalifragilisticexpialidocious\", "
            + "\"Alpha beta gamma delta epsilon zeta eta theta iota kappa\", Xcode, "
            + "\"https://example.com/a/very/long/path\", \"ab/cd ef/gh ij/kl mn/op qr/st uv/wx yz/ab cd/ef\"]\n"
        let item = try Case("cut-labels-\(lineLimit)", yaml: yaml)
        #expect(item.rendered.layout.chips.filter { $0.shown != nil }.count == 5, "five labels are cut")
        let html = try item.html(HTMLOptions(background: item.cloud.background))
        let shot = try Chromium.shared.screenshot(Self.page(html), width: item.size.width, height: item.size.height, scale: 2,
                                                  name: "html-\(item.name)")
        let result = try Self.compare(try item.png(scale: 2), shot)
        #expect(result.differentShare <= 0.005, "\(item.name): \(result.differentPixels) of \(result.totalPixels) pixels differ from the PNG")
    }

    // MARK: Links

    /// Every link the page holds has an allowed scheme, in SVG and HTML.
    @Test @MainActor func everyLinkInThePageHasAnAllowedScheme() throws {
        let item = try Case("weights")
        for (kind, fragment) in [("svg", try item.svg(SVGOptions(linkTarget: .blank))), ("html", try item.html(HTMLOptions(linkTarget: .blank)))] {
            let value = try Chromium.shared.evaluate(
                "JSON.stringify([...document.querySelectorAll('a')].map(a => [a.protocol ?? new URL(a.href.baseVal).protocol, a.getAttribute('target'), a.getAttribute('rel')]))",
                in: Self.page(fragment), name: "links-\(kind)")
            let links = try JSONSerialization.jsonObject(with: Data(((value as? String) ?? "[]").utf8)) as? [[Any]] ?? []
            #expect(links.count == item.cloud.chips.filter { $0.href != nil }.count, "\(kind): \(links)")
            for link in links {
                #expect(["https:", "http:"].contains(link[0] as? String ?? ""), "\(kind): \(link)")
                #expect(link[1] as? String == "_blank" && link[2] as? String == "noopener", "\(kind): \(link)")
            }
        }
    }

    /// Every refused scheme, in any letter case and with spaces or control characters around it,
    /// stops the spec at the tag's line (exit code 65 in the command); and a cloud built in code,
    /// which no parser checked, is refused when it is rendered.
    @Test @MainActor func everyRefusedSchemeIsRefused() throws {
        let hrefs = ["javascript:alert(1)", "JAVASCRIPT:alert(1)", " jAvAsCrIpT:alert(1)", "\\tjava\\nscript:alert(1)",
                     "vbscript:msgbox(1)", "data:text/html,x", "file:///etc/passwd", "ftp://example.com/x", "https://", "https://a.com/%zz"]
        for href in hrefs {
            let yaml = "tags:\n  - Swift\n  - {text: Evil, href: \"\(href)\"}\n"
            let error = #expect(throws: TagCloudError.self) { try renderSpec(yaml) }
            switch error {
            case .refusedLink(let tag, _, let reason, let location)?:
                #expect(tag == "Evil" && location?.line == 3, "\(href.debugDescription): \(reason)")
            case .controlCharacter(_, let tag, _, _)?:
                // The spec stage refuses control characters in any tag value before links are read.
                #expect(tag == "Evil")
            default:
                Issue.record("\(href.debugDescription): \(String(describing: error))")
            }
            var built = Cloud(tags: ["Swift", Cloud.Tag("Evil", href: href)])
            built.width = 300
            #expect(throws: TagCloudError.self) { try built.rendered(typesetter: bundledTypesetter) }
        }
    }
}
