import CSDL2
import Dispatch
import ParallaxKit
#if canImport(Glibc)
import Glibc
#endif

/// Which SDL video driver to start.
public enum VideoDriver: Hashable, Sendable {
    /// SDL's own choice, which honours the `SDL_VIDEODRIVER` environment variable.
    case automatic
    /// No window system at all (SDL's "dummy" driver): the renderer falls back to software
    /// and frames exist only to be read back, for screenshots and tests.
    case headless
    /// A driver by SDL's name ("x11", "wayland", "offscreen", …), overriding the environment.
    case named(String)
}

/// SDL's video, image and font subsystems, running from `init` until `deinit`.
///
/// SDL is global state: keep exactly one alive at a time, on the main thread. Windows, fonts
/// and textures hold a reference to it, so it quits only after they are gone.
public final class SDLVideo {
    /// The driver SDL actually started, e.g. "x11", "wayland" or "dummy".
    public let driverName: String
    /// Turns SIGHUP into a quit event while the video runs (see `quitOnHangUp`).
    private var hangUpSource: DispatchSourceSignal?

    /// What SIGINT and SIGTERM do while SDL runs.
    public enum EndingSignals: Sendable {
        /// SDL's handlers turn them into a quit event: for a frame loop that polls events and
        /// ends by writing what it must (the window, the monkey).
        case quitEvent
        /// They keep the process's own behaviour (end it): for a program that never polls
        /// SDL's events, where a quit event would wait unread and Ctrl-C or a
        /// SIGTERM would do nothing.
        case endTheProcess
    }

    public init(driver: VideoDriver = .automatic, endingSignals: EndingSignals = .quitEvent) throws(SDLError) {
        // SDL_HINT_NO_SIGNAL_HANDLERS (SDL_hints.h) is read once, by SDL_Init.
        Self.overrideHint(SDL_HINT_NO_SIGNAL_HANDLERS, endingSignals == .endTheProcess ? "1" : "0")
        if endingSignals == .endTheProcess { Self.unblockEndingSignals() }
        switch driver {
        case .automatic: break
        case .headless: Self.overrideHint(SDL_HINT_VIDEODRIVER, "dummy")
        case .named(let name): Self.overrideHint(SDL_HINT_VIDEODRIVER, name)
        }
        if SDL_Init(SDL_INIT_VIDEO) < 0 {
            let message = String(cString: SDL_GetError())
            SDL_ClearError()
            // Also clears the driver hint set above, which would otherwise outlive this attempt.
            SDL_Quit()
            // Any driver but the headless one needs a window system; its absence is the
            // common failure (ssh, CI, containers) and deserves its own message.
            if driver == .headless { throw .failed(call: "SDL_Init(SDL_INIT_VIDEO)", message: message) }
            throw .noDisplay(message: message)
        }
        let started = String(cString: SDL_GetCurrentVideoDriver())
        // Without a display SDL 2.26 quietly falls back to its invisible "offscreen" driver;
        // unless someone asked for it (SDL_VIDEODRIVER), that is a missing display.
        if driver == .automatic, Self.isHeadless(started), SDL_GetHint(SDL_HINT_VIDEODRIVER) == nil {
            SDL_Quit()
            throw .noDisplay(message: "SDL found no X11 or Wayland display and fell back to its invisible \"\(started)\" driver")
        }
        let imageFormats = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        if IMG_Init(imageFormats) & imageFormats != imageFormats {
            let error = SDLError.last("IMG_Init(PNG | JPG)")
            IMG_Quit()
            SDL_Quit()
            throw error
        }
        if TTF_Init() < 0 {
            let error = SDLError.last("TTF_Init")
            IMG_Quit()
            SDL_Quit()
            throw error
        }
        driverName = started
    }

