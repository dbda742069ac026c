/// The frames every driver runs: the window, `shot`, `record`, `trace`, the benchmarks, the
/// monkey and the tests. One to five panes, each a `FrameStep` with its rectangle on the
/// surface, get the same input at the same time in their own coordinates; the script is
/// delivered here, once, as a person's input is (a press belongs to the pane it lands in and
/// its drag stays there); and the replay's end rule is asked here, of every pane at once.
///
/// The drivers differ only in what they wrap around it: where time comes from (the wall
/// clock, or frame k at k / fps: `ReplayRun`), whether a frame waits for photos, and where the
/// picture goes. Pure: no clock, no drawing of its own.
public final class FrameSession {
    /// Each pane's step, left to right.
    public private(set) var steps: [FrameStep]
    /// Each pane's rectangle on the surface, in points: the one record of where the panes sit
    /// (input is routed by it, and a `PaneGroup` draws each pane in it).
    public private(set) var paneRects: [Rect]
    /// Input in session time, delivered as if typed; setting it starts from its first event.
    public var script: Script? {
        didSet { nextScriptEvent = 0 }
    }
    /// Asked for each due script event: false keeps it from the panes (the window's tuning
    /// panel takes a press on itself, so a replay can move its sliders). Nil: every event goes.
    public var scriptEventFilter: ((FrameEvent) -> Bool)?
    /// Told before and after each pane's step runs, with the pane's index (the panes' captions
    /// and drawing, their statistics).
    public var willRunPane: ((Int) -> Void)?
    public var didRunPane: ((Int, FrameReport) -> Void)?
    /// How long after the script's end a list still moving may go on before the replay ends.
    public var settleLimit: Double
    /// Ten seconds, the playground's own choice: a UIKit fling at the normal rate comes to rest
    /// from 5,000 pt/s in 4.25 s; a list still moving after this is cut where it is.
    public static let defaultSettleLimit = 10.0

    private var nextScriptEvent = 0
    /// The pane a press started in: moves and the release go on in its coordinates.
    private var pressedPane: Int?

    /// Panes of `steps`, at `paneRects` (one rectangle per step).
    public init(steps: [FrameStep], paneRects: [Rect], script: Script? = nil, settleLimit: Double = FrameSession.defaultSettleLimit) {
        precondition(!steps.isEmpty && steps.count == paneRects.count, "a session has one rectangle per pane, and a pane")
        self.steps = steps
        self.paneRects = paneRects
        self.script = script
        self.settleLimit = settleLimit
    }

    /// One pane over the whole of `playground`'s viewport.
    public convenience init(_ playground: Playground, script: Script? = nil, settleLimit: Double = FrameSession.defaultSettleLimit) {
        let size = playground.viewportSize
        self.init(steps: [FrameStep(playground)], paneRects: [Rect(x: 0, y: 0, width: size.width, height: size.height)],
                  script: script, settleLimit: settleLimit)
    }

    /// The panes' models, left to right.
    public var playgrounds: [Playground] { steps.map(\.playground) }

    /// New panes in place of the old (a comparison changed), the script going on where it was.
    public func replacePanes(_ steps: [FrameStep], rects: [Rect]) {
        precondition(!steps.isEmpty && steps.count == rects.count, "a session has one rectangle per pane, and a pane")
        self.steps = steps
        paneRects = rects
        // A drag under way goes on in the pane that now stands where it started.
        if let k = pressedPane, k >= steps.count { pressedPane = nil }
    }

    /// The panes moved on the surface (the window was resized): each step hears its new size.
    public func movePanes(to rects: [Rect]) {
        precondition(rects.count == steps.count, "one rectangle per pane")
        paneRects = rects
        for (step, rect) in zip(steps, rects) { step.enqueue(.resize(rect.size)) }
    }

    // MARK: Input

    /// Which pane holds `point` (surface points), if any.
    public func paneIndex(at point: Point) -> Int? {
        paneRects.firstIndex { $0.contains(point) }
    }

    /// Queues `event` (surface coordinates) for every pane: a pointer event in the coordinates
    /// of the pane it happened in (a drag stays with the pane it started in), keys and wheels
    /// as they are. A resize is the surface's: the caller lays the panes out anew
    /// (`movePanes`); with one pane it is that pane's size.
    public func enqueue(_ event: FrameEvent) {
        switch event {
        case .resize(let size):
            movePanes(to: PaneLayout.frames(count: steps.count, in: size))
        case .input(let timed):
            var local = timed
            switch timed.event {
            case .pointerDown(let p):
                let k = paneIndex(at: p) ?? 0
                pressedPane = k
                local.event = .pointerDown(localPoint(p, in: k))
            case .pointerMoved(let p):
                local.event = .pointerMoved(localPoint(p, in: pressedPane ?? paneIndex(at: p) ?? 0))
            case .pointerUp(let p):
                local.event = .pointerUp(localPoint(p, in: pressedPane ?? paneIndex(at: p) ?? 0))
                pressedPane = nil
            case .wheel, .key, .command, .hover, .text, .fling: break
            }
            for step in steps { step.enqueue(.input(local)) }
        }
    }

    private func localPoint(_ p: Point, in k: Int) -> Point {
        Point(x: p.x - paneRects[k].minX, y: p.y - paneRects[k].minY)
    }

    /// Queues the script's events due by `time` (the only place a script is delivered).
    public func deliverScript(dueBy time: Double) {
        guard let events = script?.events else { return }
        while nextScriptEvent < events.count, events[nextScriptEvent].time <= time {
            let event = FrameEvent.input(events[nextScriptEvent])
            nextScriptEvent += 1
            if scriptEventFilter?(event) ?? true { enqueue(event) }
        }
    }

    /// When the script's next event is due (script time), nil when none is left.
    public var nextScriptEventTime: Double? {
        guard let events = script?.events, nextScriptEvent < events.count else { return nil }
        return events[nextScriptEvent].time
    }

    /// Whether every event of the script has been delivered (true without one).
    public var scriptIsDone: Bool { nextScriptEvent >= (script?.events.count ?? 0) }

    // MARK: Frames

    /// The reports of the last frame, pane by pane (kept, so a frame allocates nothing).
    public private(set) var reports: [FrameReport] = []

    /// Runs every pane's frame at `time`, the script's due events first; returns the first
    /// pane's report (every pane's is in `reports`).
    @discardableResult
    public func run(at time: Double) -> FrameReport {
        deliverScript(dueBy: time)
        return runPanes(at: time)
    }

    /// Runs every pane's frame at `time` with what is already queued (a pane group runs the
    /// panes a comparison made mid-frame this way, the frame's script already delivered).
    @discardableResult
    public func runPanes(at time: Double) -> FrameReport {
        reports.removeAll(keepingCapacity: true)
        for k in steps.indices {
            willRunPane?(k)
            let report = steps[k].run(at: time)
            didRunPane?(k, report)
            reports.append(report)
        }
        return reports[0]
    }

    /// Every pane's list at rest.
    public var isResting: Bool { steps.allSatisfy { $0.playground.scrollView.phase == .idle } }

    /// The end rule of a replay: whether the frame just run at `t` was its last. That is the
    /// first frame at or after the script's end with every event delivered and every pane at
    /// rest, or `settleLimit` seconds after the script's end, whichever comes first (without a
    /// script, its end is 0). Compared panes thus end together, with the pane that rests last.
    public func hasEnded(afterFrameAt t: Double) -> Bool {
        let end = script?.duration ?? 0
        if scriptIsDone && t >= end && isResting { return true }
        return t >= end + settleLimit
    }
}
