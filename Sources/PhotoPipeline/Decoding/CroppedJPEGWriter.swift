import CVips

/// Writes a photo file as a JPEG of exactly a given box: scaled to cover it (up or down),
/// cropped from the centre, upright by its EXIF orientation, in sRGB, without metadata. What
/// an exported page's `<img>` shows, drawn as the app's aspect-fill draws the cell.
///
/// The same libvips operation as `vipsthumbnail --size WxH --smartcrop centre`, run inside
/// the process: an export makes two files per photo, and a `vipsthumbnail` process spends
/// about 90 ms starting libvips for each (measured on the bundled 1,200 px PNGs), far more
/// than the shrink itself. Unlike that command with `[strip]`, a photo with a colour profile
/// is turned into sRGB before its profile is dropped, so a Display P3 photo keeps its colours
/// in a browser. Safe to call from many threads at once.
public struct CroppedJPEGWriter: Sendable {
    /// Why a file was not written.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The source could not be read as a photo (or libvips is not there).
        case photo(PhotoProblem)
        /// The JPEG could not be written; libvips' first line of error.
        case notWritten(String)

        public var description: String {
            switch self {
            case .photo(let problem): problem.reason
            case .notWritten(let why): why
            }
        }
    }

    /// libjpeg's quality, 1–100 (clamped into that range).
    public var quality: Int

    public init(quality: Int) {
        self.quality = min(max(quality, 1), 100)
    }

    /// Writes `source` at `width`×`height` pixels (each clamped to 1...`PhotoDecoder.maxTargetSide`)
    /// as a JPEG at `destination`, replacing what is there.
    public func write(source: String, to destination: String, width: Int, height: Int) throws(Failure) {
        let header: PhotoHeader
        do {
            header = try PhotoHeader.read(path: source, facts: try checkFile(source))
            try PhotoDecoder.checkDecodable(header)
        } catch {
            throw .photo(error)
        }
        let side = { (n: Int) in Int32(min(max(n, 1), PhotoDecoder.maxTargetSide)) }
        // As the window's decode: a tagged photo goes to sRGB, else its pixels would stay in
        // the embedded space, which `strip` then forgets.
        let exportProfile = PhotoDecoder.exportProfile(for: header)
        var out: OpaquePointer?
        let status = source.withCString { cPath in
            exportProfile.withOptionalCString { cProfile in
                cvips_thumbnail(cPath, &out, side(width), side(height), Int32(CVIPS_SIZE_BOTH), Int32(CVIPS_INTERESTING_CENTRE),
                                // A truncated file fails, named, as in the window, rather than ending in grey rows.
                                Int32(CVIPS_FAIL_ON_TRUNCATED), cProfile)
            }
        }
        guard status == 0, let out else {
            throw .photo(PhotoProblem.fromVips(Vips.takeError(), path: source, format: header.format))
        }
        let thumbnail = VipsImageRef(out)
        // `[Q=…,strip]`: the JPEG saver's quality, and no EXIF, XMP or profile in the file.
        guard cvips_write_to_file(thumbnail.pointer, destination + "[Q=\(quality),strip]") == 0 else {
            let why = Vips.takeError().split(separator: "\n").first.map(String.init) ?? "libvips could not save it"
            throw .notWritten(why)
        }
    }
}
