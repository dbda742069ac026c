import ParallaxKit

/// What the window system told the app, in the backend's own terms.
public enum BackendEvent: Hashable, Sendable {
    case input(InputEvent)
    /// The window's new size, in points.
    case resized(Size)
    /// The window was uncovered and should be drawn again even if nothing changed.
    case exposed
    /// The pointer left the window (SDL_WINDOWEVENT_LEAVE): nothing is hovered any more.
    case pointerLeft
    /// The user asked to close the app (window close button, Ctrl-C in the terminal).
    case quit
    /// A file or folder dropped onto the window (SDL_DROPFILE, on by default in SDL2), by its path.
    case dropped(String)
}

/// A backend event with both of its timestamps.
public struct TimedBackendEvent: Hashable, Sendable {
    public var event: BackendEvent
    /// When it happened, in seconds on the `Clock` the frame timestamps come from (millisecond
    /// resolution: SDL stamps events in whole milliseconds).
    public var time: Double
    /// SDL's own timestamp: seconds since `SDL_Init`.
    public var sdlTime: Double

    public init(event: BackendEvent, time: Double, sdlTime: Double) {
        self.event = event
        self.time = time
        self.sdlTime = sdlTime
    }

    /// The input event stamped with `time`, ready for the core; nil for window events.
    public var timedInput: TimedEvent? {
        guard case .input(let input) = event else { return nil }
        return TimedEvent(time: time, event: input)
    }
}
