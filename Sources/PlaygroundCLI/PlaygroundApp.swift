import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// The window's frame loop: one timestamp per frame, every pending event drained into the
/// core's `FrameStep`, which runs input, physics, layout and the draw list; then the draw list
/// executed, presented and timed. The overlay only reads what the step did.
final class PlaygroundApp: FramePhaseObserver {
    let video: SDLVideo
    let window: Window
    let renderer: Renderer
    let executor: DrawListExecutor
    let playground: Playground
    let clock = Clock()

    /// What each frame shows: the scene, then the overlay (the badge to start) and the help.
    let composer = FrameComposer(decorations: FrameDecorations(overlay: .badge))
    /// The panel's frame times, started again at each change of what they measure.
    var frameStatistics = FrameStatistics()
    private var measuredSetting: MeasuredSetting?
    var runStatistics = RunStatistics()
    let photoDemand = PhotoDemand()
    var photoTimes = PhotoTimes()
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
    private var screenshotRequested = false
    private var shownTitle: (SceneID, ParallaxStrategy)?
    /// When the current frame's physics and layout phases ended (the phase observer's clock).
    private var physicsEnded = 0.0
    private var layoutStarted = 0.0
    private var layoutEnded = 0.0

    init(video: SDLVideo, window: Window, renderer: Renderer, executor: DrawListExecutor, playground: Playground) {
        self.video = video
        self.window = window
        self.renderer = renderer
        self.executor = executor
        self.playground = playground
        runStatistics.renderer = renderer.name
        runStatistics.videoDriver = video.driverName
        updateTitle()
    }

