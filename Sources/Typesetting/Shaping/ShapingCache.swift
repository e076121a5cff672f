
/// A bounded cache of layouts keyed by everything that determines them (text, font, width, line
/// limit, truncation, alignment, direction).
///
/// The cache is split into ``shardCount`` shards by hash, each behind its own lock with an equal
/// share of the budget, so that the threads measuring a large cloud's chips at once do not queue
/// on one lock (with one lock, two threads inserting 100,000 distinct labels spent a tenth of
/// their shaping time waiting for it).
///
/// In each shard, two generations approximate least-recently-used eviction in O(1): entries go
/// into the young generation; a hit in the old one moves the entry into the young one; when the
/// young generation's estimated size passes half the shard's budget, the old generation is
/// dropped (and freed after the lock is released) and the young one becomes old. Memory therefore
/// stays below the budget, and a working set smaller than half the budget is never evicted.
///
/// Each generation is an open-addressing hash table (linear probing) of 8-byte slots over an
/// array of entries kept in insertion order. A lookup first tries the entry after the previous hit
/// (a layout pass usually asks for its texts in the same order as the last pass, so it then reads
/// the entries sequentially without touching the table), then probes the table.
///
/// A layout is kept only when it is asked for a second time (TinyLFU's doorkeeper): a shard's
/// first request of a hash sets a bit for it and misses without probing the tables, and only a
/// miss whose bit is set admits the layout. Most of a large cloud's labels are asked for once (each text node keeps its own
/// layout), and storing them cost a third of the typesetter's own time around HarfBuzz (100,000
/// labels, two threads: the entries, their tables' growth, the locks) for no hit; a label drawn
/// again (a preview's next render, the same label in another spec of a batch) is kept from its
/// second request on. A bit set by another hash admits a request early, which costs nothing but
/// the entry.
final class ShapingCache: Sendable {
    /// The budget in (estimated) bytes.
    let capacity: Int
    /// Each shard's budget.
    private let shardCapacity: Int
    private let shards: [Locked<State>]

    /// The number of shards: a power of two, several per core of the machines it runs on.
    static let shardCount = 16

    private struct State: Sendable {
        var young = Generation()
        var old = Generation()
        var hits = 0
        var misses = 0
        var seen = Doorkeeper()
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        self.shardCapacity = self.capacity / Self.shardCount
        self.shards = (0..<Self.shardCount).map { _ in Locked(State()) }
    }

    /// The shard of a hash: from bits the generations' slots do not use first.
    private func shard(_ hash: Int) -> Locked<State> {
        shards[Int(UInt(bitPattern: hash) >> 59) & (Self.shardCount - 1)]
    }

    /// The cached layout for `key`, or, on a miss, whether the layout made for it should be
    /// inserted: whether the request was seen before (see the type's discussion).
    ///
    /// - Parameters:
    ///   - key: The request.
    ///   - hash: `key.hashValue`, computed once by the caller for the lookup and the insertion.
    func lookUp(_ key: LayoutRequest, hash: Int) -> (value: ShapedText?, admits: Bool) {
        // A generation dropped by the lookup is freed here, after the lock is released.
        var dropped: Generation?
        defer { withExtendedLifetime(dropped) {} }
        let capacity = shardCapacity
        // One critical section for the doorkeeper and the lookup.
        return shard(hash).withLock { state in
            // A hash never seen (since the doorkeeper's last clearing) is a miss without probing:
            // nearly every request of a large cloud of distinct labels, whose probes (a cache
            // miss each in tables of hundreds of thousands of entries) were most of the lookup.
            // An entry whose bit a clearing dropped misses once, is shaped again (not stored),
            // and hits from its next request on.
            guard capacity > 0, state.seen.hasSeen(hash) else {
                state.misses += 1
                return (nil, false)
            }
            if let index = state.young.find(key, hash: hash) {
                state.hits += 1
                state.young.cursor = index + 1
                return (state.young.entries[index].value, false)
            }
            if let index = state.old.find(key, hash: hash) {
                state.hits += 1
                let entry = state.old.entries[index]
                dropped = Self.add(entry, to: &state, capacity: capacity)
                return (entry.value, false)
            }
            state.misses += 1
            return (nil, true)
        }
    }


    /// Stores `value` for `key`.
    ///
    /// - Parameters:
    ///   - hash: `key.hashValue`.
    func insert(_ value: ShapedText, for key: LayoutRequest, hash: Int) {
        let cost = Self.cost(of: value, key: key)
        let capacity = shardCapacity
        guard cost <= capacity / 2 else { return }
        let entry = Entry(key: key, hash: hash, value: value, cost: cost)
        let dropped = shard(hash).withLock { state in Self.add(entry, to: &state, capacity: capacity) }
        // Freed after the lock is released: a dropped generation of a large cloud holds hundreds
        // of thousands of layouts, and freeing them under the lock stopped every other thread.
        withExtendedLifetime(dropped) {}
    }

