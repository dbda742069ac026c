/// Seed 000's technique (Ole Begemann's sample): the layout answers yes to
/// `shouldInvalidateLayout(forBoundsChange:)` for every scroll, throws its attributes away,
/// recomputes every item's frame in `prepare` and hands out each attribute with its
/// `parallaxOffset`. Simple and exact; its cost grows with the whole list, not the screen.
public final class InvalidatingLayoutStrategy: ParallaxTechnique, LayoutParallaxPolicy {
    public let strategy = ParallaxStrategy.layoutInvalidation
    private weak var collectionView: CollectionView?
    private var settings = ParallaxSettings(mapping: .begemann, amount: 0)

    public init() {}

    public func attach(to collectionView: CollectionView, settings: ParallaxSettings) {
        self.collectionView = collectionView
        self.settings = settings
        collectionView.layout.parallaxPolicy = self
    }

    public func detach() {
        guard let collectionView else { return }
        if collectionView.layout.parallaxPolicy === self { collectionView.layout.parallaxPolicy = nil }
        self.collectionView = nil
    }

    public func update(settings: ParallaxSettings) {
        guard settings != self.settings else { return }
        self.settings = settings
        collectionView?.layout.invalidateLayout(with: .everything)
    }

    /// The attributes carry the shifts; the layout pass has already applied them.
    public func refreshVisibleCells() {}

    // MARK: LayoutParallaxPolicy

    /// Everything: the sample keeps no cache between scrolls.
    public var scrollInvalidationContext: LayoutInvalidationContext { .everything }

    /// Counted as part of `prepare`'s recomputation of every attribute, not again here.
    public func parallax(for frame: Rect, bounds: Rect, contentInsets: EdgeInsets) -> Point {
        settings.displacement(cellFrame: frame, bounds: bounds, contentInsets: contentInsets)
    }
}
