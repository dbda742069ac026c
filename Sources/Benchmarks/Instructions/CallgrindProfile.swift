/// The one number the benchmark reads from a callgrind output file: the instructions
/// collected (with `--toggle-collect`, only inside the toggled function).
enum CallgrindProfile {
    /// The first count of the `totals:` line (or `summary:`, older callgrinds); nil if neither.
    static func collectedInstructions(in text: Substring) -> Int? {
        for prefix in ["totals:", "summary:"] {
            for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
                if let first = line.dropFirst(prefix.count).split(separator: " ").first, let n = Int(first) { return n }
            }
        }
        return nil
    }
}
