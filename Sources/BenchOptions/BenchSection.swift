/// The parts of the benchmark, each chosen with `--only` (here, with the options, so that
/// `parallax-playground bench` checks them without linking the measuring).
public enum BenchSection: String, CaseIterable, Sendable {
    case strategyCost = "strategy-cost"
    /// Heap allocations per frame of each strategy-cost cell, in a separate untimed pass.
    case allocations
    case frameCost = "frame-cost"
    case startup
    /// Instructions per frame under callgrind: a count that does not vary from run to run.
    case instructions
    /// The photo pipeline's figures on a folder (`--photos`), through the real window.
    case photoLibrary = "photo-library"
    /// The frames in a real window, per render driver, vsync on and off (needs a display).
    case window
    /// A physics step's time and allocations under each platform's scroll engine.
    case physics
    /// The R key in the real window's scripted session, with and without it, launched in turn
    /// (needs a display and ffmpeg).
    case recordingSession = "recording-session"
    /// The item count at which each strategy's main-thread work no longer fits a frame, at
    /// DevTools' CPU slowdowns and 60 or 120 Hz.
    case budget

    /// What runs when `--only` is not given: everything but the instruction count, which
    /// needs valgrind and takes minutes, the photo library, which needs a folder, the window
    /// and the recording session, which need a display, and the budget, which steps every
    /// list to a million.
    public static let defaults: [BenchSection] = [.strategyCost, .allocations, .frameCost, .startup, .physics]

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
