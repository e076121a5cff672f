import Synchronization

/// A bounded cache of layouts keyed by everything that determines them (text, font, width, line
/// limit, truncation, alignment, direction).
///
/// Two generations approximate least-recently-used eviction in O(1): entries go into the young
/// generation; a hit in the old one moves the entry back into the young one; when the young
/// generation's estimated size passes half the budget, the old generation is dropped and the young
/// one becomes old. Memory therefore stays below the budget (plus one entry), and a working set
/// smaller than half the budget is never evicted.
final class ShapingCache: Sendable {
    /// The budget in (estimated) bytes.
    let capacity: Int
    private let state: Mutex<State>

    private struct State: Sendable {
        var young: [LayoutRequest: Entry] = [:]
        var old: [LayoutRequest: Entry] = [:]
        var youngCost = 0
        var oldCost = 0
        var hits = 0
        var misses = 0
    }

    private struct Entry: Sendable {
        var value: ShapedText
        var cost: Int
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        self.state = Mutex(State())
    }

    /// The cached layout for `key`, if any.
    func value(for key: LayoutRequest) -> ShapedText? {
        state.withLock { state in
            if let entry = state.young[key] {
                state.hits += 1
                return entry.value
            }
            if let entry = state.old.removeValue(forKey: key) {
                state.hits += 1
                state.oldCost -= entry.cost
                Self.add(key, entry, to: &state, capacity: capacity)
                return entry.value
            }
            state.misses += 1
            return nil
        }
    }

    /// Stores `value` for `key`.
    func insert(_ value: ShapedText, for key: LayoutRequest) {
        let cost = Self.cost(of: value, key: key)
        guard cost <= capacity / 2 else { return }
        state.withLock { state in
            Self.add(key, Entry(value: value, cost: cost), to: &state, capacity: capacity)
        }
    }

    private static func add(_ key: LayoutRequest, _ entry: Entry, to state: inout State, capacity: Int) {
        if let previous = state.young.updateValue(entry, forKey: key) { state.youngCost -= previous.cost }
        state.youngCost += entry.cost
        if state.youngCost > capacity / 2 {
            state.old = state.young
            state.oldCost = state.youngCost
            state.young = [:]
            state.youngCost = 0
        }
    }

    /// Removes every entry.
    func removeAll() {
        state.withLock { state in
            let (hits, misses) = (state.hits, state.misses)
            state = State()
            state.hits = hits
            state.misses = misses
        }
    }

    /// The number of entries, the estimated bytes held, hits and misses.
    var statistics: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.young.count + $0.old.count, $0.youngCost + $0.oldCost, $0.hits, $0.misses) }
    }

    /// An estimate of the bytes an entry holds: the key's text, each glyph's id, position, cluster
    /// and advance, each run's and line's fixed part, and dictionary overhead.
    static func cost(of value: ShapedText, key: LayoutRequest) -> Int {
        var bytes = 160 + key.text.utf8.count + (key.font.family?.utf8.count ?? 0)
        for run in value.runs { bytes += 120 + run.glyphs.count * (4 + 16 + 8 + 8) }
        for line in value.lines { bytes += 140 + line.text.utf8.count }
        return bytes
    }
}
