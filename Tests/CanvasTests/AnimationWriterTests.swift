@testable import Canvas
import Foundation
import TestRandom
import Testing

/// A square at x in a 100 × 20 picture, as a layer named `id` (or plain), at an opacity.
private func square(at x: CGFloat, id: String? = "square", opacity: Double = 1, color: RGBAColor = Fixtures.blue) -> DisplayList {
    let fill = DisplayItem.fill(.roundedRect(CGRect(x: x, y: 5, width: 10, height: 10), cornerRadius: 3), with: .color(color))
    let item = id.map { DisplayItem(.group(ItemGroup(items: [fill], opacity: opacity)), metadata: ItemMetadata(identifier: $0)) } ?? fill
    return DisplayList(size: CGSize(width: 100, height: 20), items: [.fill(.rect(CGRect(x: 0, y: 0, width: 100, height: 2)), with: .color(.black)), item])
}

/// The chunks of a PNG file: type and data, in order.
private func chunks(_ png: Data) -> [(type: String, data: [UInt8])] {
    let bytes = [UInt8](png)
    var result: [(type: String, data: [UInt8])] = []
    var index = 8
    while index + 8 <= bytes.count {
        let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
        let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
        result.append((type, Array(bytes[(index + 8)..<(index + 8 + length)])))
        index += 12 + length
    }
    return result
}

private func uint32(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.reduce(0) { $0 << 8 | Int($1) }
}

@Suite("Animated PNG and animated SVG writers")
struct AnimationWriterTests {
    private let sixtieth = FrameDuration(numerator: 1, denominator: 60)

    @Test("APNG: one fcTL per distinct frame, sequence numbers in order, changed rectangles only, the first frame as the default image")
    func apngStructure() throws {
        let animation = AnimatedDisplayList(frames: [
            .init(list: square(at: 10), duration: FrameDuration(seconds: 1)),
            .init(list: square(at: 30), duration: sixtieth),
            .init(list: square(at: 30), duration: sixtieth),  // merged into the one before
            .init(list: square(at: 50), duration: sixtieth),
        ])
        let png = try animation.apngData(scale: 2, background: .white)
        let list = chunks(png)
        #expect(list.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        let acTL = list[1].data
        #expect(uint32(acTL[0..<4]) == 3 && uint32(acTL[4..<8]) == 0)
        let controls = list.filter { $0.type == "fcTL" }.map(\.data)
        let sequences = list.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { uint32($0.data[0..<4]) }
        #expect(sequences == Array(0..<5))
        // Frame 1 covers the old and the new square (x 10…40 points: pixels 20…80 at 2x), not the
        // rest of the row, and lasts 2/60 s.
        let x = uint32(controls[1][12..<16]), width = uint32(controls[1][4..<8])
        #expect(x <= 20 && x >= 18 && x + width >= 80 && x + width <= 82, "\(x) + \(width)")
        #expect(Array(controls[1][20..<24]) == [0, 2, 0, 60])
        #expect(Array(controls[0][20..<24]) == [0x03, 0xE8, 0x03, 0xE8])
        // A PNG decoder that ignores the animation sees the first frame.
        #expect(try RGBAImage(pngData: png) == animation.frames[0].list.rgbaImage(scale: 2, background: .white))
        #expect(try animation.apngData(scale: 2, background: .white) == png)
    }

    @Test("APNG is RGB when every frame is opaque, RGBA otherwise")
    func apngChannels() throws {
        let frames: [AnimatedDisplayList.Frame] = [.init(list: square(at: 10), duration: sixtieth), .init(list: square(at: 20), duration: sixtieth)]
        let opaque = chunks(try AnimatedDisplayList(frames: frames).apngData(background: .white))
        let clear = chunks(try AnimatedDisplayList(frames: frames).apngData())
        #expect(opaque[0].data[9] == 2 && clear[0].data[9] == 6)
    }

