@testable import TagCloudUI
import TestRandom
import Testing

/// What views report while they are drawn, kept for the test to read.
@MainActor
final class Probe<Value> {
    var values: [Value] = []
}

/// A layout that asks its one child for its size under a proposal and records the answer.
private struct Measure: Layout {
    let proposal: ProposedViewSize
    let record: Probe<CGSize>

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        for subview in subviews { MainActor.assumeIsolated { record.values.append(subview.sizeThatFits(self.proposal)) } }
        return CGSize(width: 10, height: 10)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// A preference that lists the values of a subtree in view order.
private struct ListKey: PreferenceKey {
    static let defaultValue: [Int] = []
    static func reduce(value: inout [Int], nextValue: () -> [Int]) {
        value.append(contentsOf: nextValue())
    }
}

/// A preference that keeps the largest value.
private struct MaxKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
        value = Swift.max(value, nextValue())
    }
}

/// An anchor preference.
private struct BoundsKey: PreferenceKey {
    static let defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) {
        value = value ?? nextValue()
    }
}

@MainActor
@Suite("GeometryReader and preferences follow SwiftUI")
struct GeometryPreferenceTests {
    @Test("A reader takes the space proposed: 10 points where nil, infinity where infinite (400 random proposals)")
    func readerSizes() throws {
        var random = SeededRandom(seed: 16)
        func dimension() -> CGFloat? {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return nil
            case 1: return .infinity
            default: return CGFloat(Int.random(in: 0...4000, using: &random)) / 8
            }
        }
        let proposals = (0..<400).map { _ in ProposedViewSize(width: dimension(), height: dimension()) }
        for proposal in proposals {
            let record = Probe<CGSize>()
            _ = try render(Measure(proposal: proposal, record: record) { GeometryReader { _ in Color.red } })
            #expect(record.values.first == CGSize(width: proposal.width ?? 10, height: proposal.height ?? 10), "\(proposal)")
        }
    }

    @Test("The content is proposed the reader's size and placed at its top-leading corner (top-trailing right to left)")
    func contentPlacement() throws {
        let view = GeometryReader { proxy in
            Color.blue.frame(width: proxy.size.width / 4, height: 3)
        }
        .frame(width: 80, height: 40)
        .padding(.leading, 12)
        let ltr = try render(view)
        #expect(ltr.rect(filledWith: .blue) == rect(12, 0, 20, 3))
        // Right to left, the leading padding is on the right: the reader is at 0, its content at its right.
        let rtl = try render(view.environment(\.layoutDirection, .rightToLeft))
        #expect(rtl.rect(filledWith: .blue) == rect(60, 0, 20, 3))
    }

    @Test("frame(in:) in the local, global and named spaces of nested coordinate spaces (300 random nestings)")
    func coordinateSpaces() throws {
        var random = SeededRandom(seed: 1616)
        for _ in 0..<300 {
            let depth = Int.random(in: 1...4, using: &random)
            let paddings = (0..<depth).map { _ in CGFloat(Int.random(in: 0...64, using: &random)) / 4 }
            let offset = CGSize(width: CGFloat(Int.random(in: -40...40, using: &random)), height: CGFloat(Int.random(in: 0...40, using: &random)))
            let size = CGSize(width: CGFloat(Int.random(in: 1...100, using: &random)), height: CGFloat(Int.random(in: 1...100, using: &random)))
            let probe = Probe<GeometryProxy>()
            var view = AnyView(GeometryReader { proxy in
                let _ = probe.values.append(proxy)
                Color.clear
            }.frame(width: size.width, height: size.height))
            for (index, padding) in paddings.enumerated() {
                view = AnyView(view.padding(padding).coordinateSpace(name: "space \(index)"))
            }
            _ = try render(view.offset(offset).padding(50))
            let proxy = try #require(probe.values.last)
            let global = CGPoint(x: 50 + offset.width + paddings.reduce(0, +), y: 50 + offset.height + paddings.reduce(0, +))
            #expect(proxy.size == size)
            #expect(proxy.frame(in: .global) == CGRect(origin: global, size: size))
            #expect(proxy.frame(in: .local) == CGRect(origin: .zero, size: size))
            for index in 0..<depth {
                let inside = paddings[...index].reduce(0, +)
                #expect(proxy.frame(in: .named("space \(index)")) == CGRect(x: inside, y: inside, width: size.width, height: size.height),
                        "space \(index) of paddings \(paddings)")
            }
            #expect(proxy.frame(in: .named("no such space")) == proxy.frame(in: .global))
            #expect(proxy.safeAreaInsets == EdgeInsets())
        }
    }

    /// A random view tree and the values its preference should combine to.
    private func randomTree(_ random: inout SeededRandom, depth: Int) -> (view: AnyView, values: [Int]) {
        let choice = depth == 0 ? Int.random(in: 0..<2, using: &random) : Int.random(in: 0..<6, using: &random)
        switch choice {
        case 0:
            let value = Int.random(in: 0..<1000, using: &random)
            return (AnyView(Color.clear.frame(width: 2, height: 2).preference(key: ListKey.self, value: [value])), [value])
        case 1:
            return (AnyView(Color.clear.frame(width: 1, height: 1)), [])
        case 2, 3:
            let children = (0..<Int.random(in: 1...4, using: &random)).map { _ in randomTree(&random, depth: depth - 1) }
            let views = children.map(\.view)
            let stack = choice == 2
                ? AnyView(VStack { ForEach(views.indices, id: \.self) { views[$0] } })
                : AnyView(HStack { ForEach(views.indices, id: \.self) { views[$0] } })
            return (stack, children.flatMap(\.values))
        case 4:
            let child = randomTree(&random, depth: depth - 1)
            let value = Int.random(in: 1000..<2000, using: &random)
            return (AnyView(child.view.preference(key: ListKey.self, value: [value])), [value])
        default:
            let child = randomTree(&random, depth: depth - 1)
            let value = Int.random(in: 2000..<3000, using: &random)
            return (AnyView(child.view.transformPreference(ListKey.self) { $0.append(value) }), child.values + [value])
        }
    }

    @Test("An ancestor sees its subtree's values reduced in view order; preference(key:value:) replaces, transformPreference changes (200 random trees)")
    func reduceOrder() throws {
        var random = SeededRandom(seed: 2024)
        for _ in 0..<200 {
            let (view, values) = randomTree(&random, depth: 4)
            let seen = Probe<[Int]>()
            _ = try render(view.onPreferenceChange(ListKey.self) { seen.values.append($0) })
            #expect(seen.values == [values])
        }
    }

    @Test("Nothing set gives the default; a value read from a proxy inside a background reaches the observer")
    func defaultsAndProxies() throws {
        let seen = Probe<CGFloat>()
        _ = try render(Color.red.frame(width: 5, height: 5).onPreferenceChange(MaxKey.self) { seen.values.append($0) })
        #expect(seen.values == [0])
        let widths = Probe<CGFloat>()
        _ = try render(HStack {
            Color.red.frame(width: 30, height: 5).background(GeometryReader { proxy in
                Color.clear.preference(key: MaxKey.self, value: proxy.size.width)
            })
            Color.red.frame(width: 70, height: 5).background(GeometryReader { proxy in
                Color.clear.preference(key: MaxKey.self, value: proxy.size.width)
            })
        }.onPreferenceChange(MaxKey.self) { widths.values.append($0) })
        #expect(widths.values == [70])
    }

    @Test("overlayPreferenceValue and backgroundPreferenceValue build from the content's value; the background is drawn behind")
    func preferenceDecorations() throws {
        let content = VStack(spacing: 0) {
            Color.red.frame(width: 30, height: 10).preference(key: MaxKey.self, value: 30)
            Color.red.frame(width: 50, height: 10).preference(key: MaxKey.self, value: 12)
        }
        let overlay = try render(content.overlayPreferenceValue(MaxKey.self, alignment: .topLeading) { value in
            Color.blue.frame(width: value, height: 4)
        })
        #expect(overlay.rect(filledWith: .blue) == rect(0, 0, 30, 4))
        #expect(overlay.items.last.map { if case .fill(_, .color(let c), _) = $0.content { c == Color.blue.rgba } else { false } } == true)
        let background = try render(content.backgroundPreferenceValue(MaxKey.self) { value in
            Color.blue.frame(width: value, height: 4)
        })
        #expect(background.rect(filledWith: .blue) == rect(10, 8, 30, 4))
        #expect(background.items.first.map { if case .fill(_, .color(let c), _) = $0.content { c == Color.blue.rgba } else { false } } == true)
    }

    @Test("An anchor of a view's bounds resolves, through a proxy, to the view's frame in the proxy's space")
    func anchors() throws {
        let resolved = Probe<CGRect>()
        _ = try render(VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 40, height: 20)
            Color.green.frame(width: 25, height: 15)
                .anchorPreference(key: BoundsKey.self, value: .bounds) { $0 }
                .padding(.leading, 7)
        }
        .padding(5)
        .overlayPreferenceValue(BoundsKey.self) { anchor in
            GeometryReader { proxy in
                if let anchor {
                    let _ = resolved.values.append(proxy[anchor])
                    Color.clear
                }
            }
        })
        #expect(resolved.values.last == rect(7, 20, 25, 15).offsetBy(dx: 5, dy: 5))
    }

    @Test("UIKit's geometry types compile as iOS code uses them")
    func uikitTypes() {
        let spacing = UIOffset(horizontal: 10, vertical: 4)
        #expect(spacing.horizontal == 10 && spacing.vertical == 4 && UIOffset.zero == UIOffset())
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(CGRect(x: 0, y: 0, width: 20, height: 20).inset(by: insets) == rect(2, 1, 14, 16))
        #expect(UIEdgeInsets.zero == UIEdgeInsets())
    }
}
