import Foundation
import ParallaxKit
import Presentation
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

    /// The app's frame loop over one replay, as `PlaygroundApp.run` does it with the overlay
    /// off: drain SDL's events, run each pane's frame step (the script's due events, physics,
    /// strategy, the scene's draw list), then the presenter: clear, execute each pane in its
    /// rectangle, present. `frame(k, runAppFrame)` is called once per
    /// frame and must call `runAppFrame` exactly once, so the caller can time other work just
    /// before or after it. The frame `capturing` is read back before it is presented, into
    /// `captured`. Stops at the replay's end or after `frameLimit` frames; returns the frames run.
    @discardableResult
    static func runReplay(
        sdl: BenchSDL, cell: BenchCell, script: Script, frameLimit: Int?,
        capturing: Int? = nil, captured: @escaping (RGBAImage?) -> Void = { _ in }, videoRecording: BenchRecording? = nil,
        frame: (Int, () -> AppFrameTimes) -> Void
    ) -> Int {
        if frameLimit == 0 { return 0 }
        let source = BenchFrameSource(cell: cell, script: script, rendererName: sdl.renderer.name)
        if !sdl.preloadPhotos(for: source.playgrounds) {
            FileHandle.standardError.write(Data("note: \(cell.label): not every photo decoded before the first frame\n".utf8))
        }
        // The window's path from draw lists to the screen: each frame updates the photo
        // pipelines (decoded up front above, so no frame waits for or uploads one), clears,
        // draws each pane in its viewport.
        let presenter = FramePresenter(executor: sdl.executor, photoWait: .frameBudget)
        let clock = Clock()
        let recording = sdl.executor.drawCallSink as? DrawCallRecording
        // The panel as the window draws it, open over the frame; its triangles recorded too.
        let panel = cell.tuningPanel ? sdl.imgui : nil
        panel?.drawCallSink = recording
        let viewport = sdl.renderer.viewport.size
        repeat {
            let k = source.framesRun
            var ran = false
            frame(k) {
                precondition(!ran, "runReplay: frame \(k) ran twice")
                ran = true
                let start = MonotonicClock.nanoseconds()
                _ = sdl.video.pollEvents(clock: clock)
                let panes = source.next()
                let workDone = MonotonicClock.nanoseconds()
                recording?.beginFrame(clearColor: background)
                presenter.draw(panes, now: 0, background: background)
                var panelTime = 0.0
                if let panel, let playground = panes.first?.playground {
                    let panelStart = MonotonicClock.nanoseconds()
                    panel.beginFrame(size: viewport, time: Double(k) / StrategyCostMeasurement.framesPerSecond)
                    _ = TuningPanelView.draw(TuningPanel(playground), vsync: false, recording: false, presets: [], presetForm: PresetForm(),
                                             suggestedName: "preset", presetFolder: nil, with: panel)
                    panel.render()
                    panelTime = Double(MonotonicClock.nanoseconds() &- panelStart)
                }
                if k == capturing { captured(try? presenter.readBack()) }
                // The window records after drawing, before presenting (the recorder's cost is
                // the frame's, as in the window).
                videoRecording?.capture(sdl.renderer)
                presenter.present()
                let end = MonotonicClock.nanoseconds()
                return AppFrameTimes(total: Double(end &- start), work: Double(workDone &- start), panel: panelTime)
            }
            precondition(ran, "runReplay: frame \(k) never ran")
        } while !source.isFinished && source.framesRun < (frameLimit ?? Int.max)
        videoRecording?.finish()
        return source.framesRun
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
        let probe = BenchFrameSource.frameCount(of: cell, script: script)
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
                let start = MonotonicClock.nanoseconds()
                bare.drawFrame(k)
                bareTimes.append(Double(MonotonicClock.nanoseconds() &- start))
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
}
