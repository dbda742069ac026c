/// What a scroll view is doing, as an observer would describe it.
public enum ScrollPhase: String, Hashable, Sendable, CaseIterable {
    case idle
    /// A pointer (or a touchpad) is moving the content directly.
    case dragging
    /// Coasting after a fling.
    case decelerating
    /// Springing back to an edge.
    case bouncing
    /// Easing towards a target (wheel notches, keys, auto-scroll).
    case animating
}
