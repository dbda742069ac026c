/// A collection-view layout that places a scene's items by its geometry and, when a strategy
/// computes shifts inside the layout (Begemann's and its cached variant), asks that strategy's
/// policy whether a scroll invalidates it and what shift each attribute carries. Without a
/// policy it ignores parallax and never invalidates for scrolling (Kurutepe's layout).
public final class ParallaxLayout: CollectionViewLayout {
    public private(set) var geometry: any ItemGeometry
    public var axis: Axis { geometry.axis }
    /// Set by a layout strategy while it is attached.
    public var parallaxPolicy: (any LayoutParallaxPolicy)? {
        didSet {
            guard parallaxPolicy !== oldValue else { return }
            invalidateLayout(with: .everything)
        }
    }
    /// Where this layout, its collection view and the strategy add up their work.
    public let work = WorkTally()

    public private(set) var frames: [Rect] = []
    public private(set) var contentSize: Size = .zero
    public private(set) var needsPrepare = true
    private var index: SpatialIndex
    private var environment = LayoutEnvironment(itemCount: 0, viewportSize: .zero)

    public init(geometry: any ItemGeometry) {
        self.geometry = geometry
        self.index = SpatialIndex(axis: geometry.axis)
    }

    /// Places items by `geometry` from now on (the same scene with more photos known).
    public func replaceGeometry(_ geometry: any ItemGeometry) {
        precondition(geometry.axis == self.geometry.axis, "a layout keeps its axis")
        self.geometry = geometry
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
        work.addAttributesComputed(frames.count)
        needsPrepare = false
    }

    public func layoutAttributesForElements(in rect: Rect, bounds: Rect) -> [LayoutAttributes] {
        let candidates = index.candidates(from: rect.min(axis), to: rect.max(axis))
        var result: [LayoutAttributes] = []
        result.reserveCapacity(candidates.count)
        let policy = parallaxPolicy
        let insets = environment.contentInsets
        for item in candidates {
            let frame = frames[item]
            guard frame.intersects(rect) else { continue }
            result.append(LayoutAttributes(item: item, frame: frame, parallax: policy?.parallax(for: frame, bounds: bounds, contentInsets: insets)))
        }
        // A policy that keeps the geometry across scrolls recomputes just what it hands out;
        // one that throws it away was counted in full by `prepare`.
        if let policy, policy.scrollInvalidationContext.invalidateParallaxOnly { work.addAttributesComputed(result.count) }
        return result
    }

    /// The items whose frames meet `rect`, in item order, with their frames: geometry only.
    /// No parallax is computed and nothing is tallied as the strategy's work, so a reader that
    /// is not the layout pass (the photo pipeline looking ahead) neither costs nor skews what
    /// the panel says the strategy did.
    public func itemFrames(in rect: Rect) -> [(item: Int, frame: Rect)] {
        index.candidates(from: rect.min(axis), to: rect.max(axis)).compactMap { item in
            let frame = frames[item]
            return frame.intersects(rect) ? (item, frame) : nil
        }
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect, from oldBounds: Rect) -> Bool {
        newBounds.size != oldBounds.size || parallaxPolicy != nil
    }

    public func invalidationContext(forBoundsChange newBounds: Rect, from oldBounds: Rect) -> LayoutInvalidationContext {
        guard newBounds.size == oldBounds.size, let parallaxPolicy else { return .everything }
        return parallaxPolicy.scrollInvalidationContext
    }

    public func invalidateLayout(with context: LayoutInvalidationContext) {
        work.addInvalidation()
        // Begemann's: unless only the parallax changed, throw the cached geometry away.
        if !context.invalidateParallaxOnly { needsPrepare = true }
    }
}
