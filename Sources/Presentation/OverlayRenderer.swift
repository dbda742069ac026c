import ParallaxKit

/// What the fps overlay shows besides frame times; the app fills it each frame.
public struct OverlayInfo: Sendable {
    public var sceneTitle: String
    public var strategy: ParallaxStrategy
    public var reduceMotion: Bool
    public var itemCount: Int
    public var parallaxAmount: Double
    public var rendererName: String
    public var vsync: Bool
    public var work: StrategyWork
    public var willDisplay: Bool
    /// The photo pipeline's state, when photos come through it.
    public var photos: PhotoPipelineSummary?
    /// The window is at rest, drawing only when something changes (`SurfaceFacts.resting`).
    public var resting: Bool
    /// The run's frame budget (`SurfaceFacts`): the frame graph's line and the badge's colour.
    public var refreshHertz: Double
    public var budgetMilliseconds: Double
    public var cpuSlowdown: Double
    /// The pane's motion meter: its images' motion against their cells (nil where no meter runs).
    public var motion: MotionMeter?

    public init(
        sceneTitle: String, strategy: ParallaxStrategy, reduceMotion: Bool, itemCount: Int, parallaxAmount: Double,
        rendererName: String, vsync: Bool, work: StrategyWork, willDisplay: Bool, photos: PhotoPipelineSummary? = nil,
        resting: Bool = false, refreshHertz: Double = RunBudget.fallbackHertz,
        budgetMilliseconds: Double = 1000 / RunBudget.fallbackHertz, cpuSlowdown: Double = 1, motion: MotionMeter? = nil
    ) {
        self.motion = motion
        self.refreshHertz = refreshHertz
        self.budgetMilliseconds = budgetMilliseconds
        self.cpuSlowdown = cpuSlowdown
        self.photos = photos
        self.resting = resting
        self.sceneTitle = sceneTitle
        self.strategy = strategy
        self.reduceMotion = reduceMotion
        self.itemCount = itemCount
        self.parallaxAmount = parallaxAmount
        self.rendererName = rendererName
        self.vsync = vsync
        self.work = work
        self.willDisplay = willDisplay
    }
}

/// The photo pipeline as the overlay shows it.
public struct PhotoPipelineSummary: Sendable, Hashable {
    /// Decodes waiting for a worker.
    public var queued: Int
    /// Decodes running.
    public var decoding: Int
    /// Bytes of photo textures held.
    public var bytesHeld: Int
    /// Share of visible photos found sharp in the cache, 0…1; nil before any lookup.
    public var hitRate: Double?

    public init(queued: Int, decoding: Int, bytesHeld: Int, hitRate: Double?) {
        self.queued = queued
        self.decoding = decoding
        self.bytesHeld = bytesHeld
        self.hitRate = hitRate
    }

    /// The panel's two rows: decodes waiting and running, then what is held and how often a
    /// visible photo was found sharp, each value under its own label.
    public var rows: [(label: String, value: String)] {
        let megabytes = (Double(bytesHeld) / 1_048_576).rounded()
        let hits = hitRate.map { NumberFormat.count(($0 * 100).clampedInteger()) + " %" } ?? "no lookups yet"
        return [("photos queued · decoding", "\(queued) · \(decoding)"),
                ("photos held · visible hits", "\(NumberFormat.count(megabytes.clampedInteger(Int.self))) MB · \(hits)")]
    }
}

/// How much of the fps overlay shows; F steps through them in this order.
public enum OverlayMode: Hashable, Sendable, CaseIterable {
    /// A small fps badge in the top-right corner, out of the images' way: the default.
    case badge
    /// The full panel: graph, the frame's parts, the strategy's work, the settings.
    case panel
    /// Nothing.
    case hidden

    /// The next mode for the F key.
    public var next: OverlayMode {
        switch self {
        case .badge: .panel
        case .panel: .hidden
        case .hidden: .badge
        }
    }
}

