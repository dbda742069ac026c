import RealModule

/// GTK 4's kinetic scrolling: `gtk/gtkkineticscrolling.c` driven by `gtk/gtkscrolledwindow.c`
/// with `DECELERATION_FRICTION` 4, `OVERSHOOT_FRICTION` 20 and `MAX_OVERSHOOT_DISTANCE` 100.
///
/// Decelerating: y'' = −4y', so x(t) = c1 + c2·e^(−4t) with c1 = x0 + v0/4, c2 = −v0/4: the
/// fling heads for v0/4 (1,250 px for 5,000 px/s). It ends on the first frame whose speed is
/// under 1 px/s or, after the first frame, whose step from the frame before is under 1 px, and
/// the position is rounded to a whole pixel there (`gtk_kinetic_scrolling_tick`, GNOME/gtk
/// 1e9e7bf0): at 60 fps the step rule ends 5,000 px/s at 1,236 px, at 144 fps at 1,215 px. On the first frame past an edge it turns into
/// overshooting: a critically damped spring y'' = −20y' − 100y about the edge,
/// e(τ) = e^(−10τ)·(c1 + c2·τ) with c1 = the excursion on that frame and c2 = v + 10·c1. If a
/// frame's excursion lies beyond [lower − 50, upper + 50] (half the overshoot width; the source
/// compares the excursion, measured from the edge, with these absolute bounds, so with a range
/// starting at 0 the cap holds at the top edge only) it is clamped there and the spring restarts
/// from rest. It ends on the first frame whose excursion is under 0.1 px, on the edge.
///
/// GtkAdjustment clamps its value to the range: the content never moves past an edge. The
/// unclamped value's excess is drawn as the `overshoot` indicator (a gradient at most 100 px
/// deep): `EngineFling.overshoot(at:)`. A drag past an edge likewise moves the unclamped value
/// up to 100 px beyond the edge, one for one, while the content stays on the edge.
///
/// GTK decides on frames (its tick reads the frame clock): when the fling turns into
/// overshooting, where the cap takes hold, and when it ends. The engine therefore models its
/// frames, at `frameInterval` from the fling's start (the app's frame interval, see
/// `ScrollView.frameInterval`): the content's offset is the same at any frame rate until the
/// last frame, where the step rule stops a faster frame rate sooner (its steps are shorter), and
/// the overshoot indicator depends on the frame rate, as in GTK.
///
/// Exact: all of the above at any t, for frames every `frameInterval`. Not modelled: the
/// accumulation of successive flings is a separate function (`accumulatedVelocity`), and a
/// touchpad's kinetic velocity is scaled by `MAGIC_SCROLL_FACTOR` 2.5 before it gets here.
public struct GTKScrollEngine: Hashable, Sendable, BitwiseCopyable {
    public static let decelerationFriction = 4.0
    public static let overshootFriction = 20.0
    public static let maxOvershootDistance = 100.0
    /// `MAGIC_SCROLL_FACTOR`: a touchpad's deltas and kinetic velocity are scaled by it.
    public static let magicScrollFactor = 2.5
    /// `VELOCITY_ACCUMULATION_FLOOR`, `_CEIL` and `_MAX`.
    public static let velocityAccumulationFloor = 0.33
    public static let velocityAccumulationCeil = 1.0
    public static let velocityAccumulationMax = 6.0

    /// Seconds between the frames GTK ticks on (1/60 by default; kept in [1/1000, 1]).
    public var frameInterval: Double

    public init(frameInterval: Double = 1.0 / 60) {
        self.frameInterval = frameInterval.isFinite ? min(max(frameInterval, 0.001), 1) : 1.0 / 60
    }

    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        let b = EngineInput.bounds(range)
        return .gtk(GTKFling(start: EngineInput.position(start), velocity: EngineInput.velocity(velocity),
                             lower: b.lower, upper: b.upper, frameInterval: frameInterval))
    }

    public func beginDrag(at position: Double, overshoot: Double, range: ClosedRange<Double>) -> EngineDrag {
        let b = EngineInput.bounds(range)
        let shown = EngineInput.clamp(EngineInput.position(position), b)
        let unclamped = min(max(shown + EngineInput.delta(overshoot), b.lower - Self.maxOvershootDistance),
                            b.upper + Self.maxOvershootDistance)
        return EngineDrag(raw: unclamped, position: shown, overshoot: unclamped - shown)
    }

    /// `scrolled_window_drag_update_cb` → `_gtk_scrolled_window_set_adjustment_value`: the
    /// unclamped value is the drag's start plus its offset, kept within 100 px of the range.
    public func drag(_ drag: EngineDrag, by delta: Double, range: ClosedRange<Double>) -> EngineDrag {
        let b = EngineInput.bounds(range)
        let raw = EngineInput.position(drag.raw + delta)
        let unclamped = min(max(raw, b.lower - Self.maxOvershootDistance), b.upper + Self.maxOvershootDistance)
        let shown = EngineInput.clamp(unclamped, b)
        return EngineDrag(raw: raw, position: shown, overshoot: unclamped - shown)
    }

    /// `gtk_scrolled_window_accumulate_velocity`: a fling started while one still runs at
    /// `running` in the same direction, at least 0.33 as fast, gains running × min(m, 6) with
    /// m = (v − 0.33·running)/(running − 0.33·running).
    public func accumulatedVelocity(_ v: Double, running: Double) -> Double {
        let new = EngineInput.velocity(v), last = EngineInput.velocity(running)
        guard last != 0, (new >= 0) == (last >= 0), abs(new) >= abs(last) * Self.velocityAccumulationFloor else { return new }
        let minimum = last * Self.velocityAccumulationFloor, maximum = last * Self.velocityAccumulationCeil
        let multiplier = (new - minimum) / (maximum - minimum)
        return EngineInput.velocity(new + last * Double.minimum(multiplier, Self.velocityAccumulationMax))
    }
}

