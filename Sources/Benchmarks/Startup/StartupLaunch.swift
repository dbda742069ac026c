/// One start of the window command, in milliseconds from the parent's spawn.
public struct StartupLaunch: Codable, Equatable, Sendable {
    public var spawn_to_main_ms: Double
    public var first_frame_ms: Double
    /// Null when no frame drew every image before the window quit.
    public var all_images_ms: Double?
    public var all_images_frame: Int?

    public init(spawn_to_main_ms: Double, first_frame_ms: Double, all_images_ms: Double?, all_images_frame: Int?) {
        self.spawn_to_main_ms = spawn_to_main_ms
        self.first_frame_ms = first_frame_ms
        self.all_images_ms = all_images_ms
        self.all_images_frame = all_images_frame
    }

    /// Milliseconds of each stamp after `spawned` (a CLOCK_MONOTONIC reading, ns).
    public init(stamps: WindowStartupStamps, spawnedAt spawned: UInt64) {
        // The difference as a signed number: a stamp before the spawn (another clock) reads negative.
        func ms(_ t: UInt64) -> Double { TextFormatting.rounded(Double(Int64(bitPattern: t &- spawned)) / 1e6) }
        self.init(
            spawn_to_main_ms: ms(stamps.startup.main_ns), first_frame_ms: ms(stamps.firstFrame),
            all_images_ms: stamps.startup.complete_frame_ns.map(ms), all_images_frame: stamps.startup.complete_frame_number)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(spawn_to_main_ms, forKey: .spawn_to_main_ms)
        try c.encode(first_frame_ms, forKey: .first_frame_ms)
        try c.encode(all_images_ms, forKey: .all_images_ms)
        try c.encode(all_images_frame, forKey: .all_images_frame)
    }
}
