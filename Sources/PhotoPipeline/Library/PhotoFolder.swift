import CVips
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Why a folder gave no photos.
public enum PhotoFolderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path does not exist, or is not a directory.
    case notAFolder(String)
    /// The directory could not be listed.
    case unreadable(String, reason: String)
    /// The folder holds no image files (hidden files and other extensions are skipped).
    case noPhotos(String, skipped: Int)

    public var description: String {
        switch self {
        case .notAFolder(let path): "\(path): not a folder"
        case .unreadable(let path, let reason): "\(path): cannot list it (\(reason))"
        case .noPhotos(let path, 0): "\(path): the folder is empty"
        case .noPhotos(let path, let skipped):
            "\(path): no photos (\(skipped) other file\(skipped == 1 ? "" : "s") skipped; "
                + "looked for \(PhotoFolder.imageExtensions.sorted().joined(separator: ", ")))"
        }
    }
}

/// The photos of a folder, in a stated order.
public struct PhotoFolder: Sendable {
    /// How the photos are ordered.
    public enum Order: Sendable, Hashable {
        /// By path relative to the folder, digits as numbers (IMG_2 before IMG_10).
        case name
        /// By EXIF DateTimeOriginal, else the file's modification time; ties by name.
        case dateTaken
    }

    /// One photo file.
    public struct Entry: Sendable, Hashable {
        /// Full path.
        public let path: String
        /// Path relative to the folder, e.g. "2024/IMG_0001.jpg".
        public let name: String
        /// When it was taken (EXIF) or last modified; set only for `.dateTaken` order.
        public let date: Date?
    }

    /// Suffixes scanned for, lower case. HEIC, HEIF and AVIF too, whether or not this libvips
    /// has its HEIF loader (Debian's libvips42 does, through libheif): asking would load
    /// libvips on the thread that scans, before the window's first frame; without
    /// the loader such a file shows as a tile that says so.
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "tif", "tiff", "gif", "heic", "heif", "avif",
    ]

    /// Directory levels followed below the folder when recursive.
    public static let maxDepth = 32

    /// The folder as given.
    public let root: String
    /// The photos, ordered.
    public let entries: [Entry]

    /// Lists the photo files in `path`: skips hidden names (a leading dot) and names without an
    /// image extension. A name with an image extension is listed even when it is not a
    /// readable regular file (a folder named `x.jpg` when not recursive, a FIFO, a device, a
    /// link to one, a dangling or looping link, a link out of reach), so that it keeps its
    /// place as a "can't show" tile that says why; nothing here opens it. When `recursive`,
    /// follows subfolders (symbolic links too) but visits each directory once, so a link loop
    /// cannot make it spin.
    /// With `datesKnown`, `.dateTaken` reads no header: each photo's date is the one `datesKnown`
    /// gives (an index of earlier visits), else its file's modification time (a window's
    /// listing, which must not wait for 100,000 headers); without it every header is read.
    /// `progress` hears how many photos are listed so far, every thousand, before they are sorted.
    public static func scan(_ path: String, recursive: Bool = false, order: Order = .name,
                            datesKnown: (@Sendable (String) -> Date?)? = nil,
                            progress: ((Int) -> Void)? = nil) throws(PhotoFolderError) -> PhotoFolder
    {
        let (found, skipped) = try listImageNames(path, recursive: recursive, progress: progress)
        guard !found.isEmpty else { throw .noPhotos(path, skipped: skipped) }
        return PhotoFolder(root: path, entries: ordered(found, by: order, datesKnown: datesKnown))
    }

    /// Whether the name ends in one of `imageExtensions`, ignoring case.
    public static func isImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func ordered(_ found: [(path: String, name: String)], by order: Order,
                                datesKnown: (@Sendable (String) -> Date?)?) -> [Entry] {
        switch order {
        case .name:
            return NaturalOrder.sortedIndices(found.map(\.name)).map { Entry(path: found[$0].path, name: found[$0].name, date: nil) }
        case .dateTaken:
            // One header read per file (a few milliseconds each, mostly libvips opening the
            // file), spread over the cores: libvips is thread-safe, and each slot is written
            // by one iteration only. With `datesKnown`, a lookup or a stat instead.
            let dates = Mutex([Date?](repeating: nil, count: found.count))
            DispatchQueue.concurrentPerform(iterations: found.count) { index in
                let path = found[index].path
                let date = datesKnown.map { known in known(path) ?? modificationDate(path) } ?? dateTaken(path)
                dates.withLock { $0[index] = date }
            }
            let dated = dates.withLock { dates in
                zip(found, dates).map { file, date in Entry(path: file.path, name: file.name, date: date) }
            }
            let keys = dated.map { NaturalOrder.Key($0.name) }
            return dated.indices.sorted { a, b in
                let (da, db) = (dated[a].date ?? .distantPast, dated[b].date ?? .distantPast)
                return da != db ? da < db : keys[a] < keys[b]
            }.map { dated[$0] }
        }
    }

    /// The file's modification time (the link's target's); nil when it cannot be reached.
    static func modificationDate(_ path: String) -> Date? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    /// EXIF DateTimeOriginal from the header, else the modification time; nil if neither.
    static func dateTaken(_ path: String) -> Date? {
        guard let facts = try? checkFile(path) else { return nil }
        if let header = try? PhotoHeader.read(path: path, facts: facts), let date = header.dateTaken {
            return date
        }
        return Date(timeIntervalSince1970: facts.modified)
    }
}
