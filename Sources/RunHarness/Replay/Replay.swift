import ParallaxKit

/// A script played at a fixed time step: frame k happens at t = k / fps, and its events are
/// handled at their own times (so drag velocity does not depend on the frame rate). The replay
/// ends by `FrameSession.hasEnded`: at the first frame at or after the script's end in which
/// every list is idle, or `settleLimit` seconds after the script's end, whichever comes first.
/// `ReplayRun` plays one.
public struct Replay {
    /// The fixed steps a replay takes (`--fps` of shot, record and trace): from one frame a
    /// second to a thousand, beyond any display's rate.
    public static let framesPerSecondRange = 1.0...1000.0

    /// The one sentence for a rate outside `framesPerSecondRange`.
    public static func framesPerSecondMessage(got value: Double) -> String {
        "--fps must be from 1 to 1000, got \(KnobDescriptor.number(value))"
    }

    public var script: Script
    public var framesPerSecond: Double
    public var settleLimit: Double

    public init(script: Script, framesPerSecond: Double = 60, settleLimit: Double = FrameSession.defaultSettleLimit) {
        precondition(framesPerSecond > 0, "frames per second must be positive")
        self.script = script
        self.framesPerSecond = framesPerSecond
        self.settleLimit = settleLimit
    }

    /// Runs the replay on one playground; `onFrame` runs after each frame. Keys that change
    /// the model (strategy, scene, knobs: see `Playground.apply`) take effect as in the app;
    /// view-only keys are ignored. `configure` may set the step's phase observer or drawer
    /// before the first frame. Returns the number of frames.
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
}
