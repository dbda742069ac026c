import RealModule

/// Flutter's scroll tolerance at a device pixel ratio of 1 (`ScrollPhysics.toleranceFor`):
/// velocity 1/(0.050·dpr) = 20 logical px/s, distance 1/dpr = 1 logical px.
public enum FlutterTolerance {
    public static let velocity = 20.0
    public static let distance = 1.0
    /// `kMinFlingVelocity` (50 logical px/s) and `kMaxFlingVelocity` (8,000).
    public static let minimumFlingVelocity = 50.0
    public static let maximumFlingVelocity = 8000.0
}

/// Flutter on iOS: `BouncingScrollPhysics` with `ScrollDecelerationRate.normal`.
///
/// The fling is `BouncingScrollSimulation`: a `FrictionSimulation` with drag 0.135 (UIKit's
/// 0.998^1000; `constantDeceleration` 0 at the normal rate), x(t) = x0 + v0·(0.135^t − 1)/ln 0.135,
/// which ends when |v| falls under the tolerance (20 px/s). If its final x lies past an edge,
/// a `ScrollSpringSimulation` takes over where it crosses the edge (`timeAtX`), with the
/// friction's velocity there capped by `min(v, maxSpringTransferVelocity = 5000)` — a cap the
/// source applies with `min`, so only to velocities towards the trailing edge. The spring is
/// `ScrollPhysics`' default: mass 0.5, stiffness 100, damping ratio 1.1 (overdamped), done when
/// within 1 px and 20 px/s of the edge, where it snaps to the edge.
///
/// A drag past an edge is `applyPhysicsToUserOffset`: each delta is scaled by
/// frictionFactor = 0.52·(1 − overscroll/viewport)², with the overscroll measured before the
/// delta when pulling further and after it when easing back; a delta that starts inside the
/// range is applied whole. It is applied delta by delta, so what shows depends on the path.
///
/// Exact: all of the above at any t. Not modelled: the `AnimationController` stops on the first
/// frame at or after the friction's end, so the rest lies up to 20 px/s × one frame further
/// than the exact end (0.33 px at 60 fps); the device pixel ratio is taken as 1.
public struct FlutterIOSScrollEngine: Hashable, Sendable, BitwiseCopyable {
    /// `FrictionSimulation`'s drag for `BouncingScrollSimulation`.
    public static let drag = 0.135
    /// `BouncingScrollSimulation.maxSpringTransferVelocity`.
    public static let maxSpringTransferVelocity = 5000.0
    /// `BouncingScrollPhysics.frictionFactor`'s 0.52 at the normal rate.
    public static let overscrollFriction = 0.52
    /// `BouncingScrollPhysics.minFlingVelocity`: `kMinFlingVelocity` × 2.
    public static let minimumFlingVelocity = FlutterTolerance.minimumFlingVelocity * 2
    /// `ScrollDragController.momentumRetainVelocityThresholdFactor`.
    public static let momentumRetainVelocityThresholdFactor = 0.5

