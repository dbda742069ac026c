import ParallaxKit
import Presentation

/// One to five panes under one hand: every pane gets the same input at the same time, in its
/// own coordinates, so their scroll offsets move together and only what the comparison varies
/// differs. Keys that change the model reach every pane; one that would change the compared
/// setting is undone in each pane, which keeps its value (`didOverride` says so). Pure: no
/// SDL, no clock.
public final class PaneGroup {
    public private(set) var panes: [Pane]
    public private(set) var comparison: Comparison?
    public private(set) var surfaceSize: Size
    /// What the panels say about the surface (renderer, vsync, photos).
    public var surface = SurfaceFacts(rendererName: "", vsync: false)
    /// The frames the panes run: the script's one delivery, the input's routing to the pane
    /// it lands in, the end rule.
    public let session: FrameSession
    /// The script, delivered by the session (not by each pane) so panes rebuilt by the C key
    /// mid-replay go on receiving it, and so its pointer events land like a person's.
    public var script: Script? {
        get { session.script }
        set { session.script = newValue }
    }
    /// A comparison asked for while the panes run (the C key is heard inside a frame step):
    /// applied once the frame has run.
    private var pendingComparison: Comparison??
    private var isRunning = false
    /// Decorations every pane shares (each pane's caption is its own).
    public private(set) var decorations: FrameDecorations

    /// The first pane's view-only commands (overlay, help, quit…): the window carries them out
    /// once, not once per pane.
    public var onViewCommand: ((AppCommand) -> Void)?
    /// Told around the first pane's model commands (the window's toasts read that pane).
    public var willApplyCommand: ((AppCommand) -> Void)?
    public var didApplyCommand: ((AppCommand, _ applied: Bool) -> Void)?
    /// Told when a key would have changed the compared setting and each pane kept its own.
    public var didOverride: ((AppCommand, CompareAxis) -> Void)?
    /// Each pane's phase clock, by pane index (empty until `timePhases`); kept across
    /// comparisons, so a rebuilt pane goes on with its index's clock.
    public private(set) var phaseTimers: [PhaseTimer] = []
    private var phaseClock: (() -> Double)?
    /// Whether each compared pane's caption ends with its strategy's cost (the window's live
    /// figures; a shot or a recording keeps its captions as they are, the same every run).
    public var captionsShowCost = true

    /// `base` is the settings every pane starts from; with `comparison`, pane k shows value k
    /// of its axis. `makePlayground` builds each (the window's folder start goes there).
    public init(base: PlaygroundSettings, comparison: Comparison?, surfaceSize: Size, script: Script? = nil,
                decorations: FrameDecorations = FrameDecorations()) {
        self.comparison = comparison
        self.surfaceSize = surfaceSize
        self.decorations = decorations
        let rects = PaneLayout.frames(count: comparison?.values.count ?? 1, in: surfaceSize)
        let panes = Self.makePanes(base: base, comparison: comparison, rects: rects, decorations: decorations)
        self.panes = panes
        session = FrameSession(steps: panes.map(\.step), paneRects: rects, script: script)
        wireSteps()
    }

    /// A group around a playground made elsewhere (the window's, which may have started at a
    /// folder's photo): one pane, exactly as a single playground.
    public init(single playground: Playground, surfaceSize: Size, script: Script? = nil, decorations: FrameDecorations = FrameDecorations()) {
        self.comparison = nil
        self.surfaceSize = surfaceSize
        self.decorations = decorations
        let pane = Pane(playground: playground, decorations: decorations, value: nil)
        panes = [pane]
        session = FrameSession(steps: [pane.step], paneRects: [Rect(x: 0, y: 0, width: surfaceSize.width, height: surfaceSize.height)],
                               script: script)
        wireSteps()
    }

    public var first: Pane { panes[0] }

    /// Each pane's rectangle on the surface, in points, left to right: the session's, which
    /// routes input by them (the one place they are kept).
    public var paneRects: [Rect] { session.paneRects }

    /// The panes of `comparison` (one without), one in each of `rects`.
    private static func makePanes(base: PlaygroundSettings, comparison: Comparison?, rects: [Rect],
                                  decorations: FrameDecorations) -> [Pane] {
        rects.indices.map { k in makePane(k, of: comparison, base: base, size: rects[k].size, decorations: decorations) }
    }

