import ParallaxKit

/// What the photo policy needs from a renderer: a texture made from decoded pixels, its
/// byte cost and size, and a way to let it go. The policy (`PhotoTexturePipeline`) decides
/// which photos become textures, when, and for how long they are kept; a conformer only
/// makes them. SDLBackend's `Renderer` is the app's; tests use one that records its calls.
public protocol PhotoTextureMaker {
    associatedtype PhotoTexture

    /// The longest side a texture may have (the renderer's limit), or nil when it has none.
    var largestTextureSide: Int? { get }

    /// A texture holding `photo`'s pixels. Runs on the thread that draws, within the
    /// pipeline's per-frame time budget.
    func makeTexture(of photo: DecodedPhoto) throws(TextureProblem) -> PhotoTexture

    /// Called once when the pipeline lets `texture` go (evicted, replaced, failed, or the
    /// pipeline ends); the pipeline never hands it out again after this.
    func destroy(_ texture: PhotoTexture)

    /// Bytes `texture` costs against the cache's limit.
    func byteCost(of texture: PhotoTexture) -> Int

    /// Width and height of `texture` in pixels.
    func pixelSize(of texture: PhotoTexture) -> PixelSize

    /// A decode without libvips, for when it cannot be loaded (the pipeline hands it to its
    /// loader; see `PhotoLoader.useWhenVipsIsMissing`), or nil to have none.
    var decodeWithoutVips: PhotoLoader.Decode? { get }

    /// A decoder for the small JPEGs cameras embed, so previews need no libvips (see
    /// `QuickEmbeddedPreview`), or nil to have none.
    var decodeSmallJPEG: QuickEmbeddedPreview.DecodeJPEG? { get }
}

extension PhotoTextureMaker {
    public var decodeWithoutVips: PhotoLoader.Decode? { nil }
    public var decodeSmallJPEG: QuickEmbeddedPreview.DecodeJPEG? { nil }
}

/// Why a texture could not be made, in words for the "can't show" tile and the warning.
public struct TextureProblem: Error, Sendable, Equatable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
}
