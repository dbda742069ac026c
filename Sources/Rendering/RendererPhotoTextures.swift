import MonotonicTime
import ParallaxKit
import PhotoPipeline
import SDLBackend

/// The photo pipeline's policy drawing through this renderer's textures: what the window,
/// `shot` and `record` hold their photos and covers in.
public typealias PhotoTextures = PhotoTexturePipeline<Renderer>

/// SDL's share of the photo pipeline: textures made from decoded pixels, and their costs.
/// Which photos become textures, when, and for how long is `PhotoTexturePipeline`'s business.
/// Here, beside the policy, so that SDLBackend knows nothing of photos.
extension Renderer: PhotoTextureMaker {
    public typealias PhotoTexture = Texture

    public var largestTextureSide: Int? { maxTextureSize.map { min($0.width, $0.height) } }

    public func makeTexture(of photo: DecodedPhoto) throws(TextureProblem) -> Texture {
        do {
            return try makeTexture(from: photo)
        } catch {
            throw TextureProblem(reason: error.reason)
        }
    }

    /// Nothing to do at once: a `Texture` frees its SDL texture when the last reference goes,
    /// and the pipeline's was the last but for a frame being drawn, which may still copy it.
    public func destroy(_ texture: Texture) {}

    public func byteCost(of texture: Texture) -> Int { texture.byteCount }

    public func pixelSize(of texture: Texture) -> PixelSize {
        PixelSize(width: texture.pixelSize.width, height: texture.pixelSize.height)
    }

    /// SDL_image's decode, for when libvips cannot be loaded (see `decodeWithSDLImage`).
    public var decodeWithoutVips: PhotoLoader.Decode? {
        { request throws(PhotoProblem) in try decodeWithSDLImage(request) }
    }

    /// SDL_image's JPEG decode of an embedded thumbnail, held in memory.
    public var decodeSmallJPEG: QuickEmbeddedPreview.DecodeJPEG? {
        { jpeg in decodeWithSDLImage(jpeg: jpeg) }
    }
}

extension PhotoTexturePipeline where Maker == Renderer {
    /// A pipeline making its textures with `renderer`, its time budget measured on the
    /// monotonic clock.
    public convenience init(renderer: Renderer, paths: [String], headers: [PhotoHeader?] = [],
                            knownProblems: [Int: String] = [:], settings: Settings = Settings(),
                            loader: PhotoLoader = PhotoLoader(), warn: @escaping (String) -> Void = { _ in }) {
        self.init(maker: renderer, paths: paths, headers: headers, knownProblems: knownProblems, settings: settings,
                  loader: loader, clock: { Double(monotonicNanoseconds()) / 1e9 }, warn: warn)
    }
}

extension Renderer {
    /// Decodes an image file through the photo pipeline (libvips): upright by its EXIF
    /// orientation, in sRGB, shrunk on load to fit a `maxSide` square (and the renderer's
    /// biggest texture), never enlarged. A truncated, corrupt or outlandish file throws with
    /// the reason instead of drawing grey, and memory stays bounded by `maxSide`, whatever
    /// the file's size.
    public func loadPhotoTexture(path: String, maxSide: Int) throws(SDLError) -> Texture {
        var side = max(1, maxSide)
        if let maxTextureSize { side = min(side, maxTextureSize.width, maxTextureSize.height) }
        // The header is read lazily, without decoding; the pipeline says from it which decode
        // gives the right picture.
        let header: PhotoHeader
        do {
            header = try PhotoHeader.read(path: path)
        } catch .decoderUnavailable {
            // No libvips: SDL_image's picture of the file, as stored, within the same limits.
            return try loadTexture(path: path, fittingIn: PixelSize(width: side, height: side))
        } catch {
            throw .failed(call: "reading \(path)", message: error.reason)
        }
        let photo: DecodedPhoto
        switch WholePhotoLoad.plan(for: header, path: path, side: side) {
        case .asStored:
            return try loadTexture(path: path)
        case .decode(let box):
            do {
                photo = try PhotoDecoder().decode(path: path, size: box, fit: .fit)
            } catch {
                throw .failed(call: "decoding \(path)", message: error.reason)
            }
        }
        return try makeTexture(from: photo)
    }

    /// A texture of a decoded photo; opaque photos (nearly all) draw without blending, found
    /// on the decoding thread (`DecodedPhoto.isOpaque`): a pass over every pixel the frame
    /// need not make. The pixels are read in place: this runs on the frame, within the
    /// pipeline's upload budget.
    public func makeTexture(from photo: DecodedPhoto) throws(SDLError) -> Texture {
        try makeTexture(readingInPlace: photo.image, opaque: photo.isOpaque)
    }
}
