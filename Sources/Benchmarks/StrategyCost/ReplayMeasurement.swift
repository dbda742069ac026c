import ParallaxKit

/// What one replay of the script measured, frame by frame.
public struct ReplayMeasurement: Sendable {
    /// Model time per frame, ns: that frame's events, physics, layout and strategy.
    public var frameNanoseconds: [Double] = []
    /// Whether the content offset changed in that frame.
    public var moved: [Bool] = []
    public var work: [StrategyWork] = []
    /// Only in the allocation pass: heap allocations and requested bytes per frame.
    public var allocationCounts: [Double] = []
    public var allocatedBytes: [Double] = []
    public var finalOffset = Point.zero

    public init() {}

    public var frameCount: Int { frameNanoseconds.count }
}
