/// The whole model behind one window: a scene's collection view and scroll view, the active
/// strategy and its knobs. The app, the trace and the benchmark all drive this one object.
public final class Playground {
    public private(set) var scene: Scene
    /// The strategy the user chose.
    public private(set) var strategy: ParallaxStrategy
    public private(set) var itemCount: Int
    public private(set) var parallaxAmount: Double
    /// Reduce motion: parallax off whatever the strategy (GNOME's `enable-animations` = false).
    public private(set) var reduceMotion: Bool
    public private(set) var viewportSize: Size
    public private(set) var collectionView: CollectionView
    private var callback: ScrollCallbackParallax
    private var needsFullRefresh = false
    /// True after the first drag, wheel or scrolling key (or a chosen position): the albums'
    /// auto-scroll then stays off.
    public var userHasInteracted: Bool { scrollView.isTouched }

    /// The item counts `[` and `]` move between.
    public static let itemCountRange = 1...1_000_000

    public init(scene id: SceneID, strategy: ParallaxStrategy? = nil, itemCount: Int? = nil, viewportSize: Size, reduceMotion: Bool = false) {
        let scene = Scene.make(id)
        self.scene = scene
        self.strategy = strategy ?? scene.defaultStrategy
        self.itemCount = max(0, itemCount ?? scene.defaultItemCount)
        self.parallaxAmount = scene.defaultParallaxAmount
        self.reduceMotion = reduceMotion
        self.viewportSize = viewportSize
        (collectionView, callback) = Self.build(scene: scene, strategy: reduceMotion ? .off : self.strategy, itemCount: self.itemCount, amount: scene.defaultParallaxAmount, viewportSize: viewportSize)
    }

    private static func build(scene: Scene, strategy: ParallaxStrategy, itemCount: Int, amount: Double, viewportSize: Size) -> (CollectionView, ScrollCallbackParallax) {
        let scrollView = ScrollView(axis: scene.axis, viewportSize: viewportSize, contentInsets: scene.contentInsets)
        let layout = ParallaxLayout(geometry: scene.geometry, mapping: scene.mapping, amount: amount, mode: layoutMode(for: strategy))
        let collectionView = CollectionView(scrollView: scrollView, layout: layout, itemCount: itemCount)
        let callback = ScrollCallbackParallax(collectionView: collectionView, mapping: scene.mapping, amount: amount, isActive: strategy == .scrollCallback)
        collectionView.prepareLayout()
        return (collectionView, callback)
    }

    private static func layoutMode(for strategy: ParallaxStrategy) -> ParallaxLayout.Mode {
        switch strategy {
        case .layoutInvalidation: .invalidateEverything
        case .cachedLayout: .cached
        case .scrollCallback, .off: .none
        }
    }

    public var scrollView: ScrollView { collectionView.scrollView }
    public var layout: ParallaxLayout { collectionView.layout }
    public var visibleCells: [CollectionViewCell] { collectionView.visibleCells }

    /// The strategy actually running (off under reduce motion).
    public var effectiveStrategy: ParallaxStrategy { reduceMotion ? .off : strategy }

    /// Seed 002's fix; turning it off shows the jump before the first scroll.
    public var updatesOnWillDisplay: Bool {
        get { callback.updatesOnWillDisplay }
        set { callback.updatesOnWillDisplay = newValue }
    }

    // MARK: Input and frames

    /// Feeds one input event to the scroll view (keys that do not scroll are ignored here).
    public func handle(_ event: TimedEvent) {
        scrollView.handle(event)
    }

    /// Runs one frame at `time`: the scroll view moves and notifies, the layout and the
    /// cells catch up, the strategy updates. Returns what the strategy did.
    @discardableResult
    public func advanceFrame(to time: Double) -> StrategyWork {
        advancePhysics(to: time)
        return updateLayoutAndStrategy()
    }

    /// The first half of a frame: the scroll motion moves to `time` (and the album scene's
    /// auto-scroll starts while nobody has touched it).
    public func advancePhysics(to time: Double) {
        if let speed = scene.autoScrollSpeed, scrollView.phase == .idle {
            scrollView.startAutoScroll(speed: speed, time: time)
        }
        scrollView.advanceMotion(to: time)
    }

    /// The second half: observers hear of the scroll (the scroll-callback strategy runs here),
    /// the collection view lays out, invalidating per the layout strategies. Returns the work.
    public func updateLayoutAndStrategy() -> StrategyWork {
        scrollView.notifyIfMoved()
        collectionView.layoutIfNeeded()
        if needsFullRefresh {
            needsFullRefresh = false
            if effectiveStrategy == .scrollCallback { callback.updateVisibleCells(of: collectionView) }
        }
        var work = layout.takeWork()
        work.cellsUpdated += collectionView.takeCellsUpdatedByLayout() + callback.takeCellsUpdated()
        return work
    }

    // MARK: Knobs

    public func setStrategy(_ newStrategy: ParallaxStrategy) {
        strategy = newStrategy
        applyEffectiveStrategy()
    }

    public func setReduceMotion(_ on: Bool) {
        reduceMotion = on
        applyEffectiveStrategy()
    }

    private func applyEffectiveStrategy() {
        let effective = effectiveStrategy
        callback.isActive = effective == .scrollCallback
        layout.setMode(Self.layoutMode(for: effective))
        collectionView.resetParallax()
        collectionView.reloadLayout()
        needsFullRefresh = true
    }

    public func setParallaxAmount(_ amount: Double) {
        let a = max(0, amount.isFinite ? amount : 0)
        parallaxAmount = a
        callback.amount = a
        layout.setParallax(mapping: scene.mapping, amount: a)
        collectionView.reloadLayout()
        needsFullRefresh = true
    }

    public func setItemCount(_ count: Int) {
        itemCount = max(0, count)
        collectionView.setItemCount(itemCount)
        collectionView.prepareLayout()
        needsFullRefresh = true
    }

    public func setViewportSize(_ size: Size) {
        viewportSize = size
        scrollView.setViewportSize(size)
        collectionView.prepareLayout()
        needsFullRefresh = true
    }

    /// Switches scene, keeping strategy, reduce-motion and viewport; count and amount go back
    /// to the new scene's defaults.
    public func setScene(_ id: SceneID, itemCount count: Int? = nil) {
        let willDisplay = updatesOnWillDisplay
        scene = Scene.make(id)
        itemCount = max(0, count ?? scene.defaultItemCount)
        parallaxAmount = scene.defaultParallaxAmount
        scrollView.removeObserver(callback)
        (collectionView, callback) = Self.build(scene: scene, strategy: effectiveStrategy, itemCount: itemCount, amount: parallaxAmount, viewportSize: viewportSize)
        callback.updatesOnWillDisplay = willDisplay
    }

    /// Puts the content at `offset` along the scene's axis (clamped). A chosen position counts
    /// as the user's: the album row's auto-scroll does not move it on.
    public func scroll(to offset: Double) {
        collectionView.prepareLayout()
        scrollView.setPosition(offset)
    }
}
