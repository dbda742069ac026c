/// Told once per frame in which a scroll view's offset changed (UIScrollViewDelegate's
/// `scrollViewDidScroll`).
public protocol ScrollViewObserver: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
}

/// Told when the visible rectangle of the content moved or changed size; a collection view
/// listens here to decide whether its layout must be invalidated.
public protocol ScrollViewBoundsObserver: AnyObject {
    func scrollViewBoundsDidChange(from oldBounds: Rect, to newBounds: Rect)
}

/// A model of UIScrollView along one axis: offset, momentum, rubber band and bounce, with
/// time passed in by the caller.
///
/// Input arrives through `handle(_:)` at the event's own time; `tick(at:)` advances the
/// motion to the frame's timestamp and notifies observers at most once per frame.
public final class ScrollView {
    public let axis: Axis
    public private(set) var viewportSize: Size
    public private(set) var contentSize: Size
    public private(set) var contentInsets: EdgeInsets
    /// When false, the content stops hard at its edges (UIScrollView's `bounces`).
    public var bounces: Bool
    public var decelerationRate: DecelerationRate

    /// The offset along `axis` as shown on screen (rubber band included).
    public private(set) var position: Double
    private var motion: Motion = .idle
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
        self.decelerationRate = decelerationRate
        self.position = -contentInsets.leading(axis)
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

    public var phase: ScrollPhase {
        switch motion {
        case .idle: .idle
        case .dragging, .touchpad: .dragging
        case .decelerating: .decelerating
        case .bouncing: .bouncing
        case .animating, .autoScrolling: .animating
        }
    }

    /// Current velocity along the axis, points per second.
    public var velocity: Double { motionVelocity(at: now) }

    private var rubberBand: RubberBand { RubberBand(dimension: viewportSize[axis]) }

    // MARK: Configuration

    public func setViewportSize(_ size: Size) {
        viewportSize = Size(width: max(0, size.width), height: max(0, size.height))
        settleAfterResize()
    }

    public func setContentSize(_ size: Size) {
        contentSize = Size(width: max(0, size.width), height: max(0, size.height))
        settleAfterResize()
    }

    public func setContentInsets(_ insets: EdgeInsets) {
        contentInsets = insets
        settleAfterResize()
    }

    /// Moves straight to `offset` (clamped to the resting range) and stops any motion.
    public func setPosition(_ offset: Double) {
        isTouched = true
        motion = .idle
        position = clampToRange(offset.isFinite ? offset : offsetRange.lowerBound)
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
        if isScrollInput(timed.event) {
            isTouched = true
            // Whatever the input does next, the drift ends here (seed 004: it stops when the user drags).
            if isAutoScrolling { motion = .idle }
        }
        switch timed.event {
        case .pointerDown(let p): beginDrag(at: p[axis], time: t)
        case .pointerMoved(let p): moveDrag(to: p[axis], time: t)
        case .pointerUp(let p):
            moveDrag(to: p[axis], time: t)
            endDrag(time: t)
        case .wheel(let delta): wheel(delta, time: t)
        case .key(let key, let modifiers):
            if let command = ScrollCommand(key: key, modifiers: modifiers, axis: axis) {
                perform(command, time: t)
            }
        }
    }

    /// Someone has scrolled this view, by input or by `setPosition`; auto-scroll no longer starts.
    public private(set) var isTouched = false

