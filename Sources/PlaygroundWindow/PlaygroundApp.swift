import DesktopSettings
import Foundation
import MonotonicTime
import Panes
import ParallaxKit
import PhotoPipeline
import Presentation
import Rendering
import RunHarness
import SDLBackend
import TuningUI
import VideoRecording

/// The window's frame loop: one timestamp per frame, every pending event drained into the
/// panes (one, or two to five compared), whose frame steps run input, physics, layout and the
/// draw list; then the presenter draws them, and the frame is presented and timed. The overlay
/// only reads what the steps did.
///
/// One file past 300 lines because it holds the loop's stored state (extensions cannot) and
/// the frame itself, read top to bottom; each duty lives in a `PlaygroundApp+…` file beside it.
public final class PlaygroundApp {
    let video: SDLVideo
    public let window: Window
    public let renderer: Renderer
    public let executor: DrawListExecutor
    /// The panes the window shows and the input they share; the first is the one the title,
    /// the toasts, the recording's name and the remembered settings speak of.
    let panes: PaneGroup
    /// From composed draw lists to the screen, photos included.
    let presenter: FramePresenter
    let clock = Clock()

    /// The first pane's model (the only one without a comparison).
    public var playground: Playground { panes.first.playground }
    /// The frames every pane runs (its script, its end rule).
    public var session: FrameSession { panes.session }
    /// The first pane's composer: what the remembered settings read (the overlay's mode).
    public var composer: FrameComposer { panes.first.composer }
    /// The first pane's frame times (the panel's figures).
    var frameStatistics: FrameStatistics { panes.first.statistics }
    public var runStatistics = RunStatistics()
    var photoTimes = PhotoTimes()
    /// The compare strip (the S key).
    var showsStrip = false
    /// The tuning panel (the T key) and its corner button, on Dear ImGui; made at the first
    /// frame that shows either, with this font.
    public var panelFontPath: String?
    var imgui: ImGuiLayer?
    var showsTuning = false {
        // A closed panel keeps no half-delivered click or held key for when it opens again.
        didSet { if !showsTuning { imgui?.releaseAll() } }
    }
    /// Commands still to come that say nothing of their own (a loaded preset's).
    var quietCommands = 0
    /// The panel's preset row: the name typed, a save waiting for Replace, the last word.
    var presetForm = PresetForm()
    /// Where the panel (or its button) was last drawn: presses there are the panel's.
    var tuningFrame: Rect?
    /// Where the pointer was last seen (hovering or dragging), for the explain card.
    var pointer: Point?
    /// The saved presets (each with why it will not load, if it will not), read when the panel
    /// opens and after a save.
    var presetEntries: [PresetStore.Entry]?
    /// A photo folder's headers still arriving, if any.
    public var headerScan: HeaderArrivals?
    var firstScreen: [RunReport.Photos.ScreenPhoto] = []
    /// The R key's recording, if one runs.
    public let recorder = WindowRecorder()
    /// What the last key did, in words (drawn after the capture: the video leaves it out).
    var toast = Toast()
    /// The model as it was just before a key's command, for the toast.
    private var stateBeforeCommand: KeyFeedback.State?
    /// The current frame's time, for toasts shown while the frame's keys are handled.
    var frameTime = 0.0
    /// No list moved in the last frame (see `waitIfIdle`): the overlay says "at rest" instead
    /// of a frame rate, as the window then draws only when something changes.
    var resting = false

    /// Script input in playground time, replayed as if typed: the session's, which delivers it.
    public var script: Script? {
        get { panes.script }
        set { panes.script = newValue }
    }
    public var exitAfter: Double?
    /// Quit after the first complete frame (every visible image sharp): start-up measurements.
    public var exitWhenSharp = false
    /// Runs at the start of each frame with its time, before the events are read (the
    /// monkey pushes its input here).
    public var beforeFrame: ((Double) -> Void)?
    /// Hears every event the frame step is given (the monkey mirrors them).
    public var onEvent: ((FrameEvent) -> Void)?
    /// Runs after each frame is presented.
    public var afterFrame: ((FrameReport) -> Void)?
    /// Runs after the frame is drawn, window marks included, before it is presented, with the
    /// frame's index (the bench reads the picture back and feeds its recorder there).
    public var beforePresent: ((Int) -> Void)?
    /// Asked after each frame: true ends the loop.
    public var stopRequested: (() -> Bool)?
    /// Hears a file or folder dropped onto the window (the window command opens it).
    public var onDrop: ((String) -> Void)?
    var running = true
    /// When the loop started, on the window's clock: session time 0.
    private var loopStart = 0.0
    private var previousFrameStart = 0.0
    /// The last frame's drawing and present times, recorded once the next frame starts (its
    /// interval is then known); nil after a wait, which is no frame's cost.
    var pendingSample: FrameSample?
    /// Whether that frame showed something moving: its interval then counts among the moving
    /// frames of `--stats-json`.
    private var pendingSampleMoved = false
    var screenshotRequested = false
    /// When P was pressed, while its screenshot waits for sharp photos.
    var screenshotAskedAt: Double?
    /// The longest P waits for the visible photos (a folder of huge files may take longer:
    /// the frame is saved as it is then).
    static let screenshotPatience = 3.0
    /// The title last given to the window (set again only when it changes).
    var shownTitle: String?

