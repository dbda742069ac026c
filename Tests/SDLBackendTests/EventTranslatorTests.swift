import CSDL2
import ParallaxKit
import Testing
@testable import SDLBackend

/// Translation of hand-built SDL events: pure, so these need no SDL_Init and run in parallel.
@Suite struct EventTranslatorTests {
    /// A drop names its path (and the translator frees SDL's copy of it); one without a path is ignored.
    @Test func aDroppedFileOrFolderIsItsPath() {
        var event = SDL_Event()
        event.type = SDL_DROPFILE.rawValue
        event.drop.file = SDL_strdup("/home/someone/Pictures/2026 ü")
        #expect(EventTranslator.translate(event) == .dropped("/home/someone/Pictures/2026 ü"))
        event.drop.file = nil
        #expect(EventTranslator.translate(event) == nil)
    }

    @Test func leftButtonDownAndUpArePointerEvents() {
        #expect(EventTranslator.translate(.button(SDL_MOUSEBUTTONDOWN, x: 12, y: 34)) == .input(.pointerDown(Point(x: 12, y: 34))))
        #expect(EventTranslator.translate(.button(SDL_MOUSEBUTTONUP, x: 5, y: 6)) == .input(.pointerUp(Point(x: 5, y: 6))))
    }

    @Test func otherButtonsAreIgnored() {
        #expect(EventTranslator.translate(.button(SDL_MOUSEBUTTONDOWN, x: 1, y: 1, button: SDL_BUTTON_RIGHT)) == nil)
    }

    @Test func motionIsAPointerMoveOnlyWhileTheLeftButtonIsHeld() {
        #expect(EventTranslator.translate(.motion(x: 7, y: 8, state: CSDL2_BUTTON_LMASK)) == .input(.pointerMoved(Point(x: 7, y: 8))))
        #expect(EventTranslator.translate(.motion(x: 7, y: 8, state: 0)) == .input(.hover(Point(x: 7, y: 8))), "a hover, for the explain card")
        #expect(EventTranslator.translate(.motion(x: 7, y: 8, state: CSDL2_BUTTON(UInt32(SDL_BUTTON_RIGHT)))) == nil)
    }

    @Test func wholeWheelNotchesAreNotPrecise() {
        #expect(EventTranslator.translate(.wheel(y: -2)) == .input(.wheel(WheelDelta(dx: 0, dy: -2, isPrecise: false, isFlipped: false))))
    }

    @Test func fractionalWheelDeltasArePrecise() {
        #expect(EventTranslator.translate(.wheel(x: 0.25, y: 1.5)) == .input(.wheel(WheelDelta(dx: 0.25, dy: 1.5, isPrecise: true, isFlipped: false))))
    }

    @Test func flippedWheelKeepsRawValuesAndSetsTheFlag() {
        #expect(EventTranslator.translate(.wheel(y: 1, flipped: true)) == .input(.wheel(WheelDelta(dx: 0, dy: 1, isPrecise: false, isFlipped: true))))
    }

    @Test(arguments: [
        (SDLK_UP, UInt32(0), Key.up, KeyModifiers()),
        (SDLK_PAGEDOWN, 0, .pageDown, []),
        (SDLK_HOME, 0, .home, []),
        (SDLK_TAB, KMOD_LSHIFT.rawValue, .tab, .shift),
        (SDLK_ESCAPE, 0, .escape, []),
        (SDLK_RETURN, 0, .enter, []),
        (SDLK_SPACE, 0, .space, []),
        (SDLK_F3, 0, .function(3), []),
        (SDLK_F12, 0, .function(12), []),
        (SDLK_a, KMOD_RCTRL.rawValue, .character("a"), .control),
        (SDLK_7, KMOD_LALT.rawValue, .character("7"), .alt),
        (SDLK_SLASH, 0, .character("/"), []),
        (SDLK_SLASH, KMOD_LSHIFT.rawValue, .character("?"), .shift),
        (SDLK_EQUALS, 0, .character("="), []),
        (SDLK_EQUALS, KMOD_RSHIFT.rawValue, .character("+"), .shift),
        (SDLK_PLUS, 0, .character("+"), []),
        (SDLK_KP_PLUS, 0, .character("+"), []),
        (SDLK_MINUS, 0, .character("-"), []),
        (SDLK_KP_MINUS, 0, .character("-"), []),
        (SDLK_LEFTBRACKET, 0, .character("["), []),
    ] as [(SDL_KeyCode, UInt32, Key, KeyModifiers)])
    func keys(code: SDL_KeyCode, mod: UInt32, key: Key, modifiers: KeyModifiers) {
        #expect(EventTranslator.translate(.keyDown(code, mod: mod)) == .input(.key(key, modifiers)))
    }

