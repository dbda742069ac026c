/// Lines of text that fit a width, broken where a reader expects: after a space, or after a
/// '/' of a path, so a folder's name is never cut in two where the whole of it fits on a line.
public enum TextWrap {
    /// `text` in lines no wider than `width` by `measure` (the widget's font), greedily: each
    /// line takes as many whole pieces (up to and including a space or a '/') as fit. A piece
    /// wider than a whole line is cut where it must be. Spaces that end a line are dropped.
    public static func lines(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in text {
            piece.append(character)
            if character == " " || character == "/" {
                pieces.append(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        var lines: [String] = []
        var line = ""
        func fits(_ candidate: String) -> Bool { measure(trimmed(candidate)) <= width }
        for piece in pieces {
            if fits(line + piece) {
                line += piece
                continue
            }
            if !trimmed(line).isEmpty { lines.append(trimmed(line)) }
            line = ""
            // A piece too wide for a line of its own: cut by characters.
            for character in piece {
                if !line.isEmpty, !fits(line + String(character)) {
                    lines.append(trimmed(line))
                    line = ""
                }
                line.append(character)
            }
        }
        if !trimmed(line).isEmpty { lines.append(trimmed(line)) }
        return lines
    }

    private static func trimmed(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }
}
