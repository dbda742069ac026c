/// Inputs made finite and bounded, so that no engine traps or yields NaN: a non-finite or huge
/// offset, velocity or extent is brought back to a value every formula handles.
enum EngineInput {
    /// A million points per second: far above any hand (platforms cap flings at 8,000–20,000).
    static let maximumSpeed = 1e6
    /// Offsets beyond ±10¹² points are taken as ±10¹².
    static let maximumOffset = 1e12

    static func velocity(_ v: Double) -> Double {
        v.isFinite ? min(max(v, -maximumSpeed), maximumSpeed) : 0
    }

    static func position(_ x: Double) -> Double {
        x.isFinite ? min(max(x, -maximumOffset), maximumOffset) : 0
    }

    static func delta(_ d: Double) -> Double {
        d.isFinite ? min(max(d, -maximumOffset), maximumOffset) : 0
    }

    /// The viewport's extent: positive and finite (1 point when it is not).
    static func extent(_ d: Double) -> Double {
        d.isFinite && d > 0 ? min(d, maximumOffset) : 1
    }

    /// The range's ends, each finite.
    static func bounds(_ range: ClosedRange<Double>) -> (lower: Double, upper: Double) {
        let lower = range.lowerBound.isNaN ? 0 : min(max(range.lowerBound, -maximumOffset), maximumOffset)
        let upper = range.upperBound.isNaN ? lower : min(max(range.upperBound, lower), maximumOffset)
        return (lower, upper)
    }

    static func clamp(_ x: Double, _ b: (lower: Double, upper: Double)) -> Double {
        min(max(x, b.lower), b.upper)
    }
}

/// The first time in [0, limit] at which `done` holds, to 10⁻⁶ s, for a condition that stays true
/// once it holds: scanned in 5 ms steps, then bisected. `limit` if it never holds.
func firstTime(until limit: Double, _ done: (Double) -> Bool) -> Double {
    if done(0) { return 0 }
    var previous = 0.0
    var t = 0.005
    while t <= limit {
        if done(t) {
            var lo = previous, hi = t
            while hi - lo > 1e-7 {
                let mid = (lo + hi) / 2
                if done(mid) { hi = mid } else { lo = mid }
            }
            return hi
        }
        previous = t
        t += 0.005
    }
    return limit
}
