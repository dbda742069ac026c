import MonotonicTime
import ParallaxKit
import RunHarness

/// The strategy-cost measurement: the model alone, headless, no SDL, one replay at a time.
public enum StrategyCostMeasurement {
    public static let viewport = Size(width: 1280, height: 800)
    public static let framesPerSecond = 60.0

    static func makePlayground(_ cell: BenchCell) -> Playground {
        Playground(scene: cell.scene, strategy: cell.strategy, itemCount: cell.items, viewportSize: viewport)
    }

    /// The unmeasured warm-up: ParallaxKit's own `Replay.run`. Returns its frame count and
    /// final offset, which the measured loop must reproduce, and the replay's wall time in
    /// seconds without building the playground (which, for a million items, takes tens of
    /// milliseconds and says nothing about the frames).
    static func warmUp(_ cell: BenchCell, script: Script) -> (frames: Int, finalOffset: Point, replaySeconds: Double) {
        let playground = makePlayground(cell)
        let start = monotonicNanoseconds()
        let frames = Replay(script: script, framesPerSecond: framesPerSecond).run(on: playground) { _, _ in }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        return (frames, playground.scrollView.contentOffset, seconds)
    }

    /// One measured replay on a fresh playground (built outside the timing), with a clock read
    /// around each frame's model work (`modelFrame`). With `countingAllocations` (inside
    /// `AllocationCounter.counting`) the counters are read around the same work.
    ///
    static func measureReplay(_ cell: BenchCell, script: Script, countingAllocations: Bool = false) -> ReplayMeasurement {
        let playground = makePlayground(cell)
        let replay = Replay(script: script, framesPerSecond: framesPerSecond)
        var result = ReplayMeasurement()
        // Enough room that appending never reallocates in the middle of a run.
        let expected = ((script.duration + replay.settleLimit) * framesPerSecond).clampedInteger(Int.self, rounding: .up) &+ 2
        result.frameNanoseconds.reserveCapacity(expected)
        result.moved.reserveCapacity(expected)
        result.work.reserveCapacity(expected)
        if countingAllocations {
            result.allocationCounts.reserveCapacity(expected)
            result.allocatedBytes.reserveCapacity(expected)
        }

        let run = ReplayRun(replay, on: playground)
        // The clock and the counters wrap each frame's model work only, not the loop's.
        while let frame = run.next({ session, time in
            let allocationsBefore = countingAllocations ? AllocationCounter.totals : (count: 0, bytes: 0)
            let start = monotonicNanoseconds()
            let report = modelFrame(session, at: time)
            let elapsed = monotonicNanoseconds() &- start
            if countingAllocations {
                let after = AllocationCounter.totals
                result.allocationCounts.append(Double(after.count - allocationsBefore.count))
                result.allocatedBytes.append(Double(after.bytes - allocationsBefore.bytes))
            }
            result.frameNanoseconds.append(Double(elapsed))
            return report
        }) {
            result.moved.append(frame.moved)
            result.work.append(frame.work)
        }
        result.finalOffset = playground.scrollView.contentOffset
        return result
    }

    /// One frame's model work: the frame session's one pane without a drawer (the script's
    /// events due by the frame's time, physics, layout and strategy).
    ///
    /// Never inlined: the instruction-count section tells callgrind to count inside this
    /// function only (`--toggle-collect`), by its name.
    @inline(never)
    static func modelFrame(_ session: FrameSession, at time: Double) -> FrameReport {
        session.run(at: time)
    }

    /// The callgrind pattern that matches `modelFrame` and nothing else.
    static let modelFrameSymbolPattern = "*23StrategyCostMeasurementO10modelFrame*"

    /// Heap allocations per frame, from one more replay with counting on; its times are not
    /// used. Nil when counting does not work in this process.
    static func countAllocations(_ cell: BenchCell, script: Script) -> AllocationMeasurement? {
        guard AllocationCounter.unavailableReason == nil else { return nil }
        let run = AllocationCounter.counting { measureReplay(cell, script: script, countingAllocations: true) }
        return AllocationMeasurement(counts: run.allocationCounts, bytes: run.allocatedBytes)
    }
}
