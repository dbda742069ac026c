import SDLBackend

/// The benchmark's clock: SDLBackend's CLOCK_MONOTONIC reading, comparable across processes
/// on one machine (a child's start-up timestamps are subtracted from the parent's spawn time).
public enum MonotonicClock {
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        monotonicNanoseconds()
    }

    /// What one timed interval costs in clock reads alone: the median of back-to-back pairs, ns.
    public static func timerOverheadNanoseconds() -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(10_001)
        for _ in 0..<10_001 {
            let a = nanoseconds()
            let b = nanoseconds()
            samples.append(Double(b &- a))
        }
        return BenchStatistics.median(samples)
    }
}
