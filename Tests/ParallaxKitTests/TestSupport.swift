import ParallaxKit
import RunHarness
import Testing

/// Expects two doubles to agree within `tolerance`, reporting both values.
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double = 1e-9,
    _ comment: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance,
        "\(actual) is not within \(tolerance) of \(expected) \(comment())", sourceLocation: sourceLocation)
}

/// One visible cell on one frame, as the equivalence tests compare them.
struct CellSnapshot: Hashable, CustomStringConvertible {
    var item: Int
    var frame: Rect
    var parallax: Point
    var description: String { "item \(item) at \(frame) shift \(parallax)" }
}

/// Replays `script` into a fresh playground and returns every frame's visible cells.
func replaySnapshots(
    scene: SceneID, strategy: ParallaxStrategy, script: Script, itemCount: Int? = nil,
    viewport: Size = Size(width: 1280, height: 800), fps: Double = 60
) -> [[CellSnapshot]] {
    let playground = Playground(scene: scene, strategy: strategy, itemCount: itemCount, viewportSize: viewport)
    var frames: [[CellSnapshot]] = []
    Replay(script: script, framesPerSecond: fps).run(on: playground) { _, pg in
        frames.append(pg.visibleCells.map { CellSnapshot(item: $0.item, frame: $0.frame, parallax: $0.parallax) })
    }
    return frames
}

/// Runs frames at `fps` from `start` until the scroll view is idle (or `limit` seconds pass);
/// returns the time of the last frame.
@discardableResult
func runUntilIdle(_ playground: Playground, from start: Double, fps: Double = 60, limit: Double = 20) -> Double {
    var t = start
    repeat {
        t += 1 / fps
        runFrame(playground, at: t)
    } while playground.scrollView.phase != .idle && t - start < limit
    return t
}

/// Runs one frame of `playground` at `time` through the app's one frame step. Tests that hand
/// events to the playground directly need no queue or script, so a fresh step per frame does.
@discardableResult
func runFrame(_ playground: Playground, at time: Double) -> FrameReport {
    FrameStep(playground).run(at: time)
}
