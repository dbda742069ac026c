/// The model behind one window: a scene's collection view and scroll view, the strategy that
/// computes the shifts (`ShiftStrategy`), and the knobs (strategy, item count, parallax
/// amount, reduce motion). It only builds and swaps; `FrameStep` runs the frames.
///
/// One file (a little over 300 lines): every knob is a `private(set)` property whose setter
/// here keeps the collection view, the strategy and the scroll view in step; an extension in
/// another file could not set them, and would have to open them to every caller.
public final class Playground {
    public internal(set) var scene: Scene
    /// The strategy chosen: by the user, or else the current scene's own.
    public private(set) var strategy: ParallaxStrategy
    /// Whether the user picked the strategy (`--strategy` or a key) in this run; until then
    /// each scene starts in its own article's strategy, so no scene shows another article's strategy.
    public private(set) var userChoseStrategy: Bool
    public private(set) var itemCount: Int
    public private(set) var parallaxAmount: Double
    /// Reduce motion (GNOME's `enable-animations` = false): the parallax runs at the reduced
    /// amount, which is none by default (parallax off whatever the strategy).
    public private(set) var reduceMotion: Bool
    /// What reduce motion leaves of the parallax, as a fraction of `parallaxAmount`
    /// (`reducedAmountKnob`): 0, the default, turns it off as before; kept through scene changes.
    public private(set) var reducedAmountFraction: Double
    public private(set) var viewportSize: Size
    /// Where the viewer sits, for the motion meter's degrees (`ViewingGeometry`'s knobs); the
    /// viewer's desk, not the scene's look, so a scene change or Reset keeps it.
    public var viewingGeometry = ViewingGeometry.laptop
    /// The photos every scene shows: the bundled set or a folder's.
    public internal(set) var photos: PhotoSet
    /// Photos' shapes that arrived while the list moved by itself or under a hand, by photo:
    /// applied once it rests (see `setPhotoShapes`).
    var heldPhotoShapes: [Int: Double] = [:]
    public private(set) var collectionView: CollectionView
    /// The strategy computing the shifts now: the chosen one's, or none under reduce motion.
    public private(set) var shiftStrategy: any ShiftStrategy
    /// Patel's fix; turning it off shows the jump before the first scroll.
    public var updatesOnWillDisplay = true {
        didSet { (shiftStrategy as? ScrollCallbackStrategy)?.updatesOnWillDisplay = updatesOnWillDisplay }
    }
    /// Set when the cells changed without a scroll: the next frame refreshes every visible one.
    var needsFullRefresh = false
    /// The counts `[` and `]` stepped from and which way (−1 or +1), the latest last: a key
    /// in the other direction goes back to the latest first, so each undoes the other even
    /// where a division rounded or a product stopped at a limit. Any other change of count or
    /// scene forgets them.
    private(set) var countsBeforeScaling: [(count: Int, step: Int)] = []
    /// True after the first drag, wheel or scrolling key (or a chosen position): the albums'
    /// auto-scroll then stays off.
    public var userHasInteracted: Bool { scrollView.isTouched }

    /// The item counts `[` and `]` move between.
    public static let itemCountRange = 1...1_000_000

    /// The largest parallax amount an option, preset or compared pane may set, points: far past
    /// any article's (the largest is 30) and still a finite image size.
    public static let largestParallaxAmount = 1000.0

    /// Another author's mapping in place of the scene's own (compared techniques on one list),
    /// kept through scene changes; nil: each scene's own.
    public private(set) var mappingOverride: ParallaxMapping?

    /// One item per photo in every scene that shows photos, growing as photos are added:
    /// a folder's playground, until the user sets a count (`--items`, `[` or `]`).
    public private(set) var itemCountFollowsPhotos: Bool