    deinit {
        hangUpSource?.cancel()
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    /// True for the drivers that show nothing on screen.
    public var isHeadless: Bool { Self.isHeadless(driverName) }

    private static func isHeadless(_ driverName: String) -> Bool {
        driverName == "dummy" || driverName == "offscreen"
    }

    /// Waits until an event is pending (left in the queue for `pollEvents`) or `seconds`
    /// pass; true if one is. A frame loop with nothing to redraw sleeps here, and input, a
    /// window event or `wakeUpCall` ends the sleep at once.
    @discardableResult
    public func waitForEvent(seconds: Double) -> Bool {
        // SDL_WaitEventTimeout with no event to fill leaves the event queued. Whole
        // milliseconds, at least 1 (0 would not wait) and at most a minute.
        let milliseconds = Int32(min(max(seconds * 1000, 1), 60_000).rounded(.up))
        return SDL_WaitEventTimeout(nil, milliseconds) == 1
    }

    /// A call any thread may make to end `waitForEvent` early: it queues an event that
    /// `pollEvents` drops (a decode that finished, for a loop that sleeps while idle).
    public func wakeUpCall() -> @Sendable () -> Void {
        return {
            var wake = SDL_Event()
            wake.type = SDL_USEREVENT.rawValue
            // SDL_PushEvent is thread-safe; a full queue already wakes the loop.
            _ = SDL_PushEvent(&wake)
        }
    }

    /// Drains every pending event, translated; `clock` puts their timestamps on the frame timeline.
    /// SDL turns SIGINT and SIGTERM into a quit event, so the frame loop ends and writes what
    /// it must; a closed terminal's SIGHUP would otherwise kill the process outright. This
    /// makes SIGHUP a quit event too: a dispatch source hears it off the signal handler, on a
    /// thread where pushing an SDL event is allowed.
    public func quitOnHangUp() {
        guard hangUpSource == nil else { return }
        Self.unblockEndingSignals()
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler {
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            _ = SDL_PushEvent(&quit)
        }
        source.resume()
        hangUpSource = source
    }

    public func pollEvents(clock: Clock) -> [TimedBackendEvent] {
        var translated: [TimedBackendEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            guard let backendEvent = EventTranslator.translate(event) else { continue }
            // Read after each poll: polling pumps the window system, so an event can be
            // newer than a reading taken before the loop.
            let ticks = Self.widen(timestamp: event.common.timestamp, now: SDL_GetTicks64())
            translated.append(TimedBackendEvent(
                event: backendEvent, time: clock.time(ofSDLTicks: ticks), sdlTime: Double(ticks) / 1000))
        }
        return translated
    }

    /// Queues `event` as if the user had caused it, for tests and scripted demos (a command,
    /// which no device sends, is not queued).
    public func pushSynthetic(_ event: InputEvent) throws(SDLError) {
        guard var sdlEvent = SyntheticEvent.make(event) else { return }
        // SDL_PushEvent returns 1 when queued, 0 when an event filter dropped it, < 0 on error.
        try check(SDL_PushEvent(&sdlEvent), "SDL_PushEvent")
    }

    /// Event timestamps are 32-bit milliseconds since SDL_Init and wrap after 49 days;
    /// measured back from the 64-bit tick count they stay right across the wrap.
    static func widen(timestamp: UInt32, now: UInt64) -> UInt64 {
        let age = UInt32(truncatingIfNeeded: now) &- timestamp
        return now >= UInt64(age) ? now - UInt64(age) : 0
    }

    /// A launcher can start the process with SIGHUP, SIGINT and SIGTERM blocked (a thread's
    /// mask is inherited through fork and exec; Foundation's Process in a test runner does):
    /// unblocked here, each reaches its handler, or ends the process, however it was started.
    private static func unblockEndingSignals() {
        var endingSignals = sigset_t()
        sigemptyset(&endingSignals)
        for s in [SIGHUP, SIGINT, SIGTERM] { sigaddset(&endingSignals, s) }
        pthread_sigmask(SIG_UNBLOCK, &endingSignals, nil)
    }

    /// Sets a hint that wins over the environment variable of the same name.
    private static func overrideHint(_ name: String, _ value: String) {
        SDL_SetHintWithPriority(name, value, SDL_HINT_OVERRIDE)
    }
}
