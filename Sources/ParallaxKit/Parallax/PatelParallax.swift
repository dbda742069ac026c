/// Krishan Patel, "Gorgeous parallax scrolling with UITableViewCells"
/// (krishan711/ParallaxCells-iOS): rows of 250 pt, parallax factor 70.
///
/// f = (cellY + cellH) / (tableH + cellH) with cellY in the table's superview, clamped 0…1;
/// the image, 2·factor taller than the row, moves up by (1 − f)·2·factor.
public enum PatelParallax {
    /// The sample's `imageParallaxFactor` (the post's text uses 20; its GIF and sample 70).
    public static let parallaxFactor = 70.0

    /// 0 as the row leaves the top of the table, 1 as it leaves the bottom.
    public static func factor(cellFrame: Rect, bounds: Rect) -> Double {
        let cellY = cellFrame.minY - bounds.minY
        let span = bounds.height + cellFrame.height
        guard span > 0 else { return 0.5 }
        let f = (cellY + cellFrame.height) / span
        return f.isFinite ? min(1, max(0, f)) : 0.5
    }

    /// How far the image's top sits above the row's top: (1 − f)·2·factor.
    public static func pixelOffset(factor f: Double, parallaxFactor: Double = parallaxFactor) -> Double {
        (1 - min(1, max(0, f))) * 2 * parallaxFactor
    }
}
