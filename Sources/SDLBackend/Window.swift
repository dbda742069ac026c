import CSDL2
import ParallaxKit

/// A top-level window, centred on the screen, destroyed with this object.
public final class Window {
    let handle: OpaquePointer
    /// Keeps SDL running for as long as the window exists.
    let video: SDLVideo

    /// `size` is in points; on a high-density display the pixels behind it are more
    /// (`Renderer.scale` says how many).
    public init(video: SDLVideo, title: String, size: Size, resizable: Bool = true) throws(SDLError) {
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        handle = try nonNull(
            SDL_CreateWindow(title, CSDL2_WINDOWPOS_CENTERED, CSDL2_WINDOWPOS_CENTERED,
                             size.width.clampedInteger(Int32.self), size.height.clampedInteger(Int32.self), flags),
            "SDL_CreateWindow")
        self.video = video
    }

    deinit { SDL_DestroyWindow(handle) }

    /// The client area in points. Setting it asks the window manager, which may refuse.
    public var size: Size {
        get {
            var width: Int32 = 0, height: Int32 = 0
            SDL_GetWindowSize(handle, &width, &height)
            return Size(width: Double(width), height: Double(height))
        }
        set {
            SDL_SetWindowSize(handle, newValue.width.clampedInteger(Int32.self), newValue.height.clampedInteger(Int32.self))
        }
    }

    public var title: String {
        get { String(cString: SDL_GetWindowTitle(handle)) }
        set { SDL_SetWindowTitle(handle, newValue) }
    }
}
