import Foundation

/// One run of the window command on a photo folder, and what its `--stats-json` said.
struct WindowRun {
    /// The parts of the window's statistics this section reads.
    struct Stats: Decodable {
        struct Startup: Decodable {
            var main_ns: UInt64
            var first_frame_ns: UInt64?
            var preview_frame_ns: UInt64?
            var complete_frame_ns: UInt64?
        }
        struct Photos: Decodable {
            struct ScreenPhoto: Decodable {
                var path: String
                var width: Int
                var height: Int
            }
            var rest_to_sharp_ms: [Double]
            var first_screen: [ScreenPhoto]
        }
        var startup: Startup
        var photos: Photos?
        var frames_over_16_7_ms: Int
        var frames: Int
        var final_offset_y: Double
        var peak_rss_kb: Int?
    }

    /// The window's stats, and the CLOCK_MONOTONIC time just before the spawn.
    var stats: Stats
    var spawned: UInt64

    /// Milliseconds from the spawn to `stamp`.
    func sinceSpawn(_ stamp: UInt64?) -> Double? {
        stamp.map { Double(Int64(bitPattern: $0 &- spawned)) / 1e6 }
    }

    /// Milliseconds from the first frame to `stamp`.
    func sinceFirstFrame(_ stamp: UInt64?) -> Double? {
        guard let stamp, let first = stats.startup.first_frame_ns else { return nil }
        return Double(Int64(bitPattern: stamp &- first)) / 1e6
    }

    /// Spawns this executable's window command on `photos` with `extra` arguments, the
    /// caches in `cacheHome` (XDG_CACHE_HOME), until it quits after `seconds`.
    static func launch(photos: String, cacheHome: String, seconds: Double, extra: [String] = []) throws -> WindowRun {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let statsPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("parallax-photo-library-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: statsPath) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome
        if environment["DISPLAY"] == nil { environment["SDL_VIDEODRIVER"] = "dummy" }
        let child = ChildProcess(
            executable: binary,
            arguments: ["--no-settings", "--photos", photos, "--exit-after", String(seconds), "--stats-json", statsPath, "--no-vsync"] + extra,
            environment: environment)
        var spawned: UInt64 = 0
        let result = try child.run { spawned = MonotonicClock.nanoseconds() }
        guard result.status == 0 else {
            throw BenchFailure(message: "the window failed on \(photos) (status \(result.status)): \(result.standardError)")
        }
        do {
            let stats = try JSONDecoder().decode(Stats.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
            return WindowRun(stats: stats, spawned: spawned)
        } catch {
            throw BenchFailure(message: "the window's --stats-json file is not readable: \(error)")
        }
    }
}
