/// UIScrollView, as this project already models it (unchanged): the coast is
/// `DecelerationSimulation` (0.998 of the velocity kept per millisecond), a coast that would rest
/// past an edge hands its velocity to `BounceSimulation` at the crossing (ScrollMechanics'
/// critically damped spring, mass 1, stiffness 100, shown through the rubber band), a drag past
/// an edge shows `RubberBand`'s (1 − 1/(x·0.55/d + 1))·d of the pull x, and a release past an
/// edge springs back with the same bounce (super-ultra/ScrollMechanics).
public struct UIKitScrollEngine: Hashable, Sendable {
    /// The tuned constants (defaults are UIKit's).
    public var physics: ScrollPhysics

    public init(physics: ScrollPhysics = .uikit) {
        self.physics = physics
    }

    func band(_ viewportExtent: Double) -> RubberBand {
        RubberBand(coefficient: physics.rubberBandCoefficient, dimension: EngineInput.extent(viewportExtent))
    }

    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        let b = EngineInput.bounds(range)
        let x = EngineInput.position(start), v = EngineInput.velocity(velocity)
        if x < b.lower || x > b.upper {
            let edge = x < b.lower ? b.lower : b.upper
            return .uikitBounce(BounceSimulation(from: x, toEdge: edge, velocity: v, band: band(viewportExtent),
                                                 stiffness: physics.springStiffness, dampingRatio: physics.springDampingRatio))
        }
        return .uikit(BouncingFlingSimulation(start: x, velocity: v, rate: physics.decelerationRate, range: b.lower...b.upper,
                                              band: band(viewportExtent), stiffness: physics.springStiffness,
                                              dampingRatio: physics.springDampingRatio))
    }

    /// Grabbing content that shows past an edge keeps it where it shows: the raw pull is the
    /// band's inverse of the shown overshoot.
    public func beginDrag(at position: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineDrag {
        let b = EngineInput.bounds(range), x = EngineInput.position(position)
        return EngineDrag(raw: band(viewportExtent).unclamp(x, from: b.lower...b.upper), position: x)
    }

    public func drag(_ drag: EngineDrag, by delta: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineDrag {
        let b = EngineInput.bounds(range)
        let raw = EngineInput.position(drag.raw + delta)
        return EngineDrag(raw: raw, position: band(viewportExtent).clamp(raw, to: b.lower...b.upper))
    }
}
