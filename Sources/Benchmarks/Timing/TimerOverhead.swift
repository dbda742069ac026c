import MonotonicTime

/// What timing costs the bench's measurements.
enum TimerOverhead {
    /// What one timed interval costs in clock reads alone: the median of back-to-back pairs, ns.
    static func nanoseconds() -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(10_001)
        for _ in 0..<10_001 {
            let a = monotonicNanoseconds()
            let b = monotonicNanoseconds()
            samples.append(Double(b &- a))
        }
        return BenchStatistics.median(samples)
    }
}
