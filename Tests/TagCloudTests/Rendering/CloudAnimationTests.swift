import Canvas
import Foundation
import TagCloud
import TagCloudUI
import Testing

/// `Cloud.animation(to:)`: the change from one spec to another as TagCloudUI animates it, starting
/// and ending with the pictures `rendered()` draws.
@Suite @MainActor struct CloudAnimationTests {
    static let tags = "tags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Core Data, Vapor]"

    /// The picture of `list` on a transparent canvas of `size`, at its top-left corner.
    func image(_ list: DisplayList, on size: CGSize, scale: Double = 2) throws -> RGBAImage {
        try DisplayList(size: size, items: list.items).rgbaImage(scale: scale)
    }

    @Test func theFirstFrameIsTheFirstCloudAndTheLastTheSecond() throws {
        let from = try Cloud(yaml: "width: 358\nmaxRows: 1\n\(Self.tags)")
        var to = from
        to.width = 200
        to.maxRows = nil
        to.alignment = .center
        let animation = try from.animation(to: to, animation: .easeInOut, frameRate: 30, hold: 0.5, typesetter: bundledTypesetter)
        let first = try from.rendered(typesetter: bundledTypesetter), second = try to.rendered(typesetter: bundledTypesetter)
        #expect(animation.size.width == max(first.displayList.size.width, second.displayList.size.width))
        #expect(animation.size.height == max(first.displayList.size.height, second.displayList.size.height))
        let frames = try #require(animation.frames.first).list, last = try #require(animation.frames.last).list
        #expect(try frames.rgbaImage(scale: 2) == image(first.displayList, on: animation.size))
        #expect(try last.rgbaImage(scale: 2) == image(second.displayList, on: animation.size))
        // easeInOut lasts 0.35 s: 11 frames at 30 fps between the two holds, which are not cut.
        #expect(animation.frames.count >= 10 && animation.frames.count <= 13, "\(animation.frames.count) frames")
        #expect(animation.frames.first?.duration.seconds == 0.5)
        #expect(animation.frames.last?.duration.seconds == 0.5)
        // The chips maxRows hid fade in: some frame between shows them partly transparent.
        let middle = try animation.frames[animation.frames.count / 2].list.rgbaImage(scale: 2)
        let (firstStill, secondStill) = (try image(first.displayList, on: animation.size), try image(second.displayList, on: animation.size))
        #expect(middle != firstStill && middle != secondStill)
    }

    /// Labels too wide for the row are cut in the first and last frames as in the stills, and so
    /// is a first tag cut to share the one row with the "+N" chip: the states were laid out
    /// without the chips the stills' pass narrowed, and a long label wrapped onto two lines that
    /// ran off the picture.
    @Test(arguments: ["maxRows: 1\n", ""])
    func cutLabelsAreCutInTheFirstAndLastFrames(limit: String) throws {
        let from = try Cloud(yaml: "width: 300\n\(limit)tags: [\"Internationalization and localization\", Swift, Linux, Docker]")
        var to = from
        to.width = 240
        let animation = try from.animation(to: to, animation: .easeInOut, frameRate: 30, hold: 0.5, typesetter: bundledTypesetter)
        let first = try from.rendered(typesetter: bundledTypesetter), second = try to.rendered(typesetter: bundledTypesetter)
        #expect(first.layout.chips[0].shown != nil && second.layout.chips[0].shown != nil)
        let frames = try #require(animation.frames.first).list, last = try #require(animation.frames.last).list
        #expect(try frames.rgbaImage(scale: 2) == image(first.displayList, on: animation.size))
        #expect(try last.rgbaImage(scale: 2) == image(second.displayList, on: animation.size))
    }

