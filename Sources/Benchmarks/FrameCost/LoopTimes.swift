/// p50 and p99 of a loop's frame times: each the median over runs of that run's quantile, ms.
public struct LoopTimes: Codable, Equatable, Sendable {
    public var p50_ms: Double
    public var p99_ms: Double

    public init(p50_ms: Double, p99_ms: Double) {
        self.p50_ms = p50_ms
        self.p99_ms = p99_ms
    }

    /// From runs of per-frame nanoseconds.
    public init(runs: [[Double]]) {
        p50_ms = BenchStatistics.medianOfRunQuantiles(runs, 0.5) / 1e6
        p99_ms = BenchStatistics.medianOfRunQuantiles(runs, 0.99) / 1e6
    }

    var rounded: LoopTimes {
        LoopTimes(p50_ms: TextFormatting.rounded(p50_ms, 4), p99_ms: TextFormatting.rounded(p99_ms, 4))
    }
}
