import Panes
import ParallaxKit
import Presentation
import Testing

/// The panel right after a key changes what it measures: each strategy's rows describe that
/// strategy, not the switch between two of them.
@Suite struct FirstHourStatisticsTests {
    /// A frame's strategy time in this test: 1 µs per attribute computed or cell updated, a
    /// stand-in for the clock a test must not read, in proportion to the work the frame did.
    static func strategyMilliseconds(of report: FrameReport) -> Double {
        Double(report.work.attributesComputed + report.work.cellsUpdated) * 0.001
    }

    /// Pressing 1 under layout invalidation while the list moves, driven as the window drives
    /// its pane: each frame's sample is recorded when the next frame starts, after the pane has
    /// started its statistics again. The frame that switched laid the whole list out again;
    /// the scroll callback's rows must not carry that.
    @Test func theFrameThatSwitchedIsNotTheNewStrategysMean() throws {
        let playground = Playground(scene: .photos, strategy: .layoutInvalidation, itemCount: 20_000,
                                    viewportSize: Size(width: 1280, height: 800))
        let group = PaneGroup(single: playground, surfaceSize: Size(width: 1280, height: 800))
        let pane = group.first
        var pending: FrameSample?
        var reports: [FrameReport] = []
        var switchFrame: Int?
        for frame in 0..<60 {
            let time = Double(frame) / 60
            if let sample = pending { pane.statistics.record(sample) }
            if frame == 30 {
                group.enqueue(.input(TimedEvent(time: time, event: .key(.character("1"), []))))
                switchFrame = frame
            }
            playground.scroll(to: Double(frame) * 12)
            let report = group.run(at: time)[0]
            reports.append(report)
            pending = FrameSample(frameMilliseconds: 16, strategyMilliseconds: Self.strategyMilliseconds(of: report))
        }
        if let sample = pending { pane.statistics.record(sample) }

        let switched = try #require(switchFrame)
        #expect(playground.effectiveStrategy == .scrollCallback)
        let switchCost = Self.strategyMilliseconds(of: reports[switched])
        let after = reports[(switched + 1)...].map(Self.strategyMilliseconds(of:))
        #expect(switchCost > 10 * (after.max() ?? 0), "the switch laid the whole list out: \(switchCost) ms against \(after)")
        #expect(pane.statistics.count == after.count, "the frames after the switch, and only those")
        let mean = pane.statistics.meanPhases.strategyMilliseconds
        let expected = after.reduce(0, +) / Double(after.count)
        #expect(abs(mean - expected) < 1e-9, "the scroll callback's own mean \(expected) ms, shown as \(mean) ms")
    }

    /// Statistics started again leave out as many samples as asked, then record as usual.
    @Test func restartedStatisticsLeaveOutTheSwitchingFrame() {
        var stats = FrameStatistics(capacity: 4, leavingOut: 1)
        stats.record(FrameSample(frameMilliseconds: 900, strategyMilliseconds: 896))
        #expect(stats.count == 0)
        for ms in [1.0, 2, 3, 4, 5] { stats.record(FrameSample(frameMilliseconds: ms, strategyMilliseconds: ms)) }
        #expect(stats.recent.map(\.strategyMilliseconds) == [2, 3, 4, 5])
        #expect(stats.samplesToLeaveOut == 0)
    }
}
