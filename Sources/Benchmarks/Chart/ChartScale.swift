import Presentation
import Foundation
import ParallaxKit

/// The chart's log–log axes: item counts across, microseconds per frame up, mapped into a
/// plot area in points. Shared by every panel so the scenes compare at a glance.
public struct ChartScale: Equatable, Sendable {
    /// log10 of the item counts at the plot's left and right edges.
    public var xRange: ClosedRange<Double>
    /// log10 of the microseconds at the plot's bottom and top edges: whole decades.
    public var yRange: ClosedRange<Double>

    /// Axes that hold every count and every time, with a quarter decade of room left and
    /// right; nil when there is nothing to plot. The 10 µs target line is always inside, and a
    /// time just above a decade line gets the decade below too, so it does not sit on the axis.
    public init?(counts: [Int], microseconds: [Double]) {
        let values = microseconds.map { max($0, 1e-3) }
        guard let lowest = values.min(), let highest = values.max(),
              let fewest = counts.filter({ $0 > 0 }).min(), let most = counts.max() else { return nil }
        xRange = (log10(Double(fewest)) - 0.25)...(log10(Double(most)) + 0.25)
        yRange = floor(log10(min(lowest, 10)) - 0.15)...ceil(log10(max(highest, 10) * 1.05))
    }

    /// Where `items` falls across `area`.
    public func x(_ items: Double, in area: Rect) -> Double {
        area.minX + (log10(items) - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * area.width
    }

    /// Where `microseconds` falls up `area` (larger is higher, so smaller y).
    public func y(_ microseconds: Double, in area: Rect) -> Double {
        area.maxY - (log10(max(microseconds, 1e-3)) - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * area.height
    }

    /// The powers of ten on the y axis, bottom to top, in µs.
    public var decades: [Double] {
        stride(from: yRange.lowerBound, through: yRange.upperBound, by: 1).map { pow(10, $0) }
    }

    /// "500 µs", "2 ms", "1 s": a y label.
    public static func durationLabel(microseconds value: Double) -> String {
        if value >= 1_000_000 { return trimmed(value / 1_000_000) + " s" }
        if value >= 1000 { return trimmed(value / 1000) + " ms" }
        return trimmed(value) + " µs"
    }

    /// "50", "1k", "1M": an x label.
    public static func countLabel(_ count: Int) -> String {
        if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
        if count >= 1000 && count % 1000 == 0 { return "\(count / 1000)k" }
        return "\(count)"
    }

    /// A tick value: whole from 1 up ("3"), else in as few decimals as show it ("0.5", "0.05").
    private static func trimmed(_ value: Double) -> String {
        if value >= 1 { return NumberFormat.fixed(value, decimals: 0) }
        for decimals in 1...6 {
            let text = NumberFormat.fixed(value, decimals: decimals)
            if let back = Double(text), abs(back - value) <= 1e-9 * max(1, abs(value)) { return text }
        }
        return NumberFormat.fixed(value, decimals: 6)
    }
}