    /// Pane `k` of `comparison` (the only pane without one), `size` points large, with its caption.
    private static func makePane(_ k: Int, of comparison: Comparison?, base: PlaygroundSettings, size: Size,
                                 decorations: FrameDecorations) -> Pane {
        var paneDecorations = decorations
        paneDecorations.caption = comparison?.caption(ofPane: k)
        return Pane(playground: Playground(comparison?.settings(ofPane: k, base: base) ?? base, viewportSize: size),
                    decorations: paneDecorations, value: comparison?.values[k])
    }

    private func wireSteps() {
        session.willRunPane = { [unowned self] k in
            let pane = panes[k]
            if let comparison {
                let figures = captionsShowCost ? Self.captionFigures(pane, axis: comparison.axis) : []
                pane.composer.decorations.caption = ([comparison.caption(ofPane: k)] + figures).joined(separator: " · ")
            }
        }
        session.didRunPane = { [unowned self] k, report in
            panes[k].noteFrame(report)
            panes[k].restartStatisticsIfNeeded()
        }
        for (k, pane) in panes.enumerated() {
            let step = pane.step
            // Set once per pane, not once per frame: the closure reads the surface facts as
            // they are when the frame runs.
            step.drawer = { [unowned self, unowned pane] report, playground, list in
                pane.composer.compose(report, of: playground, statistics: pane.statistics, surface: surface, motion: pane.motion,
                                      into: &list)
            }
            if k == 0 {
                step.onViewCommand = { [unowned self] command in onViewCommand?(command) }
                step.willApplyCommand = { [unowned self] command in willApplyCommand?(command) }
            }
            step.didApplyCommand = { [unowned self, unowned pane] command, applied in
                // A key that changed the compared setting is undone in each pane.
                var overridden = false
                if applied, let comparison, let value = pane.value {
                    overridden = comparison.restore(value, in: pane.playground, after: command)
                }
                guard k == 0 else { return }
                if overridden, let axis = comparison?.axis { didOverride?(command, axis) } else { didApplyCommand?(command, applied) }
            }
        }
        attachObservers()
    }

    /// Times every pane's phases with `now` (seconds, monotonic): the window's frames and a
    /// recording's overlay read them. Without it nothing is timed and no clock is read.
    public func timePhases(with now: @escaping () -> Double) {
        phaseClock = now
        attachObservers()
    }

    /// The run's CPU slowdown, stretching every pane's phases as they end (timed phases
    /// only: set after `timePhases`' clock, which it should share).
    public var slowdown: MainThreadSlowdown? {
        didSet { for timer in phaseTimers { timer.slowdown = slowdown } }
    }

    private func attachObservers() {
        guard let phaseClock else { return }
        while phaseTimers.count < panes.count {
            let timer = PhaseTimer(now: phaseClock)
            timer.slowdown = slowdown
            phaseTimers.append(timer)
        }
        for (pane, timer) in zip(panes, phaseTimers) { pane.step.phaseObserver = timer }
    }

    /// Records one sample in each pane's statistics, made from that pane's phase clock (the
    /// driver adds what it timed itself: the frame, the drawing, the present).
    public func recordSamples(_ sample: (PhaseTimer) -> FrameSample) {
        for (pane, timer) in zip(panes, phaseTimers) { pane.statistics.record(sample(timer)) }
    }

    /// When the last pane's layout ended this frame (nil when phases are not timed).
    public var layoutEnded: Double? { phaseTimers.prefix(panes.count).map(\.layoutEnded).max() }

    // MARK: Input

    /// Which pane holds `point` (surface points), if any.
    public func paneIndex(at point: Point) -> Int? { session.paneIndex(at: point) }

    /// Queues `event` (surface coordinates) for every pane, routed by the session (a press
    /// belongs to the pane it lands in); a resize lays the panes out anew (the session does).
    public func enqueue(_ event: FrameEvent) {
        if case .resize(let size) = event { surfaceSize = size }
        session.enqueue(event)
    }

    // MARK: Frames

    /// Runs every pane's frame at `time`; returns their reports, pane by pane. With more than
    /// one pane each caption names its value and what its strategy did this frame.
    @discardableResult
    public func run(at time: Double) -> [FrameReport] {
        isRunning = true
        session.run(at: time)
        isRunning = false
        if let pending = pendingComparison {
            pendingComparison = nil
            setComparison(pending)
            session.runPanes(at: time)
        }
        return session.reports
    }

