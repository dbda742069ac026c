/// Everything that configures a playground, as one value: what a command's options build, and
/// what a second model (the monkey's shadow, a pane) is made from so that it matches the first
/// in everything but what it is meant to differ in.
public struct PlaygroundSettings: Sendable, Hashable {
    public var scene: SceneID
    /// nil: the scene's own strategy (until the user picks one).
    public var strategy: ParallaxStrategy?
    /// nil: the scene's own count, or one item per photo with `itemCountFollowsPhotos`.
    public var itemCount: Int?
    /// nil: the scene's own amount.
    public var parallaxAmount: Double?
    public var reduceMotion: Bool
    /// What reduce motion leaves of the parallax, a fraction of the amount (0: none).
    public var reducedAmountFraction: Double = 0
    /// The photos every scene shows: the bundled set or a folder's.
    public var photos: PhotoSet
    /// One item per photo in the photo scenes, growing as photos arrive (a folder's playground
    /// until the user sets a count).
    public var itemCountFollowsPhotos: Bool
    /// Another author's mapping on this scene's list (a compared technique); nil: the scene's own.
    public var mapping: ParallaxMapping?
    /// The scroll view's feel (UIKit's by default).
    public var physics: ScrollPhysics = .uikit
    /// The cells' shape (every knob nil: the scene's own).
    public var cellLayout: CellLayout = .sceneDefaults
    /// Where the viewer sits, for the motion meter's degrees.
    public var viewingGeometry = ViewingGeometry.laptop

    public init(scene: SceneID = .photos, strategy: ParallaxStrategy? = nil, itemCount: Int? = nil,
                parallaxAmount: Double? = nil, reduceMotion: Bool = false, photos: PhotoSet = .bundled,
                itemCountFollowsPhotos: Bool = false, mapping: ParallaxMapping? = nil) {
        self.scene = scene
        self.strategy = strategy
        self.itemCount = itemCount
        self.parallaxAmount = parallaxAmount
        self.reduceMotion = reduceMotion
        self.photos = photos
        self.itemCountFollowsPhotos = itemCountFollowsPhotos
        self.mapping = mapping
    }
}

extension Playground {
    /// A playground configured by `settings`, in a viewport of `viewportSize`.
    public convenience init(_ settings: PlaygroundSettings, viewportSize: Size) {
        self.init(scene: settings.scene, strategy: settings.strategy, itemCount: settings.itemCount,
                  viewportSize: viewportSize, reduceMotion: settings.reduceMotion,
                  reducedAmountFraction: settings.reducedAmountFraction, photos: settings.photos,
                  itemCountFollowsPhotos: settings.itemCountFollowsPhotos, mapping: settings.mapping,
                  cellLayout: settings.cellLayout)
        if let amount = settings.parallaxAmount { setParallaxAmount(amount) }
        if settings.physics != .uikit { setPhysics(settings.physics) }
        viewingGeometry = settings.viewingGeometry
    }

    /// The settings that build a playground configured as this one is now (its scroll position
    /// and motion are not settings).
    public var settings: PlaygroundSettings {
        var settings = PlaygroundSettings(
            scene: scene.id, strategy: userChoseStrategy ? strategy : nil,
            itemCount: itemCountFollowsPhotos && scene.id != .albums ? nil : itemCount,
            parallaxAmount: parallaxAmount == scene.defaultParallaxAmount ? nil : parallaxAmount,
            reduceMotion: reduceMotion, photos: photos, itemCountFollowsPhotos: itemCountFollowsPhotos,
            mapping: mappingOverride)
        settings.physics = physics
        settings.cellLayout = cellLayout
        settings.reducedAmountFraction = reducedAmountFraction
        settings.viewingGeometry = viewingGeometry
        return settings
    }

    /// Appends the photos `other` has beyond this playground's own and takes the shapes that
    /// reached `other` first (a folder's headers), so the two lay out the same list.
    public func catchUpPhotos(with other: Playground) {
        let mine = photos.count, theirs = other.photos
        if theirs.count > mine {
            appendPhotos((mine..<theirs.count).map { (theirs.aspectRatios[$0], theirs.titles[$0]) })
        }
        guard photos.aspectRatios != theirs.aspectRatios else { return }
        let shared = min(photos.count, theirs.count)
        let changed = (0..<shared).filter { photos.aspectRatios[$0] != theirs.aspectRatios[$0] }
        setPhotoShapes(changed.map { (photo: $0, aspectRatio: theirs.aspectRatios[$0]) }, pointer: nil)
    }
}
