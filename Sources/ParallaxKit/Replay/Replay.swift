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
        var next = 0
        var k = 0
        let end = script.duration
        while true {
            let t = Double(k) / framesPerSecond
            while next < script.events.count, script.events[next].time <= t {
                let e = script.events[next]
                if case .key(let key, let modifiers) = e.event, let command = AppCommand(key: key, modifiers: modifiers) {
                    playground.apply(command)
                } else {
                    playground.handle(e)
                }
                next += 1
            }
            let work = playground.advanceFrame(to: t)
            onFrame(Frame(index: k, time: t, work: work), playground)
            k += 1
            if next >= script.events.count && t >= end && playground.scrollView.phase == .idle { break }
            if t >= end + settleLimit { break }
        }
        return k
    }
}
