import Foundation
import ParallaxKit
import SDLBackend
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: Monotonic time

/// What one timed interval costs in timer reads alone: the median of back-to-back pairs, ns.
func timerOverheadNanoseconds() -> Double {
    var samples: [Double] = []
    samples.reserveCapacity(10_001)
    for _ in 0..<10_001 {
        let a = monotonicNanoseconds()
        let b = monotonicNanoseconds()
        samples.append(Double(b &- a))
    }
    return Percentiles.of(samples, 0.5)
}

// MARK: Statistics

/// A small seeded generator (Steele, Lea and Flood's SplitMix64): the same seed, the same order.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func median(_ values: [Double]) -> Double { Percentiles.of(values, 0.5) }

func mean(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
}

// MARK: Swift heap allocations

/// Counts Swift heap allocations through the runtime's `_swift_allocObject` hook (the
/// function pointer every `swift_allocObject` call goes through): class instances, closure
/// contexts, boxes and the buffers of arrays, sets, dictionaries and strings — every heap
/// allocation the pure-Swift core makes. Not counted: `malloc` from C (SDL; the core has
/// none) and `UnsafeMutablePointer.allocate` (the core has none either). Bytes are the
/// sizes requested, before malloc's rounding. Installed only for a separate, untimed pass:
/// the hook itself costs time.
///
/// The runtime notices the hook on the first allocation and switches every later retain and
/// release to their own hook pointers for good. On Swift 6.3 for Linux their default adapters
/// mask a small string's tag bits away and then "retain" the string's bytes as if they were
/// an object — a crash, or worse, a bit flipped in some string (fixed upstream after 6.3).
/// So the hook switches that back off each time, before anything can retain or release; and
/// no other thread runs Swift code while counting.
enum SwiftAllocationCounter {
    typealias AllocObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

    fileprivate struct Slots {
        var allocObject: UnsafeMutablePointer<AllocObject>
        /// `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly`, a
        /// std::atomic<bool>; absent from runtimes that do not switch.
        var swizzling: UnsafeMutablePointer<UInt8>?
    }

    nonisolated(unsafe) fileprivate static let slots: Slots? = {
        guard let handle = dlopen(nil, RTLD_NOW), let allocObject = dlsym(handle, "_swift_allocObject") else { return nil }
        return Slots(
            allocObject: allocObject.assumingMemoryBound(to: AllocObject.self),
            swizzling: dlsym(handle, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")?
                .assumingMemoryBound(to: UInt8.self))
    }()

    /// Why counting is impossible on this runtime, or nil when it works.
    static let unavailableReason: String? = slots == nil
        ? "this Swift runtime does not export the _swift_allocObject hook"
        : nil

    /// Allocations and requested bytes counted so far.
    static var totals: (count: Int, bytes: Int) {
        (allocationCount.load(ordering: .relaxed), allocatedBytes.load(ordering: .relaxed))
    }

    /// Runs `body` with every Swift heap allocation counted. Main thread only, with no other
    /// thread running Swift code: the hook is process-wide.
    static func counting<T>(_ body: () throws -> T) rethrows -> T {
        guard let slots else { return try body() }
        // Touch the counters first: their lazy initialisation must not happen inside the hook.
        _ = totals
        installed = Installed(original: slots.allocObject.pointee, swizzling: slots.swizzling)
        let swizzling = slots.swizzling?.pointee
        slots.allocObject.pointee = countingAllocObject
        defer {
            slots.allocObject.pointee = installed!.original
            if let swizzling { slots.swizzling?.pointee = swizzling }
        }
        return try body()
    }

    fileprivate struct Installed {
        var original: AllocObject
        var swizzling: UnsafeMutablePointer<UInt8>?
    }
}

private let allocationCount = Atomic<Int>(0)
private let allocatedBytes = Atomic<Int>(0)
nonisolated(unsafe) private var installed: SwiftAllocationCounter.Installed?

/// Counts, allocates, and turns the runtime's retain/release switch back off (see above).
/// Nothing in here retains or releases.
private let countingAllocObject: SwiftAllocationCounter.AllocObject = { metadata, size, alignmentMask in
    let hook = installed.unsafelyUnwrapped
    allocationCount.add(1, ordering: .relaxed)
    allocatedBytes.add(size, ordering: .relaxed)
    let object = hook.original(metadata, size, alignmentMask)
    hook.swizzling?.pointee = 0
    return object
}

// MARK: Progress

/// Progress on standard error: a redrawn bar when it is a terminal, plain lines otherwise
/// (CI logs), at most one every few seconds.
final class BenchProgress {
    private let total: Double
    private var done = 0.0
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let start = monotonicNanoseconds()
    private var lastPlainLine: UInt64 = 0
    private var lastRedraw: UInt64 = 0
    private var lastLabel = ""
    private let quiet: Bool

