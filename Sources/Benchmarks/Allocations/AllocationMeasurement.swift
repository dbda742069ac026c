/// Heap allocations per frame of one cell, from one untimed replay with counting on.
public struct AllocationMeasurement: Codable, Equatable, Sendable {
    /// Means over every frame of the replay.
    public var countPerFrame: Double
    public var bytesPerFrame: Double
    public var maxBytesInAFrame: Double

    public init(countPerFrame: Double, bytesPerFrame: Double, maxBytesInAFrame: Double) {
        self.countPerFrame = countPerFrame
        self.bytesPerFrame = bytesPerFrame
        self.maxBytesInAFrame = maxBytesInAFrame
    }

    /// From per-frame counts and bytes.
    public init(counts: [Double], bytes: [Double]) {
        self.init(
            countPerFrame: BenchStatistics.mean(counts), bytesPerFrame: BenchStatistics.mean(bytes),
            maxBytesInAFrame: bytes.max() ?? 0)
    }
}
