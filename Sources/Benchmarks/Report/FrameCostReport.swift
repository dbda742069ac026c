import ParallaxKit

/// The frame-cost section, as written to JSON and printed: per scene and for all scenes.
public struct FrameCostReport: Codable, Equatable, Sendable {
    public struct Scene: Codable, Equatable, Sendable {
        /// The scene, `photos×5` for five compared panes.
        public var scene: String
        /// The comparison (`technique=…`), null for one pane.
        public var compare: String? = nil
        /// With the tuning panel open: building and drawing it per frame (median over runs of
        /// each run's p50), ms; null without it.
        public var panel_ms_p50: Double? = nil
        public var strategy: String
        public var items: Int
        public var frames: Int
        public var runs: Int
        public var draw_calls_per_frame: Double
        public var texture_copies_per_frame: Double
        public var app: LoopTimes
        public var bare: LoopTimes
        /// app / bare; null when the bare loop measured nothing.
        public var ratio_p50: Double?
        public var ratio_p99: Double?
        /// The app's own work before its first SDL drawing call, per frame (median over runs
        /// of each run's p50): SDL's event queue, script events, physics, strategy, draw list.
        public var app_work_before_sdl_p50_us: Double
        /// Each run's p50, to show the spread.
        public var app_run_p50_ms: [Double]
        public var bare_run_p50_ms: [Double]
        /// Pixels that differ between the app's frame and the bare loop's replay of it.
        public var bare_frame_differing_pixels: Int
        public var compared_frame: Int
    }

    /// Every scene's frames pooled run by run.
    public struct All: Codable, Equatable, Sendable {
        public var app: LoopTimes
        public var bare: LoopTimes
        public var ratio_p50: Double?
        public var ratio_p99: Double?
    }

    /// Where the frames were drawn: offscreen (SDL's dummy driver) or in a real window.
    public enum Surface: String, Codable, Sendable { case offscreen, window }

    public var resolution = "1280x800"
    public var surface = Surface.offscreen
    public var renderer: String
    public var video_driver: String
    public var vsync = false
    public var overlay = false
    public var method = FrameCostReport.methodText
    public var frame_limit: Int?
    public var scenes: [Scene]
    public var all: All

    static let methodText =
        "app frame: drain SDL events, deliver the script's due events, physics, strategy, build the scene's DrawList (overlay off), clear, execute with DrawListExecutor, present; bare frame: clear, the exact SDL calls the executor issued for that frame (recorded in the warm-up through its DrawCallSink) reissued through the same Renderer methods, present; wall time per frame with CLOCK_MONOTONIC; in each run app and bare frames interleave one by one (app first on even frames, bare first on odd ones); p50/p99 are medians over runs of each run's quantile (nearest rank, HdrHistogram); ratios app/bare"

    public init(results: [FrameCostSceneResult], renderer: String, videoDriver: String, frameLimit: Int?, surface: Surface = .offscreen) {
        self.surface = surface
        self.renderer = renderer
        video_driver = videoDriver
        frame_limit = frameLimit
        let round = TextFormatting.rounded
        func ratio(_ a: Double, _ b: Double) -> Double? { BenchStatistics.ratio(a, b).map { round($0, 3) } }
        scenes = results.map { r in
            let app = LoopTimes(runs: r.appRuns), bare = LoopTimes(runs: r.bareRuns)
            return Scene(
                scene: r.cell.rowName, compare: r.cell.compare,
                panel_ms_p50: r.panelRuns.isEmpty ? nil : round(BenchStatistics.medianOfRunQuantiles(r.panelRuns, 0.5) / 1e6, 4),
                strategy: r.cell.strategy.name, items: r.cell.items, frames: r.frames, runs: r.appRuns.count,
                draw_calls_per_frame: round(r.drawCallsPerFrame, 1), texture_copies_per_frame: round(r.textureCopiesPerFrame, 1),
                app: app.rounded, bare: bare.rounded, ratio_p50: ratio(app.p50_ms, bare.p50_ms), ratio_p99: ratio(app.p99_ms, bare.p99_ms),
                app_work_before_sdl_p50_us: round(BenchStatistics.medianOfRunQuantiles(r.appWorkRuns, 0.5) / 1000, 2),
                app_run_p50_ms: r.appRuns.map { round(BenchStatistics.quantile(nanoseconds: $0, 0.5) / 1e6, 4) },
                bare_run_p50_ms: r.bareRuns.map { round(BenchStatistics.quantile(nanoseconds: $0, 0.5) / 1e6, 4) },
                bare_frame_differing_pixels: r.differingPixels, compared_frame: r.comparedFrame)
        }
        // All scenes: each run's frames of every scene pooled, then as for one scene (compared
        // panes are their own row, not another scene).
        let results = results.filter { $0.cell.compare == nil && !$0.cell.tuningPanel }
        let runs = results.map(\.appRuns.count).min() ?? 0
        let appPooled = (0..<runs).map { i in results.flatMap { $0.appRuns[i] } }
        let barePooled = (0..<runs).map { i in results.flatMap { $0.bareRuns[i] } }
        let app = LoopTimes(runs: appPooled), bare = LoopTimes(runs: barePooled)
        all = All(app: app.rounded, bare: bare.rounded, ratio_p50: ratio(app.p50_ms, bare.p50_ms), ratio_p99: ratio(app.p99_ms, bare.p99_ms))
    }

