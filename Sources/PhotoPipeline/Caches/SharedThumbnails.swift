import CVips
import FileOutput
import Foundation
import ParallaxKit

#if canImport(Glibc)
import Glibc
#endif

/// The thumbnails file managers keep for every user (the freedesktop.org Thumbnail Managing
/// Standard, 0.9): GNOME Files, gThumb, Shotwell and others write PNGs to
/// `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}` (fitting 128, 256, 512 and 1024
/// pixel squares), each named by the MD5 of its file's URI and carrying `Thumb::URI` and
/// `Thumb::MTime` (the file's modification time in whole seconds) as PNG text.
///
/// Read: a fresh one (its URI and MTime match the file now) stands in for the photo's first
/// preview when the camera embedded none, and for the photo itself when it covers the cell
/// (a quilt tile, a small window). Written: a `large` one for every photo decoded at 256
/// pixels or more, whole (a temporary file in the same folder, then a rename), mode 0600 in
/// folders of mode 0700 as the standard asks, so the file managers gain what the app decoded.
/// Safe from several threads: each operation is its own files.
public struct SharedThumbnails: Sendable {
    /// The standard's sizes, by folder.
    public enum Flavour: Int, CaseIterable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        var folderName: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }
    }

    /// `$XDG_CACHE_HOME/thumbnails`.
    public let root: String

    /// The flavour written back: the size file managers show in their default grid views, and
    /// the one a photo decoded at 256 px or more needs. One PNG a photo keeps the cost on
    /// the decode threads small (about 2 ms for 256 × 171).
    static let writtenFlavour = Flavour.large
    /// A thumbnail file larger than this is not one (1024 × 1024 RGBA PNG is at most ~4 MB).
    static let largestFileBytes = 8 << 20

    public init(root: String) { self.root = root }

    /// `$XDG_CACHE_HOME/thumbnails` (XDG_CACHE_HOME when absolute, else `$HOME/.cache`), or
    /// nil when neither variable gives an absolute folder.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/thumbnails" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/thumbnails" }
        return nil
    }

    /// The file's URI as GLib's `g_filename_to_uri` writes it (the form thumbnailers hash):
    /// `file://` and the absolute path, every byte but ASCII letters, digits and
    /// `!$&'()*+,-./:=@_~` percent-escaped in upper-case hex. Nil for a relative path.
    public static func uri(forPath path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        let kept = Set("!$&'()*+,-./:=@_~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for byte in path.utf8 {
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isAlphanumeric || kept.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where `uri`'s thumbnail of `flavour` lives.
    public func file(forURI uri: String, flavour: Flavour) -> String {
        root + "/" + flavour.folderName + "/" + MD5.hex(Array(uri.utf8)) + ".png"
    }

    /// The modification time as the standard writes it: whole seconds.
    static func mtimeText(_ facts: FileFacts) -> String { String(Int64(facts.modified.rounded(.down))) }

    /// The fresh thumbnail of `path` that best stands in for a decode at `target` (`fit`):
    /// the smallest flavour that covers the target (`.cover`), or fits it (`.fit`, a preview);
    /// nil when there is none, it is stale (another URI or MTime), malformed, not upright
    /// (its shape is not the photo's), or the target needs a crop.
    func load(path: String, facts: FileFacts, header: PhotoHeader, target: PixelSize, fit: PhotoFit) -> DecodedPhoto? {
        guard fit != .coverCropped, let uri = Self.uri(forPath: path), !path.hasPrefix(root + "/") else { return nil }
        let displayed = PixelSize(width: header.displayedWidth, height: header.displayedHeight)
        guard displayed.width > 0, displayed.height > 0 else { return nil }
        for flavour in Flavour.allCases {
            let thumbnail = file(forURI: uri, flavour: flavour)
            guard let bytes = Self.smallFile(thumbnail), let info = PNGChunks.read(bytes),
                  info.text["Thumb::URI"] == uri, info.text["Thumb::MTime"] == Self.mtimeText(facts),
                  Self.isWhole(info, of: displayed)
            else { continue }
            let whole = info.width == displayed.width && info.height == displayed.height
            let good: Bool = switch fit {
            case .fit: whole || info.width >= min(target.width, displayed.width) || info.height >= min(target.height, displayed.height)
            case .cover: whole || (info.width >= target.width && info.height >= target.height)
            case .coverCropped: false
            }
            guard good else { continue }
            return Self.decode(bytes, path: thumbnail, header: header)
        }
        return nil
    }

    /// Writes `photo` (decoded from `path`, the whole photo at any size) back as the `large`
    /// thumbnail when it is at least that large and no fresh one exists. Failures (a read-only
    /// cache, a full disk) only mean no thumbnail.
    func store(_ photo: DecodedPhoto, path: String, facts: FileFacts) {
        let side = Self.writtenFlavour.rawValue
        guard max(photo.size.width, photo.size.height) >= side, let uri = Self.uri(forPath: path), !path.hasPrefix(root + "/"),
              Self.isWhole(PNGChunks.Info(width: photo.size.width, height: photo.size.height, text: [:]),
                           of: PixelSize(width: photo.source.displayedWidth, height: photo.source.displayedHeight))
        else { return }
        let destination = file(forURI: uri, flavour: Self.writtenFlavour)
        if let bytes = Self.smallFile(destination), let info = PNGChunks.read(bytes),
           info.text["Thumb::URI"] == uri, info.text["Thumb::MTime"] == Self.mtimeText(facts) {
            return  // Fresh already: a file manager (or an earlier run) made it.
        }
        let folder = root + "/" + Self.writtenFlavour.folderName
        guard Self.makePrivateFolders(root, folder),
              let png = Self.encode(photo, fittingInside: side, scratchFolder: folder),
              let tagged = PNGChunks.inserting(text: [("Thumb::URI", uri), ("Thumb::MTime", Self.mtimeText(facts)),
                                                      ("Thumb::Size", String(facts.byteCount)),
                                                      ("Software", "Parallax Playground")], into: png),
              let output = try? OutputFile(path: destination, producer: .chunks, durability: .cache)
        else { return }
        do {
            try output.write(Data(tagged))
            if let temporary = output.temporaryPath { chmod(temporary, 0o600) }
            try output.commit()
        } catch {
            output.discard()
        }
    }

    // MARK: Pieces

    /// Whether an image of `info`'s size shows the whole photo upright: its shape is the
    /// displayed photo's within a pixel of rounding (a cropped or sideways one is not).
    static func isWhole(_ info: PNGChunks.Info, of displayed: PixelSize) -> Bool {
        guard info.width > 0, info.height > 0, displayed.width > 0, displayed.height > 0 else { return false }
        let expectedHeight = Double(info.width) * Double(displayed.height) / Double(displayed.width)
        return abs(expectedHeight - Double(info.height)) <= 1.0 + Double(info.height) * 0.01
    }

    /// A regular file's bytes, if it is one of at most `largestFileBytes` (never a FIFO or a
    /// device someone named like a thumbnail).
    static func smallFile(_ path: String) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
              info.st_size <= largestFileBytes, let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return [UInt8](data)
    }

    /// The standard's folders, created as mode 0700 where missing.
    static func makePrivateFolders(_ paths: String...) -> Bool {
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0 { if info.st_mode & S_IFMT == S_IFDIR { continue } else { return false } }
            if mkdir(path, 0o700) != 0, errno != EEXIST { return false }
        }
        return true
    }

    /// Decodes a thumbnail's PNG to RGBA with `header` as its source's.
    static func decode(_ bytes: [UInt8], path: String, header: PhotoHeader) -> DecodedPhoto? {
        guard Vips.start() else { return nil }
        return bytes.withUnsafeBytes { buffer -> DecodedPhoto? in
            guard let base = buffer.baseAddress, let opened = cvips_open_buffer(base, buffer.count) else {
                _ = Vips.takeError()
                return nil
            }
            // libvips reads the buffer lazily: the pixels come out inside this closure.
            let decoded = try? PhotoDecoder.rgba(from: VipsImageRef(opened), path: path, header: header)
            if decoded == nil { _ = Vips.takeError() }
            return decoded
        }
    }

    /// `photo` shrunk to fit a `side` square and encoded as PNG (through a scratch file in
    /// `scratchFolder`, libvips' PNG saver writing to a name), or nil.
    static func encode(_ photo: DecodedPhoto, fittingInside side: Int, scratchFolder: String) -> [UInt8]? {
        guard Vips.start(), let width = Int32(exactly: photo.size.width), let height = Int32(exactly: photo.size.height) else { return nil }
        let scratch = scratchFolder + "/.parallax-playground-\(UUID().uuidString).png"
        defer { unlink(scratch) }
        let written = photo.image.bytes.withUnsafeBytes { bytes -> Bool in
            guard let image = vips_image_new_from_memory_copy(bytes.baseAddress, bytes.count, width, height, 4,
                                                               Int32(CVIPS_FORMAT_UCHAR)) else { return false }
            let source = VipsImageRef(image)
            var fitted: OpaquePointer?
            guard cvips_fit_inside(source.pointer, &fitted, Int32(side), Int32(side)) == 0, let fitted else { return false }
            let small = VipsImageRef(fitted)
            // No metadata of the photo's own (EXIF, profiles): the standard's text is added after.
            return cvips_write_to_file(small.pointer, scratch + "[strip]") == 0
        }
        guard written, let data = FileManager.default.contents(atPath: scratch) else {
            _ = Vips.takeError()
            return nil
        }
        return [UInt8](data)
    }
}
