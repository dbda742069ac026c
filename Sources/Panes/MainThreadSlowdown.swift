import ParallaxKit

/// The run's CPU slowdown carried out (see `RunBudget`): after a piece of the frame's
/// main-thread work, the thread busy-waits (rate − 1) times as long as the work took, as
/// Chrome DevTools' throttler does (`thread_cpu_throttler.cc`: the handler spins for the
/// time run × (rate − 1)), so the work measured afterwards is rate times what it was.
///
/// The phases of every pane are stretched one by one (so the panel's input, physics and
/// strategy rows show their own slowed times); the rest of the frame's main-thread work
/// (reading events, photo headers) at its end (`stretchRest`). The clock is passed in (the
/// window's, a test's), and so is the spin: the waiting reads nothing else.
public final class MainThreadSlowdown {
    /// 1 (nothing added) to `RunBudget.cpuSlowdownKnob`'s upper end.
    public var rate: Double {
        didSet { rate = min(max(rate.isFinite ? rate : 1, 1), RunBudget.cpuSlowdownKnob.range.upperBound) }
    }
    private let now: () -> Double
    /// This frame's work stretched so far, and the time spent waiting for it, seconds.
    public private(set) var workStretched = 0.0
    public private(set) var waited = 0.0

    /// `now` is the driver's clock in seconds from any fixed origin.
    public init(rate: Double, now: @escaping () -> Double) {
        self.rate = min(max(rate.isFinite ? rate : 1, 1), RunBudget.cpuSlowdownKnob.range.upperBound)
        self.now = now
    }

    /// At a frame's start: nothing of it is stretched yet.
    public func beginFrame() {
        workStretched = 0
        waited = 0
    }

    /// Work ran from `start` to `end`: waits until (rate − 1) × its length has passed after
    /// `end` and returns the time then (when the work now ends); `end` itself at rate 1.
    @discardableResult
    public func stretch(workFrom start: Double, to end: Double) -> Double {
        let work = end - start
        guard rate > 1, work > 0 else { return end }
        let until = end + (rate - 1) * work
        var t = now()
        while t < until { t = now() }
        workStretched += work
        waited += t - end
        return t
    }

    /// The frame's main-thread work ran from `frameStart` to `end`: stretches what no phase
    /// stretched (the time neither stretched nor waited) and returns when the frame's work
    /// now ends.
    @discardableResult
    public func stretchRest(ofFrameFrom frameStart: Double, to end: Double) -> Double {
        let rest = (end - frameStart) - workStretched - waited
        guard rest > 0 else { return end }
        return stretch(workFrom: end - rest, to: end)
    }
}
