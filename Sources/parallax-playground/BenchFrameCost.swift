import Foundation
import ParallaxKit
import SDLBackend

/// The benchmark's SDL: the dummy video driver, a window and SDL's software renderer with
/// vsync off, the bundled images and the scene font — what `shot` uses.
final class BenchSDL {
    let video: SDLVideo
    let window: Window
    let renderer: Renderer
    let images: ImageLibrary
    let text: TextRenderer
    let executor: DrawListExecutor
    let fonts: FontFiles

    init(resources: String, fonts: FontFiles, size: Size) throws(SDLError) {
        video = try SDLVideo(driver: .headless)
        window = try Window(video: video, title: "Parallax Playground bench", size: size)
        renderer = try Renderer(window: window, vsync: false)
        images = try ImageLibrary(renderer: renderer, resourcesDirectory: resources)
        text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
        executor = DrawListExecutor(renderer: renderer, images: images, text: text)
        self.fonts = fonts
    }
}

/// Frame cost of one scene: the app's frames against the bare loop's, interleaved.
struct FrameCostSceneResult {
    var cell: BenchCell
    var frames: Int
    var drawCallsPerFrame: Double
    var textureCopiesPerFrame: Double
    /// Nanoseconds per frame, one array per run.
    var appRuns: [[Double]] = []
    var bareRuns: [[Double]] = []
    /// Per app run, per frame: the app's own work before its first SDL drawing call (SDL's
    /// event queue, script events, physics, strategy, the scene's draw list), ns.
    var appWorkRuns: [[Double]] = []
    /// Pixels that differ between the app's frame and the bare loop's replay of it (should be 0).
    var differingPixels: Int
    var comparedFrame: Int
}

/// The app's frame loop over one replay, a frame at a time, as `PlaygroundApp.run` does it
/// with the overlay off: drain SDL's events, deliver the script's due events, physics,
/// strategy, the scene's draw list, clear, execute, present.
final class AppFrameStepper {
    let sdl: BenchSDL
    let playground: Playground
    let frameLimit: Int?
    private let replay: Replay
    private let frameStep: FrameStep
    private let clock = Clock()
    /// Frames run so far.
    private(set) var frame = 0
    private(set) var finished = false

    init(sdl: BenchSDL, cell: BenchCell, script: Script, frameLimit: Int?) {
        self.sdl = sdl
        playground = StrategyCostBench.makePlayground(cell)
        self.frameLimit = frameLimit
        replay = Replay(script: script, framesPerSecond: StrategyCostBench.framesPerSecond)
        frameStep = FrameStep(playground, script: script)
        let sceneRenderer = SceneRenderer()
        var indicator = ScrollIndicator()
        frameStep.drawer = { frame, playground, list in
            indicator.update(moved: frame.moved, at: frame.time)
            sceneRenderer.draw(playground, indicatorOpacity: indicator.opacity(at: frame.time), into: &list)
        }
        if frameLimit == 0 { finished = true }
    }

    /// Runs the next frame; returns its wall time and the part before the first SDL drawing
    /// call, in ns. `capture` reads the frame back before presenting it.
    func step(capture: ((RGBAImage?) -> Void)? = nil) -> (total: Double, work: Double) {
        precondition(!finished, "the replay has ended")
        let t = replay.time(ofFrame: frame)
        let start = monotonicNanoseconds()
        _ = sdl.video.pollEvents(clock: clock)
        frameStep.run(at: t)
        let list = frameStep.drawList
        let workDone = monotonicNanoseconds()
        sdl.executor.recording?.beginFrame(clearColor: FrameCostBench.background)
        sdl.renderer.clear(FrameCostBench.background)
        sdl.executor.execute(list)
        if let capture { capture(try? sdl.renderer.readPixels()) }
        sdl.renderer.present()
        let end = monotonicNanoseconds()
        // Replay.run's end, or the frame limit.
        frame += 1
        if replay.hasEnded(afterFrameAt: t, of: frameStep) { finished = true }
        if let frameLimit, frame >= frameLimit { finished = true }
        return (Double(end &- start), Double(workDone &- start))
    }
}