    /// With `itemCountFollowsPhotos`, every photo scene shows one item per photo (and
    /// `itemCount` is ignored for them).
    public init(
        scene id: SceneID, strategy: ParallaxStrategy? = nil, itemCount: Int? = nil, viewportSize: Size,
        reduceMotion: Bool = false, reducedAmountFraction: Double = 0, photos: PhotoSet = .bundled,
        itemCountFollowsPhotos: Bool = false, mapping: ParallaxMapping? = nil, cellLayout: CellLayout = .sceneDefaults
    ) {
        var scene = Scene.make(id, photos: photos, cellLayout: cellLayout)
        if let mapping { scene.mapping = mapping }
        self.mappingOverride = mapping
        self.photos = photos
        self.itemCountFollowsPhotos = itemCountFollowsPhotos
        let itemCount = itemCountFollowsPhotos && id != .albums ? min(photos.count, Self.itemCountRange.upperBound) : itemCount
        self.scene = scene
        self.strategy = strategy ?? scene.defaultStrategy
        self.userChoseStrategy = strategy != nil
        self.itemCount = max(0, itemCount ?? scene.defaultItemCount)
        self.parallaxAmount = scene.defaultParallaxAmount
        self.reduceMotion = reduceMotion
        self.reducedAmountFraction = Self.clampedReducedAmountFraction(reducedAmountFraction)
        self.viewportSize = viewportSize
        self.collectionView = Self.makeCollectionView(scene: scene, itemCount: self.itemCount, viewportSize: viewportSize)
        self.shiftStrategy = NoParallaxStrategy()
        attach(effectiveStrategy.makeShiftStrategy())
        collectionView.prepareLayout()
    }

    private static func makeCollectionView(scene: Scene, itemCount: Int, viewportSize: Size) -> CollectionView {
        let scrollView = ScrollView(axis: scene.axis, viewportSize: viewportSize, contentInsets: scene.contentInsets)
        return CollectionView(scrollView: scrollView, layout: ParallaxLayout(geometry: scene.geometry), itemCount: itemCount)
    }

    public var scrollView: ScrollView { collectionView.scrollView }
    public var layout: ParallaxLayout { collectionView.layout }
    public var visibleCells: [CollectionViewCell] { collectionView.visibleCells }

    /// The strategy actually running (off under reduce motion with no reduced amount).
    public var effectiveStrategy: ParallaxStrategy { reduceMotion && reducedAmountFraction == 0 ? .off : strategy }

    /// The amount the shifts are computed with now: the tuned one, or under reduce motion its
    /// reduced fraction. The images' overscan stays the tuned amount's (`imageOverscan`).
    public var movingParallaxAmount: Double { reduceMotion ? parallaxAmount * reducedAmountFraction : parallaxAmount }

    private var parallaxSettings: ParallaxSettings {
        ParallaxSettings(mapping: scene.mapping, amount: movingParallaxAmount, axis: scene.axis)
    }

    private func attach(_ newStrategy: any ShiftStrategy) {
        shiftStrategy = newStrategy
        (newStrategy as? ScrollCallbackStrategy)?.updatesOnWillDisplay = updatesOnWillDisplay
        newStrategy.attach(to: collectionView, settings: parallaxSettings)
    }

    // MARK: What a frame does (called by `FrameStep` only)

    /// When each photo (by index in `photos`) was taken, as seconds since 1970 on the local
    /// wall clock, where known (a folder sorted by date): the scrubber's label names the month.
    public var photoDates: [Double?]?

    /// The scroll indicator's thumb under the hand, if it is held (see `ScrollScrubber`).
    public private(set) var scrubber = ScrollScrubber()

    /// Feeds one input event to the scrubber, or else the scroll view (keys that do not
    /// scroll are ignored here): a press on the indicator's thumb never drags the content.
    public func handle(_ event: TimedEvent) {
        if scrubber.handle(event, scrollView: scrollView) { return }
        scrollView.handle(event)
    }

    /// The physics phase: the scroll motion moves to `time`; the album scene's auto-scroll
    /// starts while nobody has touched it.
    func advanceMotion(to time: Double) {
        scrubber.frameInputEnded()
        if let speed = scene.autoScrollSpeed, scrollView.phase == .idle {
            scrollView.startAutoScroll(speed: speed, time: time)
        }
        scrollView.advanceMotion(to: time)
    }

