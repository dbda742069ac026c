import CSDL2
import Foundation
import ParallaxKit

/// One font file opened at one pixel size, closed with this object.
final class Font {
    let handle: OpaquePointer
    /// TTF_CloseFont must run before TTF_Quit; holding SDL keeps that order.
    let video: SDLVideo

    init(video: SDLVideo, path: String, pixelSize: Int) throws(SDLError) {
        // SDL_ttf's point sizes are at 72 dpi, so they are pixel sizes.
        handle = try nonNull(TTF_OpenFont(path, Int32(clamping: pixelSize)), "TTF_OpenFont(\(path))")
        self.video = video
    }

    deinit { TTF_CloseFont(handle) }

    /// Renders anti-aliased text in an opaque colour onto a transparent surface.
    func render(_ text: String, color: Color) throws(SDLError) -> Surface {
        let opaque = SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)
        return Surface(owning: try nonNull(TTF_RenderUTF8_Blended(handle, text, opaque), "TTF_RenderUTF8_Blended"))
    }

    func size(of text: String) throws(SDLError) -> PixelSize {
        var width: Int32 = 0, height: Int32 = 0
        try check(TTF_SizeUTF8(handle, text, &width, &height), "TTF_SizeUTF8")
        return PixelSize(width: Int(width), height: Int(height))
    }
}

/// Draws strings with one font file: opens it at each pixel size asked for and keeps the
/// rendered strings as textures, so text that stays the same is rasterised once.
public final class TextRenderer {
    let renderer: Renderer
    public let fontPath: String
    /// How many rendered strings to keep; the least recently drawn go first.
    public let cacheLimit: Int
    /// Strings rasterised so far (cache misses), for the cost overlay.
    public private(set) var renderCount = 0

    private var fonts: [Int: Font] = [:]
    private var cache: [CacheKey: CacheEntry] = [:]
    private var useCounter: UInt64 = 0

    private struct CacheKey: Hashable {
        var text: String
        var pixelSize: Int
        var color: Color
    }

    private struct CacheEntry {
        var texture: Texture
        var lastUse: UInt64
    }

    /// Opens the font once to fail early, with SDL_ttf's reason, if the file is not a font.
    public init(renderer: Renderer, fontPath: String, cacheLimit: Int = 512) throws(SDLError) {
        self.renderer = renderer
        self.fontPath = fontPath
        self.cacheLimit = max(1, cacheLimit)
        _ = try font(pixelSize: 12)
    }

    /// Strings currently cached.
    public var cachedCount: Int { cache.count }

    /// The size `text` takes when drawn at `size` points, in points.
    public func measure(_ text: String, size: Double) throws(SDLError) -> Size {
        let scale = renderer.scale
        let pixels = try font(pixelSize: pixelSize(points: size, scale: scale)).size(of: text)
        return Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }

    /// The texture showing `text` at `size` points in `color`, `scale` pixels per point;
    /// nil for an empty string, which SDL_ttf cannot render.
    public func texture(for text: String, size: Double, color: Color, scale: Double) throws(SDLError) -> Texture? {
        guard !text.isEmpty else { return nil }
        useCounter += 1
        let key = CacheKey(text: text, pixelSize: pixelSize(points: size, scale: scale), color: color)
        if let hit = cache[key] {
            cache[key]?.lastUse = useCounter
            return hit.texture
        }
        let surface = try font(pixelSize: key.pixelSize).render(text, color: color)
        let texture = try renderer.makeTexture(from: surface)
        // SDL_ttf renders opaque glyphs; the colour's alpha fades them through the texture's
        // alpha mod. The cache key holds the whole colour, so each alpha has its own texture.
        SDL_SetTextureAlphaMod(texture.handle, color.a)
        renderCount += 1
        cache[key] = CacheEntry(texture: texture, lastUse: useCounter)
        if cache.count > cacheLimit { evictLeastRecentlyUsed() }
        return texture
    }

    /// Drops the least recently used quarter at once, so a stream of new strings (a frame
    /// counter) sorts the cache every cacheLimit/4 misses rather than on each one.
    private func evictLeastRecentlyUsed() {
        let evictions = cache.count - cacheLimit * 3 / 4
        for (key, _) in cache.sorted(by: { $0.value.lastUse < $1.value.lastUse }).prefix(evictions) {
            cache[key] = nil
        }
    }

    private func pixelSize(points: Double, scale: Double) -> Int {
        max(1, (points * scale).clampedInteger(Int.self))
    }

    private func font(pixelSize: Int) throws(SDLError) -> Font {
        if let font = fonts[pixelSize] { return font }
        let font = try Font(video: renderer.window.video, path: fontPath, pixelSize: pixelSize)
        fonts[pixelSize] = font
        return font
    }
}