    /// What a pane's caption says after its value, each figure after a " · ": its cost, and
    /// comparing full and reduced motion, how fast its images move against their cells (the
    /// motion meter's peak over the run).
    static func captionFigures(_ pane: Pane, axis: CompareAxis) -> [String] {
        guard axis == .motion else { return [costText(pane)] }
        return [costText(pane), "images " + NumberFormat.compact(pane.motion.peakPointsPerSecond) + " pt/s at most"]
    }

    /// A pane's caption cost: its strategy's mean time and work per frame over the panel's
    /// window, so each pane reads as its own badge.
    static func costText(_ pane: Pane) -> String {
        let work = pane.centreShift.recentWorkPerFrame
        let ms = pane.statistics.count > 0 ? pane.statistics.meanPhases.strategyMilliseconds : 0
        return NumberFormat.fixed2(ms) + " ms · " + NumberFormat.fixed(work, decimals: 0) + "/f"
    }

    // MARK: Changing what is compared

    /// Every decoration but the caption, for every pane (the window's F, D and H keys).
    public func setDecorations(_ change: (inout FrameDecorations) -> Void) {
        change(&decorations)
        for pane in panes {
            let caption = pane.composer.decorations.caption
            change(&pane.composer.decorations)
            pane.composer.decorations.caption = caption
        }
    }

    /// Rebuilds the panes for `comparison` (nil: one pane) from the first pane's settings and
    /// scroll position, so the list stays where the person was looking.
    public func setComparison(_ comparison: Comparison?) {
        if isRunning {
            pendingComparison = .some(comparison)
            return
        }
        let base = first.playground
        let settings = baseSettings()
        let offset = base.scrollView.contentOffset[base.scene.axis]
        self.comparison = comparison
        let rects = PaneLayout.frames(count: comparison?.values.count ?? 1, in: surfaceSize)
        panes = Self.makePanes(base: settings, comparison: comparison, rects: rects, decorations: decorations)
        for pane in panes where pane.playground.scene.axis == base.scene.axis { pane.playground.scroll(to: offset) }
        session.replacePanes(panes.map(\.step), rects: rects)
        wireSteps()
    }

    /// The first pane's settings without what the comparison sets on each pane.
    private func baseSettings() -> PlaygroundSettings {
        var settings = first.playground.settings
        if comparison?.axis == .technique { settings.mapping = nil; settings.scene = .photos; settings.parallaxAmount = nil }
        if comparison?.axis == .parallax { settings.parallaxAmount = nil }
        return settings
    }

    /// The pane picker: pane `k` shows the next value of the compared axis that no other pane
    /// shows (when every value is shown, it trades values with the pane showing the next).
    /// Only the panes whose value changed are made anew: the others keep their lists, their
    /// statistics and their strip history. Returns what changed, in words, for a toast.
    @discardableResult
    public func showNextValue(inPane k: Int) -> String? {
        guard let comparison, panes.indices.contains(k) else { return nil }
        let defaultAmount = Scene.make(first.playground.scene.id).defaultParallaxAmount
        guard let (changed, changedPanes) = comparison.steppingPane(k, defaultAmount: defaultAmount) else { return nil }
        if isRunning {
            setComparison(changed)
        } else {
            let settings = baseSettings()
            let base = first.playground
            let offset = base.scrollView.contentOffset[base.scene.axis]
            self.comparison = changed
            for j in changedPanes {
                let pane = Self.makePane(j, of: changed, base: settings, size: paneRects[j].size, decorations: decorations)
                // The photos' shapes the panes have learnt (a folder's headers arrive over time)
                // first, so the offset lands on the same content; then the others' motion, so
                // a list still coasting goes on coasting in every pane alike.
                pane.playground.catchUpPhotos(with: base)
                if pane.playground.scene.axis == base.scene.axis {
                    pane.playground.scroll(to: offset)
                    if pane.playground.physics == base.physics { pane.playground.scrollView.adoptMotion(of: base.scrollView) }
                }
                panes[j] = pane
            }
            session.replacePanes(panes.map(\.step), rects: paneRects)
            wireSteps()
        }
        let said = changedPanes.map { "pane \($0 + 1): \(changed.caption(ofPane: $0))" }
        return "Now " + said.joined(separator: ", ")
    }

    /// Whether `point` (surface points) lies on a compared pane's caption band, and which pane.
    public func captionPane(at point: Point) -> Int? {
        guard comparison != nil, let k = paneIndex(at: point) else { return nil }
        return point.y >= paneRects[k].maxY - FrameComposer.captionHeight ? k : nil
    }
}
