import ParallaxKit

/// What a frame shows besides the scene. The window sets these from its keys; `shot`,
/// `record` and the benchmarks from their options.
public struct FrameDecorations: Sendable, Equatable {
    /// The scroll indicator, fading after the list stops (off for a still shot at an offset,
    /// which was never scrolled).
    public var scrollIndicator: Bool
    /// Cell and image outlines (the D key).
    public var debugOutlines: Bool
    /// The fps badge or panel (the F key).
    public var overlay: OverlayMode
    /// The help panel (the H key). While it shows, a panel folds back to the badge so the two
    /// never overlap.
    public var help: Bool
    /// A label on a band at the bottom-left naming what a compared pane shows.
    public var caption: String?
    /// The fps badge and the cost panel (its frame graph too) are the window's own, like its
    /// toasts: composed into `windowChrome`, which the window draws after P's screenshot and
    /// R's capture, instead of into the frame. `record --overlay` asks for the panel in the
    /// frame, and leaves this off.
    public var badgeLeftOutOfCaptures = false
    /// The help is the surface's to draw, once, over everything else on it (the window draws
    /// it over the tuning panel and its explain card: H asked to read it), not each pane's.
    public var helpOverEverything = false

    public init(scrollIndicator: Bool = true, debugOutlines: Bool = false, overlay: OverlayMode = .hidden,
                help: Bool = false, caption: String? = nil, badgeLeftOutOfCaptures: Bool = false, helpOverEverything: Bool = false) {
        self.badgeLeftOutOfCaptures = badgeLeftOutOfCaptures
        self.helpOverEverything = helpOverEverything
        self.scrollIndicator = scrollIndicator
        self.debugOutlines = debugOutlines
        self.overlay = overlay
        self.help = help
        self.caption = caption
    }
}

/// What the overlay says about the surface a frame is drawn on: facts the model does not have.
public struct SurfaceFacts: Sendable {
    public var rendererName: String
    public var vsync: Bool
    /// The photo pipeline's state, when photos come through it.
    public var photos: PhotoPipelineSummary?
    /// No list moved in the window's last frame: it draws only when something changes (its
    /// frame pacing), and frames per second would say nothing about the technique.
    public var resting: Bool
    /// The run's frame budget: the refresh rate it is counted at (Hz), one refresh in
    /// milliseconds, and the main thread's slowdown (`RunBudget`).
    public var refreshHertz = RunBudget.fallbackHertz
    public var budgetMilliseconds = 1000 / RunBudget.fallbackHertz
    public var cpuSlowdown = 1.0

    public init(rendererName: String, vsync: Bool, photos: PhotoPipelineSummary? = nil, resting: Bool = false) {
        self.rendererName = rendererName
        self.vsync = vsync
        self.photos = photos
        self.resting = resting
    }
}

/// The one place that knows what a frame shows: the scene with its scroll indicator, then the
/// overlay, the help and a caption over it. The window, `shot`, `record`, the monkey and the
/// benchmarks all compose their frames here, so a shot and a recording of the same moment agree
/// and a new decoration reaches every one of them. Like the overlay it only reads the model.
public final class FrameComposer {
    public var decorations: FrameDecorations
    private var indicator = ScrollIndicator()
    private let overlayRenderer = OverlayRenderer()
    /// What the last `compose` drew that screenshots and recordings leave out (the badge, with
    /// `badgeLeftOutOfCaptures`), in the pane's coordinates.
    public private(set) var windowChrome = DrawList()
    /// Where `windowChrome` draws, in the pane's coordinates (nil when it is empty).
    public private(set) var windowChromeFrame: Rect?
    /// Where a hovering pointer is over this pane, in its coordinates (nil: elsewhere, or no
    /// pointer, as in `shot` and `record`): the window sets it from the mouse's motion, and
    /// the scroll indicator shows near it (`ScrollIndicator.reach`).
    public var pointer: Point?

    public init(decorations: FrameDecorations = FrameDecorations()) {
        self.decorations = decorations
    }

    /// The overlay mode drawn now: the panel folds to the badge while the help shows.
    public var shownOverlay: OverlayMode {
        decorations.help && decorations.overlay == .panel ? .badge : decorations.overlay
    }

