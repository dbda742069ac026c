import ParallaxKit
import Testing
@testable import Benchmarks

/// A cell's statistics from hand-made runs.
@Suite struct StrategyCostResultTests {
    static let cell = BenchCell(scene: .photos, strategy: .layoutInvalidation, items: 1000)

    static func run(_ ns: [Double], moved: [Bool], invalidations: [Int]) -> ReplayMeasurement {
        var run = ReplayMeasurement()
        run.frameNanoseconds = ns
        run.moved = moved
        run.work = invalidations.map { StrategyWork(invalidations: $0, attributesComputed: $0 * 1000, cellsUpdated: 5) }
        return run
    }

    /// Frames 0, 2 and 3 moved; frames 2 and 3 invalidated.
    static let runs = [
        run([100, 200, 300, 400], moved: [true, false, true, true], invalidations: [0, 0, 1, 1]),
        run([110, 210, 500, 600], moved: [true, false, true, true], invalidations: [0, 0, 1, 1]),
    ]

    @Test func quantilesOverMovingFramesThenTheMedianOverRuns() {
        let r = StrategyCostResult(cell: Self.cell, runs: Self.runs, allocations: nil)
        #expect(r.frames == 4)
        #expect(r.movingFrames == 3)
        #expect(r.invalidatingFrames == 2)
        // Moving frames: [100, 300, 400] → p50 300 ns; [110, 500, 600] → 500 ns.
        #expect(r.runP50s.count == 2 && close(r.runP50s[0], 0.3) && close(r.runP50s[1], 0.5))
        #expect(close(r.p50, 0.4))
        // p99 is the largest moving frame of each run: 400 and 600.
        #expect(close(r.p99, 0.5))
        // All frames: [100, 200, 300, 400] → 200; [110, 210, 500, 600] → 210.
        #expect(close(r.allFramesP50, 0.205))
        // Work: means over the 3 moving frames of the first run.
        #expect(r.invalidationsPerFrame == 2.0 / 3)
        #expect(r.attributesPerFrame == 2000.0 / 3)
        #expect(r.cellsPerFrame == 5)
        // Invalidating frames' p50: [300, 400] → 300 and [500, 600] → 500; median 400 ns over 1,000 items.
        #expect(close(r.nanosecondsPerItem ?? 0, 0.4))
    }

    @Test func onlyLayoutInvalidationHasACostPerItem() {
        let cell = BenchCell(scene: .photos, strategy: .cachedLayout, items: 1000)
        #expect(StrategyCostResult(cell: cell, runs: Self.runs, allocations: nil).nanosecondsPerItem == nil)
    }

    @Test func allocationMeansPerFrame() {
        let a = AllocationMeasurement(counts: [1, 2, 3], bytes: [10, 0, 50])
        #expect(a.countPerFrame == 2)
        #expect(a.bytesPerFrame == 20)
        #expect(a.maxBytesInAFrame == 50)
    }
}
