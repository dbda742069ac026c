/// The thin bar that shows where the viewport is in the content, fading out when scrolling
/// stops (as UIScrollView's indicators do).
public struct ScrollIndicator: Sendable {
    /// Stays fully visible this long after the last movement (seconds)…
    public static let holdDuration = 0.5
    /// …then fades over this long.
    public static let fadeDuration = 0.3
    public static let thickness = 5.0
    public static let minimumLength = 36.0
    public static let margin = 3.0

    private var lastMovement: Double = -.infinity

    public init() {}

    /// Call once per frame; `moved` is whether the offset changed this frame.
    public mutating func update(moved: Bool, at time: Double) {
        if moved { lastMovement = time }
    }

    public func opacity(at time: Double) -> Double {
        let idle = time - lastMovement
        if idle <= Self.holdDuration { return 1 }
        return max(0, 1 - (idle - Self.holdDuration) / Self.fadeDuration)
    }

    /// The thumb's rectangle in viewport points, or nil when everything fits.
    public static func thumb(for scrollView: ScrollView) -> Rect? {
        let axis = scrollView.axis
        let viewport = scrollView.viewportSize
        let insets = scrollView.contentInsets
        let trackStart = insets.leading(axis) + margin
        let trackLength = viewport[axis] - insets.leading(axis) - insets.trailing(axis) - 2 * margin
        let range = scrollView.offsetRange
        let scrollable = range.upperBound - range.lowerBound
        guard scrollable > 0, trackLength > minimumLength else { return nil }
        let total = scrollable + viewport[axis]
        var length = max(minimumLength, trackLength * viewport[axis] / total)
        let position = scrollView.position
        // Past an edge the thumb shrinks by the overshoot, as UIKit's does.
        let overshoot = position < range.lowerBound ? range.lowerBound - position : max(0, position - range.upperBound)
        length = max(thickness * 2, length - overshoot)
        let fraction = min(max((position - range.lowerBound) / scrollable, 0), 1)
        let start = trackStart + fraction * (trackLength - length)
        let cross = viewport[axis.cross] - thickness - margin - insets.trailing(axis.cross)
        return axis == .vertical
            ? Rect(x: cross, y: start, width: thickness, height: length)
            : Rect(x: start, y: cross, width: length, height: thickness)
    }
}
