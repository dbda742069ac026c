/// What a strategy did in one frame.
public struct StrategyWork: Hashable, Sendable {
    /// Layout invalidations (of any kind) triggered.
    public var invalidations = 0
    /// Layout attributes whose geometry or parallax the layout (re)computed.
    public var attributesComputed = 0
    /// Cells whose image shift was set.
    public var cellsUpdated = 0

    public init(invalidations: Int = 0, attributesComputed: Int = 0, cellsUpdated: Int = 0) {
        self.invalidations = invalidations
        self.attributesComputed = attributesComputed
        self.cellsUpdated = cellsUpdated
    }

    public static func + (a: StrategyWork, b: StrategyWork) -> StrategyWork {
        StrategyWork(
            invalidations: a.invalidations + b.invalidations,
            attributesComputed: a.attributesComputed + b.attributesComputed,
            cellsUpdated: a.cellsUpdated + b.cellsUpdated)
    }
}

/// Where the collection view, its layout and the active shift strategy add up what they do; the
/// frame step reads and resets it once per frame, so every frame reports its own work.
public final class WorkTally {
    public private(set) var work = StrategyWork()

    public init() {}

    func addInvalidation() { work.invalidations += 1 }
    func addAttributesComputed(_ n: Int) { work.attributesComputed += n }
    func addCellsUpdated(_ n: Int) { work.cellsUpdated += n }

    /// The work since the last call; starts a new count.
    public func take() -> StrategyWork {
        defer { work = StrategyWork() }
        return work
    }
}
