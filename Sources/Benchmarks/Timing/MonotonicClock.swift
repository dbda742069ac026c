#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in nanoseconds: a vDSO read, comparable across processes on one machine
/// (a child's start-up timestamps are subtracted from the parent's spawn time).
public enum MonotonicClock {
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
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
