import CVips
import FileOutput
import Foundation
import ParallaxKit
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Cell-sized copies of photos kept on disk, so a second visit to a folder shows sharp photos
/// at once instead of decoding each 24-megapixel file again: a 620-pixel JPEG decodes in a few
/// milliseconds where its source takes hundreds.
///
/// One file per (photo, size, fit), named by a hash of the photo's path, byte size and
/// modification time: an edited photo gets a new name, and its stale copies age out. Files
/// are written whole (a temporary name, then a rename), so a crash never leaves a half copy
/// under a real name. The folder is kept under `byteLimit` by deleting the least recently
/// written copies. Safe to use from several threads: each operation is one file.
public final class DiskThumbnailCache: Sendable {
    /// The copies' folder.
    public let folder: String
    /// Most bytes the copies may take together.
    public let byteLimit: Int
    /// JPEG quality of the copies: 92 is where libjpeg's artefacts stop being visible at 1:1
    /// on photographs (and where vipsthumbnail's users commonly set it).
    static let quality = 92
    /// A trim (a directory listing) runs after this many writes, not after each one.
    static let writesBetweenTrims = 64

    private let writes = Mutex(0)
    /// Decodes a copy (a JPEG this cache wrote: upright, sRGB, at the cell's size) without
    /// libvips, when the loader was given one (see `PhotoLoader.decodeSmallJPEGsWith`): a
    /// second visit's first screen then waits for no libvips at all.
    private let plainJPEGDecoder = SmallJPEGDecoderSlot()

    func useForCopies(_ decoder: QuickEmbeddedPreview.DecodeJPEG?) { plainJPEGDecoder.set(decoder) }

    /// `$XDG_CACHE_HOME/parallax-playground/thumbnails` (XDG_CACHE_HOME when absolute, else
    /// `$HOME/.cache`), or nil when neither variable gives a usable folder.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        return base + "/parallax-playground/thumbnails"
    }

    /// A cache in `folder` (created if missing); nil when it cannot be created.
    public init?(folder: String, byteLimit: Int) {
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        self.folder = folder
        self.byteLimit = max(0, byteLimit)
    }

    /// The cached copy of `path` for `size` and `fit`, decoded, with `source` as its header; nil
    /// when there is none (or it cannot be read: it is then removed).
    func load(path: String, facts: FileFacts, size: PixelSize, fit: PhotoFit, source: PhotoHeader) -> DecodedPhoto? {
        let copy = file(for: path, facts: facts, size: size, fit: fit)
        guard FileManager.default.fileExists(atPath: copy) else { return nil }
        if let plain = plainJPEGDecoder.current, let bytes = FileManager.default.contents(atPath: copy) {
            if let decoded = plain([UInt8](bytes)) {
                return DecodedPhoto(image: decoded, source: source)
            }
            unlink(copy)
            return nil
        }
        guard Vips.start(), let opened = cvips_open_header(copy),
              let decoded = try? PhotoDecoder.rgba(from: VipsImageRef(opened), path: copy, header: source)
        else {
            _ = Vips.takeError()
            unlink(copy)
            return nil
        }
        return decoded
    }

    /// Keeps `photo`, decoded from `path` for `size` and `fit`, as a JPEG copy. Failures (a
    /// full disk, a read-only folder) only mean no copy.
    func store(_ photo: DecodedPhoto, path: String, facts: FileFacts, size: PixelSize, fit: PhotoFit) {
        guard byteLimit > 0, let width = Int32(exactly: photo.size.width), let height = Int32(exactly: photo.size.height) else { return }
        let final = file(for: path, facts: facts, size: size, fit: fit)
        // A cache file: no fsync (a copy lost in a crash is only a miss, and a damaged one is
        // removed when it fails to load), but never seen half-written under its real name.
        guard let output = try? OutputFile(path: final, producer: .path, durability: .cache),
              let temporary = output.temporaryPath
        else { return }
        let written = photo.image.bytes.withUnsafeBytes { bytes -> Bool in
            guard let image = vips_image_new_from_memory_copy(bytes.baseAddress, bytes.count, width, height, 4,
                                                               Int32(CVIPS_FORMAT_UCHAR)) else { return false }
            let owned = VipsImageRef(image)
            // The temporary name keeps ".jpg", which is how libvips picks its JPEG saver.
            return cvips_write_to_file(owned.pointer, temporary + "[Q=\(Self.quality)]") == 0
        }
        guard written, (try? output.commit()) != nil else {
            _ = Vips.takeError()
            output.discard()
            return
        }
        let count = writes.withLock { count -> Int in
            count += 1
            return count
        }
        if count % Self.writesBetweenTrims == 1 { trim() }
    }

    /// Deletes the least recently written copies until the folder is under its limit.
    public func trim() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        var files: [(path: String, bytes: Int, written: Double)] = []
        let now = Date().timeIntervalSince1970
        for name in names where name.hasSuffix(".jpg") {
            let full = folder + "/" + name
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            let written = Double(info.st_mtim.tv_sec)
            // A temporary file (hidden: `OutputFile` names them ".<name>.partial-…") an hour old
            // was left by a process that died mid-write.
            if name.hasPrefix(".") {
                if now - written > 3_600 { unlink(full) }
                continue
            }
            files.append((full, Int(info.st_size), written))
        }
        var total = files.reduce(0) { $0 + $1.bytes }
        for file in files.sorted(by: { $0.written < $1.written }) where total > byteLimit {
            if unlink(file.path) == 0 { total -= file.bytes }
        }
    }

    /// The copy's file: a 64-bit FNV-1a hash of what identifies it, in hex.
    func file(for path: String, facts: FileFacts, size: PixelSize, fit: PhotoFit) -> String {
        let key = "\(path)\u{0}\(facts.byteCount)\u{0}\(facts.modified)\u{0}\(size.width)x\(size.height)\u{0}\(fit)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a's 64-bit offset basis
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3  // FNV-1a's 64-bit prime
        }
        return folder + "/" + String(hash, radix: 16) + ".jpg"
    }
}
