/// A timed list of input events: what a person did, replayable at any frame rate.
///
/// The text format has one command per line; `#` starts a comment. Commands happen at the
/// script's current time, which only `wait` and `drag` move forward:
///
///     drag-begin X Y        press the button at (X, Y) in viewport points
///     drag-move X Y         move the pressed pointer
///     drag-end [X Y]        release (at the last point unless given)
///     drag X1 Y1 X2 Y2 S    press, move in a straight line over S seconds (120 Hz), release
///     click X Y             press and release at (X, Y) at the same instant (a touchpad's tap)
///     hover X Y             move the pointer with no button held
///     type TEXT             type the rest of the line (a focused text field takes it)
///     fling VY [VX]         set the list coasting at VY (VX) points per second, positive
///                           towards the end, as a drag released at that speed would
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

/// What a script may ask for. Each limit guards one command; a script past any of them is
/// refused with its line, so no script can make a replay run for ever or fill the memory.
public enum ScriptLimits {
    /// Pointer coordinates, points either way from the viewport's origin: far beyond any
    /// screen, small enough that positions stay exact in a Double.
    public static let coordinate = 100_000.0
    /// `drag X1 Y1 X2 Y2 S`: S seconds, more than zero and at most this (a long, slow drag).
    public static let dragSeconds = 60.0
    /// `wait S`: at most this many seconds.
    public static let waitSeconds = 600.0
    /// `fling VY [VX]`: points per second either way: far past any hand (Android's fastest
    /// fling is 8,000 dp/s), small enough for every engine's closed form.
    public static let flingSpeed = 100_000.0
    /// `wheel dy=N dx=N`: at most this many notches either way in one event.
    public static let wheelNotches = 100.0
    /// The whole script: at most an hour of input.
    public static let totalSeconds = 3600.0
    /// Events in all (a 60 s drag is 7,201): bounds the memory a script can take.
    public static let events = 1_000_000
    /// A bad token is quoted up to this many characters in an error.
    public static let quotedCharacters = 80

    /// `token` in quotes, cut to `quotedCharacters` with an ellipsis.
    public static func quote(_ token: String) -> String {
        let cut = token.prefix(quotedCharacters)
        return "'" + cut + (cut.count < token.count ? "…" : "") + "'"
    }
}

