/// Turns drags, wheel notches, touchpad deltas, scrolling keys and auto-scroll requests into
/// motions of a scroll view's offset.
///
/// A value made from the scroll view's configuration at the moment of the input; it reads
/// and changes only the `ScrollState` it is handed, at the time it is told.
struct ScrollInputInterpreter {
    var axis: Axis
    /// The offsets at which content rests.
    var range: ClosedRange<Double>
    /// The viewport's extent along `axis`.
    var viewportExtent: Double
    /// When false, the content stops hard at its edges (UIScrollView's `bounces`).
    var bounces: Bool
    var physics: ScrollPhysics
    /// The app's frame interval and its last frame's time (nil before any): an engine that
    /// decides on frames (GTK's) ticks on them.
    var frameInterval: Double = 1.0 / 60
    var lastFrameTime: Double?

    var rubberBand: RubberBand { RubberBand(coefficient: physics.rubberBandCoefficient, dimension: viewportExtent) }

    /// Whether the event scrolls (and so stops an auto-scroll): a press, a wheel or a
    /// scrolling key. Moves and releases only continue what a press began.
    func isScrollInput(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerDown, .wheel, .fling: return true
        case .key(let key, let modifiers): return ScrollCommand(key: key, modifiers: modifiers, axis: axis) != nil
        case .pointerMoved, .pointerUp, .command, .hover, .text: return false
        }
    }

    /// Applies one event at `time`. Keys other than scrolling keys are ignored.
    func apply(_ event: InputEvent, at time: Double, to state: inout ScrollState) {
        switch event {
        case .pointerDown(let p): beginDrag(at: p[axis], time: time, &state)
        case .pointerMoved(let p): moveDrag(to: p[axis], time: time, &state)
        case .pointerUp(let p):
            moveDrag(to: p[axis], time: time, &state)
            endDrag(time: time, &state)
        case .wheel(let delta): wheel(delta, time: time, &state)
        case .key(let key, let modifiers):
            if let command = ScrollCommand(key: key, modifiers: modifiers, axis: axis) {
                perform(command, at: time, to: &state)
            }
        case .fling(let vx, let vy):
            let v = axis == .vertical || vx == 0 ? vy : vx
            fling(velocity: v, at: time, to: &state)
        case .command, .hover, .text: break
        }
    }

    /// Scrolls by a keyboard command with an eased animation.
    func perform(_ command: ScrollCommand, at time: Double, to state: inout ScrollState) {
        let base = animationBase(of: state)
        let target: Double
        switch command {
        case .line(let n): target = base + Double(n) * physics.lineLength
        case .page(let n): target = base + Double(n) * ScrollCommand.pageFraction * viewportExtent
        case .toStart: target = range.lowerBound
        case .toEnd: target = range.upperBound
        }
        animate(to: target, duration: SmoothScrollAnimation.keyDuration, time: time, &state)
    }

    /// Starts a drift at `speed` points per second towards the end it points at.
    func startDrift(speed: Double, at time: Double, to state: inout ScrollState) {
        state.motion = .autoScrolling(AutoScrollDrift(start: state.position, speed: speed, within: range), startTime: time)
    }

    /// After a release at `velocity` (the shown one, points per second): spring back if past
    /// an edge, coast if fast enough, else stop.
    func release(velocity rawVelocity: Double, at time: Double, to state: inout ScrollState) {
        let v = rawVelocity.isFinite ? rawVelocity : 0
        if physics.engine != .uikit {
            releaseToEngine(velocity: v, at: time, to: &state)
            return
        }
        if state.position < range.lowerBound || state.position > range.upperBound {
            let edge = state.position < range.lowerBound ? range.lowerBound : range.upperBound
            if bounces {
                let bounce = BounceSimulation(from: state.position, toEdge: edge, velocity: v, band: rubberBand,
                                              stiffness: physics.springStiffness, dampingRatio: physics.springDampingRatio)
                state.motion = .bouncing(bounce, startTime: time)
            } else {
                state.position = edge
                state.motion = .idle
            }
            return
        }
        guard abs(v) >= ScrollView.minimumFlingVelocity else {
            state.motion = .idle
            return
        }
        let fling = BouncingFlingSimulation(
            start: state.position, velocity: v, rate: physics.decelerationRate, range: range, band: rubberBand,
            stiffness: physics.springStiffness, dampingRatio: physics.springDampingRatio)
        state.motion = .fling(fling, startTime: time)
    }

    /// Another platform's release: its gesture layer's velocity (its minimum and maximum
    /// fling speeds), then its fling, or its way back from where its own offset lies.
    private func releaseToEngine(velocity measured: Double, at time: Double, to state: inout ScrollState) {
        let engine = ScrollEngine(physics.engine, frameInterval: frameInterval)
        var start = state.position
        if case .engineDragging(let drag) = state.motion { start = drag.drag.enginePosition }
        if !bounces, start < range.lowerBound || start > range.upperBound {
            state.position = clamp(start)
            state.motion = .idle
            return
        }
        let fling = engine.release(from: start, velocity: engine.releaseVelocity(measured), range: range, viewportExtent: viewportExtent)
        if fling.isDone(at: 0) {
            state.position = fling.restPosition
            state.motion = .idle
        } else {
            state.motion = .engineFling(fling, startTime: engine.ticksOnFrames ? clockStart(releasedAt: time) : time)
        }
    }

    /// Where a fling that ticks on the app's frames starts its clock: GTK's kinetic scrolling
    /// starts from the frame clock's time when the release is handled
    /// (`gtk_scrolled_window_start_deceleration` reads `gdk_frame_clock_get_frame_time`), so it
    /// ticks on the app's frames from there. A release is handled on the first frame at or after
    /// it: the last frame plus a frame interval (the release itself when it falls on the last
    /// frame). A release more than a frame after the last frame (none was drawn meanwhile)
    /// starts at the release.
    func clockStart(releasedAt time: Double) -> Double {
        guard let last = lastFrameTime, last <= time else { return time }
        let frames = ((time - last) / frameInterval - 1e-6).rounded(.up)
        guard frames <= 1 else { return time }
        return last + max(frames, 0) * frameInterval
    }

    /// Sets the list coasting at `velocity` (points per second, positive towards the end) as a
    /// drag released at that speed would: a script's `fling` line, exact speeds for tests.
    func fling(velocity: Double, at time: Double, to state: inout ScrollState) {
        if case .dragging = state.motion { return }
        if case .engineDragging = state.motion { return }
        release(velocity: velocity, at: time, to: &state)
    }

    func clamp(_ x: Double) -> Double {
        min(max(x, range.lowerBound), range.upperBound)
    }

    // MARK: Pointer

    private func beginDrag(at pointer: Double, time: Double, _ state: inout ScrollState) {
        var tracker = VelocityTracker()
        tracker.add(time: time, position: state.position)
        if physics.engine != .uikit {
            let drag = physics.engine.engine.beginDrag(at: state.position, range: range, viewportExtent: viewportExtent)
            state.position = drag.position
            state.motion = .engineDragging(ScrollMotion.EngineDragState(lastPointer: pointer, drag: drag, tracker: tracker))
            return
        }
        // Grabbing content past an edge (a bounce) keeps it where it shows: no jump.
        let raw = bounces ? rubberBand.unclamp(state.position, from: range) : clamp(state.position)
        state.motion = .dragging(ScrollMotion.DragState(pointerStart: pointer, rawStart: raw, tracker: tracker))
    }

    private func moveDrag(to pointer: Double, time: Double, _ state: inout ScrollState) {
        if case .engineDragging(var engineDrag) = state.motion {
            // The content follows the finger: the offset moves against the pointer.
            engineDrag.drag = physics.engine.engine.drag(engineDrag.drag, by: engineDrag.lastPointer - pointer, range: range,
                                                         viewportExtent: viewportExtent)
            engineDrag.lastPointer = pointer
            state.position = engineDrag.drag.position
            engineDrag.tracker.add(time: time, position: state.position)
            state.motion = .engineDragging(engineDrag)
            return
        }
        guard case .dragging(var drag) = state.motion else { return }
        let raw = drag.rawStart + (drag.pointerStart - pointer)
        state.position = bounces ? rubberBand.clamp(raw, to: range) : clamp(raw)
        drag.tracker.add(time: time, position: state.position)
        state.motion = .dragging(drag)
    }

    private func endDrag(time: Double, _ state: inout ScrollState) {
        if case .engineDragging(let drag) = state.motion {
            release(velocity: drag.tracker.velocity(at: time), at: time, to: &state)
            return
        }
        guard case .dragging(let drag) = state.motion else { return }
        release(velocity: drag.tracker.velocity(at: time), at: time, to: &state)
    }

    // MARK: Wheel and touchpad

    private func wheel(_ delta: WheelDelta, time: Double, _ state: inout ScrollState) {
        let notches = delta.offsetNotches(along: axis)
        guard notches != 0, notches.isFinite else { return }
        let distance = notches * physics.lineLength
        // A touchpad gesture stays one even when a delta happens to be a whole notch.
        var inTouchpadGesture = false
        if case .touchpad = state.motion { inTouchpadGesture = true }
        if delta.isPrecise || inTouchpadGesture {
            var tracker: VelocityTracker
            if case .touchpad(let existing, _) = state.motion {
                tracker = existing
            } else {
                tracker = VelocityTracker()
                tracker.add(time: time, position: state.position)
            }
            // Touchpad deltas move the content directly; the edges hold firm, since SDL tells
            // nothing of when the fingers lift and a rubber band would have nothing to release.
            state.position = touchpadMove(from: state.position, by: distance)
            tracker.add(time: time, position: state.position)
            state.motion = .touchpad(tracker: tracker, lastEventTime: time)
        } else {
            animate(to: animationBase(of: state) + distance, duration: SmoothScrollAnimation.wheelDuration, time: time, &state)
        }
    }

    /// Moves by a touchpad delta within the range; from past an edge (a bounce it
    /// interrupted) it may move back towards the range but never further out, and never jumps.
    private func touchpadMove(from position: Double, by distance: Double) -> Double {
        let target = position + distance
        if position < range.lowerBound { return min(max(target, position), range.upperBound) }
        if position > range.upperBound { return max(min(target, position), range.lowerBound) }
        return clamp(target)
    }

    // MARK: Eased animation

    /// The offset a new wheel notch or key step adds to: the pending target while animating,
    /// so that quick notches accumulate instead of restarting from the current position.
    private func animationBase(of state: ScrollState) -> Double {
        if case .animating(let animation, _) = state.motion { return animation.to }
        return state.position
    }

    /// Eases to `rawTarget` (kept within the range), carrying the current velocity over.
    private func animate(to rawTarget: Double, duration: Double, time: Double, _ state: inout ScrollState) {
        let target = clamp(rawTarget)
        let v = state.motion.velocity(at: time)
        if target == state.position && v == 0 {
            state.motion = .idle
            return
        }
        let animation = SmoothScrollAnimation(from: state.position, to: target, initialVelocity: v, duration: duration)
        state.motion = .animating(animation, startTime: time)
    }
}
