/// A model of UICollectionView: it owns a scroll view, asks its layout which items meet the
/// visible rectangle, keeps one cell per visible item (reusing cells that scrolled away) and
/// applies the layout's attributes to them.
public final class CollectionView: ScrollViewBoundsObserver {
    public let scrollView: ScrollView
    public private(set) var layout: ParallaxLayout
    public private(set) var itemCount: Int
    /// Cells on screen, in item order.
    public private(set) var visibleCells: [CollectionViewCell] = []
    public weak var displayDelegate: CollectionViewDisplayDelegate?
    /// Decides which items' cells take part in the scroll callback (Kurutepe's opt-in).
    public var itemOptsIntoParallax: @Sendable (Int) -> Bool = { _ in true }

    private var reusePool: [CollectionViewCell] = []
    private var needsLayout = true
    /// Cells created (not reused) so far; reuse keeps this near the visible count.
    public private(set) var cellsCreated = 0

    public init(scrollView: ScrollView, layout: ParallaxLayout, itemCount: Int) {
        self.scrollView = scrollView
        self.layout = layout
        self.itemCount = max(0, itemCount)
        scrollView.setBoundsObserver(self)
    }

    public var bounds: Rect { scrollView.bounds }

    /// The work of this collection view, its layout and the strategy attached to it.
    public var work: WorkTally { layout.work }

    public func setItemCount(_ count: Int) {
        itemCount = max(0, count)
        layout.invalidateLayout(with: .everything)
        needsLayout = true
    }

    /// Marks the layout invalid and the cells for a fresh pass (after a strategy or scene change).
    public func reloadLayout() {
        layout.invalidateLayout(with: .everything)
        needsLayout = true
    }

    /// Sets every cell's shift back to centred, the visible ones and those waiting for reuse,
    /// as on switching to a strategy that will not touch them or to another amount: a reused
    /// cell must never bring back a shift the current amount does not allow (with the
    /// willDisplay update off, the bug Patel's fix addresses, it shows its old shift until the next scroll).
    public func resetParallax() {
        for cell in visibleCells { cell.parallax = .zero }
        for cell in reusePool { cell.parallax = .zero }
    }

    // MARK: ScrollViewBoundsObserver

    public func scrollViewBoundsDidChange(from oldBounds: Rect, to newBounds: Rect) {
        if layout.shouldInvalidateLayout(forBoundsChange: newBounds, from: oldBounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds, from: oldBounds))
        }
        // Even without invalidation, other items may now be visible.
        needsLayout = true
    }

    // MARK: Layout pass

    /// Prepares the layout and gives the scroll view its content size, without touching
    /// cells: input that arrives before the first frame then already knows where the end is.
    public func prepareLayout() {
        layout.prepare(LayoutEnvironment(itemCount: itemCount, viewportSize: scrollView.viewportSize, contentInsets: scrollView.contentInsets))
        // The content size follows the layout; the scroll view clamps if it shrank.
        let contentSize = layout.contentSize
        if scrollView.contentSize != contentSize { scrollView.setContentSize(contentSize) }
    }

    /// Brings the layout and the visible cells up to date (UICollectionView's layoutSubviews).
    public func layoutIfNeeded() {
        guard needsLayout || layout.needsPrepare else { return }
        needsLayout = false
        prepareLayout()
        let bounds = scrollView.bounds
        let attributes = layout.layoutAttributesForElements(in: bounds, bounds: bounds)

        // Recycle cells whose items left; attributes and cells are both in item order.
        var kept: [Int: CollectionViewCell] = [:]
        kept.reserveCapacity(visibleCells.count)
        var wanted = Set<Int>(minimumCapacity: attributes.count)
        for a in attributes { wanted.insert(a.item) }
        for cell in visibleCells {
            if wanted.contains(cell.item) { kept[cell.item] = cell } else { reusePool.append(cell) }
        }

        var cells: [CollectionViewCell] = []
        cells.reserveCapacity(attributes.count)
        var appearing: [CollectionViewCell] = []
        var updatedByLayout = 0
        for a in attributes {
            let cell: CollectionViewCell
            if let existing = kept[a.item] {
                cell = existing
                cell.frame = a.frame
            } else if let reused = reusePool.popLast() {
                cell = reused
                cell.item = a.item
                cell.frame = a.frame
                cell.useCount += 1
                cell.optsIntoParallax = itemOptsIntoParallax(a.item)
                appearing.append(cell)
            } else {
                cell = CollectionViewCell(item: a.item, frame: a.frame, optsIntoParallax: itemOptsIntoParallax(a.item))
                cellsCreated += 1
                appearing.append(cell)
            }
            if let p = a.parallax {
                cell.parallax = p
                updatedByLayout += 1
            }
            cells.append(cell)
        }
        visibleCells = cells
        work.addCellsUpdated(updatedByLayout)
        for cell in appearing { displayDelegate?.collectionView(self, willDisplay: cell) }
    }
}
