import Foundation
@testable import TagCloudUI
import Testing

/// A red bar that sits at the leading or the trailing edge of a 200-point row.
private struct Mover: View {
    let trailing: Bool

    var body: some View {
        Color.red.frame(width: 20, height: 10)
            .frame(width: 200, height: 20, alignment: trailing ? .trailing : .leading)
    }
}

/// Letters in a row, in the order given, identified by themselves.
private struct Row: View {
    let letters: [String]

    var body: some View {
        HStack(spacing: 0) {
            ForEach(letters, id: \.self) { letter in
                Color.red.frame(width: 30, height: 10).accessibilityIdentifier(letter)
            }
        }
    }
}

/// A square that is shown or not, beside a fixed one.
private struct Appearing: View {
    let shown: Bool

    var body: some View {
        HStack(spacing: 0) {
            Color.blue.frame(width: 10, height: 10)
            if shown { Color.red.frame(width: 10, height: 10) }
        }
        .frame(width: 40, height: 10, alignment: .leading)
    }
}

/// A label whose text changes, beside one that does not.
private struct Relabelled: View {
    let text: String

    var body: some View {
        HStack(spacing: 4) {
            Text("Swift")
            Text(text).foregroundColor(.blue)
        }
    }
}

/// A square of a colour, its opacity and its animation given.
private struct Tinted: View {
    let color: Color
    let opacity: Double
    var implicit: Animation?? = nil

    var body: some View {
        if let implicit {
            Color.white.frame(width: 20, height: 20).overlay(Rectangle().fill(color).opacity(opacity)).animation(implicit, value: color)
        } else {
            Color.white.frame(width: 20, height: 20).overlay(Rectangle().fill(color).opacity(opacity))
        }
    }
}

