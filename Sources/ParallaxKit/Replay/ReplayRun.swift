/// A replay being played, one frame at a time: it owns the `FrameStep`, the next frame's
/// index and time, and the rule that ends the replay (see `Replay`). Every caller that steps
/// through a replay (`Replay.run`, `trace`, `shot`, `record`, the benchmarks, the tests) steps
/// through one of these, so none of them writes the loop or its stopping rule again.
public final class ReplayRun: Sequence, IteratorProtocol {
    public let replay: Replay
    public let step: FrameStep
    /// True once the last frame has run; `next()` then returns nil.
    public private(set) var isFinished = false
    /// What builds a model-only twin of the playground, for `frameCount`.
    private let settings: PlaygroundSettings
    private let viewportSize: Size
    private var countedFrames: Int?

    /// A run of `replay` on `playground`, which must be fresh (no frame run on it yet).
    public init(_ replay: Replay, on playground: Playground) {
        self.replay = replay
        step = FrameStep(playground, script: replay.script)
        settings = playground.settings
        viewportSize = playground.viewportSize
    }

    /// Frames run so far.
    public var framesRun: Int { step.frameCount }

    /// The time of the next frame to run.
    public var nextFrameTime: Double { replay.time(ofFrame: step.frameCount) }

    /// Runs the next frame (frame k at k / fps) and returns what it did, or nil once the
    /// replay has ended.
    public func next() -> FrameReport? {
        next { step, time in step.run(at: time) }
    }

    /// The same, with `runFrame` running the step at the frame's time: for a caller that must
    /// wrap exactly the frame's work (a benchmark's clock or instruction counter).
    public func next(_ runFrame: (FrameStep, Double) -> FrameReport) -> FrameReport? {
        guard !isFinished else { return nil }
        let time = nextFrameTime
        let report = runFrame(step, time)
        if replay.hasEnded(afterFrameAt: time, of: step) { isFinished = true }
        return report
    }

    /// Runs every remaining frame; returns the replay's frame count.
    @discardableResult
    public func finish(_ onFrame: (FrameReport) -> Void = { _ in }) -> Int {
        while let report = next() { onFrame(report) }
        return framesRun
    }

    /// How many frames the whole replay has, known before they are drawn: where the list comes
    /// to rest depends on the physics, so it is counted once on a model-only twin built from
    /// the same settings (no drawing, no photos), then remembered.
    public var frameCount: Int {
        if let countedFrames { return countedFrames }
        let counted = isFinished && framesRun > 0 ? framesRun
            : ReplayRun(replay, on: Playground(settings, viewportSize: viewportSize)).finish()
        countedFrames = counted
        return counted
    }
}
