import MonotonicTime
import ParallaxKit
import PhotoPipeline

/// The photo pipeline's policy drawing through this renderer's textures: what the window,
/// `shot` and `record` hold their photos and covers in.
public typealias PhotoTextures = PhotoTexturePipeline<Renderer>

/// SDL's share of the photo pipeline: textures made from decoded pixels, and their costs.
/// Which photos become textures, when, and for how long is `PhotoTexturePipeline`'s business.
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
