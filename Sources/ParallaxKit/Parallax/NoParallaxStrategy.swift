/// No parallax (the `off` strategy, and every strategy under reduce motion): nothing runs per
/// scroll and every image stays centred in its cell.
public final class NoParallaxStrategy: ShiftStrategy {
    public let strategy = ParallaxStrategy.off

    public init() {}

    public func attach(to collectionView: CollectionView, settings: ParallaxSettings) {}
    public func detach() {}
    public func update(settings: ParallaxSettings) {}
    public func refreshVisibleCells() {}
}
