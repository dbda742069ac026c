/// A timed list of input events: what a person did, replayable at any frame rate.
///
/// The text format has one command per line; `#` starts a comment. Commands happen at the
/// script's current time, which only `wait` and `drag` move forward:
///
///     drag-begin X Y        press the button at (X, Y) in viewport points
///     drag-move X Y         move the pressed pointer
///     drag-end [X Y]        release (at the last point unless given)
///     drag X1 Y1 X2 Y2 S    press, move in a straight line over S seconds (120 Hz), release
///     wheel dy=N [dx=N] [precise] [flipped]
///                           N notches (dy > 0 is away from the user, SDL's convention);
///                           `precise` marks touchpad fractions, `flipped` natural scrolling
///     key NAME              e.g. down, pagedown, space, shift+space, home, end, tab, f2, 1, +
///     wait S                let S seconds pass
public struct Script: Hashable, Sendable {
    public var events: [TimedEvent]
    /// The script's time after its last command (waits included).
    public var duration: Double

    public init(events: [TimedEvent], duration: Double) {
        self.events = events
        self.duration = duration
    }

    /// Sample rate of the pointer moves that `drag` expands into.
    public static let dragSampleRate = 120.0
}

/// A script that could not be read: where and why.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file):\(line): \(reason)" }
}

extension Script {
    static let commandNames = "drag-begin, drag-move, drag-end, drag, wheel, key, wait"

    /// Parses the text format; `file` names the source in error messages.
    public static func parse(_ text: String, file: String) throws(ScriptError) -> Script {
        var events: [TimedEvent] = []
        var time = 0.0
        var pressedAt: Point? = nil
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let command = words.first else { continue }
            let args = Array(words.dropFirst())
            func fail(_ reason: String) -> ScriptError { ScriptError(file: file, line: lineNumber, reason: reason) }
            func numbers(_ count: Int, _ usage: String) throws(ScriptError) -> [Double] {
                guard args.count == count else { throw fail("'\(command)' takes \(usage), got \(args.count) value(s)") }
                var values: [Double] = []
                for a in args {
                    guard let v = Double(a), v.isFinite else { throw fail("'\(a)' is not a number") }
                    values.append(v)
                }
                return values
            }
            switch command {
            case "drag-begin":
                let v = try numbers(2, "X Y")
                if pressedAt != nil { throw fail("drag-begin while a drag is already in progress (missing drag-end)") }
                let p = Point(x: v[0], y: v[1])
                events.append(TimedEvent(time: time, event: .pointerDown(p)))
                pressedAt = p
            case "drag-move":
                let v = try numbers(2, "X Y")
                guard pressedAt != nil else { throw fail("drag-move without a drag-begin") }
                let p = Point(x: v[0], y: v[1])
                events.append(TimedEvent(time: time, event: .pointerMoved(p)))
                pressedAt = p
            case "drag-end":
                guard let last = pressedAt else { throw fail("drag-end without a drag-begin") }
                let p: Point
                if args.isEmpty {
                    p = last
                } else {
                    let v = try numbers(2, "nothing or X Y")
                    p = Point(x: v[0], y: v[1])
                }
                events.append(TimedEvent(time: time, event: .pointerUp(p)))
                pressedAt = nil
            case "drag":
                let v = try numbers(5, "X1 Y1 X2 Y2 SECONDS")
                if pressedAt != nil { throw fail("drag while a drag is already in progress (missing drag-end)") }
                guard v[4] > 0 else { throw fail("a drag needs a positive duration, got \(args[4])") }
                let from = Point(x: v[0], y: v[1]), to = Point(x: v[2], y: v[3])
                let steps = max(1, Int((v[4] * dragSampleRate).rounded(.up)))
                events.append(TimedEvent(time: time, event: .pointerDown(from)))
                for step in 1...steps {
                    let s = Double(step) / Double(steps)
                    let p = Point(x: from.x + (to.x - from.x) * s, y: from.y + (to.y - from.y) * s)
                    events.append(TimedEvent(time: time + v[4] * s, event: .pointerMoved(p)))
                }
                time += v[4]
                events.append(TimedEvent(time: time, event: .pointerUp(to)))
            case "wheel":
                var delta = WheelDelta()
                var sawAmount = false
                for a in args {
                    if a == "precise" {
                        delta.isPrecise = true
                    } else if a == "flipped" {
                        delta.isFlipped = true
                    } else if a.hasPrefix("dx=") || a.hasPrefix("dy=") {
                        guard let v = Double(a.dropFirst(3)), v.isFinite else { throw fail("'\(a)' needs a number after '='") }
                        if a.hasPrefix("dx=") { delta.dx = v } else { delta.dy = v }
                        sawAmount = true
                    } else {
                        throw fail("unknown wheel argument '\(a)' (expected dy=N, dx=N, precise, flipped)")
                    }
                }
                guard sawAmount else { throw fail("wheel needs dy=N and/or dx=N") }
                if !delta.isPrecise && (delta.dx != delta.dx.rounded() || delta.dy != delta.dy.rounded()) {
                    throw fail("a wheel without 'precise' moves whole notches; got a fraction (add 'precise' for a touchpad)")
                }
                events.append(TimedEvent(time: time, event: .wheel(delta)))
            case "key":
                guard args.count == 1 else { throw fail("'key' takes one key name, e.g. 'key pagedown' or 'key shift+space'") }
                guard let (key, modifiers) = KeyName.parse(args[0]) else {
                    throw fail("unknown key '\(args[0])' (known: \(KeyName.help))")
                }
                events.append(TimedEvent(time: time, event: .key(key, modifiers)))
            case "wait":
                let v = try numbers(1, "SECONDS")
                guard v[0] >= 0 else { throw fail("wait needs a duration of zero or more seconds, got \(args[0])") }
                time += v[0]
            default:
                throw fail("unknown command '\(command)' (expected one of: \(commandNames))")
            }
        }
        if pressedAt != nil {
            throw ScriptError(file: file, line: lineNumber, reason: "the script ends with the button still pressed (missing drag-end)")
        }
        return Script(events: events, duration: time)
    }
}

/// Key names for scripts.
public enum KeyName {
    static let named: [(String, Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pageup", .pageUp), ("pagedown", .pageDown), ("home", .home), ("end", .end),
        ("space", .space), ("tab", .tab), ("escape", .escape), ("enter", .enter),
        ("plus", .character("+")), ("minus", .character("-")),
    ]

    static let help = "up, down, left, right, pageup, pagedown, home, end, space, tab, escape, enter, f1…f12, plus, minus, a single character; prefix shift+, ctrl+ or alt+"

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
