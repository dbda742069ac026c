import ParallaxKit
import Presentation

/// The strip under compared panes (the S key): one row per pane, its colour, its value, the
/// shift of the cell nearest its centre over the last seconds (all rows on one scale, so a
/// clamp, a sign or a jump shows as a different curve) and its strategy's updates per frame.
public enum CompareStrip {
    static let rowHeight = 26.0
    static let padding = 8.0
    static let labelWidth = 150.0
    /// Room for the row's figures at the right, the curve's end 8 points clear of them: the
    /// widest, "-1000.0 pt · 999k/f · 999k pt/s" (the largest amount, a million items, the
    /// fastest images), fits in DejaVu Sans at 13 (`CompareStripTextTests` measures it).
    static let workWidth = 236.0
    static let textSize = 13.0
    /// A colour per pane, told apart by hue and lightness (the Okabe–Ito palette's first five,
    /// chosen for readers with colour-blindness).
    static let paneColors = [
        Color(r: 230, g: 159, b: 0), Color(r: 86, g: 180, b: 233), Color(r: 0, g: 158, b: 115),
        Color(r: 240, g: 228, b: 66), Color(r: 204, g: 121, b: 167),
    ]
    /// A physics comparison's colour per engine, the same in every layout: the Okabe–Ito
    /// palette's (chosen for readers with colour-blindness) and a light grey, each told apart
    /// from the others by hue or lightness on the dark band. UIKit's and Flutter's iOS curves
    /// nearly coincide (0.998 per ms is 0.135 per second): UIKit's is drawn first, three points
    /// wide, in blue, Flutter's iOS one on top of it, one point wide, in orange, so both show.
    public static func physicsColor(_ engine: ScrollEngineName) -> Color {
        switch engine {
        case .uikit: Color(r: 86, g: 180, b: 233)
        case .android: Color(r: 0, g: 158, b: 115)
        case .flutterIOS: Color(r: 230, g: 159, b: 0)
        case .flutterAndroid: Color(r: 204, g: 121, b: 167)
        case .chromeDesktop: Color(r: 240, g: 228, b: 66)
        case .chromium: Color(r: 213, g: 94, b: 0)
        case .gtk: Color(r: 220, g: 220, b: 220)
        }
    }

    /// How wide an engine's curve is drawn, in points (see `physicsColor`).
    static func curveWidth(_ engine: ScrollEngineName) -> Int { engine == .uikit ? 3 : 1 }

    /// A physics comparison's row: the engine and its rule in words, which is why its curve
    /// differs ("Chrome desktop: a 2 s Bézier, capped at 3 viewports").
    public static func physicsLabel(_ engine: ScrollEngineName) -> String { engine.title + ": " + engine.rule }

    /// The room for a physics row's label: the widest, Flutter (Android)'s, measures 304 points
    /// in DejaVu Sans at 12 (`CompareStripTextTests`).
    public static let physicsLabelWidth = 370.0
    public static let physicsTextSize = 12.0

    /// Opaque: the photos under the strip do not show through its curves and words.
    static let band = Color(r: 10, g: 11, b: 15, a: 255)
    static let axisLine = Color(r: 150, g: 156, b: 170, a: 120)

    /// The strip's rectangle on a surface of `size` with `rows` panes: across the surface,
    /// above the panes' captions.
    public static func frame(rows: Int, surfaceSize size: Size) -> Rect {
        let height = Double(rows) * rowHeight + 2 * padding
        return Rect(x: 0, y: max(0, size.height - FrameComposer.captionHeight - height), width: size.width, height: height)
    }

    /// A row's figures: the centre cell's shift, the strategy's updates per frame, and how
    /// fast the pane's images move against their cells (its motion meter's last frame).
    public static func figures(shift: Double, workPerFrame: Double, imageMotion: Double) -> String {
        NumberFormat.signedFixed(shift, decimals: 1) + " pt · " + NumberFormat.compact(workPerFrame) + "/f · "
            + NumberFormat.compact(imageMotion) + " pt/s"
    }

    /// The width the row's figures may take, the gap to the curve left out.
    public static var figuresWidth: Double { workWidth - 8 }

    /// A physics comparison's row figures: while the list coasts, "coasting"; else where its
    /// last coast came to rest and when ("at rest" before any).
    public static func coastFigures(_ coast: Pane.Coast?, coasting: Bool) -> String {
        if coasting { return "coasting…" }
        guard let coast else { return "at rest" }
        return NumberFormat.signedFixed(coast.distance, decimals: 0) + " pt · " + NumberFormat.fixed2(coast.seconds) + " s"
    }

