/// A model of UIScrollView along one axis: offset, momentum, rubber band and bounce, with
/// time passed in by the caller.
///
/// Input arrives through `handle(_:)` at the event's own time and a `ScrollInputInterpreter`
/// turns it into a motion; `tick(at:)` advances the motion to the frame's timestamp and
/// notifies observers at most once per frame.
///
/// One file on purpose: the motion state machine (`advance`), resizing and the input entry
/// points all read and write the same private `state` and `now`; split apart they would need
/// that state opened to the module.
public final class ScrollView {
    public let axis: Axis
    public private(set) var viewportSize: Size
    public private(set) var contentSize: Size
    public private(set) var contentInsets: EdgeInsets
    /// When false, the content stops hard at its edges (UIScrollView's `bounces`).
    public var bounces: Bool
    /// The feel's constants (deceleration, rubber band, spring, line length); a change applies
    /// to the next input (a motion under way keeps the constants it started with).
    public var physics: ScrollPhysics
    public var decelerationRate: DecelerationRate {
        get { physics.decelerationRate }
        set { physics.decelerationRate = newValue }
    }

    /// The offset along `axis` as shown on screen (rubber band included).
    public var position: Double { state.position }
    private var state: ScrollState
    /// The last time the motion was advanced to; events and ticks never go back before it.
    private var now: Double = 0

    private var observers: [WeakObserver] = []
    private weak var boundsObserver: ScrollViewBoundsObserver?
    private var lastReportedBounds: Rect

    /// Slower releases than this (points per second) just stop; UIKit ignores such tiny flings.
    public static let minimumFlingVelocity = 10.0
    /// A touchpad that sent nothing for this long has been let go (seconds): long enough to
    /// span two frames at 30 Hz with events in between, short enough not to read as a stall.
    public static let touchpadReleaseGap = 0.05

    public init(
        axis: Axis, viewportSize: Size, contentSize: Size = .zero, contentInsets: EdgeInsets = .zero,
        bounces: Bool = true, decelerationRate: DecelerationRate = .normal
    ) {
        self.axis = axis
        self.viewportSize = viewportSize
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.bounces = bounces
        self.physics = ScrollPhysics(decelerationRate: decelerationRate)
        self.state = ScrollState(position: -contentInsets.leading(axis), motion: .idle)
        self.lastReportedBounds = .zero
        self.lastReportedBounds = bounds
    }

    // MARK: Derived geometry

    /// The offsets at which content rests: from −leading inset to the last full page.
    public var offsetRange: ClosedRange<Double> {
        let lower = -contentInsets.leading(axis)
        let upper = contentSize[axis] + contentInsets.trailing(axis) - viewportSize[axis]
        return lower...max(lower, upper)
    }

    /// Content offset as a point; across the axis the content sits at its leading inset.
    public var contentOffset: Point {
        Point(along: axis, position, cross: -contentInsets.leading(axis.cross))
    }

    /// The visible rectangle in content coordinates.
    public var bounds: Rect { Rect(origin: contentOffset, size: viewportSize) }

    public var phase: ScrollPhase { state.motion.phase }

    /// Current velocity along the axis, points per second.
    public var velocity: Double { state.motion.velocity(at: now) }

    /// Where the current fling, bounce, eased scroll or auto-scroll will come to rest, from
    /// its closed form (UIKit's `targetContentOffset`); nil at rest or while a finger or a
    /// touchpad holds the content.
    public var predictedRestPosition: Double? { state.motion.restPosition }

    /// Where the current motion puts the content at `time` (at or after the last advance), from
    /// the same closed forms the frames use, without moving anything: the explain card's x(t).
    public func projectedPosition(at time: Double) -> Double {
        let saved = (state, now)
        defer { (state, now) = saved }
        advance(to: max(time, now))
        return state.position
    }

    /// The time the scroll view last advanced to (the frame's time).
    public var currentTime: Double { now }

    /// The interpreter for input arriving now, made from the current configuration.
    private var interpreter: ScrollInputInterpreter {
        ScrollInputInterpreter(
            axis: axis, range: offsetRange, viewportExtent: viewportSize[axis],
            bounces: bounces, physics: physics, frameInterval: frameInterval, lastFrameTime: lastFrameTime)
    }

    /// The interval between the last two frames (`tick`s) that came at most 0.1 s apart (a pause
    /// is not a frame rate): GTK decides on frames, so its engine ticks at this interval. 1/60
    /// until two such frames were seen.
    public private(set) var frameInterval = 1.0 / 60
    /// The last frame's time, if any frame was ticked.
    private var lastFrameTime: Double?

    // MARK: Configuration

    public func setViewportSize(_ size: Size) {
        viewportSize = Size(width: max(0, size.width), height: max(0, size.height))
        settleAfterResize()
    }

