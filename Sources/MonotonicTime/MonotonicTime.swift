#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process clock of the app and the bench alike (the core reads none: time is passed in).
/// bare-first-frame keeps a copy of its own, since it links nothing but SDL.
///
/// Nanoseconds on CLOCK_MONOTONIC: a vDSO read, comparable across processes on one machine,
/// so a launcher can subtract its own spawn time from a window's start-up timestamps.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}
