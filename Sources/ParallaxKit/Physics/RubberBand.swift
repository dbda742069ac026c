/// UIScrollView's resistance past an edge: how far content shows for how far it was pulled.
///
/// shown = (1 − 1/(x·c/d + 1))·d, with x the raw overshoot, d the viewport's extent on that
/// axis and c = 0.55 (super-ultra/ScrollMechanics `RubberBand`; the constant is UIKit's, as
/// measured in that project). The shown overshoot never reaches d.
///
/// A bounce shows its spring's excursion e through the same curve, read as a pull of e/c:
/// shown(e/c) = e·d/(|e| + d). The coefficient cancels, so a small excursion shows as itself
/// (slope 1 at the edge, and a fling's velocity carries into the spring unchanged) while even
/// a violent one stays below d, as while dragging. The `excursion` methods give that reading.
public struct RubberBand: Hashable, Sendable {
    /// ScrollMechanics' coefficient, matching UIScrollView.
    public static let defaultCoefficient = 0.55

    public var coefficient: Double
    /// The viewport's extent along the scroll axis.
    public var dimension: Double

    public init(coefficient: Double = RubberBand.defaultCoefficient, dimension: Double) {
        self.coefficient = coefficient
        self.dimension = dimension
    }

    // MARK: A finger's pull

    /// The overshoot shown for a raw overshoot `x` (sign kept).
    public func shown(overshoot x: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * coefficient / dimension + 1)) * dimension
        return x < 0 ? -magnitude : magnitude
    }

    /// The raw overshoot that shows as `y`: the inverse of `shown(overshoot:)`, used when a
    /// finger grabs content that is already past an edge so that nothing jumps.
    public func raw(shown y: Double) -> Double {
        inverse(shown: y, coefficient: coefficient)
    }

    /// Clamps a raw offset to `range`, letting what lies outside show as a rubber band.
    public func clamp(_ raw: Double, to range: ClosedRange<Double>) -> Double {
        if raw < range.lowerBound { return range.lowerBound + shown(overshoot: raw - range.lowerBound) }
        if raw > range.upperBound { return range.upperBound + shown(overshoot: raw - range.upperBound) }
        return raw
    }

    /// The inverse of `clamp(_:to:)`.
    public func unclamp(_ shownOffset: Double, from range: ClosedRange<Double>) -> Double {
        if shownOffset < range.lowerBound { return range.lowerBound + raw(shown: shownOffset - range.lowerBound) }
        if shownOffset > range.upperBound { return range.upperBound + raw(shown: shownOffset - range.upperBound) }
        return shownOffset
    }

    // MARK: A bounce's spring

    /// The overshoot shown for a spring excursion `e` past an edge: e·d/(|e| + d), which is
    /// `shown(overshoot: e / coefficient)` with the coefficient cancelled.
    public func shown(excursion e: Double) -> Double {
        guard dimension > 0 else { return 0 }
        return e * dimension / (abs(e) + dimension)
    }

    /// The spring excursion that shows as `y`: the inverse of `shown(excursion:)`, which is
    /// `coefficient · raw(shown: y)` with the coefficient cancelled.
    public func excursion(shown y: Double) -> Double {
        inverse(shown: y, coefficient: 1)
    }

    /// d(shown)/d(excursion) at excursion `e`: 1/(1 + |e|/d)², which turns a spring's
    /// velocity into the velocity seen on screen.
    public func slope(excursion e: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let k = 1 + abs(e) / dimension
        return 1 / (k * k)
    }

    /// The inverse of the band read with coefficient `c`, shared by both readings:
    /// |x| = m·d/((d − m)·c) for a shown |y| = m.
    private func inverse(shown y: Double, coefficient c: Double) -> Double {
        guard dimension > 0 else { return 0 }
        // Keep |y| strictly inside (0, d): the curve approaches d only as x → ∞.
        let m = min(abs(y), dimension * (1 - 1e-9))
        let x = m * dimension / ((dimension - m) * c)
        return y < 0 ? -x : x
    }
}