    // The run's frame budget (`RunBudget`, PlaygroundApp+Budget.swift).
    /// The main thread's slowdown and the refresh rate frames are paced to; set it through
    /// `setBudget`, which turns vsync off when the rate is not the display's.
    public internal(set) var budget = RunBudget()
    /// The display's refresh rate as SDL reports it (nil: none, as under Xvfb).
    var displayHertz: Double?
    /// Stretches every pane's phases and the rest of the frame's main-thread work.
    let slowdown: MainThreadSlowdown
    /// When the next paced frame is due on the window's clock (nil: not pacing).
    var pacedFrameDue: Double?

    /// `playground` is the first pane's model; `comparison` adds panes beside it, built from
    /// its settings.
    public init(video: SDLVideo, window: Window, renderer: Renderer, executor: DrawListExecutor, playground: Playground,
         comparison: Comparison? = nil) {
        self.video = video
        self.window = window
        self.renderer = renderer
        self.executor = executor
        presenter = FramePresenter(executor: executor, photoWait: .frameBudget)
        let clock = clock
        slowdown = MainThreadSlowdown(rate: 1) { clock.now() }
        // The badge to start with: the fps in a corner.
        // The badge is the window's, like its toasts: P's screenshots and R's videos leave it out.
        panes = PaneGroup(single: playground, surfaceSize: renderer.viewport.size,
                          decorations: FrameDecorations(overlay: .badge, badgeLeftOutOfCaptures: true, helpOverEverything: true))
        if let comparison {
            let start = playground.scrollView.contentOffset[playground.scene.axis]
            panes.setComparison(comparison)
            for pane in panes.panes where pane.playground.scene.axis == playground.scene.axis { pane.playground.scroll(to: start) }
        }
        runStatistics.renderer = renderer.name
        runStatistics.rendererDrawsOnCPU = renderer.drawsOnCPU
        runStatistics.videoDriver = video.driverName
        updateTitle()
    }

    /// Runs the window until it is closed, the script's time is up or a harness stops it:
    /// `start`, then frames as fast as they change (`runFrame` at the clock's time since the
    /// start, a wait when nothing moves), then `finish`.
    public func run() {
        start()
        while running {
            // One timestamp for the whole frame; the core sees time since start.
            let frameStart = clock.now()
            let frame = runFrame(at: frameStart - loopStart, startedAt: frameStart)
            // Nothing changing: wait for an event or a decode instead of drawing the same
            // picture again; the wait is no frame's cost, so the next interval is not timed.
            if running, waitIfIdle(after: frame.report, frameStart: frameStart, inputArrived: frame.inputArrived,
                                   layoutGrew: frame.layoutGrew) {
                pendingSample = nil
                pacedFrameDue = nil
            } else if running {
                paceToRefresh(frameStart: frameStart)
            }
        }
        finish()
    }

    /// Wires the panes to the window (commands, toasts, phase clocks, the script through the
    /// panel's routing) and starts the loop's clock: once, before the first `runFrame`.
    public func start() {
        // The script is delivered by the session, each event routed as a person's is: its
        // pointer can move the panel's sliders, so a replay can include tuning.
        panes.session.scriptEventFilter = { [unowned self] event in route(event) }
        panes.onViewCommand = { [unowned self] command in perform(command) }
        panes.willApplyCommand = { [unowned self] _ in stateBeforeCommand = KeyFeedback.State(playground) }
        panes.didApplyCommand = { [unowned self] command, applied in
            // A loaded preset's commands are said once, by the preset's own toast.
            if quietCommands > 0 {
                quietCommands -= 1
                return
            }
            guard applied, let before = stateBeforeCommand else { return }
            if let message = KeyFeedback.message(for: command, before: before, after: KeyFeedback.State(playground)) {
                toast.show(message, at: frameTime)
            }
        }
        panes.didOverride = { [unowned self] _, axis in toast.show(KeyFeedback.overriddenMessage(axis: axis), at: frameTime) }
        let clock = clock
        panes.timePhases { clock.now() }
        panes.slowdown = slowdown
        // A new user learns what they are looking at, and where the keys are: from 0.3 s on,
        // so the first frames (start-up's measure) draw no extra text.
        toast.show(KeyFeedback.sceneMessage(KeyFeedback.State(playground)) + " — H for keys", at: 0.3, holding: 4)

        loopStart = clock.now()
        previousFrameStart = loopStart
    }