    /// `offsets`: a physics comparison's strip, every pane's list offset over the last 4 s in
    /// one plot across the rows (one scale, so the engines' coasts lie side by side), each row
    /// naming its engine and its rule, in the engine's colour, with the last coast's rest
    /// distance and time to rest.
    public static func draw(_ panes: [Pane], surfaceSize: Size, offsets: Bool = false, into list: inout DrawList) {
        let strip = frame(rows: panes.count, surfaceSize: surfaceSize)
        list.fill(strip, band)
        let latest = panes.compactMap { $0.centreShift.times.last }.max() ?? 0
        let labels = offsets ? physicsLabelWidth : labelWidth
        let plotLeft = strip.minX + padding + labels
        let plotWidth = max(10, strip.width - labels - workWidth - 2 * padding)
        // Shifts: each row its own line around 0, every row on one scale (the largest shift any
        // pane showed, at least 1 pt), +y down as on screen. Offsets: one plot across the rows,
        // one scale from the lowest offset shown to the highest, further down the list higher.
        let largest = max(1, panes.flatMap { $0.centreShift.shifts.map(abs) }.max() ?? 1)
        let shown = offsets ? panes.flatMap(\.centreShift.offsets) : []
        let low = shown.min() ?? 0, high = max(shown.max() ?? 1, low + 1)
        let plotTop = strip.minY + padding + 3, plotBottom = strip.maxY - padding - 3
        if offsets { list.line(from: Point(x: plotLeft, y: plotBottom), to: Point(x: plotLeft + plotWidth, y: plotBottom), axisLine) }
        // The curves, the wide ones first so the thin ones lie on top of them.
        let order = panes.indices.sorted { k, j in
            offsets && curveWidth(panes[k].playground.physics.engine) > curveWidth(panes[j].playground.physics.engine)
        }
        for k in order {
            let pane = panes[k]
            let engine = pane.playground.physics.engine
            let color = offsets ? physicsColor(engine) : paneColors[k % paneColors.count]
            let mid = strip.minY + padding + Double(k) * rowHeight + rowHeight / 2
            let history = pane.centreShift
            if !offsets { list.line(from: Point(x: plotLeft, y: mid), to: Point(x: plotLeft + plotWidth, y: mid), axisLine) }
            let width = offsets ? curveWidth(engine) : 1
            var previous: Point?
            for (time, value) in zip(history.times, offsets ? history.offsets : history.shifts) {
                let x = plotLeft + plotWidth * (1 - min(1, max(0, (latest - time) / ShiftHistory.seconds)))
                let y = offsets ? plotBottom - (value - low) / (high - low) * (plotBottom - plotTop)
                    : mid + value / largest * (rowHeight / 2 - 3)
                if let previous {
                    for d in 0..<width {
                        let dy = Double(d) - Double(width - 1) / 2
                        list.line(from: Point(x: previous.x, y: previous.y + dy), to: Point(x: x, y: y + dy), color)
                    }
                }
                previous = Point(x: x, y: y)
            }
        }
        for (k, pane) in panes.enumerated() {
            let engine = pane.playground.physics.engine
            let color = offsets ? physicsColor(engine) : paneColors[k % paneColors.count]
            let mid = strip.minY + padding + Double(k) * rowHeight + rowHeight / 2
            let history = pane.centreShift
            list.fill(Rect(x: strip.minX + padding, y: mid - 4, width: 8, height: 8), color)
            let size = offsets ? physicsTextSize : textSize
            list.text(offsets ? physicsLabel(engine) : pane.value ?? "",
                      at: Point(x: strip.minX + padding + 14, y: mid - size / 2 - 1), size: size, color: SceneRenderer.Palette.title)
            let rowFigures = offsets ? coastFigures(pane.lastCoast, coasting: pane.playground.scrollView.phase != .idle)
                : figures(shift: history.shifts.last ?? 0, workPerFrame: history.recentWorkPerFrame,
                          imageMotion: pane.motion.last.peakPointsPerSecond)
            list.text(rowFigures, at: Point(x: strip.maxX - padding, y: mid - textSize / 2 - 1), size: textSize,
                      color: SceneRenderer.Palette.subtitle, alignment: .trailing)
        }
    }
}
