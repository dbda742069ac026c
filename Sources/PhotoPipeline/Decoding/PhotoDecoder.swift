import CVips
import Glibc
import ParallaxKit

/// How a decoded photo relates to the size asked for.
public enum PhotoFit: Sendable, Hashable {
    /// The smallest size that covers the target, aspect kept, nothing cut: what the app's
    /// aspect-fill drawing needs, with the overflow left for the parallax shift.
    case cover
    /// Covers the target, then crops the centre to exactly the target size.
    case coverCropped
    /// The largest size that fits inside the target, aspect kept.
    case fit
}

/// Decodes photo files straight to the size a cell needs, upright and in sRGB.
///
/// Uses libvips' vips_thumbnail: shrink-on-load (JPEG DCT scaling, WebP and HEIF scaled
/// decoding) so a 24 MP JPEG to a 400 px cell never exists at full size in memory; EXIF
/// auto-rotation (its default); colour management to sRGB. Safe to call from many threads.
public struct PhotoDecoder: Sendable {
    /// Largest target side accepted; bigger requests are clamped to it (16,384 is the texture
    /// limit of most GPUs SDL renders on).
    public static let maxTargetSide = 16_384
    /// In `.cover`, the most pixels a result may have, as a multiple of the target's area.
    /// A panorama covering a square cell would otherwise keep its whole width (a 100,000 × 500
    /// strip over a 400 × 400 cell is 32 MP); past this, the centre is cropped instead.
    public static let maxCoverAreaFactor = 4
    /// Side of the square `preview` fits inside.
    public static let previewSide = 64

    /// Whether a smaller photo is scaled up to the target (off: the GPU scales it when
    /// drawing, and the texture stays small).
    public var allowUpscale: Bool

    public init(allowUpscale: Bool = false) {
        self.allowUpscale = allowUpscale
    }

    /// Starts libvips now (tens of milliseconds: it loads its format modules) rather than in
    /// the first decode. Safe from any thread, any number of times. False if it cannot start.
    @discardableResult
    public static func prepare() -> Bool { Vips.start() }

    /// Decodes `path` for a target of `size` pixels; with `diskCache`, from its copy when it
    /// has one, else from the file, keeping a copy for next time; with `shared`, from a fresh
    /// file-manager thumbnail that covers the target, and writing one back after a decode.
    public func decode(path: String, size: PixelSize, fit: PhotoFit = .cover, diskCache: DiskThumbnailCache? = nil,
                       shared: SharedThumbnails? = nil)
        throws(PhotoProblem) -> DecodedPhoto
    {
        let (decoded, keepCopies) = try decodeLeavingCopies(path: path, size: size, fit: fit, diskCache: diskCache, shared: shared)
        keepCopies?()
        return decoded
    }

    /// `decode`, with the copies for the disk caches left to the caller: writing them (a JPEG
    /// and a PNG encode, 30–50 ms for a cell-sized photo) need not hold up the photo on screen,
    /// so the loader writes them when no decode waits (see `PhotoLoader`). Nil when the photo
    /// came from a cache, or there is no cache to write.
    func decodeLeavingCopies(path: String, size: PixelSize, fit: PhotoFit, diskCache: DiskThumbnailCache?,
                             shared: SharedThumbnails?)
        throws(PhotoProblem) -> (photo: DecodedPhoto, keepCopies: (@Sendable () -> Void)?)
    {
        let facts = try checkFile(path)
        let header = try PhotoHeader.read(path: path, facts: facts)
        if let copy = diskCache?.load(path: path, facts: facts, size: size, fit: fit, source: header) { return (copy, nil) }
        if let thumbnail = shared?.load(path: path, facts: facts, header: header, target: size, fit: fit) { return (thumbnail, nil) }
        let decoded = try decode(path: path, facts: facts, header: header, size: size, fit: fit)
        guard diskCache != nil || shared != nil else { return (decoded, nil) }
        return (decoded, {
            diskCache?.store(decoded, path: path, facts: facts, size: size, fit: fit)
            shared?.store(decoded, path: path, facts: facts)
        })
    }

    /// The best quick stand-in for `path` before its decode: the thumbnail its camera
    /// embedded, else (with `shared`) a fresh file-manager thumbnail; nil when neither exists.
    /// `lookInFile` false: the file is known to embed none (`QuickEmbeddedPreview.Look.none`).
    public func quickPreview(path: String, shared: SharedThumbnails?, lookInFile: Bool = true) throws(PhotoProblem) -> DecodedPhoto? {
        if lookInFile, let embedded = try embeddedPreview(path: path) { return embedded }
        guard let shared else { return nil }
        let facts = try checkFile(path)
        let header = try PhotoHeader.read(path: path, facts: facts)
        return shared.load(path: path, facts: facts, header: header,
                           target: PixelSize(width: Self.previewSide, height: Self.previewSide), fit: .fit)
    }