    /// Adds an entry; returns the old generation when the young one took its place, for the
    /// caller to free outside the lock.
    private static func add(_ entry: Entry, to state: inout State, capacity: Int) -> Generation? {
        state.young.insert(entry)
        guard state.young.cost > capacity / 2 else { return nil }
        let dropped = state.old
        state.old = state.young
        state.young = Generation()
        return dropped
    }

    /// Removes every entry, and forgets which requests were seen.
    func removeAll() {
        for shard in shards {
            shard.withLock { state in
                state.young = Generation()
                state.old = Generation()
                state.seen = Doorkeeper()
            }
        }
    }

    /// The number of entries, the estimated bytes held, hits and misses.
    var statistics: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        shards.reduce(into: (0, 0, 0, 0)) { total, shard in
            let part = shard.withLock { ($0.young.entries.count + $0.old.entries.count, $0.young.cost + $0.old.cost, $0.hits, $0.misses) }
            total = (total.0 + part.0, total.1 + part.1, total.2 + part.2, total.3 + part.3)
        }
    }

    /// An estimate of the bytes an entry holds: the key's text, each glyph's id, position, cluster
    /// and advance, each run's and line's fixed part, and the table's overhead.
    static func cost(of value: ShapedText, key: LayoutRequest) -> Int {
        var bytes = 200 + key.text.utf8.count + (key.font.family?.utf8.count ?? 0)
        for index in 0..<value.runCount { bytes += 120 + value.run(index).glyphCount * (4 + 16 + 8 + 8) }
        for index in 0..<value.lineCount { bytes += 140 + value.line(index).text.utf8.count }
        return bytes
    }
}

/// The hashes a shard has missed once: a bit each, in 2^17 bits (16 KiB, made on the first
/// miss), cleared when a quarter of them are set, which keeps the share of first requests a
/// stale or shared bit admits under a quarter.
private struct Doorkeeper: Sendable {
    private static let words = 1 << 11
    private var bits: [UInt64] = []
    private var count = 0

    /// Whether `hash` was seen since the last clearing; marks it seen.
    mutating func hasSeen(_ hash: Int) -> Bool {
        if bits.isEmpty { bits = [UInt64](repeating: 0, count: Self.words) }
        // Bits the shard (the top five) and the generations' slots (the low ones) use least.
        let index = Int(truncatingIfNeeded: UInt(bitPattern: hash) >> 20) & (Self.words * 64 - 1)
        let word = index >> 6, mask = UInt64(1) << UInt64(index & 63)
        if bits[word] & mask != 0 { return true }
        bits[word] |= mask
        count += 1
        if count > Self.words * 16 {
            bits = [UInt64](repeating: 0, count: Self.words)
            count = 0
        }
        return false
    }
}

/// One cached layout.
private struct Entry: Sendable {
    var key: LayoutRequest
    var hash: Int
    var value: ShapedText
    var cost: Int
}

/// One generation: entries in insertion order and a power-of-two slot table whose non-zero slots
/// hold the high 32 bits of an entry's hash and its index + 1.
private struct Generation: Sendable {
    var entries: [Entry] = []
    var slots: [UInt64] = []
    var cost = 0
    /// The entry after the last hit: the likeliest next request.
    var cursor = 0

    func find(_ key: LayoutRequest, hash: Int) -> Int? {
        if cursor < entries.count && entries[cursor].hash == hash && entries[cursor].key == key { return cursor }
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = UInt64(UInt32(truncatingIfNeeded: hash >> 32))
        var i = hash & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            if slot >> 32 == tag {
                let index = Int(slot & 0xFFFF_FFFF) - 1
                if entries[index].hash == hash && entries[index].key == key { return index }
            }
            i = (i + 1) & mask
        }
    }

    mutating func insert(_ entry: Entry) {
        if let index = find(entry.key, hash: entry.hash) {
            cost += entry.cost - entries[index].cost
            entries[index] = entry
            return
        }
        if (entries.count + 1) * 2 > slots.count { grow() }
        entries.append(entry)
        cost += entry.cost
        place(hash: entry.hash, index: entries.count - 1)
    }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: max(64, slots.count * 2))
        for (index, entry) in entries.enumerated() { place(hash: entry.hash, index: index) }
    }

    private mutating func place(hash: Int, index: Int) {
        let mask = slots.count - 1
        var i = hash & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = UInt64(UInt32(truncatingIfNeeded: hash >> 32)) << 32 | UInt64(index + 1)
    }
}