    /// The layout phase: observers hear of the scroll (the scroll callback runs here), the
    /// collection view lays out (the layout strategies run here), and after a change that
    /// moved no scroll the strategy refreshes every visible cell.
    func layOut() {
        scrollView.notifyIfMoved()
        collectionView.layoutIfNeeded()
        if needsFullRefresh {
            needsFullRefresh = false
            shiftStrategy.refreshVisibleCells()
        }
    }

    // MARK: Knobs

    /// The user's choice: it stays through scene changes for the rest of the run.
    public func setStrategy(_ newStrategy: ParallaxStrategy) {
        strategy = newStrategy
        userChoseStrategy = true
        applyEffectiveStrategy()
    }

    public func setReduceMotion(_ on: Bool) {
        reduceMotion = on
        applyEffectiveStrategy()
    }

    /// Sets what reduce motion leaves of the parallax (clamped to 0…1; not a number: 0). Only
    /// a list under reduce motion moves differently at once.
    public func setReducedAmountFraction(_ fraction: Double) {
        reducedAmountFraction = Self.clampedReducedAmountFraction(fraction)
        if reduceMotion { applyEffectiveStrategy() }
    }

    static func clampedReducedAmountFraction(_ fraction: Double) -> Double {
        let range = Playground.reducedAmountKnob.range
        return fraction.isFinite ? min(max(fraction, range.lowerBound), range.upperBound) : 0
    }

    /// Swaps the shift strategy; cells go back to centred until the new one sets them.
    private func applyEffectiveStrategy() {
        shiftStrategy.detach()
        attach(effectiveStrategy.makeShiftStrategy())
        collectionView.resetParallax()
        collectionView.reloadLayout()
        needsFullRefresh = true
    }

    /// The scroll view's feel; kept through scene changes, which make a new scroll view.
    public private(set) var physics = ScrollPhysics.uikit

    public func setPhysics(_ newPhysics: ScrollPhysics) {
        physics = newPhysics
        scrollView.physics = newPhysics
    }

    /// Another author's mapping on this list, kept through scene changes; nil: each scene's own.
    public func setMapping(_ mapping: ParallaxMapping?) {
        mappingOverride = mapping
        scene.mapping = mapping ?? Scene.make(scene.id, photos: photos).mapping
        setParallaxAmount(parallaxAmount)
    }

    public func setParallaxAmount(_ amount: Double) {
        parallaxAmount = max(0, amount.isFinite ? amount : 0)
        shiftStrategy.update(settings: parallaxSettings)
        collectionView.resetParallax()
        collectionView.reloadLayout()
        needsFullRefresh = true
    }

    /// The cells' shape: spacing, height and image overscan (nil knobs: the scene's own).
    public var cellLayout: CellLayout { scene.cellLayout }

    /// Points the images reach past their cells at each end: the overscan knob, else the
    /// parallax amount (the articles' rule).
    public var imageOverscan: Double { scene.cellLayout.imageOverscan ?? parallaxAmount }

    /// Reshapes the cells in place: the geometry is rebuilt with the new knobs and laid out
    /// again at the same scroll offset (the scroll view clamps it if the content shrank), as
    /// when photos arrive; a motion under way goes on.
    public func setCellLayout(_ newLayout: CellLayout) {
        guard newLayout != scene.cellLayout else { return }
        scene.cellLayout = newLayout
        rebuildGeometry()
        // Every visible cell's frame changes too (unlike photos arriving, which only add cells
        // after the others): the next layout pass must place them all again.
        collectionView.reloadLayout()
        collectionView.prepareLayout()
        needsFullRefresh = true
    }

    /// Makes the scene's geometry again from its photos and its cells' shape, in place (the
    /// mapping, amount and strategy stay; the layout keeps the scroll offset).
    func rebuildGeometry() {
        let geometry = Scene.make(scene.id, photos: photos, cellLayout: scene.cellLayout).geometry
        scene.geometry = geometry
        collectionView.layout.replaceGeometry(geometry)
    }

