import CSDL2
import ParallaxKit

/// A top-level window, destroyed with this object: centred on the screen, or where it was
/// last (a remembered position) when that still shows its title bar on a display.
public final class Window {
    let handle: OpaquePointer
    /// Keeps SDL running for as long as the window exists.
    let video: SDLVideo

    /// `size` is in points; on a high-density display the pixels behind it are more
    /// (`Renderer.scale` says how many). `position` is the top-left corner in screen
    /// coordinates; nil, or one that would put the title bar off every display (a monitor
    /// unplugged since), centres the window.
    public init(video: SDLVideo, title: String, size: Size, position: Point? = nil, resizable: Bool = true) throws(SDLError) {
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        var x = CSDL2_WINDOWPOS_CENTERED, y = CSDL2_WINDOWPOS_CENTERED
        if let position, Self.showsTitleBar(at: position, width: size.width) {
            x = position.x.clampedInteger(Int32.self)
            y = position.y.clampedInteger(Int32.self)
        }
        handle = try nonNull(
            SDL_CreateWindow(title, x, y, size.width.clampedInteger(Int32.self), size.height.clampedInteger(Int32.self), flags),
            "SDL_CreateWindow")
        self.video = video
    }

    /// The top-left corner in screen coordinates, as the window system reports it.
    public var position: Point {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(handle, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// Whether a window at `position` would show at least 64 points of its top 32 (where the
    /// title bar is grabbed) on one of the displays SDL knows.
    static func showsTitleBar(at position: Point, width: Double) -> Bool {
        let top = Rect(x: position.x, y: position.y, width: max(1, width), height: 32)
        for index in 0..<max(0, SDL_GetNumVideoDisplays()) {
            var bounds = SDL_Rect()
            guard SDL_GetDisplayBounds(index, &bounds) == 0 else { continue }
            let display = Rect(x: Double(bounds.x), y: Double(bounds.y), width: Double(bounds.w), height: Double(bounds.h))
            if let overlap = top.intersection(display), overlap.size.width >= 64, overlap.size.height >= 16 { return true }
        }
        return false
    }

    deinit { SDL_DestroyWindow(handle) }

    /// The refresh rate of the display the window is on, Hz; nil when SDL knows none (Xvfb
    /// reports 0).
    public var displayRefreshHertz: Double? {
        let index = SDL_GetWindowDisplayIndex(handle)
        var mode = SDL_DisplayMode()
        guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }

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
