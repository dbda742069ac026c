import Foundation
import ParallaxKit
import Rendering
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

    /// Renders the chart for `results` and writes it as PNG to `path` (by `OutputFile`'s rules, as every file).
    static func write(_ results: [StrategyCostResult], subtitle: String, video: SDLVideo, fonts: FontFiles, to path: String) throws {
        try render(draw(results, subtitle: subtitle), video: video, fonts: fonts, to: path)
    }

    /// Renders a chart's draw list headless and writes it as PNG to `path`.
    static func render(_ chart: DrawList, video: SDLVideo, fonts: FontFiles, to path: String) throws {
        let window = try Window(video: video, title: "bench chart", size: size, resizable: false)
        let renderer = try Renderer(window: window, vsync: false)
        let text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
        let executor = DrawListExecutor(renderer: renderer, images: ImageLibrary(photos: [], covers: []), text: text)
        renderer.clear(background)
        let stats = executor.execute(chart)
        if let error = stats.lastError { throw BenchFailure(message: "drawing the chart failed: \(error)") }
        try renderer.savePNG(path: path)
    }

    /// A dashed level across every panel, labelled at its right end.
    struct Level {
        var microseconds: Double
        var label: String
    }

    /// The chart as a draw list in points.
    static func draw(_ results: [StrategyCostResult], subtitle: String) -> DrawList {
        let scenes = SceneID.allCases.filter { id in results.contains { $0.cell.scene == id } }
        return draw(title: "Parallax strategy cost per frame against item count (log–log)", subtitle: subtitle,
                    panels: scenes.map { ($0, ChartSeries.of(results, scene: $0)) },
                    counts: Set(results.map(\.cell.items)).sorted(), values: results.map(\.p50),
                    levels: [Level(microseconds: 10, label: "10 µs target")],
                    strategies: ParallaxStrategy.allCases.filter { s in results.contains { $0.cell.strategy == s } },
                    notes: [
                        "x: items in the list (log scale)",
                        "y: median time per frame of the model tick plus the",
                        "   strategy (events, physics, layout, cells) over the",
                        "   frames in which the list moved, log scale",
                        "the bench script replayed at 60 fps, 1280×800 points",
                        "dashed: the 10 µs target for scroll callback and cached layout",
                        "where lines overlap, those strategies cost the same",
                    ])
    }

    /// A chart of a panel per scene, each strategy's line of time per frame against items,
    /// log–log, dashed `levels` across each, and a legend with `notes` in the last panel.
    static func draw(title: String, subtitle: String, panels: [(SceneID, [ChartSeries])], counts: [Int], values: [Double],
                     levels: [Level], strategies: [ParallaxStrategy], notes: [String]) -> DrawList {
        var list = DrawList()
        list.fill(Rect(origin: .zero, size: size), background)
        list.text(title, at: Point(x: 40, y: 22), size: 26, color: text)
        list.text(subtitle, at: Point(x: 40, y: 58), size: 15, color: dim)
        guard let scale = ChartScale(counts: counts, microseconds: values + levels.map(\.microseconds)) else { return list }

        let columns = 3, margin = 40.0, gap = 24.0, top = 96.0
        let panelWidth = (size.width - 2 * margin - Double(columns - 1) * gap) / Double(columns)
        let panelHeight = (size.height - top - margin - gap) / 2
        func frame(_ index: Int) -> Rect {
            Rect(x: margin + Double(index % columns) * (panelWidth + gap), y: top + Double(index / columns) * (panelHeight + gap),
                 width: panelWidth, height: panelHeight)
        }
        for (i, (scene, series)) in panels.enumerated() {
            drawPanel(scene, series: series, counts: counts, scale: scale, levels: levels, in: frame(i), into: &list)
        }
        drawLegend(strategies: strategies, notes: notes, in: frame(panels.count), into: &list)
        return list
    }

    /// The plot area inside a panel: room for the title above and the labels left and below.
    static func plotArea(in frame: Rect) -> Rect {
        Rect(x: frame.minX + 74, y: frame.minY + 44, width: frame.width - 74 - 18, height: frame.height - 44 - 46)
    }

    private static func drawPanel(
        _ scene: SceneID, series: [ChartSeries], counts: [Int], scale: ChartScale, levels: [Level], in frame: Rect,
        into list: inout DrawList
    ) {
        list.fill(frame, panel)
        list.text(Scene.make(scene).title, at: Point(x: frame.minX + 16, y: frame.minY + 10), size: 19, color: text)
        // Commas, not the scenes' middle dots: SDL_ttf 2.20.1 drew a wrong glyph later in some
        // of those strings ("urder" for "under") at these sizes.
        list.text(Scene.make(scene).source.replacingOccurrences(of: " · ", with: ", "), at: Point(x: frame.maxX - 14, y: frame.minY + 14), size: 12, color: dim, alignment: .trailing)
        let area = plotArea(in: frame)
        list.fill(area, plot)

        // Decades with 2× and 5× lines between them; labels on the decades.
        for value in scale.decades {
            if value < Foundation.pow(10, scale.yRange.upperBound) {
                for minor in [2.0, 5.0] {
                    let ly = scale.y(value * minor, in: area)
                    list.line(from: Point(x: area.minX, y: ly), to: Point(x: area.maxX, y: ly), minorGrid)
                }
            }
            let ly = scale.y(value, in: area)
            list.line(from: Point(x: area.minX, y: ly), to: Point(x: area.maxX, y: ly), grid)
            list.text(ChartScale.durationLabel(microseconds: value), at: Point(x: area.minX - 8, y: ly - 8), size: 12, color: dim, alignment: .trailing)
        }
        for count in counts {
            let lx = scale.x(Double(count), in: area)
            list.line(from: Point(x: lx, y: area.minY), to: Point(x: lx, y: area.maxY), grid)
            list.text(ChartScale.countLabel(count), at: Point(x: lx, y: area.maxY + 6), size: 12, color: dim, alignment: .center)
        }
        list.text("items", at: Point(x: area.midX, y: area.maxY + 24), size: 12, color: dim, alignment: .center)
        list.text("µs / frame", at: Point(x: area.minX + 6, y: area.minY + 4), size: 12, color: dim)

        // Labels alternate right and left, from the highest level down, so close levels' do not overlap.
        for (k, level) in levels.sorted(by: { $0.microseconds > $1.microseconds }).enumerated() {
            let ty = scale.y(level.microseconds, in: area)
            guard ty >= area.minY && ty <= area.maxY else { continue }
            var dx = area.minX
            while dx < area.maxX {
                list.line(from: Point(x: dx, y: ty), to: Point(x: min(dx + 8, area.maxX), y: ty), target)
                dx += 14
            }
            let right = k % 2 == 0
            list.text(level.label, at: Point(x: right ? area.maxX - 6 : area.minX + 6, y: ty - 14), size: 11, color: target,
                      alignment: right ? .trailing : .leading)
        }

        for line in series {
            let points = line.points.map { Point(x: scale.x(Double($0.items), in: area), y: scale.y($0.microseconds, in: area)) }
            let color = color(of: line.strategy)
            for (a, b) in zip(points, points.dropFirst()) { thickLine(from: a, to: b, color, into: &list) }
            for p in points {
                let dot = Rect(x: p.x - 4.5, y: p.y - 4.5, width: 9, height: 9)
                list.fill(dot, color)
                list.stroke(dot, background)
            }
        }
    }

    private static func drawLegend(strategies: [ParallaxStrategy], notes: [String], in frame: Rect, into list: inout DrawList) {
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
}
