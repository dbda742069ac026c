/// Seed 000 (Ole Begemann, "Parallax Scrolling"; ole/CollectionViewParallaxScrolling).
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

/// Seed 003 (Engin Kurutepe): Begemann's formula driven from `scrollViewDidScroll`, with the
/// opposite sign (`-offsetFromCenter.y * scaleFactor`) and the same 30 pt.
public enum KurutepeParallax {
    public static let maxParallaxOffset = 30.0

    public static func offset(cellFrame: Rect, bounds: Rect, maxOffset: Double = maxParallaxOffset) -> Double {
        -BegemannParallax.offset(cellFrame: cellFrame, bounds: bounds, maxOffset: maxOffset)
    }
}

/// Clamps `value` to −limit…limit; a non-finite value becomes 0 so a degenerate frame never
/// poisons a layout.
@inline(__always)
func clampMagnitude(_ value: Double, _ limit: Double) -> Double {
    guard value.isFinite else { return 0 }
    let l = abs(limit)
    return min(max(value, -l), l)
}