/// The fps overlay (a badge or a translucent panel in the top-right corner) and the help
/// panel. Like Dear ImGui's overlays it only reads state; building it changes nothing in the
/// scene.
public struct OverlayRenderer: Sendable {
    public static let panelWidth = 360.0
    public static let margin = 12.0
    static let badgeSize = Size(width: 132, height: 30)
    static let graphHeight = 64.0
    /// The frame graph's key above it: which colour is the main thread, which the rendering.
    static let graphKeyHeight = 15.0
    static let lineHeight = 19.0
    /// The panel's rows below the graph when nothing but the model is known: the height
    /// `frame(of:viewportSize:)` gives without an `OverlayInfo`.
    public static let baseRowCount = 12

    /// Opaque: at 218, and still at 242 (Dear ImGui's 0.94), the quilt's photo edges and
    /// gaps showed through as lines crossing the panel's text.
    static let panel = Color(r: 10, g: 11, b: 15, a: 255)
    static let text = Color(r: 235, g: 238, b: 245)
    static let dim = Color(r: 150, g: 156, b: 170)
    static let good = Color(r: 90, g: 200, b: 120)
    static let over = Color(r: 240, g: 80, b: 70)
    static let budget60 = Color(r: 240, g: 200, b: 80, a: 200)
    /// The frame graph's render-and-present part, and an over-budget bar's main-thread part.
    static let render = Color(r: 120, g: 150, b: 230)
    static let overMain = Color(r: 170, g: 40, b: 40)

    public init() {}

    /// Where the overlay in `mode` sits in a viewport of `viewportSize`; nil when hidden. The
    /// panel is as tall as its rows (`rows(stats:info:)`), `baseRowCount` when not told, and
    /// no wider than the viewport leaves (a compared pane can be 256 wide).
    public static func frame(of mode: OverlayMode, viewportSize: Size, rowCount: Int = baseRowCount) -> Rect? {
        switch mode {
        case .hidden:
            return nil
        case .badge:
            let size = badgeSize
            return Rect(x: max(0, viewportSize.width - size.width - margin), y: margin, width: size.width, height: size.height)
        case .panel:
            let width = panelWidth(in: viewportSize)
            let narrow = isNarrow(width)
            let lines = Double(rowCount * (narrow ? 2 : 1))
            let height = 10 + headerHeight(narrow: narrow) + graphKeyHeight + graphHeight + 8 + lines * lineHeight + 6
            return Rect(x: max(0, viewportSize.width - width - margin), y: margin, width: width, height: height)
        }
    }

    /// The panel's width in a viewport of `viewportSize`: `panelWidth`, or what the viewport
    /// leaves inside its margins.
    static func panelWidth(in viewportSize: Size) -> Double {
        max(0, min(panelWidth, viewportSize.width - 2 * margin))
    }

    /// A panel narrower than `panelWidth` has no room for a label and its value on one line:
    /// each value goes on the line under its label, and the 1 % low under the fps. Every row
    /// alike, so the panel keeps its height while the values change.
    static func isNarrow(_ width: Double) -> Bool { width < panelWidth }

    /// The fps line, and in a narrow panel the 1 % low and mean frame time under it.
    static func headerHeight(narrow: Bool) -> Double { narrow ? 48 : 30 }

    /// Draws the overlay in `mode` for a viewport of `viewportSize`.
    public func draw(_ mode: OverlayMode, stats: FrameStatistics, info: OverlayInfo, viewportSize: Size, into list: inout DrawList) {
        switch mode {
        case .hidden: break
        case .badge: drawBadge(stats, resting: info.resting, refreshHertz: info.refreshHertz, viewportSize: viewportSize, into: &list)
        case .panel: drawStats(stats, info: info, viewportSize: viewportSize, into: &list)
        }
    }

    /// The compact overlay: fps, coloured by whether the frames keep to 60 Hz, or "at rest".
    public func drawBadge(_ stats: FrameStatistics, resting: Bool = false, refreshHertz: Double = RunBudget.fallbackHertz,
                          viewportSize: Size, into list: inout DrawList) {
        guard let badge = Self.frame(of: .badge, viewportSize: viewportSize) else { return }
        let (text, colour) = Self.rateLine(stats, resting: resting, refreshHertz: refreshHertz)
        list.fill(badge, Self.panel)
        list.text(text, at: Point(x: badge.minX + 10, y: badge.minY + 6), size: 15, color: colour)
        list.text("F", at: Point(x: badge.maxX - 10, y: badge.minY + 8), size: 12, color: Self.dim, alignment: .trailing)
    }