    /// A tag that changes at a place cross-fades its label as its chip changes size: the label
    /// switched to the new text on the first frame, in a chip still of the old size, so that a
    /// longer label ran out of its chip.
    @Test func aLabelThatChangesCrossFades() throws {
        let from = try Cloud(yaml: "width: 358\ntags: [Swift, Go, Linux]")
        let to = try Cloud(yaml: "width: 358\ntags: [Swift, Internationalization, Linux]")
        let animation = try from.animation(to: to, animation: .linear(duration: 0.3), frameRate: 10, typesetter: bundledTypesetter)
        /// Each label's opacity in a frame.
        func labels(_ frame: AnimatedDisplayList.Frame) -> [String: Double] {
            var result: [String: Double] = [:]
            func walk(_ items: [DisplayItem], _ opacity: Double) {
                for item in items {
                    if case .group(let group) = item.content { walk(group.items, opacity * group.opacity) }
                    if case .text = item.content, let label = item.metadata.label { result[label] = opacity }
                }
            }
            walk(frame.list.items, 1)
            return result
        }
        let seen = animation.frames.map(labels)
        #expect(seen.count == 4, "\(seen)")
        #expect(seen.first == ["Swift": 1, "Go": 1, "Linux": 1])
        #expect(seen.last == ["Swift": 1, "Internationalization": 1, "Linux": 1])
        for (frame, progress) in zip(seen.dropFirst().dropLast(), [1.0 / 3, 2.0 / 3]) {
            #expect(abs((frame["Go"] ?? .nan) - (1 - progress)) < 1e-9, "\(frame)")
            #expect(abs((frame["Internationalization"] ?? .nan) - progress) < 1e-9, "\(frame)")
            #expect(frame["Swift"] == 1 && frame["Linux"] == 1, "\(frame)")
        }
    }

