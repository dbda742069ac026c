import ParallaxKit
import Presentation
import SDLBackend

/// `--chart` of the budget section: each strategy's main-thread time per frame against item
/// count, log–log, a panel per scene, with a dashed level per slowdown and rate at the time
/// that breaks its budget (1000 / Hz / slowdown ms at 1x): where a line crosses a level is
/// that budget's `items_at_budget`.
enum BudgetChart {
    static func write(_ report: FrameBudgetReport, subtitle: String, video: SDLVideo, fonts: FontFiles, to path: String) throws {
        try BenchChart.render(draw(report, subtitle: subtitle), video: video, fonts: fonts, to: path)
    }

    static func draw(_ report: FrameBudgetReport, subtitle: String) -> DrawList {
        let scenes = SceneID.allCases.filter { id in report.costs.contains { $0.scene == id.name } }
        let strategies = ParallaxStrategy.allCases.filter { s in report.costs.contains { $0.strategy == s.name } }
        let panels = scenes.map { scene in
            (scene, ChartSeries.drawingOrder.filter(strategies.contains).compactMap { strategy -> ChartSeries? in
                let points = report.costs.filter { $0.scene == scene.name && $0.strategy == strategy.name }.sorted { $0.items < $1.items }
                    .map { (items: $0.items, microseconds: $0.main_thread_ms_p50 * 1000) }
                return points.isEmpty ? nil : ChartSeries(strategy: strategy, points: points)
            })
        }
        let levels = FrameBudgetMeasurement.slowdowns.flatMap { slowdown in
            FrameBudgetMeasurement.refreshRates.map { hertz in
                BenchChart.Level(microseconds: 1_000_000 / hertz / slowdown,
                                 label: "\(KnobDescriptor.number(hertz)) Hz at \(KnobDescriptor.number(slowdown))x")
            }
        }
        return BenchChart.draw(
            title: "Main thread per frame against item count, and the budgets it must fit (log–log)", subtitle: subtitle,
            panels: panels, counts: report.item_counts, values: report.costs.map { $0.main_thread_ms_p50 * 1000 },
            levels: levels, strategies: strategies,
            notes: [
                "x: items in the list (log scale)",
                "y: median main-thread time of a frame in which the list",
                "   moved (events, physics, layout, strategy, draw list),",
                "   at 1x, log scale; bench script at 60 fps, 1280×800",
                "dashed: one refresh divided by the CPU slowdown; a line",
                "   above a level breaks that budget at that count",
            ])
    }
}
