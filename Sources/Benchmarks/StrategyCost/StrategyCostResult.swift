import ParallaxKit

/// The matrix's result for one cell: its statistics over the measured runs, computed once.
public struct StrategyCostResult: Sendable {
    public var cell: BenchCell
    /// Frames in one replay (the same in every run: the replay is deterministic).
    public var frames: Int
    public var movingFrames: Int
    public var invalidatingFrames: Int
    /// Per-frame time over the frames in which the list moved (the frames the strategies work
    /// on; all frames if it never moved, which only an empty list could do), µs: the table's numbers.
    public var p50: Double
    public var p99: Double
    /// Over every frame of the replay, idle ones included.
    public var allFramesP50: Double
    public var allFramesP99: Double
    /// Each run's p50, to show the spread.
    public var runP50s: [Double]
    /// Means per frame over the frames in which the list moved.
    public var attributesPerFrame: Double
    public var cellsPerFrame: Double
    public var invalidationsPerFrame: Double
    /// Layout invalidation only: the median time of the frames that invalidated, per item, ns.
    public var nanosecondsPerItem: Double?
    public var allocations: AllocationMeasurement?

    public init(cell: BenchCell, runs: [ReplayMeasurement], allocations: AllocationMeasurement?) {
        self.cell = cell
        self.allocations = allocations
        // Work is deterministic: the first run stands for all.
        let first = runs.first ?? ReplayMeasurement()
        frames = first.frameCount
        movingFrames = first.moved.filter { $0 }.count
        invalidatingFrames = first.work.filter { $0.invalidations > 0 }.count

        /// The `p`-quantile of each run's selected frames, µs.
        func quantiles(_ p: Double, where include: (ReplayMeasurement, Int) -> Bool) -> [Double] {
            runs.map { run in
                BenchStatistics.quantile(
                    nanoseconds: run.frameNanoseconds.indices.filter { include(run, $0) }.map { run.frameNanoseconds[$0] }, p) / 1000
            }
        }
        let anyMoved = movingFrames > 0
        let moving: (ReplayMeasurement, Int) -> Bool = { run, i in !anyMoved || run.moved[i] }
        let every: (ReplayMeasurement, Int) -> Bool = { _, _ in true }
        runP50s = quantiles(0.5, where: moving)
        p50 = BenchStatistics.median(runP50s)
        p99 = BenchStatistics.median(quantiles(0.99, where: moving))
        allFramesP50 = BenchStatistics.median(quantiles(0.5, where: every))
        allFramesP99 = BenchStatistics.median(quantiles(0.99, where: every))

        func meanWhileMoving(_ value: (StrategyWork) -> Int) -> Double {
            BenchStatistics.mean(first.work.indices.filter { first.moved[$0] }.map { Double(value(first.work[$0])) })
        }
        attributesPerFrame = meanWhileMoving(\.attributesComputed)
        cellsPerFrame = meanWhileMoving(\.cellsUpdated)
        invalidationsPerFrame = meanWhileMoving(\.invalidations)

        if cell.strategy == .layoutInvalidation, invalidatingFrames > 0, cell.items > 0 {
            let invalidating = BenchStatistics.median(quantiles(0.5) { run, i in run.work[i].invalidations > 0 })
            nanosecondsPerItem = invalidating * 1000 / Double(cell.items)
        }
    }
}
