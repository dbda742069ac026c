import DesktopSettings
import Foundation
import ParallaxKit
import PhotoPipeline
import Presentation
import SDLBackend
import TuningUI
import VideoRecording

/// The window's frame loop: one timestamp per frame, every pending event drained into the
/// panes (one, or two to five compared), whose frame steps run input, physics, layout and the
/// draw list; then the presenter draws them, and the frame is presented and timed. The overlay
/// only reads what the steps did.
public final class PlaygroundApp {
    public let video: SDLVideo
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
    /// The first pane's composer: what the remembered settings read (the overlay's mode).
    public var composer: FrameComposer { panes.first.composer }
    /// The first pane's frame times (the panel's figures).
    var frameStatistics: FrameStatistics { panes.first.statistics }
    public var runStatistics = RunStatistics()
    var photoTimes = PhotoTimes()
    /// Each pane's phase clock: its input, physics and strategy time.
    private var phaseTimers: [PanePhaseTimer] = []
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
    /// The saved presets' names, read when the panel opens and after a save.
    var presetNames: [String]?
    /// A photo folder's headers still arriving, if any.
    public var headerScan: HeaderArrivals?
    private var firstScreen: [RunReport.Photos.ScreenPhoto] = []
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

    /// Script input in playground time, replayed as if typed.
    public var script: Script?
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
    /// Asked after each frame: true ends the loop.
    public var stopRequested: (() -> Bool)?
    /// Hears a file or folder dropped onto the window (the window command opens it).
    public var onDrop: ((String) -> Void)?
    var running = true
    /// The next script event to deliver.
    private var nextScriptEvent = 0
    var screenshotRequested = false
    /// When P was pressed, while its screenshot waits for sharp photos.
    var screenshotAskedAt: Double?
    /// The longest P waits for the visible photos (a folder of huge files may take longer:
    /// the frame is saved as it is then).
    static let screenshotPatience = 3.0
    /// The title last given to the window (set again only when it changes).
    var shownTitle: String?

