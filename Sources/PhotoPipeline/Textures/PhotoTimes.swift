/// How long the visible photos took to turn sharp each time scrolling came to rest: the
/// figure prefetching at the predicted rest point exists to shrink.
public struct PhotoTimes {
    /// Milliseconds from each rest to the first frame with every visible photo sharp (0 when
    /// they already were), in order.
    public private(set) var restToSharpMilliseconds: [Double] = []
    /// Keeps the list bounded over a long run: enough rests for any benchmark.
    public static let limit = 10_000
    private var restedAt: UInt64?
    private var wasMoving = false

    public init() {}

    /// Called once a frame with whether the content moved, whether it is at rest, and
    /// whether every visible photo is sharp, at `now` (CLOCK_MONOTONIC nanoseconds).
    public mutating func note(moved: Bool, resting: Bool, sharp: Bool, at now: UInt64) {
        if moved || !resting {
            wasMoving = true
            restedAt = nil
            return
        }
        if wasMoving {
            wasMoving = false
            restedAt = now
        }
        if let rested = restedAt, sharp {
            if restToSharpMilliseconds.count < Self.limit {
                restToSharpMilliseconds.append(Double(now - rested) / 1e6)
            }
            restedAt = nil
        }
    }
}
