import ParallaxKit
import Presentation
import SDLBackend

/// A cell's replay as the window runs it, one frame at a time, handed to the presenter as
/// panes: one pane over the whole window, or a `PaneGroup` of compared panes that all receive
/// the script (as `--compare` does in the window). The frame's model work (events, physics,
/// strategies, draw lists) happens in `next()`; drawing is the caller's.
final class BenchFrameSource {
    private enum Kind {
        case single(ReplayRun)
        case compared(PaneGroup, Replay)
    }

    private let kind: Kind
    private let viewport: Rect
    private let statistics = FrameStatistics()
    private let surface: SurfaceFacts
    private(set) var framesRun = 0
    private(set) var isFinished = false

    init(cell: BenchCell, script: Script, rendererName: String) {
        let replay = Replay(script: script, framesPerSecond: StrategyCostMeasurement.framesPerSecond)
        viewport = Rect(x: 0, y: 0, width: StrategyCostMeasurement.viewport.width, height: StrategyCostMeasurement.viewport.height)
        surface = SurfaceFacts(rendererName: rendererName, vsync: false)
        if let comparison = cell.comparison {
            let base = PlaygroundSettings(scene: cell.scene, strategy: cell.strategy, itemCount: cell.items)
            let group = PaneGroup(base: base, comparison: comparison, surfaceSize: viewport.size, script: script)
            group.surface = surface
            kind = .compared(group, replay)
        } else {
            let run = ReplayRun(replay, on: StrategyCostMeasurement.makePlayground(cell))
            // The window's frame with the overlay off: composed where every frame is.
            let composer = FrameComposer()
            let statistics = statistics, surface = surface
            run.step.drawer = { frame, playground, list in
                composer.compose(frame, of: playground, statistics: statistics, surface: surface, into: &list)
            }
            kind = .single(run)
        }
    }

    /// The pane's playgrounds (one, or each compared pane's).
    var playgrounds: [Playground] {
        switch kind {
        case let .single(run): [run.step.playground]
        case let .compared(group, _): group.panes.map(\.playground)
        }
    }

    /// The frames a whole replay of `cell` has, counted on a run that draws nothing.
    static func frameCount(of cell: BenchCell, script: Script) -> Int {
        let source = BenchFrameSource(cell: cell, script: script, rendererName: "")
        while !source.isFinished { _ = source.next() }
        return source.framesRun
    }

    /// Runs the next frame's model work and returns what to draw, pane by pane.
    func next() -> [PaneFrame] {
        switch kind {
        case let .single(run):
            _ = run.next()
            framesRun = run.framesRun
            isFinished = run.isFinished
            return [PaneFrame(playground: run.step.playground, drawList: run.step.drawList, frame: viewport)]
        case let .compared(group, replay):
            let time = replay.time(ofFrame: framesRun)
            group.run(at: time)
            framesRun += 1
            // The replay's own ending rule (see `Replay.hasEnded`), for every pane at once.
            let end = replay.script.duration
            let resting = group.panes.allSatisfy { $0.playground.scrollView.phase == .idle }
            isFinished = (group.scriptIsDone && time >= end && resting) || time >= end + replay.settleLimit
            return group.panes.map { PaneFrame(playground: $0.playground, drawList: $0.step.drawList, frame: $0.frame) }
        }
    }
}
