import CSDL2

/// Monotonic seconds for the frame loop: the app reads one timestamp per frame from here and
/// passes it to the core, which never reads a clock itself.
///
/// It reads SDL's performance counter, not MonotonicTime's `monotonicNanoseconds()`, because
/// SDL stamps its events on that counter's timeline.
///
/// Create it after `SDLVideo`: it records where SDL's event timestamps (milliseconds since
/// `SDL_Init`) start on its own timeline.
public struct Clock: Sendable {
    private let origin: UInt64
    private let countsPerSecond: Double
    /// This clock's time when SDL's tick count was zero.
    private let sdlTicksOrigin: Double

    public init() {
        origin = SDL_GetPerformanceCounter()
        countsPerSecond = Double(SDL_GetPerformanceFrequency())
        // Both counters run on CLOCK_MONOTONIC on Linux, so one offset stays right; the tick
        // count is truncated to milliseconds, and so are event timestamps, which cancels out.
        sdlTicksOrigin = -Double(SDL_GetTicks64()) / 1000
    }

    /// Seconds since this clock was created.
    public func now() -> Double {
        Double(SDL_GetPerformanceCounter() &- origin) / countsPerSecond
    }

    /// SDL's tick count (milliseconds since `SDL_Init`) as seconds on this clock's timeline.
    func time(ofSDLTicks ticks: UInt64) -> Double {
        sdlTicksOrigin + Double(ticks) / 1000
    }
}