    /// `playground` is the first pane's model; `comparison` adds panes beside it, built from
    /// its settings.
    public init(video: SDLVideo, window: Window, renderer: Renderer, executor: DrawListExecutor, playground: Playground,
         comparison: Comparison? = nil) {
        self.video = video
        self.window = window
        self.renderer = renderer
        self.executor = executor
        presenter = FramePresenter(executor: executor, photoWait: .frameBudget)
        // The badge to start with: the fps in a corner.
        // The badge is the window's, like its toasts: P's screenshots and R's videos leave it out.
        panes = PaneGroup(single: playground, surfaceSize: renderer.viewport.size,
                          decorations: FrameDecorations(overlay: .badge, badgeLeftOutOfCaptures: true))
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

    /// Sets a decoration on every pane (the F, D and H keys, the remembered overlay).
    public func setDecorations(_ change: (inout FrameDecorations) -> Void) { panes.setDecorations(change) }

    public func run() {
        // The window delivers the script itself (see the frame loop), not the panes.
        panes.script = nil
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
        panes.phaseObserver = { [unowned self] k in phaseTimer(k) }
        // A new user learns what they are looking at, and where the keys are: from 0.3 s on,
        // so the first frames (start-up's measure) draw no extra text.
        toast.show(KeyFeedback.sceneMessage(KeyFeedback.State(playground)) + " — H for keys", at: 0.3, holding: 4)

        let start = clock.now()
        var previousStart = start
        var pending: FrameSample? = nil
        while running {
            // One timestamp for the whole frame; the core sees time since start.
            let frameStart = clock.now()
            let t = frameStart - start
            frameTime = t
            if let sample = pending {
                let frameMilliseconds = (frameStart - previousStart) * 1000
                // Each pane's panel: the window's frame, that pane's own input and strategy.
                for (pane, timer) in zip(panes.panes, phaseTimers) {
                    var paneSample = sample
                    paneSample.frameMilliseconds = frameMilliseconds
                    paneSample.inputAndPhysicsMilliseconds = timer.inputAndPhysicsMilliseconds
                    paneSample.strategyMilliseconds = timer.strategyMilliseconds
                    pane.statistics.record(paneSample)
                }
                runStatistics.frameMilliseconds.append(frameMilliseconds)
            }
            previousStart = frameStart

            beforeFrame?(t)
            let events = video.pollEvents(clock: clock)
            for event in events {
                let frameEvent: FrameEvent
                switch event.event {
                case .quit: running = false; continue
                case .resized: frameEvent = .resize(renderer.viewport.size)
                case .exposed: continue
                case .dropped(let path): onDrop?(path); continue
                case .input(let input): frameEvent = .input(TimedEvent(time: event.time - start, event: input))
                }
                guard route(frameEvent) else { continue }
                panes.enqueue(frameEvent)
                onEvent?(frameEvent)
            }
            // The script's due events, routed as a person's are: its pointer can move the
            // panel's sliders, so a replay can include tuning.
            if let events = script?.events {
                while nextScriptEvent < events.count, events[nextScriptEvent].time <= t {
                    let frameEvent = FrameEvent.input(events[nextScriptEvent])
                    nextScriptEvent += 1
                    if route(frameEvent) { panes.enqueue(frameEvent) }
                }
            }
            if let exitAfter, t >= exitAfter { running = false }
            let layoutGrew = headerScan?.deliver(to: playground, pipeline: executor.images.pipeline, at: t) ?? false
            for pane in panes.panes.dropFirst() { pane.playground.catchUpPhotos(with: playground) }

            panes.surface = surfaceFacts()
            let frame = panes.run(at: t)[0]
            runStatistics.noteState(frame: frame.index, scene: playground.scene.id, strategy: playground.effectiveStrategy)
            updateTitle()

            let drawn = presenter.draw(panes.panes.map { PaneFrame(playground: $0.playground, drawList: $0.step.drawList, frame: $0.frame) },
                                       now: frame.time)
            photoTimes.note(moved: frame.moved, resting: playground.scrollView.phase == .idle,
                            sharp: executor.images.pipeline?.visibleAreSharp ?? true, at: monotonicNanoseconds())
            noteScrubLanding(frame)
            if panes.panes.count > 1 {
                var overPanes = DrawList()
                if showsStrip {
                    CompareStrip.draw(panes.panes, surfaceSize: panes.surfaceSize, offsets: panes.comparison?.axis == .physics,
                                      into: &overPanes)
                }
                if composer.decorations.help { FrameComposer.drawHelp(overPanesOf: panes.surfaceSize, into: &overPanes) }
                presenter.drawOver(overPanes)
            }
            drawTuningPanel(at: t)
            captureThenDrawWindowChrome(at: t, frame: frame.index)
            let drawingDone = clock.now()
            presenter.present()
            let presented = clock.now()
            noteStartup(drawn, frame: frame.index)
            afterFrame?(frame)
            if stopRequested?() == true { running = false }
            let stepsEnded = phaseTimers.map(\.layoutEnded).max() ?? frameStart
            pending = FrameSample(
                drawingMilliseconds: (drawingDone - stepsEnded) * 1000,
                presentMilliseconds: (presented - drawingDone) * 1000)
            // Nothing changing: wait for an event or a decode instead of drawing the same
            // picture again; the wait is no frame's cost, so the next interval is not timed.
            if running, waitIfIdle(after: frame, frameStart: frameStart, inputArrived: !events.isEmpty, layoutGrew: layoutGrew) {
                pending = nil
            }
        }
        recorder.finishAll(at: frameTime)
        runStatistics.recordingFramesNotCaptured = recorder.framesNotCaptured
        runStatistics.recordingWindowFrames = recorder.windowFramesWhileRecording
        // + 0 turns −0 (an inset's negation) into 0 for the JSON.
        runStatistics.finalOffset = playground.scrollView.contentOffset + .zero
        runStatistics.finalParallax = playground.parallaxAmount
        runStatistics.finalItems = playground.itemCount
        runStatistics.finalReduceMotion = playground.reduceMotion
        runStatistics.tuningPanelOpen = showsTuning
        runStatistics.endedAtSeconds = frameTime
        runStatistics.panes = panes.comparison == nil ? nil : panes.panes.map { pane in
            RunReport.Pane(playground: pane.playground, value: pane.value ?? "", frames: pane.framesRun, work: pane.totalWork)
        }
        runStatistics.photos = executor.images.pipeline.map {
            RunReport.Photos($0.counters, times: photoTimes, firstScreen: firstScreen)
        }
        runStatistics.peakResidentKilobytes = peakResidentKilobytes()
    }

    // MARK: Drawing

    /// What the panels say about this window: renderer, vsync and the photo pipeline.
    private func surfaceFacts() -> SurfaceFacts {
        SurfaceFacts(
            rendererName: renderer.name, vsync: renderer.isVSyncEnabled,
            photos: executor.images.pipeline.map { pipeline in
                let c = pipeline.counters
                return PhotoPipelineSummary(queued: c.queued, decoding: c.decoding, bytesHeld: c.bytesHeld, hitRate: c.hitRate)
            },
            resting: resting)
    }

    /// Pane `k`'s phase clock (made on first use, kept across comparisons).
    private func phaseTimer(_ k: Int) -> PanePhaseTimer {
        while phaseTimers.count <= k { phaseTimers.append(PanePhaseTimer(clock: clock)) }
        return phaseTimers[k]
    }

    /// Records the first presented frame, the first in which every visible cell showed its
    /// photo at any resolution, and the first complete one (every visible photo sharp, no
    /// image missing) in the run's statistics (`--stats-json`'s startup block, which `bench`
    /// reads).
    private func noteStartup(_ drawn: DrawStats, frame index: Int) {
        guard runStatistics.startup.complete_frame_ns == nil else { return }
        let now = monotonicNanoseconds()
        if runStatistics.startup.first_frame_ns == nil { runStatistics.startup.first_frame_ns = now }
        let pipelines = [executor.images.pipeline, executor.images.coverPipeline].compactMap { $0?.counters }
        if runStatistics.startup.preview_frame_ns == nil, pipelines.allSatisfy({ $0.visibleShown == $0.visibleNeeded }) {
            runStatistics.startup.preview_frame_ns = now
        }
        if drawn.failed == 0, pipelines.allSatisfy({ $0.visibleSharp == $0.visibleNeeded }) {
            firstScreen = executor.images.pipeline?.visibleTextures.map {
                RunReport.Photos.ScreenPhoto(path: $0.path, width: $0.size.width, height: $0.size.height)
            } ?? []
            runStatistics.startup.complete_frame_ns = now
            runStatistics.startup.complete_frame_number = index + 1
            if exitWhenSharp { running = false }
        }
    }
}
