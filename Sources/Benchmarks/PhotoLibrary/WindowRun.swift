import Foundation
import MonotonicTime
import ParallaxKit
import RunHarness

/// One run of the window command on a photo folder, and what its `--stats-json` said.
struct WindowRun {
    /// The window's stats, and the CLOCK_MONOTONIC time just before the spawn.
    var stats: RunReport
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

    /// Spawns the app's window command on `photos` with `extra` arguments, the
    /// caches in `cacheHome` (XDG_CACHE_HOME), until it quits after `seconds`. With
    /// `shaderCache`, Mesa keeps its compiled shaders there instead of under `cacheHome`.
    static func launch(photos: String, cacheHome: String, seconds: Double, extra: [String] = [],
                       shaderCache: String? = nil) throws -> WindowRun {
        let binary = try BesideThisProgram.playground()
        let statsPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("parallax-photo-library-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: statsPath) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome
        if let shaderCache { environment[BareFirstFrame.shaderCacheVariable] = shaderCache }
        if environment["DISPLAY"] == nil { environment["SDL_VIDEODRIVER"] = "dummy" }
        let child = ChildProcess(
            executable: binary,
            arguments: ["--no-settings", "--photos", photos, "--exit-after", String(seconds), "--stats-json", statsPath, "--no-vsync"] + extra,
            environment: environment)
        var spawned: UInt64 = 0
        let result = try child.run { spawned = monotonicNanoseconds() }
        guard result.status == 0 else {
            throw BenchFailure(message: "the window failed on \(photos) (status \(result.status)): \(result.standardError)")
        }
        do {
            let stats = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
            return WindowRun(stats: stats, spawned: spawned)
        } catch {
            throw BenchFailure(message: "the window's --stats-json file is not readable: \(error)")
        }
    }
}
