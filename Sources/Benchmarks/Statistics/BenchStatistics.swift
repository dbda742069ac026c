import Histogram

/// The few statistics every section reports, defined once so the tests can pin them down.
///
/// Frame times go through an HdrHistogram (3 significant digits): a quantile is the recorded
/// value at nearest rank ⌈p·n⌉, exact below 2,048 ns and within 0.1 % above, so microsecond
/// frames keep every nanosecond and a 7 ms frame is off by at most a few µs. Medians of a few
/// run summaries are plain medians (the mean of the middle two for an even count).
public enum BenchStatistics {
    /// The `p`-quantile (0…1) of durations in nanoseconds, by nearest rank; 0 for none.
    public static func quantile(nanoseconds values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        for value in values { histogram.record(UInt64(max(0, value.rounded()))) }
        return Double(histogram.valueAtPercentile(min(max(p, 0), 1) * 100))
    }

    /// The middle value, or the mean of the two middle values; 0 for none.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    public static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// `numerator / denominator`, or nil when the denominator is not positive (nothing measured).
    public static func ratio(_ numerator: Double, _ denominator: Double) -> Double? {
        denominator > 0 ? numerator / denominator : nil
    }

    /// The median over runs of each run's `p`-quantile, in nanoseconds.
    public static func medianOfRunQuantiles(_ runs: [[Double]], _ p: Double) -> Double {
        median(runs.map { quantile(nanoseconds: $0, p) })
    }
}
