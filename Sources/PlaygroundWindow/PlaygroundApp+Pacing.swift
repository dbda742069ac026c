import ParallaxKit
import PhotoPipeline
import Presentation
import Rendering
import RunHarness
import SDLBackend

/// Frame pacing (see `FramePacing`): after a frame in which nothing moved, arrived or
/// animated, the window waits for an event, or a decode that wakes it, instead of drawing
/// the same picture again; meanwhile the photo loader's last worker may take the core the
/// frames would have used.
extension PlaygroundApp {
    /// Waits if `frame` (presented, begun at `frameStart` on the loop's clock) leaves nothing
    /// to redraw; true if it waited. Notes for the next frame's overlay whether the lists are
    /// at rest.
    func waitIfIdle(after frame: FrameReport, frameStart: Double, inputArrived: Bool, layoutGrew: Bool) -> Bool {
        let pipelines = photoPipelines
        var seen = FramePacing.Frame()
        // A harness (the monkey, the benches) times every frame; the first frames start the
        // decoders (`decodesAfterFirstFrame`) and must not wait. A script is waited for as a
        // hand is: its next event (or the run's end) wakes the loop on time.
        seen.driven = beforeFrame != nil || frame.index < 2
        seen.timedEventIn = [panes.session.nextScriptEventTime, exitAfter].compactMap { $0 }.min().map { $0 - frameTime }
        seen.inputArrived = inputArrived
        seen.moving = listsMove(frame)
        resting = !seen.moving
        // A recording takes every frame; once stopped, its encoder's progress is polled at the
        // still rate (its toast counts every 0.5 s): drawn every frame meanwhile, the window
        // took the core its idle-priority ffmpeg needed whenever anything else ran (a 2.5 s
        // recording beside one busy loop, debug build under Xvfb: written 5.6–11.3 s after R
        // stopped it, 2.1–3.1 s when the window waits; 4 runs each).
        seen.overlaysAnimate = showsTuning || showsStrip || screenshotRequested || recorder.isRecording
        seen.overlayChangesIn = toast.nextChange(after: frameTime).map { $0 - frameTime }
        seen.layoutGrew = layoutGrew
        let motions = pipelines.map(\.visibleMotion)
        seen.pictures = motions.contains(.fading) ? .changing : motions.contains(.pulsing) ? .pulsing : .still
        seen.drawnOnCPU = renderer.drawsOnCPU
        let wait = FramePacing.idleWait(after: seen)
        for pipeline in pipelines { pipeline.frameLoopIsIdle(wait != nil) }
        guard let wait else { return false }
        let remaining = wait - (clock.now() - frameStart)
        guard remaining > 0 else { return false }
        // While photos fade in, the next frame is at most a fade step away and makes every
        // decode finished by then a texture: only a photo on screen wakes the loop sooner.
        let wake = video.wakeUpCall()
        for pipeline in pipelines { pipeline.wakeWhenDecoded(wake, onlyForVisible: seen.pictures == .changing) }
        video.waitForEvent(seconds: remaining)
        runStatistics.idleWaits += 1
        return true
    }

    /// The photo pipelines the window draws from (photos, album covers).
    var photoPipelines: [PhotoTextures] {
        [executor.images.pipeline, executor.images.coverPipeline].compactMap { $0 }
    }

    /// A list (in any pane) moved in `frame`, or is coasting, bouncing or easing to a place.
    func listsMove(_ frame: FrameReport) -> Bool {
        frame.moved || panes.panes.contains { $0.playground.scrollView.phase != .idle }
    }

    /// Whether `frame` showed what a person sees move: a list, a photo fading in, a toast
    /// fading. Loading tiles pulse too, but at 20 frames a second by design (their frames
    /// follow a wait, so none is timed), and a toast appearing is a step, not motion.
    func showsMotion(_ frame: FrameReport, at t: Double) -> Bool {
        listsMove(frame) || photoPipelines.contains { $0.visibleMotion == .fading } || toast.isFading(at: t)
    }
}
