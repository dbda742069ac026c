/// The variant seed 000 describes but its sample never shipped: the layout still invalidates on
/// every scroll, but with an invalidation context that says only the parallax changed, so the
/// frames stay cached and only the attributes handed out for the visible rectangle get a new
/// shift. Its cost follows what is visible, like the scroll callback's.
public final class CachedLayoutStrategy: ParallaxTechnique, LayoutParallaxPolicy {
    public let strategy = ParallaxStrategy.cachedLayout
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

    /// Only the shifts: the geometry of the same-sized bounds is still right.
    public var scrollInvalidationContext: LayoutInvalidationContext { .parallaxOnly }

    /// The layout counts each attribute handed out under this context as one recomputed:
    /// this is all the work a scroll does.
    public func parallax(for frame: Rect, bounds: Rect, contentInsets: EdgeInsets) -> Point {
        settings.displacement(cellFrame: frame, bounds: bounds, contentInsets: contentInsets)
    }
}