    private func decode(path: String, facts: FileFacts, header: PhotoHeader, size: PixelSize, fit: PhotoFit)
        throws(PhotoProblem) -> DecodedPhoto
    {
        // A header read in Swift (`QuickHeader`) has not loaded libvips: the first decode does,
        // and says so when this libvips cannot open the format (HEIF without its loader), as
        // its header reading would have.
        try Self.checkDecodable(header)
        let target = PixelSize(width: min(max(size.width, 1), Self.maxTargetSide),
                               height: min(max(size.height, 1), Self.maxTargetSide))
        let box = Self.thumbnailBox(displayed: PixelSize(width: header.displayedWidth,
                                                         height: header.displayedHeight),
                                    target: target, fit: fit, allowUpscale: allowUpscale)
        var out: OpaquePointer?
        let exportProfile = Self.exportProfile(for: header)
        let status = path.withCString { cPath in
            exportProfile.withOptionalCString { cProfile in
                cvips_thumbnail(cPath, &out, Int32(box.width), Int32(box.height),
                                Int32(allowUpscale ? CVIPS_SIZE_BOTH : CVIPS_SIZE_DOWN),
                                Int32(box.crop ? CVIPS_INTERESTING_CENTRE : CVIPS_INTERESTING_NONE),
                                // Truncated files fail instead of ending in grey rows.
                                Int32(CVIPS_FAIL_ON_TRUNCATED), cProfile)
            }
        }
        guard status == 0, let out else {
            throw PhotoProblem.fromVips(Vips.takeError(), path: path, format: header.format)
        }
        let thumbnail = VipsImageRef(out)
        return try Self.rgba(from: thumbnail, path: path, header: header)
    }

    /// Throws when libvips cannot decode a photo of `header`: libvips is missing, or has no
    /// loader for its format.
    static func checkDecodable(_ header: PhotoHeader) throws(PhotoProblem) {
        if let why = Vips.unavailableReason { throw .decoderUnavailable(why) }
        if !header.format.isAvailable { throw .unsupportedFormat("\(header.format.rawValue) (this libvips has no HEIF loader)") }
    }

    /// vips_thumbnail's export profile for a photo of `header`. An embedded profile (Display
    /// P3, Adobe RGB, a CMYK press profile) must be exported to sRGB: without export_profile,
    /// vips_thumbnail 8.14 exports back to the embedded profile, leaving the pixels in the
    /// photo's own space. Untagged files are already sRGB, or CMYK, which vips_colourspace
    /// converts with libvips' built-in CMYK profile.
    static func exportProfile(for header: PhotoHeader) -> String? {
        header.hasColourProfile ? "srgb" : nil
    }

    /// A tiny decode (fits in 64 × 64) for an early placeholder colour: libjpeg decodes at 1/8
    /// scale, so even a 24 MP file costs about as much as a 0.4 MP one.
    public func preview(path: String) throws(PhotoProblem) -> DecodedPhoto {
        try PhotoDecoder(allowUpscale: false).decode(
            path: path, size: PixelSize(width: Self.previewSide, height: Self.previewSide), fit: .fit)
    }

    /// The thumbnail a camera embedded in the file's EXIF block, upright by the photo's
    /// orientation and in sRGB: about a millisecond where any decode of the photo itself
    /// costs hundreds. Nil when the file has none (or only a malformed one); throws only when
    /// the file itself cannot be read.
    public func embeddedPreview(path: String) throws(PhotoProblem) -> DecodedPhoto? {
        let facts = try checkFile(path)
        let header = try PhotoHeader.read(path: path, facts: facts)
        if let why = Vips.unavailableReason { throw .decoderUnavailable(why) }
        if header.format == .heif { return heifThumbnail(path: path, header: header) }
        guard header.format == .jpeg, let opened = cvips_open_header(path) else {
            _ = Vips.takeError()
            return nil
        }
        let photo = VipsImageRef(opened)
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(photo.pointer, "exif-data", &data, &length) == 0, let data, length > 0 else {
            _ = Vips.takeError()
            return nil
        }
        let exif = UnsafeRawBufferPointer(start: data, count: length)
        guard let range = ExifThumbnail.jpegRange(inExif: exif) else { return nil }
        // libvips reads the buffer lazily, so `photo`, which owns the EXIF block, must live
        // until the pixels are out.
        return withExtendedLifetime(photo) { () -> DecodedPhoto? in
            guard let loaded = cvips_open_buffer(data + range.lowerBound, range.count) else {
                _ = Vips.takeError()
                return nil
            }
            let thumbnail = VipsImageRef(loaded)
            guard thumbnail.width <= Self.largestEmbeddedSide, thumbnail.height <= Self.largestEmbeddedSide,
                  let tagged = cvips_copy(thumbnail.pointer) else { return nil }
            // The thumbnail is stored as the photo is: the photo's tag turns both.
            let copy = VipsImageRef(tagged)
            vips_image_set_int(copy.pointer, "orientation", Int32(header.orientation))
            var turned: OpaquePointer?
            guard cvips_autorot(copy.pointer, &turned) == 0, let turned else {
                _ = Vips.takeError()
                return nil
            }
            return try? Self.rgba(from: VipsImageRef(turned), path: path, header: header)
        }
    }

