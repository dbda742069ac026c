/// What the two layout strategies share (Begemann's, and its cached variant): the strategy
/// becomes its collection view's layout's parallax policy, so the layout hands out every
/// attribute with its shift, and the layout pass applies them. They differ only in what a
/// scroll throws away, `scrollInvalidationContext`.
public class LayoutDrivenStrategy: ShiftStrategy, LayoutParallaxPolicy {
    public let strategy: ParallaxStrategy
    public let scrollInvalidationContext: LayoutInvalidationContext
    private weak var collectionView: CollectionView?
    private var settings = ParallaxSettings(mapping: .begemann, amount: 0)

    init(strategy: ParallaxStrategy, scrollInvalidationContext: LayoutInvalidationContext) {
        self.strategy = strategy
        self.scrollInvalidationContext = scrollInvalidationContext
    }

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

    /// The shift of an attribute being handed out. The layout counts the work: all of it in
    /// `prepare` when a scroll throws the geometry away, each attribute handed out when not.
    public func parallax(for frame: Rect, bounds: Rect, contentInsets: EdgeInsets) -> Point {
        settings.displacement(cellFrame: frame, bounds: bounds, contentInsets: contentInsets)
    }
}
