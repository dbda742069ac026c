/// Plays a script into a playground at a fixed time step, frame by frame.
///
/// Frame k happens at t = k / fps. Before each frame every event up to that time is handled
/// (at its own time, so drag velocity does not depend on the frame rate); then the frame
/// runs. The replay ends at the first frame at or after the script's end in which the scroll
/// view is idle, or `settleLimit` seconds after the script's end, whichever comes first.
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

    /// What the frame callback sees.
    public struct Frame {
        public var index: Int
        public var time: Double
        public var work: StrategyWork
    }

    /// Runs the replay; `onFrame` runs after each frame. Keys that change the model (strategy,
    /// scene, knobs: see `Playground.apply`) take effect as in the app; view-only keys are
    /// ignored. Returns the number of frames.
    @discardableResult
    public func run(on playground: Playground, onFrame: (Frame, Playground) -> Void) -> Int {
        var cursor = Cursor(self)
        repeat {
            let t = cursor.time
            cursor.deliverDueEvents(to: playground)
            let work = playground.advanceFrame(to: t)
            onFrame(Frame(index: cursor.frameIndex, time: t, work: work), playground)
        } while cursor.finishFrame(playground: playground)
        return cursor.frameIndex + 1
    }

    /// Steps a replay one frame at a time, for callers that time or draw each frame
    /// themselves (the benchmark): deliver the due events, run the frame, then `finishFrame`.
    public struct Cursor {
        public let replay: Replay
        /// The frame about to run (or that just ran, before `finishFrame`).
        public private(set) var frameIndex = 0
        private var nextEvent = 0

        public init(_ replay: Replay) {
            self.replay = replay
        }

        /// The current frame's time: frameIndex / fps.
        public var time: Double { Double(frameIndex) / replay.framesPerSecond }

        /// Hands every event due by `time` to the playground, at its own time: keys that are
        /// app commands through `Playground.apply`, everything else through `handle`.
        public mutating func deliverDueEvents(to playground: Playground) {
            let events = replay.script.events
            while nextEvent < events.count, events[nextEvent].time <= time {
                let e = events[nextEvent]
                if case .key(let key, let modifiers) = e.event, let command = AppCommand(key: key, modifiers: modifiers) {
                    playground.apply(command)
                } else {
                    playground.handle(e)
                }
                nextEvent += 1
            }
        }

        /// Call after the frame ran: false when the replay has ended (see `Replay`), else moves
        /// on to the next frame and returns true.
        public mutating func finishFrame(playground: Playground) -> Bool {
            let t = time
            let end = replay.script.duration
            if nextEvent >= replay.script.events.count && t >= end && playground.scrollView.phase == .idle { return false }
            if t >= end + replay.settleLimit { return false }
            frameIndex += 1
            return true
        }
    }
}
