import ParallaxKit

/// How to load a photo whole, up front (the bundled sets, loaded before the first frame for
/// frame-for-frame comparisons): as it is stored, by a plain decoder such as SDL_image, or
/// through libvips (`PhotoDecoder`), which turns it upright and into sRGB and shrinks it.
public enum WholePhotoLoad: Sendable, Equatable {
    /// A plain decode of the file gives the same picture.
    case asStored
    /// libvips' decode, fitted within this box.
    case decode(fittingIn: PixelSize)

    /// The way for the file `header` describes, fitted within a `side` square: as stored when
    /// that is the same picture (an upright PNG or JPEG without a colour profile, needing no
    /// shrinking, whole), which is the bundled set's case and several times cheaper than a
    /// libvips pipeline for PNG; else libvips.
    public static func plan(for header: PhotoHeader, path: String, side: Int) -> WholePhotoLoad {
        let side = max(1, side)
        if header.format == .png || header.format == .jpeg, header.orientation == 1, !header.hasColourProfile,
           header.width <= side, header.height <= side, FileEnding.isTruncated(path: path, format: header.format) == false {
            return .asStored
        }
        return .decode(fittingIn: PixelSize(width: side, height: side))
    }
}
