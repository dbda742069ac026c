import Foundation
import Presentation

/// The report's column and number formatting, shared by the table, JSON and CSV.
enum TextFormatting {
    /// `value` with `decimals` decimals, right-aligned in `width` columns; "–" for nil.
    static func column(_ value: Double?, _ decimals: Int, _ width: Int) -> String {
        let text = value.map { NumberFormat.fixed($0, decimals: decimals) } ?? "–"
        return padLeft(text, width)
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Rounds to `decimals` places for the machine-readable outputs.
    static func rounded(_ value: Double, _ decimals: Int = 3) -> Double {
        let scale = Foundation.pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }

    /// `text` broken at spaces into lines of at most `width` characters, each after `indent`.
    static func wrapped(_ text: String, width: Int = 124, indent: String = "  ", hanging: String = "    ") -> String {
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
}
