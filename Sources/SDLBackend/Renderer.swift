import CSDL2
import ParallaxKit

/// Draws into a window with SDL's 2D renderer, destroyed with this object.
public final class Renderer {
    let handle: OpaquePointer
    public let window: Window
    /// SDL's name for the driver in use: "opengl", "opengles2", "software", ….
    public let name: String
    /// The largest texture the renderer accepts, or nil when it sets no limit.
    public let maxTextureSize: PixelSize?
    /// True for SDL's CPU renderer (the headless fallback), whose costs differ from a GPU's.
    public let isSoftware: Bool
    /// True when the processor draws the frames: SDL's software renderer, or OpenGL by Mesa's
    /// llvmpipe or softpipe (X servers without a GPU: Xvfb, virtual machines, remote
    /// desktops). Each frame then takes CPU time from everything else the app does.
    public let drawsOnCPU: Bool

    /// Tries, in order: accelerated with vsync (when `vsync`), accelerated, software. The
    /// dummy driver has no GPU, so headless runs always end at software.
    /// `driver` asks for one of SDL's render drivers by name ("opengl", "software"), as the
    /// SDL_RENDER_DRIVER variable would, for this renderer only; `name` tells what was made.
    public init(window: Window, vsync: Bool = true, driver: String? = nil) throws(SDLError) {
        // Read when each texture is created, so it must be set before any is.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        if let driver {
            SDL_SetHintWithPriority(SDL_HINT_RENDER_DRIVER, driver, SDL_HINT_OVERRIDE)
            // SDL turns batching off when a driver is named (SDL_HINT_RENDER_BATCHING's notes:
            // it assumes the app will call the graphics API itself). A renderer made without a
            // name batches; one asked for by name draws the same way, so the driver chosen
            // never changes how the frame is drawn. Nothing here calls OpenGL without
            // SDL_RenderFlush first (FrameReadback).
            SDL_SetHintWithPriority(SDL_HINT_RENDER_BATCHING, "1", SDL_HINT_OVERRIDE)
        }
        defer {
            if driver != nil {
                SDL_ResetHint(SDL_HINT_RENDER_DRIVER)
                SDL_ResetHint(SDL_HINT_RENDER_BATCHING)
            }
        }
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue, presentVSync = SDL_RENDERER_PRESENTVSYNC.rawValue
        let software = SDL_RENDERER_SOFTWARE.rawValue
        let attempts = vsync ? [accelerated | presentVSync, accelerated, software] : [accelerated, software]
        var created: OpaquePointer?
        var createdFlags: UInt32 = 0
        for flags in attempts {
            created = SDL_CreateRenderer(window.handle, -1, flags)
            createdFlags = flags
            if created != nil { break }
        }
        handle = try nonNull(created, "SDL_CreateRenderer")
        // The refused attempts left their messages behind; they are not errors any more.
        SDL_ClearError()
        self.window = window
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(handle, &info)
        name = String(cString: info.name)
        isSoftware = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        drawsOnCPU = isSoftware || Self.openGLRasterizesOnCPU(driver: name)
        maxTextureSize = info.max_texture_width > 0 && info.max_texture_height > 0
            ? PixelSize(width: Int(info.max_texture_width), height: Int(info.max_texture_height))
            : nil
        isVSyncEnabled = createdFlags & presentVSync != 0
        // A renderer that cannot wait for the display (software) gets SDL's simulated vsync,
        // a sleep in present, so it does not spin a core; only SDL_RenderSetVSync turns that
        // on, the creation flag does not.
        if vsync && !isVSyncEnabled { setVSync(true) }
        // Fills and lines carry alpha (tints, the translucent overlay).
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
    }

    deinit { SDL_DestroyRenderer(handle) }

    /// Whether the OpenGL implementation behind SDL's `driver` ("opengl", "opengles2") is one
    /// of Mesa's CPU rasterizers, by its GL_RENDERER string ("llvmpipe (LLVM 15.0.6, 256
    /// bits)" under Xvfb here). Asked right after the renderer is made, while its context is
    /// current.
    private static func openGLRasterizesOnCPU(driver: String) -> Bool {
        guard driver.hasPrefix("opengl"), let pointer = SDL_GL_GetProcAddress("glGetString") else { return false }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRenderer: UInt32 = 0x1F01  // GL_RENDERER, from GL/gl.h
        guard let answer = unsafeBitCast(pointer, to: GetString.self)(glRenderer) else { return false }
        return isCPURasterizer(glRenderer: String(cString: answer))
    }

    /// Mesa's names for its CPU rasterizers, as GL_RENDERER starts: llvmpipe, softpipe, and
    /// the classic swrast ("Software Rasterizer").
    static func isCPURasterizer(glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "software rasterizer", "swrast"].contains { name.hasPrefix($0) }
    }

    /// Whether `present()` waits for the display's refresh (or SDL's simulation of it).
    ///
    /// Tracked here because `SDL_GetRendererInfo` cannot tell: the software renderer always
    /// reports `SDL_RENDERER_PRESENTVSYNC`.
    public private(set) var isVSyncEnabled: Bool

    /// Turns waiting for the display's refresh on or off; returns whether SDL accepted it.
    @discardableResult
    public func setVSync(_ enabled: Bool) -> Bool {
        guard SDL_RenderSetVSync(handle, enabled ? 1 : 0) == 0 else {
            SDL_ClearError()
            return false
        }
        isVSyncEnabled = enabled
        return true
    }

    /// The size of the drawable area in pixels.
    public var outputSize: PixelSize {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(handle, &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Pixels per point: 2 on a typical high-density display, 1 elsewhere.
    public var scale: Double {
        let points = window.size.width
        return points > 0 ? Double(outputSize.width) / points : 1
    }

    /// The visible area in points, where draw lists draw.
    public var viewport: Rect {
        let pixels = outputSize, scale = self.scale
        return Rect(x: 0, y: 0, width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }

    public func clear(_ color: Color) {
        setDrawColor(color)
        SDL_RenderClear(handle)
    }

    public func present() {
        SDL_RenderPresent(handle)
    }

    /// The frame drawn so far; call before `present()`, after which the back buffer is undefined.
    ///
    /// Alpha is 255 everywhere: the frame on screen is opaque, but some GL framebuffers keep
    /// an alpha channel that blending leaves below 255.
    public func readPixels() throws(SDLError) -> RGBAImage {
        let size = outputSize
        var bytes = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let status = bytes.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_RGBA32.rawValue,
                                 buffer.baseAddress, Int32(size.width * 4))
        }
        try check(status, "SDL_RenderReadPixels")
        // Through a raw pointer: `record` reads every frame back, and a `stride` loop is a
        // generic call per pixel in an unoptimized build (`make run`'s and the tests').
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let pixels = buffer.baseAddress else { return }
            var alpha = 3
            while alpha < buffer.count {
                pixels[alpha] = 255
                alpha += 4
            }
        }
        return RGBAImage(width: size.width, height: size.height, bytes: bytes)
    }

    /// Copies the frame drawn so far into `buffer` in the renderer's own byte order, B, G, R,
    /// A (SDL's ARGB8888 on a little-endian machine: the window's format under OpenGL, so SDL
    /// only copies rows, with no per-pixel conversion), reusing the buffer when it already has
    /// the frame's size; returns the size. Alpha is left as read (ffmpeg's `bgr0` ignores it).
    /// Call before `present()`. A live recording calls this every frame, so it does the least
    /// work on the frame's thread: `readPixels()`'s RGBA conversion, fresh 4 MB buffer and
    /// alpha pass cost the window more than the copy itself.
    public func readPixelsBGRA(into buffer: inout [UInt8]) throws(SDLError) -> PixelSize {
        let size = outputSize
        let count = size.width * size.height * 4
        if buffer.count != count { buffer = .frameBuffer(bytes: count) }
        let status = buffer.withUnsafeMutableBytes { bytes in
            SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                 bytes.baseAddress, Int32(size.width * 4))
        }
        try check(status, "SDL_RenderReadPixels")
        return size
    }

    /// Writes the frame drawn so far as a PNG file (see `RGBAImage.savePNG(path:)`); call
    /// before `present()`.
    public func savePNG(path: String) throws {
        try readPixels().savePNG(path: path)
    }

    func setDrawColor(_ color: Color) {
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
    }

    // MARK: Draw calls (what `DrawListExecutor` issues, and all a `DrawCallSink` hears of)

    /// Fills `rect` with `color` (blended by its alpha).
    public func fill(rect: PixelRect, color: Color) throws(SDLError) {
        setDrawColor(color)
        var r = SDL_FRect(rect)
        try check(SDL_RenderFillRectF(handle, &r), "SDL_RenderFillRectF")
    }

    /// A one-pixel outline of `rect`.
    public func stroke(rect: PixelRect, color: Color) throws(SDLError) {
        setDrawColor(color)
        var r = SDL_FRect(rect)
        try check(SDL_RenderDrawRectF(handle, &r), "SDL_RenderDrawRectF")
    }

    /// A one-pixel line.
    public func line(from start: PixelPoint, to end: PixelPoint, color: Color) throws(SDLError) {
        setDrawColor(color)
        try check(SDL_RenderDrawLineF(handle, start.x, start.y, end.x, end.y), "SDL_RenderDrawLineF")
    }

    /// Copies `source` of `texture` to `destination`, at `alpha` (255: opaque).
    ///
    /// Below 255 the alpha mod, and blending for an opaque texture, are switched on for this
    /// copy only: the texture is shared by every cell that shows the image.
    public func copy(texture: Texture, source: TexelRect, destination: PixelRect, alpha: UInt8) throws(SDLError) {
        var from = SDL_Rect(source), to = SDL_FRect(destination)
        let translucent = alpha < 255
        if translucent {
            if !texture.hasAlpha { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND) }
            SDL_SetTextureAlphaMod(texture.handle, alpha)
        }
        let status = SDL_RenderCopyF(handle, texture.handle, &from, &to)
        if translucent {
            SDL_SetTextureAlphaMod(texture.handle, 255)
            if !texture.hasAlpha { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE) }
        }
        try check(status, "SDL_RenderCopyF")
    }

    /// Draws from now on into `rect` of the output (pixels): its top-left becomes 0, 0 and
    /// nothing lands outside it; clip rectangles are then relative to it (SDL2's rule). nil
    /// gives the whole output back. Reading pixels back needs the whole output.
    public func setViewport(_ rect: TexelRect?) {
        guard let rect else {
            SDL_RenderSetViewport(handle, nil)
            return
        }
        var viewport = SDL_Rect(rect)
        SDL_RenderSetViewport(handle, &viewport)
    }

    /// Limits drawing to `rect` (whole pixels, rounded outwards), or lifts the limit with nil.
    public func setClip(_ rect: PixelRect?) {
        guard let rect else {
            SDL_RenderSetClipRect(handle, nil)
            return
        }
        let left = rect.x.rounded(.down), top = rect.y.rounded(.down)
        var clip = SDL_Rect(x: Double(left).clampedInteger(Int32.self), y: Double(top).clampedInteger(Int32.self),
                            w: Double((rect.x + rect.width).rounded(.up) - left).clampedInteger(Int32.self),
                            h: Double((rect.y + rect.height).rounded(.up) - top).clampedInteger(Int32.self))
        SDL_RenderSetClipRect(handle, &clip)
    }

    /// Copies the whole of `texture` to `destination` in whole pixels (text, kept sharp).
    public func copy(texture: Texture, destination: TexelRect) throws(SDLError) {
        var to = SDL_Rect(destination)
        try check(SDL_RenderCopy(handle, texture.handle, nil, &to), "SDL_RenderCopy")
    }
}

extension SDL_FRect {
    init(_ rect: PixelRect) {
        self.init(x: rect.x, y: rect.y, w: rect.width, h: rect.height)
    }
}

extension SDL_Rect {
    init(_ rect: TexelRect) {
        self.init(x: rect.x, y: rect.y, w: rect.width, h: rect.height)
    }
}
