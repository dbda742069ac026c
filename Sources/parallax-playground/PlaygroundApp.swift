import Foundation
import ParallaxKit
import SDLBackend

/// The frame loop: one timestamp per frame, all pending events drained, the model ticked,
/// the strategy run, the scene and the overlay drawn, presented, timed.
final class PlaygroundApp {
    let video: SDLVideo
    let window: Window
    let renderer: Renderer
    let executor: DrawListExecutor
    let playground: Playground
    let clock = Clock()

    var sceneRenderer = SceneRenderer()
    let overlayRenderer = OverlayRenderer()
    var frameStatistics = FrameStatistics()
    var runStatistics = RunStatistics()
    var indicator = ScrollIndicator()
    var showsOverlay = true
    var showsHelp = false

    /// Script input in playground time, replayed as if typed.
    var script: Script?
    var exitAfter: Double?
    private var running = true
    private var screenshotRequested = false
    private var frameIndex = 0
    private var lastWork = StrategyWork()

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
        let start = clock.now()
        var previousStart = start
        var pending: FrameSample? = nil
        var nextScriptEvent = 0
        while running {
            // One timestamp for the whole frame; the core sees time since start.
            let frameStart = clock.now()
            let t = frameStart - start
            if var sample = pending {
                sample.frameMilliseconds = (frameStart - previousStart) * 1000
                frameStatistics.record(sample)
                runStatistics.frameMilliseconds.append(sample.frameMilliseconds)
            }
            previousStart = frameStart

            for event in video.pollEvents(clock: clock) {
                handle(event.event, at: event.time - start)
            }
            if let script {
                while nextScriptEvent < script.events.count, script.events[nextScriptEvent].time <= t {
                    let e = script.events[nextScriptEvent]
                    handle(.input(e.event), at: e.time)
                    nextScriptEvent += 1
                }
            }
            if let exitAfter, t >= exitAfter { running = false }

            let offsetBefore = playground.scrollView.contentOffset
            playground.advancePhysics(to: t)
            let physicsDone = clock.now()
            lastWork = playground.updateLayoutAndStrategy()
            let strategyDone = clock.now()
            indicator.update(moved: playground.scrollView.contentOffset != offsetBefore, at: t)
            runStatistics.noteState(frame: frameIndex, scene: playground.scene.id, strategy: playground.effectiveStrategy)

            var list = DrawList()
            sceneRenderer.draw(playground, indicatorOpacity: indicator.opacity(at: t), into: &list)
            if showsOverlay {
                overlayRenderer.drawStats(frameStatistics, info: overlayInfo, viewportSize: playground.viewportSize, into: &list)
            }
            if showsHelp { overlayRenderer.drawHelp(viewportSize: playground.viewportSize, into: &list) }
            renderer.clear(SceneRenderer.Palette.background)
            let drawn = executor.execute(list)
            if screenshotRequested {
                screenshotRequested = false
                saveScreenshot()
            }
            let drawingDone = clock.now()
            renderer.present()
            runStatistics.notePresented(frame: frameIndex, everyImageDrawn: drawn.failed == 0)
            pending = FrameSample(
                inputAndPhysicsMilliseconds: (physicsDone - frameStart) * 1000,
                strategyMilliseconds: (strategyDone - physicsDone) * 1000,
                drawingMilliseconds: (drawingDone - strategyDone) * 1000)
            frameIndex += 1
        }
        // + 0 turns −0 (an inset's negation) into 0 for the JSON.
        runStatistics.finalOffset = playground.scrollView.contentOffset + .zero
    }

    private var overlayInfo: OverlayInfo {
        OverlayInfo(
            sceneTitle: playground.scene.title, strategy: playground.strategy, reduceMotion: playground.reduceMotion,
            itemCount: playground.itemCount, parallaxAmount: playground.parallaxAmount, rendererName: renderer.name,
            vsync: renderer.isVSyncEnabled, work: lastWork, willDisplay: playground.updatesOnWillDisplay)
    }

    private func handle(_ event: BackendEvent, at time: Double) {
        switch event {
        case .quit:
            running = false
        case .resized:
            playground.setViewportSize(renderer.viewport.size)
        case .exposed:
            break
        case .input(let input):
            if case .key(let key, let modifiers) = input, let command = AppCommand(key: key, modifiers: modifiers) {
                perform(command)
            } else {
                playground.handle(TimedEvent(time: time, event: input))
            }
        }
    }

    private func perform(_ command: AppCommand) {
        if !playground.apply(command) {
            switch command {
            case .toggleOverlay: showsOverlay.toggle()
            case .toggleDebugOutlines: sceneRenderer.showsDebugOutlines.toggle()
            case .toggleVSync: renderer.setVSync(!renderer.isVSyncEnabled)
            case .toggleHelp: showsHelp.toggle()
            case .screenshot: screenshotRequested = true
            case .quit: running = false
            default: break
            }
        }
        updateTitle()
    }

    private func updateTitle() {
        window.title = "Parallax Playground — \(playground.scene.title) · \(playground.effectiveStrategy.title)"
    }

    private func saveScreenshot() {
        let name = "parallax-\(playground.scene.id.name)-\(playground.effectiveStrategy.name)-\(frameIndex).png"
        let path = FileManager.default.currentDirectoryPath + "/" + name
        do {
            try renderer.savePNG(path: path)
            runStatistics.screenshots.append(path)
            print("saved \(path)")
        } catch {
            printError("could not save a screenshot: \(error)")
        }
    }
}