    public func setContentSize(_ size: Size) {
        contentSize = Size(width: max(0, size.width), height: max(0, size.height))
        settleAfterResize()
    }

    /// Takes `other`'s position, its motion under way (a coast, a bounce, a drag) and its time:
    /// a compared pane made anew beside panes that move under one hand moves on with them.
    /// Both must scroll along the same axis with the same physics.
    public func adoptMotion(of other: ScrollView) {
        guard other.axis == axis else { return }
        isTouched = other.isTouched
        state = other.state
        now = other.now
    }

    /// When the current coast began and from where (a fling's release, or the start of a
    /// bounce that no fling led to); nil while nothing coasts.
    public var coastStart: (time: Double, position: Double, velocity: Double)? {
        switch state.motion {
        case .fling(let fling, let t0): (t0, fling.position(at: 0), fling.velocity(at: 0))
        case .engineFling(let fling, let t0): (t0, fling.position(at: 0), fling.velocity(at: 0))
        case .bouncing(let bounce, let t0): (t0, bounce.position(at: 0), bounce.velocity(at: 0))
        default: nil
        }
    }

    /// Moves straight to `offset` (clamped to the resting range) and stops any motion.
    public func setPosition(_ offset: Double) {
        isTouched = true
        state.motion = .idle
        state.position = interpreter.clamp(offset.isFinite ? offset : offsetRange.lowerBound)
    }

    /// Puts the content at rest at `offset` (clamped to the resting range) without counting as
    /// a touch: the layout changed under it, and the caller keeps what the user looks at where
    /// it was. False, and nothing moved, while a motion is under way.
    @discardableResult
    public func keepRestingPosition(_ offset: Double) -> Bool {
        guard case .idle = state.motion, offset.isFinite else { return false }
        state.position = interpreter.clamp(offset)
        return true
    }

    public func addObserver(_ observer: ScrollViewObserver) {
        observers.append(WeakObserver(observer))
    }

    public func removeObserver(_ observer: ScrollViewObserver) {
        observers.removeAll { $0.value === observer || $0.value == nil }
    }

    public func setBoundsObserver(_ observer: ScrollViewBoundsObserver?) {
        boundsObserver = observer
    }

    // MARK: Input

    /// Applies one input event at its own time. Keys other than scrolling keys are ignored.
    public func handle(_ timed: TimedEvent) {
        let t = max(timed.time, now)
        advance(to: t)
        let interpreter = self.interpreter
        if interpreter.isScrollInput(timed.event) {
            isTouched = true
            // Whatever the input does next, the drift ends here (Jensen's album row stops when the user drags).
            if isAutoScrolling { state.motion = .idle }
        }
        interpreter.apply(timed.event, at: t, to: &state)
    }

    /// Someone has scrolled this view, by input or by `setPosition`; auto-scroll no longer starts.
    public private(set) var isTouched = false

    /// Scrolls by a keyboard command with an eased animation (as `handle` does for keys).
    public func perform(_ command: ScrollCommand, time: Double) {
        let t = max(time, now)
        advance(to: t)
        isTouched = true
        interpreter.perform(command, at: t, to: &state)
    }

    /// Starts a constant-speed drift towards the end (points per second), as the album scene's
    /// slow auto-scroll, unless someone already scrolled. Any drag, wheel or scrolling key stops it.
    public func startAutoScroll(speed: Double, time: Double) {
        let t = max(time, now)
        advance(to: t)
        guard speed.isFinite, speed != 0, !isTouched, case .idle = state.motion else { return }
        interpreter.startDrift(speed: speed, at: t, to: &state)
    }

    public var isAutoScrolling: Bool {
        if case .autoScrolling = state.motion { return true }
        return false
    }

    // MARK: Frame

    /// Advances the motion to `time` and, if the offset or the viewport changed since the last
    /// tick, tells the bounds observer and then every observer — once.
    public func tick(at time: Double) {
        advanceMotion(to: time)
        notifyIfMoved()
    }

    /// The physics half of `tick(at:)`: moves the offset to where the motion is at `time`.
    /// Internal: the frame step runs the halves as separate phases.
    func advanceMotion(to time: Double) {
        if time.isFinite {
            if let last = lastFrameTime, time > last, time - last <= 0.1 { frameInterval = max(time - last, 0.001) }
            lastFrameTime = max(time, lastFrameTime ?? time)
        }
        advance(to: max(time, now))
    }

    /// The notification half of `tick(at:)`: tells the bounds observer and the observers, once,
    /// if the visible rectangle changed since the last notification.
    func notifyIfMoved() {
        let newBounds = bounds
        guard newBounds != lastReportedBounds else { return }
        let old = lastReportedBounds
        lastReportedBounds = newBounds
        boundsObserver?.scrollViewBoundsDidChange(from: old, to: newBounds)
        if old.origin != newBounds.origin {
            observers.removeAll { $0.value == nil }
            for observer in observers { observer.value?.scrollViewDidScroll(self) }
        }
    }

