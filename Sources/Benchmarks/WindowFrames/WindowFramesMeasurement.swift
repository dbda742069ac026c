import Foundation
import MonotonicTime
import ParallaxKit
import SDLBackend

/// The frames as a person sees them: each scene's replay in a real window, once per
/// render driver. With vsync off the app's frames interleave with the bare loop's in the same
/// window (the frame-cost method, on screen); with vsync on the app runs alone, then the bare
/// loop alone, each frame the time from one present's return to the next, refresh waits
/// included: what the display's timing allows shows in the bare loop's figures.
enum WindowFramesMeasurement {
    /// The drivers a person's window uses on these machines: OpenGL (Mesa's llvmpipe under
    /// Xvfb, a GPU elsewhere) and SDL's software renderer, SDL's fallback.
    static let renderDrivers = ["opengl", "software"]

    /// Progress units per replay run, as the frame-cost section counts them.
    static let unitsPerRun = 20.0

    /// Five panes of photos side by side, one per author's technique: the most a window
    /// compares (`--compare` takes 2 to 5 values), each pane drawing its own photos.
    static let comparedTechniques = "technique=" + ParallaxMapping.byAuthor.map(\.name).joined(separator: ",")

    /// Each scene with its own strategy, then (with the photos scene in the plan) the photos
    /// list as five compared panes, and with the tuning panel open.
    static func cells(plan: BenchPlan) -> [BenchCell] {
        var cells = plan.scenes.map { BenchCell(scene: $0, strategy: Scene.make($0).defaultStrategy, items: 1000) }
        if plan.scenes.contains(.photos) {
            cells.append(BenchCell(scene: .photos, strategy: Scene.make(.photos).defaultStrategy, items: 1000, compare: comparedTechniques))
            cells.append(BenchCell(scene: .photos, strategy: Scene.make(.photos).defaultStrategy, items: 1000, tuningPanel: true))
            cells.append(BenchCell(scene: .photos, strategy: Scene.make(.photos).defaultStrategy, items: 1000, recording: true))
        }
        return cells
    }

    static func units(plan: BenchPlan) -> Double {
        Double(renderDrivers.count * cells(plan: plan).count * (2 * plan.frameRepeats + 2)) * unitsPerRun
    }

    static func measure(plan: BenchPlan, resources: String, fonts: FontFiles, script: Script,
                        progress: BenchProgress) throws -> WindowFramesReport {
        var renderers: [WindowFramesReport.RendererFrames] = []
        var unavailable: [WindowFramesReport.Unavailable] = []
        for driver in renderDrivers {
            // One SDL at a time (SDL is global state): this window's is gone before the next.
            let sdl: BenchSDL
            do {
                sdl = try openWindow(resources: resources, fonts: fonts, driver: driver)
            } catch {
                if case .noDisplay = error {
                    throw BenchFailure(message: "the window section needs a display (X11 or Wayland): run it under scripts/with-display.sh, as make bench does (\(error))")
                }
                throw BenchFailure(message: "cannot open a window with the \(driver) renderer: \(error)")
            }
            guard sdl.renderer.name == driver else {
                unavailable.append(.init(renderer: driver, reason: "SDL made a \(sdl.renderer.name) renderer instead"))
                progress.advance(by: Double(cells(plan: plan).count * (2 * plan.frameRepeats + 2)) * unitsPerRun)
                continue
            }
            var offResults: [FrameCostSceneResult] = []
            var onScenes: [WindowFramesReport.VsyncScene] = []
            for cell in cells(plan: plan) {
                sdl.renderer.setVSync(false)
                var bare: BareLoop?
                offResults.append(FrameCostMeasurement.measure(
                    sdl: sdl, cell: cell, script: script, repeats: plan.frameRepeats, frameLimit: plan.frameLimit,
                    progress: progress, unitsPerRun: unitsPerRun, label: "window · \(driver) · vsync off",
                    keepBareLoop: { bare = $0 }))
                onScenes.append(try vsyncRuns(sdl: sdl, cell: cell, script: script, bare: bare!, plan: plan, progress: progress, driver: driver))
            }
            renderers.append(WindowFramesReport.RendererFrames(
                renderer: sdl.renderer.name, video_driver: sdl.video.driverName,
                vsync_off: FrameCostReport(results: offResults, renderer: sdl.renderer.name, videoDriver: sdl.video.driverName,
                                           frameLimit: plan.frameLimit, surface: .window),
                vsync_on: onScenes))
        }
        return WindowFramesReport(renderers: renderers, unavailable: unavailable)
    }

    /// A window on the display with `driver`'s renderer. Under load an X server that served the
    /// previous renderer's window a moment ago can refuse the next connection (SDL then falls
    /// back to its invisible driver: seen on two cores with three Xvfb servers and benches at
    /// once, before and after this project's changes); with a display set, that is retried a
    /// few times, a second apart, before it counts as no display.
    private static func openWindow(resources: String, fonts: FontFiles, driver: String) throws(SDLError) -> BenchSDL {
        let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
        var attempt = 1
        while true {
            do {
                return try BenchSDL(resources: resources, fonts: fonts, size: StrategyCostMeasurement.viewport,
                                    video: .automatic, renderDriver: driver)
            } catch {
                guard case .noDisplay = error, hasDisplay, attempt < Self.windowAttempts else { throw error }
                attempt += 1
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    /// How many times a window is tried on a display that is set.
    static let windowAttempts = 4

    /// With vsync on: the app alone, a warm-up run then `plan.frameRepeats` timed runs; then
    /// the bare loop alone the same way.
    private static func vsyncRuns(sdl: BenchSDL, cell: BenchCell, script: Script, bare: BareLoop, plan: BenchPlan,
                                  progress: BenchProgress, driver: String) throws -> WindowFramesReport.VsyncScene {
        guard sdl.renderer.setVSync(true) else {
            throw BenchFailure(message: "the \(driver) renderer refused vsync (SDL_RenderSetVSync)")
        }
        defer { sdl.renderer.setVSync(false) }
        var appRuns: [[Double]] = [], bareRuns: [[Double]] = [], capturedShares: [Double] = []
        for run in 0...plan.frameRepeats {
            progress.show("window · \(driver) · vsync on · \(cell.label) · " + (run == 0 ? "warm-up" : "run \(run)/\(plan.frameRepeats)"))
            var app = PresentIntervals(), bareIntervals = PresentIntervals()
            let recording = cell.recording ? BenchRecording() : nil
            FrameCostMeasurement.runReplay(sdl: sdl, cell: cell, script: script, frameLimit: plan.frameLimit, videoRecording: recording) { _, frame in
                _ = frame()
                app.notePresent()
            }
            if run > 0, let share = recording?.capturedShare { capturedShares.append(share) }
            for k in 0..<bare.frameCount {
                bare.drawFrame(k)
                bareIntervals.notePresent()
            }
            if run > 0 {
                appRuns.append(app.intervals)
                bareRuns.append(bareIntervals.intervals)
            }
            progress.advance(by: unitsPerRun)
        }
        var scene = WindowFramesReport.VsyncScene(cell: cell, appRuns: appRuns, bareRuns: bareRuns)
        if !capturedShares.isEmpty { scene.frames_captured = TextFormatting.rounded(BenchStatistics.median(capturedShares), 4) }
        return scene
    }

    /// Nanoseconds between successive returns from present.
    private struct PresentIntervals {
        var intervals: [Double] = []
        private var last: UInt64?

        mutating func notePresent() {
            let now = monotonicNanoseconds()
            if let last { intervals.append(Double(now &- last)) }
            last = now
        }
    }
}
