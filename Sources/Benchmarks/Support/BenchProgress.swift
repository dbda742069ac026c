import Foundation
import MonotonicTime
import Presentation
#if canImport(Glibc)
import Glibc
#endif

/// Progress on standard error: a redrawn bar when it is a terminal, plain lines otherwise
/// (CI logs), at most one every few seconds.
public final class BenchProgress {
    private let total: Double
    private var done = 0.0
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let start = monotonicNanoseconds()
    private var lastPlainLine: UInt64 = 0
    private var lastRedraw: UInt64 = 0
    private var lastLabel = ""
    private let quiet: Bool

    public init(totalUnits: Double, quiet: Bool = false) {
        total = max(totalUnits, 1)
        self.quiet = quiet
    }

    public var elapsedSeconds: Double { Double(monotonicNanoseconds() - start) / 1e9 }

    /// Shows what is running now without adding work done.
    func show(_ label: String) {
        lastLabel = label
        draw()
    }

    func advance(by units: Double, label: String? = nil) {
        done = min(total, done + units)
        if let label { lastLabel = label }
        draw()
    }

    /// Clears the bar so the table can follow.
    func finish() {
        guard !quiet else { return }
        if isTerminal { write("\r\u{1B}[2K") }
        write("benchmark finished in \(NumberFormat.fixed(elapsedSeconds, decimals: 1)) s\n")
    }

    private func draw() {
        guard !quiet else { return }
        let fraction = done / total
        let now = monotonicNanoseconds()
        if isTerminal {
            // At most ten redraws a second: the terminal is not what is being measured.
            guard now - lastRedraw > 100_000_000 else { return }
            lastRedraw = now
            let width = 30
            let filled: Int = (fraction * Double(width)).clampedInteger(rounding: .down)
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = bar + " " + TextFormatting.padLeft(NumberFormat.fixed(fraction * 100, decimals: 0), 3) + "%  "
                + TextFormatting.padLeft(NumberFormat.fixed(elapsedSeconds, decimals: 0), 5) + " s  " + lastLabel
            write("\r\u{1B}[2K" + String(line.prefix(120)))
        } else {
            guard now - lastPlainLine > 3_000_000_000 || lastPlainLine == 0 else { return }
            lastPlainLine = now
            write("[" + TextFormatting.padLeft(NumberFormat.fixed(fraction * 100, decimals: 0), 3) + "%, " + NumberFormat.fixed(elapsedSeconds, decimals: 0) + " s] " + lastLabel + "\n")
        }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
