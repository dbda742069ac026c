/// Kurutepe's strategy: the layout never invalidates for scrolling; on every scroll the
/// scroll view's observer walks the visible cells that opt in and sets their image shift.
/// Patel adds the same update from `willDisplay`, so a cell that appears between scrolls
/// (or before the first one) is already right.
public final class ScrollCallbackStrategy: ShiftStrategy, ScrollViewObserver, CollectionViewDisplayDelegate {
    public let strategy = ParallaxStrategy.scrollCallback
    /// Patel's `willDisplay` update; turn it off to see the jump before the first scroll.
    public var updatesOnWillDisplay = true

    private weak var collectionView: CollectionView?
    private var settings = ParallaxSettings(mapping: .begemann, amount: 0)

    public init() {}

    public func attach(to collectionView: CollectionView, settings: ParallaxSettings) {
        self.collectionView = collectionView
        self.settings = settings
        collectionView.scrollView.addObserver(self)
        collectionView.displayDelegate = self
    }

    public func detach() {
        guard let collectionView else { return }
        collectionView.scrollView.removeObserver(self)
        if collectionView.displayDelegate === self { collectionView.displayDelegate = nil }
        self.collectionView = nil
    }

    public func update(settings: ParallaxSettings) {
        self.settings = settings
    }

    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        refreshVisibleCells()
    }

    public func refreshVisibleCells() {
        guard let collectionView else { return }
        let bounds = collectionView.bounds
        let insets = collectionView.scrollView.contentInsets
        var updated = 0
        for cell in collectionView.visibleCells where cell.optsIntoParallax {
            cell.parallax = settings.displacement(cellFrame: cell.frame, bounds: bounds, contentInsets: insets)
            updated += 1
        }
        collectionView.work.addCellsUpdated(updated)
    }

    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell) {
        guard updatesOnWillDisplay, cell.optsIntoParallax else { return }
        cell.parallax = settings.displacement(cellFrame: cell.frame, bounds: collectionView.bounds, contentInsets: collectionView.scrollView.contentInsets)
        collectionView.work.addCellsUpdated(1)
    }
}
