import Foundation
import ParallaxKit

/// Everything `--stats-json` writes at exit: the whole run's frame times and what changed when.
struct RunStatistics {
    struct Change: Encodable {
        var frame: Int
        var scene: String
        var strategy: String
    }

    var frameMilliseconds: [Double] = []
    var changes: [Change] = []
    var renderer = ""
    var videoDriver = ""
    var screenshots: [String] = []
    var finalOffset = Point.zero
    var startup = Startup()

    mutating func noteState(frame: Int, scene: SceneID, strategy: ParallaxStrategy) {
        if let last = changes.last, last.scene == scene.name, last.strategy == strategy.name { return }
        changes.append(Change(frame: frame, scene: scene.name, strategy: strategy.name))
    }

    struct Report: Encodable {
        var frames: Int
        var fps_mean: Double
        var one_percent_low_fps: Double
        var frame_ms_p50: Double
        var frame_ms_p90: Double
        var frame_ms_p99: Double
        var frames_over_16_7_ms: Int
        var changes: [Change]
        var renderer: String
        var video_driver: String
        var screenshots: [String]
        var final_offset_x: Double
        var final_offset_y: Double
        var startup: Startup
    }

    var report: Report {
        let times = frameMilliseconds
        let mean = times.isEmpty ? 0 : times.reduce(0, +) / Double(times.count)
        let p99 = Percentiles.of(times, 0.99)
        return Report(
            frames: times.count, fps_mean: mean > 0 ? 1000 / mean : 0, one_percent_low_fps: p99 > 0 ? 1000 / p99 : 0,
            frame_ms_p50: Percentiles.of(times, 0.5), frame_ms_p90: Percentiles.of(times, 0.9), frame_ms_p99: p99,
            frames_over_16_7_ms: times.filter { $0 > FrameBudget.sixtyHertz }.count,
            changes: changes, renderer: renderer, video_driver: videoDriver, screenshots: screenshots,
            final_offset_x: finalOffset.x, final_offset_y: finalOffset.y, startup: startup)
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(report).write(to: URL(fileURLWithPath: path))
    }
}

// MARK: Start-up stamps (read by `bench`; kept apart so a merge with other stats work is easy)

extension RunStatistics {
    /// CLOCK_MONOTONIC timestamps in ns: main entry, the first present, and the first present
    /// in which every image was drawn (null until one was).
    struct Startup: Encodable {
        var main_ns = 0
        var first_frame_ns = 0
        var complete_frame_ns: Int?
        var complete_frame_number: Int?

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(main_ns, forKey: .main_ns)
            try c.encode(first_frame_ns, forKey: .first_frame_ns)
            try c.encode(complete_frame_ns, forKey: .complete_frame_ns)
            try c.encode(complete_frame_number, forKey: .complete_frame_number)
        }

        enum CodingKeys: String, CodingKey { case main_ns, first_frame_ns, complete_frame_ns, complete_frame_number }
    }

    /// After each present: stamps the first frame and the first complete one.
    mutating func notePresented(frame: Int, everyImageDrawn: Bool) {
        guard startup.complete_frame_ns == nil else { return }
        let now = Self.monotonicNanoseconds()
        if frame == 0 { startup.first_frame_ns = now }
        if everyImageDrawn {
            startup.complete_frame_ns = now
            startup.complete_frame_number = frame + 1
        }
    }

    /// The clock `bench` reads before spawning the window, so the two subtract.
    static func monotonicNanoseconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
    }
}
