/// How fast a fling loses speed: the fraction of velocity kept after each millisecond.
///
/// The two values are UIScrollView's `decelerationRate` constants (`.normal` 0.998 and
/// `.fast` 0.99), as used by super-ultra/ScrollMechanics; Flutter's
/// BouncingScrollSimulation uses the same curve (0.998^1000 ≈ 0.135 of the speed left after
/// one second).
public struct DecelerationRate: Hashable, Sendable {
    public var perMillisecond: Double

    public init(perMillisecond: Double) {
        precondition(perMillisecond > 0 && perMillisecond < 1, "a deceleration rate lies in (0, 1)")
        self.perMillisecond = perMillisecond
    }

    public static let normal = DecelerationRate(perMillisecond: 0.998)
    public static let fast = DecelerationRate(perMillisecond: 0.99)
}
