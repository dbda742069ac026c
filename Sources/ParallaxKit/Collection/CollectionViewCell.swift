/// A reusable cell: the item it shows, where it is, and how far its image is shifted.
public final class CollectionViewCell {
    public internal(set) var item: Int
    /// Frame in content coordinates.
    public internal(set) var frame: Rect
    /// The image's displacement from centred (see `ParallaxMapping`).
    public var parallax: Point
    /// Kurutepe's informal protocol: only cells that opt in get a shift from the scroll callback.
    public var optsIntoParallax: Bool
    /// How many items this cell object has shown (1 when never reused).
    public internal(set) var useCount: Int

    init(item: Int, frame: Rect, optsIntoParallax: Bool) {
        self.item = item
        self.frame = frame
        self.parallax = .zero
        self.optsIntoParallax = optsIntoParallax
        self.useCount = 1
    }
}

/// Told just before a cell is shown for an item (UITableViewDelegate's `willDisplay`).
public protocol CollectionViewDisplayDelegate: AnyObject {
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell)
}