/// One `GtkKineticScrolling` run (see `GTKScrollEngine`): its phases, decided on frames.
public struct GTKFling: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    /// An overshooting phase: e(τ) = e^(−10τ)·(c1 + c2·τ) about `equilibrium` from `start`.
    public struct Overshoot: Hashable, Sendable, BitwiseCopyable {
        public var start: Double
        public var equilibrium: Double
        public var c1: Double
        public var c2: Double

        public func excursion(at t: Double) -> Double {
            let tau = t - start
            return Double.exp(-GTKScrollEngine.overshootFriction / 2 * tau) * (c1 + c2 * tau)
        }

        public func velocity(at t: Double) -> Double {
            let tau = t - start, k = GTKScrollEngine.overshootFriction / 2
            return Double.exp(-k * tau) * (c2 - k * (c1 + c2 * tau))
        }
    }

    public var start: Double
    public var initialVelocity: Double
    public var lower: Double
    public var upper: Double
    public var frameInterval: Double
    /// The decelerating phase's c1 and c2 (x = c1 + c2·e^(−4t)), and the frame it ends on.
    public var decelC1: Double
    public var decelC2: Double
    public var decelEnd: Double
    /// The overshooting phase, and the one restarted from rest at the cap, if reached.
    public var overshoot: Overshoot?
    public var cappedOvershoot: Overshoot?
    /// The frame the run finishes on, and where: rounded to a pixel after decelerating, the edge
    /// after overshooting.
    public var finishTime: Double
    public var finalPosition: Double

    public init(start: Double, velocity: Double, lower: Double, upper: Double, frameInterval: Double = 1.0 / 60) {
        self.start = start
        self.lower = lower
        self.upper = upper
        initialVelocity = velocity
        let dt = frameInterval.isFinite ? min(max(frameInterval, 0.001), 1) : 1.0 / 60
        self.frameInterval = dt
        let friction = GTKScrollEngine.decelerationFriction
        decelC1 = velocity / friction + start
        decelC2 = -velocity / friction
        overshoot = nil
        cappedOvershoot = nil
        /// The first frame strictly after `t` (frames at k·dt, k ≥ 1).
        func frame(after t: Double) -> Double { ((max(t, 0) / dt).rounded(.down) + 1) * dt }

        var phase: Overshoot
        if start < lower || start > upper {
            decelEnd = 0
            let edge = start < lower ? lower : upper
            phase = Overshoot(start: 0, equilibrium: edge, c1: start - edge,
                              c2: velocity + GTKScrollEngine.overshootFriction / 2 * (start - edge))
        } else if velocity == 0 {
            // `gtk_scrolled_window_start_deceleration` makes no kinetic scrolling for a release
            // at rest within the range: nothing moves, nothing is rounded.
            decelEnd = 0
            finishTime = 0
            finalPosition = start
            return
        } else {
            let stop = Self.finishingFrame(velocity: velocity, c1: decelC1, c2: decelC2, frameInterval: dt)
            var cross: (time: Double, edge: Double)?
            if decelC1 < lower || decelC1 > upper {
                // c1 + c2·e^(−4t) = edge  ⇒  t = −ln((edge − c1)/c2)/4.
                let edge = decelC1 < lower ? lower : upper
                let ratio = (edge - decelC1) / decelC2
                if ratio > 0, ratio <= 1 { cross = (frame(after: -Double.log(ratio) / friction), edge) }
            }
            guard let cross, cross.time <= stop else {
                decelEnd = stop
                finishTime = stop
                finalPosition = (decelC1 + decelC2 * Double.exp(-friction * stop)).rounded()
                return
            }
            decelEnd = cross.time
            let e = Double.exp(-friction * cross.time)
            let x = decelC1 + decelC2 * e, v = -friction * decelC2 * e
            phase = Overshoot(start: cross.time, equilibrium: cross.edge, c1: x - cross.edge,
                              c2: v + GTKScrollEngine.overshootFriction / 2 * (x - cross.edge))
        }
        overshoot = phase
        // Tick frame by frame (at most a minute of them) until the excursion is under 0.1 px.
        let capLow = lower - GTKScrollEngine.maxOvershootDistance / 2
        let capHigh = upper + GTKScrollEngine.maxOvershootDistance / 2
        var t = phase.start
        var finish: Double?
        for _ in 0..<Int(60 / dt) {
            t = ((t / dt).rounded() + 1) * dt  // t is a frame: the next one
            var e = phase.excursion(at: t)
            if e < capLow || e > capHigh {
                e = min(max(e, capLow), capHigh)
                phase = Overshoot(start: t, equilibrium: phase.equilibrium, c1: e, c2: GTKScrollEngine.overshootFriction / 2 * e)
                cappedOvershoot = phase
            }
            if abs(e) < 0.1 {
                finish = t
                break
            }
        }
        finishTime = finish ?? t
        finalPosition = phase.equilibrium
    }

    /// `gtk_kinetic_scrolling_tick`'s end of a deceleration: the first frame (frames at k·dt,
    /// k ≥ 1) whose speed |v0|·e^(−4t) is under 1, or, from the second frame on, whose step from
    /// the frame before moves less than 1 px. The step is (|v0|/4)·e^(−4t)·(e^(4·dt) − 1), so at
    /// 60 fps it falls under 1 px while the speed is still 14.5 px/s: 5,000 px/s rests 14.5/4 px
    /// short of its asymptote, and, rounded, at 1,236 px (1,215 at 144 fps).
    static func finishingFrame(velocity: Double, c1: Double, c2: Double, frameInterval dt: Double) -> Double {
        let friction = GTKScrollEngine.decelerationFriction
        func position(_ k: Double) -> Double { c1 + c2 * Double.exp(-friction * k * dt) }
        func finishes(_ k: Double) -> Bool {
            let speed = abs(friction * c2 * Double.exp(-friction * k * dt))
            return speed < 1 || (k >= 2 && abs(position(k) - position(k - 1)) < 1)
        }
        // The first frame after the speed's crossing, ln|v0|/4, and after the step's,
        // ln(|v0|·(e^(4·dt) − 1)/4)/4; then checked frame by frame against the rule itself.
        let speed = abs(velocity)
        let bySpeed = speed > 1 ? Double.log(speed) / friction : 0
        let stepScale = speed * Double.expMinusOne(friction * dt) / friction
        let byStep = stepScale > 1 ? Double.log(stepScale) / friction : 0
        var k = max(1, (min(bySpeed, byStep) / dt).rounded(.down) + 1)
        while k > 1, finishes(k - 1) { k -= 1 }
        var checked = 0
        while !finishes(k), checked < 1000 {
            k += 1
            checked += 1
        }
        return k * dt
    }

    /// A time within this of a frame counts as that frame (k·dt and k/fps may differ in the
    /// last bit).
    static let frameSlack = 1e-9

    /// GTK's own (unclamped) value at t.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return start }
        let phase = t + Self.frameSlack
        if phase >= finishTime { return finalPosition }
        if phase < decelEnd { return decelC1 + decelC2 * Double.exp(-GTKScrollEngine.decelerationFriction * t) }
        if let capped = cappedOvershoot, phase >= capped.start { return capped.equilibrium + capped.excursion(at: t) }
        if let overshoot { return overshoot.equilibrium + overshoot.excursion(at: t) }
        return finalPosition
    }

    /// The content's offset: the adjustment's clamped value.
    public func position(at t: Double) -> Double {
        min(max(value(at: t), lower), upper)
    }

    /// The overshoot indicator's depth at t (signed; at most 100 px, as GTK draws it).
    public func overshoot(at t: Double) -> Double {
        let excess = value(at: t) - position(at: t)
        return min(max(excess, -GTKScrollEngine.maxOvershootDistance), GTKScrollEngine.maxOvershootDistance)
    }

    /// The content's velocity: the decelerating phase's while inside the range, else 0 (the
    /// content rests on the edge while the indicator moves).
    public func velocity(at t: Double) -> Double {
        guard t >= 0, t + Self.frameSlack < decelEnd, t + Self.frameSlack < finishTime else { return 0 }
        let x = value(at: t)
        guard x > lower, x < upper else { return 0 }
        return initialVelocity * Double.exp(-GTKScrollEngine.decelerationFriction * t)
    }

    public var duration: Double { finishTime }
    public func isDone(at t: Double) -> Bool { t + Self.frameSlack >= finishTime }
    public var restPosition: Double { min(max(finalPosition, lower), upper) }
}