    @Test func theFontFilesOfBothSpecsDrawTheFrames() throws {
        let (folder, spec) = try FontFilesKeyTests.specFolder("""
            fonts: [fonts/InterSubset.woff2]
            width: 300
            tags: [Swift, {text: SwiftUI, font: {family: Inter}}]
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let from = try Cloud(contentsOf: spec)
        let to = try Cloud(yaml: "width: 120\nfonts: [\(folder.path)/fonts/DevanagariSubset.ttf]\nfont: {family: Noto Sans Devanagari}\ntags: [हिन्दी, Swift]")
        let animation = try from.animation(to: to, animation: .linear(duration: 0.1), frameRate: 30, typesetter: bundledTypesetter)
        let stills = (try from.rendered(typesetter: bundledTypesetter), try to.rendered(typesetter: bundledTypesetter))
        #expect(try animation.frames[0].list.rgbaImage() == image(stills.0.displayList, on: animation.size, scale: 1))
        #expect(try animation.frames.last?.list.rgbaImage() == image(stills.1.displayList, on: animation.size, scale: 1))
    }

    @Test func theDocumentationExampleWritesAnAnimatedSVG() throws {
        // The example of Cloud.animation(to:animation:frameRate:hold:loop:typesetter:).
        let from = try Cloud(yaml: "width: 358\ntags: [Swift, SwiftUI, Linux, Cairo]")
        var to = from
        to.width = 200
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cloud-animation-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: url) }
        try from.animationData(to: to, as: .svg).write(to: url)
        let svg = try String(contentsOf: url, encoding: .utf8)
        #expect(svg.contains("@keyframes") && !svg.contains("<script"))
        // The same two clouds give the same bytes.
        #expect(try from.animationData(to: to, as: .svg) == Data(svg.utf8))
    }

    /// The animated SVG repeats what its frames draw, but writes each id once, and shows
    /// assistive technology one cloud: the pieces the last frame does not show are hidden from it,
    /// and no group stands between the list and its items.
    @Test func theAnimatedSVGHasUniqueIdsAndOneReadableCloud() throws {
        let from = try Cloud(yaml: "width: 358\n\(Self.tags)")
        var to = from
        to.order = Cloud.Order(by: .name)
        let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.2), frameRate: 20,
                                                         typesetter: bundledTypesetter), as: UTF8.self)
        let ids = svg.matches(of: /\sid="([^"]+)"/).map { String($0.1) }
        #expect(ids.count > 20)
        #expect(Set(ids).count == ids.count, "repeated ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted().prefix(5))")
        // Each piece is a group with an id ending in tcanimN, inside the cloud's list (a group
        // between the list and its items, so presentational). Assistive technology reads what
        // shows: no piece is hidden from it for good, and those the last frame does not show are
        // `visibility: hidden` in it (the still state for less motion is each piece's last).
        let pieces = svg.matches(of: /<g id="([^"]*tcanim\d+)" role="none">/).map { String($0.1) }
        #expect(!svg.contains("aria-hidden"))
        let still = try #require(svg.range(of: "@media (prefers-reduced-motion:reduce){").map { svg[$0.upperBound...] })
        let hidden = pieces.filter { piece in
            still.split(separator: "\n").contains { $0.hasPrefix("[id=\"\(piece)\"]{animation:none;") && $0.hasSuffix("visibility:hidden}") }
        }
        #expect(pieces.count > 2 && hidden.count >= 1 && hidden.count < pieces.count, "\(pieces.count) pieces, \(hidden.count) hidden at the end")
        // Between a list and its items, groups are presentational.
        for list in svg.ranges(of: "role=\"list\"") {
            let rest = svg[list.upperBound...]
            guard let item = rest.range(of: "role=\"listitem\"") else { continue }
            for group in rest[..<item.lowerBound].matches(of: /<g[^>]*>/) {
                #expect(group.0.contains("role=\"none\""), "\(group.0)")
            }
        }
    }

    /// The animated SVG is written for the web as the still SVG of the cloud it ends on: its
    /// id, title, language, responsive width and link target, and the spec's own background or
    /// none (every key was dropped, and the theme's white painted under a cloud without one).
    @Test func theAnimatedSVGTakesTheWebKeys() throws {
        let keys = "id: mycloud\ntitle: My tags\nlinkTarget: _blank\nresponsive: true\nlocale: fr\n"
        let from = try Cloud(yaml: keys + "width: 300\ntags: [{text: Alpha, href: \"https://a.example\"}, Beta]\n")
        var to = from
        to.width = 200
        let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.1), frameRate: 20,
                                                         typesetter: bundledTypesetter), as: UTF8.self)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"mycloud\" class=\"tc-svg\" width=\"332\" height=\"68\""), "\(svg.prefix(300))")
        #expect(svg.contains("#mycloud{width:100%;"), "responsive: as wide as its container")
        #expect(svg.contains(" lang=\"fr\">") && svg.contains("<title id=\"mycloud-title\">My tags</title>"))
        #expect(svg.contains("target=\"_blank\" rel=\"noopener\""))
        #expect(!svg.contains("<rect class=\"tc-background"), "no background of the spec's own: transparent")
        var dark = from, darker = to
        dark.background = CSSColor(red: 0, green: 0, blue: 0)
        darker.background = dark.background
        let painted = String(decoding: try dark.animationData(to: darker, as: .svg, animation: .linear(duration: 0.1), frameRate: 20,
                                                             typesetter: bundledTypesetter), as: UTF8.self)
        #expect(painted.contains("<rect class=\"tc-background"), "a shared background of the spec's own is painted")
    }

    /// An animation of more moving views in all its frames than the limit is refused before a
    /// frame is drawn (3,000 tags at 240 frames per second took 3 GiB, and their SVG 635 MB).
    @Test func anAnimationOfTooManyChipFramesIsRefused() throws {
        let tags = (0..<2600).map { "tag\($0)" }.joined(separator: ", ")
        let from = try Cloud(yaml: "width: 800\ntags: [\(tags)]\n")
        var to = from
        to.width = 600
        #expect {
            try from.animation(to: to, animation: .linear(duration: 1), frameRate: 240, typesetter: bundledTypesetter)
        } throws: { error in
            guard case TagCloudError.animationTooLarge(let views, let frames, let limit)? = error as? TagCloudError else { return false }
            return views > 2600 && frames == 239 && limit == 500_000
        }
        // With the way back, every change is counted before a frame is drawn, and the message's
        // views and frames make the count (it named one change's frames: 2001 × 194 is no
        // more than 500,000).
        let fewer = try Cloud(yaml: "width: 800\ntags: [\((0..<1300).map { "tag\($0)" }.joined(separator: ", "))]\n")
        var narrower = fewer
        narrower.width = 600
        #expect {
            try fewer.animation(to: narrower, animation: .linear(duration: 1), frameRate: 240, loop: true, typesetter: bundledTypesetter)
        } throws: { error in
            guard case TagCloudError.animationTooLarge(let views, let frames, let limit)? = error as? TagCloudError else { return false }
            return frames == 2 * 239 && views * frames > limit
        }
    }

    /// An APNG whose frames have more pixels in all than the limit is refused before a frame is
    /// drawn: each of its frames at scale 40 is within a still picture's limits, and drawing them
    /// took minutes and gigabytes. The same change at scale 2, and as an SVG, is written.
    @Test func anAPNGOfTooManyPixelsInAllIsRefusedBeforeDrawing() throws {
        let from = try Cloud(yaml: "width: 400\n\(Self.tags)")
        var to = from
        to.width = 250
        #expect {
            try from.animationData(to: to, as: .png, scale: 40, animation: .linear(duration: 0.5), frameRate: 60,
                                   typesetter: bundledTypesetter)
        } throws: { error in
            guard case let TagCloudError.animationHasTooManyPixels(frames, width, height, limit)? = error as? TagCloudError else {
                return false
            }
            let message = "\(error)"
            return frames > 30 && width >= 16_000 && Double(frames) * Double(width) * Double(height) > Double(limit)
                && limit == RenderingLimits.maximumAnimationPixels
                && message.contains("\(frames) frames of \(width) × \(height) pixels, \(frames * width * height) pixels in all")
                && message.contains("--scale")
        }
        #expect(try from.animationData(to: to, as: .png, scale: 2, animation: .linear(duration: 0.5), frameRate: 60,
                                       typesetter: bundledTypesetter).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.5), frameRate: 60,
                                       typesetter: bundledTypesetter).count > 0)
    }

    @Test func aLoopEndsWhereItStartedAndBadNumbersAreNamed() throws {
        let from = try Cloud(yaml: "width: 300\nbackground: white\n\(Self.tags)")
        var to = from
        to.background = CSSColor(red8: 0x10, green8: 0x20, blue8: 0x30)
        let loop = try from.animation(to: to, animation: .linear(duration: 0.2), frameRate: 20, hold: 0.25, loop: true,
                                      typesetter: bundledTypesetter)
        // Different backgrounds are drawn in the frames, their colour interpolated.
        let colours = try loop.frames.map { try $0.list.rgbaImage().pixels.prefix(3).map { $0 } }
        #expect(colours.first == [255, 255, 255])
        #expect(colours.contains([0x10, 0x20, 0x30]))
        #expect(colours.contains { $0 != [255, 255, 255] && $0 != [0x10, 0x20, 0x30] })
        // The background covers the whole picture; the animated SVG still finds every layer.
        let svg = String(decoding: try from.animationData(to: to, as: .svg, animation: .linear(duration: 0.2), frameRate: 20,
                                                         typesetter: bundledTypesetter), as: UTF8.self)
        #expect(svg.contains("@keyframes"))
        #expect(colours.last != colours.first,
                "the loop's last frame is one step before the first cloud, which the file shows again")
        #expect(throws: TagCloudError.self) { try from.animation(to: to, frameRate: 0, typesetter: bundledTypesetter) }
        do {
            _ = try from.animation(to: to, hold: 61, typesetter: bundledTypesetter)
            Issue.record("a 61 s hold was accepted")
        } catch {
            #expect(String(describing: error).contains("hold"), "\(error)")
        }
    }
}
