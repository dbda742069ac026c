/// Ole Begemann, "Parallax Scrolling" (ole/CollectionViewParallaxScrolling).
///
/// The image's vertical shift grows with the distance between the cell's centre and the
/// centre of the visible bounds, reaching the maximum just as the cell leaves the screen:
/// offset.y = (boundsMidY − cellMidY) · max / (boundsH/2 + cellH/2).
public enum BegemannParallax {
    /// The sample's `MaxParallaxOffset`.
    public static let maxParallaxOffset = 30.0

    /// The image's shift in points (positive moves it down), clamped to ±`maxOffset` so the
    /// image, `2·maxOffset` taller than the cell, never shows a gap.
    public static func offset(cellFrame: Rect, bounds: Rect, maxOffset: Double = maxParallaxOffset) -> Double {
        let reach = bounds.height / 2 + cellFrame.height / 2
        guard reach > 0 else { return 0 }
        let raw = (bounds.midY - cellFrame.midY) * maxOffset / reach
        return clampMagnitude(raw, maxOffset)
    }
}
