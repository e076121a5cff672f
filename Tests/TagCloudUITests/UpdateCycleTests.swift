import Foundation
@testable import TagCloudUI
import Testing

/// A view that changes its state when it appears.
private struct Appearing: View {
    @State private var width: CGFloat = 10
    let log: Probe<String>

    var body: some View {
        Color.red.frame(width: width, height: 5)
            .onAppear {
                log.values.append("appear \(width)")
                width = 40
            }
            .onChange(of: width) { old, new in log.values.append("change \(old) → \(new)") }
    }
}

/// A view that starts empty and gets its height when it appears (the globulus layout's
/// `totalHeight = .zero` at the top level).
private struct GrowingFromNothing: View {
    @State private var height: CGFloat = 0

    var body: some View {
        Color.blue.frame(width: 100, height: height).onAppear { height = 40 }
    }
}

/// A view whose first pass is less than empty.
private struct GrowingFromLessThanNothing: View {
    @State private var height: CGFloat = 0

    var body: some View {
        Color.blue.frame(width: 100, height: height - 8).onAppear { height = 48 }
    }
}

/// A view that stays empty.
private struct StayingEmpty: View {
    @State private var height: CGFloat = 0

    var body: some View {
        Color.blue.frame(width: 100, height: height).onAppear { height = 0 }
    }
}

/// A view whose state never settles: every appearance of the text sets a new value.
private struct Restless: View {
    @State private var count = 0

    var body: some View {
        Text("\(count)").onChange(of: count, initial: true) { count += 1 }
    }
}

/// The globulus pattern: a reader sends its size to the main queue, which sets the state.
private struct Reporting: View {
    @State private var height: CGFloat = 0

    var body: some View {
        VStack(spacing: 0) {
            Color.red.frame(width: 20, height: 30).background(GeometryReader { proxy -> Color in
                DispatchQueue.main.async { height = proxy.size.height }
                return .clear
            })
            Color.blue.frame(width: 20, height: height)
        }
    }
}

/// A model a view holds, changed by the view's actions (SwiftUI's Observation).
@Observable private final class Model {
    var widths: [CGFloat] = [10]
    var untracked = 0
}

/// A view that adds to its model when it appears: the body read the list, so another pass draws it.
private struct ObservingAppend: View {
    @State var model = Model()

    var body: some View {
        HStack(spacing: 0) {
            ForEach(Array(model.widths.enumerated()), id: \.offset) { _, width in Color.red.frame(width: width, height: 5) }
        }
        .onAppear { model.widths.append(30) }
    }
}

/// A view whose model never settles.
private struct ObservingRestless: View {
    let model: Model

    var body: some View {
        Color.red.frame(width: model.widths.last ?? 0, height: 5).onChange(of: model.widths.count, initial: true) {
            model.widths.append(1)
        }
    }
}

/// A view that changes a property of its model that no body reads: no pass follows.
private struct ObservingUnread: View {
    let model: Model

    var body: some View {
        Color.red.frame(width: model.widths[0], height: 5).onAppear { model.untracked += 1 }
    }
}

/// A view that shows its child or not.
private struct Toggling: View {
    @State var shown = true
    let log: Probe<String>

    var body: some View {
        VStack {
            if shown {
                Color.red.frame(width: 5, height: 5).onDisappear { log.values.append("gone") }
            }
            Color.blue.frame(width: 5, height: 5).onAppear { shown = false }
        }
    }
}

@MainActor
@Suite("The update cycle runs what SwiftUI runs before its next frame")
struct UpdateCycleTests {
    @Test("onAppear runs once, its state change makes another pass; onChange sees the change, not the first value")
    func appearAndChange() throws {
        let log = Probe<String>()
        let renderer = ImageRenderer(content: Appearing(log: log))
        let list = try renderer.displayList()
        #expect(list.size.width == 40)
        #expect(renderer.lastPassCount == 2)
        #expect(log.values == ["appear 10.0", "change 10.0 → 40.0"])
        // State is kept by identity: rendering again runs no action and one pass.
        _ = try renderer.displayList()
        #expect(renderer.lastPassCount == 1)
        #expect(log.values.count == 2)
    }

    @Test("An empty first pass goes on to the next: only the settled view must have a size")
    func anEmptyFirstPassSettles() throws {
        let renderer = ImageRenderer(content: GrowingFromNothing())
        #expect(try renderer.displayList().size == CGSize(width: 100, height: 40))
        #expect(renderer.lastPassCount == 2)
        #expect(try ImageRenderer(content: GrowingFromLessThanNothing()).displayList().size == CGSize(width: 100, height: 40))
        #expect(throws: TagCloudUIError.invalidSize(width: 100, height: 0)) { try ImageRenderer(content: StayingEmpty()).displayList() }
    }

    @Test("A state that never settles fails after the documented bound, naming the view and the property")
    func neverSettles() throws {
        #expect(ImageRenderer<Restless>.maximumUpdatePasses == 16)
        #expect(throws: TagCloudUIError.updateCycleDidNotSettle(view: "Restless", property: "count", passes: 16)) {
            try ImageRenderer(content: Restless()).displayList()
        }
        let message = TagCloudUIError.updateCycleDidNotSettle(view: "Restless", property: "count", passes: 16).description
        #expect(message.contains("\"count\" of Restless") && message.contains("16 update passes"))
    }

    @Test("A change to an @Observable model that a body read makes another pass, as in SwiftUI; one no body read does not")
    func observation() throws {
        let renderer = ImageRenderer(content: ObservingAppend())
        #expect(try renderer.displayList().size.width == 40)
        #expect(renderer.lastPassCount == 2)
        let unread = ImageRenderer(content: ObservingUnread(model: Model()))
        #expect(try unread.displayList().size.width == 10)
        #expect(unread.lastPassCount == 1)
        #expect(throws: TagCloudUIError.updateCycleDidNotSettle(view: "an @Observable object", property: ViewGraph.ObservableName.property,
                                                                  passes: 16)) {
            try ImageRenderer(content: ObservingRestless(model: Model())).displayList()
        }
        let message = TagCloudUIError.updateCycleDidNotSettle(view: "an @Observable object", property: ViewGraph.ObservableName.property,
                                                              passes: 16).description
        #expect(message.hasPrefix("the view does not settle: an @Observable object its body reads still changed after 16 update passes"))
    }

    @Test("Blocks sent to the main queue during a pass run before the cycle decides it has settled")
    func mainQueueBlocks() throws {
        let renderer = ImageRenderer(content: Reporting())
        let rendered = try renderer.displayList()
        #expect(rendered.size == CGSize(width: 20, height: 60))
        #expect(renderer.lastPassCount == 2)
        // Outside a rendering, the same call goes to the real main queue.
        let ran = Probe<Bool>()
        DispatchQueue.main.async { MainActor.assumeIsolated { ran.values.append(true) } }
        #expect(ran.values.isEmpty)
    }

    @Test("onDisappear runs after the pass in which the view is gone")
    func disappear() throws {
        let log = Probe<String>()
        let list = try ImageRenderer(content: Toggling(log: log)).displayList()
        #expect(log.values == ["gone"])
        #expect(list.size.height == 5)
    }

    @Test("presetState sets the state once per preset value; the cycle's own changes are kept")
    func presets() throws {
        let log = Probe<String>()
        let renderer = ImageRenderer(content: Appearing(log: log).presetState("width", to: CGFloat(25)))
        #expect(try renderer.displayList().size.width == 40)
        #expect(log.values.first == "appear 25.0")
    }
}
