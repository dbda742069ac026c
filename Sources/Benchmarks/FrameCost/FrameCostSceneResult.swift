/// Frame cost of one scene: the app's frames against the bare loop's, as measured.
public struct FrameCostSceneResult: Sendable {
    public var cell: BenchCell
    public var frames: Int
    public var drawCallsPerFrame: Double
    public var textureCopiesPerFrame: Double
    /// Nanoseconds per frame, one array per run.
    public var appRuns: [[Double]] = []
    public var bareRuns: [[Double]] = []
    /// Per app run, per frame: the app's own work before its first SDL drawing call (SDL's
    /// event queue, script events, physics, strategy, the scene's draw list), ns.
    public var appWorkRuns: [[Double]] = []
    /// Per app run, per frame, with the tuning panel open: building and drawing the panel, ns.
    public var panelRuns: [[Double]] = []
    /// Pixels that differ between the app's frame and the bare loop's replay of it (should be 0).
    public var differingPixels: Int
    public var comparedFrame: Int

    public init(
        cell: BenchCell, frames: Int, drawCallsPerFrame: Double, textureCopiesPerFrame: Double,
        appRuns: [[Double]] = [], bareRuns: [[Double]] = [], appWorkRuns: [[Double]] = [], differingPixels: Int, comparedFrame: Int
    ) {
        self.cell = cell
        self.frames = frames
        self.drawCallsPerFrame = drawCallsPerFrame
        self.textureCopiesPerFrame = textureCopiesPerFrame
        self.appRuns = appRuns
        self.bareRuns = bareRuns
        self.appWorkRuns = appWorkRuns
        self.differingPixels = differingPixels
        self.comparedFrame = comparedFrame
    }
}
