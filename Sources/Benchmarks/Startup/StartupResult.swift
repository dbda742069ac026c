/// Start-up over several launches.
public struct StartupResult: Sendable {
    public var launches: [StartupLaunch]

    public init(launches: [StartupLaunch]) { self.launches = launches }

    public var firstFrame: Double { BenchStatistics.median(launches.map(\.first_frame_ms)) }
    public var spawnToMain: Double { BenchStatistics.median(launches.map(\.spawn_to_main_ms)) }
    /// Nil unless every launch drew a complete frame.
    public var allImages: Double? {
        let times = launches.compactMap(\.all_images_ms)
        return times.count == launches.count && !times.isEmpty ? BenchStatistics.median(times) : nil
    }
}
