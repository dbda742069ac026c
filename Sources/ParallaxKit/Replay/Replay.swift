/// Plays a script into a playground at a fixed time step, frame by frame, through `FrameStep`.
///
/// Frame k happens at t = k / fps; its events are handled at their own times (so drag velocity
/// does not depend on the frame rate). The replay ends at the first frame at or after the
/// script's end in which the scroll view is idle, or `settleLimit` seconds after the script's
/// end, whichever comes first.
public struct Replay {
    public var script: Script
    public var framesPerSecond: Double
    public var settleLimit: Double

    public init(script: Script, framesPerSecond: Double = 60, settleLimit: Double = 10) {
        precondition(framesPerSecond > 0, "frames per second must be positive")
        self.script = script
        self.framesPerSecond = framesPerSecond
        self.settleLimit = settleLimit
    }

    /// Runs the replay; `onFrame` runs after each frame. Keys that change the model (strategy,
    /// scene, knobs: see `Playground.apply`) take effect as in the app; view-only keys are
    /// ignored. `configure` may set the step's phase observer or drawer before the first frame.
    /// Returns the number of frames.
    @discardableResult
    public func run(
        on playground: Playground, configure: (FrameStep) -> Void = { _ in },
        onFrame: (FrameReport, Playground) -> Void
    ) -> Int {
        let run = ReplayRun(self, on: playground)
        configure(run.step)
        return run.finish { onFrame($0, playground) }
    }

    /// The time of frame `index`: index / fps.
    public func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }

    /// Whether the frame `step` just ran at `t` was the replay's last (see `Replay`); the rule
    /// `ReplayRun` ends by.
    public func hasEnded(afterFrameAt t: Double, of step: FrameStep) -> Bool {
        let end = script.duration
        if step.scriptIsDone && t >= end && step.playground.scrollView.phase == .idle { return true }
        return t >= end + settleLimit
    }
}
