import DesktopSettings
import Foundation
import ParallaxKit
import Presentation
import SDLBackend
import TuningUI

/// The window's frame loop: one timestamp per frame, every pending event drained into the
/// panes (one, or two to five compared), whose frame steps run input, physics, layout and the
/// draw list; then the presenter draws them, and the frame is presented and timed. The overlay
/// only reads what the steps did.
final class PlaygroundApp {
    let video: SDLVideo
    let window: Window
    let renderer: Renderer
    let executor: DrawListExecutor
    /// The panes the window shows and the input they share; the first is the one the title,
    /// the toasts, the recording's name and the remembered settings speak of.
    let panes: PaneGroup
    /// From composed draw lists to the screen, photos included.
    let presenter: FramePresenter
    let clock = Clock()

    /// The first pane's model (the only one without a comparison).
    var playground: Playground { panes.first.playground }
    /// The first pane's composer: what the remembered settings read (the overlay's mode).
    var composer: FrameComposer { panes.first.composer }
    /// The first pane's frame times (the panel's figures).
    var frameStatistics: FrameStatistics { panes.first.statistics }
    var runStatistics = RunStatistics()
    var photoTimes = PhotoTimes()
    /// Each pane's phase clock: its input, physics and strategy time.
    private var phaseTimers: [PanePhaseTimer] = []
    /// The compare strip (the S key).
    private var showsStrip = false
    /// The tuning panel (the T key) and its corner button, on Dear ImGui; made at the first
    /// frame that shows either, with this font.
    var panelFontPath: String?
    private var imgui: ImGuiLayer?
    private var showsTuning = false
    /// Where the panel (or its button) was last drawn: presses there are the panel's.
    private var tuningFrame: Rect?
    /// Where the pointer was last seen (hovering or dragging), for the explain card.
    private var pointer: Point?
    /// The saved presets' names, read when the panel opens and after a save.
    private var presetNames: [String]?
    /// A photo folder's headers still arriving, if any.
    var headerScan: HeaderArrivals?
    private var firstScreen: [RunReport.Photos.ScreenPhoto] = []
    /// The R key's recording, if one runs.
    let recorder = WindowRecorder()
    /// What the last key did, in words (drawn after the capture: the video leaves it out).
    private(set) var toast = Toast()
    /// The model as it was just before a key's command, for the toast.
    private var stateBeforeCommand: KeyFeedback.State?
    /// The current frame's time, for toasts shown while the frame's keys are handled.
    private var frameTime = 0.0

    /// Script input in playground time, replayed as if typed.
    var script: Script?
    var exitAfter: Double?
    /// Quit after the first complete frame (every visible image sharp): start-up measurements.
    var exitWhenSharp = false
    /// Runs at the start of each frame with its time, before the events are read (the
    /// monkey pushes its input here).
    var beforeFrame: ((Double) -> Void)?
    /// Hears every event the frame step is given (the monkey mirrors them).
    var onEvent: ((FrameEvent) -> Void)?
    /// Runs after each frame is presented.
    var afterFrame: ((FrameReport) -> Void)?
    /// Asked after each frame: true ends the loop.
    var stopRequested: (() -> Bool)?
    /// Hears a file or folder dropped onto the window (the window command opens it).
    var onDrop: ((String) -> Void)?
    private var running = true
    /// The next script event to deliver.
    private var nextScriptEvent = 0
    private var screenshotRequested = false
    /// When P was pressed, while its screenshot waits for sharp photos.
    private var screenshotAskedAt: Double?
    /// The longest P waits for the visible photos (a folder of huge files may take longer:
    /// the frame is saved as it is then).
    static let screenshotPatience = 3.0
    /// The title last given to the window (set again only when it changes).
    private var shownTitle: String?

