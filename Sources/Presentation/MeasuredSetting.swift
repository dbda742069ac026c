import ParallaxKit

/// What the panel's means are of: the scene, the strategy running, the count and the amount.
/// Whoever keeps a panel's statistics starts them again when this changes, so the panel never
/// shows one strategy's times under another's name (pressing 2 then 1 at a million items
/// used to show the invalidating layout's milliseconds under "scroll callback" for seconds).
public struct MeasuredSetting: Equatable, Sendable {
    public var scene: SceneID
    public var strategy: ParallaxStrategy
    public var itemCount: Int
    public var parallaxAmount: Double

    public init(_ playground: Playground) {
        scene = playground.scene.id
        strategy = playground.effectiveStrategy
        itemCount = playground.itemCount
        parallaxAmount = playground.parallaxAmount
    }

    /// Starts `statistics` again when `playground` no longer shows `measured`; returns the
    /// setting now measured.
    public static func restart(_ statistics: inout FrameStatistics, measured: MeasuredSetting?, now playground: Playground) -> MeasuredSetting {
        let current = MeasuredSetting(playground)
        if let measured, measured != current { statistics = FrameStatistics(capacity: statistics.capacity) }
        return current
    }
}
