import Foundation
import MonotonicTime
import ParallaxKit
import PhotoPipeline
import Presentation
import Rendering
import RunHarness
import SDLBackend

/// The end of a run and what the frames note on the way: the statistics `--stats-json`
/// writes, the start-up stamps, the facts the panels show.
extension PlaygroundApp {
    /// Ends the run: a recording finished, and the run's statistics completed (what
    /// `--stats-json` writes).
    public func finish() {
        recorder.finishAll(at: frameTime)
        runStatistics.recordingFramesNotCaptured = recorder.framesNotCaptured
        runStatistics.recordingWindowFrames = recorder.windowFramesWhileRecording
        // + 0 turns −0 (an inset's negation) into 0 for the JSON.
        runStatistics.finalOffset = playground.scrollView.contentOffset + .zero
        runStatistics.finalParallax = playground.parallaxAmount
        runStatistics.finalItems = playground.itemCount
        runStatistics.visibleItems = playground.visibleCells.map(\.item)
        runStatistics.finalReduceMotion = playground.reduceMotion
        runStatistics.tuningPanelOpen = showsTuning
        runStatistics.endedAtSeconds = frameTime
        runStatistics.panes = panes.comparison == nil ? nil : panes.panes.map { pane in
            var report = RunReport.Pane(playground: pane.playground, value: pane.value ?? "", frames: pane.framesRun, work: pane.totalWork)
            report.motion = pane.motion.summary(geometry: pane.playground.viewingGeometry, pixelsPerPoint: renderer.scale)
            return report
        }
        runStatistics.motion = panes.first.motion.summary(geometry: playground.viewingGeometry, pixelsPerPoint: renderer.scale)
        runStatistics.photos = executor.images.pipeline.map {
            RunReport.Photos($0.counters, times: photoTimes, firstScreen: firstScreen)
        }
        runStatistics.peakResidentKilobytes = peakResidentKilobytes()
        runStatistics.budgetAtExit = (hertz: budgetHertz, cpuSlowdown: budget.cpuSlowdown)
    }

    // MARK: Drawing

    /// What the panels say about this window: renderer, vsync and the photo pipeline.
    func surfaceFacts() -> SurfaceFacts {
        var facts = SurfaceFacts(
            rendererName: renderer.name, vsync: renderer.isVSyncEnabled,
            photos: executor.images.pipeline.map { pipeline in
                let c = pipeline.counters
                return PhotoPipelineSummary(queued: c.queued, decoding: c.decoding, bytesHeld: c.bytesHeld, hitRate: c.hitRate)
            },
            resting: resting)
        facts.refreshHertz = budgetHertz
        facts.budgetMilliseconds = budgetMilliseconds
        facts.cpuSlowdown = budget.cpuSlowdown
        return facts
    }

    /// Records the first presented frame, the first in which every visible cell showed its
    /// photo at any resolution, and the first complete one (every visible photo sharp, no
    /// image missing) in the run's statistics (`--stats-json`'s startup block, which `bench`
    /// reads).
    func noteStartup(_ drawn: DrawStats, frame index: Int) {
        guard runStatistics.startup.complete_frame_ns == nil else { return }
        let now = monotonicNanoseconds()
        if runStatistics.startup.first_frame_ns == nil { runStatistics.startup.first_frame_ns = now }
        let pipelines = [executor.images.pipeline, executor.images.coverPipeline].compactMap { $0?.counters }
        if runStatistics.startup.preview_frame_ns == nil, pipelines.allSatisfy({ $0.visibleShown == $0.visibleNeeded }) {
            runStatistics.startup.preview_frame_ns = now
        }
        if drawn.failed == 0, pipelines.allSatisfy({ $0.visibleSharp == $0.visibleNeeded }) {
            firstScreen = executor.images.pipeline?.visibleTextures.map {
                RunReport.Photos.ScreenPhoto(path: $0.path, width: $0.size.width, height: $0.size.height)
            } ?? []
            runStatistics.startup.complete_frame_ns = now
            runStatistics.startup.complete_frame_number = index + 1
            if exitWhenSharp { running = false }
        }
    }
}