/// The frame-cost half: the whole app frame, rendered offscreen, against a bare SDL loop.
enum FrameCostBench {
    static let background = SceneRenderer.Palette.background

    /// Measures `cell`: a warm-up of the app that records its SDL calls, a warm-up of the bare
    /// loop that replays them, then `repeats` runs in which app and bare frames interleave
    /// one by one (app first on even frames, bare first on odd ones), so whatever the machine
    /// does for longer than a frame weighs on both alike.
    static func measure(
        sdl: BenchSDL, cell: BenchCell, script: Script, repeats: Int, frameLimit: Int?,
        progress: BenchProgress, unitsPerRun: Double
    ) -> FrameCostSceneResult {
        progress.show("frame cost · \(cell.label) · warm-up")
        let recording = DrawCallRecording()
        let probe = StrategyCostBench.warmUp(cell, script: script).frames
        let compared = min(probe, frameLimit ?? probe) / 2
        var appFrame: RGBAImage?
        sdl.executor.recording = recording
        let warm = AppFrameStepper(sdl: sdl, cell: cell, script: script, frameLimit: frameLimit)
        while !warm.finished {
            _ = warm.step(capture: warm.frame == compared ? { appFrame = $0 } : nil)
        }
        sdl.executor.recording = nil
        let bare = BareLoop(renderer: sdl.renderer, recording: recording)
        var differing = -1
        if let appFrame {
            bare.drawFrame(compared, present: false)
            if let bareFrame = try? sdl.renderer.readPixels() { differing = countDifferingPixels(appFrame, bareFrame) }
            sdl.renderer.present()
        }
        for k in 0..<bare.frameCount { bare.drawFrame(k) }
        progress.advance(by: unitsPerRun)

        let frames = recording.frameCount
        var result = FrameCostSceneResult(
            cell: cell, frames: frames,
            drawCallsPerFrame: Double(recording.callCount) / Double(max(frames, 1)),
            textureCopiesPerFrame: Double(recording.textureCopyCount) / Double(max(frames, 1)),
            differingPixels: differing, comparedFrame: compared)
        for run in 0..<repeats {
            progress.show("frame cost · \(cell.label) · run \(run + 1)/\(repeats)")
            let app = AppFrameStepper(sdl: sdl, cell: cell, script: script, frameLimit: frameLimit)
            var appTimes: [Double] = [], workTimes: [Double] = [], bareTimes: [Double] = []
            appTimes.reserveCapacity(frames)
            workTimes.reserveCapacity(frames)
            bareTimes.reserveCapacity(frames)
            func bareFrame(_ k: Int) {
                let start = monotonicNanoseconds()
                bare.drawFrame(k)
                bareTimes.append(Double(monotonicNanoseconds() &- start))
            }
            while !app.finished {
                let k = app.frame
                if k % 2 == 1 { bareFrame(k) }
                let times = app.step()
                appTimes.append(times.total)
                workTimes.append(times.work)
                if k % 2 == 0 { bareFrame(k) }
            }
            // The same replay, frame for frame: the app must have drawn what was recorded.
            precondition(appTimes.count == frames, "the app replay of \(cell.label) played \(appTimes.count) frames, the recording has \(frames)")
            result.appRuns.append(appTimes)
            result.appWorkRuns.append(workTimes)
            result.bareRuns.append(bareTimes)
            progress.advance(by: unitsPerRun)
        }
        return result
    }

    static func countDifferingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
        var differing = 0
        a.bytes.withUnsafeBufferPointer { x in
            b.bytes.withUnsafeBufferPointer { y in
                var i = 0
                while i < x.count {
                    if x[i] != y[i] || x[i + 1] != y[i + 1] || x[i + 2] != y[i + 2] { differing += 1 }
                    i += 4
                }
            }
        }
        return differing
    }
}

/// p50 and p99 of a loop's frame times: each the median over runs of that run's quantile, ms.
struct LoopTimes: Encodable {
    var p50_ms: Double
    var p99_ms: Double

    init(runs: [[Double]]) {
        p50_ms = median(runs.map { Percentiles.of($0, 0.5) / 1e6 })
        p99_ms = median(runs.map { Percentiles.of($0, 0.99) / 1e6 })
    }
}
