/// A key the playground understands, independent of any windowing library.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case space, tab, escape, enter
    /// Editing keys: only a text field (the tuning panel's preset name) uses them.
    case backspace, delete
    /// F1 … F12.
    case function(Int)
    /// A printable key, as the character it types without modifiers (lower case).
    case character(Character)
}

/// Modifier keys held with a key press.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
}

/// One movement of a mouse wheel or touchpad, in SDL's conventions.
///
/// `dy > 0` means the wheel turned away from the user (content moves down, offset decreases);
/// `dx > 0` means to the right. Units are wheel notches; a touchpad sends fractions of a notch
/// (SDL ≥ 2.0.18 `preciseX/Y`).
public struct WheelDelta: Hashable, Sendable {
    public var dx: Double
    public var dy: Double
    /// True for fractional deltas from a touchpad: they move the content directly and coast
    /// after they stop. False for whole notches of a mouse wheel: they animate smoothly.
    public var isPrecise: Bool
    /// SDL's `SDL_MOUSEWHEEL_FLIPPED` ("natural" scrolling): the deltas are to be negated.
    public var isFlipped: Bool

    public init(dx: Double = 0, dy: Double = 0, isPrecise: Bool = false, isFlipped: Bool = false) {
        self.dx = dx
        self.dy = dy
        self.isPrecise = isPrecise
        self.isFlipped = isFlipped
    }

    /// The deltas with the flipped direction undone.
    public var normalized: (dx: Double, dy: Double) {
        isFlipped ? (-dx, -dy) : (dx, dy)
    }

    /// How far the content offset should move along `axis`, in notches (positive = towards the
    /// end of the content). A horizontal list also follows a plain vertical wheel, which is all
    /// most mice have.
    public func offsetNotches(along axis: Axis) -> Double {
        let (x, y) = normalized
        switch axis {
        case .vertical: return -y
        case .horizontal: return x != 0 ? x : -y
        }
    }
}

/// Input in the core's own terms; the backend translates window-system events into these.
public enum InputEvent: Hashable, Sendable {
    /// The primary button went down at a point in the viewport.
    case pointerDown(Point)
    case pointerMoved(Point)
    case pointerUp(Point)
    case wheel(WheelDelta)
    case key(Key, KeyModifiers)
    /// The pointer moved with no button held: the tuning panel's hover highlights and the
    /// explain card follow it; no list moves.
    case hover(Point)
    /// Text typed (SDL_TEXTINPUT, UTF-8): only a focused text field takes it.
    case text(String)
    /// The list set coasting as a drag released at this velocity would, points per second,
    /// positive towards the end (a script's `fling VY [VX]`: exact speeds for tests, benches
    /// and explanations). A horizontal list takes `vx`, or `vy` when `vx` is 0.
    case fling(vx: Double, vy: Double)
    /// A command given without a key: the tuning panel's controls and a script's `set` lines,
    /// delivered in order with the other input so a replay repeats the tuning.
    case command(AppCommand)
}

/// An input event with the time (seconds, same clock as the frame timestamps) it happened.
public struct TimedEvent: Hashable, Sendable {
    public var time: Double
    public var event: InputEvent

    public init(time: Double, event: InputEvent) {
        self.time = time
        self.event = event
    }
}
