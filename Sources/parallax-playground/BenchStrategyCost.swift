import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// One cell of the benchmark matrix.
struct BenchCell: Hashable {
    var scene: SceneID
    var strategy: ParallaxStrategy
    var items: Int

    var label: String { "\(scene.name) · \(strategy.title) · \(NumberFormat.count(items)) items" }
}

/// What one replay of the script measured, frame by frame.
struct ReplayMeasurement {
    /// Model time per frame: that frame's events + `advancePhysics` + `updateLayoutAndStrategy`.
    var frameNanoseconds: [Double] = []
    /// Whether the content offset changed in that frame.
    var moved: [Bool] = []
    var work: [StrategyWork] = []
    /// Only in the allocation pass: Swift heap allocations and requested bytes per frame.
    var allocationCounts: [Double] = []
    var allocatedBytes: [Double] = []
    var finalOffset = Point.zero

    var frameCount: Int { frameNanoseconds.count }
}

/// The strategy-cost half of the benchmark: the model alone, headless, no SDL.
enum StrategyCostBench {
    static let viewport = Size(width: 1280, height: 800)
    static let framesPerSecond = 60.0

    static func makePlayground(_ cell: BenchCell) -> Playground {
        Playground(scene: cell.scene, strategy: cell.strategy, itemCount: cell.items, viewportSize: viewport)
    }

    /// The unmeasured warm-up: ParallaxKit's own `Replay.run`. Returns its frame count and
    /// final offset, which the measured loop (the same `Replay.Cursor` steps) must reproduce.
    static func warmUp(_ cell: BenchCell, script: Script) -> (frames: Int, finalOffset: Point) {
        let playground = makePlayground(cell)
        let frames = Replay(script: script, framesPerSecond: framesPerSecond).run(on: playground) { _, _ in }
        return (frames, playground.scrollView.contentOffset)
    }

    /// One measured replay on a fresh playground (built outside the timing). It steps a
    /// `Replay.Cursor` as `Replay.run` does, with a clock read around each frame's model work:
    /// delivering the events due by the frame's time, `advancePhysics`, `updateLayoutAndStrategy`.
    /// With `countingAllocations` (inside `SwiftAllocationCounter.counting`), the counters are
    /// read around the same work.
    static func measure(_ cell: BenchCell, script: Script, countingAllocations: Bool = false) -> ReplayMeasurement {
        let playground = makePlayground(cell)
        let replay = Replay(script: script, framesPerSecond: framesPerSecond)
        let end = script.duration
        var result = ReplayMeasurement()
        // Enough room that appending never reallocates in the middle of a run.
        let expected = Int(((end + replay.settleLimit) * framesPerSecond).rounded(.up)) + 2
        result.frameNanoseconds.reserveCapacity(expected)
        result.moved.reserveCapacity(expected)
        result.work.reserveCapacity(expected)
        if countingAllocations {
            result.allocationCounts.reserveCapacity(expected)
            result.allocatedBytes.reserveCapacity(expected)
        }

        let timer = ModelWorkTimer(countingAllocations: countingAllocations)
        replay.run(on: playground, configure: { $0.phaseObserver = timer }) { frame, _ in
            if countingAllocations {
                result.allocationCounts.append(Double(timer.allocations.count))
                result.allocatedBytes.append(Double(timer.allocations.bytes))
            }
            result.frameNanoseconds.append(Double(timer.elapsed))
            result.moved.append(frame.moved)
            result.work.append(frame.work)
        }
        result.finalOffset = playground.scrollView.contentOffset
        return result
    }

    /// Swift heap allocations per frame (means over all frames), from one more replay with
    /// the runtime hook installed; its times are not used. Nil when the runtime has no hook.
    static func countAllocations(_ cell: BenchCell, script: Script) -> AllocationMeasurement? {
        guard SwiftAllocationCounter.unavailableReason == nil else { return nil }
        let run = SwiftAllocationCounter.counting { measure(cell, script: script, countingAllocations: true) }
        return AllocationMeasurement(
            countPerFrame: mean(run.allocationCounts), bytesPerFrame: mean(run.allocatedBytes),
            maxBytesInAFrame: run.allocatedBytes.max() ?? 0)
    }
}

