/// The frame budget a run is held to, as a phone would hold it: how often the display refreshes
/// (the budget is one refresh, 1000 / Hz milliseconds) and how much slower than this desktop
/// the frame's main-thread work is made to run.
///
/// The slowdown follows Chrome DevTools' CPU throttling (`thread_cpu_throttler.cc`): a thread
/// interrupts the page's main thread every 200 µs and the handler busy-waits for the time the
/// thread ran times (rate − 1), so main-thread work takes rate times as long while the
/// compositor's does not. Here the main thread's work is everything a frame does before the
/// renderer is handed it (input, physics, the strategy's update, layout, the draw list);
/// rendering and presenting stand for the GPU and the compositor and are not slowed.
///
/// Settings of the run, not of the model: a `Playground` never sees them; the window, `record`
/// and the presets carry them. The core reads no clock, so the busy-wait itself is the
/// window's (`MainThreadSlowdown`, Panes).
public struct RunBudget: Sendable, Equatable {
    /// How many times longer the main thread's work takes: 1 (as measured) to 20.
    public var cpuSlowdown: Double
    /// The refresh rate frames are paced to, Hz; nil: the display's.
    public var refreshHertz: Double?

    public init(cpuSlowdown: Double = 1, refreshHertz: Double? = nil) {
        self.cpuSlowdown = cpuSlowdown
        self.refreshHertz = refreshHertz
    }

    /// The rate when neither the run nor the display says one (Xvfb reports none): the
    /// common display's 60 Hz.
    public static let fallbackHertz = 60.0

    /// The rate the run's budget is counted at: its own, else the display's (when it reports a
    /// positive one), else 60 Hz.
    public func hertz(display: Double?) -> Double {
        if let refreshHertz { return refreshHertz }
        if let display, display > 0, display.isFinite { return display }
        return Self.fallbackHertz
    }

    /// One refresh, milliseconds: the time a frame has.
    public func budgetMilliseconds(display: Double?) -> Double { 1000 / hertz(display: display) }

    /// `--cpu-slowdown`, the preset's `cpu-slowdown` and `set cpu-slowdown`. DevTools' presets
    /// are 4x ("mid-tier mobile"), 6x ("low-tier mobile") and 20x; 20 is its slider's end
    /// too (`Emulation.setCPUThrottlingRate` takes more, the panel offers no more).
    public static let cpuSlowdownKnob = KnobDescriptor(
        name: "cpu-slowdown", range: 1...20,
        words: [.init("mid-tier-mobile", 4), .init("low-tier-mobile", 6)],
        meaning: "How many times longer each frame's main-thread work takes (input, physics, the strategy, layout, the draw list), as Chrome DevTools' CPU throttling stretches it (mid-tier-mobile is its 4x, low-tier-mobile its 6x); rendering and presenting stand for the GPU and the compositor and are not slowed",
        defaultValue: "1 (as measured)", valueName: "n", sliderRange: 1...20, sliderFormat: "%.0fx")

    /// `--refresh`, the preset's `refresh` and `set refresh`: 30, 60, 90, 120 and 144 Hz are
    /// the displays people hold; 500 is past any of them.
    public static let refreshKnob = KnobDescriptor(
        name: "refresh", range: 1...500, unit: "Hz", words: [.init("display", nil)],
        meaning: "The refresh rate frames are paced to (30, 60, 90, 120, 144…; without vsync when it is not the display's), and the frame budget 1000/Hz ms every graph and count uses",
        defaultValue: "display (60 when the display says none)", valueName: "hz", sliderRange: 30...144, sliderFormat: "%.0f Hz")
}
