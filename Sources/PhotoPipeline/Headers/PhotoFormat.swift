/// The photo formats this pipeline opens, told from a file's first bytes.
///
/// Sniffing here, before libvips sees the file, does two things: a file that merely has a
/// photo's name never reaches libvips' other loaders (ImageMagick, librsvg, poppler,
/// OpenSlide: large attack surfaces), and it saves one of libvips' loader searches per open,
/// each of which asks every loader, OpenSlide's SQLite probe included.
public enum PhotoFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp, tiff
    /// HEIC, HEIF and AVIF (the ISO base media file format, through libheif).
    case heif

    /// Bytes `sniff` needs to see.
    static let signatureLength = 16

    /// The format whose signature starts `bytes`, if any.
    ///
    /// Signatures: JPEG SOI + marker FF D8 FF (ITU-T T.81); PNG's 8-byte signature (PNG spec
    /// §5.2); "GIF87a"/"GIF89a"; WebP "RIFF", a size, "WEBP" (RFC 9649 §2.5); TIFF "II*\0" or
    /// "MM\0*" and BigTIFF "II+\0"/"MM\0+"; HEIF an "ftyp" box at offset 4 with a HEIF or AVIF
    /// major brand (ISO/IEC 23008-12 §10, AV1 Image File Format §8).
    static func sniff(_ bytes: [UInt8]) -> PhotoFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return .gif }
        if starts(ascii("RIFF")), starts(ascii("WEBP"), at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
            || starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }
        let heifBrands = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]
        if starts(ascii("ftyp"), at: 4), heifBrands.contains(where: { starts(ascii($0), at: 8) }) {
            return .heif
        }
        return nil
    }

    /// The format of the file at `path`, told from its first bytes; nil when it cannot be
    /// read or is none of these (never asks libvips).
    public init?(fileAt path: String) {
        guard let facts = try? checkFile(path), let format = Self.sniff(facts.leadingBytes) else { return nil }
        self = format
    }

    /// Whether this libvips can open the format (HEIF needs its optional heifload module).
    var isAvailable: Bool {
        self != .heif || Vips.hasOperation("heifload")
    }
}