/// The curves, computed here independently of TagCloudUI's implementation.
private enum Reference {
    /// A cubic Bézier timing curve's y at x, by bisection on the curve's parameter.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    /// A spring's position from 0 towards 1 (unit mass, stiffness (2π/response)², damping 4πζ/response).
    static func spring(response: Double, damping zeta: Double, at t: Double) -> Double {
        let omega = 2 * Double.pi / response
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
        if zeta == 1 { return 1 - (1 + omega * t) * exp(-omega * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }
}

@MainActor
@Suite("Animations follow SwiftUI's curves, frame by frame")
struct AnimationTests {
    /// The x of the red bar in each frame.
    private func barPositions(_ animation: AnimatedDisplayList) -> [CGFloat] {
        animation.frames.map { frame in
            frame.list.flattened.compactMap { entry -> CGFloat? in
                guard case .fill(.rect(let rect), .color(let color), _) = entry.item.content, color == Color.red.rgba else { return nil }
                return rect.minX
            }.first ?? .nan
        }
    }

    private func moverAnimation(_ animation: Animation?, frameRate: Double = 60) throws -> AnimatedDisplayList {
        let renderer = ImageRenderer(content: Mover(trailing: false))
        return try renderer.animation(frameRate: frameRate, hold: 0.5, changes: [{
            withAnimation(animation) { renderer.content = Mover(trailing: true) }
        }])
    }

    @Test("SwiftUI's documented curves and durations")
    func curves() {
        for animation in [Animation.linear, .easeIn, .easeOut, .easeInOut] { #expect(animation.duration == 0.35) }
        for step in 0...35 {
            let t = Double(step) / 100
            #expect(abs(Animation.linear.progress(at: t) - t / 0.35) < 1e-12)
            #expect(abs(Animation.easeIn.progress(at: t) - Reference.bezier(0.42, 0, 1, 1, at: t / 0.35)) < 1e-9)
            #expect(abs(Animation.easeOut.progress(at: t) - Reference.bezier(0, 0, 0.58, 1, at: t / 0.35)) < 1e-9)
            #expect(abs(Animation.easeInOut.progress(at: t) - Reference.bezier(0.42, 0, 0.58, 1, at: t / 0.35)) < 1e-9)
        }
        let springs: [(Animation, response: Double, damping: Double)] = [
            (.default, 0.55, 1), (.spring, 0.5, 0.825), (.spring(response: 0.5), 0.5, 0.825), (.smooth, 0.5, 1),
            (.snappy, 0.5, 0.85), (.bouncy, 0.5, 0.7), (.spring(duration: 0.4, bounce: -0.5), 0.4, 2),
            (.interactiveSpring, 0.15, 0.86),
        ]
        for (animation, response, damping) in springs {
            let settle = animation.duration
            for step in 0..<200 {
                let t = settle * Double(step) / 200
                #expect(abs(animation.progress(at: t) - Reference.spring(response: response, damping: damping, at: t)) < 1e-9,
                        "\(animation) at \(t)")
            }
            // Settled: within 0.001 of the target from the settling time on, not a millisecond before.
            #expect((0..<2000).allSatisfy { abs(Reference.spring(response: response, damping: damping, at: settle + Double($0) / 1000) - 1) < 0.001 })
            #expect(abs(Reference.spring(response: response, damping: damping, at: settle - 0.001) - 1) >= 0.001 - 1e-12,
                    "\(animation) settles at \(settle)")
            #expect(animation.progress(at: settle) == 1)
        }
        #expect(abs(Animation.default.duration - 0.808) < 0.002)
        #expect(Animation.linear.delay(0.1).progress(at: 0.1) == 0)
        // Twice as fast, the delay too: 0.05 s of delay, then 0.05 s that are 0.1 s of the curve.
        #expect(abs(Animation.linear.delay(0.1).speed(2).progress(at: 0.1) - 0.1 / 0.35) < 1e-12)
    }

    @Test("First frame = the still before, last frame = the still after, pixel for pixel")
    func endpoints() throws {
        for animation in [Animation.linear, .default, .bouncy] {
            let frames = try moverAnimation(animation)
            let before = try ImageRenderer(content: Mover(trailing: false)).displayList()
            let after = try ImageRenderer(content: Mover(trailing: true)).displayList()
            let first = try #require(frames.frames.first), last = try #require(frames.frames.last)
            #expect(try first.list.rgbaImage(scale: 2, background: .white) == before.rgbaImage(scale: 2, background: .white))
            #expect(try last.list.rgbaImage(scale: 2, background: .white) == after.rgbaImage(scale: 2, background: .white))
            #expect(first.duration == FrameDuration(seconds: 0.5) && last.duration == FrameDuration(seconds: 0.5))
            #expect(frames.frames.dropFirst().dropLast().allSatisfy { $0.duration == FrameDuration(numerator: 1, denominator: 60) })
            #expect(frames.frames.count == Int((animation.duration * 60 - 1e-9).rounded(.up)) + 1)
        }
    }

    @Test("Each frame's position is the curve's value at its time, within 0.01 point", arguments: ["linear", "easeInOut", "default", "bouncy", "spring"])
    func positions(_ name: String) throws {
        let cases: [String: (Animation, (Double) -> Double)] = [
            "linear": (.linear(duration: 0.5), { $0 / 0.5 }),
            "easeInOut": (.easeInOut, { Reference.bezier(0.42, 0, 0.58, 1, at: $0 / 0.35) }),
            "default": (.default, { Reference.spring(response: 0.55, damping: 1, at: $0) }),
            "bouncy": (.bouncy, { Reference.spring(response: 0.5, damping: 0.7, at: $0) }),
            "spring": (.spring(response: 0.4, dampingFraction: 0.3), { Reference.spring(response: 0.4, damping: 0.3, at: $0) }),
        ]
        let (animation, curve) = try #require(cases[name])
        let positions = barPositions(try moverAnimation(animation))
        #expect(positions.first == 0 && positions.last == 180)
        for (index, x) in positions.enumerated().dropFirst().dropLast() {
            let expected = 180 * curve(Double(index) / 60)
            #expect(abs(x - expected) < 0.01, "frame \(index): \(x), the curve gives \(expected)")
        }
        if name == "spring" { #expect(positions.contains { $0 > 180 }, "an underdamped spring overshoots") }
    }

    @Test("Views are matched by identity: a ForEach element moves from its old place to its new one")
    func identity() throws {
        let renderer = ImageRenderer(content: Row(letters: ["a", "b", "c"]))
        let frames = try renderer.animation(frameRate: 10, hold: 0.1, changes: [{
            withAnimation(.linear(duration: 0.4)) { renderer.content = Row(letters: ["c", "a", "b"]) }
        }])
        func x(of letter: String, in frame: AnimatedDisplayList.Frame) -> CGFloat? {
            frame.list.flattened.first { $0.item.metadata.identifier == letter }.flatMap { entry in
                if case .group(let group) = entry.item.content, case .fill(.rect(let rect), _, _)? = group.items.first?.content {
                    return rect.minX
                }
                return nil
            }
        }
        #expect(frames.frames.count == 5)
        for (index, frame) in frames.frames.enumerated() {
            let t = Double(index) / 4
            #expect(abs((x(of: "c", in: frame) ?? .nan) - 60 * (1 - t)) < 1e-9, "c at frame \(index)")
            #expect(abs((x(of: "a", in: frame) ?? .nan) - 30 * t) < 1e-9, "a at frame \(index)")
        }
    }

    /// A hold of 0 shows each still for one frame, so the motion starts on time: the first
    /// still lasted 1 ms (the frame after it is drawn at 1/fps), and a browser shows a frame of
    /// 10 ms or less for 100 ms.
    @Test("A hold of 0 shows each still for one frame")
    func zeroHoldIsOneFrame() throws {
        let renderer = ImageRenderer(content: Row(letters: ["a", "b", "c"]))
        let frames = try renderer.animation(frameRate: 10, hold: 0, changes: [{
            withAnimation(.linear(duration: 0.4)) { renderer.content = Row(letters: ["c", "a", "b"]) }
        }])
        #expect(frames.frames.count == 5)
        #expect(frames.frames.allSatisfy { $0.duration == FrameDuration(frameAt: 10) }, "\(frames.frames.map(\.duration))")
    }

    @Test("An inserted view fades in, a removed one fades out where it was (the default transition)")
    func transitions() throws {
        let renderer = ImageRenderer(content: Appearing(shown: false))
        let frames = try renderer.animation(frameRate: 10, hold: 0.1, changes: [
            { withAnimation(.linear(duration: 0.4)) { renderer.content = Appearing(shown: true) } },
            { withAnimation(.linear(duration: 0.4)) { renderer.content = Appearing(shown: false) } },
        ])
        func redOpacity(_ frame: AnimatedDisplayList.Frame) -> Double? {
            for entry in frame.list.flattened {
                guard case .group(let group) = entry.item.content,
                      group.items.contains(where: { if case .fill(_, .color(let c), _) = $0.content { c == Color.red.rgba } else { false } })
                else { continue }
                return group.opacity
            }
            return nil
        }
        // Hold, 3 frames in, the shown still, 3 frames out, then the first picture again (looped).
        #expect(frames.frames.count == 8)
        let opacities = frames.frames.map(redOpacity)
        let expected: [Double?] = [nil, 0.25, 0.5, 0.75, 1, 0.75, 0.5, 0.25]
        #expect(zip(opacities, expected).allSatisfy { a, b in a == nil ? b == nil : b.map { abs($0 - (a ?? .nan)) < 1e-12 } ?? false },
                "\(opacities)")
    }

    @Test("A text that changes cross-fades (SwiftUI's .opacity content transition): the old text fades out as the new one fades in")
    func changedTextsCrossFade() throws {
        let renderer = ImageRenderer(content: Relabelled(text: "Go"))
        let frames = try renderer.animation(frameRate: 10, hold: 0.1, changes: [
            { withAnimation(.linear(duration: 0.4)) { renderer.content = Relabelled(text: "Haskell") } },
        ])
        /// The opacity each label is drawn with in a frame (1 outside any group), by label.
        func opacities(_ frame: AnimatedDisplayList.Frame) -> [String: Double] {
            var result: [String: Double] = [:]
            func walk(_ items: [DisplayItem], _ opacity: Double) {
                for item in items {
                    switch item.content {
                    case .group(let group): walk(group.items, opacity * group.opacity)
                    case .text: if let label = item.metadata.label { result[label] = opacity }
                    default: break
                    }
                }
            }
            walk(frame.list.items, 1)
            return result
        }
        // Hold, 3 frames between, the still after.
        #expect(frames.frames.count == 5)
        let seen = frames.frames.map(opacities)
        #expect(seen.first == ["Swift": 1, "Go": 1])
        #expect(seen.last == ["Swift": 1, "Haskell": 1])
        for (index, progress) in [0.25, 0.5, 0.75].enumerated() {
            let frame = seen[index + 1]
            #expect(frame["Swift"] == 1)
            #expect(abs((frame["Go"] ?? .nan) - (1 - progress)) < 1e-12, "\(frame)")
            #expect(abs((frame["Haskell"] ?? .nan) - progress) < 1e-12, "\(frame)")
        }
        // The label that does not change is not redrawn per frame in the animated SVG: it is one
        // layer, and so is each of the two labels cross-fading (once each, moved by transforms).
        let svg = String(decoding: try frames.svgData(background: nil), as: UTF8.self)
        for label in ["Swift", "Go", "Haskell"] {
            #expect(svg.components(separatedBy: ">\(label)<").count - 1 == 1, "\(label)")
        }
    }

    @Test("Colours are interpolated in linear light, premultiplied; opacities linearly")
    func colours() throws {
        let renderer = ImageRenderer(content: Tinted(color: .red, opacity: 1))
        let frames = try renderer.animation(frameRate: 4, hold: 0.25, changes: [{
            withAnimation(.linear(duration: 0.5)) { renderer.content = Tinted(color: .blue, opacity: 0.5) }
        }])
        #expect(frames.frames.count == 3)
        let middle = frames.frames[1].list
        // The innermost group with a fill: the overlay's opacity group (the whole view is a unit).
        let group = try #require(middle.flattened.compactMap { entry -> ItemGroup? in
            if case .group(let group) = entry.item.content { return group }
            return nil
        }.last { $0.items.contains { if case .fill = $0.content { true } else { false } } })
        #expect(abs(group.opacity - 0.75) < 1e-12)
        guard case .fill(_, .color(let color), _)? = group.items.first?.content else {
            Issue.record("no fill in \(group)")
            return
        }
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encoded(_ c: Double) -> Double { c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        let red = Color.red.rgba, blue = Color.blue.rgba
        #expect(abs(color.red - encoded((linear(red.red) + linear(blue.red)) / 2)) < 1e-9)
        #expect(abs(color.blue - encoded((linear(red.blue) + linear(blue.blue)) / 2)) < 1e-9)
    }

