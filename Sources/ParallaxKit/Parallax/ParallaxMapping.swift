/// One author's rule for how far a cell's image moves, expressed in one shared convention: the
/// displacement of the image from its centred position in the cell, in points (+y down,
/// +x right), never more than `amount` either way.
public enum ParallaxMapping: Hashable, Sendable {
    /// Begemann, "Parallax Scrolling": image centre shift toward the bounds' centre (photos).
    case begemann
    /// Leth, "Vertical scrolling parallax": image container above `labelHeight` of labels, ratio between the bars.
    case leth(labelHeight: Double)
    /// Patel, "Gorgeous parallax scrolling with UITableViewCells": table-row factor.
    case patel
    /// Kurutepe, on parallax from the scroll callback: Begemann's rule with the opposite sign.
    case kurutepe
    /// Jensen, "Parallax scrolling album covers": normalized horizontal position, the whole shift of the back layer.
    case jensen

    /// The image's displacement for a cell at `cellFrame` while `bounds` is visible. `axis` is
    /// the list's scroll axis; only Jensen's rule reads it (the album row is horizontal; applied
    /// to a vertical list, as compared panes do, it measures the cell's place down the viewport
    /// and shifts the image vertically).
    @inline(__always)
    public func displacement(cellFrame: Rect, bounds: Rect, contentInsets: EdgeInsets, amount: Double,
                             axis: Axis = .horizontal) -> Point {
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
            switch axis {
            case .horizontal:
                let p = JensenParallax.position(cellFrame: cellFrame, bounds: bounds)
                return Point(x: JensenParallax.totalOffset(position: p, padding: amount), y: 0)
            case .vertical:
                let p = JensenParallax.position(cellFrame: cellFrame.transposed, bounds: bounds.transposed)
                return Point(x: 0, y: JensenParallax.totalOffset(position: p, padding: amount))
            }
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

extension ParallaxMapping {
    /// Each author's mapping by the author's name (what `--compare technique=` takes), with the
    /// scene it comes from, whose default amount it is shown at.
    public static let byAuthor: [(name: String, mapping: ParallaxMapping, scene: SceneID)] = [
        ("begemann", .begemann, .photos),
        // The photos layout has no labels: the whole cell is Leth's image container.
        ("leth", .leth(labelHeight: 0), .captions),
        ("patel", .patel, .table),
        ("kurutepe", .kurutepe, .quilt),
        ("jensen", .jensen, .albums),
    ]

    /// The author's name of this mapping.
    public var authorName: String {
        switch self {
        case .begemann: "begemann"
        case .leth: "leth"
        case .patel: "patel"
        case .kurutepe: "kurutepe"
        case .jensen: "jensen"
        }
    }
}

extension Rect {
    /// The rectangle with x and y swapped: a vertical list's frames as a horizontal one's.
    public var transposed: Rect { Rect(x: origin.y, y: origin.x, width: size.height, height: size.width) }
}
