import ParallaxKit
import Synchronization

/// The thumbnail a camera embedded in a JPEG's EXIF block, found and turned upright in Swift
/// and decoded by a JPEG decoder the caller gives (the window's: SDL_image), so a folder's
/// first screen shows its previews without waiting for libvips, which loads and starts after
/// the first frame (about 80 ms here; every visible cell should show a preview within
/// 150 ms of it). A file this reader does not take (no EXIF thumbnail, an odd header, a
/// thumbnail over `PhotoDecoder.largestEmbeddedSide`) gives nil: libvips' reading follows.
public enum QuickEmbeddedPreview {
    /// Decodes a small JPEG held in memory; nil when it cannot. Called on decode threads.
    public typealias DecodeJPEG = @Sendable (_ jpeg: [UInt8]) -> RGBAImage?

    /// What a look for a file's embedded thumbnail found.
    public enum Look {
        case found(DecodedPhoto)
        /// The JPEG's header was read, and its EXIF block (if any) holds no thumbnail: libvips,
        /// which reads the same block, would find none either, so it is not asked (opening a
        /// big JPEG's header there cost 15–50 ms on a first screen without thumbnails).
        case none
        /// Not a JPEG this reader takes, or a thumbnail it could not decode: libvips may.
        case unknown
    }

    /// `path`'s embedded thumbnail, upright by the photo's EXIF orientation, with the photo's
    /// header as its source; nil when there is none this reader takes.
    public static func read(path: String, decodeJPEG: DecodeJPEG) -> DecodedPhoto? {
        if case .found(let photo) = look(path: path, decodeJPEG: decodeJPEG) { return photo }
        return nil
    }

    /// Looks for `path`'s embedded thumbnail (see `read`), telling a JPEG that has none from a
    /// file this reader cannot judge.
    public static func look(path: String, decodeJPEG: DecodeJPEG) -> Look {
        guard let (header, exif) = QuickHeader.jpegHeaderAndExif(path: path) else { return .unknown }
        guard let jpeg = thumbnail(inExif: exif) else { return .none }
        guard let decoded = decodeJPEG(jpeg) else { return .unknown }
        let size = decoded.size
        guard size.width > 0, size.height > 0, size.width <= PhotoDecoder.largestEmbeddedSide,
              size.height <= PhotoDecoder.largestEmbeddedSide
        else { return .unknown }
        return .found(DecodedPhoto(image: Self.upright(decoded, orientation: header.orientation), source: header))
    }

    /// Whether the JPEG whose first bytes are `start` embeds a thumbnail this reader takes
    /// (the photo-library bench checks a folder "without thumbnails" with it).
    public static func hasThumbnail(jpegStart start: [UInt8]) -> Bool {
        thumbnail(inExif: QuickHeader.jpegHeaderAndExif(start)?.exif) != nil
    }

    /// The embedded thumbnail's JPEG bytes in an EXIF block (TIFF bytes), if it has one.
    static func thumbnail(inExif exif: [UInt8]?) -> [UInt8]? {
        guard let exif, let range = exif.withUnsafeBytes({ ExifThumbnail.jpegRange(inExif: $0) }) else { return nil }
        return Array(exif[range])
    }

    /// `image` (stored as the camera wrote it) turned as EXIF `orientation` (1–8, TIFF 6.0's
    /// Orientation tag) says the photo is shown: 2 mirrors, 3 turns half way, 4 flips, 5 is
    /// the transpose, 6 a quarter turn clockwise, 7 the transverse, 8 a quarter turn
    /// anticlockwise. Anything else is taken as 1.
    static func upright(_ image: RGBAImage, orientation: Int) -> RGBAImage {
        let w = image.width, h = image.height
        guard (2...8).contains(orientation) else { return image }
        let swaps = orientation >= 5
        let out = swaps ? PixelSize(width: h, height: w) : image.size
        var turned = [UInt8](repeating: 0, count: image.bytes.count)
        image.bytes.withUnsafeBufferPointer { source in
            turned.withUnsafeMutableBufferPointer { destination in
                for y in 0..<out.height {
                    for x in 0..<out.width {
                        // The stored pixel shown at (x, y).
                        let (sx, sy): (Int, Int) = switch orientation {
                        case 2: (w - 1 - x, y)
                        case 3: (w - 1 - x, h - 1 - y)
                        case 4: (x, h - 1 - y)
                        case 5: (y, x)
                        case 6: (y, h - 1 - x)
                        case 7: (w - 1 - y, h - 1 - x)
                        default: (w - 1 - y, x)  // 8
                        }
                        let from = (sy * w + sx) * 4, to = (y * out.width + x) * 4
                        destination[to] = source[from]
                        destination[to + 1] = source[from + 1]
                        destination[to + 2] = source[from + 2]
                        destination[to + 3] = source[from + 3]
                    }
                }
            }
        }
        return RGBAImage(width: out.width, height: out.height, bytes: turned)
    }
}

/// A small-JPEG decoder given after a loader or cache started (the window's, SDL_image's),
/// read by decode threads.
final class SmallJPEGDecoderSlot: Sendable {
    private let decoder = Mutex<QuickEmbeddedPreview.DecodeJPEG?>(nil)

    var current: QuickEmbeddedPreview.DecodeJPEG? { decoder.withLock { $0 } }

    func set(_ new: QuickEmbeddedPreview.DecodeJPEG?) { decoder.withLock { $0 = new } }
}
