/// What moves a scroll view's offset now: nothing, a finger, or a simulation started at a
/// time on the caller's clock.
///
/// Each simulation is evaluated at the clock's time minus its own start, so a motion that
/// follows another (a bounce after a fling's edge crossing, a coast after a touchpad's
/// release) starts at the instant the first one handed over, whichever frame noticed it.
enum ScrollMotion {
    case idle
    /// A pointer holds the content.
    case dragging(DragState)
    /// Touchpad deltas move the content; it lets go after `ScrollView.touchpadReleaseGap`.
    case touchpad(tracker: VelocityTracker, lastEventTime: Double)
    case fling(BouncingFlingSimulation, startTime: Double)
    case bouncing(BounceSimulation, startTime: Double)
    /// A wheel notch or a key, eased towards its target.
    case animating(SmoothScrollAnimation, startTime: Double)
    case autoScrolling(AutoScrollDrift, startTime: Double)
    /// A pointer holds the content of an engine other than UIKit's (see `ScrollPhysics.engine`).
    case engineDragging(EngineDragState)
    /// Another platform's fling, or its way back from past an edge.
    case engineFling(EngineFling, startTime: Double)

    /// A pointer drag under another platform's engine: where the pointer was last, and the
    /// engine's own drag (Flutter's friction depends on each delta, GTK keeps an overshoot).
    struct EngineDragState {
        var lastPointer: Double
        var drag: EngineDrag
        var tracker: VelocityTracker
    }

    /// A pointer drag in progress.
    struct DragState {
        var pointerStart: Double
        /// The raw (un-rubber-banded) offset when the drag began.
        var rawStart: Double
        var tracker: VelocityTracker
    }

    var phase: ScrollPhase {
        switch self {
        case .idle: .idle
        case .dragging, .touchpad, .engineDragging: .dragging
        case .fling, .engineFling: .decelerating
        case .bouncing: .bouncing
        case .animating, .autoScrolling: .animating
        }
    }

    /// The shown velocity at clock time `t`, points per second; a finger's motion has none
    /// until it lets go.
    func velocity(at t: Double) -> Double {
        switch self {
        case .idle, .dragging, .touchpad, .engineDragging: 0
        case .fling(let fling, let t0): fling.velocity(at: t - t0)
        case .engineFling(let fling, let t0): fling.velocity(at: t - t0)
        case .bouncing(let bounce, let t0): bounce.velocity(at: t - t0)
        case .animating(let animation, let t0): animation.velocity(at: t - t0)
        case .autoScrolling(let drift, let t0): drift.velocity(at: t - t0)
        }
    }

    /// Where the motion will come to rest by itself; nil at rest or under a finger.
    var restPosition: Double? {
        switch self {
        case .idle, .dragging, .touchpad, .engineDragging: nil
        case .fling(let fling, _): fling.restPosition
        case .engineFling(let fling, _): fling.restPosition
        case .bouncing(let bounce, _): bounce.restPosition
        case .animating(let animation, _): animation.restPosition
        case .autoScrolling(let drift, _): drift.restPosition
        }
    }
}

/// A scroll view's offset as shown and what moves it: the state that input and time act on.
struct ScrollState {
    /// The offset along the axis as shown on screen (rubber band included).
    var position: Double
    var motion: ScrollMotion
}