    private func isScrollInput(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerDown, .wheel: return true
        case .key(let key, let modifiers): return ScrollCommand(key: key, modifiers: modifiers, axis: axis) != nil
        case .pointerMoved, .pointerUp: return false
        }
    }

    /// Scrolls by a keyboard command with an eased animation (as `handle` does for keys).
    public func perform(_ command: ScrollCommand, time: Double) {
        let t = max(time, now)
        advance(to: t)
        isTouched = true
        let base = animationBase
        let target: Double
        switch command {
        case .line(let n): target = base + Double(n) * ScrollCommand.lineLength
        case .page(let n): target = base + Double(n) * ScrollCommand.pageFraction * viewportSize[axis]
        case .toStart: target = offsetRange.lowerBound
        case .toEnd: target = offsetRange.upperBound
        }
        animate(to: target, duration: SmoothScrollAnimation.keyDuration, time: t)
    }

    /// Starts a constant-speed drift towards the end (points per second), as the album scene's
    /// slow auto-scroll, unless someone already scrolled. Any drag, wheel or scrolling key stops it.
    public func startAutoScroll(speed: Double, time: Double) {
        let t = max(time, now)
        advance(to: t)
        guard speed.isFinite, speed != 0, !isTouched, case .idle = motion else { return }
        motion = .autoScrolling(start: position, speed: speed, startTime: t)
    }

    public var isAutoScrolling: Bool {
        if case .autoScrolling = motion { return true }
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
    public func advanceMotion(to time: Double) {
        advance(to: max(time, now))
    }

    /// The notification half of `tick(at:)`: tells the bounds observer and the observers, once,
    /// if the visible rectangle changed since the last notification.
    public func notifyIfMoved() {
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

    private enum Motion {
        case idle
        case dragging(DragState)
        case touchpad(tracker: VelocityTracker, lastEventTime: Double)
        case decelerating(DecelerationSimulation, startTime: Double, edge: EdgeCrossing?)
        case bouncing(SpringSimulation, startTime: Double)
        case animating(SmoothScrollAnimation, startTime: Double)
        case autoScrolling(start: Double, speed: Double, startTime: Double)
    }

    /// The shown velocity of the current motion at `t`, points per second.
    private func motionVelocity(at t: Double) -> Double {
        switch motion {
        case .idle, .dragging, .touchpad: 0
        case .decelerating(let sim, let t0, _): sim.velocity(at: t - t0)
        case .bouncing(let spring, let t0): spring.velocity(at: t - t0) * bounceSlope(spring.position(at: t - t0) - spring.target)
        case .animating(let anim, let t0): anim.velocity(at: t - t0)
        case .autoScrolling(_, let speed, _): speed
        }
    }

    /// d(shown)/d(excursion) of the bounce's band: 1/(1 + |e|/d)².
    private func bounceSlope(_ e: Double) -> Double {
        let d = viewportSize[axis]
        guard d > 0 else { return 0 }
        let k = 1 + abs(e) / d
        return 1 / (k * k)
    }

    private struct DragState {
        var pointerStart: Double
        /// The raw (un-rubber-banded) offset when the drag began.
        var rawStart: Double
        var tracker: VelocityTracker
    }

    /// Where a fling meets an edge, computed once when the fling starts.
    private struct EdgeCrossing {
        var edge: Double
        /// Seconds after the fling's start.
        var time: Double
    }

    private func clampToRange(_ x: Double) -> Double {
        min(max(x, offsetRange.lowerBound), offsetRange.upperBound)
    }

    /// The offset a new wheel notch or key step adds to: the pending target while animating,
    /// so that quick notches accumulate instead of restarting from the current position.
    private var animationBase: Double {
        if case .animating(let anim, _) = motion { return anim.to }
        return position
    }

    private func beginDrag(at pointer: Double, time: Double) {
        var tracker = VelocityTracker()
        tracker.add(time: time, position: position)
        let raw = bounces ? rubberBand.unclamp(position, from: offsetRange) : clampToRange(position)
        motion = .dragging(DragState(pointerStart: pointer, rawStart: raw, tracker: tracker))
    }

    private func moveDrag(to pointer: Double, time: Double) {
        guard case .dragging(var drag) = motion else { return }
        let raw = drag.rawStart + (drag.pointerStart - pointer)
        position = bounces ? rubberBand.clamp(raw, to: offsetRange) : clampToRange(raw)
        drag.tracker.add(time: time, position: position)
        motion = .dragging(drag)
    }

    private func endDrag(time: Double) {
        guard case .dragging(let drag) = motion else { return }
        coast(velocity: drag.tracker.velocity(at: time), time: time)
    }

    private func wheel(_ delta: WheelDelta, time: Double) {
        let notches = delta.offsetNotches(along: axis)
        guard notches != 0, notches.isFinite else { return }
        let distance = notches * ScrollCommand.lineLength
        // A touchpad gesture stays one even when a delta happens to be a whole notch.
        var inTouchpadGesture = false
        if case .touchpad = motion { inTouchpadGesture = true }
        if delta.isPrecise || inTouchpadGesture {
            var tracker: VelocityTracker
            if case .touchpad(let existing, _) = motion {
                tracker = existing
            } else {
                tracker = VelocityTracker()
                tracker.add(time: time, position: position)
            }
            // Touchpad deltas move the content directly; the edges hold firm, since SDL tells
            // nothing of when the fingers lift and a rubber band would have nothing to release.
            position = touchpadMove(by: distance)
            tracker.add(time: time, position: position)
            motion = .touchpad(tracker: tracker, lastEventTime: time)
        } else {
            animate(to: animationBase + distance, duration: SmoothScrollAnimation.wheelDuration, time: time)
        }
    }

    /// Moves by a touchpad delta within the range; from past an edge (a bounce it
    /// interrupted) it may move back towards the range but never further out, and never jumps.
    private func touchpadMove(by distance: Double) -> Double {
        let range = offsetRange
        let target = position + distance
        if position < range.lowerBound { return min(max(target, position), range.upperBound) }
        if position > range.upperBound { return max(min(target, position), range.lowerBound) }
        return clampToRange(target)
    }

    private func animate(to rawTarget: Double, duration: Double, time: Double) {
        let target = clampToRange(rawTarget)
        let v = motionVelocity(at: time)
        if target == position && v == 0 {
            motion = .idle
            return
        }
        let anim = SmoothScrollAnimation(from: position, to: target, initialVelocity: v, duration: duration)
        motion = .animating(anim, startTime: time)
    }

    /// After a release: spring back if past an edge, coast if fast enough, else stop.
    private func coast(velocity rawVelocity: Double, time: Double) {
        let v = rawVelocity.isFinite ? rawVelocity : 0
        let range = offsetRange
        if position < range.lowerBound || position > range.upperBound {
            let edge = position < range.lowerBound ? range.lowerBound : range.upperBound
            if bounces {
                startBounce(toEdge: edge, velocity: v, time: time)
            } else {
                position = edge
                motion = .idle
            }
            return
        }
        guard abs(v) >= Self.minimumFlingVelocity else {
            motion = .idle
            return
        }
        let sim = DecelerationSimulation(start: position, initialVelocity: v, rate: decelerationRate)
        var crossing: EdgeCrossing? = nil
        let rest = sim.restPosition
        if rest < range.lowerBound || rest > range.upperBound {
            let edge = rest < range.lowerBound ? range.lowerBound : range.upperBound
            if let t = sim.time(toReach: edge) { crossing = EdgeCrossing(edge: edge, time: t) }
        }
        motion = .decelerating(sim, startTime: time, edge: crossing)
    }

    /// Springs from the current (shown) position back to `edge`. The spring starts at the
    /// excursion that shows as the current overshoot, with the velocity that keeps the shown
    /// motion continuous (`velocity` is the shown one, points per second).
    private func startBounce(toEdge edge: Double, velocity v: Double, time: Double) {
        let excursion = bounceExcursion(shown: position - edge)
        let scale = 1 + abs(excursion) / viewportSize[axis]
        motion = .bouncing(SpringSimulation(start: edge + excursion, target: edge, initialVelocity: v * scale * scale), startTime: time)
    }

    /// The overshoot shown for a spring excursion `e` past an edge: e·d/(|e| + d), the rubber
    /// band of e/c. Small excursions show as themselves (slope 1, so a fling's velocity carries
    /// over unchanged) while the largest stay below the viewport's extent d, as while dragging.
    private func bounceShown(excursion e: Double) -> Double {
        let d = viewportSize[axis]
        guard d > 0 else { return 0 }
        return e * d / (abs(e) + d)
    }

    /// The inverse of `bounceShown(excursion:)`.
    private func bounceExcursion(shown s: Double) -> Double {
        let d = viewportSize[axis]
        guard d > 0 else { return 0 }
        let m = min(abs(s), d * (1 - 1e-9))
        return (s < 0 ? -1 : 1) * m * d / (d - m)
    }

    /// Evaluates the current motion at `t` (closed forms, so any frame rate gives the same
    /// positions) and moves to the next phase when one ends.
    private func advance(to t: Double) {
        now = t
        switch motion {
        case .idle, .dragging:
            return
        case .touchpad(let tracker, let last):
            let release = last + Self.touchpadReleaseGap
            if t > release {
                // Coast from the moment the gap ran out, not from whichever frame noticed it,
                // so every frame rate sees the same positions.
                now = release
                coast(velocity: tracker.velocity(at: last), time: release)
                advance(to: t)
            }
        case .decelerating(let sim, let t0, let crossing):
            if let crossing, t - t0 >= crossing.time {
                let edgeTime = t0 + crossing.time
                position = crossing.edge
                if bounces {
                    // The fling hands its velocity at the edge to the spring (ScrollMechanics).
                    startBounce(toEdge: crossing.edge, velocity: sim.velocity(at: crossing.time), time: edgeTime)
                    advance(to: t)
                } else {
                    motion = .idle
                }
            } else if sim.isDone(at: t - t0) {
                position = clampToRange(sim.restPosition)
                motion = .idle
            } else {
                position = sim.position(at: t - t0)
            }
        case .bouncing(let spring, let t0):
            if spring.isDone(at: t - t0) {
                position = spring.target
                motion = .idle
            } else {
                position = spring.target + bounceShown(excursion: spring.position(at: t - t0) - spring.target)
            }
        case .animating(let anim, let t0):
            if anim.isDone(at: t - t0) {
                position = anim.to
                motion = .idle
            } else {
                // An inherited velocity can carry a Hermite curve past its target; never past
                // the segment it joins, so an animation cannot leave the content.
                let x = anim.position(at: t - t0)
                position = min(max(x, min(anim.from, anim.to)), max(anim.from, anim.to))
            }
        case .autoScrolling(let start, let speed, let t0):
            let x = start + speed * (t - t0)
            let range = offsetRange
            // Stop at the end it drifts towards (it starts at rest, possibly on the other end).
            if (speed > 0 && x >= range.upperBound) || (speed < 0 && x <= range.lowerBound) {
                position = clampToRange(x)
                motion = .idle
            } else {
                position = x
            }
        }
    }

    /// After the viewport, content or insets change, keep a resting offset within range.
    private func settleAfterResize() {
        switch motion {
        case .idle, .autoScrolling, .touchpad:
            let clamped = clampToRange(position)
            if clamped != position {
                position = clamped
                motion = .idle
            }
        case .dragging:
            // A drag releases into a bounce towards the new range's edge by itself.
            break
        case .animating(let anim, let t0):
            // Aim the rest of the animation at its target as the new range allows, from where
            // it is now and as fast as it goes, so it never comes to rest past the content.
            let target = clampToRange(anim.to)
            guard target != anim.to else { return }
            let v = anim.velocity(at: now - t0)
            position = clampToRange(position)
            motion = .animating(SmoothScrollAnimation(from: position, to: target, initialVelocity: v, duration: anim.duration), startTime: now)
        case .bouncing(let spring, _):
            // The edge it springs to belongs to the old range: let go again against the new
            // one, with the speed it shows now (a bounce, a coast, or rest, as a release would).
            guard clampToRange(spring.target) != spring.target else { return }
            coast(velocity: motionVelocity(at: now), time: now)
        case .decelerating(let sim, let t0, _):
            // Its edge crossing was computed for the old range: stop where it is, in range.
            motion = .idle
            position = clampToRange(sim.position(at: now - t0))
        }
    }
}

private struct WeakObserver {
    weak var value: ScrollViewObserver?
    init(_ value: ScrollViewObserver) { self.value = value }
}
