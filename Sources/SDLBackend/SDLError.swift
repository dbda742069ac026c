import CSDL2
import ParallaxKit

/// Why the SDL backend could not do something.
public enum SDLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An SDL, SDL_image or SDL_ttf call failed; `message` is what `SDL_GetError` said.
    case failed(call: String, message: String)
    /// SDL found no window system to open a window on (no X11 or Wayland display).
    case noDisplay(message: String)
    /// No usable font file; `searched` lists the paths that were tried.
    case fontNotFound(searched: [String])
    /// An image directory is missing or holds no PNG or JPEG files.
    case noImages(directory: String, reason: String)
    /// A draw command named an image the library does not have (its set is empty).
    case missingImage(ImageRef)

    public var description: String {
        switch self {
        case let .failed(call, message):
            return "\(call) failed: \(message)"
        case let .noDisplay(message):
            return "no display available: \(message)"
        case let .fontNotFound(searched):
            return "no font found (tried \(searched.joined(separator: ", "))); "
                + "install the Debian package fonts-dejavu-core or pass --font PATH"
        case let .noImages(directory, reason):
            return "no images in \(directory): \(reason)"
        case let .missingImage(ref):
            return "no image loaded for \(ref)"
        }
    }

    /// What went wrong, without the call's name: for a one-line message about a file.
    public var reason: String {
        if case let .failed(_, message) = self { return message }
        return description
    }

    /// The error SDL recorded for `call`, cleared so a later failure does not report it again.
    static func last(_ call: String) -> SDLError {
        let message = String(cString: SDL_GetError())
        SDL_ClearError()
        return .failed(call: call, message: message.isEmpty ? "unknown error" : message)
    }
}

/// Throws SDL's error when a C call returned a negative status (SDL's failure convention).
@inline(__always)
func check(_ status: Int32, _ call: String) throws(SDLError) {
    if status < 0 { throw SDLError.last(call) }
}

/// Throws SDL's error when a C call returned NULL.
@inline(__always)
func nonNull<Pointer>(_ pointer: Pointer?, _ call: String) throws(SDLError) -> Pointer {
    guard let pointer else { throw SDLError.last(call) }
    return pointer
}