    /// The panel's rows under the graph, label and value: the frame's parts (which add up to
    /// the mean frame time above), how many frames the means cover, the strategy's work, the
    /// settings, the photos; a warning row when willDisplay is off.
    public static func rows(stats: FrameStatistics, info: OverlayInfo) -> [(label: String, value: String)] {
        let phases = stats.meanPhases
        var rows: [(label: String, value: String)] = [
            ("input + physics", NumberFormat.fixed3(phases.inputAndPhysicsMilliseconds) + " ms"),
            ("strategy / layout", NumberFormat.fixed3(phases.strategyMilliseconds) + " ms"),
            ("drawing", NumberFormat.fixed3(phases.drawingMilliseconds) + " ms"),
            ("present" + (info.vsync ? " (vsync wait)" : ""), NumberFormat.fixed3(phases.presentMilliseconds) + " ms"),
            ("other", NumberFormat.fixed3(phases.otherMilliseconds) + " ms"),
            // The window starts the means again at every change of scene, strategy, count or
            // amount, so every frame counted is of what the panel names.
            ("means over", "\(NumberFormat.count(stats.count)) frames of this setting"),
            ("invalidations · attrs · cells", [info.work.invalidations, info.work.attributesComputed, info.work.cellsUpdated]
                .map(NumberFormat.count).joined(separator: " · ")),
            ("scene", info.sceneTitle),
            ("strategy", info.reduceMotion ? "off (reduce motion)" : info.strategy.title),
            ("items · parallax", "\(NumberFormat.count(info.itemCount)) · \(NumberFormat.fixed1(info.parallaxAmount)) pt"),
            ("renderer", info.rendererName + (info.vsync ? " · vsync" : " · no vsync")),
        ]
        // The run's frame budget: one refresh, and how much slower the main thread runs.
        rows.append(("budget · CPU", NumberFormat.fixed1(info.budgetMilliseconds) + " ms at "
                     + KnobDescriptor.number((info.refreshHertz * 10).rounded() / 10) + " Hz · "
                     + (info.cpuSlowdown > 1 ? KnobDescriptor.number(info.cpuSlowdown) + "x slower" : "as measured")))
        if let motion = info.motion {
            // The motion that is not the scroll: the fastest image against its cell in the last
            // frame, the run's peak, and how much of the view moved so.
            let reading = motion.last
            rows.append(("image motion · moving", NumberFormat.count(reading.peakPointsPerSecond.clampedInteger()) + " pt/s (peak "
                         + NumberFormat.count(motion.peakPointsPerSecond.clampedInteger()) + ") · "
                         + NumberFormat.count((100 * reading.movingShare).clampedInteger()) + " %"))
        }
        if let photos = info.photos { rows += photos.rows }
        if !info.willDisplay { rows.append(("willDisplay update", "off")) }
        return rows
    }

    /// The frame rate as the badge and the panel head it: green at 55 fps or more (at 60 Hz;
    /// the same share of another refresh rate), red below. At rest the window draws only when something changes (a photo arriving, the
    /// title's figures four times a second), so a rate then would read as slowness: it says
    /// "at rest" instead, dim, until frames run again.
    static func rateLine(_ stats: FrameStatistics, resting: Bool, refreshHertz: Double = RunBudget.fallbackHertz) -> (String, Color) {
        if resting { return ("at rest", dim) }
        let fps = stats.framesPerSecond
        return (NumberFormat.fixed1(fps) + " fps", fps >= refreshHertz * 55 / 60 ? good : over)
    }