    public init() {}

    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        let b = EngineInput.bounds(range)
        return .flutterIOS(FlutterBouncingFling(start: EngineInput.position(start), velocity: EngineInput.velocity(velocity),
                                                lower: b.lower, upper: b.upper))
    }

    public func drag(_ drag: EngineDrag, by delta: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineDrag {
        let moved = resistedDelta(delta, at: drag.position, range: range, viewportExtent: viewportExtent)
        return EngineDrag(raw: EngineInput.position(drag.raw + delta), position: EngineInput.position(drag.position + moved))
    }

    /// `frictionFactor(overscrollFraction)` = 0.52·(1 − f)².
    public static func frictionFactor(_ overscrollFraction: Double) -> Double {
        let r = 1 - overscrollFraction
        return overscrollFriction * r * r
    }

    /// How far the offset moves when a finger asks it to move by `delta` from `position`:
    /// `applyPhysicsToUserOffset`, whose `offset` is the finger's delta (−`delta`), and
    /// `setPixels(pixels − result)`.
    public func resistedDelta(_ delta: Double, at position: Double, range: ClosedRange<Double>, viewportExtent: Double) -> Double {
        let b = EngineInput.bounds(range)
        let x = EngineInput.position(position), d = EngineInput.delta(delta)
        let offset = -d
        guard offset != 0 else { return 0 }
        guard x < b.lower || x > b.upper else { return d }
        let extent = EngineInput.extent(viewportExtent)
        let pastStart = max(b.lower - x, 0), pastEnd = max(x - b.upper, 0)
        let past = max(pastStart, pastEnd)
        let easing = (pastStart > 0 && offset < 0) || (pastEnd > 0 && offset > 0)
        let friction = easing ? Self.frictionFactor((past - abs(offset)) / extent) : Self.frictionFactor(past / extent)
        let applied = Self.applyFriction(extentOutside: past, absDelta: abs(offset), gamma: friction)
        return offset < 0 ? applied : -applied
    }

    /// `BouncingScrollPhysics._applyFriction`: a delta is scaled by γ until it has covered
    /// `extentOutside`/γ; any rest passes unscaled.
    static func applyFriction(extentOutside: Double, absDelta: Double, gamma: Double) -> Double {
        var total = 0.0
        var delta = absDelta
        if extentOutside > 0 {
            let deltaToLimit = extentOutside / gamma
            if delta < deltaToLimit { return delta * gamma }
            total += extentOutside
            delta -= deltaToLimit
        }
        return total + delta
    }

    /// The recognizer's fling velocity: `isFlingGesture` needs more than `minFlingVelocity`
    /// (100 px/s here); the velocity is clamped to `maxFlingVelocity` (8,000).
    public func releaseVelocity(_ v: Double) -> Double {
        abs(v) <= Self.minimumFlingVelocity ? 0
            : min(max(v, -FlutterTolerance.maximumFlingVelocity), FlutterTolerance.maximumFlingVelocity)
    }

    /// `carriedMomentum`: what a fling still running at `existingVelocity` hands to the next
    /// drag, sign(v)·min(0.000816·|v|^1.967, 40000).
    public func carriedMomentum(_ existingVelocity: Double) -> Double {
        let v = EngineInput.velocity(existingVelocity)
        guard v != 0 else { return 0 }
        let carried = min(0.000816 * Double.pow(abs(v), 1.967), 40000)
        return v < 0 ? -carried : carried
    }

    /// `ScrollDragController.end`: the carried momentum is added when the release goes the same
    /// way and is more than half as fast as it.
    public func releaseVelocity(_ v: Double, carrying carried: Double) -> Double {
        let release = releaseVelocity(v), momentum = EngineInput.velocity(carried)
        guard momentum != 0, release.sign == momentum.sign,
              abs(release) > abs(momentum) * Self.momentumRetainVelocityThresholdFactor else { return release }
        return EngineInput.velocity(release + momentum)
    }
}

/// `ScrollSpringSimulation` with `ScrollPhysics`' default spring (mass 0.5, stiffness 100,
/// damping ratio 1.1: damping 1.1·2·√(0.5·100) = 15.556) and the scroll tolerance: x snaps to
/// the end once within 1 px and 20 px/s of it. Flutter's overdamped solution is
/// `SpringSimulation`'s (the same roots r = −ω(ζ ∓ √(ζ² − 1)), ω = √(k/m) = √200).
public struct FlutterScrollSpring: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    public static let mass = 0.5
    public static let stiffness = 100.0
    public static let dampingRatio = 1.1

    public var spring: SpringSimulation

    public init(start: Double, end: Double, velocity: Double) {
        spring = SpringSimulation(start: start, target: end, initialVelocity: velocity, mass: Self.mass,
                                  stiffness: Self.stiffness, dampingRatio: Self.dampingRatio,
                                  positionTolerance: FlutterTolerance.distance, velocityTolerance: FlutterTolerance.velocity)
    }

    /// `SpringSimulation.isDone`: within the tolerance of the end in both position and velocity
    /// (strictly, as `nearZero`).
    public func isDone(at t: Double) -> Bool {
        abs(spring.position(at: t) - spring.target) < FlutterTolerance.distance
            && abs(spring.velocity(at: t)) < FlutterTolerance.velocity
    }

    public func position(at t: Double) -> Double {
        isDone(at: t) ? spring.target : spring.position(at: t)
    }

    public func velocity(at t: Double) -> Double {
        isDone(at: t) ? 0 : spring.velocity(at: t)
    }

    public var restPosition: Double { spring.target }

    /// Seconds until done.
    public var duration: Double { firstTime(until: 30) { isDone(at: $0) } }
}

