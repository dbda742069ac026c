import Foundation
import FileOutput
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
    var photos: PhotoPipelineReport?
    var peakResidentKilobytes: Int?
    var recordingFramesNotCaptured = 0

    /// When the window started, as CLOCK_MONOTONIC nanoseconds (comparable across processes
    /// on one machine, so a launcher can measure from its own spawn).
    struct Startup: Encodable {
        /// The command's `run()` began: the runtime is loaded and the arguments parsed.
        var main_ns: UInt64 = 0
        /// The first frame was presented.
        var first_frame_ns: UInt64?
        /// The first frame in which every visible cell showed its photo, at any resolution
        /// (a preview counts), was presented.
        var preview_frame_ns: UInt64?
        /// The first frame in which every image was drawn (none missing) and every visible
        /// photo at the size its cell needs was presented.
        var complete_frame_ns: UInt64?
        /// Which frame that was (1 = the first).
        var complete_frame_number: Int?
    }

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
        var photos: PhotoPipelineReport?
        /// The process's peak resident set (VmHWM), read at exit.
        var peak_rss_kb: Int?
        /// Window frames the R key's recordings could not capture (see `WindowRecorder`).
        var recording_frames_not_captured: Int
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
            final_offset_x: finalOffset.x, final_offset_y: finalOffset.y, startup: startup, photos: photos,
            peak_rss_kb: peakResidentKilobytes, recording_frames_not_captured: recordingFramesNotCaptured)
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(encoder.encode(report), to: path)
    }
}

/// The process's peak resident set size in kilobytes: VmHWM in /proc/self/status on Linux,
/// getrusage's ru_maxrss on macOS (bytes there, kilobytes on Linux); nil where neither answers.
func peakResidentKilobytes() -> Int? {
    #if os(macOS)
    var usage = rusage()
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
    return Int(usage.ru_maxrss) / 1024
    #else
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
    #endif
}
