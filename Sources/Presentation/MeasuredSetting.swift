import ParallaxKit

/// What the panel's means are of: the scene, the strategy running, the count and the amount.
/// Whoever keeps a panel's statistics starts them again when this changes (one window, reset
/// at each change, rather than a window kept per setting: coming back to a strategy measures it
/// afresh, as the list and photos are then), so the panel never shows one strategy's times
/// under another's name.
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
    /// setting now measured. Call it after the frame that may have changed the setting has run
    /// and before that frame's sample is recorded (the window records a frame's sample when the
    /// next one starts, and a replay once the frame is rendered): the new statistics leave that
    /// sample out. The frame that switched did the switch's one-off work in its layout phase
    /// (from layout invalidation to the scroll callback at a million items, the whole layout
    /// computed again: 0.9 s in a debug build), and as the first of the new window's samples
    /// it stood as the new strategy's mean for seconds (896 ms ÷ n frames: 12.7 ms after 71
    /// frames, 4.4 ms after 208, 0.04 ms once it left the 240-frame window).
    public static func restart(_ statistics: inout FrameStatistics, measured: MeasuredSetting?, now playground: Playground) -> MeasuredSetting {
        let current = MeasuredSetting(playground)
        if let measured, measured != current { statistics = FrameStatistics(capacity: statistics.capacity, leavingOut: 1) }
        return current
    }
}