    var terminalText: String {
        let pad = TextFormatting.padLeft, padRight = TextFormatting.padRight, column = TextFormatting.column
        var out: [String] = []
        let limit = frame_limit.map { ", first \($0) frames of the replay" } ?? ""
        out.append("Frame cost: app vs bare SDL loop, \(surface == .offscreen ? "offscreen" : "in a real window,") \(resolution), \(renderer) renderer, \(video_driver) driver, vsync off, overlay off, 1,000 items, scene's own strategy\(limit)")
        let header = padRight("scene", 9) + padRight("strategy", 20) + pad("frames", 7) + pad("calls/frame", 12)
            + pad("app p50 ms", 12) + pad("app p99 ms", 12) + pad("bare p50 ms", 13) + pad("bare p99 ms", 13)
            + pad("ratio p50", 11) + pad("ratio p99", 11) + pad("app work µs", 13)
        out.append(header)
        out.append(String(repeating: "─", count: header.count))
        for s in scenes {
            out.append(
                padRight(s.scene, 9) + padRight(ParallaxStrategy(name: s.strategy)?.title ?? s.strategy, 20) + pad("\(s.frames)", 7)
                    + column(s.draw_calls_per_frame, 1, 12) + column(s.app.p50_ms, 3, 12) + column(s.app.p99_ms, 3, 12)
                    + column(s.bare.p50_ms, 3, 13) + column(s.bare.p99_ms, 3, 13)
                    + column(s.ratio_p50, 3, 11) + column(s.ratio_p99, 3, 11) + column(s.app_work_before_sdl_p50_us, 1, 13))
        }
        out.append(
            padRight("all", 29) + pad("\(scenes.map(\.frames).reduce(0, +))", 7) + pad("", 12)
                + column(all.app.p50_ms, 3, 12) + column(all.app.p99_ms, 3, 12)
                + column(all.bare.p50_ms, 3, 13) + column(all.bare.p99_ms, 3, 13)
                + column(all.ratio_p50, 3, 11) + column(all.ratio_p99, 3, 11))
        out.append("")
        let runs = scenes.map(\.runs).min() ?? 0
        out.append("  \(runs) run\(runs == 1 ? "" : "s") per scene after a warm-up, app and bare frames interleaved one by one (app first on even frames,")
        out.append("  bare first on odd ones); p50/p99 are medians over runs of each run's p50/p99.")
        out.append("  app: SDL events, the script's events, physics, strategy, scene DrawList, clear, DrawListExecutor, present;")
        out.append("    app work: the part before its first SDL drawing call (all of the above up to the DrawList), p50 per frame.")
        out.append("  bare: clear, the same SDL calls the executor issued for that frame (recorded in the warm-up), present.")
        let mismatched = scenes.filter { $0.bare_frame_differing_pixels != 0 }
        out.append(mismatched.isEmpty
            ? "  The bare loop's replay of a mid-replay frame matched the app's frame pixel for pixel in every scene."
            : "  WARNING: the bare loop's frame differs from the app's in " + mismatched.map { "\($0.scene) (\($0.bare_frame_differing_pixels) px)" }.joined(separator: ", ") + ".")
        return out.joined(separator: "\n")
    }
}

extension FrameCostReport.Scene {
    // Explicit nulls: a reader sees the ratio exists and was not measurable here.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scene, forKey: .scene)
        try c.encode(compare, forKey: .compare)
        try c.encode(panel_ms_p50, forKey: .panel_ms_p50)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(items, forKey: .items)
        try c.encode(frames, forKey: .frames)
        try c.encode(runs, forKey: .runs)
        try c.encode(draw_calls_per_frame, forKey: .draw_calls_per_frame)
        try c.encode(texture_copies_per_frame, forKey: .texture_copies_per_frame)
        try c.encode(app, forKey: .app)
        try c.encode(bare, forKey: .bare)
        try c.encode(ratio_p50, forKey: .ratio_p50)
        try c.encode(ratio_p99, forKey: .ratio_p99)
        try c.encode(app_work_before_sdl_p50_us, forKey: .app_work_before_sdl_p50_us)
        try c.encode(app_run_p50_ms, forKey: .app_run_p50_ms)
        try c.encode(bare_run_p50_ms, forKey: .bare_run_p50_ms)
        try c.encode(bare_frame_differing_pixels, forKey: .bare_frame_differing_pixels)
        try c.encode(compared_frame, forKey: .compared_frame)
    }
}

extension FrameCostReport.All {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(app, forKey: .app)
        try c.encode(bare, forKey: .bare)
        try c.encode(ratio_p50, forKey: .ratio_p50)
        try c.encode(ratio_p99, forKey: .ratio_p99)
    }
}