    /// What one frame of the window did, for the loop's pacing and for a harness that times
    /// frames (the bench): times on the window's clock, in seconds.
    public struct WindowFrame {
        public var report: FrameReport
        public var inputArrived: Bool
        public var layoutGrew: Bool
        /// When every pane's step had run and built its draw list (the model's work done).
        public var modelDone: Double
        /// How long building and drawing the tuning panel took (0 when it is closed).
        public var panelSeconds: Double
    }

    /// One frame of the window's loop at session time `t`, begun at `frameStart` on the
    /// window's clock: the frame's events and the script's, every pane's step, drawing, the
    /// captures, the window's own marks, present. The window runs it at its clock's time; the
    /// bench at frame k's k / fps, so it times the loop users run, not a copy of it.
    @discardableResult
    public func runFrame(at t: Double, startedAt frameStart: Double) -> WindowFrame {
        frameTime = t
        if let sample = pendingSample {
            let frameMilliseconds = (frameStart - previousFrameStart) * 1000
            // Each pane's panel: the window's frame, that pane's own input and strategy.
            panes.recordSamples { timer in
                var paneSample = sample
                paneSample.frameMilliseconds = frameMilliseconds
                paneSample.inputAndPhysicsMilliseconds = timer.inputAndPhysicsMilliseconds
                paneSample.strategyMilliseconds = timer.strategyMilliseconds
                // Its own phases and the frame's work outside every pane's (see `noteMainThread`).
                paneSample.mainThreadMilliseconds += timer.phasesMilliseconds
                return paneSample
            }
            runStatistics.noteFrame(milliseconds: frameMilliseconds, moving: pendingSampleMoved, budgetMilliseconds: budgetMilliseconds)
        }
        previousFrameStart = frameStart

        slowdown.beginFrame()
        beforeFrame?(t)
        let events = video.pollEvents(clock: clock)
        for event in events {
            let frameEvent: FrameEvent
            switch event.event {
            case .quit: running = false; continue
            case .resized: frameEvent = .resize(renderer.viewport.size)
            case .exposed: continue
            case .pointerLeft: pointer = nil; continue
            case .dropped(let path): onDrop?(path); continue
            case .input(let input): frameEvent = .input(TimedEvent(time: event.time - loopStart, event: input))
            }
            guard route(frameEvent) else { continue }
            panes.enqueue(frameEvent)
            onEvent?(frameEvent)
        }
        if let exitAfter, t >= exitAfter { running = false }
        let layoutGrew = deliverHeaders(at: t)
        for pane in panes.panes.dropFirst() { pane.playground.catchUpPhotos(with: playground) }

        panes.surface = surfaceFacts()
        handPointerToPanes()
        let frame = panes.run(at: t)[0]
        // The rest of the main thread's work slowed too: everything before the renderer.
        let modelDone = slowdown.stretchRest(ofFrameFrom: frameStart, to: clock.now())
        runStatistics.noteState(frame: frame.index, scene: playground.scene.id, strategy: playground.effectiveStrategy)
        updateTitle()

        let drawn = presenter.draw(panes.drawnPanes, now: frame.time)
        photoTimes.note(moved: frame.moved, resting: playground.scrollView.phase == .idle,
                        sharp: executor.images.pipeline?.visibleAreSharp ?? true, at: monotonicNanoseconds())
        noteScrubLanding(frame)
        // Over the panes: what the captures keep (the strip, the help); the window's own
        // marks come after the captures.
        let overPanes = panes.composeOverPanes(showsStrip: showsStrip)
        if !overPanes.isEmpty { presenter.drawOver(overPanes) }
        let panelStart = clock.now()
        drawTuningPanel(at: t)
        let panelSeconds = showsTuning ? clock.now() - panelStart : 0
        // The help over everything, the panel and its explain card included (the captures keep it).
        let help = panes.composeHelpOverEverything()
        if !help.isEmpty { presenter.drawOver(help) }
        captureThenDrawWindowChrome(at: t, frame: frame.index)
        beforePresent?(frame.index)
        let drawingDone = clock.now()
        presenter.present()
        let presented = clock.now()
        noteStartup(drawn, frame: frame.index)
        afterFrame?(frame)
        if stopRequested?() == true { running = false }
        let stepsEnded = panes.layoutEnded ?? frameStart
        pendingSample = FrameSample(
            drawingMilliseconds: (drawingDone - stepsEnded) * 1000,
            presentMilliseconds: (presented - drawingDone) * 1000)
        pendingSampleMoved = showsMotion(frame, at: t)
        noteMainThread(from: frameStart, modelDone: modelDone, drawingDone: drawingDone, presented: presented)
        return WindowFrame(report: frame, inputArrived: !events.isEmpty, layoutGrew: layoutGrew, modelDone: modelDone,
                           panelSeconds: panelSeconds)
    }
}
