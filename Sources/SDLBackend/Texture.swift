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

    fileprivate convenience init(renderer: Renderer, surface: Surface) throws(SDLError) {
        try self.init(renderer: renderer, surface: surface.pointer, hasAlpha: surface.hasAlpha)
    }

    /// A texture of `surface`'s pixels; `hasAlpha` false draws it without blending.
    fileprivate init(renderer: Renderer, surface: UnsafeMutablePointer<SDL_Surface>, hasAlpha: Bool) throws(SDLError) {
        // SDL converts, once, to a format the renderer draws fastest (the window's own for
        // the software renderer), so each frame's copy needs no conversion.
        handle = try nonNull(SDL_CreateTextureFromSurface(renderer.handle, surface), "SDL_CreateTextureFromSurface")
        self.renderer = renderer
        pixelSize = PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        self.hasAlpha = hasAlpha
        SDL_SetTextureBlendMode(handle, hasAlpha ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }

    deinit { SDL_DestroyTexture(handle) }

    /// Bytes the texture's pixels take, as the photo cache counts them: 4 a pixel, whatever
    /// the format the renderer chose (a GPU pads RGB to 4 bytes anyway).
    public var byteCount: Int { pixelSize.width * pixelSize.height * 4 }
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

    /// Decodes a PNG or JPEG file into a texture that fits `limit`: shrunk, never enlarged.
    public func loadTexture(path: String, fittingIn limit: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(from: try Surface.load(path: path).fitting(in: limit))
    }

    /// A texture of `image`; `opaque` draws it without blending. The pixels are read in place
    /// (a surface over the image's memory) and converted once, by SDL, into the texture: no
    /// copy of its own, for the photos made on the frame.
    public func makeTexture(readingInPlace image: RGBAImage, opaque: Bool) throws(SDLError) -> Texture {
        let width = image.width, height = image.height, bytes = image.bytes
        guard width > 0, height > 0,
              let w = Int32(exactly: width), let h = Int32(exactly: height), let pitch = Int32(exactly: width * 4)
        else { throw .failed(call: "makeTexture", message: "a \(width)×\(height) photo with \(bytes.count) bytes") }
        let made = bytes.withUnsafeBytes { buffer -> Result<Texture, SDLError> in
            // SDL only reads through this pointer; the surface is freed before `buffer` ends.
            let memory = UnsafeMutableRawPointer(mutating: buffer.baseAddress)
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(memory, w, h, 32, pitch, SDL_PIXELFORMAT_RGBA32.rawValue) else {
                return .failure(.last("SDL_CreateRGBSurfaceWithFormatFrom"))
            }
            defer { SDL_FreeSurface(surface) }
            do throws(SDLError) {
                return .success(try Texture(renderer: self, surface: surface, hasAlpha: !opaque))
            } catch {
                return .failure(error)
            }
        }
        return try made.get()
    }
}
