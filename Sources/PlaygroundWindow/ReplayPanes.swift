import MonotonicTime
import Panes
import ParallaxKit
import Presentation
import Rendering
import RunHarness
import SDLBackend

/// The panes of a replay drawn offscreen at a fixed step, frame by frame: one pane, or two
/// to five compared, in one `PaneGroup` whose `FrameSession` delivers the script and ends the
/// replay when every pane has come to rest. `record` draws each frame; `shot --at` draws the
/// same, so its frame equals the recording's, and `shot --script` the last.
public final class ReplayPanes {
    public let group: PaneGroup
    /// The replay being played: its frames and its end.
    public let run: ReplayRun
    private let timesFrames: Bool

    /// The panes of `comparison` (nil: one pane) on a surface of `surfaceSize`, built from
    /// `base`, replaying `replay`. With the panel overlay each frame's phases are timed for
    /// its numbers (the only clock read); otherwise nothing is timed, and the same command
    /// draws the same pixels.
    /// `budget` is the run's (`record --refresh`, `--cpu-slowdown`): the panel's graph counts
    /// against its rate, and the timed phases are slowed by its slowdown (offscreen the frames
    /// are not paced: they step at the replay's rate whatever their cost).
    public init(base: PlaygroundSettings, comparison: Comparison?, surfaceSize: Size, replay: Replay,
                decorations: FrameDecorations, rendererName: String, budget: RunBudget = RunBudget()) {
        group = PaneGroup(base: base, comparison: comparison, surfaceSize: surfaceSize, decorations: decorations)
        group.surface = SurfaceFacts(rendererName: rendererName, vsync: false)
        group.surface.refreshHertz = budget.hertz(display: nil)
        group.surface.budgetMilliseconds = budget.budgetMilliseconds(display: nil)
        group.surface.cpuSlowdown = budget.cpuSlowdown
        group.captionsShowCost = false
        run = ReplayRun(replay, session: group.session)
        timesFrames = decorations.overlay == .panel
        if timesFrames {
            let now = { Double(monotonicNanoseconds()) / 1e9 }
            group.timePhases(with: now)
            if budget.cpuSlowdown > 1 { group.slowdown = MainThreadSlowdown(rate: budget.cpuSlowdown, now: now) }
        }
    }

    /// How many frames the whole replay has (counted on a model-only twin, before drawing).
    public var frameCount: Int { run.frameCount }

    /// Runs the next frame (frame k at k / fps) and returns what to draw, pane by pane; nil
    /// once the replay has ended.
    public func nextFrame() -> [PaneFrame]? {
        guard run.next() != nil else { return nil }
        return group.drawnPanes
    }

    /// Runs every remaining frame and returns the last one's panes.
    public func lastFrame() -> [PaneFrame] {
        run.finish()
        return group.drawnPanes
    }

    /// Tells the overlay how long the frame's draw lists took to render (the canvas times
    /// them; the panes share the time): the next frame's panel shows this one. Offscreen there
    /// is no wait for the display, so the frame time is the sum of the phases and "present"
    /// is zero.
    public func noteRendered(milliseconds: Double) {
        guard timesFrames else { return }
        let share = milliseconds / Double(group.panes.count)
        group.recordSamples { timer in
            let input = timer.inputAndPhysicsMilliseconds, strategy = timer.strategyMilliseconds
            let drawing = timer.drawListMilliseconds + share
            var sample = FrameSample(frameMilliseconds: input + strategy + drawing, inputAndPhysicsMilliseconds: input,
                                     strategyMilliseconds: strategy, drawingMilliseconds: drawing)
            sample.mainThreadMilliseconds = timer.phasesMilliseconds
            sample.renderMilliseconds = share
            return sample
        }
    }
}

extension PaneGroup {
    /// Each pane's last draw list in its rectangle: what the presenter draws.
    public var drawnPanes: [PaneFrame] {
        zip(panes, paneRects).map { PaneFrame(playground: $0.playground, drawList: $0.step.drawList, rect: $1) }
    }
}
