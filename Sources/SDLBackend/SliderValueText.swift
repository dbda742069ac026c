import Foundation
import ParallaxKit

/// Where a slider writes its value. Dear ImGui centres it over the whole frame, so a long value
/// ("auto: 413 pt") lay over the grab whenever the grab was near the middle. Here the value is
/// centred in the wider stretch of the frame beside the grab, clear of it; one too wide for that
/// stretch is centred over the frame, as ImGui would.
///
/// The grab's place follows ImGui 1.86's float slider (imgui_widgets.cpp, `SliderBehaviorT` and
/// `ScaleRatioFromValueT`): 2 pt of padding at each end, a grab `GrabMinSize` wide, its centre
/// at the value's fraction of the travel left, the fraction linear or logarithmic.
enum SliderValueText {
    /// ImGui's padding between the frame's ends and the grab's travel (`grab_padding`).
    static let grabPadding = 2.0
    /// Space kept between the value and the grab, or the frame's end.
    static let gap = 4.0

    /// The digits after the point `format` writes: ImGui's `ImParseFormatPrecision`, 3 when
    /// the format does not say.
    static func precision(of format: String) -> Int {
        guard let percent = format.firstIndex(of: "%") else { return 3 }
        let rest = format[format.index(after: percent)...].drop { "-+ #0123456789".contains($0) && $0 != "." }
        guard rest.first == "." else { return 3 }
        let digits = rest.dropFirst().prefix { $0.isNumber }
        return Int(digits).map { min($0, 99) } ?? 0
    }

    /// How far along `range` `value` is, 0…1: linear, or logarithmic as ImGui's (an end at
    /// zero moved to 10^-precision, so "%.0f" counts from 1). A logarithmic range below zero
    /// does not occur in the panel and is taken as linear.
    static func fraction(of value: Double, in range: ClosedRange<Double>, logarithmic: Bool, precision: Int) -> Double {
        let low = range.lowerBound, high = range.upperBound
        guard high > low else { return 0 }
        let clamped = min(max(value, low), high)
        guard logarithmic, low >= 0 else { return (clamped - low) / (high - low) }
        let epsilon = pow(0.1, Double(precision))
        let from = max(low, epsilon), to = max(high, epsilon)
        if clamped <= from { return 0 }
        if clamped >= to { return 1 }
        return log(clamped / from) / log(to / from)
    }

    /// The grab's centre along `frame`, in points.
    static func grabCentre(frame: Rect, grabWidth: Double, fraction: Double) -> Double {
        let travel = max(0, frame.width - 2 * grabPadding - grabWidth)
        return frame.minX + grabPadding + grabWidth / 2 + fraction * travel
    }

    /// Where the value's text starts: centred in the wider stretch beside the grab when it fits
    /// there with `gap` on both sides, else centred over the frame.
    static func textX(frame: Rect, grabCentre: Double, grabWidth: Double, textWidth: Double) -> Double {
        let left = (frame.minX, grabCentre - grabWidth / 2), right = (grabCentre + grabWidth / 2, frame.maxX)
        let wider = left.1 - left.0 >= right.1 - right.0 ? left : right
        guard textWidth + 2 * gap <= wider.1 - wider.0 else { return frame.midX - textWidth / 2 }
        return (wider.0 + wider.1) / 2 - textWidth / 2
    }
}
