/// Key names for scripts.
public enum KeyName {
    static let named: [(String, Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pageup", .pageUp), ("pagedown", .pageDown), ("home", .home), ("end", .end),
        ("space", .space), ("tab", .tab), ("escape", .escape), ("enter", .enter),
        ("backspace", .backspace), ("delete", .delete),
        ("plus", .character("+")), ("minus", .character("-")),
    ]

    static let help = "up, down, left, right, pageup, pagedown, home, end, space, tab, escape, enter, backspace, delete, f1…f12, plus, minus, a single character; prefix shift+, ctrl+ or alt+"

    /// Parses `shift+space`, `pagedown`, `f3`, `1`, `]`.
    public static func parse(_ text: String) -> (Key, KeyModifiers)? {
        var parts = text.lowercased().split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // A bare "+" (or a trailing "++") names the plus key itself.
        if text.hasSuffix("+") {
            parts.removeLast(2)
            parts.append("+")
        }
        guard let last = parts.popLast(), !last.isEmpty else { return nil }
        var modifiers: KeyModifiers = []
        for m in parts {
            switch m {
            case "shift": modifiers.insert(.shift)
            case "ctrl", "control": modifiers.insert(.control)
            case "alt": modifiers.insert(.alt)
            default: return nil
            }
        }
        if let (_, key) = named.first(where: { $0.0 == last }) { return (key, modifiers) }
        if last.count >= 2, last.first == "f", let n = Int(last.dropFirst()), (1...12).contains(n) {
            return (.function(n), modifiers)
        }
        if last.count == 1, let c = last.first, !c.isWhitespace { return (.character(c), modifiers) }
        return nil
    }
}
