/// A collection-view layout that adds an image shift to a geometry's frames, the way the
/// active strategy asks: recomputed with everything on every bounds change (seed 000), only
/// the shift from cached geometry (seed 000's unshipped variant), or not at all (seed 003's
/// scroll callback does it instead).
public final class ParallaxLayout: CollectionViewLayout {
    /// How the layout takes part in parallax.
    public enum Mode: Hashable, Sendable {
        /// The layout ignores parallax and never invalidates for scrolling.
        case none
        /// Invalidate everything on every bounds change.
        case invalidateEverything
        /// Invalidate only the shifts while the bounds' size stays the same.
        case cached
    }

    public let geometry: any ItemGeometry
    public var axis: Axis { geometry.axis }
    public private(set) var mode: Mode
    public private(set) var mapping: ParallaxMapping
    public private(set) var amount: Double

    public private(set) var frames: [Rect] = []
    public private(set) var contentSize: Size = .zero
    public private(set) var needsPrepare = true
    private var index: SpatialIndex
    private var environment = LayoutEnvironment(itemCount: 0, viewportSize: .zero)

    /// Work done since the last `takeWork()`.
    private var work = StrategyWork()

    public init(geometry: any ItemGeometry, mapping: ParallaxMapping, amount: Double, mode: Mode) {
        self.geometry = geometry
        self.mapping = mapping
        self.amount = amount
        self.mode = mode
        self.index = SpatialIndex(axis: geometry.axis)
    }

    /// Returns the counters and starts new ones.
    public func takeWork() -> StrategyWork {
        defer { work = StrategyWork() }
        return work
    }

    public func setMode(_ newMode: Mode) {
        guard newMode != mode else { return }
        mode = newMode
        invalidateLayout(with: .everything)
    }

    public func setParallax(mapping newMapping: ParallaxMapping, amount newAmount: Double) {
        guard newMapping != mapping || newAmount != amount else { return }
        mapping = newMapping
        amount = newAmount
        invalidateLayout(with: .everything)
    }

    // MARK: CollectionViewLayout

    public func prepare(_ environment: LayoutEnvironment) {
        if environment != self.environment { needsPrepare = true }
        guard needsPrepare else { return }
        self.environment = environment
        contentSize = geometry.computeFrames(
            itemCount: max(0, environment.itemCount), viewportSize: environment.viewportSize,
            contentInsets: environment.contentInsets, into: &frames)
        index.rebuild(frames)
        work.attributesComputed += frames.count
        needsPrepare = false
    }

    public func layoutAttributesForElements(in rect: Rect, bounds: Rect) -> [LayoutAttributes] {
        let candidates = index.candidates(from: rect.min(axis), to: rect.max(axis))
        var result: [LayoutAttributes] = []
        result.reserveCapacity(candidates.count)
        for item in candidates {
            let frame = frames[item]
            guard frame.intersects(rect) else { continue }
            result.append(LayoutAttributes(item: item, frame: frame, parallax: parallax(for: frame, bounds: bounds)))
        }
        if mode == .cached { work.attributesComputed += result.count }
        return result
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect, from oldBounds: Rect) -> Bool {
        newBounds.size != oldBounds.size || mode != .none
    }

    public func invalidationContext(forBoundsChange newBounds: Rect, from oldBounds: Rect) -> LayoutInvalidationContext {
        mode == .cached && newBounds.size == oldBounds.size ? .parallaxOnly : .everything
    }

    public func invalidateLayout(with context: LayoutInvalidationContext) {
        work.invalidations += 1
        // Seed 000: unless only the parallax changed, throw the cached geometry away.
        if !context.invalidateParallaxOnly { needsPrepare = true }
    }

    @inline(__always)
    private func parallax(for frame: Rect, bounds: Rect) -> Point? {
        mode == .none ? nil : mapping.displacement(cellFrame: frame, bounds: bounds, contentInsets: environment.contentInsets, amount: amount)
    }
}
