import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A JPEG's or PNG's header read in Swift from the file's first bytes, without libvips (a
/// HEIF's too, in `QuickHeader+HEIF`): size,
/// EXIF orientation and date taken, whether an ICC profile is embedded. libvips is loaded with
/// dlopen on the first decode; a folder's first screen of headers, read while the window waits
/// for its first frame, would otherwise load and start it there (about 80 ms on this machine)
/// on a first visit. Anything unusual (another format, a PNG with EXIF, two frames' headers,
/// two EXIF blocks, a height given later in the file, a malformed EXIF block) gives nil, and
/// libvips reads that header as before; `QuickHeaderTests` checks the two agree.
enum QuickHeader {
    /// Bytes read from the start of a file at first: a camera's headers (EXIF with its
    /// thumbnail, up to 64 KB) and the frame header fit in most files. A folder of 10,000
    /// photos is scanned this way, so the first read stays small.
    static let firstRead = 96 << 10
    /// Bytes read when a PNG's chunks run past the first read; a PNG frame header past this
    /// is left to libvips. A JPEG is walked in the file instead, segment by segment.
    static let readLimit = 512 << 10
    /// Segments a JPEG walk visits before the frame header at most (each is at least 4
    /// bytes, so a hostile file of tiny ones cannot keep the reader going for long).
    static let largestSegmentWalk = 4096

    /// The header of `path` (already checked: a regular, readable file of `byteCount` bytes) in
    /// `format`, or nil.
    static func read(path: String, format: PhotoFormat, byteCount: Int = .max) -> PhotoHeader? {
        if format == .heif { return heif(path: path, byteCount: byteCount) }
        if format == .jpeg { return jpegHeaderAndExif(path: path)?.header }
        guard format == .png, let first = leadingBytes(of: path, count: firstRead) else { return nil }
        if let header = png(first) { return header }
        // Cut short by the first read (the file is longer): once more, further.
        guard first.count == firstRead, let more = leadingBytes(of: path, count: readLimit) else { return nil }
        return png(more)
    }

    static func leadingBytes(of path: String, count: Int) -> [UInt8]? { bytes(of: path, at: 0, count: count) }

    /// Up to `count` bytes of the file at `path` from `offset` (fewer at its end); nil when it
    /// cannot be opened.
    static func bytes(of path: String, at offset: Int, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return bytes(of: fd, at: offset, count: count)
    }

    /// Up to `count` bytes of the open file `fd` from `offset` (fewer at its end).
    static func bytes(of fd: Int32, at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        bytes.removeLast(count - filled)
        return bytes
    }

    // MARK: JPEG (ITU T.81 markers; EXIF 2.32 in APP1, ICC.1 in APP2)

    static func jpeg(_ b: [UInt8]) -> PhotoHeader? { jpegHeaderAndExif(b)?.header }

    /// The JPEG at `path`'s header and its EXIF block (the TIFF bytes after "Exif\0\0"), read
    /// as `read` reads it; nil when the file is no JPEG this reader takes. Headers that run
    /// past the first read are walked in the file: each segment's marker and length are read,
    /// and only the contents this reader needs (the frame header, EXIF, the start of an APP1
    /// or APP2 to tell which it is). An image saved by Photoshop may carry megabytes of XMP
    /// in 64 KB segments before its frame header (one of Debian's wallpapers has 2 MB); read
    /// whole, or left to libvips, its header cost the folder's first frame libvips' start.
    static func jpegHeaderAndExif(path: String) -> (header: PhotoHeader, exif: [UInt8]?)? {
        guard let first = leadingBytes(of: path, count: firstRead) else { return nil }
        if let found = jpegHeaderAndExif(first) { return found }
        guard first.count == firstRead else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return jpegWalk { offset, count in
            if offset + count <= first.count { return Array(first[offset..<(offset + count)]) }
            let read = bytes(of: fd, at: offset, count: count)
            return read.count == count ? read : nil
        }
    }

    static func jpegHeaderAndExif(_ b: [UInt8]) -> (header: PhotoHeader, exif: [UInt8]?)? {
        jpegWalk { offset, count in offset + count <= b.count ? Array(b[offset..<(offset + count)]) : nil }
    }

