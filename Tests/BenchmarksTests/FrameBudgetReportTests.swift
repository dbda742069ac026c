import Foundation
import ParallaxKit
import Testing
@testable import Benchmarks

/// The budget section's finding, from hand-made main-thread times: where each line first
/// exceeds one refresh at each slowdown, and the JSON's shape.
@Suite struct FrameBudgetReportTests {
    static func cost(_ strategy: ParallaxStrategy, items: Int, ms: Double) -> MainThreadCost {
        MainThreadCost(strategy: strategy.name, scene: "quilt", items: items, frames: 10, moving_frames: 9, main_thread_ms_p50: ms)
    }

    /// Invalidation's median grows with the list (0.5, 1.5, 3, 20 ms); the cached layout's
    /// stays at 0.05 ms and never breaks any budget.
    static let costs = [
        cost(.layoutInvalidation, items: 100, ms: 0.5), cost(.layoutInvalidation, items: 1000, ms: 1.5),
        cost(.layoutInvalidation, items: 10_000, ms: 3), cost(.layoutInvalidation, items: 100_000, ms: 20),
        cost(.cachedLayout, items: 100, ms: 0.05), cost(.cachedLayout, items: 1_000_000, ms: 0.05),
    ]

    @Test func eachBudgetBreaksAtTheFirstCountWhoseSlowedWorkExceedsOneRefresh() throws {
        let report = FrameBudgetReport(item_counts: [100, 1000, 10_000, 100_000, 1_000_000], costs: Self.costs)
        func at(_ strategy: ParallaxStrategy, _ slowdown: Double, _ hertz: Double) throws -> Int? {
            try #require(report.breaks.first { $0.strategy == strategy.name && $0.cpu_slowdown == slowdown && $0.refresh_hz == hertz }).items_at_budget
        }
        // 1x: 16.7 ms and 8.3 ms first exceeded by 20 ms.
        #expect(try at(.layoutInvalidation, 1, 60) == 100_000)
        #expect(try at(.layoutInvalidation, 1, 120) == 100_000)
        // 4x at 120 Hz: 2.08 ms at 1x; 1.5 × 4 = 6 is within 8.3, 3 × 4 = 12 is not.
        #expect(try at(.layoutInvalidation, 4, 120) == 10_000)
        // 6x at 120 Hz: 1.39 ms at 1x; 1.5 × 6 = 9 > 8.3.
        #expect(try at(.layoutInvalidation, 6, 120) == 1000)
        for slowdown in [1.0, 4, 6] {
            for hertz in [60.0, 120] { #expect(try at(.cachedLayout, slowdown, hertz) == nil) }
        }
        #expect(report.breaks.count == 2 * 3 * 2)
        #expect(report.terminalText.contains("quilt    layout-invalidation"))
    }

    @Test func theJSONHasABudgetListWithNullsWhereNothingBroke() throws {
        var report = BenchReportTests.report(allocations: nil)
        report.budget = FrameBudgetReport(item_counts: [100, 1_000_000], costs: Self.costs)
        let data = try report.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let budget = try #require(object["budget"] as? [[String: Any]])
        #expect(budget.count == 12)
        for entry in budget {
            #expect(Set(entry.keys) == ["strategy", "scene", "cpu_slowdown", "refresh_hz", "items_at_budget"])
        }
        let cached = budget.filter { $0["strategy"] as? String == "cached-layout" }
        #expect(cached.count == 6 && cached.allSatisfy { $0["items_at_budget"] is NSNull }, "null, not left out")
        let decoded = try JSONDecoder().decode(BenchJSON.self, from: data)
        #expect(decoded == report.json)
        // Without the section, no budget key at all.
        let without = try #require(try JSONSerialization.jsonObject(with: BenchReportTests.report(allocations: nil).jsonData()) as? [String: Any])
        #expect(without["budget"] == nil)
    }
}