extension Script {
    static let commandNames = "drag-begin, drag-move, drag-end, drag, click, hover, type, fling, wheel, key, set, wait"
    /// `type TEXT`: at most this many characters on one line.
    static let typedCharacters = 256

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
            func quote(_ token: String) -> String { ScriptLimits.quote(token) }
            func fail(_ reason: String) -> ScriptError { ScriptError(file: file, line: lineNumber, reason: reason) }
            func numbers(_ count: Int, _ usage: String) throws(ScriptError) -> [Double] {
                guard args.count == count else { throw fail("\(quote(command)) takes \(usage), got \(args.count) value(s)") }
                var values: [Double] = []
                for a in args {
                    guard let v = Double(a), v.isFinite else { throw fail("\(quote(a)) is not a number") }
                    values.append(v)
                }
                return values
            }
            /// X Y pairs within ±`ScriptLimits.coordinate`.
            func point(_ v: [Double], _ i: Int) throws(ScriptError) -> Point {
                let limit = ScriptLimits.coordinate
                guard abs(v[i]) <= limit, abs(v[i + 1]) <= limit else {
                    throw fail("coordinates must be within ±\(limit.written()) points, got \(quote(args[i])) \(quote(args[i + 1]))")
                }
                return Point(x: v[i], y: v[i + 1])
            }
            switch command {
            case "drag-begin":
                let v = try numbers(2, "X Y")
                if pressedAt != nil { throw fail("drag-begin while a drag is already in progress (missing drag-end)") }
                let p = try point(v, 0)
                events.append(TimedEvent(time: time, event: .pointerDown(p)))
                pressedAt = p
            case "drag-move":
                let v = try numbers(2, "X Y")
                guard pressedAt != nil else { throw fail("drag-move without a drag-begin") }
                let p = try point(v, 0)
                events.append(TimedEvent(time: time, event: .pointerMoved(p)))
                pressedAt = p
            case "drag-end":
                guard let last = pressedAt else { throw fail("drag-end without a drag-begin") }
                let p: Point
                if args.isEmpty {
                    p = last
                } else {
                    let v = try numbers(2, "nothing or X Y")
                    p = try point(v, 0)
                }
                events.append(TimedEvent(time: time, event: .pointerUp(p)))
                pressedAt = nil
            case "drag":
                let v = try numbers(5, "X1 Y1 X2 Y2 SECONDS")
                if pressedAt != nil { throw fail("drag while a drag is already in progress (missing drag-end)") }
                guard v[4] > 0, v[4] <= ScriptLimits.dragSeconds else {
                    throw fail("a drag needs a positive duration of at most \(ScriptLimits.dragSeconds.written()) seconds, got \(quote(args[4]))")
                }
                let from = try point(v, 0), to = try point(v, 2)
                let steps = max(1, (v[4] * dragSampleRate).clampedInteger(Int.self, rounding: .up))
                events.append(TimedEvent(time: time, event: .pointerDown(from)))
                for step in 1...steps {
                    let s = Double(step) / Double(steps)
                    let p = Point(x: from.x + (to.x - from.x) * s, y: from.y + (to.y - from.y) * s)
                    events.append(TimedEvent(time: time + v[4] * s, event: .pointerMoved(p)))
                }
                time += v[4]
                events.append(TimedEvent(time: time, event: .pointerUp(to)))
            case "click", "hover":
                let v = try numbers(2, "X Y")
                if pressedAt != nil { throw fail("\(command) while a drag is in progress (missing drag-end)") }
                let p = try point(v, 0)
                if command == "hover" {
                    events.append(TimedEvent(time: time, event: .hover(p)))
                } else {
                    events.append(TimedEvent(time: time, event: .pointerDown(p)))
                    events.append(TimedEvent(time: time, event: .pointerUp(p)))
                }
            case "fling":
                guard (1...2).contains(args.count) else { throw fail("'fling' takes VY [VX] in points per second, e.g. 'fling 5000'") }
                var speeds: [Double] = []
                for a in args {
                    guard let v = Double(a), v.isFinite, abs(v) <= ScriptLimits.flingSpeed else {
                        throw fail("a fling's speed is a number of points per second within ±\(ScriptLimits.flingSpeed.written()), got \(quote(a))")
                    }
                    speeds.append(v)
                }
                if pressedAt != nil { throw fail("fling while a drag is in progress (missing drag-end)") }
                events.append(TimedEvent(time: time, event: .fling(vx: speeds.count > 1 ? speeds[1] : 0, vy: speeds[0])))
            case "type":
                // The words as written, one space between them (`#` still starts a comment).
                let text = args.joined(separator: " ")
                guard !text.isEmpty else { throw fail("'type' needs the text to type, e.g. 'type my-preset'") }
                guard text.count <= Self.typedCharacters else {
                    throw fail("'type' takes at most \(Self.typedCharacters) characters on a line, got \(text.count)")
                }
                events.append(TimedEvent(time: time, event: .text(text)))
            case "wheel":
                var delta = WheelDelta()
                var sawAmount = false
                for a in args {
                    if a == "precise" {
                        delta.isPrecise = true
                    } else if a == "flipped" {
                        delta.isFlipped = true
                    } else if a.hasPrefix("dx=") || a.hasPrefix("dy=") {
                        guard let v = Double(a.dropFirst(3)), v.isFinite else { throw fail("\(quote(a)) needs a number after '='") }
                        guard abs(v) <= ScriptLimits.wheelNotches else {
                            throw fail("a wheel event moves at most \(ScriptLimits.wheelNotches.written()) notches either way, got \(quote(a))")
                        }
                        if a.hasPrefix("dx=") { delta.dx = v } else { delta.dy = v }
                        sawAmount = true
                    } else {
                        throw fail("unknown wheel argument \(quote(a)) (expected dy=N, dx=N, precise, flipped)")
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
                    throw fail("unknown key \(quote(args[0])) (known: \(KeyName.help))")
                }
                events.append(TimedEvent(time: time, event: .key(key, modifiers)))
            case "set":
                guard args.count == 2 else { throw fail("'set' takes a setting and a value, e.g. 'set parallax 45' (settings: \(ScriptSetting.help))") }
                do {
                    events.append(TimedEvent(time: time, event: .command(try ScriptSetting.command(args[0], args[1]))))
                } catch {
                    throw fail(error.reason)
                }
            case "wait":
                let v = try numbers(1, "SECONDS")
                guard v[0] >= 0, v[0] <= ScriptLimits.waitSeconds else {
                    throw fail("wait needs zero or more seconds, at most \(ScriptLimits.waitSeconds.written()), got \(quote(args[0]))")
                }
                time += v[0]
            default:
                throw fail("unknown command \(quote(command)) (expected one of: \(commandNames))")
            }
            if time > ScriptLimits.totalSeconds {
                throw fail("the script runs past \(ScriptLimits.totalSeconds.written()) seconds, the longest a script may be")
            }
            if events.count > ScriptLimits.events {
                throw fail("the script has more than \(ScriptLimits.events) events, the most a script may have")
            }
        }
        if pressedAt != nil {
            throw ScriptError(file: file, line: lineNumber, reason: "the script ends with the button still pressed (missing drag-end)")
        }
        return Script(events: events, duration: time)
    }
}
