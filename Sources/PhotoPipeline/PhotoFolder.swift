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
    /// libvips on the thread that scans, before the window's first frame (issue 23); without
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
    public static func scan(_ path: String, recursive: Bool = false, order: Order = .name)
        throws(PhotoFolderError) -> PhotoFolder
    {
        guard let rootID = directoryID(path) else { throw .notAFolder(path) }
        var visited: Set<DirectoryID> = [rootID]
        var found: [(path: String, name: String)] = []
        var skipped = 0
        var pending: [(dir: String, prefix: String, depth: Int)] = [(path, "", 0)]
        while let (dir, prefix, depth) = pending.popLast() {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: dir)
            } catch {
                if depth == 0 { throw .unreadable(path, reason: shortReason(error)) }
                skipped += 1  // A subfolder that cannot be listed is skipped, like a bad file.
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let full = (dir as NSString).appendingPathComponent(name)
                var info = stat()
                // stat follows links; a dangling link, a loop or a link out of reach fails here.
                let reachable = stat(full, &info) == 0
                if reachable, info.st_mode & S_IFMT == S_IFDIR, recursive {
                    let id = DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                    if depth < maxDepth, visited.insert(id).inserted {
                        pending.append((full, prefix + name + "/", depth + 1))
                    }
                } else if isImageName(name) {
                    // Regular files become photos; anything else named like one becomes a tile
                    // whose reason the header read gives (see `checkFile`).
                    found.append((full, prefix + name))
                } else {
                    skipped += 1
                }
            }
        }
        guard !found.isEmpty else { throw .noPhotos(path, skipped: skipped) }
        return PhotoFolder(root: path, entries: ordered(found, by: order))
    }

    /// Whether the name ends in one of `imageExtensions`, ignoring case.
    public static func isImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func ordered(_ found: [(path: String, name: String)], by order: Order) -> [Entry] {
        switch order {
        case .name:
            return found
                .sorted { NaturalOrder.areInIncreasingOrder($0.name, $1.name) }
                .map { Entry(path: $0.path, name: $0.name, date: nil) }
        case .dateTaken:
            // One header read per file (a few milliseconds each, mostly libvips opening the
            // file), spread over the cores: libvips is thread-safe, and each slot is written
            // by one iteration only.
            let dates = Mutex([Date?](repeating: nil, count: found.count))
            DispatchQueue.concurrentPerform(iterations: found.count) { index in
                let date = dateTaken(found[index].path)
                dates.withLock { $0[index] = date }
            }
            let dated = dates.withLock { dates in
                zip(found, dates).map { file, date in Entry(path: file.path, name: file.name, date: date) }
            }
            return dated.sorted { a, b in
                let (da, db) = (a.date ?? .distantPast, b.date ?? .distantPast)
                return da != db ? da < db : NaturalOrder.areInIncreasingOrder(a.name, b.name)
            }
        }
    }

    /// EXIF DateTimeOriginal from the header, else the modification time; nil if neither.
    static func dateTaken(_ path: String) -> Date? {
        guard let facts = try? checkFile(path) else { return nil }
        if let header = try? PhotoHeader.read(path: path, facts: facts), let date = header.dateTaken {
            return date
        }
        return Date(timeIntervalSince1970: facts.modified)
    }

    private struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func directoryID(_ path: String) -> DirectoryID? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    private static func shortReason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return String(text.prefix(120))
    }
}
