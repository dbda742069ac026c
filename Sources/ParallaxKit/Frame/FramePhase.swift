/// The phases of one frame, in the order `FrameStep` runs them.
public enum FramePhase: Int, CaseIterable, Sendable {
    /// The frame's events reach the model: input to the scroll view, key commands, resizes.
    case input
    /// The scroll motion moves to the frame's time.
    case physics
    /// Observers hear of the scroll, the collection view lays out, the strategy sets shifts.
    case layout
    /// The scene (and whatever the caller adds, such as an overlay) becomes a draw list.
    case draw
}

/// Watches the phases of each frame, to time them or count what they allocate. The core
/// reads no clock: whoever needs time reads it here.
public protocol FramePhaseObserver: AnyObject {
    func phaseWillBegin(_ phase: FramePhase)
    func phaseDidEnd(_ phase: FramePhase)
}

/// What a frame's events can be besides a script's input.
public enum FrameEvent: Sendable {
    /// Pointer, wheel or key input at its own time (seconds on the frame clock).
    case input(TimedEvent)
    /// The viewport changed size (points).
    case resize(Size)
}

/// What one frame did.
public struct FrameReport: Sendable {
    /// 0 for the first frame a `FrameStep` runs.
    public var index: Int
    /// The frame's time, seconds.
    public var time: Double
    /// What the collection view, its layout and the strategy did in this frame.
    public var work: StrategyWork
    /// Whether the content offset changed in this frame, by input or by motion.
    public var moved: Bool
}