    /// `[` and `]`: divides or multiplies the count by 10, each first undoing the presses of
    /// the other before it (see `scaledItemCount`).
    func scaleItemCount(_ step: Int) {
        let before = itemCount
        var ladder = countsBeforeScaling
        let next = scaledItemCount(step)
        if let latest = ladder.last, latest.step == -step.signum(), latest.count == next {
            ladder.removeLast()
        } else if next != before {
            ladder.append((count: before, step: step.signum()))
        }
        setItemCount(next)
        countsBeforeScaling = ladder
    }

    public func setItemCount(_ count: Int) {
        countsBeforeScaling.removeAll()
        itemCountFollowsPhotos = false
        itemCount = max(0, count)
        collectionView.setItemCount(itemCount)
        collectionView.prepareLayout()
        needsFullRefresh = true
    }

    /// Adds photos at the end of the set as a folder's headers arrive, and with
    /// `itemCountFollowsPhotos` one item for each: the layout places them after the ones there
    /// already (every geometry places items in order), so nothing on screen moves.
    public func appendPhotos(_ more: [(aspectRatio: Double, title: String)]) {
        guard !more.isEmpty else { return }
        for photo in more { photos.append(aspectRatio: photo.aspectRatio, title: photo.title) }
        scene.photos = photos
        rebuildGeometry()
        if itemCountFollowsPhotos && scene.id != .albums {
            itemCount = min(photos.count, Self.itemCountRange.upperBound)
            collectionView.setItemCount(itemCount)
        }
        collectionView.prepareLayout()
        needsFullRefresh = true
    }

    /// Shows another folder's photos, one item per photo, from the start of the current
    /// scene (its strategy, reduce motion and viewport kept).
    public func replacePhotos(_ newPhotos: PhotoSet) {
        photos = newPhotos
        photoDates = nil
        itemCountFollowsPhotos = true
        setScene(scene.id)
    }

    public func setViewportSize(_ size: Size) {
        viewportSize = size
        scrollView.setViewportSize(size)
        collectionView.prepareLayout()
        needsFullRefresh = true
    }

    /// Switches scene, keeping reduce-motion and viewport, and the strategy if the user chose
    /// one (else the new scene's own); count, amount and the cells' shape go back to the new
    /// scene's defaults (each scene reads the shape's knobs in its own terms).
    public func setScene(_ id: SceneID, itemCount count: Int? = nil) {
        countsBeforeScaling.removeAll()
        shiftStrategy.detach()
        scene = Scene.make(id, photos: photos)
        if let mappingOverride { scene.mapping = mappingOverride }
        if !userChoseStrategy { strategy = scene.defaultStrategy }
        let followed = itemCountFollowsPhotos && id != .albums ? min(photos.count, Self.itemCountRange.upperBound) : nil
        itemCount = max(0, count ?? followed ?? scene.defaultItemCount)
        parallaxAmount = scene.defaultParallaxAmount
        collectionView = Self.makeCollectionView(scene: scene, itemCount: itemCount, viewportSize: viewportSize)
        collectionView.scrollView.physics = physics
        scrubber.release()
        attach(effectiveStrategy.makeShiftStrategy())
        collectionView.prepareLayout()
    }

    /// Puts the content at `offset` along the scene's axis (clamped). A chosen position counts
    /// as the user's: the album row's auto-scroll does not move it on.
    public func scroll(to offset: Double) {
        collectionView.prepareLayout()
        scrollView.setPosition(offset)
    }

    /// Puts item `index`'s cell at the start of the viewport, below any leading inset (as far
    /// as the scroll range allows): where a folder opened at one of its photos starts. An
    /// index outside the list leaves the position alone.
    public func scroll(toItem index: Int) {
        collectionView.prepareLayout()
        guard layout.frames.indices.contains(index) else { return }
        let axis = scrollView.axis
        scroll(to: layout.frames[index].origin[axis] - scrollView.contentInsets.leading(axis))
    }
}