/// `BouncingScrollSimulation` as `BallisticScrollActivity` runs it (see `FlutterIOSScrollEngine`).
public struct FlutterBouncingFling: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    public var start: Double
    public var initialVelocity: Double
    public var lower: Double
    public var upper: Double
    /// When the spring takes over (0 for a start past an edge); nil if the friction never
    /// reaches an edge.
    public var springTime: Double?
    /// The spring from the crossing (or from a start past an edge) back to the edge.
    public var spring: FlutterScrollSpring?
    /// When the friction's velocity falls under the tolerance: its motion ends there.
    public var frictionEnd: Double

    /// ln 0.135: the friction's exponent per second.
    static let dragLog = Double.log(FlutterIOSScrollEngine.drag)

    public init(start: Double, velocity: Double, lower: Double, upper: Double) {
        self.start = start
        self.lower = lower
        self.upper = upper
        initialVelocity = velocity
        springTime = nil
        spring = nil
        frictionEnd = 0
        if start < lower || start > upper {
            // `createBallisticSimulation` out of range: the spring from here, velocity unclamped.
            springTime = 0
            spring = FlutterScrollSpring(start: start, end: start < lower ? lower : upper, velocity: velocity)
            return
        }
        // In range and slower than the tolerance: no ballistic simulation at all.
        guard abs(velocity) >= FlutterTolerance.velocity else { return }
        frictionEnd = Double.log(FlutterTolerance.velocity / abs(velocity)) / Self.dragLog
        let finalX = start - velocity / Self.dragLog
        let edge: Double? = velocity > 0 && finalX > upper ? upper : velocity < 0 && finalX < lower ? lower : nil
        if let edge {
            // `timeAtX`: ln(ln(drag)·(x − x0)/v0 + 1)/ln(drag).
            let t = edge == start ? 0 : Double.log(Self.dragLog * (edge - start) / velocity + 1) / Self.dragLog
            if t < frictionEnd {
                springTime = t
                spring = FlutterScrollSpring(start: edge, end: edge,
                                             velocity: min(frictionVelocity(at: t), FlutterIOSScrollEngine.maxSpringTransferVelocity))
            }
        }
    }

    /// The friction's x(t) = x0 + v0·(0.135^t − 1)/ln 0.135.
    public func frictionPosition(at t: Double) -> Double {
        start + initialVelocity * (Double.exp(Self.dragLog * t) - 1) / Self.dragLog
    }

    public func frictionVelocity(at t: Double) -> Double {
        initialVelocity * Double.exp(Self.dragLog * t)
    }

    public func position(at t: Double) -> Double {
        if let springTime, let spring, t >= springTime { return spring.position(at: t - springTime) }
        guard t > 0 else { return start }
        return frictionPosition(at: min(t, frictionEnd))
    }

    public func velocity(at t: Double) -> Double {
        if let springTime, let spring, t >= springTime { return spring.velocity(at: t - springTime) }
        return t >= 0 && t < frictionEnd ? frictionVelocity(at: t) : 0
    }

    /// Seconds until the motion ends: the spring's end, or the friction's.
    public var duration: Double {
        if let springTime, let spring { return springTime + spring.duration }
        return frictionEnd
    }

    public func isDone(at t: Double) -> Bool {
        if let springTime, let spring, t >= springTime { return spring.isDone(at: t - springTime) }
        return t >= frictionEnd
    }

    public var restPosition: Double {
        if let spring { return spring.restPosition }
        return frictionPosition(at: frictionEnd)
    }
}

extension SpringSimulation: BitwiseCopyable {}
