@testable import TagCloudUI
import Testing

/// The view system: builders, structural views, custom views, state and the environment.
@MainActor
@Suite("The view system resolves like SwiftUI's")
struct ViewBuilderTests {
    private struct Row: View {
        let count: Int
        let showsLast: Bool
        var body: some View {
            HStack(spacing: 0) {
                ForEach(0..<count, id: \.self) { _ in Color.red.frame(width: 10, height: 10) }
                if showsLast {
                    Color.blue.frame(width: 5, height: 5)
                } else {
                    Color.green.frame(width: 5, height: 5)
                }
                Group {
                    Color.red.frame(width: 10, height: 10)
                    EmptyView()
                }
                AnyView(Color.red.frame(width: 10, height: 10))
                Optional(Color.red.frame(width: 10, height: 10))
                Color?.none
            }
        }
    }

    @Test("Builders flatten ForEach, if/else, Group, EmptyView, AnyView and optionals into children")
    func children() throws {
        let shown = try render(Row(count: 3, showsLast: true))
        #expect(shown.size == CGSize(width: 65, height: 10))
        #expect(shown.rects(filledWith: .red).count == 6)
        #expect(shown.rect(filledWith: .blue) == rect(30, 2.5, 5, 5))
        let other = try render(Row(count: 0, showsLast: false))
        #expect(other.rect(filledWith: .green) == rect(0, 2.5, 5, 5))
    }

    private struct Item: Identifiable {
        let id: Int
        let width: CGFloat
    }

    @Test("ForEach over identifiable elements and over key paths")
    func forEach() throws {
        let items = [Item(id: 1, width: 10), Item(id: 2, width: 20)]
        let result = try render(HStack(spacing: 1) {
            ForEach(items) { Color.red.frame(width: $0.width, height: 5) }
            ForEach([3, 4], id: \.self) { Color.blue.frame(width: CGFloat($0), height: 5) }
        })
        #expect(result.rects(filledWith: .red) == [rect(0, 0, 10, 5), rect(11, 0, 20, 5)])
        #expect(result.rects(filledWith: .blue) == [rect(32, 0, 3, 5), rect(36, 0, 4, 5)])
    }

