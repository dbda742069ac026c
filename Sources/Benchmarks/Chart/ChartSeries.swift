import ParallaxKit

/// One line of a chart panel: a strategy's median frame time at each item count of a scene.
public struct ChartSeries: Equatable, Sendable {
    public var strategy: ParallaxStrategy
    /// (items, µs) in increasing item count.
    public var points: [(items: Int, microseconds: Double)]

    public static func == (a: ChartSeries, b: ChartSeries) -> Bool {
        a.strategy == b.strategy && a.points.elementsEqual(b.points) { $0.items == $1.items && $0.microseconds == $1.microseconds }
    }

    /// Off first, so the strategies that do work are drawn on top where lines overlap.
    static let drawingOrder: [ParallaxStrategy] = [.off, .layoutInvalidation, .cachedLayout, .scrollCallback]

    /// `scene`'s lines, in drawing order, each strategy that has results.
    public static func of(_ results: [StrategyCostResult], scene: SceneID) -> [ChartSeries] {
        drawingOrder.compactMap { strategy in
            let points = results.filter { $0.cell.scene == scene && $0.cell.strategy == strategy }
                .sorted { $0.cell.items < $1.cell.items }
                .map { (items: $0.cell.items, microseconds: $0.p50) }
            return points.isEmpty ? nil : ChartSeries(strategy: strategy, points: points)
        }
    }
}
