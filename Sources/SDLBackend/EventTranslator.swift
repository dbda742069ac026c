import CSDL2
import Foundation
import ParallaxKit

/// Translates SDL events into backend events; pure apart from reading the C union.
enum EventTranslator {
    /// The backend event for one SDL event, or nil for the many events the app ignores.
    static func translate(_ event: SDL_Event) -> BackendEvent? {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            return window(event.window)
        case SDL_DROPFILE.rawValue:
            // SDL hands the path over in memory the receiver frees (SDL_events.h, SDL_DropEvent).
            guard let file = event.drop.file else { return nil }
            defer { SDL_free(file) }
            return .dropped(String(cString: file))
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.pointerDown(point(event.button.x, event.button.y)))
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.pointerUp(point(event.button.x, event.button.y)))
        case SDL_MOUSEMOTION.rawValue where event.motion.state & CSDL2_BUTTON_LMASK != 0:
            // Hovering means nothing to a scroll view; only drags move it.
            return .input(.pointerMoved(point(event.motion.x, event.motion.y)))
        case SDL_MOUSEMOTION.rawValue where event.motion.state == 0:
            return .input(.hover(point(event.motion.x, event.motion.y)))
        case SDL_MOUSEWHEEL.rawValue:
            return .input(.wheel(wheel(event.wheel)))
        case SDL_TEXTINPUT.rawValue:
            // A NUL-terminated UTF-8 string of at most 32 bytes (SDL_events.h, SDL_TextInputEvent).
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return text.isEmpty ? nil : .input(.text(text))
        case SDL_KEYDOWN.rawValue:
            // Repeats are kept on purpose: holding an arrow key scrolls repeatedly.
            guard let key = key(event.key.keysym) else { return nil }
            return .input(.key(key, modifiers(event.key.keysym.mod)))
        default:
            return nil
        }
    }

    /// Mouse coordinates are window coordinates, which SDL gives in points already.
    private static func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x), y: Double(y))
    }

    private static func window(_ event: SDL_WindowEvent) -> BackendEvent? {
        switch UInt32(event.event) {
        case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
            return .resized(Size(width: Double(event.data1), height: Double(event.data2)))
        case SDL_WINDOWEVENT_EXPOSED.rawValue:
            return .exposed
        case SDL_WINDOWEVENT_LEAVE.rawValue:
            return .pointerLeft
        default:
            return nil
        }
    }

    /// Raw deltas and the flip flag, untouched: the core decides what they mean.
    private static func wheel(_ event: SDL_MouseWheelEvent) -> WheelDelta {
        let dx = Double(event.preciseX), dy = Double(event.preciseY)
        return WheelDelta(
            dx: dx, dy: dy,
            // A mouse wheel moves in whole notches; anything in between comes from a touchpad.
            isPrecise: dx != dx.rounded() || dy != dy.rounded(),
            isFlipped: event.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue)
    }

    static func modifiers(_ mod: UInt16) -> KeyModifiers {
        let mod = UInt32(mod)
        var modifiers: KeyModifiers = []
        if mod & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
        if mod & KMOD_CTRL.rawValue != 0 { modifiers.insert(.control) }
        if mod & KMOD_ALT.rawValue != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    static func key(_ keysym: SDL_Keysym) -> Key? {
        let code = UInt32(bitPattern: keysym.sym)
        if let named = namedKeys[code] { return named }
        if (SDLK_F1.rawValue...SDLK_F12.rawValue).contains(code) {
            return .function(Int(code - SDLK_F1.rawValue) + 1)
        }
        let shifted = UInt32(keysym.mod) & KMOD_SHIFT.rawValue != 0
        // US layout: '?' is shift+'/' and '+' is shift+'='; SDL reports the unshifted key.
        if shifted && code == SDLK_SLASH.rawValue { return .character("?") }
        if shifted && code == SDLK_EQUALS.rawValue { return .character("+") }
        if code == SDLK_KP_PLUS.rawValue { return .character("+") }
        if code == SDLK_KP_MINUS.rawValue { return .character("-") }
        // Printable keys' codes are their ASCII characters (lower case for letters).
        guard let scalar = Unicode.Scalar(code), printable.contains(Character(scalar)) else { return nil }
        return .character(Character(scalar))
    }

    private static let namedKeys: [UInt32: Key] = [
        SDLK_UP.rawValue: .up, SDLK_DOWN.rawValue: .down,
        SDLK_LEFT.rawValue: .left, SDLK_RIGHT.rawValue: .right,
        SDLK_PAGEUP.rawValue: .pageUp, SDLK_PAGEDOWN.rawValue: .pageDown,
        SDLK_HOME.rawValue: .home, SDLK_END.rawValue: .end,
        SDLK_SPACE.rawValue: .space, SDLK_TAB.rawValue: .tab, SDLK_ESCAPE.rawValue: .escape,
        SDLK_RETURN.rawValue: .enter, SDLK_KP_ENTER.rawValue: .enter,
        SDLK_BACKSPACE.rawValue: .backspace, SDLK_DELETE.rawValue: .delete,
    ]

    private static let printable = Set("abcdefghijklmnopqrstuvwxyz0123456789+-=[]/?")
}
