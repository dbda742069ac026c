/// A fling that coasts to rest and, if it would come to rest past an edge, hands its
/// velocity to a bounce at the instant it crosses that edge.
///
/// Composed like Flutter's `BouncingScrollSimulation` composes a friction and a spring
/// simulation; the coast is UIScrollView's deceleration and the bounce ScrollMechanics'
/// spring, which takes over where the fling meets the edge (super-ultra/ScrollMechanics).
/// A coast whose rest lies within half a point (its threshold) past the edge ends before it
/// crosses, and rests on the edge without a bounce. `ScrollView` runs `crossing.bounce` as a
/// motion of its own from the crossing's instant on, which is what `position(at:)` describes.
public struct BouncingFlingSimulation: ScrollSimulation, Hashable, Sendable {
    /// Where a coast meets an edge, computed once when the fling starts.
    public struct EdgeCrossing: Hashable, Sendable {
        /// The edge, an end of the resting range.
        public var edge: Double
        /// Seconds after the fling's start.
        public var time: Double
        /// The bounce that takes over at `time`, starting on the edge with the coast's velocity.
        public var bounce: BounceSimulation
    }

    public var deceleration: DecelerationSimulation
    /// The offsets at which content rests.
    public var range: ClosedRange<Double>
    /// Where and when the coast crosses an edge, if it does.
    public var crossing: EdgeCrossing?

    /// Flings from `start` (within `range`) at `velocity` points per second; `band` shows a
    /// bounce's excursion.
    public init(start: Double, velocity: Double, rate: DecelerationRate, range: ClosedRange<Double>, band: RubberBand,
                stiffness: Double = SpringSimulation.defaultStiffness, dampingRatio: Double = 1) {
        let coast = DecelerationSimulation(start: start, initialVelocity: velocity, rate: rate)
        deceleration = coast
        self.range = range
        crossing = nil
        let rest = coast.restPosition
        if rest < range.lowerBound || rest > range.upperBound {
            let edge = rest < range.lowerBound ? range.lowerBound : range.upperBound
            if let t = coast.time(toReach: edge) {
                let bounce = BounceSimulation(from: edge, toEdge: edge, velocity: coast.velocity(at: t), band: band,
                                              stiffness: stiffness, dampingRatio: dampingRatio)
                crossing = EdgeCrossing(edge: edge, time: t, bounce: bounce)
            }
        }
    }

    /// Whether the bounce has taken over by `t`.
    public func isBouncing(at t: Double) -> Bool {
        guard let crossing else { return false }
        return t >= crossing.time
    }

    public func position(at t: Double) -> Double {
        if let crossing, t >= crossing.time { return crossing.bounce.position(at: t - crossing.time) }
        return deceleration.position(at: t)
    }

    public func velocity(at t: Double) -> Double {
        if let crossing, t >= crossing.time { return crossing.bounce.velocity(at: t - crossing.time) }
        return deceleration.velocity(at: t)
    }

    public func isDone(at t: Double) -> Bool {
        if let crossing, t >= crossing.time { return crossing.bounce.isDone(at: t - crossing.time) }
        return deceleration.isDone(at: t)
    }

    /// Where the coast rests, kept within the range: the edge it crosses, if it crosses one
    /// (the bounce springs back to it, and a coast that stops short of it stops on it).
    public var restPosition: Double {
        min(max(deceleration.restPosition, range.lowerBound), range.upperBound)
    }
}
