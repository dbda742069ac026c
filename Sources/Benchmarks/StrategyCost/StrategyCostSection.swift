import ParallaxKit
import RunHarness

/// Runs the strategy-cost matrix (and, when asked, its allocation pass) in the order that
/// keeps drift out of the medians.
enum StrategyCostSection {
    /// Round 0 warms every cell up through ParallaxKit's own Replay; the measured rounds then
    /// go over all cells again and again, each round in its own shuffled order (seeded, so
    /// runs repeat): a slow drift of the machine, or the aftermath of a heavy cell (a million
    /// items allocate and free megabytes a frame), then lands on different cells each round,
    /// and the median drops it. Cheap cells (a replay under 50 ms) take part in every round,
    /// the others in every third.
    ///
    /// Cheap is judged on the replay alone, not on building the playground: a million-item
    /// layout takes 10–50 ms to build, so counting it put the million-item scroll-callback
    /// and cached-layout cells on either side of the line from run to run, and a cell on the
    /// heavy side got a median of 5 runs taken in other rounds than its 1,000-item sibling's
    /// 15 — on a shared machine whose speed changes, a ratio of two unlike samples.
    static func run(plan: BenchPlan, script: Script, countAllocations: Bool, progress: BenchProgress) throws -> [StrategyCostResult] {
        let cells = plan.cells
        var references: [BenchCell: (frames: Int, finalOffset: Point)] = [:]
        var cheap: Set<BenchCell> = []
        for cell in cells {
            progress.show("strategy cost · warm-up · \(cell.label)")
            let warm = StrategyCostMeasurement.warmUp(cell, script: script)
            references[cell] = (warm.frames, warm.finalOffset)
            if warm.replaySeconds < BenchPlan.cheapReplaySeconds { cheap.insert(cell) }
            // A heavy cell skips two rounds in three: its share of the bar is done here instead.
            progress.advance(by: BenchPlan.weight(cell) * Double(cheap.contains(cell) ? 1 : 1 + 2 * plan.repeats))
        }
        var runs: [BenchCell: [ReplayMeasurement]] = [:]
        let rounds = plan.repeats * BenchPlan.cheapRunFactor
        for round in 1...rounds where !cells.isEmpty {
            var generator = SplitMix64(seed: UInt64(round))
            let heavyCellsRun = (round - 1) % BenchPlan.cheapRunFactor == 0
            for cell in cells.shuffled(using: &generator) where heavyCellsRun || cheap.contains(cell) {
                progress.show("strategy cost · round \(round)/\(rounds) · \(cell.label)")
                let run = StrategyCostMeasurement.measureReplay(cell, script: script)
                let reference = references[cell]!
                // The measured loop mirrors Replay.run; it must play the same frames to the same end.
                guard run.frameCount == reference.frames, run.finalOffset == reference.finalOffset else {
                    throw BenchFailure(message: "the measured replay of \(cell.label) diverged from Replay: \(run.frameCount) frames ending at \(run.finalOffset), Replay: \(reference.frames) ending at \(reference.finalOffset)")
                }
                runs[cell, default: []].append(run)
                progress.advance(by: BenchPlan.weight(cell))
            }
        }
        var results: [StrategyCostResult] = []
        for cell in cells {
            progress.show("strategy cost · allocations · \(cell.label)")
            let allocations = countAllocations ? StrategyCostMeasurement.countAllocations(cell, script: script) : nil
            results.append(StrategyCostResult(cell: cell, runs: runs[cell] ?? [], allocations: allocations))
            runs[cell] = nil
            progress.advance(by: BenchPlan.weight(cell))
        }
        return results
    }
}
