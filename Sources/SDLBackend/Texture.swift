import CSDL2
import ParallaxKit

/// An image in the renderer's memory (GPU or, for the software renderer, RAM).
public final class Texture {
    let handle: OpaquePointer
    /// SDL destroys a renderer's textures with it; holding it keeps this handle valid.
    let renderer: Renderer
    public let pixelSize: PixelSize
    /// Opaque images are copied without blending (much cheaper for the software renderer);
    /// drawing one translucent switches blending on for that draw only.
    let hasAlpha: Bool

    fileprivate init(renderer: Renderer, surface: Surface) throws(SDLError) {
        handle = try nonNull(SDL_CreateTextureFromSurface(renderer.handle, surface.pointer),
                             "SDL_CreateTextureFromSurface")
        self.renderer = renderer
        pixelSize = surface.size
        hasAlpha = surface.hasAlpha
        SDL_SetTextureBlendMode(handle, hasAlpha ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }

    deinit { SDL_DestroyTexture(handle) }
}

extension Renderer {
    /// A texture with `image`'s pixels (generated images, tests).
    public func makeTexture(from image: RGBAImage) throws(SDLError) -> Texture {
        try makeTexture(from: Surface(image: image))
    }

    /// Decodes a PNG or JPEG file into a texture, shrinking it first if it is larger than the
    /// renderer's biggest texture.
    public func loadTexture(path: String) throws(SDLError) -> Texture {
        var surface = try Surface.load(path: path)
        if let maxTextureSize { surface = try surface.fitting(in: maxTextureSize) }
        return try makeTexture(from: surface)
    }

    func makeTexture(from surface: Surface) throws(SDLError) -> Texture {
        try Texture(renderer: self, surface: surface)
    }
}
