import ArgumentParser
import Dispatch
import Foundation
import ParallaxKit
import SDLBackend
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `record --compare AXIS=A,B`: the same replay in two panes that differ in one setting.
struct Comparison {
    enum Axis: String, CaseIterable {
        case strategy, parallax, scene
    }

    var axis: Axis
    var values: [String]

    init(parsing argument: String) throws {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        let axes = Axis.allCases.map(\.rawValue).joined(separator: ", ")
        guard parts.count == 2, let axis = Axis(rawValue: parts[0]) else {
            throw ValidationError("--compare takes AXIS=A,B with AXIS one of \(axes), e.g. strategy=layout-invalidation,cached-layout")
        }
        let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard values.count == 2, values.allSatisfy({ !$0.isEmpty }) else {
            throw ValidationError("--compare \(axis.rawValue)= needs exactly two values separated by a comma")
        }
        for value in values {
            switch axis {
            case .strategy where ParallaxStrategy(rawValue: value) == nil:
                throw ValidationError("--compare: unknown strategy '\(value)'; one of \(ParallaxStrategy.validNames)")
            case .scene where SceneID(rawValue: value) == nil:
                throw ValidationError("--compare: unknown scene '\(value)'; one of \(SceneID.validNames)")
            case .parallax:
                guard let amount = Double(value), amount >= 0, amount <= ShotCommand.largestParallax else {
                    throw ValidationError("--compare parallax= values must be from 0 to \(Int(ShotCommand.largestParallax)) points, got '\(value)'")
                }
            default: break
            }
        }
        self.axis = axis
        self.values = values
    }

    /// Each pane's model settings, parallax amount and caption, `model` and `parallax`
    /// changed along the axis.
    func panes(model: ModelOptions, parallax: Double?) -> [(model: ModelOptions, parallax: Double?, caption: String)] {
        values.map { value in
            var paneModel = model
            var paneParallax = parallax
            switch axis {
            case .strategy: paneModel.strategy = ParallaxStrategy(rawValue: value)
            case .scene: paneModel.scene = SceneID(rawValue: value) ?? model.scene
            case .parallax: paneParallax = Double(value)
            }
            let caption = axis == .parallax ? "parallax \(value) pt" : "\(axis.rawValue): \(value)"
            return (paneModel, paneParallax, caption)
        }
    }
}

/// Two frames of one height side by side, `left` first.
func sideBySide(_ left: RGBAImage, _ right: RGBAImage) -> RGBAImage {
    precondition(left.height == right.height, "panes must have one height")
    let width = left.width + right.width
    var bytes = [UInt8]()
    bytes.reserveCapacity(width * left.height * 4)
    for y in 0..<left.height {
        bytes.append(contentsOf: left.bytes[(y * left.width * 4)..<((y + 1) * left.width * 4)])
        bytes.append(contentsOf: right.bytes[(y * right.width * 4)..<((y + 1) * right.width * 4)])
    }
    return RGBAImage(width: width, height: left.height, bytes: bytes)
}

/// Hears SIGINT, SIGTERM and SIGHUP while a recording runs, so it can stop between frames and
/// remove its temporary files instead of dying with them in place.
final class InterruptWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Call before SDL starts: SDL installs its own SIGINT and SIGTERM handlers only where
    /// the default is in place, and a signal ignored here reaches only the dispatch source.
    init() {
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
    var heard: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}

/// Progress on standard error: frames done of how many and the rate. On a terminal one line
/// rewritten in place; otherwise a line every few seconds, so logs stay short.
struct RecordingProgress {
    let total: Int
    let label: String
    private let started = monotonicNanoseconds()
    private var lastShown: UInt64 = 0
    private let isTerminal = isatty(STDERR_FILENO) == 1

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    var elapsedSeconds: Double { Double(monotonicNanoseconds() - started) / 1e9 }

    func rate(_ done: Int) -> Double { elapsedSeconds > 0 ? Double(done) / elapsedSeconds : 0 }

    mutating func show(done: Int) {
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