    @Test func keyRepeatsAreKeptSoHeldArrowsScroll() {
        var event = SDL_Event.keyDown(SDLK_DOWN, mod: 0)
        event.key.repeat = 1
        #expect(EventTranslator.translate(event) == .input(.key(.down, [])))
    }

    @Test func unmappedKeysAndKeyUpsAreIgnored() {
        #expect(EventTranslator.translate(.keyDown(SDLK_CAPSLOCK, mod: 0)) == nil)
        var up = SDL_Event.keyDown(SDLK_UP, mod: 0)
        up.type = SDL_KEYUP.rawValue
        #expect(EventTranslator.translate(up) == nil)
    }

    @Test func windowSizeChangeIsAResizeInPoints() {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        event.window.data1 = 800
        event.window.data2 = 600
        #expect(EventTranslator.translate(event) == .resized(Size(width: 800, height: 600)))
    }

    @Test func quit() {
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        #expect(EventTranslator.translate(event) == .quit)
    }

    @Test(arguments: [
        InputEvent.pointerDown(Point(x: 3, y: 4)), .pointerMoved(Point(x: 5, y: 6)), .pointerUp(Point(x: 7, y: 8)),
        .wheel(WheelDelta(dx: 0, dy: -0.5, isPrecise: true, isFlipped: true)), .wheel(WheelDelta(dy: 3)),
        .key(.character("?"), []), .key(.character("+"), []), .key(.function(11), .control),
        .key(.pageUp, [.shift, .alt]), .key(.backspace, []), .key(.delete, []),
        .hover(Point(x: 9, y: 10)), .text("preset-é"),
    ])
    func syntheticEventsTranslateBackToThemselves(input: InputEvent) throws {
        #expect(EventTranslator.translate(try #require(SyntheticEvent.make(input))) == .input(input))
    }

    @Test func typedTextLongerThanSDLsEventIsCutAtACharactersEnd() throws {
        // 15 two-byte characters fit SDL's 31 bytes; the 16th does not, and no half of it is sent.
        let long = String(repeating: "é", count: 20)
        #expect(EventTranslator.translate(try #require(SyntheticEvent.make(.text(long)))) == .input(.text(String(repeating: "é", count: 15))))
    }

    @Test func aCommandHasNoDeviceEvent() {
        #expect(SyntheticEvent.make(.command(.setParallax(5))) == nil)
    }

    @Test func eventTimestampsSurviveTheThirtyTwoBitWrap() {
        #expect(SDLVideo.widen(timestamp: 1_000, now: 1_500) == 1_000)
        // 2^32 + 100 ms now; the event was stamped 300 ms earlier, before the wrap.
        let now: UInt64 = (1 << 32) + 100
        #expect(SDLVideo.widen(timestamp: UInt32.max - 199, now: now) == now - 300)
    }
}

extension SDL_Event {
    static func button(_ type: SDL_EventType, x: Int32, y: Int32, button: Int32 = SDL_BUTTON_LEFT) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.button.button = UInt8(button)
        event.button.x = x
        event.button.y = y
        return event
    }

    static func motion(x: Int32, y: Int32, state: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.x = x
        event.motion.y = y
        event.motion.state = state
        return event
    }

    static func wheel(x: Float = 0, y: Float, flipped: Bool = false) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseX = x
        event.wheel.preciseY = y
        event.wheel.x = Int32(x)
        event.wheel.y = Int32(y)
        event.wheel.direction = (flipped ? SDL_MOUSEWHEEL_FLIPPED : SDL_MOUSEWHEEL_NORMAL).rawValue
        return event
    }

    static func keyDown(_ code: SDL_KeyCode, mod: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = Int32(bitPattern: code.rawValue)
        event.key.keysym.mod = UInt16(mod)
        return event
    }
}
