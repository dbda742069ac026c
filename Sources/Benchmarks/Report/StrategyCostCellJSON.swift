/// One strategy-cost cell as written to JSON and CSV, rounded for reading.
public struct StrategyCostCellJSON: Codable, Equatable, Sendable {
    public var scene: String
    public var strategy: String
    public var items: Int
    public var frames: Int
    public var moving_frames: Int
    public var invalidating_frames: Int
    public var runs: Int
    public var p50_us: Double
    public var p99_us: Double
    public var all_frames_p50_us: Double
    public var all_frames_p99_us: Double
    public var run_p50_us: [Double]
    public var attrs_per_frame: Double
    public var cells_per_frame: Double
    public var invalidations_per_frame: Double
    public var ns_per_item: Double?
    public var alloc_bytes_per_frame: Double?
    public var allocs_per_frame: Double?
    public var alloc_max_bytes_in_a_frame: Double?

    public init(_ r: StrategyCostResult) {
        let round = TextFormatting.rounded
        scene = r.cell.scene.name
        strategy = r.cell.strategy.name
        items = r.cell.items
        frames = r.frames
        moving_frames = r.movingFrames
        invalidating_frames = r.invalidatingFrames
        runs = r.runP50s.count
        p50_us = round(r.p50, 3)
        p99_us = round(r.p99, 3)
        all_frames_p50_us = round(r.allFramesP50, 3)
        all_frames_p99_us = round(r.allFramesP99, 3)
        run_p50_us = r.runP50s.map { round($0, 3) }
        attrs_per_frame = round(r.attributesPerFrame, 3)
        cells_per_frame = round(r.cellsPerFrame, 3)
        invalidations_per_frame = round(r.invalidationsPerFrame, 3)
        ns_per_item = r.nanosecondsPerItem.map { round($0, 3) }
        alloc_bytes_per_frame = r.allocations.map { round($0.bytesPerFrame, 1) }
        allocs_per_frame = r.allocations.map { round($0.countPerFrame, 3) }
        alloc_max_bytes_in_a_frame = r.allocations.map(\.maxBytesInAFrame)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scene, forKey: .scene)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(items, forKey: .items)
        try c.encode(frames, forKey: .frames)
        try c.encode(moving_frames, forKey: .moving_frames)
        try c.encode(invalidating_frames, forKey: .invalidating_frames)
        try c.encode(runs, forKey: .runs)
        try c.encode(p50_us, forKey: .p50_us)
        try c.encode(p99_us, forKey: .p99_us)
        try c.encode(all_frames_p50_us, forKey: .all_frames_p50_us)
        try c.encode(all_frames_p99_us, forKey: .all_frames_p99_us)
        try c.encode(run_p50_us, forKey: .run_p50_us)
        try c.encode(attrs_per_frame, forKey: .attrs_per_frame)
        try c.encode(cells_per_frame, forKey: .cells_per_frame)
        try c.encode(invalidations_per_frame, forKey: .invalidations_per_frame)
        // Explicit nulls: a reader sees the field exists and was not measurable here.
        try c.encode(ns_per_item, forKey: .ns_per_item)
        try c.encode(alloc_bytes_per_frame, forKey: .alloc_bytes_per_frame)
        try c.encode(allocs_per_frame, forKey: .allocs_per_frame)
        try c.encode(alloc_max_bytes_in_a_frame, forKey: .alloc_max_bytes_in_a_frame)
    }
}
