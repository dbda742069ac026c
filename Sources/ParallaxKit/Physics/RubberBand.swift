/// UIScrollView's resistance when content is dragged past an edge.
///
/// shown = (1 − 1/(x·c/d + 1))·d, with x the raw overshoot, d the viewport's extent on that
/// axis and c = 0.55 (super-ultra/ScrollMechanics `RubberBand`; the constant is UIKit's, as
/// measured in that project). The shown overshoot never reaches d.
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

    /// The overshoot shown for a raw overshoot `x` (sign kept).
    public func shown(overshoot x: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * coefficient / dimension + 1)) * dimension
        return x < 0 ? -magnitude : magnitude
    }

    /// The raw overshoot that shows as `y`: the inverse of `shown(overshoot:)`, used when a
    /// finger grabs content that is already past an edge so that nothing jumps.
    public func raw(shown y: Double) -> Double {
        guard dimension > 0 else { return 0 }
        // Keep |y| strictly inside (0, d): the curve approaches d only as x → ∞.
        let m = min(abs(y), dimension * (1 - 1e-9))
        let x = m * dimension / ((dimension - m) * coefficient)
        return y < 0 ? -x : x
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
}