    init(totalUnits: Double, quiet: Bool = false) {
        total = max(totalUnits, 1)
        self.quiet = quiet
    }

    var elapsedSeconds: Double { Double(monotonicNanoseconds() - start) / 1e9 }

    /// Shows what is running now without adding work done.
    func show(_ label: String) {
        lastLabel = label
        draw(force: false)
    }

    func advance(by units: Double, label: String? = nil) {
        done = min(total, done + units)
        if let label { lastLabel = label }
        draw(force: false)
    }

    /// Clears the bar so the table can follow.
    func finish() {
        guard !quiet else { return }
        if isTerminal { write("\r\u{1B}[2K") }
        write(String(format: "benchmark finished in %.1f s\n", elapsedSeconds))
    }

    private func draw(force: Bool) {
        guard !quiet else { return }
        let fraction = done / total
        if isTerminal {
            // At most ten redraws a second: the terminal is not what is being measured.
            let now = monotonicNanoseconds()
            guard force || now - lastRedraw > 100_000_000 else { return }
            lastRedraw = now
            let width = 30
            let filled = Int((fraction * Double(width)).rounded(.down))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = bar + String(format: " %3.0f%%  %5.0f s  ", fraction * 100, elapsedSeconds) + lastLabel
            write("\r\u{1B}[2K" + String(line.prefix(120)))
        } else {
            let now = monotonicNanoseconds()
            guard force || now - lastPlainLine > 3_000_000_000 || lastPlainLine == 0 else { return }
            lastPlainLine = now
            write(String(format: "[%3.0f%%, %.0f s] ", fraction * 100, elapsedSeconds) + lastLabel + "\n")
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

// MARK: Machine facts for the report

struct MachineFacts: Encodable {
    var cpu: String
    var logical_cpus: Int
    var load_average_start: String
    var load_average_end: String
    var build: String

    static func read() -> MachineFacts {
        var cpu = "unknown"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return MachineFacts(
            cpu: cpu, logical_cpus: ProcessInfo.processInfo.activeProcessorCount,
            load_average_start: loadAverage(), load_average_end: "", build: buildConfiguration)
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}

// MARK: Formatting

/// `value` with `decimals` decimals, right-aligned in `width` columns; "–" for nil.
func column(_ value: Double?, _ decimals: Int, width: Int) -> String {
    let text = value.map { String(format: "%.\(decimals)f", $0) } ?? "–"
    return padLeft(text, width)
}

func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func padRight(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Rounds to `decimals` places for the machine-readable outputs.
func roundTo(_ value: Double, _ decimals: Int = 3) -> Double {
    let scale = Foundation.pow(10, Double(decimals))
    return (value * scale).rounded() / scale
}

/// `text` broken at spaces into lines of at most `width` characters, each after `indent`.
func wrapped(_ text: String, width: Int = 124, indent: String = "  ", hanging: String = "    ") -> String {
    var lines: [String] = []
    var line = indent
    var lineIsEmpty = true
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
        if !lineIsEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = hanging
            lineIsEmpty = true
        }
        line += (lineIsEmpty ? "" : " ") + word
        lineIsEmpty = false
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}