    /// Appends `frame` of `playground` to `list`. `statistics` are the frame times the overlay
    /// shows; `surface` what it says about the renderer; `motion` the pane's motion meter (the panel's
    /// image-motion row). Call once per frame, in order: the
    /// scroll indicator fades by the frames' times.
    public func compose(_ frame: FrameReport, of playground: Playground, statistics: FrameStatistics,
                        surface: SurfaceFacts, motion: MotionMeter? = nil, into list: inout DrawList) {
        let reach = decorations.scrollIndicator ? ScrollIndicator.reach(of: pointer, in: playground.scrollView) : .away
        indicator.update(moved: frame.moved, reach: reach, at: frame.time)
        let opacity = decorations.scrollIndicator ? indicator.opacity(at: frame.time) : 0
        SceneRenderer(showsDebugOutlines: decorations.debugOutlines)
            .draw(playground, indicatorOpacity: opacity, indicatorHovered: reach == .overThumb, into: &list)
        let viewport = playground.viewportSize
        let mode = shownOverlay
        var overlayFrame: Rect?
        windowChrome.removeAll()
        windowChromeFrame = nil
        if mode != .hidden {
            let info = Self.overlayInfo(of: playground, work: frame.work, surface: surface, motion: motion)
            if decorations.badgeLeftOutOfCaptures {
                overlayRenderer.draw(mode, stats: statistics, info: info, viewportSize: viewport, into: &windowChrome)
            } else {
                overlayRenderer.draw(mode, stats: statistics, info: info, viewportSize: viewport, into: &list)
            }
            overlayFrame = OverlayRenderer.frame(of: mode, viewportSize: viewport,
                                                 rowCount: OverlayRenderer.rows(stats: statistics, info: info).count)
            if !windowChrome.isEmpty { windowChromeFrame = overlayFrame }
        }
        // A compared pane (one with a caption) is too narrow for the help: the window, or
        // the shot, draws it once over all the panes (`drawHelp(overPanesOf:into:)`).
        if decorations.help && decorations.caption == nil && !decorations.helpOverEverything {
            overlayRenderer.drawHelp(viewportSize: viewport, avoiding: overlayFrame, into: &list)
        }
        if let caption = decorations.caption { Self.drawCaption(caption, viewport: viewport, into: &list) }
        ScrubLabel.draw(playground, avoiding: overlayFrame, into: &list)
    }

    /// The help panel once over compared panes filling `surfaceSize`, centred on the whole
    /// surface: drawn in each pane it was cut to the pane's width (256 points of 700).
    public static func drawHelp(overPanesOf surfaceSize: Size, into list: inout DrawList) {
        // The panes' panels fold to badges while the help shows, and a badge ends 42 points
        // down: the help is centred well below that in any surface tall enough for it.
        OverlayRenderer().drawHelp(viewportSize: surfaceSize, avoiding: nil, into: &list)
    }

    /// What the panel shows of the model and the surface; built here only.
    static func overlayInfo(of playground: Playground, work: StrategyWork, surface: SurfaceFacts, motion: MotionMeter? = nil) -> OverlayInfo {
        OverlayInfo(
            // Reduce motion with a reduced amount keeps the strategy running: its row names it.
            sceneTitle: playground.scene.title, strategy: playground.strategy,
            reduceMotion: playground.reduceMotion && playground.effectiveStrategy == .off,
            itemCount: playground.itemCount, parallaxAmount: playground.parallaxAmount, rendererName: surface.rendererName,
            vsync: surface.vsync, work: work, willDisplay: playground.updatesOnWillDisplay, photos: surface.photos,
            resting: surface.resting, refreshHertz: surface.refreshHertz, budgetMilliseconds: surface.budgetMilliseconds,
            cpuSlowdown: surface.cpuSlowdown, motion: motion)
    }

    static let captionTextSize = 15.0, captionPadding = 8.0
    /// The caption band's height: a compared pane's picker is a click on it.
    public static let captionHeight = captionTextSize + 2 * captionPadding

    /// A label on a dark band at the bottom-left, clear of the overlay (top-right).
    static func drawCaption(_ caption: String, viewport: Size, into list: inout DrawList) {
        let textSize = captionTextSize, padding = captionPadding
        let band = Rect(x: 0, y: viewport.height - captionHeight, width: viewport.width, height: captionHeight)
        list.fill(band, SceneRenderer.Palette.bar)
        list.append(.text(caption, origin: Point(x: padding + 4, y: band.minY + padding), size: textSize,
                          color: SceneRenderer.Palette.title, alignment: .leading))
    }
}
