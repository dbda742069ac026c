import CSDL2
import ParallaxKit
import PhotoPipeline

/// An image in the renderer's memory (GPU or, for the software renderer, RAM).
public final class Texture {
    let handle: OpaquePointer
    /// SDL destroys a renderer's textures with it; holding it keeps this handle valid.
    let renderer: Renderer
    public let pixelSize: SDLBackend.PixelSize
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

    /// Decodes an image file through the photo pipeline (libvips): upright by its EXIF
    /// orientation, in sRGB, shrunk on load to fit a `maxSide` square (and the renderer's
    /// biggest texture), never enlarged. A truncated, corrupt or outlandish file throws with
    /// the reason instead of drawing grey, and memory stays bounded by `maxSide`, whatever
    /// the file's size.
    public func loadPhotoTexture(path: String, maxSide: Int) throws(SDLError) -> Texture {
        var side = max(1, maxSide)
        if let maxTextureSize { side = min(side, maxTextureSize.width, maxTextureSize.height) }
        // The header (read lazily, without decoding) says whether SDL_image's direct decode
        // gives the same picture: an upright, untagged PNG or baseline-sized JPEG that needs
        // no shrinking. That is the bundled set's case, and SDL_image's PNG path is several
        // times cheaper than a libvips pipeline there.
        let header: PhotoHeader
        do { header = try PhotoHeader.read(path: path) } catch { throw .failed(call: "reading \(path)", message: error.reason) }
        if header.format == .png || header.format == .jpeg, header.orientation == 1, !header.hasColourProfile,
           header.width <= side, header.height <= side, FileEnding.isTruncated(path: path, format: header.format) == false {
            return try loadTexture(path: path)
        }
        let photo: DecodedPhoto
        do {
            photo = try PhotoDecoder().decode(path: path, size: PhotoPipeline.PixelSize(width: side, height: side), fit: .fit)
        } catch {
            throw .failed(call: "decoding \(path)", message: error.reason)
        }
        let opaque = photo.averageColour.alpha == 255 && Self.isOpaque(photo.pixels)
        let image = RGBAImage(width: photo.size.width, height: photo.size.height, bytes: photo.pixels)
        return try makeTexture(from: Surface(image: image, opaque: opaque))
    }

    /// Whether every pixel's alpha is 255 (unchecked reads: this runs over every pixel).
    private static func isOpaque(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBufferPointer { bytes in
            guard let p = bytes.baseAddress else { return true }
            var index = 3
            while index < bytes.count {
                if p[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }
}