    /// `playground` is the first pane's model; `comparison` adds panes beside it, built from
    /// its settings.
    init(video: SDLVideo, window: Window, renderer: Renderer, executor: DrawListExecutor, playground: Playground,
         comparison: Comparison? = nil) {
        self.video = video
        self.window = window
        self.renderer = renderer
        self.executor = executor
        presenter = FramePresenter(executor: executor, photoWait: .frameBudget)
        // The badge to start with: the fps in a corner.
        panes = PaneGroup(single: playground, surfaceSize: renderer.viewport.size, decorations: FrameDecorations(overlay: .badge))
        if let comparison {
            let start = playground.scrollView.contentOffset[playground.scene.axis]
            panes.setComparison(comparison)
            for pane in panes.panes where pane.playground.scene.axis == playground.scene.axis { pane.playground.scroll(to: start) }
        }
        runStatistics.renderer = renderer.name
        runStatistics.videoDriver = video.driverName
        updateTitle()
    }

    /// Sets a decoration on every pane (the F, D and H keys, the remembered overlay).
    func setDecorations(_ change: (inout FrameDecorations) -> Void) { panes.setDecorations(change) }

    func run() {
        // The window delivers the script itself (see the frame loop), not the panes.
        panes.script = nil
        panes.onViewCommand = { [unowned self] command in perform(command) }
        panes.willApplyCommand = { [unowned self] _ in stateBeforeCommand = KeyFeedback.State(playground) }
        panes.didApplyCommand = { [unowned self] command, applied in
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
            for event in video.pollEvents(clock: clock) {
                let frameEvent: FrameEvent
                switch event.event {
                case .quit: running = false; continue
                case .resized: frameEvent = .resize(renderer.viewport.size)
                case .exposed: continue
                case .dropped(let path): onDrop?(path); continue
                case .hovered(let p):
                    pointer = p
                    imgui?.hover(at: p)
                    continue
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
            headerScan?.deliver(to: playground, pipeline: executor.images.pipeline, at: t)
            for pane in panes.panes.dropFirst() { pane.playground.catchUpPhotos(with: playground) }

            panes.surface = surfaceFacts()
            let frame = panes.run(at: t)[0]
            runStatistics.noteState(frame: frame.index, scene: playground.scene.id, strategy: playground.effectiveStrategy)
            updateTitle()

            let drawn = presenter.draw(panes.panes.map { PaneFrame(playground: $0.playground, drawList: $0.step.drawList, frame: $0.frame) },
                                       now: frame.time)
            photoTimes.note(moved: frame.moved, resting: playground.scrollView.phase == .idle,
                            sharp: executor.images.pipeline?.visibleAreSharp ?? true, at: monotonicNanoseconds())
            if panes.panes.count > 1 {
                var overPanes = DrawList()
                if showsStrip { CompareStrip.draw(panes.panes, surfaceSize: panes.surfaceSize, into: &overPanes) }
                if composer.decorations.help { FrameComposer.drawHelp(overPanesOf: panes.surfaceSize, into: &overPanes) }
                presenter.drawOver(overPanes)
            }
            drawTuningPanel(at: t)
            if screenshotRequested {
                // P waits (at most `screenshotPatience` s) for the visible photos to be sharp and
                // faded in: a screenshot of placeholders is no one's picture.
                let images = [executor.images.pipeline, executor.images.coverPipeline].compactMap { $0 }
                let asked = screenshotAskedAt ?? t
                screenshotAskedAt = asked
                if images.allSatisfy(\.visibleAreSettled) || t - asked >= Self.screenshotPatience {
                    screenshotRequested = false
                    screenshotAskedAt = nil
                    saveScreenshot(frame: frame.index)
                }
            }
            recorder.capture(renderer, at: t)
            // A stopped recording's encoder finishes while the window goes on: its progress, then "Saved".
            if let said = recorder.poll(at: t) { toast.show(said, at: t) }
            // After the capture: the window shows the badge and the toast, the video does not.
            var afterCapture = DrawList()
            if recorder.isRecording {
                RecordingBadge.draw(elapsedSeconds: recorder.elapsed(at: t), viewportSize: playground.viewportSize, into: &afterCapture)
            }
            // The closed panel's button is the window's, like the badge: shots leave it out.
            if !showsTuning { TuningPanel.drawButton(into: &afterCapture) }
            toast.draw(at: t, viewportSize: panes.surfaceSize, into: &afterCapture)
            presenter.drawOver(afterCapture)
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
        }
        recorder.finishAll(at: frameTime)
        runStatistics.recordingFramesNotCaptured = recorder.framesNotCaptured
        runStatistics.recordingWindowFrames = recorder.windowFramesWhileRecording
        // + 0 turns −0 (an inset's negation) into 0 for the JSON.
        runStatistics.finalOffset = playground.scrollView.contentOffset + .zero
        runStatistics.finalParallax = playground.parallaxAmount
        runStatistics.finalItems = playground.itemCount
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
            })
    }

