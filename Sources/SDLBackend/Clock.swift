import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic seconds for the frame loop: the app reads one timestamp per frame from here and
/// passes it to the core, which never reads a clock itself.
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

/// Nanoseconds on CLOCK_MONOTONIC: a vDSO read, comparable across processes on one machine,
/// so a launcher can subtract its own spawn time from a window's start-up timestamps.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}
