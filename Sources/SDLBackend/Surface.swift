import CSDL2
import ParallaxKit
#if canImport(Glibc)
import Glibc
#endif

/// Pixels in CPU memory (an `SDL_Surface`), freed when this object goes away.
///
/// Surfaces, unlike textures, do not belong to a renderer; they are where decoding, scaling
/// and conversions happen before a texture is made or a file is written.
final class Surface {
    let pointer: UnsafeMutablePointer<SDL_Surface>

    init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
    }

    deinit { SDL_FreeSurface(pointer) }

    /// Decodes a PNG or JPEG file.
    static func load(path: String) throws(SDLError) -> Surface {
        // IMG_GetError can hold a stale message from an earlier call: the NULL return is
        // the only reliable sign of failure.
        Surface(owning: try nonNull(IMG_Load(path), "IMG_Load(\(path))"))
    }

    /// Decodes a PNG or JPEG held in memory (SDL_image reads it through a read-only RWops
    /// that it closes).
    static func load(bytes: [UInt8]) throws(SDLError) -> Surface {
        let loaded = bytes.withUnsafeBytes { buffer -> UnsafeMutablePointer<SDL_Surface>? in
            guard let base = buffer.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(clamping: buffer.count)) else {
                return nil
            }
            return IMG_Load_RW(stream, 1)
        }
        return Surface(owning: try nonNull(loaded, "IMG_Load_RW"))
    }

    /// A copy of `image`'s pixels (SDL's surfaces made over caller memory would not own it).
    /// With `opaque`, the alpha bytes are dropped (RGB24, as SDL_image loads an opaque PNG or
    /// JPEG): the texture then draws without blending, which the software renderer does much
    /// faster, and exactly as a file loaded by SDL_image would.
    convenience init(image: RGBAImage, opaque: Bool = false) throws(SDLError) {
        self.init(owning: try nonNull(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(clamping: image.width), Int32(clamping: image.height), opaque ? 24 : 32,
                                           (opaque ? SDL_PIXELFORMAT_RGB24 : SDL_PIXELFORMAT_RGBA32).rawValue),
            "SDL_CreateRGBSurfaceWithFormat"))
        let pitch = Int(pointer.pointee.pitch)
        // An empty surface has no pixel memory at all.
        guard let destination = pointer.pointee.pixels else { return }
        image.bytes.withUnsafeBytes { source in
            guard let from = source.bindMemory(to: UInt8.self).baseAddress else { return }
            for row in 0..<image.height {
                let line = (destination + row * pitch).assumingMemoryBound(to: UInt8.self)
                let start = row * image.width * 4
                if opaque {
                    // A `while` loop, not a range's: every opaque photo's pixels pass here, and
                    // a range's iterator is a generic call per pixel in an unoptimized build.
                    var x = 0
                    while x < image.width {
                        line[3 * x] = from[start + 4 * x]
                        line[3 * x + 1] = from[start + 4 * x + 1]
                        line[3 * x + 2] = from[start + 4 * x + 2]
                        x += 1
                    }
                } else {
                    UnsafeMutableRawPointer(line).copyMemory(from: source.baseAddress! + start, byteCount: image.width * 4)
                }
            }
        }
    }

    var size: PixelSize {
        PixelSize(width: Int(pointer.pointee.w), height: Int(pointer.pointee.h))
    }

    var hasAlpha: Bool { pointer.pointee.format.pointee.Amask != 0 }

    func converted(to format: SDL_PixelFormatEnum) throws(SDLError) -> Surface {
        Surface(owning: try nonNull(SDL_ConvertSurfaceFormat(pointer, format.rawValue, 0),
                                    "SDL_ConvertSurfaceFormat"))
    }

    /// The surface shrunk, keeping its aspect ratio, until it fits in `limit`; itself if it fits.
    func fitting(in limit: PixelSize) throws(SDLError) -> Surface {
        let current = size
        guard current.width > limit.width || current.height > limit.height else { return self }
        let factor = min(Double(limit.width) / Double(current.width),
                         Double(limit.height) / Double(current.height))
        let width = max(1, min(limit.width, (Double(current.width) * factor).clampedInteger(Int.self, rounding: .towardZero)))
        let height = max(1, min(limit.height, (Double(current.height) * factor).clampedInteger(Int.self, rounding: .towardZero)))
        // SDL's linear stretch needs both sides in the same 32-bit format.
        let format = hasAlpha ? SDL_PIXELFORMAT_ARGB8888 : SDL_PIXELFORMAT_XRGB8888
        let source = try converted(to: format)
        let scaled = Surface(owning: try nonNull(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, format.rawValue),
            "SDL_CreateRGBSurfaceWithFormat"))
        try check(SDL_SoftStretchLinear(source.pointer, nil, scaled.pointer, nil), "SDL_SoftStretchLinear")
        return scaled
    }

    func rgbaImage() throws(SDLError) -> RGBAImage {
        let rgba = try converted(to: SDL_PIXELFORMAT_RGBA32)
        let size = rgba.size
        let rowBytes = size.width * 4
        let pitch = Int(rgba.pointer.pointee.pitch)
        var bytes = [UInt8](repeating: 0, count: rowBytes * size.height)
        guard let source = rgba.pointer.pointee.pixels.map(UnsafeRawPointer.init) else {
            return RGBAImage(width: size.width, height: size.height, bytes: bytes)
        }
        bytes.withUnsafeMutableBytes { destination in
            for row in 0..<size.height {
                (destination.baseAddress! + row * rowBytes).copyMemory(
                    from: source + row * pitch, byteCount: rowBytes)
            }
        }
        return RGBAImage(width: size.width, height: size.height, bytes: bytes)
    }

    /// Encodes the surface as a PNG file at `path`, as it is: callers go through
    /// `RGBAImage.savePNG`, which hands this an `OutputFile`'s temporary path.
    func writePNG(toPath path: String) throws(SDLError) {
        try check(IMG_SavePNG(pointer, path), "IMG_SavePNG(\(path))")
    }
}
