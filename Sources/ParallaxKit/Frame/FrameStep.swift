/// One pane's frame, the same for every caller (each runs it through a `FrameSession`, which
/// queues the pane's input, the script's included). Each frame: deliver the queued events,
/// each at its own time, move the physics to the frame's time, lay out and let the strategy
/// set its shifts, then, when a drawer is set, build the frame's draw list.
///
/// Key commands that change the model (scene, strategy, knobs) are applied here, the same for
/// a script in a replay and for keys typed in the window; commands only a window can carry
/// out (overlay, help, vsync, screenshot, quit) go to `onViewCommand`, or nowhere.
public final class FrameStep {
    public let playground: Playground
    /// Told as each phase begins and ends; nil costs nothing.
    public var phaseObserver: (any FramePhaseObserver)?
    /// Receives the view-only commands of the frame's keys, during the input phase.
    public var onViewCommand: ((AppCommand) -> Void)?
    /// Told just before the model applies a key's command, and just after (whether it was the
    /// model's to apply): the window says what a key did.
    public var willApplyCommand: ((AppCommand) -> Void)?
    public var didApplyCommand: ((AppCommand, _ applied: Bool) -> Void)?
    /// Builds the draw phase's list for the frame just laid out; nil skips the draw phase.
    public var drawer: ((FrameReport, Playground, inout DrawList) -> Void)?
    /// The draw phase's list, kept between frames so its storage is reused.
    public private(set) var drawList = DrawList()
    /// Frames run so far.
    public private(set) var frameCount = 0

    private var queue: [FrameEvent] = []

    public init(_ playground: Playground) {
        self.playground = playground
    }

    /// Queues an event for the next frame's input phase.
    public func enqueue(_ event: FrameEvent) {
        queue.append(event)
    }

    /// Runs one frame at `time` (seconds); returns what it did.
    @discardableResult
    public func run(at time: Double) -> FrameReport {
        let offsetBefore = playground.scrollView.contentOffset
        phaseObserver?.phaseWillBegin(.input)
        deliverQueuedEvents()
        phaseObserver?.phaseDidEnd(.input)

        phaseObserver?.phaseWillBegin(.physics)
        playground.advanceMotion(to: time)
        phaseObserver?.phaseDidEnd(.physics)

        phaseObserver?.phaseWillBegin(.layout)
        playground.layOut()
        let work = playground.collectionView.work.take()
        phaseObserver?.phaseDidEnd(.layout)

        let report = FrameReport(index: frameCount, time: time, work: work, moved: playground.scrollView.contentOffset != offsetBefore)
        if let drawer {
            phaseObserver?.phaseWillBegin(.draw)
            drawList.removeAll()
            drawer(report, playground, &drawList)
            phaseObserver?.phaseDidEnd(.draw)
        }
        frameCount += 1
        return report
    }

    private func deliverQueuedEvents() {
        guard !queue.isEmpty else { return }
        for event in queue { deliver(event) }
        queue.removeAll(keepingCapacity: true)
    }

    private func deliver(_ event: FrameEvent) {
        switch event {
        case .resize(let size):
            playground.setViewportSize(size)
        case .input(let timed):
            let command: AppCommand? = switch timed.event {
            case .key(let key, let modifiers): AppCommand(key: key, modifiers: modifiers)
            case .command(let command): command
            default: nil
            }
            if let command {
                willApplyCommand?(command)
                let applied = playground.apply(command)
                didApplyCommand?(command, applied)
                if !applied { onViewCommand?(command) }
            } else {
                playground.handle(timed)
            }
        }
    }
}
