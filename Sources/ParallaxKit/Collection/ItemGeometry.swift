/// The geometry half of a layout: a frame for every item, computed from scratch.
///
/// Implementations are deterministic values; `ParallaxLayout` decides when to call them
/// (every bounds change, or only when the size changes) and adds the parallax.
public protocol ItemGeometry: Sendable {
    var axis: Axis { get }
    /// Writes one frame per item into `frames` (replacing its contents) and returns the
    /// content size. The viewport and insets are the collection view's.
    func computeFrames(itemCount: Int, viewportSize: Size, contentInsets: EdgeInsets, into frames: inout [Rect]) -> Size
}

/// The width available to a vertical list (or the height to a horizontal one).
func availableCrossExtent(axis: Axis, viewportSize: Size, contentInsets: EdgeInsets) -> Double {
    let cross = axis.cross
    return max(0, viewportSize[cross] - contentInsets.leading(cross) - contentInsets.trailing(cross))
}
