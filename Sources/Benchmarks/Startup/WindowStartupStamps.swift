import ParallaxKit

/// The `"startup"` block of the window command's `--stats-json` file: CLOCK_MONOTONIC
/// timestamps in nanoseconds, comparable with the parent's reading just before the spawn.
public struct WindowStartupStamps: Codable, Equatable, Sendable {
    /// The command's `run()` entered: the runtime is loaded and the arguments are parsed.
    public var main_ns: Int
    /// The first frame's present returned.
    public var first_frame_ns: Int
    /// The first present in which every image was drawn; null if no frame was complete.
    public var complete_frame_ns: Int?
    /// Which frame that was (1 = the first).
    public var complete_frame_number: Int?

    public init(main_ns: Int, first_frame_ns: Int, complete_frame_ns: Int?, complete_frame_number: Int?) {
        self.main_ns = main_ns
        self.first_frame_ns = first_frame_ns
        self.complete_frame_ns = complete_frame_ns
        self.complete_frame_number = complete_frame_number
    }

    /// The stamps of a window's stats file; nil when it has no first frame.
    init?(_ startup: RunReport.Startup) {
        guard let first = startup.first_frame_ns else { return nil }
        self.init(main_ns: Int(clamping: startup.main_ns), first_frame_ns: Int(clamping: first),
                  complete_frame_ns: startup.complete_frame_ns.map { Int(clamping: $0) },
                  complete_frame_number: startup.complete_frame_number)
    }
}
