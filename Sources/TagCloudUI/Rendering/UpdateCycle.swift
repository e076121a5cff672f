public import Foundation
import Observation
import Synchronization

/// The actions one update pass registers, run by ``UpdateCycle`` once the pass has drawn.
final class PassActions {
    /// An `onAppear` or `onDisappear` action of a view identity.
    struct Lifecycle {
        let key: ActionKey
        let onAppear: (() -> Void)?
        let onDisappear: (() -> Void)?
    }

    /// A value an `onChange(of:)` observes, with its action.
    struct Observation {
        let key: ActionKey
        let value: Any
        let initial: Bool
        /// Called with the old value (`nil` on the first pass) and the new one.
        let action: (Any?, Any) -> Void
    }

    /// A preference value an `onPreferenceChange(_:perform:)` observes, with its action.
    struct PreferenceObservation {
        let key: ActionKey
        let value: Any
        let action: (Any) -> Void
    }

    private(set) var lifecycle: [Lifecycle] = []
    private(set) var observations: [Observation] = []
    private(set) var preferenceObservations: [PreferenceObservation] = []
    private var ordinals: [ActionKeyPrefix: Int] = [:]

    private struct ActionKeyPrefix: Hashable {
        let path: ViewPath
        let kind: ActionKey.Kind
    }

    /// The key of the next action of a kind at an identity: several actions at one identity are
    /// told apart by their order in the pass.
    ///
    /// - Parameters:
    ///   - path: The view's identity.
    ///   - kind: The action's kind.
    /// - Returns: The key.
    func key(at path: ViewPath, _ kind: ActionKey.Kind) -> ActionKey {
        let prefix = ActionKeyPrefix(path: path, kind: kind)
        let ordinal = ordinals[prefix, default: 0]
        ordinals[prefix] = ordinal + 1
        return ActionKey(path: path, kind: kind, ordinal: ordinal)
    }

    func register(_ entry: Lifecycle) { lifecycle.append(entry) }
    func register(_ entry: Observation) { observations.append(entry) }
    func register(_ entry: PreferenceObservation) { preferenceObservations.append(entry) }
}

/// Runs a renderer's update cycle: a pass resolves, lays out and draws the view; then the actions
/// SwiftUI would run before its next frame are run, and if they changed any `@State` another pass
/// follows, until the view settles or ``ImageRenderer/maximumUpdatePasses`` passes have run.
///
/// After each pass, in this order:
/// 1. `onDisappear` actions of identities the pass no longer has;
/// 2. `onAppear` actions of identities seen for the first time, in view order;
/// 3. `onChange(of:)` actions whose value differs from the last pass's (`==`), in view order;
///    with `initial: true`, also on an identity's first pass;
/// 4. `onPreferenceChange(_:perform:)` actions, on an identity's first pass and whenever the value
///    differs from the last pass's;
/// 5. blocks the view code sent to the main queue with `DispatchQueue.main.async` during the pass
///    or these actions (see ``Dispatch/DispatchQueue/async(execute:)``), in the order sent,
///    including those they send in turn.
///
/// A change to an `@Observable` object's property that a body read during the pass (SwiftUI's
/// Observation tracking: an `onAppear` that appends to a model's list) counts as a `@State`
/// change does. Bodies resolved on other threads (the elements of a `ForEach` of thousands of
/// views, shared out to every core) are not tracked.
///
/// Not run: `task` and other asynchronous work (`Task { }`, `asyncAfter`, timers): a picture is
/// made synchronously, without a run loop.
@MainActor
final class UpdateCycle {
    /// The blocks sent to the main queue while a cycle runs, if one does.
    ///
    /// Written only by the thread running a cycle (the main actor's); read by
    /// ``Dispatch/DispatchQueue/async(execute:)`` on any thread, which uses it only on the thread
    /// that set it.
    nonisolated(unsafe) static var mainQueue: MainQueueBlocks?

    let graph: ViewGraph

    init(graph: ViewGraph) {
        self.graph = graph
    }