    func run() {
        let step = FrameStep(playground, script: script)
        step.phaseObserver = self
        step.onViewCommand = { [unowned self] command in perform(command) }
        step.willApplyCommand = { [unowned self] _ in stateBeforeCommand = KeyFeedback.State(playground) }
        step.didApplyCommand = { [unowned self] command, applied in
            guard applied, let before = stateBeforeCommand else { return }
            if let message = KeyFeedback.message(for: command, before: before, after: KeyFeedback.State(playground)) {
                toast.show(message, at: frameTime)
            }
        }
        // A new user learns what they are looking at, and where the keys are: from 0.3 s on,
        // so the first frames (start-up's measure) draw no extra text.
        toast.show(KeyFeedback.sceneMessage(KeyFeedback.State(playground)) + " — H for keys", at: 0.3, holding: 4)
        step.drawer = { [unowned self] frame, playground, list in draw(frame, playground, into: &list) }

        let start = clock.now()
        var previousStart = start
        var pending: FrameSample? = nil
        while running {
            // One timestamp for the whole frame; the core sees time since start.
            let frameStart = clock.now()
            let t = frameStart - start
            frameTime = t
            if var sample = pending {
                sample.frameMilliseconds = (frameStart - previousStart) * 1000
                frameStatistics.record(sample)
                runStatistics.frameMilliseconds.append(sample.frameMilliseconds)
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
                case .input(let input): frameEvent = .input(TimedEvent(time: event.time - start, event: input))
                }
                step.enqueue(frameEvent)
                onEvent?(frameEvent)
            }
            if let exitAfter, t >= exitAfter { running = false }
            headerScan?.deliver(to: playground, pipeline: executor.images.pipeline, at: t)

            let frame = step.run(at: t)
            measuredSetting = MeasuredSetting.restart(&frameStatistics, measured: measuredSetting, now: playground)
            runStatistics.noteState(frame: frame.index, scene: playground.scene.id, strategy: playground.effectiveStrategy)
            updateTitle()

            updatePhotos(frame, drawList: step.drawList)
            renderer.clear(SceneRenderer.Palette.background)
            let drawn = executor.execute(step.drawList)
            if screenshotRequested {
                screenshotRequested = false
                saveScreenshot(frame: frame.index)
            }
            recorder.capture(renderer, at: t)
            // After the capture: the window shows the badge and the toast, the video does not.
            var afterCapture = DrawList()
            if recorder.isRecording {
                RecordingBadge.draw(elapsedSeconds: recorder.elapsed(at: t), viewportSize: playground.viewportSize, into: &afterCapture)
            }
            toast.draw(at: t, viewportSize: playground.viewportSize, into: &afterCapture)
            if !afterCapture.isEmpty { executor.execute(afterCapture) }
            let drawingDone = clock.now()
            renderer.present()
            let presented = clock.now()
            noteStartup(drawn, frame: frame.index)
            afterFrame?(frame)
            if stopRequested?() == true { running = false }
            pending = FrameSample(
                inputAndPhysicsMilliseconds: (physicsEnded - frameStart) * 1000,
                strategyMilliseconds: (layoutEnded - layoutStarted) * 1000,
                drawingMilliseconds: (drawingDone - layoutEnded) * 1000,
                presentMilliseconds: (presented - drawingDone) * 1000)
        }
        recorder.stop(at: frameTime)
        runStatistics.recordingFramesNotCaptured = recorder.framesNotCaptured
        // + 0 turns −0 (an inset's negation) into 0 for the JSON.
        runStatistics.finalOffset = playground.scrollView.contentOffset + .zero
        runStatistics.photos = executor.images.pipeline.map {
            RunReport.Photos($0.counters, times: photoTimes, firstScreen: firstScreen)
        }
        runStatistics.peakResidentKilobytes = peakResidentKilobytes()
    }

    // MARK: FramePhaseObserver

    func phaseWillBegin(_ phase: FramePhase) {
        if phase == .layout { layoutStarted = clock.now() }
    }

    func phaseDidEnd(_ phase: FramePhase) {
        switch phase {
        case .physics: physicsEnded = clock.now()
        case .layout: layoutEnded = clock.now()
        case .input, .draw: break
        }
    }

    // MARK: Drawing

    /// The draw phase: the frame as the composer builds it, with this window's numbers.
    private func draw(_ frame: FrameReport, _ playground: Playground, into list: inout DrawList) {
        let surface = SurfaceFacts(
            rendererName: renderer.name, vsync: renderer.isVSyncEnabled,
            photos: executor.images.pipeline.map { pipeline in
                let c = pipeline.counters
                return PhotoPipelineSummary(queued: c.queued, decoding: c.decoding, bytesHeld: c.bytesHeld, hitRate: c.hitRate)
            })
        composer.compose(frame, of: playground, statistics: frameStatistics, surface: surface, into: &list)
    }

    /// The photo pipeline's share of the frame: what this frame's draw list shows, where a
    /// fling will stop and what lies ahead become decode requests; finished decodes become
    /// textures within the pipeline's time budget.
    private func updatePhotos(_ frame: FrameReport, drawList: DrawList) {
        guard let pipeline = executor.images.pipeline else { return }
        let fade = playground.reduceMotion ? 0 : PhotoTextures.Settings().fadeSeconds
        pipeline.settings.fadeSeconds = fade
        pipeline.settings.loadingPulseSeconds = playground.reduceMotion ? 0 : PhotoTextures.Settings().loadingPulseSeconds
        pipeline.update(needs: photoDemand.needs(of: playground, drawList: drawList), scale: renderer.scale, now: frame.time)
        if let covers = executor.images.coverPipeline {
            covers.settings.fadeSeconds = fade
            covers.settings.loadingPulseSeconds = pipeline.settings.loadingPulseSeconds
            covers.update(needs: photoDemand.coverNeeds(drawList: drawList), scale: renderer.scale, now: frame.time)
        }
        photoTimes.note(moved: frame.moved, resting: playground.scrollView.phase == .idle, sharp: pipeline.visibleAreSharp,
                        at: monotonicNanoseconds())
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
        case .toggleOverlay: composer.decorations.overlay = composer.decorations.overlay.next
        case .toggleDebugOutlines:
            composer.decorations.debugOutlines.toggle()
            toast.show(composer.decorations.debugOutlines ? "Outlines on: cells green, images orange" : "Outlines off", at: frameTime)
        case .toggleVSync:
            renderer.setVSync(!renderer.isVSyncEnabled)
            toast.show(renderer.isVSyncEnabled ? "VSync on: frames wait for the display" : "VSync off: frames as fast as they come", at: frameTime)
        case .toggleHelp: composer.decorations.help.toggle()
        case .screenshot: screenshotRequested = true
        case .toggleRecording:
            recorder.toggle(playground, at: frameTime)
            if let said = recorder.lastMessage { toast.show(said, at: frameTime) }
        case .dismiss:
            // Esc closes the help first: that is what a person presses it for.
            if composer.decorations.help { composer.decorations.help = false } else { running = false }
        case .quit: running = false
        default: break
        }
    }

    /// Names the scene and strategy in the title bar when either changed.
    private func updateTitle() {
        let state = (playground.scene.id, playground.effectiveStrategy)
        if let shownTitle, shownTitle == state { return }
        shownTitle = state
        window.title = playground.windowTitle
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
