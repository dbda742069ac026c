import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Listing a folder's image names fast: `readdir` and each entry's type from the directory
/// itself, so a flat folder of 100,000 photos is listed without one `stat` a file
/// (FileManager's listing and a `stat` of each entry took most of a second there).
extension PhotoFolder {
    /// The image-named entries under `path` (full path, name relative to `path`), unsorted,
    /// and how many other entries were skipped. A name with an image extension is listed
    /// without looking at what it names (a folder named `x.jpg` when not recursive, a FIFO, a
    /// link to anything: the header read says why it cannot be shown); when `recursive`, a
    /// real folder is descended whatever its name, and so is a link that leads to one unless
    /// it is named like an image (that one is listed, and its tile says it is a folder).
    /// Each directory is visited once (by device and inode), so a link loop cannot spin.
    /// `progress` is told how many names are listed so far, every `progressStep` names.
    static func listImageNames(_ path: String, recursive: Bool, progress: ((Int) -> Void)? = nil) throws(PhotoFolderError)
        -> (found: [(path: String, name: String)], skipped: Int)
    {
        guard let rootID = directoryID(path) else { throw .notAFolder(path) }
        var visited: Set<DirectoryID> = [rootID]
        var found: [(path: String, name: String)] = []
        var skipped = 0
        var pending: [(dir: String, prefix: String, depth: Int)] = [(path, "", 0)]
        while let (dir, prefix, depth) = pending.popLast() {
            guard let stream = opendir(dir) else {
                if depth == 0 { throw .unreadable(path, reason: String(cString: strerror(errno))) }
                skipped += 1  // A subfolder that cannot be listed is skipped, like a bad file.
                continue
            }
            defer { closedir(stream) }
            let base = dir.hasSuffix("/") ? dir : dir + "/"
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                guard !name.hasPrefix(".") else { continue }
                let full = base + name
                let type = Int32(entry.pointee.d_type)
                let imageName = isImageName(name)
                if recursive, type == DT_DIR || (type == DT_LNK && !imageName) || type == DT_UNKNOWN {
                    var info = stat()
                    // stat follows links; a dangling link, a loop or a link out of reach fails here.
                    if stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                        let id = DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                        if depth < maxDepth, visited.insert(id).inserted {
                            pending.append((full, prefix + name + "/", depth + 1))
                        }
                        continue
                    }
                }
                if imageName {
                    found.append((full, prefix + name))
                    if found.count % progressStep == 0 { progress?(found.count) }
                } else {
                    skipped += 1
                }
            }
        }
        return (found, skipped)
    }

    static let progressStep = 1_000

    struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func directoryID(_ path: String) -> DirectoryID? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
