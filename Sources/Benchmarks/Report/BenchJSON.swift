/// The `--json` document. Sections a run left out (`--only`) are null.
public struct BenchJSON: Codable, Equatable, Sendable {
    public struct StrategyCost: Codable, Equatable, Sendable {
        public var unit = "µs per frame"
        public var definition = BenchDefinitions.strategyCost
        public var statistic = BenchDefinitions.strategyCostStatistic
        public var work = BenchDefinitions.work
        public var ns_per_item = BenchDefinitions.perItem
        /// Null when the allocations section did not run or counting does not work here.
        public var allocation_measure: String?
        public var allocation_unavailable_reason: String?
        public var timer_overhead_ns: Double
        public var cells: [StrategyCostCellJSON]

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(unit, forKey: .unit)
            try c.encode(definition, forKey: .definition)
            try c.encode(statistic, forKey: .statistic)
            try c.encode(work, forKey: .work)
            try c.encode(ns_per_item, forKey: .ns_per_item)
            try c.encode(allocation_measure, forKey: .allocation_measure)
            try c.encode(allocation_unavailable_reason, forKey: .allocation_unavailable_reason)
            try c.encode(timer_overhead_ns, forKey: .timer_overhead_ns)
            try c.encode(cells, forKey: .cells)
        }
    }

    public struct Startup: Codable, Equatable, Sendable {
        public var method = BenchDefinitions.startupMethod
        public var scene = "photos"
        public var launches: Int
        public var spawn_to_main_ms: Double
        public var first_frame_ms: Double
        /// Null unless every launch drew a complete frame.
        public var all_images_ms: Double?
        public var runs: [StartupLaunch]

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(method, forKey: .method)
            try c.encode(scene, forKey: .scene)
            try c.encode(launches, forKey: .launches)
            try c.encode(spawn_to_main_ms, forKey: .spawn_to_main_ms)
            try c.encode(first_frame_ms, forKey: .first_frame_ms)
            try c.encode(all_images_ms, forKey: .all_images_ms)
            try c.encode(runs, forKey: .runs)
        }
    }

    public struct Config: Codable, Equatable, Sendable {
        public var script: String
        public var fps: Double
        public var viewport = "1280x800"
        public var scenes: [String]
        public var strategies: [String]
        public var items: [Int]
        public var sections: [String]
        public var warmup_replays_per_cell = 1
        public var runs_per_cell: Int
        /// Cells whose replay takes under `cheap_replay_ms` get more runs (each cell's `runs` says how many).
        public var runs_per_cheap_cell: Int
        public var cheap_replay_ms = BenchPlan.cheapReplaySeconds * 1000
        public var runs_per_cell_note: String
    }

    public var benchmark = "parallax-playground bench"
    public var version = 2
    public var quick: Bool
    public var command: String
    public var duration_s: Double
    public var config: Config
    public var machine: MachineFacts
    public var strategy_cost: StrategyCost?
    public var frame_cost: FrameCostReport?
    public var startup: Startup?
    public var instructions: InstructionCountReport?
    public var photo_library: PhotoLibraryResult?
    public var window: WindowFramesReport?
    public var targets: [BenchTarget]
    /// A physics step per engine (the physics section); absent when it did not run.
    public var physics: PhysicsCostReport? = nil
    /// The R key in a scripted window session, with and without it (the recording-session
    /// section); absent when it did not run.
    public var recording_session: RecordingSessionReport? = nil

    /// The budget section's measurements: what `budget` was found from.
    public struct BudgetMainThread: Codable, Equatable, Sendable {
        public var method: String
        public var item_counts: [Int]
        public var costs: [MainThreadCost]
    }
    /// Where each strategy breaks the frame budget (the budget section); absent when it did not run.
    public var budget: [BudgetBreak]? = nil
    public var budget_main_thread: BudgetMainThread? = nil

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(benchmark, forKey: .benchmark)
        try c.encode(version, forKey: .version)
        try c.encode(quick, forKey: .quick)
        try c.encode(command, forKey: .command)
        try c.encode(duration_s, forKey: .duration_s)
        try c.encode(config, forKey: .config)
        try c.encode(machine, forKey: .machine)
        try c.encode(strategy_cost, forKey: .strategy_cost)
        try c.encode(frame_cost, forKey: .frame_cost)
        try c.encode(startup, forKey: .startup)
        try c.encode(instructions, forKey: .instructions)
        try c.encode(photo_library, forKey: .photo_library)
        try c.encode(window, forKey: .window)
        try c.encode(physics, forKey: .physics)
        try c.encode(recording_session, forKey: .recording_session)
        try c.encode(targets, forKey: .targets)
        try c.encodeIfPresent(budget, forKey: .budget)
        try c.encodeIfPresent(budget_main_thread, forKey: .budget_main_thread)
    }
}
