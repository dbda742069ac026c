import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// What a replayed frame shows besides the scene.
struct PaneDecorations {
    var debugOutlines = false
    var helpPanel = false
    /// The cost panel (the F key's full overlay), with this run's measured phase times.
    var overlay = false
    /// A caption in the bottom-left corner naming what the pane compares.
    var caption: String?
}

/// One playground replaying a script at a fixed time step, frame by frame, and the frame's
/// draw list: the scene with its scroll indicator as in the window, then the decorations.
/// `record` draws one per pane; `shot --at` draws the same, so its frame equals the recording's.
final class ReplayPane: FramePhaseObserver {
    let playground: Playground
    let replay: Replay
    let decorations: PaneDecorations
    let rendererName: String
    private let step: FrameStep
    private var indicator = ScrollIndicator()
    private let sceneRenderer: SceneRenderer
    private var statistics = FrameStatistics()
    private var phaseStarted = [Double](repeating: 0, count: FramePhase.allCases.count)
    private var phaseMilliseconds = [Double](repeating: 0, count: FramePhase.allCases.count)

    init(playground: Playground, replay: Replay, decorations: PaneDecorations, rendererName: String) {
        self.playground = playground
        self.replay = replay
        self.decorations = decorations
        self.rendererName = rendererName
        sceneRenderer = SceneRenderer(showsDebugOutlines: decorations.debugOutlines)
        step = FrameStep(playground, script: replay.script)
        step.drawer = { [unowned self] report, playground, list in self.draw(report, playground, into: &list) }
        // The clock is read only for the overlay's numbers; without it nothing is timed.
        if decorations.overlay { step.phaseObserver = self }
    }

    /// The number of frames of `replay` on a model-only copy of `playground`'s settings: the
    /// frames a recording has, counted before any is drawn.
    static func frameCount(of replay: Replay, on playground: Playground) -> Int {
        replay.run(on: playground) { _, _ in }
    }

    /// Runs the next frame (frame `index` at `index / fps`) and returns its draw list.
    func nextFrame() -> DrawList {
        let index = step.frameCount
        step.run(at: replay.time(ofFrame: index))
        return step.drawList
    }

    /// Tells the overlay how long the frame's draw list took to render (the canvas times it):
    /// the next frame's panel shows this one, as the window's does.
    func noteRendered(milliseconds: Double) {
        if decorations.overlay { recordSample(renderMilliseconds: milliseconds) }
    }

    /// Frames run so far.
    var framesRun: Int { step.frameCount }

    private func draw(_ frame: FrameReport, _ playground: Playground, into list: inout DrawList) {
        indicator.update(moved: frame.moved, at: frame.time)
        sceneRenderer.draw(playground, indicatorOpacity: indicator.opacity(at: frame.time), into: &list)
        let viewport = playground.viewportSize
        let overlayFrame = decorations.overlay ? OverlayRenderer.frame(of: .panel, viewportSize: viewport) : nil
        if decorations.overlay {
            let info = OverlayInfo(
                sceneTitle: playground.scene.title, strategy: playground.strategy, reduceMotion: playground.reduceMotion,
                itemCount: playground.itemCount, parallaxAmount: playground.parallaxAmount, rendererName: rendererName,
                vsync: false, work: frame.work, willDisplay: playground.updatesOnWillDisplay)
            OverlayRenderer().draw(.panel, stats: statistics, info: info, viewportSize: viewport, into: &list)
        }
        if decorations.helpPanel { OverlayRenderer().drawHelp(viewportSize: viewport, avoiding: overlayFrame, into: &list) }
        if let caption = decorations.caption { Self.drawCaption(caption, viewport: viewport, into: &list) }
    }

    /// A label on a dark band at the bottom-left, clear of the overlay (top-right).
    private static func drawCaption(_ caption: String, viewport: Size, into list: inout DrawList) {
        let textSize = 15.0, padding = 8.0
        let band = Rect(x: 0, y: viewport.height - textSize - 2 * padding, width: viewport.width, height: textSize + 2 * padding)
        list.fill(band, SceneRenderer.Palette.bar)
        list.append(.text(caption, origin: Point(x: padding + 4, y: band.minY + padding), size: textSize,
                          color: SceneRenderer.Palette.title, alignment: .leading))
    }

    // MARK: The overlay's numbers

    func phaseWillBegin(_ phase: FramePhase) {
        phaseStarted[phase.rawValue] = Double(monotonicNanoseconds()) / 1e6
    }

    func phaseDidEnd(_ phase: FramePhase) {
        phaseMilliseconds[phase.rawValue] = Double(monotonicNanoseconds()) / 1e6 - phaseStarted[phase.rawValue]
    }

    /// What producing the frame cost: drawing is building the draw list and rendering it.
    /// Offscreen there is no wait for the display, so the frame time is the sum of the phases
    /// and "present" is zero.
    private func recordSample(renderMilliseconds: Double) {
        let ms = phaseMilliseconds
        let input = ms[FramePhase.input.rawValue] + ms[FramePhase.physics.rawValue]
        let strategy = ms[FramePhase.layout.rawValue], drawing = ms[FramePhase.draw.rawValue] + renderMilliseconds
        statistics.record(FrameSample(frameMilliseconds: input + strategy + drawing, inputAndPhysicsMilliseconds: input,
                                      strategyMilliseconds: strategy, drawingMilliseconds: drawing))
    }
}
