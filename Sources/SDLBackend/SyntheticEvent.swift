import CSDL2
import Foundation
import ParallaxKit

/// Builds the SDL event a real device would send for an input event, so that pushed events
/// take the same path through `EventTranslator` as the user's.
enum SyntheticEvent {
    /// nil for a command, which no device sends.
    static func make(_ input: InputEvent) -> SDL_Event? {
        var event = SDL_Event()
        switch input {
        case .command, .fling: return nil
        case .pointerDown(let p), .pointerUp(let p):
            let isDown = if case .pointerDown = input { true } else { false }
            event.type = (isDown ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
            event.button.button = UInt8(SDL_BUTTON_LEFT)
            event.button.state = UInt8(isDown ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = 1
            event.button.x = p.x.clampedInteger()
            event.button.y = p.y.clampedInteger()
        case .hover(let p):
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.state = 0
            event.motion.x = p.x.clampedInteger()
            event.motion.y = p.y.clampedInteger()
        case .text(let text):
            // SDL_TextInputEvent holds 32 bytes with the terminating NUL: longer text is cut at
            // a character's end, as SDL itself splits long input into several events.
            event.type = SDL_TEXTINPUT.rawValue
            var bytes: [UInt8] = []
            for character in text {
                let utf8 = Array(String(character).utf8)
                if bytes.count + utf8.count > 31 { break }
                bytes += utf8
            }
            withUnsafeMutableBytes(of: &event.text.text) { raw in
                raw.initializeMemory(as: UInt8.self, repeating: 0)
                raw.copyBytes(from: bytes)
            }
        case .pointerMoved(let p):
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.state = CSDL2_BUTTON_LMASK
            event.motion.x = p.x.clampedInteger()
            event.motion.y = p.y.clampedInteger()
        case .wheel(let delta):
            event.type = SDL_MOUSEWHEEL.rawValue
            event.wheel.x = delta.dx.clampedInteger(rounding: .towardZero)
            event.wheel.y = delta.dy.clampedInteger(rounding: .towardZero)
            event.wheel.preciseX = Float(delta.dx)
            event.wheel.preciseY = Float(delta.dy)
            event.wheel.direction = (delta.isFlipped ? SDL_MOUSEWHEEL_FLIPPED : SDL_MOUSEWHEEL_NORMAL).rawValue
        case .key(let key, let modifiers):
            event.type = SDL_KEYDOWN.rawValue
            event.key.state = UInt8(SDL_PRESSED)
            event.key.keysym.sym = Int32(bitPattern: keyCode(key))
            event.key.keysym.mod = keyMod(modifiers)
        }
        return event
    }

    /// The key code that translates back to `key`; SDLK_UNKNOWN for characters SDL has no key for.
    private static func keyCode(_ key: Key) -> UInt32 {
        switch key {
        case .up: SDLK_UP.rawValue
        case .down: SDLK_DOWN.rawValue
        case .left: SDLK_LEFT.rawValue
        case .right: SDLK_RIGHT.rawValue
        case .pageUp: SDLK_PAGEUP.rawValue
        case .pageDown: SDLK_PAGEDOWN.rawValue
        case .home: SDLK_HOME.rawValue
        case .end: SDLK_END.rawValue
        case .space: SDLK_SPACE.rawValue
        case .tab: SDLK_TAB.rawValue
        case .escape: SDLK_ESCAPE.rawValue
        case .enter: SDLK_RETURN.rawValue
        case .backspace: SDLK_BACKSPACE.rawValue
        case .delete: SDLK_DELETE.rawValue
        case .function(let n): (1...12).contains(n) ? SDLK_F1.rawValue + UInt32(n - 1) : SDLK_UNKNOWN.rawValue
        // Printable keys' codes are their ASCII characters ('?' and '+' have keys of their own).
        case .character(let c): c.isASCII ? c.unicodeScalars.first!.value : SDLK_UNKNOWN.rawValue
        }
    }

    private static func keyMod(_ modifiers: KeyModifiers) -> UInt16 {
        var mod: UInt32 = 0
        if modifiers.contains(.shift) { mod |= KMOD_LSHIFT.rawValue }
        if modifiers.contains(.control) { mod |= KMOD_LCTRL.rawValue }
        if modifiers.contains(.alt) { mod |= KMOD_LALT.rawValue }
        return UInt16(mod)
    }
}
