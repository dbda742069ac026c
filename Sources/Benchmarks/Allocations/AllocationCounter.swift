import MallocInterposerSwift
#if canImport(Glibc)
import Glibc
#endif

/// Counts heap allocations through ordo-one/malloc-interposer: every `malloc`, `calloc`,
/// `realloc` and aligned allocation in the process, from Swift (objects, closure contexts,
/// boxes, array/set/dictionary/string buffers all end in `malloc`) and from C alike. Bytes are
/// the sizes requested.
///
/// The interposer replaces libc's `malloc` only where the dynamic linker finds its
/// `libMallocInterposerSwift.so` first: this executable links it, so it normally is; when it
/// is not (a wrapper that preloads another allocator), `unavailableReason` says so and the
/// allocation columns stay empty. Counting is switched on only around the untimed pass.
public enum AllocationCounter {
    /// Why counting does not work in this process, or nil when it does (probed once).
    public static let unavailableReason: String? = probe()

    /// Allocations and requested bytes counted since `counting` began.
    static var totals: (count: Int, bytes: Int) {
        let statistics = MallocInterposerSwift.getStatistics()
        return (statistics.mallocCount, statistics.mallocBytesCount)
    }

    /// Runs `body` with every allocation counted, from zero. Single-threaded callers only: the
    /// counters are per thread but summed over all of them.
    static func counting<T>(_ body: () throws -> T) rethrows -> T {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        defer { MallocInterposerSwift.unhook() }
        return try body()
    }

    /// One allocation with counting on must be seen, or this process's `malloc` is not the
    /// interposer's.
    private static func probe() -> String? {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        probeBlock = malloc(48)
        free(probeBlock)
        MallocInterposerSwift.unhook()
        let seen = MallocInterposerSwift.getStatistics().mallocCount
        MallocInterposerSwift.reset()
        return seen > 0 ? nil
            : "malloc in this process is not malloc-interposer's (libMallocInterposerSwift.so must come before libc in the dynamic linker's search order; LD_PRELOAD it)"
    }

    /// Global, so the compiler cannot drop the probe's malloc/free pair as unused.
    nonisolated(unsafe) private static var probeBlock: UnsafeMutableRawPointer?
}
