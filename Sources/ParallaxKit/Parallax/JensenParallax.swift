/// Nick Jensen, "Parallax scrolling album covers with UICollectionView";
/// nrj/ParallaxAlbumCoverFlow: a stack of covers whose back layers slide sideways.
public enum JensenParallax {
    /// The sample's stack: the fixed front cover and four behind it.
    public static let layerCount = 5
    /// Each layer behind is this much more transparent (alpha 1 − 0.2·i).
    public static let alphaStep = 0.2

    /// The cell's place across the viewport: −1 as it enters on the left (its right edge at
    /// the bounds' left), 0 when centred, 1 as it leaves on the right.
    public static func position(cellFrame: Rect, bounds: Rect) -> Double {
        let minX = bounds.minX - cellFrame.width
        let maxX = bounds.maxX
        guard maxX > minX else { return 0 }
        let p = 2 / (maxX - minX) * (cellFrame.minX - minX) - 1
        return p.isFinite ? min(1, max(-1, p)) : 0
    }

    /// The whole shift for a position: +padding at −1 (covers pushed right), −padding at 1.
    public static func totalOffset(position: Double, padding: Double) -> Double {
        // Linear from (1, −padding) to (−1, +padding), as the sample's setParallaxPosition:.
        let minPosition = 1.0, maxPosition = -1.0
        let minOffset = -padding, maxOffset = padding
        return (maxOffset - minOffset) / (maxPosition - minPosition) * (position - minPosition) + minOffset
    }

    /// Each layer's shift: the total divided evenly among the layers behind the front one, so
    /// layer i moves i/(n−1) of the total and the front (i = 0) stays put.
    public static func layerOffsets(totalOffset: Double, layerCount: Int = layerCount) -> [Double] {
        guard layerCount > 1 else { return [0] }
        let step = totalOffset / Double(layerCount - 1)
        return (0..<layerCount).map { Double($0) * step }
    }

    public static func alpha(ofLayer i: Int) -> Double { max(0, 1 - alphaStep * Double(i)) }
}
