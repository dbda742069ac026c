import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// `--chart`: strategy cost against item count, log–log, one panel per scene, drawn as a
/// DrawList and rendered by the same headless executor the app uses.
enum BenchChart {
    static let size = Size(width: 1620, height: 1000)

    static let background = Color(r: 18, g: 19, b: 24)
    static let panel = Color(r: 28, g: 30, b: 38)
    static let plot = Color(r: 22, g: 23, b: 30)
    static let grid = Color(r: 60, g: 64, b: 78)
    static let minorGrid = Color(r: 40, g: 43, b: 54)
    static let text = Color(r: 235, g: 238, b: 245)
    static let dim = Color(r: 150, g: 156, b: 170)
    static let target = Color(r: 240, g: 200, b: 80)

    static func color(of strategy: ParallaxStrategy) -> Color {
        switch strategy {
        case .scrollCallback: Color(r: 80, g: 165, b: 255)
        case .layoutInvalidation: Color(r: 245, g: 95, b: 80)
        case .cachedLayout: Color(r: 90, g: 205, b: 120)
        case .off: Color(r: 175, g: 175, b: 188)
        }
    }

    /// Renders the chart for `results` and writes it as PNG to `path`.
    static func write(_ results: [StrategyCostResult], subtitle: String, video: SDLVideo, fonts: FontFiles, to path: String) throws {
        let window = try Window(video: video, title: "bench chart", size: size, resizable: false)
        let renderer = try Renderer(window: window, vsync: false)
        let text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
        let executor = DrawListExecutor(renderer: renderer, images: ImageLibrary(photos: [], covers: []), text: text)
        renderer.clear(background)
        let stats = executor.execute(draw(results, subtitle: subtitle))
        if let error = stats.lastError { throw BenchFailure(message: "drawing the chart failed: \(error)") }
        try renderer.savePNG(path: path)
    }

    /// The chart as a draw list in points.
    static func draw(_ results: [StrategyCostResult], subtitle: String) -> DrawList {
        var list = DrawList()
        list.fill(Rect(origin: .zero, size: size), background)
        list.text("Parallax strategy cost per frame against item count (log–log)", at: Point(x: 40, y: 22), size: 26, color: text)
        list.text(subtitle, at: Point(x: 40, y: 58), size: 15, color: dim)

        let scenes = SceneID.allCases.filter { id in results.contains { $0.cell.scene == id } }
        let counts = Set(results.map(\.cell.items)).sorted()
        let values = results.map { max($0.p50, 1e-3) }
        guard let lowest = values.min(), let highest = values.max(), let fewest = counts.first, let most = counts.last else {
            return list
        }
        // Whole decades on y, shared by every panel so the scenes compare at a glance.
        // A point just above a decade line gets the decade below too, so it does not sit on the axis.
        let yRange = (Foundation.floor(Foundation.log10(min(lowest, 10)) - 0.15), Foundation.ceil(Foundation.log10(max(highest, 10) * 1.05)))
        let xRange = (Foundation.log10(Double(fewest)) - 0.25, Foundation.log10(Double(most)) + 0.25)

        let columns = 3, margin = 40.0, gap = 24.0, top = 96.0
        let panelWidth = (size.width - 2 * margin - Double(columns - 1) * gap) / Double(columns)
        let panelHeight = (size.height - top - margin - gap) / 2
        for (i, scene) in scenes.enumerated() {
            let frame = Rect(
                x: margin + Double(i % columns) * (panelWidth + gap), y: top + Double(i / columns) * (panelHeight + gap),
                width: panelWidth, height: panelHeight)
            drawPanel(scene, results: results.filter { $0.cell.scene == scene }, counts: counts,
                      xRange: xRange, yRange: yRange, in: frame, into: &list)
        }
        let legendIndex = scenes.count
        let legendFrame = Rect(
            x: margin + Double(legendIndex % columns) * (panelWidth + gap), y: top + Double(legendIndex / columns) * (panelHeight + gap),
            width: panelWidth, height: panelHeight)
        drawLegend(strategies: ParallaxStrategy.allCases.filter { s in results.contains { $0.cell.strategy == s } }, in: legendFrame, into: &list)
        return list
    }

