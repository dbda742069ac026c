import RealModule

/// A damped spring pulling a position to a target, in closed form.
///
/// With ω = √(k/m), e(t) = x(t) − target, C1 = x0 − target and damping ratio ζ:
/// critically damped (ζ = 1): e = (C1 + C2·t)·e^(−ωt), C2 = v0 + ω·C1;
/// underdamped (ζ < 1): e = e^(−ζωt)·(C1·cos ωd·t + (v0 + ζω·C1)/ωd · sin ωd·t), ωd = ω√(1 − ζ²);
/// overdamped (ζ > 1): e = A·e^(r1·t) + B·e^(r2·t), r = −ω(ζ ∓ √(ζ² − 1)), A + B = C1,
/// r1·A + r2·B = v0 (the forms Flutter's `SpringSimulation` uses).
/// Mass 1 and stiffness 100, critically damped, are super-ultra/ScrollMechanics' bounce-back
/// spring (`SpringTimingParameters`): it never oscillates past the edge; the tuning panel
/// can make it ring or creep.
public struct SpringSimulation: ScrollSimulation, Hashable, Sendable {
    /// ScrollMechanics' bounce-back stiffness (mass 1).
    public static let defaultStiffness = 100.0

    public var start: Double
    public var target: Double
    /// Points per second.
    public var initialVelocity: Double
    public var mass: Double
    public var stiffness: Double
    /// 1: critical; below: it overshoots and rings; above: it creeps.
    public var dampingRatio: Double
    /// At rest when closer than this to the target (points) …
    public var positionTolerance: Double
    /// … and slower than this (points per second). Half a pixel and a few pixels per
    /// second are imperceptible at scale 1.
    public var velocityTolerance: Double

    public init(
        start: Double, target: Double, initialVelocity: Double,
        mass: Double = 1, stiffness: Double = SpringSimulation.defaultStiffness, dampingRatio: Double = 1,
        positionTolerance: Double = 0.5, velocityTolerance: Double = 5
    ) {
        self.dampingRatio = dampingRatio
        self.start = start
        self.target = target
        self.initialVelocity = initialVelocity
        self.mass = mass
        self.stiffness = stiffness
        self.positionTolerance = positionTolerance
        self.velocityTolerance = velocityTolerance
    }

    var omega: Double { (stiffness / mass).squareRoot() }
    var c1: Double { start - target }
    var c2: Double { initialVelocity + omega * c1 }

    public func position(at t: Double) -> Double {
        target + excursion(at: t).position
    }

    public func velocity(at t: Double) -> Double {
        excursion(at: t).velocity
    }

    /// e(t) and e'(t) for the spring's damping (see the type's comment).
    private func excursion(at t: Double) -> (position: Double, velocity: Double) {
        let w = omega, v0 = initialVelocity
        if dampingRatio < 1 {
            let zw = dampingRatio * w
            let wd = w * (1 - dampingRatio * dampingRatio).squareRoot()
            let b = (v0 + zw * c1) / wd
            let decay = Double.exp(-zw * t), cosine = Double.cos(wd * t), sine = Double.sin(wd * t)
            let e = decay * (c1 * cosine + b * sine)
            let de = decay * ((b * wd - zw * c1) * cosine - (c1 * wd + zw * b) * sine)
            return (e, de)
        }
        if dampingRatio > 1 {
            let root = (dampingRatio * dampingRatio - 1).squareRoot()
            let r1 = -w * (dampingRatio - root), r2 = -w * (dampingRatio + root)
            let b = (v0 - r1 * c1) / (r2 - r1), a = c1 - b
            let e1 = Double.exp(r1 * t), e2 = Double.exp(r2 * t)
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        }
        // d/dt[(C1 + C2 t)e^{−ωt}] = (C2 − ω(C1 + C2 t))e^{−ωt} = (v0 − ω·C2·t)e^{−ωt}.
        let decay = Double.exp(-w * t)
        return ((c1 + c2 * t) * decay, (v0 - w * c2 * t) * decay)
    }

    /// A damped spring settles on its target.
    public var restPosition: Double { target }

    public func isDone(at t: Double) -> Bool {
        abs(position(at: t) - target) < positionTolerance && abs(velocity(at: t)) < velocityTolerance
    }
}
