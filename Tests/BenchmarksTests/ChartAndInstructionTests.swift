import ParallaxKit
import Testing
@testable import Benchmarks

/// The chart's axes and lines, the instruction count's arithmetic and its callgrind parsing.
@Suite struct ChartAndInstructionTests {
    /// Counts 50…1,000,000 and times 1.2 µs…7 ms: x from log10(50) − ¼ to 6¼; y from the
    /// decade below 1.2 µs less 0.15 (10^−1) to the decade above 7 ms × 1.05 (10^4).
    @Test func scaleCoversTheDataInWholeDecades() throws {
        let scale = try #require(ChartScale(counts: [50, 1000, 1_000_000], microseconds: [1.2, 7000]))
        #expect(close(scale.xRange.lowerBound, 1.448_97, tolerance: 1e-5))
        #expect(scale.xRange.upperBound == 6.25)
        #expect(scale.yRange == -1...4)
        #expect(scale.decades.count == 6)
        #expect(close(scale.decades[0], 0.1) && close(scale.decades[5], 10_000))
        let area = Rect(x: 0, y: 0, width: 100, height: 100)
        // 10 µs is 2 of 5 decades up from the bottom.
        #expect(close(scale.y(10, in: area), 60))
        // 1,000,000 items: (6 − 1.44897) / 4.80103 of the width.
        #expect(close(scale.x(1_000_000, in: area), 94.792, tolerance: 1e-4))
        #expect(ChartScale(counts: [], microseconds: []) == nil)
    }

    /// The 10 µs target line always fits, even when every point is far below it.
    @Test func theTargetIsAlwaysOnTheChart() throws {
        let scale = try #require(ChartScale(counts: [50], microseconds: [0.5]))
        #expect(scale.yRange == -1...2)
    }

    @Test(arguments: [(0.1, "0.1 µs"), (10, "10 µs"), (1000, "1 ms"), (2500, "3 ms"), (1_000_000, "1 s")])
    func durationLabels(_ value: Double, _ label: String) {
        #expect(ChartScale.durationLabel(microseconds: value) == label)
    }

    @Test(arguments: [(50, "50"), (1000, "1k"), (100_000, "100k"), (1_000_000, "1M"), (1500, "1500")])
    func countLabels(_ count: Int, _ label: String) {
        #expect(ChartScale.countLabel(count) == label)
    }

    @Test func seriesAreSortedByCountAndDrawnOffFirst() {
        let results = [
            result(.photos, .scrollCallback, items: 1_000_000, p50: 1.4),
            result(.photos, .scrollCallback, items: 1000, p50: 1.3),
            result(.photos, .off, items: 1000, p50: 1.1),
            result(.table, .off, items: 1000, p50: 9),
        ]
        let series = ChartSeries.of(results, scene: .photos)
        #expect(series.map(\.strategy) == [.off, .scrollCallback])
        #expect(series[1].points.map(\.items) == [1000, 1_000_000])
        #expect(series[1].points.map(\.microseconds) == [1.3, 1.4])
    }

    @Test func callgrindTotals() {
        #expect(CallgrindProfile.collectedInstructions(in: "events: Ir\nsummary: 4613832\ntotals: 4613833\n") == 4_613_833)
        #expect(CallgrindProfile.collectedInstructions(in: "events: Ir\nsummary: 42\n") == 42)
        #expect(CallgrindProfile.collectedInstructions(in: "events: Ir\n") == nil)
    }

    /// 321 frames × 2 runs: 642,000 instructions are 1,000 a frame; 1,284,000 are 2,000, twice as many.
    @Test func instructionsPerFrameAndTheirRatio() throws {
        let report = InstructionCountReport(cells: [
            InstructionCount(scene: "photos", strategy: "cached-layout", items: 1_000_000, frames: 321, runs: 2, instructions: 1_284_000),
            InstructionCount(scene: "photos", strategy: "cached-layout", items: 1000, frames: 321, runs: 2, instructions: 642_000),
            InstructionCount(scene: "table", strategy: "cached-layout", items: 1000, frames: 300, runs: 1, instructions: 300_000),
        ])
        #expect(report.cells[1].instructionsPerFrame == 1000)
        // The table has one count only: no ratio.
        let ratio = try #require(report.ratios.first)
        #expect(report.ratios.count == 1)
        #expect(ratio.items == [1000, 1_000_000])
        #expect(ratio.instructions_per_frame == [1000, 2000])
        #expect(ratio.ratio == 2)
    }
}
