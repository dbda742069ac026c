import Testing
@testable import PhotoPipeline

@Suite struct ByteCostLRUTests {
    @Test(arguments: [1, 7, 100, 1000])
    func neverExceedsItsLimit(limit: Int) {
        var cache = ByteCostLRU<Int, String>(limit: limit)
        var inserted = 0
        for key in 0..<500 {
            let cost = (key * 37) % 90 + 1  // 1…90 bytes, in no sorted order
            let outcome = cache.insert("v\(key)", for: key, cost: cost)
            #expect(outcome.accepted == (cost <= limit))
            if outcome.accepted { inserted += 1 }
            #expect(cache.bytes <= limit)
        }
        #expect(inserted > cache.count || limit >= 500 * 90, "more went in than fit")
    }

    @Test func evictsTheLeastRecentlyUsed() {
        var cache = ByteCostLRU<String, Int>(limit: 30)
        cache.insert(1, for: "a", cost: 10)
        cache.insert(2, for: "b", cost: 10)
        cache.insert(3, for: "c", cost: 10)
        #expect(cache.value(for: "a") == 1)  // "b" is now the least recently used
        let outcome = cache.insert(4, for: "d", cost: 15)
        #expect(outcome.evicted.map(\.key) == ["b", "c"])
        #expect(cache.keysByRecency == ["d", "a"])
        #expect(cache.bytes == 25)
        #expect(cache.evictions == 2)
    }

    @Test func countsHitsAndMisses() {
        var cache = ByteCostLRU<Int, Int>(limit: 100)
        cache.insert(10, for: 1, cost: 40)
        _ = cache.value(for: 1)
        _ = cache.value(for: 1)
        _ = cache.value(for: 2)
        #expect(cache.contains(1) && !cache.contains(2))
        #expect((cache.hits, cache.misses) == (2, 1))
    }

    @Test func refusesAnItemLargerThanTheLimitAndKeepsTheRest() {
        var cache = ByteCostLRU<Int, Int>(limit: 50)
        cache.insert(1, for: 1, cost: 20)
        let outcome = cache.insert(2, for: 2, cost: 51)
        #expect(!outcome.accepted && outcome.evicted.isEmpty)
        #expect(cache.count == 1 && cache.bytes == 20)
    }

    @Test func replacingAKeyHandsBackTheOldValue() {
        var cache = ByteCostLRU<Int, String>(limit: 50)
        cache.insert("old", for: 1, cost: 30)
        let outcome = cache.insert("new", for: 1, cost: 40)
        #expect(outcome.evicted.map(\.value) == ["old"])
        #expect(cache.bytes == 40 && cache.value(for: 1) == "new")
        #expect(cache.remove(1) == "new" && cache.bytes == 0 && cache.count == 0)
        cache.insert("again", for: 2, cost: 10)
        #expect(cache.keysByRecency == [2])
        #expect(cache.removeAll() == ["again"] && cache.bytes == 0)
    }

    @Test func defaultLimitIs256MB() {
        #expect(ByteCostLRU<Int, Int>().limit == 256 * 1024 * 1024)
    }
}