    /// Whether `frameEvent` goes on to the panes: the panel's presses, and the drags that begin
    /// on it, are not the list's; a press on the closed panel's button opens it; a click on a
    /// compared pane's caption picks what that pane shows.
    private func route(_ frameEvent: FrameEvent) -> Bool {
        guard case .input(let timed) = frameEvent else { return true }
        switch timed.event {
        case .pointerDown(let p), .pointerMoved(let p), .pointerUp(let p): pointer = p
        default: break
        }
        if !showsTuning, case .pointerDown(let p) = timed.event, TuningPanel.buttonFrame.contains(p) {
            showsTuning = true
            return false
        }
        if showsTuning, let imgui, imgui.handle(timed.event, over: tuningFrame) { return false }
        if case .pointerDown(let point) = timed.event, let k = panes.captionPane(at: point) {
            panes.showNextValue(inPane: k)
            return false
        }
        return true
    }

    /// The open tuning panel, over the panes and under the toasts (a shot and a recording show
    /// it); its edits become commands every pane receives next frame.
    private func drawTuningPanel(at t: Double) {
        guard showsTuning else {
            tuningFrame = nil
            return
        }
        if imgui == nil, let panelFontPath {
            do {
                imgui = try ImGuiLayer(renderer: renderer, fontPath: panelFontPath)
            } catch {
                toast.show("The tuning panel is not available: \(error)", at: t)
                self.panelFontPath = nil
            }
        }
        guard let imgui else { return }
        imgui.beginFrame(size: panes.surfaceSize, time: t)
        let panel = TuningPanel(playground)
        let store = PresetStore.standard()
        if presetNames == nil { presetNames = store?.names() ?? [] }
        let outcome = TuningPanelView.draw(panel, vsync: renderer.isVSyncEnabled, recording: recorder.isRecording,
                                           presets: presetNames ?? [], with: imgui)
        // The card for the cell under the pointer, in the pane it is over (not over the panel).
        if let pointer, !outcome.frame.contains(pointer), let k = panes.paneIndex(at: pointer) {
            let pane = panes.panes[k]
            let local = Point(x: pointer.x - pane.frame.minX, y: pointer.y - pane.frame.minY)
            if let card = ExplainCard(playground: pane.playground, pointer: local) {
                TuningPanelView.drawExplain(card, near: pointer, surface: panes.surfaceSize, with: imgui)
            }
        }
        imgui.render()
        tuningFrame = outcome.frame
        var commands = panel.commands(to: outcome.edited)
        for action in outcome.actions {
            switch action {
            case .close: showsTuning = false
            case .reset: commands.append(.resetToDefaults)
            case .toggleVSync: perform(.toggleVSync)
            case .screenshot: screenshotRequested = true
            case .toggleRecording: perform(.toggleRecording)
            case .savePreset:
                let preset = Preset(playground: playground)
                guard let store else {
                    toast.show("No presets folder: neither XDG_CONFIG_HOME nor HOME is an absolute path", at: t)
                    break
                }
                do {
                    try store.save(preset, as: preset.suggestedName)
                    presetNames = nil
                    toast.show("Saved preset \(preset.suggestedName): --preset \(preset.suggestedName)", at: t)
                } catch {
                    toast.show("The preset was not saved: \(error.message)", at: t)
                }
            case .loadPreset(let name):
                do {
                    guard let store else { break }
                    let preset = try store.load(name)
                    commands += preset.commands
                    toast.show("Preset \(name)" + (preset.technique == nil ? "" : " (its technique applies at start: --preset \(name))"), at: t)
                } catch {
                    toast.show("Preset \(name) not loaded: \(error.message)", at: t)
                }
            }
        }
        for command in commands {
            let event = FrameEvent.input(TimedEvent(time: t, event: .command(command)))
            panes.enqueue(event)
            onEvent?(event)
        }
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

    // MARK: Commands only a window has

    private func perform(_ command: AppCommand) {
        switch command {
        case .toggleOverlay: setDecorations { $0.overlay = $0.overlay.next }
        case .toggleDebugOutlines:
            setDecorations { $0.debugOutlines.toggle() }
            toast.show(composer.decorations.debugOutlines ? "Outlines on: cells green, images orange" : "Outlines off", at: frameTime)
        case .toggleVSync:
            renderer.setVSync(!renderer.isVSyncEnabled)
            toast.show(renderer.isVSyncEnabled ? "VSync on: frames wait for the display" : "VSync off: frames as fast as they come", at: frameTime)
        case .toggleHelp: setDecorations { $0.help.toggle() }
        case .cycleComparison:
            let comparison = Comparison.cycle(after: panes.comparison, defaultAmount: playground.scene.defaultParallaxAmount)
            panes.setComparison(comparison)
            toast.show(KeyFeedback.comparisonMessage(comparison, after: KeyFeedback.State(playground)), at: frameTime)
        case .toggleTuningPanel:
            showsTuning.toggle()
            presetNames = nil
        case .toggleCompareStrip:
            showsStrip.toggle()
            toast.show(panes.comparison == nil ? "The strip shows under compared panes: press C first"
                       : showsStrip ? "Strip on: each pane's centre-cell shift and work" : "Strip off", at: frameTime)
        case .screenshot: screenshotRequested = true
        case .toggleRecording:
            recorder.toggle(playground, at: frameTime)
            if let said = recorder.lastMessage { toast.show(said, at: frameTime) }
        case .dismiss:
            // Esc closes the help first: that is what a person presses it for.
            if composer.decorations.help { setDecorations { $0.help = false } } else { running = false }
        case .quit: running = false
        default: break
        }
    }

    /// Names the scene and strategy in the title bar when either changed (and what is
    /// compared, with panes: C can change the axis and keep the pane count).
    private func updateTitle() {
        let title = playground.windowTitle(comparing: panes.comparison)
        if title == shownTitle { return }
        shownTitle = title
        window.title = title
    }

    /// P: the frame drawn so far, as a PNG in the current directory named like the R key's
    /// videos (scene, strategy, date and time; "-2", "-3"… for more in the same second).
    private func saveScreenshot(frame index: Int) {
        let base = "parallax-\(playground.scene.id.name)-\(playground.effectiveStrategy.name)-\(WindowRecorder.timestamp())"
        let folder = FileManager.default.currentDirectoryPath
        var path = folder + "/" + base + ".png"
        var copy = 2
        while FileManager.default.fileExists(atPath: path) && copy < 1000 {
            path = folder + "/\(base)-\(copy).png"
            copy += 1
        }
        do {
            try renderer.savePNG(path: path)
            runStatistics.screenshots.append(path)
            print("saved \(path)")
            toast.show("Saved \((path as NSString).lastPathComponent)", at: frameTime)
        } catch {
            printError("could not save a screenshot: \(error)")
            toast.show("Could not save a screenshot: \(error)", at: frameTime)
        }
    }
}

/// One pane's phase clock: how long its input and physics, and its layout and strategy, took
/// this frame (the window reads the clock; the core only says when phases begin and end).
final class PanePhaseTimer: FramePhaseObserver {
    let clock: Clock
    private var started = 0.0
    private(set) var inputAndPhysicsMilliseconds = 0.0
    private(set) var strategyMilliseconds = 0.0
    /// When this pane's last layout phase ended.
    private(set) var layoutEnded = 0.0

    init(clock: Clock) { self.clock = clock }

    func phaseWillBegin(_ phase: FramePhase) {
        switch phase {
        case .input: started = clock.now()
        case .layout: started = clock.now()
        case .physics, .draw: break
        }
    }

    func phaseDidEnd(_ phase: FramePhase) {
        switch phase {
        case .physics: inputAndPhysicsMilliseconds = (clock.now() - started) * 1000
        case .layout:
            layoutEnded = clock.now()
            strategyMilliseconds = (layoutEnded - started) * 1000
        case .input, .draw: break
        }
    }
}
