import Foundation
import MonotonicTime
import Panes
import ParallaxKit
import PlaygroundWindow
import Presentation
import RunHarness
import SDLBackend
import TuningUI

/// The frame-cost measurement: the whole app frame, rendered offscreen, against a bare SDL
/// loop that issues the same SDL calls.
enum FrameCostMeasurement {
    static let background = SceneRenderer.Palette.background

    /// Wall time of one app frame and of its part before the first SDL drawing call, ns.
    struct AppFrameTimes {
        var total: Double
        var work: Double
        /// Building and drawing the tuning panel (0 without it).
        var panel: Double = 0
    }

    /// The window's own frame loop over one replay: a `PlaygroundApp` on the bench's SDL,
    /// each frame `PlaygroundApp.runFrame` at frame k's time k / fps (the loop users run:
    /// SDL's events, every pane's step with the script's due events, the presenter, the
    /// window's marks, present), stepped and ended by a `ReplayRun` over the app's session (the
    /// fixed step and the end rule every replay has). `frame(k, runAppFrame)` is
    /// called once per frame and must call `runAppFrame` exactly once, so the caller can time
    /// other work just before or after it. The frame `capturing` is read back before it is
    /// presented, into `captured`. Stops at the replay's end or after `frameLimit` frames;
    /// returns the frames run.
    @discardableResult
    static func runReplay(
        sdl: BenchSDL, cell: BenchCell, script: Script, frameLimit: Int?,
        capturing: Int? = nil, captured: @escaping (RGBAImage?) -> Void = { _ in }, videoRecording: BenchRecording? = nil,
        frame: (Int, () -> AppFrameTimes) -> Void
    ) -> Int {
        if frameLimit == 0 { return 0 }
        let app = PlaygroundApp(video: sdl.video, window: sdl.window, renderer: sdl.renderer, executor: sdl.executor,
                                playground: StrategyCostMeasurement.makePlayground(cell), comparison: cell.comparison)
        let run = ReplayRun(Replay(script: script, framesPerSecond: StrategyCostMeasurement.framesPerSecond), session: app.session)
        if !sdl.preloadPhotos(for: app.session.playgrounds) {
            FileHandle.standardError.write(Data("note: \(cell.label): not every photo decoded before the first frame\n".utf8))
        }
        let recording = sdl.executor.drawCallSink as? DrawCallRecording
        // The panel as the window draws it, open over the frame; its triangles recorded too.
        if cell.tuningPanel, let panel = sdl.imgui {
            panel.drawCallSink = recording
            app.openTuningPanel(drawingWith: panel)
        }
        app.beforePresent = { k in
            if k == capturing { captured(try? sdl.renderer.readPixels()) }
            // The window records after drawing, before presenting (the recorder's cost is
            // the frame's, as in the window).
            videoRecording?.capture(sdl.renderer)
        }
        app.start()
        let clock = Clock()
        while run.framesRun < (frameLimit ?? Int.max) {
            let k = run.framesRun
            var ran = false
            let played: Void? = run.next { _, t in
                frame(k) {
                    precondition(!ran, "runReplay: frame \(k) ran twice")
                    ran = true
                    recording?.beginFrame(clearColor: background)
                    let start = clock.now()
                    let done = app.runFrame(at: t, startedAt: start)
                    let end = clock.now()
                    return AppFrameTimes(total: (end - start) * 1e9, work: (done.modelDone - start) * 1e9, panel: done.panelSeconds * 1e9)
                }
            }
            guard played != nil else { break }
            precondition(ran, "runReplay: frame \(k) never ran")
        }
        videoRecording?.finish()
        sdl.imgui?.drawCallSink = nil
        return run.framesRun
    }

    /// Measures `cell`: a warm-up of the app that records its SDL calls, a warm-up of the bare
    /// loop that replays them, then `repeats` runs in which app and bare frames interleave
    /// one by one (app first on even frames, bare first on odd ones), so whatever the machine
    /// does for longer than a frame weighs on both alike.
    static func measure(
        sdl: BenchSDL, cell: BenchCell, script: Script, repeats: Int, frameLimit: Int?,
        progress: BenchProgress, unitsPerRun: Double, label: String = "frame cost", keepBareLoop: (BareLoop) -> Void = { _ in }
    ) -> FrameCostSceneResult {
        progress.show("\(label) · \(cell.label) · warm-up")
        let recording = DrawCallRecording()
        let probe = frameCount(of: cell, script: script)
        let compared = min(probe, frameLimit ?? probe) / 2
        var appFrame: RGBAImage?
        sdl.executor.drawCallSink = recording
        runReplay(sdl: sdl, cell: cell, script: script, frameLimit: frameLimit, capturing: compared, captured: { appFrame = $0 }) { _, app in
            _ = app()
        }
        sdl.executor.drawCallSink = nil
        let bare = BareLoop(renderer: sdl.renderer, recording: recording)
        var differing = -1
        if let appFrame {
            bare.drawFrame(compared, present: false)
            if let bareFrame = try? sdl.renderer.readPixels() { differing = PixelComparison.differingPixels(appFrame, bareFrame) }
            sdl.renderer.present()
        }
        for k in 0..<bare.frameCount { bare.drawFrame(k) }
        progress.advance(by: unitsPerRun)
        keepBareLoop(bare)

        let frames = recording.frameCount
        var result = FrameCostSceneResult(
            cell: cell, frames: frames,
            drawCallsPerFrame: Double(recording.callCount) / Double(max(frames, 1)),
            textureCopiesPerFrame: Double(recording.textureCopyCount) / Double(max(frames, 1)),
            differingPixels: differing, comparedFrame: compared)
        for run in 0..<repeats {
            progress.show("\(label) · \(cell.label) · run \(run + 1)/\(repeats)")
            var appTimes: [Double] = [], workTimes: [Double] = [], bareTimes: [Double] = [], panelTimes: [Double] = []
            appTimes.reserveCapacity(frames)
            workTimes.reserveCapacity(frames)
            bareTimes.reserveCapacity(frames)
            func bareFrame(_ k: Int) {
                let start = monotonicNanoseconds()
                bare.drawFrame(k)
                bareTimes.append(Double(monotonicNanoseconds() &- start))
            }
            runReplay(sdl: sdl, cell: cell, script: script, frameLimit: frameLimit,
                      videoRecording: cell.recording ? BenchRecording() : nil) { k, app in
                if k % 2 == 1 { bareFrame(k) }
                let times = app()
                appTimes.append(times.total)
                workTimes.append(times.work)
                panelTimes.append(times.panel)
                if k % 2 == 0 { bareFrame(k) }
            }
            // The same replay, frame for frame: the app must have drawn what was recorded.
            precondition(appTimes.count == frames, "the app replay of \(cell.label) played \(appTimes.count) frames, the recording has \(frames)")
            result.appRuns.append(appTimes)
            result.appWorkRuns.append(workTimes)
            if cell.tuningPanel { result.panelRuns.append(panelTimes) }
            result.bareRuns.append(bareTimes)
            progress.advance(by: unitsPerRun)
        }
        return result
    }

    /// The frames a whole replay of `cell` has, counted on its panes' model alone.
    static func frameCount(of cell: BenchCell, script: Script) -> Int {
        let group = PaneGroup(base: StrategyCostMeasurement.makePlayground(cell).settings, comparison: cell.comparison,
                              surfaceSize: StrategyCostMeasurement.viewport)
        return ReplayRun(Replay(script: script, framesPerSecond: StrategyCostMeasurement.framesPerSecond), session: group.session).frameCount
    }
}
