import Dispatch
import Foundation
import MonotonicTime
import SDLBackend
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hears SIGINT, SIGTERM and SIGHUP while a recording runs, so it can stop between frames and
/// remove its temporary files instead of dying with them in place.
public final class InterruptWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Call before SDL starts: SDL installs its own SIGINT and SIGTERM handlers only where
    /// the default is in place, and a signal ignored here reaches only the dispatch source.
    public init() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            _ = signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.note(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    deinit { sources.forEach { $0.cancel() } }

    private func note(_ signalNumber: Int32) {
        lock.lock()
        if received == nil { received = signalNumber }
        lock.unlock()
    }

    /// The first signal heard, if any.
    public var heard: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}

/// Progress on standard error: frames done of how many and the rate. On a terminal one line
/// rewritten in place; otherwise a line every few seconds, so logs stay short.
public struct RecordingProgress {
    public let total: Int
    public let label: String
    private let started = monotonicNanoseconds()
    private var lastShown: UInt64 = 0
    private let isTerminal = isatty(STDERR_FILENO) == 1

    public init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    public var elapsedSeconds: Double { Double(monotonicNanoseconds() - started) / 1e9 }

    public func rate(_ done: Int) -> Double { elapsedSeconds > 0 ? Double(done) / elapsedSeconds : 0 }

    public mutating func show(done: Int) {
        let now = monotonicNanoseconds()
        let interval: UInt64 = isTerminal ? 200_000_000 : 2_000_000_000
        guard done == total || now - lastShown >= interval else { return }
        lastShown = now
        let percent = total > 0 ? 100 * done / total : 100
        let line = "\(label): frame \(done) of \(total) (\(percent) %), \(String(format: "%.1f", rate(done))) fps"
        let text = isTerminal ? "\r\(line)\u{1B}[K" + (done == total ? "\n" : "") : line + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}