/// Times the model's part of each frame (input, physics, layout) through the frame step's
/// phase hooks, and, when asked, counts the Swift heap allocations made in it.
final class ModelWorkTimer: FramePhaseObserver {
    let countingAllocations: Bool
    private var start: UInt64 = 0
    private var allocationsBefore = (count: 0, bytes: 0)
    /// The last frame's model time, ns.
    private(set) var elapsed: UInt64 = 0
    /// The last frame's allocations (when counting).
    private(set) var allocations = (count: 0, bytes: 0)

    init(countingAllocations: Bool) {
        self.countingAllocations = countingAllocations
    }

    func phaseWillBegin(_ phase: FramePhase) {
        guard phase == .input else { return }
        if countingAllocations { allocationsBefore = SwiftAllocationCounter.totals }
        start = monotonicNanoseconds()
    }

    func phaseDidEnd(_ phase: FramePhase) {
        guard phase == .layout else { return }
        elapsed = monotonicNanoseconds() &- start
        if countingAllocations {
            let after = SwiftAllocationCounter.totals
            allocations = (after.count - allocationsBefore.count, after.bytes - allocationsBefore.bytes)
        }
    }
}

struct AllocationMeasurement {
    var countPerFrame: Double
    var bytesPerFrame: Double
    var maxBytesInAFrame: Double
}

/// The matrix's result for one cell: medians over the measured runs, computed once.
struct StrategyCostResult {
    var cell: BenchCell
    /// Frames in one replay (the same in every run: the replay is deterministic).
    var frames: Int
    var movingFrames: Int
    var invalidatingFrames: Int
    /// Per-frame time over the frames in which the list moved (the frames the strategies work
    /// on; all frames if it never moved, which only an empty list could do), µs: the table's numbers.
    var p50: Double
    var p99: Double
    /// Over every frame of the replay, idle ones included.
    var allFramesP50: Double
    var allFramesP99: Double
    /// Each run's p50, to show the spread.
    var runP50s: [Double]
    /// Means per frame over the frames in which the list moved.
    var attributesPerFrame: Double
    var cellsPerFrame: Double
    var invalidationsPerFrame: Double
    /// Layout invalidation only: the median time of the frames that invalidated, per item, ns.
    var nanosecondsPerItem: Double?
    var allocations: AllocationMeasurement?

    init(cell: BenchCell, runs: [ReplayMeasurement], allocations: AllocationMeasurement?) {
        self.cell = cell
        self.allocations = allocations
        // Work is deterministic: the first run stands for all.
        let first = runs.first ?? ReplayMeasurement()
        frames = first.frameCount
        movingFrames = first.moved.filter { $0 }.count
        invalidatingFrames = first.work.filter { $0.invalidations > 0 }.count

        /// The `p`-quantile of each run's selected frames, µs.
        func quantiles(_ p: Double, where include: (ReplayMeasurement, Int) -> Bool) -> [Double] {
            runs.map { run in
                Percentiles.of(run.frameNanoseconds.indices.filter { include(run, $0) }.map { run.frameNanoseconds[$0] }, p) / 1000
            }
        }
        let anyMoved = movingFrames > 0
        let moving: (ReplayMeasurement, Int) -> Bool = { run, i in !anyMoved || run.moved[i] }
        let every: (ReplayMeasurement, Int) -> Bool = { _, _ in true }
        runP50s = quantiles(0.5, where: moving)
        p50 = median(runP50s)
        p99 = median(quantiles(0.99, where: moving))
        allFramesP50 = median(quantiles(0.5, where: every))
        allFramesP99 = median(quantiles(0.99, where: every))

        func meanWhileMoving(_ value: (StrategyWork) -> Int) -> Double {
            mean(first.work.indices.filter { first.moved[$0] }.map { Double(value(first.work[$0])) })
        }
        attributesPerFrame = meanWhileMoving(\.attributesComputed)
        cellsPerFrame = meanWhileMoving(\.cellsUpdated)
        invalidationsPerFrame = meanWhileMoving(\.invalidations)

        if cell.strategy == .layoutInvalidation, invalidatingFrames > 0, cell.items > 0 {
            let invalidating = median(quantiles(0.5) { run, i in run.work[i].invalidations > 0 })
            nanosecondsPerItem = invalidating * 1000 / Double(cell.items)
        }
    }
}
