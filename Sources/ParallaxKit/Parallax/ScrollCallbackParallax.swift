/// Seed 003's strategy: on every scroll, walk the visible cells that opt in and set their
/// image shift; seed 002 adds the same update from `willDisplay` so that a cell appearing
/// between scrolls (or before the first one) is already right.
public final class ScrollCallbackParallax: ScrollViewObserver, CollectionViewDisplayDelegate {
    public var mapping: ParallaxMapping
    public var amount: Double
    /// Whether the strategy runs at all (it is attached only while selected).
    public var isActive: Bool
    /// Seed 002's `willDisplay` update; turn off to see the jump before the first scroll.
    public var updatesOnWillDisplay: Bool = true

    private weak var collectionView: CollectionView?
    private var cellsUpdated = 0

    public init(collectionView: CollectionView, mapping: ParallaxMapping, amount: Double, isActive: Bool) {
        self.collectionView = collectionView
        self.mapping = mapping
        self.amount = amount
        self.isActive = isActive
        collectionView.scrollView.addObserver(self)
        collectionView.displayDelegate = self
    }

    /// Cells updated since the last call.
    public func takeCellsUpdated() -> Int {
        defer { cellsUpdated = 0 }
        return cellsUpdated
    }

    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        guard isActive, let collectionView else { return }
        updateVisibleCells(of: collectionView)
    }

    /// Updates every visible cell that opts in; also used after a strategy switch or resize.
    public func updateVisibleCells(of collectionView: CollectionView) {
        let bounds = collectionView.bounds
        let insets = collectionView.scrollView.contentInsets
        for cell in collectionView.visibleCells where cell.optsIntoParallax {
            cell.parallax = mapping.displacement(cellFrame: cell.frame, bounds: bounds, contentInsets: insets, amount: amount)
            cellsUpdated += 1
        }
    }

    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell) {
        guard isActive, updatesOnWillDisplay, cell.optsIntoParallax else { return }
        cell.parallax = mapping.displacement(
            cellFrame: cell.frame, bounds: collectionView.bounds, contentInsets: collectionView.scrollView.contentInsets, amount: amount)
        cellsUpdated += 1
    }
}