    @Test("A modifier on a Group applies to each child")
    func groupModifier() throws {
        let result = try render(HStack(spacing: 0) {
            Group {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 10, height: 10)
            }
            .padding(1)
        })
        #expect(result.rect(filledWith: .red) == rect(1, 1, 10, 10))
        #expect(result.rect(filledWith: .blue) == rect(13, 1, 10, 10))
    }

    @Test("Many children: a block of twelve views")
    func manyChildren() throws {
        let result = try render(HStack(spacing: 0) {
            Color.red.frame(width: 1, height: 1); Color.red.frame(width: 1, height: 1)
            Color.red.frame(width: 1, height: 1); Color.red.frame(width: 1, height: 1)
            Color.red.frame(width: 1, height: 1); Color.red.frame(width: 1, height: 1)
            Color.red.frame(width: 1, height: 1); Color.red.frame(width: 1, height: 1)
            Color.red.frame(width: 1, height: 1); Color.red.frame(width: 1, height: 1)
            Color.red.frame(width: 1, height: 1); Color.red.frame(width: 1, height: 1)
        })
        #expect(result.size == CGSize(width: 12, height: 1))
    }

    private struct Badge: ViewModifier {
        func body(content: Content) -> some View {
            content.padding(2).background(Color.blue)
        }
    }

    @Test("A custom ViewModifier's body wraps the content")
    func customModifier() throws {
        let result = try render(Color.red.frame(width: 10, height: 10).modifier(Badge()))
        #expect(result.size == CGSize(width: 14, height: 14))
        #expect(result.rect(filledWith: .blue) == rect(0, 0, 14, 14))
        #expect(result.rect(filledWith: .red) == rect(2, 2, 10, 10))
    }

    private struct DirectionLabel: View {
        @Environment(\.layoutDirection) private var direction
        var body: some View {
            Text(direction == .rightToLeft ? "rtl" : "ltr")
        }
    }

    @Test("@Environment reads the environment of the view being evaluated")
    func environmentWrapper() throws {
        let result = try render(VStack { DirectionLabel(); DirectionLabel().environment(\.layoutDirection, .rightToLeft) })
        #expect(result.texts.map(\.metadata.label) == ["ltr", "rtl"])
    }

    private struct Counter: View {
        @State private var count = 1
        @State private var label = "n"
        var body: some View {
            Child(count: $count)
            Text("\(label)=\(count)")
        }
    }

    private struct Child: View {
        @Binding var count: Int
        var body: some View {
            Text("child \(count)")
        }
    }

    @Test("@State and @Binding show the current state; presetState(_:to:) sets it for a picture")
    func state() throws {
        let initial = try render(Counter())
        #expect(initial.texts.map(\.metadata.label) == ["child 1", "n=1"])
        let preset = try render(Counter().presetState("count", to: 5))
        #expect(preset.texts.map(\.metadata.label) == ["child 5", "n=5"])
        #expect(throws: TagCloudUIError.statePresetFailed(view: "Counter", property: "count",
                                                          reason: "the value is a String, the state holds a Int")) {
            try render(Counter().presetState("count", to: "five"))
        }
        #expect(throws: TagCloudUIError.statePresetFailed(view: "Counter", property: "total",
                                                          reason: "the view has no @State property of that name")) {
            try render(Counter().presetState("total", to: 5))
        }
        var value = 1
        let binding = Binding(get: { value }, set: { value = $0 })
        binding.wrappedValue = 4
        #expect(value == 4)
        #expect(Binding.constant(3).wrappedValue == 3)
        withAnimation(.spring(response: 0.3)) { value = 6 }
        #expect(value == 6)
    }

    @Test("Layouts are containers: user layouts, AnyLayout of an any Layout, callAsFunction")
    func layoutsAsContainers() throws {
        let layouts: [any Layout] = [HStackLayout(spacing: 0), VStackLayout(spacing: 0), ZStackLayout()]
        let sizes = try layouts.map { layout in
            try render(AnyLayout(layout) {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 20, height: 20)
            }).size
        }
        #expect(sizes == [CGSize(width: 30, height: 20), CGSize(width: 20, height: 30), CGSize(width: 20, height: 20)])
        let existential: any Layout = HStackLayout(spacing: 2)
        let erased = try render(AnyView(existential { Color.red.frame(width: 10, height: 10); Color.red.frame(width: 10, height: 10) }))
        #expect(erased.size == CGSize(width: 22, height: 10))
        let flow = try render(FlowLayout(itemSpacing: 4, lineSpacing: 2) {
            ForEach(0..<5, id: \.self) { _ in Color.red.frame(width: 30, height: 10) }
        }, proposal: ProposedViewSize(width: 100, height: nil))
        #expect(flow.rects(filledWith: .red) == [rect(0, 0, 30, 10), rect(34, 0, 30, 10), rect(68, 0, 30, 10),
                                                 rect(0, 12, 30, 10), rect(34, 12, 30, 10)])
    }

    /// Items past `maxRows` are not drawn: they were placed at the flow's bottom-trailing corner
    /// with a zero proposal and drawn there, their padding and backgrounds a blot outside the
    /// flow, over whatever came after it. Padded texts with capsule backgrounds, as chips are.
    @Test("FlowLayout(maxRows:) draws no item of the rows it hides")
    func hiddenRowsAreNotDrawn() throws {
        let result = try render(VStack(spacing: 0) {
            FlowLayout(itemSpacing: 6, lineSpacing: 6, maxRows: 2) {
                ForEach(0..<30, id: \.self) { Text("tag\($0)").padding(6).background(Capsule().fill(Color.teal)) }
            }
            Color.red.frame(height: 10)
        }, proposal: ProposedViewSize(width: 200, height: nil))
        let shown = result.texts.count
        #expect(shown > 0 && shown < 30)
        #expect(result.items.filter { if case .fill(.capsule, _, _) = $0.content { true } else { false } }.count == shown)
        // Everything drawn lies above the red bar that follows the flow.
        let bar = try #require(result.rect(filledWith: .red))
        #expect(result.texts.allSatisfy { $0.item.origin.y < bar.minY })
    }

    @Test("LineBreak and Spacer end a FlowLayout row")
    func lineBreak() throws {
        let result = try render(FlowLayout(itemSpacing: 4, lineSpacing: 2) {
            Color.red.frame(width: 30, height: 10)
            LineBreak()
            Color.blue.frame(width: 30, height: 10)
            Spacer()
            Color.green.frame(width: 30, height: 10)
        }, proposal: ProposedViewSize(width: 100, height: nil))
        #expect(result.rect(filledWith: .red) == rect(0, 0, 30, 10))
        #expect(result.rect(filledWith: .blue) == rect(0, 12, 30, 10))
        #expect(result.rect(filledWith: .green) == rect(0, 24, 30, 10))
    }

    @Test("Stacks with nil spacing use the views' preferred spacing; lazy stacks lay out alike")
    func stacks() throws {
        let result = try render(VStack {
            HStack { Color.red.frame(width: 10, height: 10); Color.red.frame(width: 10, height: 10) }
            LazyHStack { Color.blue.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) }
            LazyVStack(alignment: .leading, spacing: 3) { Color.green.frame(width: 10, height: 10); Color.green.frame(width: 5, height: 5) }
            ZStack(alignment: .bottomTrailing) { Color.orange.frame(width: 28, height: 10); Color.pink.frame(width: 4, height: 4) }
        })
        #expect(result.rects(filledWith: .red) == [rect(0, 0, 10, 10), rect(18, 0, 10, 10)])
        #expect(result.rects(filledWith: .blue) == [rect(0, 18, 10, 10), rect(18, 18, 10, 10)])
        #expect(result.rects(filledWith: .green) == [rect(9, 36, 10, 10), rect(9, 49, 5, 5)])
        #expect(result.rect(filledWith: .pink) == rect(24, 68, 4, 4))
    }

    @Test("ScrollView proposes its content no length along its axis, takes the length it is proposed, and cuts the content there")
    func scrollView() throws {
        let content = VStack(spacing: 0) { ForEach(0..<10, id: \.self) { _ in Color.red.frame(width: 20, height: 50) } }
        // Proposed no height (a picture of the scroll view alone): all of the content.
        let whole = try render(ScrollView { content }, proposal: ProposedViewSize(width: 100, height: nil))
        #expect(whole.size == CGSize(width: 100, height: 500))
        #expect(whole.rects(filledWith: .red).first == rect(40, 0, 20, 50))
        // Cut at its bounds all the same, as SwiftUI cuts it (an offset drew over its neighbours).
        let shifted = try render(VStack(spacing: 0) {
            Color.green.frame(width: 100, height: 20)
            ScrollView { Color.red.frame(width: 20, height: 10).offset(y: -15) }.frame(height: 30)
        })
        let shiftedClips: [CGRect] = shifted.items.compactMap { item in
            if case .group(let group) = item.content, case .rect(let rect)? = group.clip?.shape { rect } else { nil }
        }
        #expect(shiftedClips.count == 1 && shiftedClips.first?.minY == 20 && shiftedClips.first?.height == 30, "\(shiftedClips)")
        // Proposed 200: the first 200 points, from the top, cut there.
        let vertical = try render(ScrollView { content }, proposal: ProposedViewSize(width: 100, height: 200))
        #expect(vertical.size == CGSize(width: 100, height: 200))
        #expect(vertical.rects(filledWith: .red).first == rect(40, 0, 20, 50))
        let clips = vertical.items.compactMap { if case .group(let group) = $0.content { group.clip?.shape } else { nil } }
        #expect(clips == [.rect(CGRect(x: 0, y: 0, width: 100, height: 200))])
        let horizontal = try render(ScrollView(.horizontal, showsIndicators: false) {
            Color.blue.frame(width: 30, height: 10)
            Color.blue.frame(width: 30, height: 10)
        }, proposal: ProposedViewSize(width: 40, height: 50))
        #expect(horizontal.size == CGSize(width: 40, height: 50))
        #expect(horizontal.rects(filledWith: .blue) == [rect(0, 20, 30, 10), rect(38, 20, 30, 10)])
        let flexible = try render(ScrollView { Color.red }, proposal: ProposedViewSize(width: 30, height: 200))
        #expect(flexible.size == CGSize(width: 30, height: 200))
        #expect(flexible.rect(filledWith: .red) == rect(0, 0, 30, 10))
        // In a frame between two views: the scroll view is the frame's height and draws inside it
        // (its content was centred on the frame and drew over both neighbours).
        let page = try render(VStack(spacing: 0) {
            Color.green.frame(width: 100, height: 20)
            ScrollView { content }.frame(height: 100)
            Color.blue.frame(width: 100, height: 20)
        })
        #expect(page.size == CGSize(width: 100, height: 140))
        #expect(page.rect(filledWith: .blue) == rect(0, 120, 100, 20))
        #expect(page.rects(filledWith: .red).first == rect(40, 20, 20, 50))
    }
}
