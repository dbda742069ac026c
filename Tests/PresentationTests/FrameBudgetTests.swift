import Panes
import ParallaxKit
import Presentation
import Testing

/// The run's frame budget: the main thread slowed as Chrome DevTools slows a page's (checked
/// on a clock the test moves, never the machine's), and the frame graph drawn against one
/// refresh of the run's rate.
@Suite struct FrameBudgetTests {
    /// A clock that moves by `tick` seconds at every read: work "takes" the reads it makes,
    /// and a busy-wait on it ends after a known number of reads.
    final class TickingClock: @unchecked Sendable {
        var seconds = 0.0
        let tick: Double
        init(tick: Double) { self.tick = tick }
        func read() -> Double {
            seconds += tick
            return seconds
        }
    }

    /// One frame of a single pane on the ticking clock at `rate`: its phases' milliseconds.
    private func phasesMilliseconds(rate: Double) -> Double {
        let clock = TickingClock(tick: 0.0001)
        let group = PaneGroup(base: PlaygroundSettings(), comparison: nil, surfaceSize: Size(width: 1280, height: 800))
        group.timePhases { clock.read() }
        if rate > 1 { group.slowdown = MainThreadSlowdown(rate: rate) { clock.read() } }
        group.run(at: 0)
        return group.phaseTimers[0].phasesMilliseconds
    }

    @Test func aFramesPhasesAtFourTimesTakeFourTimesTheirWork() {
        let plain = phasesMilliseconds(rate: 1), slowed = phasesMilliseconds(rate: 4)
        #expect(plain > 0)
        // Each phase is one tick of work; at 4x it waits three more, and may read one tick past.
        let ratio = slowed / plain
        #expect(ratio >= 4 - 1e-9 && ratio <= 5 + 1e-9, "4x gave \(ratio) times the phases' time")
    }

    @Test func theRestOfTheFrameIsStretchedOnceAndTheWholeIsRateTimesTheWork() {
        let clock = TickingClock(tick: 0.000_001)
        let slowdown = MainThreadSlowdown(rate: 6) { clock.read() }
        slowdown.beginFrame()
        let frameStart = clock.read()
        clock.seconds += 0.002                      // events and headers: not a phase
        let phaseStart = clock.read()
        clock.seconds += 0.001                      // a phase's work
        let phaseEnd = clock.read()
        let afterPhase = slowdown.stretch(workFrom: phaseStart, to: phaseEnd)
        #expect(afterPhase >= phaseEnd + 5 * (phaseEnd - phaseStart))
        clock.seconds += 0.001                      // more work outside the phases
        let workDone = clock.read()
        let end = slowdown.stretchRest(ofFrameFrom: frameStart, to: workDone)
        // The work is the frame without the phase's wait.
        let work = (workDone - frameStart) - (afterPhase - phaseEnd)
        let ratio = (end - frameStart) / work
        #expect(abs(ratio - 6) < 0.01, "the frame took \(ratio) times its work at 6x")
        // Asked again, nothing is left to stretch.
        #expect(slowdown.stretchRest(ofFrameFrom: frameStart, to: end) == end)
    }

    @Test func atOneTimesNothingWaits() {
        let clock = TickingClock(tick: 0.001)
        let slowdown = MainThreadSlowdown(rate: 1) { clock.read() }
        let before = clock.seconds
        #expect(slowdown.stretch(workFrom: 0, to: 5) == 5)
        #expect(clock.seconds == before, "no clock read at 1x")
        // Out-of-range rates are held to the knob's range.
        slowdown.rate = 50
        #expect(slowdown.rate == 20)
        slowdown.rate = .nan
        #expect(slowdown.rate == 1)
    }

    private func drawnPanel(sample: FrameSample, refreshHertz: Double) -> DrawList {
        var stats = FrameStatistics()
        stats.record(sample)
        let info = OverlayInfo(
            sceneTitle: "Quilt", strategy: .layoutInvalidation, reduceMotion: false, itemCount: 50, parallaxAmount: 30,
            rendererName: "software", vsync: false, work: StrategyWork(), willDisplay: true,
            refreshHertz: refreshHertz, budgetMilliseconds: 1000 / refreshHertz, cpuSlowdown: 4)
        var list = DrawList()
        OverlayRenderer().drawStats(stats, info: info, viewportSize: Size(width: 1280, height: 800), into: &list)
        return list
    }

    private func texts(_ list: DrawList) -> [String] {
        list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { return s } else { return nil } }
    }

    private func fills(_ list: DrawList, _ colour: Color) -> Bool {
        list.commands.contains { if case .fill(_, let c) = $0 { return c == colour } else { return false } }
    }

    @Test func theGraphsLineIsOneRefreshOfTheRunsRate() {
        // 5 ms of main thread and 5 of rendering: over 120 Hz's 8.3 ms, within 60 Hz's 16.7.
        var sample = FrameSample(frameMilliseconds: 10)
        sample.mainThreadMilliseconds = 5
        sample.renderMilliseconds = 5
        let at120 = drawnPanel(sample: sample, refreshHertz: 120), at60 = drawnPanel(sample: sample, refreshHertz: 60)
        #expect(texts(at120).contains("8.3 ms · 120 Hz"))
        #expect(texts(at60).contains("16.7 ms · 60 Hz"))
        let red = Color(r: 240, g: 80, b: 70), darkRed = Color(r: 170, g: 40, b: 40)
        #expect(fills(at120, red) && fills(at120, darkRed), "the bar over 8.3 ms is red, its main-thread part darker")
        #expect(!fills(at60, red) && !fills(at60, darkRed), "the same bar within 16.7 ms is not")
        #expect(texts(at120).contains("8.3 ms at 120 Hz · 4x slower"))
    }
}

/// The tuning panel's frame-budget controls: each edit is one command of the run's budget,
/// the slowdown in the whole steps its slider shows; the refresh picker offers the display's
/// rate, the common ones, and the run's own.
@Suite struct TuningPanelBudgetTests {
    @Test func theBudgetsControlsGiveTheirCommands() {
        var panel = TuningPanel(Playground(scene: .quilt, viewportSize: Size(width: 800, height: 600)))
        panel.budget = RunBudget(cpuSlowdown: 1, refreshHertz: nil)
        #expect(panel.refreshChoices.map(panel.refreshName) == ["display (60 Hz)", "30 Hz", "60 Hz", "90 Hz", "120 Hz", "144 Hz"])
        var edited = panel
        edited.budget.cpuSlowdown = 3.7
        edited.budget.refreshHertz = 120
        #expect(panel.commands(to: edited) == [.setCPUSlowdown(4), .setRefresh(120)])
        var back = edited
        back.budget.refreshHertz = nil
        #expect(edited.commands(to: back) == [.setRefresh(nil)])
        var own = panel
        own.budget.refreshHertz = 75
        own.displayHertz = 144
        #expect(own.refreshChoices.last == 75 && own.refreshName(nil) == "display (144 Hz)")
    }
}
