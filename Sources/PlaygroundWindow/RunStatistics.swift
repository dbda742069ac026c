import Foundation
import FileOutput
import Panes
import ParallaxKit
import PhotoPipeline
import Rendering
import RunHarness
import SDLBackend

/// What the window gathers for `--stats-json` (whose shape is `RunReport`): the whole run's
/// frame times and what changed when.
public struct RunStatistics {
    var frameMilliseconds: [Double] = []
    /// Frames drawn while something moved on screen, and those of them over budget.
    var movingFrames = 0
    var movingFramesOverBudget = 0
    var changes: [RunReport.Change] = []
    var renderer = ""
    var rendererDrawsOnCPU: Bool?
    var videoDriver = ""
    var screenshots: [String] = []
    var finalOffset = Point.zero
    var finalParallax: Double?
    var finalItems: Int?
    public var startup = RunReport.Startup()
    var photos: RunReport.Photos?
    var peakResidentKilobytes: Int?
    var recordingFramesNotCaptured = 0
    var recordingWindowFrames = 0
    var panes: [RunReport.Pane]?
    var idleWaits = 0
    var finalReduceMotion: Bool?
    var tuningPanelOpen: Bool?
    var endedAtSeconds: Double?
    /// The items visible in the last frame drawn (see `RunReport.visible_items`).
    public var visibleItems: [Int]?
    var scrubLandings = ScrubLandingTimes()
    /// The first pane's motion meter at the end.
    var motion: RunReport.Motion?

    /// A timed frame: its interval, and whether it showed something moving (see
    /// `RunReport.moving_frames`).
    mutating func noteFrame(milliseconds: Double, moving: Bool, budgetMilliseconds: Double) {
        frameMilliseconds.append(milliseconds)
        guard moving else { return }
        movingFrames += 1
        if milliseconds > budgetMilliseconds { movingFramesOverBudget += 1 }
    }

    // The run's frame budget (`RunReport.Budget`).
    /// Every frame's main-thread work, milliseconds (slowed by the run's CPU slowdown).
    var mainThreadMilliseconds: [Double] = []
    /// Frames whose main-thread work and rendering took longer than the budget they had.
    var framesOverBudget = 0
    /// The refresh rate and slowdown at exit.
    var budgetAtExit: (hertz: Double, cpuSlowdown: Double)?

    mutating func noteBudgetFrame(mainThreadMilliseconds main: Double, renderMilliseconds render: Double, budgetMilliseconds: Double) {
        mainThreadMilliseconds.append(main)
        if main + render > budgetMilliseconds { framesOverBudget += 1 }
    }

    mutating func noteState(frame: Int, scene: SceneID, strategy: ParallaxStrategy) {
        if let last = changes.last, last.scene == scene.name, last.strategy == strategy.name { return }
        changes.append(RunReport.Change(frame: frame, scene: scene.name, strategy: strategy.name))
    }

    var report: RunReport {
        let times = frameMilliseconds
        let mean = times.isEmpty ? 0 : times.reduce(0, +) / Double(times.count)
        let p99 = Percentiles.of(times, 0.99)
        var report = RunReport(
            frames: times.count, fps_mean: mean > 0 ? 1000 / mean : 0, one_percent_low_fps: p99 > 0 ? 1000 / p99 : 0,
            frame_ms_p50: Percentiles.of(times, 0.5), frame_ms_p90: Percentiles.of(times, 0.9), frame_ms_p99: p99,
            frames_over_16_7_ms: times.filter { $0 > FrameBudget.sixtyHertz }.count,
            changes: changes, renderer: renderer, video_driver: videoDriver, screenshots: screenshots,
            final_offset_x: finalOffset.x, final_offset_y: finalOffset.y, startup: startup, photos: photos,
            peak_rss_kb: peakResidentKilobytes, recording_frames_not_captured: recordingFramesNotCaptured,
            panes: panes, final_parallax: finalParallax, final_items: finalItems,
            recording_window_frames: recordingWindowFrames, idle_waits: idleWaits,
            renderer_draws_on_cpu: rendererDrawsOnCPU, final_reduce_motion: finalReduceMotion,
            tuning_panel_open: tuningPanelOpen, ended_at_seconds: endedAtSeconds)
        report.motion = motion
        report.moving_frames = movingFrames
        report.moving_frames_over_budget = movingFramesOverBudget
        report.visible_items = visibleItems
        report.scrub_landings = photos == nil ? nil : scrubLandings.landings
        report.budget = budgetAtExit.map { exit in
            RunReport.Budget(refresh_hz: exit.hertz, budget_ms: 1000 / exit.hertz, cpu_slowdown: exit.cpuSlowdown,
                             main_thread_ms_p50: Percentiles.of(mainThreadMilliseconds, 0.5),
                             main_thread_ms_p99: Percentiles.of(mainThreadMilliseconds, 0.99), frames_over_budget: framesOverBudget)
        }
        return report
    }

    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try OutputFile.write(encoder.encode(report), to: path)
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

extension RunReport.Photos {
    /// The photo pipeline's part of `--stats-json`, from its counters and the run's times.
    init(_ counters: PhotoTextures.Counters, times: PhotoTimes, firstScreen: [ScreenPhoto]) {
        self.init(textures_held: counters.texturesHeld, texture_bytes_held: counters.bytesHeld, uploads: counters.uploads,
                  failures: counters.failures, visible_hit_rate: counters.hitRate,
                  rest_to_sharp_ms: times.restToSharpMilliseconds, first_screen: firstScreen)
    }
}
