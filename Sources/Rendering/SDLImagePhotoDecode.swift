import ParallaxKit
import PhotoPipeline
import SDLBackend

/// A photo decoded by SDL_image instead of libvips, for when libvips cannot be loaded: the
/// bundled PNG and JPEG images (the covers always, the photos without `--photos`) still
/// show. The picture is the file as stored, like `loadTexture`'s: no EXIF turn, no colour
/// profile, shrunk (linear, not shrink-on-load) to the request's size. Runs on a decode
/// thread: it touches only images of its own, never the renderer.
@Sendable
func decodeWithSDLImage(_ request: PhotoRequest) throws(PhotoProblem) -> DecodedPhoto {
    // SDL_image has no reader for EXIF thumbnails: the photo itself comes next.
    guard request.kind == .photo else { throw .noEmbeddedPreview }
    do {
        let (image, stored) = try RGBAImage.load(path: request.path) { stored in sdlImageTarget(stored: stored, request: request) }
        return DecodedPhoto(image: image, source: PhotoHeader(width: stored.width, height: stored.height,
                                                              format: PhotoFormat(fileAt: request.path) ?? .png))
    } catch {
        throw .corrupt(error.reason)
    }
}

/// SDL_image's decode of a JPEG (or PNG) held in memory; nil when it cannot read it.
/// Thread-safe: it makes a surface, never a texture.
func decodeWithSDLImage(jpeg: [UInt8]) -> RGBAImage? {
    try? RGBAImage.decode(bytes: jpeg)
}

/// The box a stored image of size `stored` is shrunk to fit for `request`: the request's
/// size for `.fit`; for the cover fits, the box of the stored aspect that just covers it
/// (the shrink never enlarges, so a smaller image stays as it is).
func sdlImageTarget(stored: PixelSize, request: PhotoRequest) -> PixelSize {
    let target = request.size
    guard stored.width > 0, stored.height > 0, target.width > 0, target.height > 0 else { return stored }
    switch request.fit {
    case .fit:
        return PixelSize(width: target.width, height: target.height)
    case .cover, .coverCropped:
        let factor = max(Double(target.width) / Double(stored.width), Double(target.height) / Double(stored.height))
        guard factor < 1 else { return stored }
        return PixelSize(width: (Double(stored.width) * factor).clampedInteger(rounding: .up),
                         height: (Double(stored.height) * factor).clampedInteger(rounding: .up))
    }
}
