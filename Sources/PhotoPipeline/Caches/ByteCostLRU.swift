/// A least-recently-used cache whose limit is a total cost in bytes, not a count.
///
/// Meant for textures: the app inserts each with its byte size and destroys what comes back
/// as evicted. The total never exceeds `limit`; an item costing more than the limit is
/// refused. Lookups and inserts are O(1): a dictionary into slots of a doubly linked list
/// kept in arrays. Not thread-safe: it belongs to the thread that draws.
public struct ByteCostLRU<Key: Hashable, Value> {
    /// The default limit: 256 MB, room for about 160 textures of 800 × 500 RGBA.
    public static var defaultLimit: Int { 256 << 20 }

    /// What an insert did.
    public struct InsertOutcome {
        /// False when the item alone costs more than the limit (nothing changes then).
        public let accepted: Bool
        /// Entries pushed out to make room, least recently used first, plus the old value
        /// when the key was already present.
        public let evicted: [(key: Key, value: Value)]
    }

    /// The most the costs of held items may add up to.
    public let limit: Int
    /// The sum of the costs of held items.
    public private(set) var bytes = 0
    /// Lookups through `value(for:)` that found their key.
    public private(set) var hits = 0
    /// Lookups through `value(for:)` that did not.
    public private(set) var misses = 0
    /// Entries evicted for room since creation.
    public private(set) var evictions = 0

    fileprivate struct Slot {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int  // towards the most recently used; -1 at the head
        var older: Int  // towards the least recently used; -1 at the tail
    }

    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest = -1
    private var oldest = -1

    /// An empty cache; a negative limit counts as 0.
    public init(limit: Int = ByteCostLRU.defaultLimit) {
        self.limit = max(0, limit)
    }

    /// Number of held items.
    public var count: Int { index.count }

    /// Keys from most to least recently used.
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var cursor = newest
        while cursor >= 0, let slot = slots[cursor] {
            keys.append(slot.key)
            cursor = slot.older
        }
        return keys
    }

    /// The value for `key`, marking it most recently used; counts a hit or a miss.
    public mutating func value(for key: Key) -> Value? {
        guard let at = index[key], let slot = slots[at] else {
            misses += 1
            return nil
        }
        hits += 1
        moveToNewest(at)
        return slot.value
    }

    /// The value for `key`, without touching recency or the counters.
    public func peek(_ key: Key) -> Value? {
        guard let at = index[key] else { return nil }
        return slots[at]?.value
    }

    /// Whether `key` is held, without touching recency or the counters.
    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Stores `value` under `key` at `cost` bytes as the most recently used, evicting the
    /// least recently used until it fits.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, cost: Int) -> InsertOutcome {
        let cost = max(0, cost)
        guard cost <= limit else { return InsertOutcome(accepted: false, evicted: []) }
        var evicted: [(key: Key, value: Value)] = []
        if let old = remove(key) { evicted.append((key, old)) }
        while bytes + cost > limit, oldest >= 0, let slot = slots[oldest] {
            evicted.append((slot.key, slot.value))
            _ = remove(slot.key)
            evictions += 1
        }
        let slot = Slot(key: key, value: value, cost: cost, newer: -1, older: newest)
        let at: Int
        if let reused = freeSlots.popLast() {
            at = reused
            slots[at] = slot
        } else {
            at = slots.count
            slots.append(slot)
        }
        if newest >= 0 { slots[newest]?.newer = at }
        newest = at
        if oldest < 0 { oldest = at }
        index[key] = at
        bytes += cost
        return InsertOutcome(accepted: true, evicted: evicted)
    }

    /// Removes and returns the value for `key`, if held.
    @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        guard let at = index.removeValue(forKey: key), let slot = slots[at] else { return nil }
        unlink(at, slot)
        slots[at] = nil
        freeSlots.append(at)
        bytes -= slot.cost
        return slot.value
    }

    /// Empties the cache, returning every value so the caller can free what they own.
    public mutating func removeAll() -> [Value] {
        let values = slots.compactMap { $0?.value }
        slots = []
        freeSlots = []
        index = [:]
        newest = -1
        oldest = -1
        bytes = 0
        return values
    }

    private mutating func unlink(_ at: Int, _ slot: Slot) {
        if slot.newer >= 0 { slots[slot.newer]?.older = slot.older } else { newest = slot.older }
        if slot.older >= 0 { slots[slot.older]?.newer = slot.newer } else { oldest = slot.newer }
    }

    private mutating func moveToNewest(_ at: Int) {
        guard at != newest, let slot = slots[at] else { return }
        unlink(at, slot)
        slots[at]?.older = newest
        slots[at]?.newer = -1
        if newest >= 0 { slots[newest]?.newer = at }
        newest = at
        if oldest < 0 { oldest = at }
    }
}

extension ByteCostLRU: Sendable where Key: Sendable, Value: Sendable {}
extension ByteCostLRU.Slot: Sendable where Key: Sendable, Value: Sendable {}
