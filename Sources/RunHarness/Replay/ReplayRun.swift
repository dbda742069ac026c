import ParallaxKit

/// A replay being played, one frame at a time: the fixed-step driver of a `FrameSession`. It
/// knows the next frame's index and time (frame k at k / fps) and ends when the session's end
/// rule says so. Every caller that steps through a replay (`Replay.run`, `trace`, `shot`,
/// `record`, the benchmarks, the tests) steps through one of these, so none of them writes
/// the loop or its stopping rule again: the window's own frame, when the bench times it at a
/// fixed step, runs through `next(_:)` too.
public final class ReplayRun: Sequence, IteratorProtocol {
    public let replay: Replay
    public let session: FrameSession
    /// True once the last frame has run; `next()` then returns nil.
    public private(set) var isFinished = false
    /// Frames run so far.
    public private(set) var framesRun = 0
    /// What builds a model-only twin of the panes, for `frameCount`.
    private let paneSettings: [(settings: PlaygroundSettings, frame: Rect)]
    private var countedFrames: Int?

    /// A run of `replay` on `session`, whose panes must be fresh (no frame run on them yet):
    /// the session is given the replay's script and settle limit.
    public init(_ replay: Replay, session: FrameSession) {
        self.replay = replay
        self.session = session
        session.script = replay.script
        session.settleLimit = replay.settleLimit
        paneSettings = zip(session.playgrounds, session.paneRects).map { ($0.settings, $1) }
    }

    /// A run of `replay` on one fresh `playground`, over its whole viewport.
    public convenience init(_ replay: Replay, on playground: Playground) {
        self.init(replay, session: FrameSession(playground))
    }

    /// The first pane's step (the only one without a comparison).
    public var step: FrameStep { session.steps[0] }

    /// The time of the next frame to run.
    public var nextFrameTime: Double { replay.time(ofFrame: framesRun) }

    /// The time of the frame run last (0 before the first): what a frame drawn after it is
    /// drawn at.
    public var lastFrameTime: Double { replay.time(ofFrame: Swift.max(framesRun - 1, 0)) }

    /// Runs the next frame (frame k at k / fps) and returns the first pane's report (every
    /// pane's is in `session.reports`), or nil once the replay has ended.
    public func next() -> FrameReport? {
        next { session, time in session.run(at: time) }
    }

    /// The same, with `runFrame` running the session once at the frame's time and returning
    /// what the caller keeps of it: for a caller that must wrap exactly the frame's work (a
    /// benchmark's clock or instruction counter) or whose frame is more than the session's
    /// (the window's, which the frame-cost bench times). Nil once the replay has ended.
    public func next<FrameResult>(_ runFrame: (FrameSession, Double) -> FrameResult) -> FrameResult? {
        guard !isFinished else { return nil }
        let time = nextFrameTime
        let report = runFrame(session, time)
        framesRun += 1
        if session.hasEnded(afterFrameAt: time) { isFinished = true }
        return report
    }

    /// Runs every remaining frame; returns the replay's frame count.
    @discardableResult
    public func finish(_ onFrame: (FrameReport) -> Void = { _ in }) -> Int {
        while let report = next() { onFrame(report) }
        return framesRun
    }

    /// How many frames the whole replay has, known before they are drawn: where the lists come
    /// to rest depends on the physics, so it is counted once on a model-only twin of the panes
    /// built from the same settings (no drawing, no photos), then remembered.
    public var frameCount: Int {
        if let countedFrames { return countedFrames }
        let counted: Int
        if isFinished && framesRun > 0 {
            counted = framesRun
        } else {
            let twin = FrameSession(steps: paneSettings.map { FrameStep(Playground($0.settings, viewportSize: $0.frame.size)) },
                                    paneRects: paneSettings.map(\.frame))
            counted = ReplayRun(replay, session: twin).finish()
        }
        countedFrames = counted
        return counted
    }
}