    @Test("animation(_:value:) takes over the change's animation when its value changes; nil stops it")
    func implicitAnimations() throws {
        for (implicit, expectedFrames) in [(Animation?.some(.linear(duration: 1)), 61), (nil, 2)] {
            let renderer = ImageRenderer(content: Tinted(color: .red, opacity: 1, implicit: .some(implicit)))
            let frames = try renderer.animation(hold: 0.1, changes: [{
                withAnimation(.linear(duration: 0.5)) { renderer.content = Tinted(color: .blue, opacity: 1, implicit: .some(implicit)) }
            }])
            #expect(frames.frames.count == expectedFrames)
        }
        // Without withAnimation, only the implicit animation animates.
        let renderer = ImageRenderer(content: Tinted(color: .red, opacity: 1, implicit: .some(.linear(duration: 0.25))))
        let frames = try renderer.animation(hold: 0.1, changes: [{
            renderer.content = Tinted(color: .blue, opacity: 1, implicit: .some(.linear(duration: 0.25)))
        }])
        #expect(frames.frames.count == 16)
        let plain = ImageRenderer(content: Mover(trailing: false))
        #expect(try plain.animation(hold: 0.1, changes: [{ plain.content = Mover(trailing: true) }]).frames.count == 2)
    }

    @Test("Bad frame rates and holds are refused with a message")
    func badArguments() throws {
        let renderer = ImageRenderer(content: Mover(trailing: false))
        #expect(throws: TagCloudUIError.self) { try renderer.animation(frameRate: 0, changes: []) }
        #expect(throws: TagCloudUIError.self) { try renderer.animation(frameRate: 60, hold: -1, changes: []) }
        #expect(try renderer.animation(changes: []).frames.count == 1)
    }
}
