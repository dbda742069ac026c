#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Panes
import ParallaxKit
import SDLBackend

/// The run's frame budget in the window (`RunBudget`): the main thread slowed as Chrome
/// DevTools slows a page's, frames paced to a refresh rate, and what each frame's main thread
/// and rendering took, for the frame graph and `--stats-json`.
extension PlaygroundApp {
    /// Sets the slowdown and the refresh rate (each clamped to its knob's range). A rate that
    /// is not the display's turns vsync off, so the frames are paced to it and not to the
    /// display (V turns vsync on again: then the display paces them as well).
    public func setBudget(_ wanted: RunBudget) {
        var clamped = wanted
        let slowdownRange = RunBudget.cpuSlowdownKnob.range, refreshRange = RunBudget.refreshKnob.range
        clamped.cpuSlowdown = min(max(wanted.cpuSlowdown.isFinite ? wanted.cpuSlowdown : 1, slowdownRange.lowerBound), slowdownRange.upperBound)
        clamped.refreshHertz = wanted.refreshHertz.map { min(max($0.isFinite ? $0 : RunBudget.fallbackHertz, refreshRange.lowerBound), refreshRange.upperBound) }
        budget = clamped
        slowdown.rate = clamped.cpuSlowdown
        if displayHertz == nil { displayHertz = window.displayRefreshHertz }
        if let hertz = clamped.refreshHertz, hertz != displayHertz, renderer.isVSyncEnabled { renderer.setVSync(false) }
        pacedFrameDue = nil
    }

    /// The rate the budget is counted at: the run's, else the display's, else 60 Hz.
    public var budgetHertz: Double { budget.hertz(display: displayHertz) }
    /// One refresh, milliseconds.
    public var budgetMilliseconds: Double { budget.budgetMilliseconds(display: displayHertz) }

    /// The frame's main-thread work ended at `modelDone` (slowed), its drawing at
    /// `drawingDone` and its present at `presented`: the graph's two parts (each pane's main
    /// thread is the work outside every pane's phases plus its own phases, added when its
    /// sample is recorded) and the run's statistics. With vsync on, the present is mostly a
    /// wait for the display, no work: it is left out, or every bar would reach the budget.
    func noteMainThread(from frameStart: Double, modelDone: Double, drawingDone: Double, presented: Double) {
        let main = (modelDone - frameStart) * 1000
        let render = ((renderer.isVSyncEnabled ? drawingDone : presented) - modelDone) * 1000
        let phases = panes.phaseTimers.prefix(panes.panes.count).reduce(0) { $0 + $1.phasesMilliseconds }
        pendingSample?.mainThreadMilliseconds = max(0, main - phases)
        pendingSample?.renderMilliseconds = render
        runStatistics.noteBudgetFrame(mainThreadMilliseconds: main, renderMilliseconds: render, budgetMilliseconds: budgetMilliseconds)
    }

    /// Waits until the next frame is due at the run's refresh rate, when one is set and vsync
    /// does not already pace the frames to it. A frame that ran late starts the count again
    /// from now rather than running the next ones back to back to catch up.
    func paceToRefresh(frameStart: Double) {
        guard let hertz = budget.refreshHertz, !(renderer.isVSyncEnabled && hertz == displayHertz) else {
            pacedFrameDue = nil
            return
        }
        var due = (pacedFrameDue ?? frameStart) + 1 / hertz
        let now = clock.now()
        if due < now { due = now }
        pacedFrameDue = due
        // Sleep to within a millisecond of it (the scheduler wakes late by up to about that
        // much), then spin the rest so the frames keep their rate.
        let sleep = due - now - 0.001
        if sleep > 0 { usleep(UInt32(min(sleep, 1) * 1_000_000)) }
        while clock.now() < due {}
    }
}
