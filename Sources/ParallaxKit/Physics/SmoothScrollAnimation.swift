/// An eased move from one offset to a target, retargetable mid-flight without a jolt.
///
/// Used for mouse-wheel notches and keyboard scrolling. Chromium's smooth wheel scrolling
/// animates each notch over roughly 100–200 ms towards a target that the next notch moves
/// further; this is a cubic Hermite curve that starts with the current velocity (so a new
/// notch mid-animation continues smoothly) and ends at rest on the target.
public struct SmoothScrollAnimation: ScrollSimulation, Hashable, Sendable {
    public var from: Double
    public var to: Double
    /// Velocity at the start (points per second), carried over from a previous animation.
    public var initialVelocity: Double
    public var duration: Double

    /// Chromium eases a wheel notch over ~100–200 ms; 150 ms sits in the middle.
    public static let wheelDuration = 0.15
    /// Keyboard steps are longer and feel calmer at 200 ms (also within Chromium's range).
    public static let keyDuration = 0.2

    public init(from: Double, to: Double, initialVelocity: Double = 0, duration: Double) {
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.duration = max(duration, 1e-6)
    }

    public func position(at t: Double) -> Double {
        let s = min(max(t / duration, 0), 1)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        return h00 * from + h10 * duration * initialVelocity + h01 * to
    }

    /// `position(at:)` kept within the segment from `from` to `to`: an inherited velocity can
    /// carry the Hermite curve past its target, and a scroll view must not follow it out of
    /// the content.
    public func boundedPosition(at t: Double) -> Double {
        let x = position(at: t)
        return min(max(x, min(from, to)), max(from, to))
    }

    public func velocity(at t: Double) -> Double {
        guard t < duration else { return 0 }
        let s = max(t / duration, 0)
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s
        let d10 = 3 * s2 - 4 * s + 1
        let d01 = -6 * s2 + 6 * s
        return (d00 * from + d01 * to) / duration + d10 * initialVelocity
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    /// The animation ends at rest on its target.
    public var restPosition: Double { to }
}
