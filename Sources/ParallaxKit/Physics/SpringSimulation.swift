import RealModule

/// A critically damped spring pulling a position to a target, in closed form.
///
/// With ω = √(k/m): x(t) = target + (C1 + C2·t)·e^(−ωt), C1 = x0 − target, C2 = v0 + ω·C1.
/// Mass 1 and stiffness 100 are super-ultra/ScrollMechanics' bounce-back spring
/// (`SpringTimingParameters`), critically damped (damping ratio 1) so it never oscillates
/// past the edge more than once.
public struct SpringSimulation: ScrollSimulation, Hashable, Sendable {
    public var start: Double
    public var target: Double
    /// Points per second.
    public var initialVelocity: Double
    public var mass: Double
    public var stiffness: Double
    /// At rest when closer than this to the target (points) …
    public var positionTolerance: Double
    /// … and slower than this (points per second). Half a pixel and a few pixels per
    /// second are imperceptible at scale 1.
    public var velocityTolerance: Double

    public init(
        start: Double, target: Double, initialVelocity: Double,
        mass: Double = 1, stiffness: Double = 100,
        positionTolerance: Double = 0.5, velocityTolerance: Double = 5
    ) {
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
        target + (c1 + c2 * t) * Double.exp(-omega * t)
    }

    public func velocity(at t: Double) -> Double {
        // d/dt[(C1 + C2 t)e^{−ωt}] = (C2 − ω(C1 + C2 t))e^{−ωt} = (v0 − ω·C2·t)e^{−ωt}.
        (initialVelocity - omega * c2 * t) * Double.exp(-omega * t)
    }

    /// A critically damped spring settles on its target.
    public var restPosition: Double { target }

    public func isDone(at t: Double) -> Bool {
        abs(position(at: t) - target) < positionTolerance && abs(velocity(at: t)) < velocityTolerance
    }
}