    /// Runs passes until the view settles.
    ///
    /// - Parameters:
    ///   - maximumPasses: The most passes run.
    ///   - pass: Runs one pass with the actions to fill, and returns its result.
    /// - Returns: The result of the last pass: the settled view.
    /// - Throws: What `pass` throws, or ``TagCloudUIError/updateCycleDidNotSettle(view:property:passes:)``.
    func run<Result>(maximumPasses: Int,
                     _ pass: (PassActions) throws(TagCloudUIError) -> Result) throws(TagCloudUIError) -> Result {
        let blocks = MainQueueBlocks()
        let outer = Self.mainQueue
        Self.mainQueue = blocks
        defer { Self.mainQueue = outer }
        _ = graph.takeChanges()  // writes made outside the cycle (an animation's change) are its input
        var number = 0
        while true {
            number += 1
            let actions = PassActions()
            // What the pass's bodies read of `@Observable` objects: a later write marks the view.
            let observed = Mutex(false)
            let outcome = withObservationTracking {
                Swift.Result { () throws(TagCloudUIError) in try pass(actions) }
            } onChange: {
                observed.withLock { $0 = true }
            }
            let result = try outcome.get()
            runActions(actions)
            blocks.runAll()
            let changes = graph.takeChanges()
            let observedChange = observed.withLock { $0 }
            guard let last = changes.last ?? (observedChange ? ViewGraph.StateName.observable : nil) else { return result }
            if number >= maximumPasses {
                throw .updateCycleDidNotSettle(view: last.view, property: last.property, passes: number)
            }
        }
    }

    private func runActions(_ actions: PassActions) {
        let current = Set(actions.lifecycle.map(\.key))
        for (key, disappear) in graph.appeared.sorted(by: { $0.value.order < $1.value.order })
        where !current.contains(key) {
            disappear.action?()
        }
        var appeared: [ActionKey: ViewGraph.Appearance] = [:]
        for (order, entry) in actions.lifecycle.enumerated() {
            if graph.appeared[entry.key] == nil { entry.onAppear?() }
            appeared[entry.key] = ViewGraph.Appearance(order: order, action: entry.onDisappear)
        }
        graph.appeared = appeared

        var observed: [ActionKey: Any] = [:]
        for entry in actions.observations {
            let old = graph.observedValues[entry.key]
            if let old {
                if valuesEqual(old, entry.value) != true { entry.action(old, entry.value) }
            } else if entry.initial {
                entry.action(nil, entry.value)
            }
            observed[entry.key] = entry.value
        }
        graph.observedValues = observed

        var preferences: [ActionKey: Any] = [:]
        for entry in actions.preferenceObservations {
            if let old = graph.preferenceValues[entry.key], valuesEqual(old, entry.value) == true {
            } else {
                entry.action(entry.value)
            }
            preferences[entry.key] = entry.value
        }
        graph.preferenceValues = preferences
    }
}

/// Blocks sent to the main queue during an update cycle, run by the cycle after each pass.
///
/// Only the thread that made it (the one running the cycle) touches it.
final class MainQueueBlocks: @unchecked Sendable {
    /// The most blocks one drain runs: a block that keeps sending blocks would otherwise never end.
    static let limit = 100_000
    private var blocks: [() -> Void] = []
    private let owner = pthread_self()

    /// Whether the calling thread is the one running the cycle.
    var isOwnedByCurrentThread: Bool { pthread_equal(owner, pthread_self()) != 0 }

    func append(_ block: @escaping () -> Void) {
        blocks.append(block)
    }

    /// Runs the blocks in the order sent, with those they send, up to ``limit``.
    func runAll() {
        var count = 0
        while !blocks.isEmpty, count < Self.limit {
            let batch = blocks
            blocks.removeAll()
            for block in batch {
                block()
                count += 1
            }
        }
        blocks.removeAll()
    }
}

extension DispatchQueue {
    /// Schedules a block on this queue: Dispatch's `async(execute:)`, except that a block sent to
    /// the main queue by the code an ``ImageRenderer`` runs during its update cycle (on the main
    /// actor) is run by the renderer after the current pass, before it decides whether the view
    /// has settled.
    ///
    /// SwiftUI code often reports a measured size back into `@State` from a `GeometryReader` with
    /// `DispatchQueue.main.async { … }`, relying on the block to run before the next frame. A
    /// renderer called from the main queue itself (an `async` main, a Swift Testing test on the
    /// main actor) could never see such a block run, so it collects them instead. Everywhere
    /// else, this forwards to `async(group: nil, qos: .unspecified, flags: [], execute:)`.
    ///
    /// - Parameter work: The block.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        if let blocks = UpdateCycle.mainQueue, blocks.isOwnedByCurrentThread, label == DispatchQueue.main.label {
            blocks.append(work)
            return
        }
        async(group: nil, qos: .unspecified, flags: [], execute: work)
    }
}
