/// Estimates the release velocity of a drag from its recent samples.
///
/// Only samples from the last `window` seconds count (≈100 ms, as in
/// super-ultra/ScrollMechanics and Flutter's VelocityTracker horizon); a pointer that rested
/// longer than `restThreshold` (0.1 s) before release throws nothing, so its velocity is 0.
/// The estimate is the least-squares slope through the samples, which shrugs off a single
/// jittery event better than the first-to-last difference.
public struct VelocityTracker: Sendable {
    public static let defaultWindow = 0.1
    public static let defaultRestThreshold = 0.1

    public var window: Double
    public var restThreshold: Double
    private var samples: [(time: Double, position: Double)] = []

    public init(window: Double = VelocityTracker.defaultWindow, restThreshold: Double = VelocityTracker.defaultRestThreshold) {
        self.window = window
        self.restThreshold = restThreshold
    }

    public mutating func add(time: Double, position: Double) {
        samples.append((time, position))
        // Keep the buffer bounded: drop what can no longer fall inside the window.
        if let first = samples.first, time - first.time > 4 * window, samples.count > 32 {
            samples.removeAll { time - $0.time > window }
        }
    }

    /// Velocity (units per second) at release time `now`.
    public func velocity(at now: Double) -> Double {
        guard let last = samples.last, now - last.time <= restThreshold else { return 0 }
        let recent = samples.filter { last.time - $0.time <= window }
        guard recent.count >= 2 else { return 0 }
        let n = Double(recent.count)
        let meanT = recent.reduce(0) { $0 + $1.time } / n
        let meanX = recent.reduce(0) { $0 + $1.position } / n
        var num = 0.0, den = 0.0
        for s in recent {
            num += (s.time - meanT) * (s.position - meanX)
            den += (s.time - meanT) * (s.time - meanT)
        }
        guard den > 0 else { return 0 }
        let v = num / den
        return v.isFinite ? v : 0
    }
}
