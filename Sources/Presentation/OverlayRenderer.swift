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

    public init(
        sceneTitle: String, strategy: ParallaxStrategy, reduceMotion: Bool, itemCount: Int, parallaxAmount: Double,
        rendererName: String, vsync: Bool, work: StrategyWork, willDisplay: Bool
    ) {
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

/// The fps overlay (a translucent panel in the top-right corner) and the help panel. Like
/// Dear ImGui's overlays it only reads state; building it changes nothing in the scene.
public struct OverlayRenderer: Sendable {
    public static let panelWidth = 360.0
    public static let margin = 12.0
    static let graphHeight = 64.0
    /// The graph's ceiling: 33.3 ms, two 60 Hz budgets.
    static let graphCeiling = 2 * FrameBudget.sixtyHertz

    static let panel = Color(r: 10, g: 11, b: 15, a: 218)
    static let text = Color(r: 235, g: 238, b: 245)
    static let dim = Color(r: 150, g: 156, b: 170)
    static let good = Color(r: 90, g: 200, b: 120)
    static let over = Color(r: 240, g: 80, b: 70)
    static let budget60 = Color(r: 240, g: 200, b: 80, a: 200)
    static let budget120 = Color(r: 120, g: 180, b: 255, a: 160)

    public init() {}

    /// Draws the fps overlay for a viewport of `viewportSize`.
    public func drawStats(_ stats: FrameStatistics, info: OverlayInfo, viewportSize: Size, into list: inout DrawList) {
        let w = Self.panelWidth
        let x = max(0, viewportSize.width - w - Self.margin)
        let y = Self.margin
        let lineHeight = 19.0
        let lines = 9.0
        let panel = Rect(x: x, y: y, width: w, height: 14 + lines * lineHeight + Self.graphHeight + 16)
        list.fill(panel, Self.panel)

        let left = x + 12
        var ty = y + 10
        let fps = stats.framesPerSecond
        let low = stats.onePercentLowFramesPerSecond
        list.text(NumberFormat.fixed1(fps) + " fps", at: Point(x: left, y: ty), size: 22, color: fps >= 55 ? Self.good : Self.over)
        list.text("1% low " + NumberFormat.fixed1(low) + "   " + NumberFormat.fixed2(stats.meanFrameMilliseconds) + " ms", at: Point(x: left + 130, y: ty + 6), size: 13, color: Self.dim)
        ty += 30

        // Frame-time graph: one bar per frame, budget lines at 16.7 and 8.3 ms, over-budget red.
        let graph = Rect(x: left, y: ty, width: w - 24, height: Self.graphHeight)
        list.fill(graph, Color(r: 0, g: 0, b: 0, a: 110))
        let samples = stats.recent
        let barWidth = graph.width / Double(stats.capacity)
        for (i, s) in samples.enumerated() {
            let h = min(s.frameMilliseconds / Self.graphCeiling, 1) * graph.height
            let bar = Rect(x: graph.minX + Double(i) * barWidth, y: graph.maxY - h, width: max(1, barWidth), height: h)
            list.fill(bar, s.frameMilliseconds > FrameBudget.sixtyHertz ? Self.over : Self.good.withOpacity(0.8))
        }
        for (budget, color) in [(FrameBudget.sixtyHertz, Self.budget60), (FrameBudget.oneTwentyHertz, Self.budget120)] {
            let ly = graph.maxY - budget / Self.graphCeiling * graph.height
            list.line(from: Point(x: graph.minX, y: ly), to: Point(x: graph.maxX, y: ly), color)
        }
        list.text("16.7", at: Point(x: graph.maxX - 2, y: graph.maxY - FrameBudget.sixtyHertz / Self.graphCeiling * graph.height - 15), size: 11, color: Self.budget60, alignment: .trailing)
        ty = graph.maxY + 8

        let phases = stats.meanPhases
        let rows: [(String, String)] = [
            ("input + physics", NumberFormat.fixed3(phases.inputAndPhysicsMilliseconds) + " ms"),
            ("strategy / layout", NumberFormat.fixed3(phases.strategyMilliseconds) + " ms"),
            ("drawing", NumberFormat.fixed3(phases.drawingMilliseconds) + " ms"),
            ("invalidations · attrs · cells", "\(info.work.invalidations) · \(info.work.attributesComputed) · \(info.work.cellsUpdated)"),
            ("scene", info.sceneTitle),
            ("strategy", info.reduceMotion ? "off (reduce motion)" : info.strategy.title),
            ("items · parallax", "\(NumberFormat.count(info.itemCount)) · \(NumberFormat.fixed1(info.parallaxAmount)) pt"),
            ("renderer", info.rendererName + (info.vsync ? " · vsync" : " · no vsync")),
        ]
        for (label, value) in rows {
            list.text(label, at: Point(x: left, y: ty), size: 13, color: Self.dim)
            list.text(value, at: Point(x: x + w - 12, y: ty), size: 13, color: Self.text, alignment: .trailing)
            ty += lineHeight
        }
        if !info.willDisplay {
            list.text("willDisplay update off", at: Point(x: left, y: ty), size: 13, color: Self.over)
        }
    }

    /// Draws the help panel centred in the viewport.
    public func drawHelp(viewportSize: Size, into list: inout DrawList) {
        let lines = KeyHelp.lines
        let w = min(700.0, viewportSize.width - 24)
        let h = 64 + Double(lines.count) * 24
        let panel = Rect(x: (viewportSize.width - w) / 2, y: max(12, (viewportSize.height - h) / 2), width: w, height: h)
        list.fill(panel, Color(r: 10, g: 11, b: 15, a: 225))
        list.text("Parallax Playground — keys", at: Point(x: panel.minX + 20, y: panel.minY + 16), size: 20, color: Self.text)
        var y = panel.minY + 52
        for (keys, action) in lines {
            list.text(keys, at: Point(x: panel.minX + 20, y: y), size: 14, color: Self.budget60)
            list.text(action, at: Point(x: panel.minX + 230, y: y), size: 14, color: Self.text)
            y += 24
        }
    }
}
