/// A spring back to an edge whose excursion is shown through the rubber band.
///
/// The spring is ScrollMechanics' critically damped bounce-back (`SpringSimulation`); it
/// runs in excursion space and the screen shows `RubberBand.shown(excursion:)` of it, so a
/// bounce never shows more than the viewport's extent however hard the fling that caused it.
public struct BounceSimulation: ScrollSimulation, Hashable, Sendable {
    /// The spring in excursion space; its target is the edge.
    public var spring: SpringSimulation
    /// The band the excursion is shown through: the viewport's, so it follows a resize.
    public var band: RubberBand

    public init(spring: SpringSimulation, band: RubberBand) {
        self.spring = spring
        self.band = band
    }

    /// Springs from a shown offset back to `edge`. The spring starts at the excursion that
    /// shows as the current overshoot, with the velocity that keeps the shown motion
    /// continuous: the shown `velocity` divided by the band's slope there, 1/(1 + |e|/d)².
    public init(from shownPosition: Double, toEdge edge: Double, velocity: Double, band: RubberBand,
                stiffness: Double = SpringSimulation.defaultStiffness, dampingRatio: Double = 1) {
        let excursion = band.excursion(shown: shownPosition - edge)
        let scale = 1 + abs(excursion) / band.dimension
        self.init(
            spring: SpringSimulation(start: edge + excursion, target: edge, initialVelocity: velocity * scale * scale,
                                     stiffness: stiffness, dampingRatio: dampingRatio),
            band: band)
    }

    /// The edge the bounce returns to.
    public var edge: Double { spring.target }

    public func position(at t: Double) -> Double {
        spring.target + band.shown(excursion: spring.position(at: t) - spring.target)
    }

    public func velocity(at t: Double) -> Double {
        spring.velocity(at: t) * band.slope(excursion: spring.position(at: t) - spring.target)
    }

    public func isDone(at t: Double) -> Bool { spring.isDone(at: t) }

    public var restPosition: Double { spring.target }
}
