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

    /// The part of the stats file this reads; everything else in it is ignored.
    struct StatsFile: Decodable {
        var startup: WindowStartupStamps
    }
}