    private static func drawPanel(
        _ scene: SceneID, results: [StrategyCostResult], counts: [Int], xRange: (Double, Double), yRange: (Double, Double),
        in frame: Rect, into list: inout DrawList
    ) {
        list.fill(frame, panel)
        list.text(Scene.make(scene).title, at: Point(x: frame.minX + 16, y: frame.minY + 10), size: 19, color: text)
        // Commas, not the scenes' middle dots: SDL_ttf 2.20.1 drew a wrong glyph later in some
        // of those strings ("urder" for "under") at these sizes.
        list.text(Scene.make(scene).source.replacingOccurrences(of: " · ", with: ", "), at: Point(x: frame.maxX - 14, y: frame.minY + 14), size: 12, color: dim, alignment: .trailing)
        let area = Rect(x: frame.minX + 74, y: frame.minY + 44, width: frame.width - 74 - 18, height: frame.height - 44 - 46)
        list.fill(area, plot)
        func x(_ items: Double) -> Double {
            area.minX + (Foundation.log10(items) - xRange.0) / (xRange.1 - xRange.0) * area.width
        }
        func y(_ microseconds: Double) -> Double {
            area.maxY - (Foundation.log10(max(microseconds, 1e-3)) - yRange.0) / (yRange.1 - yRange.0) * area.height
        }

        // Decades with 2× and 5× lines between them; labels on the decades.
        var decade = yRange.0
        while decade <= yRange.1 {
            let value = Foundation.pow(10, decade)
            for minor in [2.0, 5.0] where decade < yRange.1 {
                let ly = y(value * minor)
                list.line(from: Point(x: area.minX, y: ly), to: Point(x: area.maxX, y: ly), minorGrid)
            }
            let ly = y(value)
            list.line(from: Point(x: area.minX, y: ly), to: Point(x: area.maxX, y: ly), grid)
            list.text(durationLabel(microseconds: value), at: Point(x: area.minX - 8, y: ly - 8), size: 12, color: dim, alignment: .trailing)
            decade += 1
        }
        for count in counts {
            let lx = x(Double(count))
            list.line(from: Point(x: lx, y: area.minY), to: Point(x: lx, y: area.maxY), grid)
            list.text(countLabel(count), at: Point(x: lx, y: area.maxY + 6), size: 12, color: dim, alignment: .center)
        }
        list.text("items", at: Point(x: area.midX, y: area.maxY + 24), size: 12, color: dim, alignment: .center)
        list.text("µs / frame", at: Point(x: area.minX + 6, y: area.minY + 4), size: 12, color: dim)

        // The per-frame target for the scroll callback and the cached layout.
        let ty = y(10)
        if ty >= area.minY && ty <= area.maxY {
            var dx = area.minX
            while dx < area.maxX {
                list.line(from: Point(x: dx, y: ty), to: Point(x: min(dx + 8, area.maxX), y: ty), target)
                dx += 14
            }
            list.text("10 µs target", at: Point(x: area.maxX - 6, y: ty - 18), size: 12, color: target, alignment: .trailing)
        }

        // Off first, so the strategies that do work stay on top where lines overlap.
        for strategy in [ParallaxStrategy.off, .layoutInvalidation, .cachedLayout, .scrollCallback] {
            let points = results.filter { $0.cell.strategy == strategy }.sorted { $0.cell.items < $1.cell.items }
                .map { Point(x: x(Double($0.cell.items)), y: y($0.p50)) }
            let color = color(of: strategy)
            for (a, b) in zip(points, points.dropFirst()) { thickLine(from: a, to: b, color, into: &list) }
            for p in points {
                let dot = Rect(x: p.x - 4.5, y: p.y - 4.5, width: 9, height: 9)
                list.fill(dot, color)
                list.stroke(dot, background)
            }
        }
    }

    private static func drawLegend(strategies: [ParallaxStrategy], in frame: Rect, into list: inout DrawList) {
        list.fill(frame, panel)
        var ly = frame.minY + 18
        list.text("Strategy", at: Point(x: frame.minX + 18, y: ly), size: 19, color: text)
        ly += 40
        for strategy in strategies {
            thickLine(from: Point(x: frame.minX + 22, y: ly + 11), to: Point(x: frame.minX + 66, y: ly + 11), color(of: strategy), into: &list)
            list.fill(Rect(x: frame.minX + 39.5, y: ly + 6.5, width: 9, height: 9), color(of: strategy))
            list.text(strategy.title, at: Point(x: frame.minX + 80, y: ly), size: 17, color: text)
            ly += 32
        }
        ly += 12
        let notes = [
            "x: items in the list (log scale)",
            "y: median time per frame of the model tick plus the",
            "   strategy (events, physics, layout, cells) over the",
            "   frames in which the list moved, log scale",
            "the bench script replayed at 60 fps, 1280×800 points",
            "dashed: the 10 µs target for scroll callback and cached layout",
            "where lines overlap, those strategies cost the same",
        ]
        for note in notes {
            list.text(note, at: Point(x: frame.minX + 18, y: ly), size: 13, color: dim)
            ly += 21
        }
    }

    /// A three-pixel line: the segment and its neighbours across its main direction.
    private static func thickLine(from a: Point, to b: Point, _ color: Color, into list: inout DrawList) {
        let steep = abs(b.y - a.y) > abs(b.x - a.x)
        for d in [-1.0, 0, 1] {
            let offset = steep ? Point(x: d, y: 0) : Point(x: 0, y: d)
            list.line(from: Point(x: a.x + offset.x, y: a.y + offset.y), to: Point(x: b.x + offset.x, y: b.y + offset.y), color)
        }
    }

    static func durationLabel(microseconds value: Double) -> String {
        if value >= 1_000_000 { return trimmed(value / 1_000_000) + " s" }
        if value >= 1000 { return trimmed(value / 1000) + " ms" }
        return trimmed(value) + " µs"
    }

    static func countLabel(_ count: Int) -> String {
        if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
        if count >= 1000 && count % 1000 == 0 { return "\(count / 1000)k" }
        return "\(count)"
    }

    private static func trimmed(_ value: Double) -> String {
        value >= 1 ? String(Int(value.rounded())) : String(format: "%g", value)
    }
}
