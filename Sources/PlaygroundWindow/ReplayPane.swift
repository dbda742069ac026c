import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// One playground replaying a script at a fixed time step, frame by frame, and the frame's
/// draw list as `FrameComposer` builds it (the scene with its scroll indicator as in the
/// window, then the decorations).
/// `record` draws one per pane; `shot --at` draws the same, so its frame equals the recording's.
public final class ReplayPane: FramePhaseObserver {
    public let playground: Playground
    public let rendererName: String
    /// The replay being played: its step, its frames and its end.
    public let run: ReplayRun
    private let composer: FrameComposer
    private var statistics = FrameStatistics()
    private var measuredSetting: MeasuredSetting?
    private var phaseStarted = [Double](repeating: 0, count: FramePhase.allCases.count)
    private var phaseMilliseconds = [Double](repeating: 0, count: FramePhase.allCases.count)

    public init(playground: Playground, replay: Replay, decorations: FrameDecorations, rendererName: String) {
        self.playground = playground
        self.rendererName = rendererName
        composer = FrameComposer(decorations: decorations)
        run = ReplayRun(replay, on: playground)
        let step = run.step
        step.drawer = { [unowned self] report, playground, list in
            composer.compose(report, of: playground, statistics: statistics,
                             surface: SurfaceFacts(rendererName: rendererName, vsync: false), into: &list)
        }
        // The clock is read only for the overlay's numbers; without it nothing is timed.
        if timesFrames { step.phaseObserver = self }
    }

    /// Whether the overlay shows this run's measured times (then the phases are timed).
    private var timesFrames: Bool { composer.decorations.overlay == .panel }

    /// Runs the next frame (frame `index` at `index / fps`) and returns its draw list. Past
    /// the replay's end the step keeps running at the fixed step (the list at rest, its
    /// indicator fading): a compared pane that came to rest first goes on until the longest
    /// pane's last frame.
    public func nextFrame() -> DrawList {
        if run.next() == nil { run.step.run(at: run.nextFrameTime) }
        if timesFrames { measuredSetting = MeasuredSetting.restart(&statistics, measured: measuredSetting, now: playground) }
        return run.step.drawList
    }

    /// Tells the overlay how long the frame's draw list took to render (the canvas times it):
    /// the next frame's panel shows this one, as the window's does.
    public func noteRendered(milliseconds: Double) {
        if timesFrames { recordSample(renderMilliseconds: milliseconds) }
    }

    /// Frames run so far.
    public var framesRun: Int { run.framesRun }

    // MARK: The overlay's numbers

    public func phaseWillBegin(_ phase: FramePhase) {
        phaseStarted[phase.rawValue] = Double(monotonicNanoseconds()) / 1e6
    }

    public func phaseDidEnd(_ phase: FramePhase) {
        phaseMilliseconds[phase.rawValue] = Double(monotonicNanoseconds()) / 1e6 - phaseStarted[phase.rawValue]
    }

    /// What producing the frame cost: drawing is building the draw list and rendering it.
    /// Offscreen there is no wait for the display, so the frame time is the sum of the phases
    /// and "present" is zero.
    private func recordSample(renderMilliseconds: Double) {
        let ms = phaseMilliseconds
        let input = ms[FramePhase.input.rawValue] + ms[FramePhase.physics.rawValue]
        let strategy = ms[FramePhase.layout.rawValue], drawing = ms[FramePhase.draw.rawValue] + renderMilliseconds
        statistics.record(FrameSample(frameMilliseconds: input + strategy + drawing, inputAndPhysicsMilliseconds: input,
                                      strategyMilliseconds: strategy, drawingMilliseconds: drawing))
    }
}
