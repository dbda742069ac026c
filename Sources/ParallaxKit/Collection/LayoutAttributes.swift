/// Where one item goes, as a collection-view layout describes it (UICollectionViewLayoutAttributes).
public struct LayoutAttributes: Hashable, Sendable {
    public var item: Int
    /// The cell's frame in content coordinates.
    public var frame: Rect
    /// The shift of the cell's image, when the layout computes it (Begemann's custom
    /// `parallaxOffset` attribute); nil when the layout leaves parallax to someone else.
    public var parallax: Point?

    public init(item: Int, frame: Rect, parallax: Point? = nil) {
        self.item = item
        self.frame = frame
        self.parallax = parallax
    }
}

/// What a layout should throw away (UICollectionViewLayoutInvalidationContext).
public struct LayoutInvalidationContext: Hashable, Sendable {
    /// Only the scroll position moved: keep the geometry and recompute only the parallax of
    /// the attributes asked for (the `invalidateParallaxOffset` flag Begemann sketches).
    /// When false, the layout throws its cached geometry away.
    public var invalidateParallaxOnly: Bool

    public init(invalidateParallaxOnly: Bool) {
        self.invalidateParallaxOnly = invalidateParallaxOnly
    }

    public static let everything = LayoutInvalidationContext(invalidateParallaxOnly: false)
    public static let parallaxOnly = LayoutInvalidationContext(invalidateParallaxOnly: true)
}

/// What the collection view tells its layout about itself.
public struct LayoutEnvironment: Hashable, Sendable {
    public var itemCount: Int
    /// The viewport's size (the collection view's bounds size).
    public var viewportSize: Size
    public var contentInsets: EdgeInsets

    public init(itemCount: Int, viewportSize: Size, contentInsets: EdgeInsets = .zero) {
        self.itemCount = itemCount
        self.viewportSize = viewportSize
        self.contentInsets = contentInsets
    }
}

/// The part of UICollectionViewLayout the collection view talks to.
public protocol CollectionViewLayout: AnyObject {
    var axis: Axis { get }
    /// Computes whatever was invalidated. Called before any query once the layout is invalid.
    func prepare(_ environment: LayoutEnvironment)
    var needsPrepare: Bool { get }
    /// The size of all content (without insets).
    var contentSize: Size { get }
    /// Attributes of every item whose frame meets `rect`, in item order; `bounds` is the
    /// collection view's visible rectangle, which parallax depends on.
    func layoutAttributesForElements(in rect: Rect, bounds: Rect) -> [LayoutAttributes]
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, from oldBounds: Rect) -> Bool
    func invalidationContext(forBoundsChange newBounds: Rect, from oldBounds: Rect) -> LayoutInvalidationContext
    func invalidateLayout(with context: LayoutInvalidationContext)
}
