import ParallaxKit
import Presentation
import SDLBackend

extension PlaygroundApp {
    /// What comes between the frame's drawing and its present: P's screenshot once the photos
    /// are settled and R's capture take the frame as drawn so far; then the window's own marks
    /// (the fps badges, the REC badge, the Tune button, the toasts) go over it, in neither.
    func captureThenDrawWindowChrome(at t: Double, frame index: Int) {
        if screenshotRequested {
            // P waits (at most `screenshotPatience` s) for the visible photos to be sharp and
            // faded in: a screenshot of placeholders is no one's picture. A window closing
            // meanwhile (Q, Esc, --exit-after) takes it in its last frame, as shown, rather
            // than dropping a screenshot the person asked for.
            let images = [executor.images.pipeline, executor.images.coverPipeline].compactMap { $0 }
            let asked = screenshotAskedAt ?? t
            screenshotAskedAt = asked
            if images.allSatisfy(\.visibleAreSettled) || t - asked >= Self.screenshotPatience || !running {
                screenshotRequested = false
                screenshotAskedAt = nil
                saveScreenshot(frame: index)
            }
        }
        recorder.capture(renderer, at: t)
        // A stopped recording's encoder finishes while the window goes on: its progress, then "Saved".
        if let said = recorder.poll(at: t) { toast.show(said, at: t) }
        // After the capture: the window shows the fps badge, the toast and the REC badge,
        // the screenshots and the video do not.
        // A badge or cost panel the open tuning panel covers stays under it (not drawn over it).
        for (pane, rect) in zip(panes.panes, panes.paneRects) {
            if let tuningFrame, let badge = pane.composer.windowChromeFrame,
               badge.offsetBy(Point(x: rect.minX, y: rect.minY)).intersects(tuningFrame) { continue }
            presenter.drawOver(pane.composer.windowChrome, in: rect)
        }
        var afterCapture = DrawList()
        if recorder.isRecording {
            RecordingBadge.draw(elapsedSeconds: recorder.elapsed(at: t), viewportSize: playground.viewportSize, into: &afterCapture)
        }
        // The closed panel's button is the window's, like the badge: shots leave it out.
        if !showsTuning { TuningPanel.drawButton(into: &afterCapture) }
        toast.draw(at: t, viewportSize: panes.surfaceSize, into: &afterCapture)
        presenter.drawOver(afterCapture)
    }
}
