import RealModule

/// A fling coasting to rest with UIScrollView's exponential deceleration, in closed form.
///
/// With rate d per millisecond and t in seconds:
/// v(t) = v0·d^(1000t) and x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d)
/// (super-ultra/ScrollMechanics, `DecelerationTimingParameters`).
public struct DecelerationSimulation: ScrollSimulation, Hashable, Sendable {
    public var start: Double
    /// Points per second.
    public var initialVelocity: Double
    public var rate: DecelerationRate
    /// Distance from the rest point (points) under which the motion counts as finished.
    /// ScrollMechanics uses half a pixel; at scale 1 that is 0.5 pt.
    public var threshold: Double

    public init(start: Double, initialVelocity: Double, rate: DecelerationRate = .normal, threshold: Double = 0.5) {
        self.start = start
        self.initialVelocity = initialVelocity
        self.rate = rate
        self.threshold = threshold
    }

    /// 1000·ln d: the exponent's coefficient per second (negative).
    var k: Double { 1000 * Double.log(rate.perMillisecond) }

    /// Where the motion ends: x0 − v0/(1000·ln d).
    public var restPosition: Double { start - initialVelocity / k }

    public func position(at t: Double) -> Double {
        start + initialVelocity * (Double.exp(k * t) - 1) / k
    }

    public func velocity(at t: Double) -> Double {
        initialVelocity * Double.exp(k * t)
    }

    /// The time at which the remaining distance |v(t)/k| falls to `threshold`.
    public var duration: Double {
        let remaining = abs(initialVelocity / k)
        guard remaining > threshold else { return 0 }
        return Double.log(threshold / remaining) / k
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    /// The first time the motion reaches `position`, or nil if it never does.
    public func time(toReach position: Double) -> Double? {
        // Solve x0 + v0(e^{kt} − 1)/k = p for t: e^{kt} = 1 + (p − x0)k/v0.
        guard initialVelocity != 0 else { return position == start ? 0 : nil }
        let e = 1 + (position - start) * k / initialVelocity
        guard e > 0, e <= 1 else { return nil }
        return Double.log(e) / k
    }
}
