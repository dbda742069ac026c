import ParallaxKit
import RunHarness

/// The stamps one start of the window is measured by: the `"startup"` block of its
/// `--stats-json` file, read as `RunReport.Startup` (the file's one declaration, in
/// ParallaxKit), when it has a first frame. CLOCK_MONOTONIC nanoseconds, UInt64 as the
/// window writes them, comparable with the parent's reading just before the spawn.
public struct WindowStartupStamps: Equatable, Sendable {
    /// The block as the window wrote it.
    public let startup: RunReport.Startup
    /// Its first frame's stamp.
    public let firstFrame: UInt64

    /// The stamps of a window's stats file; nil when it has no first frame.
    public init?(_ startup: RunReport.Startup) {
        guard let first = startup.first_frame_ns else { return nil }
        self.startup = startup
        firstFrame = first
    }
}
