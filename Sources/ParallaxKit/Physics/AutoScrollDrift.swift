/// A constant-speed drift towards one end of the content, as the album scene's slow
/// auto-scroll: x(t) = x0 + s·t until it reaches `end`.
public struct AutoScrollDrift: ScrollSimulation, Hashable, Sendable {
    public var start: Double
    /// Points per second; positive drifts towards the end of the content.
    public var speed: Double
    /// The offset at which the drift stops: the end of the range it drifts towards.
    public var end: Double

    public init(start: Double, speed: Double, end: Double) {
        self.start = start
        self.speed = speed
        self.end = end
    }

    /// The drift towards the end of `range` that `speed` points at.
    public init(start: Double, speed: Double, within range: ClosedRange<Double>) {
        self.init(start: start, speed: speed, end: speed > 0 ? range.upperBound : range.lowerBound)
    }

    public func position(at t: Double) -> Double { start + speed * t }

    public func velocity(at t: Double) -> Double { speed }

    /// Done once it reaches `end` from its side (it may start on the other end of the
    /// range); a drift without speed never ends.
    public func isDone(at t: Double) -> Bool {
        let x = position(at: t)
        return (speed > 0 && x >= end) || (speed < 0 && x <= end)
    }

    public var restPosition: Double { end }
}