    @Test("Invalid animations are refused with a reason")
    func invalid() throws {
        #expect(throws: CanvasError.invalidAnimation(reason: "it has no frames")) { try AnimatedDisplayList(frames: []).apngData() }
        let mixed = AnimatedDisplayList(frames: [.init(list: square(at: 1), duration: sixtieth),
                                                 .init(list: DisplayList(size: CGSize(width: 5, height: 5)), duration: sixtieth)])
        #expect(throws: CanvasError.self) { try mixed.svgData() }
        let still = AnimatedDisplayList(frames: [.init(list: square(at: 1), duration: FrameDuration(numerator: 0, denominator: 60))])
        #expect(throws: CanvasError.self) { try still.apngData() }
    }

    @Test("An APNG whose frames have more pixels in all than the limit is refused before a frame is drawn")
    func tooManyPixelsInAll() throws {
        // Six frames of 30,000 × 6,000 px: each within a still picture's limits, 1.08 billion in all.
        let frames = (0..<6).map { AnimatedDisplayList.Frame(list: square(at: CGFloat($0)), duration: sixtieth) }
        #expect(throws: CanvasError.animationAreaTooLarge(frames: 6, pixelWidth: 30_000, pixelHeight: 6_000,
                                                          limit: RenderingLimits.maximumAnimationPixels)) {
            try AnimatedDisplayList(frames: frames).apngData(scale: 300, background: .white)
        }
        #expect(CanvasError.animationAreaTooLarge(frames: 6, pixelWidth: 30_000, pixelHeight: 6_000, limit: 1 << 30).description
            .contains("6 frames of 30000 × 6000 px, 1080000000 pixels in all, over the limit of 1073741824"))
        #expect(CanvasError.product(Int.max, 2, 1) == "more than \(Int.max)")
        // The same frames at a scale that fits are written.
        #expect(try AnimatedDisplayList(frames: frames).apngData(scale: 2, background: .white).count > 0)
    }

    @Test("SVG: a layer that only moves is written once and moved by CSS transforms at each frame's time")
    func svgMovingLayer() throws {
        let animation = AnimatedDisplayList(frames: [
            .init(list: square(at: 10), duration: FrameDuration(seconds: 1)),
            .init(list: square(at: 12.5), duration: sixtieth),
            .init(list: square(at: 30), duration: FrameDuration(seconds: 1)),
        ])
        let svg = String(decoding: try animation.svgData(background: .white), as: UTF8.self)
        let p = try #require(Self.documentPrefix(svg))
        #expect(svg.components(separatedBy: "<g id=\"\(p)-tcanim").count - 1 == 2, "the bar and the square, once each")
        // Always shown: never `visibility: hidden`.
        #expect(svg.contains("@keyframes \(p)-tcanim1-k{0%{transform:translate(0px,0px);opacity:1}49.58678%{transform:translate(2.5px,0px);"
            + "opacity:1}50.41322%{transform:translate(20px,0px);opacity:1}100%{transform:translate(20px,0px);opacity:1}}"))
        #expect(svg.contains("[id=\"\(p)-tcanim1\"]{animation:\(p)-tcanim1-k 2.01667s step-end infinite}"))
        #expect(!svg.contains("tcanim0-k"), "the bar never changes: no animation")
        #expect(try animation.svgData(background: .white) == Data(svg.utf8))
    }

    @Test("SVG: content that changes otherwise gets a copy per change; a layer's opacity becomes CSS opacity")
    func svgChangingLayer() throws {
        let animation = AnimatedDisplayList(frames: [
            .init(list: square(at: 10, opacity: 0.25), duration: sixtieth),
            .init(list: square(at: 10, opacity: 0.5), duration: sixtieth),
            .init(list: square(at: 10, color: .black), duration: sixtieth),
            .init(list: square(at: 10, id: nil), duration: sixtieth),
        ])
        let svg = String(decoding: try animation.svgData(), as: UTF8.self)
        let p = try #require(Self.documentPrefix(svg))
        // The bar; the blue square (two frames, two opacities); the black one; the plain one with the bar.
        #expect(svg.components(separatedBy: "<g id=\"\(p)-tcanim").count - 1 == 4)
        #expect(svg.contains("0%{transform:translate(0px,0px);opacity:0.25;visibility:visible}25%{transform:translate(0px,0px);opacity:0.5;visibility:visible}"))
        // While a piece the last frame does not show is not shown, it is hidden, not only
        // transparent: its links take no focus.
        #expect(svg.contains("50%{transform:translate(0px,0px);opacity:0;visibility:hidden}"), "\(svg)")
    }

    @Test("SVG: two different animations inlined in one page share no id and no keyframe name")
    func svgNamesAreDocumentScoped() throws {
        let first = AnimatedDisplayList(frames: [.init(list: square(at: 10), duration: sixtieth),
                                                 .init(list: square(at: 30), duration: sixtieth)])
        let second = AnimatedDisplayList(frames: [.init(list: square(at: 12), duration: sixtieth),
                                                  .init(list: square(at: 40), duration: sixtieth)])
        let a = String(decoding: try first.svgData(), as: UTF8.self)
        let b = String(decoding: try second.svgData(), as: UTF8.self)
        func names(_ svg: String, after marker: String) -> Set<String> {
            Set(svg.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "\"" && $0 != "{" }) })
        }
        let ids = names(a, after: "id=\""), otherIds = names(b, after: "id=\"")
        let frames = names(a, after: "@keyframes "), otherFrames = names(b, after: "@keyframes ")
        #expect(!frames.isEmpty && !otherFrames.isEmpty)
        #expect(ids.isDisjoint(with: otherIds))
        #expect(frames.isDisjoint(with: otherFrames))
    }

    /// The id prefix of a web SVG document (its root element's id).
    static func documentPrefix(_ svg: String) -> String? {
        guard let start = svg.range(of: "<svg "), let id = svg[start.upperBound...].range(of: " id=\"") else { return nil }
        return String(svg[id.upperBound...].prefix { $0 != "\"" })
    }

    @Test("Translations are found to 1/4096 point over random items, and nothing else passes for one")
    func translations() throws {
        var random = SeededRandom(seed: 409)
        let label = try Fixtures.shape("Swift")
        for _ in 0..<200 {
            let list = random.richList(width: 200, height: 100, labels: [label])
            let dx = CGFloat(Int.random(in: -4000...4000, using: &random)) / 64, dy = CGFloat(Int.random(in: -4000...4000, using: &random)) / 7
            for item in list.items {
                let moved = item.mapped(GeometryMap.translation(dx: dx, dy: dy))
                let offset = try #require(moved.offset(from: item))
                #expect(abs(offset.dx - dx) < 1e-9 && abs(offset.dy - dy) < 1e-9)
                if case .fill(let shape, let shading, let style) = moved.content, shading != .color(.black) {
                    #expect(DisplayItem(.fill(shape, .color(.black), style)).offset(from: item) == nil, "a colour change is not a move")
                }
                let resized = moved.mapped(GeometryMap(point: { $0 }, length: { $0 * 1.5 }, entersGroups: true))
                if resized != moved { #expect(resized.offset(from: item) == nil, "a size change is not a move") }
            }
        }
    }

    @Test("CSS numbers: fixed decimals, no trailing zeros, no exponent")
    func numbers() {
        #expect(AnimatedSVGEncoder.number(0) == "0")
        #expect(AnimatedSVGEncoder.number(-0.00001) == "0")
        #expect(AnimatedSVGEncoder.number(12.5) == "12.5")
        #expect(AnimatedSVGEncoder.number(-3.14159265) == "-3.1416")
        #expect(AnimatedSVGEncoder.number(1e-3) == "0.001")
        #expect(AnimatedSVGEncoder.number(123456.000004, decimals: 5) == "123456")
    }
}
