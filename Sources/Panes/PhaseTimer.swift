import ParallaxKit
import Presentation

/// One pane's phase clock: how long its input, physics, layout-and-strategy and draw-list
/// phases took in the last frame. The core only says when phases begin and end; the time
/// comes from the driver (`now`, in seconds from any fixed origin: the window's and the
/// recorder's monotonic clock), so this reads no clock of its own.
public final class PhaseTimer: FramePhaseObserver {
    private let now: () -> Double
    private var started = [Double](repeating: 0, count: FramePhase.allCases.count)
    /// Each phase's last duration, milliseconds, by `FramePhase.rawValue`.
    public private(set) var milliseconds = [Double](repeating: 0, count: FramePhase.allCases.count)
    /// When this pane's last layout phase ended (the driver's seconds).
    public private(set) var layoutEnded = 0.0

    /// The run's CPU slowdown, which stretches each phase as it ends (nil: none).
    public var slowdown: MainThreadSlowdown?

    public init(now: @escaping () -> Double) { self.now = now }

    public func phaseWillBegin(_ phase: FramePhase) {
        started[phase.rawValue] = now()
    }

    public func phaseDidEnd(_ phase: FramePhase) {
        var end = now()
        if let slowdown { end = slowdown.stretch(workFrom: started[phase.rawValue], to: end) }
        milliseconds[phase.rawValue] = (end - started[phase.rawValue]) * 1000
        if phase == .layout { layoutEnded = end }
    }

    /// Handing the events to the model, and the physics.
    public var inputAndPhysicsMilliseconds: Double {
        milliseconds[FramePhase.input.rawValue] + milliseconds[FramePhase.physics.rawValue]
    }

    /// The layout and the strategy.
    public var strategyMilliseconds: Double { milliseconds[FramePhase.layout.rawValue] }

    /// Building the draw list.
    public var drawListMilliseconds: Double { milliseconds[FramePhase.draw.rawValue] }

    /// Every phase: this pane's part of the frame's main-thread work.
    public var phasesMilliseconds: Double { milliseconds.reduce(0, +) }
}