    /// Walks a JPEG's segments up to its first scan, reading through `read(offset, count)`
    /// (exactly `count` bytes, or nil past the end): the frame header's size, the EXIF block,
    /// whether an ICC profile is embedded.
    private static func jpegWalk(_ read: (Int, Int) -> [UInt8]?) -> (header: PhotoHeader, exif: [UInt8]?)? {
        guard let start = read(0, 2), start == [0xFF, 0xD8] else { return nil }
        var at = 2
        var size: (width: Int, height: Int)?
        var exif: [UInt8]?
        var hasProfile = false
        for _ in 0..<largestSegmentWalk {
            guard let head = read(at, 2), head[0] == 0xFF else { return nil }
            let marker = head[1]
            if marker == 0xFF { at += 1; continue }  // fill byte
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }  // no length
            guard let lengthBytes = read(at + 2, 2) else { return nil }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
            guard length >= 2 else { return nil }
            let content = at + 4, contentLength = length - 2
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                // A frame header: precision, height, width. A second one, or a height left to
                // a DNL marker (0), is libvips' to judge.
                guard size == nil, contentLength >= 5, let segment = read(content, 5) else { return nil }
                let height = Int(segment[1]) << 8 | Int(segment[2]), width = Int(segment[3]) << 8 | Int(segment[4])
                guard height > 0, width > 0 else { return nil }
                size = (width, height)
            case 0xE1:
                let exifMark: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
                guard contentLength >= exifMark.count, read(content, exifMark.count) == exifMark else { break }
                guard exif == nil, let segment = read(content, contentLength) else { return nil }
                exif = Array(segment.dropFirst(exifMark.count))
            case 0xE2:
                let iccMark = Array("ICC_PROFILE".utf8) + [0]
                if contentLength >= iccMark.count, read(content, iccMark.count) == iccMark { hasProfile = true }
            case 0xDA:  // start of scan: every header segment libjpeg reads comes before it
                // The whole segment is in the file, as the walk checked of every other.
                guard let size, read(content + contentLength - 1, 1) != nil,
                      let found = header(width: size.width, height: size.height, exif: exif, format: .jpeg, hasProfile: hasProfile)
                else { return nil }
                return (found, exif)
            case 0xD9:
                return nil
            default:
                break
            }
            // The segment must be whole: a file cut inside its headers is libvips' to name.
            guard read(at + 2 + length - 1, 1) != nil else { return nil }
            at += 2 + length
        }
        return nil
    }

    // MARK: PNG (ISO/IEC 15948 chunks)

    static func png(_ b: [UInt8]) -> PhotoHeader? {
        guard b.count >= 33, Array(b[0..<8]) == PNGChunks.signature else { return nil }
        var at = 8
        var size: (width: Int, height: Int)?
        var hasProfile = false
        while at + 8 <= b.count {
            let length = be32(b, at)
            guard length <= PNGChunks.largestChunk else { return nil }
            let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
            switch type {
            case "IHDR":
                guard size == nil, length == 13, at + 16 <= b.count else { return nil }
                size = (be32(b, at + 8), be32(b, at + 12))
            case "iCCP": hasProfile = true
            case "eXIf": return nil  // orientation and dates in a PNG: libvips' reading
            case "IDAT", "IEND":
                guard let size, size.width > 0, size.height > 0 else { return nil }
                return header(width: size.width, height: size.height, exif: nil, format: .png, hasProfile: hasProfile)
            default: break
            }
            at += 12 + length
        }
        return nil
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    // MARK: EXIF (a TIFF structure: IFD0's Orientation, the Exif IFD's dates)

    private static func header(width: Int, height: Int, exif: [UInt8]?, format: PhotoFormat, hasProfile: Bool) -> PhotoHeader? {
        var orientation = 1
        var date: String?, offset: String?
        if let exif {
            guard let tags = exifTags(exif) else { return nil }
            orientation = tags.orientation ?? 1
            date = tags.dateTimeOriginal
            offset = tags.offsetTimeOriginal
        }
        guard (try? PhotoHeader.checkDimensions(width: width, height: height)) != nil else { return nil }
        return PhotoHeader(width: width, height: height, orientation: orientation, format: format, hasColourProfile: hasProfile,
                           dateTaken: ExifDate.parse(date, offset: offset))
    }

    struct ExifTags: Equatable {
        var orientation: Int?
        var dateTimeOriginal: String?
        var offsetTimeOriginal: String?
    }

    /// Most entries an IFD may claim; real ones have a few dozen.
    static let maxEntries = 1_000

    /// IFD0's Orientation (0x0112) and, through its Exif IFD pointer (0x8769), the
    /// DateTimeOriginal (0x9003) and OffsetTimeOriginal (0x9011) strings; nil when the block
    /// is not a well-formed TIFF structure as far as these are concerned.
    static func exifTags(_ tiff: [UInt8]) -> ExifTags? {
        guard tiff.count >= 8 else { return nil }
        let big: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): big = false
        case (0x4D, 0x4D): big = true
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return big ? Int(tiff[at]) << 8 | Int(tiff[at + 1]) : Int(tiff[at + 1]) << 8 | Int(tiff[at])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return big ? a << 16 | b : b << 16 | a
        }
        /// An ASCII value: inline when 4 bytes or fewer, else at its offset; up to its NUL.
        func ascii(entry at: Int) -> String? {
            guard let type = u16(at + 2), type == 2, let count = u32(at + 4), count > 0, count <= 4_096 else { return nil }
            let start = count <= 4 ? at + 8 : (u32(at + 8) ?? -1)
            guard start >= 0, start + count <= tiff.count else { return nil }
            let bytes = tiff[start..<(start + count)].prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        func entries(_ ifd: Int) -> [Int]? {
            guard let count = u16(ifd), count <= maxEntries, ifd + 2 + 12 * count <= tiff.count else { return nil }
            return (0..<count).map { ifd + 2 + 12 * $0 }
        }
        guard u16(2) == 42, let ifd0 = u32(4), let zero = entries(ifd0) else { return nil }
        var tags = ExifTags()
        var exifIFD: Int?
        for at in zero {
            switch u16(at) {
            case 0x0112:
                // SHORT (3) or SSHORT (8) in the entry's first two value bytes, LONG (4) or
                // SLONG (9) in all four: libvips reads each (gThumb 3.11 writes SLONG, as in
                // Debian's SafeLanding wallpaper); any other type is libvips' to judge.
                switch u16(at + 2) {
                case 3: tags.orientation = u16(at + 8)
                case 8: tags.orientation = u16(at + 8).map { Int(Int16(truncatingIfNeeded: $0)) }
                case 4: tags.orientation = u32(at + 8)
                case 9: tags.orientation = u32(at + 8).map { Int(Int32(truncatingIfNeeded: $0)) }
                default: return nil
                }
                guard tags.orientation != nil else { return nil }
            case 0x8769:
                exifIFD = u32(at + 8)
            default: break
            }
        }
        if let exifIFD {
            guard let inner = entries(exifIFD) else { return nil }
            for at in inner {
                switch u16(at) {
                case 0x9003: tags.dateTimeOriginal = ascii(entry: at)
                case 0x9011: tags.offsetTimeOriginal = ascii(entry: at)
                default: break
                }
            }
        }
        return tags
    }
}
