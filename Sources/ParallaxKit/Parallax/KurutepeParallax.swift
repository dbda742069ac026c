/// Engin Kurutepe, on why invalidating a quilt layout on every scroll was too slow:
/// Begemann's rule, run from `scrollViewDidScroll` over the visible cells that opt in, with
/// the opposite sign (his cells apply `-offsetFromCenter.y * scaleFactor`) and the same 30 pt.
public enum KurutepeParallax {
    /// The same maximum as Begemann's sample, which his post builds on.
    public static let maxParallaxOffset = 30.0

    /// The image's shift in points (positive moves it down): Begemann's, negated.
    public static func offset(cellFrame: Rect, bounds: Rect, maxOffset: Double = maxParallaxOffset) -> Double {
        -BegemannParallax.offset(cellFrame: cellFrame, bounds: bounds, maxOffset: maxOffset)
    }
}
