/// Roland Leth, "Vertical scrolling parallax": only the image area of a cell moves,
/// labels sit below it, and the ratio accounts for the top and bottom bars (content insets).
///
/// ratio = (containerMaxY − topInset) / (viewH + containerH − topInset − bottomInset), clamped
/// to 0…1; the image (20 pt taller than its container) gets top = −20 · ratio.
public enum LethParallax {
    /// The sample's labels below the image.
    public static let labelHeight = 60.0
    /// The sample makes the image 20 pt taller than its container.
    public static let extraImageHeight = 20.0

    /// 0 when the image container leaves past the top bar, 1 when it enters from behind the
    /// bottom bar, 0.5 when centred in the space between the bars.
    public static func ratio(cellFrame: Rect, bounds: Rect, contentInsets: EdgeInsets, labelHeight: Double = labelHeight) -> Double {
        // The cell's rectangle in the coordinates of the view that holds the collection view.
        let maxYInView = cellFrame.maxY - bounds.minY
        let containerMaxY = maxYInView - labelHeight
        let containerHeight = cellFrame.height - labelHeight
        let span = bounds.height + containerHeight - contentInsets.top - contentInsets.bottom
        guard span > 0 else { return 0.5 }
        let r = (containerMaxY - contentInsets.top) / span
        return r.isFinite ? min(1, max(0, r)) : 0.5
    }

    /// The image's top relative to its container: 0 (lowest) … −extra (highest).
    public static func imageTop(ratio: Double, extraHeight: Double = extraImageHeight) -> Double {
        -extraHeight * min(1, max(0, ratio))
    }
}
