/// One seed's rule for how far a cell's image moves, expressed in one shared convention: the
/// displacement of the image from its centred position in the cell, in points (+y down,
/// +x right), never more than `amount` either way.
public enum ParallaxMapping: Hashable, Sendable {
    /// Seed 000: image centre shift toward the bounds' centre (photos).
    case begemann
    /// Seed 001: image container above `labelHeight` of labels, ratio between the bars.
    case leth(labelHeight: Double)
    /// Seed 002: table-row factor.
    case patel
    /// Seed 003: Begemann's rule with the opposite sign.
    case kurutepe
    /// Seed 004: normalized horizontal position, the whole shift of the back layer.
    case jensen

    /// The image's displacement for a cell at `cellFrame` while `bounds` is visible.
    @inline(__always)
    public func displacement(cellFrame: Rect, bounds: Rect, contentInsets: EdgeInsets, amount: Double) -> Point {
        switch self {
        case .begemann:
            return Point(x: 0, y: BegemannParallax.offset(cellFrame: cellFrame, bounds: bounds, maxOffset: amount))
        case .kurutepe:
            return Point(x: 0, y: KurutepeParallax.offset(cellFrame: cellFrame, bounds: bounds, maxOffset: amount))
        case .leth(let labelHeight):
            // The image is 2·amount taller than its container; centred, its top sits at −amount.
            let ratio = LethParallax.ratio(cellFrame: cellFrame, bounds: bounds, contentInsets: contentInsets, labelHeight: labelHeight)
            let top = LethParallax.imageTop(ratio: ratio, extraHeight: 2 * amount)
            return Point(x: 0, y: top + amount)
        case .patel:
            // The image is 2·amount taller than the row; centred, its top sits at −amount.
            let f = PatelParallax.factor(cellFrame: cellFrame, bounds: bounds)
            let top = -PatelParallax.pixelOffset(factor: f, parallaxFactor: amount)
            return Point(x: 0, y: top + amount)
        case .jensen:
            let p = JensenParallax.position(cellFrame: cellFrame, bounds: bounds)
            return Point(x: JensenParallax.totalOffset(position: p, padding: amount), y: 0)
        }
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
