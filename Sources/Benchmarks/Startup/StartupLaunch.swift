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
        func ms(_ t: Int) -> Double { TextFormatting.rounded(Double(Int64(t) - Int64(bitPattern: spawned)) / 1e6) }
        self.init(
            spawn_to_main_ms: ms(stamps.main_ns), first_frame_ms: ms(stamps.first_frame_ns),
            all_images_ms: stamps.complete_frame_ns.map(ms), all_images_frame: stamps.complete_frame_number)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(spawn_to_main_ms, forKey: .spawn_to_main_ms)
        try c.encode(first_frame_ms, forKey: .first_frame_ms)
        try c.encode(all_images_ms, forKey: .all_images_ms)
        try c.encode(all_images_frame, forKey: .all_images_frame)
    }
}
