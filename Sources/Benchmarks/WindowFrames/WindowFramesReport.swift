import ParallaxKit
import Presentation

/// The window section, as written to JSON and printed: per render driver, the vsync-off
/// comparison with the bare loop and the vsync-on frames a person sees.
public struct WindowFramesReport: Codable, Equatable, Sendable {
    /// Vsync on, one scene: the time between successive presents, of the app alone and of
    /// the bare loop alone (which shows what the display's timing allows).
    public struct VsyncScene: Codable, Equatable, Sendable {
        /// The scene, `photos×5` for five compared panes.
        public var scene: String
        /// The comparison (`technique=…`), null for one pane.
        public var compare: String?
        public var strategy: String
        public var frames: Int
        public var runs: Int
        public var frame: LoopTimes
        public var fps_mean: Double
        /// Median over runs of the frames longer than a 60 Hz refresh (16.7 ms).
        public var frames_over_16_7_ms: Double
        /// Median over runs of the frames that missed a refresh outright (over 1.5 refreshes,
        /// 25 ms): under Xvfb, whose vsync is a timer, frames jitter about 16.7 ms without
        /// being late.
        public var frames_over_25_ms: Double
        public var bare_frame: LoopTimes
        public var bare_frames_over_16_7_ms: Double
        /// With the recorder on (`photos+R`): the share of the window's frames it captured
        /// (median over runs); null for the rows that do not record.
        public var frames_captured: Double? = nil

        public static let missedMilliseconds = 25.0

        public init(cell: BenchCell, appRuns runs: [[Double]], bareRuns: [[Double]]) {
            let round = TextFormatting.rounded
            scene = cell.rowName
            compare = cell.compare
            strategy = cell.strategy.name
            frames = runs.first?.count ?? 0
            self.runs = runs.count
            frame = LoopTimes(runs: runs).rounded
            let meanNanoseconds = BenchStatistics.median(runs.map(BenchStatistics.mean))
            fps_mean = round(meanNanoseconds > 0 ? 1e9 / meanNanoseconds : 0, 1)
            // 16.7, not 16.67: the figure the window's --stats-json counts, so they agree.
            frames_over_16_7_ms = BenchStatistics.median(runs.map { Double($0.filter { $0 > 16.7e6 }.count) })
            frames_over_25_ms = BenchStatistics.median(runs.map { Double($0.filter { $0 > Self.missedMilliseconds * 1e6 }.count) })
            bare_frame = LoopTimes(runs: bareRuns).rounded
            bare_frames_over_16_7_ms = BenchStatistics.median(bareRuns.map { Double($0.filter { $0 > 16.7e6 }.count) })
        }
    }

    public struct RendererFrames: Codable, Equatable, Sendable {
        public var renderer: String
        public var video_driver: String
        public var vsync_off: FrameCostReport
        public var vsync_on: [VsyncScene]
    }

    /// A driver this machine could not give (e.g. no OpenGL), and why.
    public struct Unavailable: Codable, Equatable, Sendable {
        public var renderer: String
        public var reason: String
    }

    public var resolution = "1280x800"
    public var method = WindowFramesReport.methodText
    public var renderers: [RendererFrames]
    public var unavailable: [Unavailable]

    static let methodText =
        "a real window (X11; Xvfb when there is no display) per render driver, 1,000 items, each scene's own strategy, the bench script at 60 fps, overlay off, bundled images loaded before the replay; vsync off: the frame-cost method in the window (app and bare frames interleaved one by one, both presented); vsync on: the app alone, then the bare loop alone (the same recorded SDL calls), a warm-up run then timed runs, each frame the time between successive returns from present; p50/p99 are medians over runs of each run's quantile; frame counts over 16.7 ms and 25 ms are medians over runs"

    var terminalText: String {
        let pad = TextFormatting.padLeft, padRight = TextFormatting.padRight, column = TextFormatting.column
        var out: [String] = []
        out.append("In a real window, \(resolution): vsync on (the app alone) and vsync off (app vs bare SDL loop in the same window)")
        let header = padRight("renderer", 10) + padRight("scene", 9) + pad("on: fps", 9) + pad("p50 ms", 8) + pad("p99 ms", 8)
            + pad(">16.7ms", 9) + pad(">25ms", 7) + pad("bare p99", 10) + pad("bare >16.7", 12) + pad("off: app p50", 14) + pad("bare p50", 10) + pad("ratio p50", 11) + pad("ratio p99", 11)
        out.append(header)
        out.append(String(repeating: "─", count: header.count))
        for r in renderers {
            for on in r.vsync_on {
                let off = r.vsync_off.scenes.first { $0.scene == on.scene }
                out.append(
                    padRight(r.renderer, 10) + padRight(on.scene, 9) + column(on.fps_mean, 1, 9) + column(on.frame.p50_ms, 2, 8)
                        + column(on.frame.p99_ms, 2, 8) + pad("\(Int(on.frames_over_16_7_ms))/\(on.frames)", 9)
                        + pad("\(Int(on.frames_over_25_ms))", 7) + column(on.bare_frame.p99_ms, 2, 10)
                        + pad("\(Int(on.bare_frames_over_16_7_ms))", 12)
                        + column(off?.app.p50_ms, 3, 14) + column(off?.bare.p50_ms, 3, 10)
                        + column(off?.ratio_p50, 3, 11) + column(off?.ratio_p99, 3, 11))
            }
        }
        for u in unavailable { out.append("  \(u.renderer): not measured, \(u.reason)") }
        out.append("")
        let runs = renderers.flatMap(\.vsync_on).map(\.runs).min() ?? 0
        out.append("  \(runs) run\(runs == 1 ? "" : "s") per scene and mode after a warm-up; p50/p99 are medians over runs of each run's quantile.")
        out.append("  on: each frame is the time between successive presents, refresh wait included; >16.7ms and >25ms count")
        out.append("    frames longer than a 60 Hz refresh and frames that missed one outright (median over runs); bare: the bare")
        out.append("    loop alone, vsync on, the same frames: what the display's timing allows any program.")
        out.append("  off: the frame-cost method on screen: app and bare frames interleaved, both presented in the same window.")
        let mismatched = renderers.flatMap { r in r.vsync_off.scenes.filter { $0.bare_frame_differing_pixels != 0 }.map { "\(r.renderer) \($0.scene)" } }
        if !mismatched.isEmpty { out.append("  WARNING: the bare loop's frame differs from the app's in " + mismatched.joined(separator: ", ") + ".") }
        return out.joined(separator: "\n")
    }
}
