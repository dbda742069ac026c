import BenchOptions
import ParallaxKit
@testable import Benchmarks

/// Equal but for floating-point rounding in the last places.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// A strategy-cost result with the given median frame time in µs, for report tests.
func result(_ scene: SceneID, _ strategy: ParallaxStrategy, items: Int, p50: Double) -> StrategyCostResult {
    var run = ReplayMeasurement()
    run.frameNanoseconds = [p50 * 1000]
    run.moved = [true]
    run.work = [StrategyWork(invalidations: strategy == .layoutInvalidation ? 1 : 0)]
    var r = StrategyCostResult(cell: BenchCell(scene: scene, strategy: strategy, items: items), runs: [run], allocations: nil)
    // Set exactly: the histogram would round values above 2 µs to three digits.
    r.p50 = p50
    return r
}

/// A plan for report tests: these scenes and strategies, one run.
func plan(_ sections: Set<BenchSection>, scenes: [SceneID] = [.photos], strategies: [ParallaxStrategy] = [.cachedLayout], items: [Int] = [1000]) -> BenchPlan {
    BenchPlan(sections: sections, scenes: scenes, strategies: strategies, items: items, repeats: 1, frameRepeats: 1,
              frameLimit: nil, launches: 1, quick: false)
}