    // MARK: Motion

    /// Evaluates the current motion at `t` (closed forms, so any frame rate gives the same
    /// positions) and moves to the next motion when one ends.
    private func advance(to t: Double) {
        now = t
        switch state.motion {
        case .idle, .dragging, .engineDragging:
            return
        case .engineFling(let fling, let t0):
            if fling.isDone(at: t - t0) {
                state.position = fling.restPosition
                state.motion = .idle
            } else {
                state.position = fling.position(at: t - t0)
            }
        case .touchpad(let tracker, let last):
            let release = last + Self.touchpadReleaseGap
            if t > release {
                // Coast from the moment the gap ran out, not from whichever frame noticed it,
                // so every frame rate sees the same positions.
                now = release
                interpreter.release(velocity: tracker.velocity(at: last), at: release, to: &state)
                advance(to: t)
            }
        case .fling(let fling, let t0):
            if let crossing = fling.crossing, t - t0 >= crossing.time {
                state.position = crossing.edge
                // `bounces` is read here, not at the release: it may have changed since.
                if bounces {
                    // Past the crossing the fling is its bounce: run it as a motion of its own,
                    // started at the crossing's instant, so the phase reads `.bouncing`.
                    state.motion = .bouncing(crossing.bounce, startTime: t0 + crossing.time)
                    advance(to: t)
                } else {
                    state.motion = .idle
                }
            } else if fling.isDone(at: t - t0) {
                state.position = fling.restPosition
                state.motion = .idle
            } else {
                state.position = fling.position(at: t - t0)
            }
        case .bouncing(let bounce, let t0):
            if bounce.isDone(at: t - t0) {
                state.position = bounce.restPosition
                state.motion = .idle
            } else {
                state.position = bounce.position(at: t - t0)
            }
        case .animating(let animation, let t0):
            if animation.isDone(at: t - t0) {
                state.position = animation.restPosition
                state.motion = .idle
            } else {
                state.position = animation.boundedPosition(at: t - t0)
            }
        case .autoScrolling(let drift, let t0):
            if drift.isDone(at: t - t0) {
                // Its end, clamped from where it got to: the same number as `restPosition`
                // down to the sign of a zero end (−0 from a zero leading inset).
                state.position = interpreter.clamp(drift.position(at: t - t0))
                state.motion = .idle
            } else {
                state.position = drift.position(at: t - t0)
            }
        }
    }

    /// After the viewport, content or insets change, keep a resting offset within range.
    private func settleAfterResize() {
        let interpreter = self.interpreter
        switch state.motion {
        case .idle, .touchpad:
            let clamped = interpreter.clamp(position)
            if clamped != position {
                state.position = clamped
                state.motion = .idle
            }
        case .autoScrolling(var drift, let t0):
            let clamped = interpreter.clamp(position)
            if clamped != position {
                state.position = clamped
                state.motion = .idle
            } else {
                // Drift on towards the end of the new range.
                drift = AutoScrollDrift(start: drift.start, speed: drift.speed, within: interpreter.range)
                state.motion = .autoScrolling(drift, startTime: t0)
            }
        case .dragging, .engineDragging:
            // A drag releases into a bounce towards the new range's edge by itself.
            break
        case .engineFling(let fling, let t0):
            // Its edges were the old range's: stop where it is, in range.
            state.motion = .idle
            state.position = interpreter.clamp(fling.position(at: now - t0))
        case .animating(let animation, let t0):
            // Aim the rest of the animation at its target as the new range allows, from where
            // it is now and as fast as it goes, so it never comes to rest past the content.
            let target = interpreter.clamp(animation.to)
            guard target != animation.to else { return }
            let v = animation.velocity(at: now - t0)
            state.position = interpreter.clamp(position)
            state.motion = .animating(
                SmoothScrollAnimation(from: position, to: target, initialVelocity: v, duration: animation.duration),
                startTime: now)
        case .bouncing(var bounce, let t0):
            // The excursion shows through the new viewport's band from now on.
            bounce.band = interpreter.rubberBand
            state.motion = .bouncing(bounce, startTime: t0)
            // The edge it springs to belongs to the old range: let go again against the new
            // one, with the speed it shows now (a bounce, a coast, or rest, as a release would).
            guard interpreter.clamp(bounce.edge) != bounce.edge else { return }
            interpreter.release(velocity: velocity, at: now, to: &state)
        case .fling(let fling, let t0):
            // Its edge crossing was computed for the old range: stop where it is, in range.
            state.motion = .idle
            state.position = interpreter.clamp(fling.position(at: now - t0))
        }
    }
}
