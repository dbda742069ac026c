import ParallaxKit
import Presentation

/// One cell of the strategy-cost matrix: a scene, a strategy and a list length.
public struct BenchCell: Hashable, Sendable {
    public var scene: SceneID
    public var strategy: ParallaxStrategy
    public var items: Int

    public init(scene: SceneID, strategy: ParallaxStrategy, items: Int) {
        self.scene = scene
        self.strategy = strategy
        self.items = items
    }

    public var label: String { "\(scene.name) · \(strategy.title) · \(NumberFormat.count(items)) items" }
}