    /// The full panel for a viewport of `viewportSize`.
    public func drawStats(_ stats: FrameStatistics, info: OverlayInfo, viewportSize: Size, into list: inout DrawList) {
        let rows = Self.rows(stats: stats, info: info)
        guard let panel = Self.frame(of: .panel, viewportSize: viewportSize, rowCount: rows.count) else { return }
        let (x, y, w) = (panel.minX, panel.minY, panel.width)
        let lineHeight = Self.lineHeight
        let narrow = Self.isNarrow(w)
        list.fill(panel, Self.panel)

        let left = x + 12
        var ty = y + 10
        let low = stats.onePercentLowFramesPerSecond
        let (rate, colour) = Self.rateLine(stats, resting: info.resting, refreshHertz: info.refreshHertz)
        list.text(rate, at: Point(x: left, y: ty), size: 22, color: colour)
        let lowAndMean = "1% low " + NumberFormat.fixed1(low) + "   " + NumberFormat.fixed2(stats.meanFrameMilliseconds) + " ms"
        list.text(lowAndMean, at: narrow ? Point(x: left, y: ty + 28) : Point(x: left + 130, y: ty + 6), size: 13, color: Self.dim)
        ty += Self.headerHeight(narrow: narrow)

        list.text("main thread", at: Point(x: left, y: ty), size: 11, color: Self.good)
        list.text("render + present", at: Point(x: left + 76, y: ty), size: 11, color: Self.render)
        ty += Self.graphKeyHeight
        let graph = Rect(x: left, y: ty, width: w - 24, height: Self.graphHeight)
        Self.drawFrameGraph(stats, budgetMilliseconds: info.budgetMilliseconds, refreshHertz: info.refreshHertz, in: graph, into: &list)
        ty = graph.maxY + 8

        for (label, value) in rows {
            let warning = label == "willDisplay update"
            list.text(label, at: Point(x: left, y: ty), size: 13, color: warning ? Self.over : Self.dim)
            if narrow { ty += lineHeight }
            list.text(value, at: Point(x: x + w - 12, y: ty), size: 13, color: warning ? Self.over : Self.text, alignment: .trailing)
            ty += lineHeight
        }
    }

    /// The frame graph, read as Android's Profile GPU rendering and Flutter's
    /// PerformanceOverlay are: a bar per recent frame (oldest left), its main-thread work at
    /// the bottom and its rendering and present on top, and a line at the budget (one
    /// refresh); a bar over the budget is red, its main-thread part the darker. The scale is
    /// two budgets tall. A sample without the split (a driver that times only the whole
    /// frame) is one bar of its frame time.
    static func drawFrameGraph(_ stats: FrameStatistics, budgetMilliseconds: Double, refreshHertz: Double, in graph: Rect,
                               into list: inout DrawList) {
        let budget = budgetMilliseconds > 0 && budgetMilliseconds.isFinite ? budgetMilliseconds : 1000 / RunBudget.fallbackHertz
        let ceiling = 2 * budget
        list.fill(graph, Color(r: 0, g: 0, b: 0, a: 110))
        let barWidth = graph.width / Double(stats.capacity)
        func height(_ ms: Double) -> Double { min(max(ms, 0) / ceiling, 1) * graph.height }
        for (i, s) in stats.recent.enumerated() {
            let split = s.mainThreadMilliseconds > 0 || s.renderMilliseconds > 0
            let main = split ? s.mainThreadMilliseconds : 0
            let whole = split ? s.mainThreadMilliseconds + s.renderMilliseconds : s.frameMilliseconds
            let over = whole > budget
            let x = graph.minX + Double(i) * barWidth, width = max(1, barWidth)
            let mainHeight = height(main), wholeHeight = height(whole)
            if wholeHeight > mainHeight {
                list.fill(Rect(x: x, y: graph.maxY - wholeHeight, width: width, height: wholeHeight - mainHeight),
                          over ? Self.over : (split ? Self.render : Self.good.withOpacity(0.8)))
            }
            if mainHeight > 0 {
                list.fill(Rect(x: x, y: graph.maxY - mainHeight, width: width, height: mainHeight), over ? Self.overMain : Self.good.withOpacity(0.8))
            }
        }
        let ly = graph.maxY - budget / ceiling * graph.height
        list.line(from: Point(x: graph.minX, y: ly), to: Point(x: graph.maxX, y: ly), Self.budget60)
        list.text(NumberFormat.fixed1(budget) + " ms · " + KnobDescriptor.number((refreshHertz * 10).rounded() / 10) + " Hz",
                  at: Point(x: graph.maxX - 2, y: ly - 15), size: 11, color: Self.budget60, alignment: .trailing)
    }
}