    /// The thumbnail a phone stores in a HEIC beside the photo (a small image of its own, HEVC
    /// like the photo: about 15 ms to decode where the photo takes 150–300), upright as libheif
    /// turns it; nil when the file has none. libvips' `thumbnail` option falls back to the
    /// whole photo, so the file's boxes are asked first, and anything larger than an embedded
    /// thumbnail may be is refused before its pixels are decoded.
    func heifThumbnail(path: String, header: PhotoHeader) -> DecodedPhoto? {
        guard header.format.isAvailable, QuickHeader.heifHasThumbnail(path: path),
              let opened = cvips_open_header(path + "[thumbnail=true]")
        else {
            _ = Vips.takeError()
            return nil
        }
        let thumbnail = VipsImageRef(opened)
        guard thumbnail.width <= Self.largestEmbeddedSide, thumbnail.height <= Self.largestEmbeddedSide else { return nil }
        return try? Self.rgba(from: thumbnail, path: path, header: header)
    }

    /// Largest side of an embedded thumbnail taken (EXIF's are 160 × 120; some cameras store
    /// a bigger "preview" image, which is still cheap up to this size).
    static let largestEmbeddedSide = 1_024

    /// The width × height box to pass to vips_thumbnail, which fits inside its box (or, with
    /// crop, covers it and crops). Covering without a crop is a fit inside a box unbounded on
    /// the side that would overflow.
    static func thumbnailBox(displayed: PixelSize, target: PixelSize, fit: PhotoFit,
                             allowUpscale: Bool) -> (width: Int, height: Int, crop: Bool) {
        // vips_thumbnail's largest width and height argument (VIPS_MAX_COORD in 8.14).
        let unbounded = 10_000_000
        switch fit {
        case .fit:
            return (target.width, target.height, false)
        case .coverCropped:
            return (target.width, target.height, true)
        case .cover:
            let dw = Double(displayed.width), dh = Double(displayed.height)
            var scale = max(Double(target.width) / dw, Double(target.height) / dh)
            if !allowUpscale { scale = min(scale, 1) }
            let area = (dw * scale).rounded(.up) * (dh * scale).rounded(.up)
            if area > Double(target.width * target.height * maxCoverAreaFactor) {
                return (target.width, target.height, true)
            }
            // Wider than the target: the height decides; taller: the width does.
            if dw * Double(target.height) > dh * Double(target.width) {
                return (unbounded, target.height, false)
            }
            return (target.width, unbounded, false)
        }
    }

    /// Renders the libvips pipeline into RGBA bytes; this is where decoding really happens.
    static func rgba(from image: VipsImageRef, path: String, header: PhotoHeader)
        throws(PhotoProblem) -> DecodedPhoto
    {
        var converted: OpaquePointer?
        guard cvips_to_rgba8(image.pointer, &converted) == 0, let converted else {
            throw PhotoProblem.fromVips(Vips.takeError(), path: path, format: header.format)
        }
        let rgba = VipsImageRef(converted)
        let width = rgba.width, height = rgba.height
        try PhotoHeader.checkDimensions(width: width, height: height)
        var byteCount = 0
        guard let memory = vips_image_write_to_memory(rgba.pointer, &byteCount) else {
            throw PhotoProblem.fromVips(Vips.takeError(), path: path, format: header.format)
        }
        defer { g_free(memory) }
        guard byteCount == width * height * 4 else {
            throw .corrupt("libvips gave \(byteCount) bytes for \(width)×\(height) RGBA")
        }
        let pixels = [UInt8](UnsafeRawBufferPointer(start: memory, count: byteCount))
        return DecodedPhoto(image: RGBAImage(width: width, height: height, bytes: pixels), source: header)
    }
}

extension Optional where Wrapped == String {
    /// Calls `body` with a C string, or with nil when there is no string.
    func withOptionalCString<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        switch self {
        case .some(let text): text.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
