import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the file system says about a path before libvips sees it.
struct FileFacts: Sendable, Equatable {
    var byteCount: Int
    /// Modification time, seconds since 1970.
    var modified: Double
    /// The file's first bytes (up to `PhotoFormat.signatureLength`), to tell its format.
    var leadingBytes: [UInt8]
}

/// Checks that a path is a readable, non-empty regular file, naming the problem if not.
///
/// libvips' own messages for these cases are long and vary by loader; asking the system
/// first gives each case one short reason. The path is `stat`ed before it is opened, so a
/// FIFO, a device or a socket named like a photo (or a link to one, such as `/dev/zero`) is
/// named and never opened: opening a FIFO can block and opening a device can have effects.
/// The regular file is then opened with O_NONBLOCK (in case it was swapped for a FIFO in
/// between, which the `fstat` after it catches) and closed at once.
func checkFile(_ path: String) throws(PhotoProblem) -> FileFacts {
    var info = stat()
    guard stat(path, &info) == 0 else { throw problem(opening: path, errno) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(FileKind(mode: UInt32(info.st_mode))) }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else { throw problem(opening: path, errno) }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else {
        throw .unreadable(String(cString: strerror(errno)).lowercased())
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(FileKind(mode: UInt32(info.st_mode))) }
    guard info.st_size > 0 else { throw .emptyFile }
    let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    var leading = [UInt8](repeating: 0, count: PhotoFormat.signatureLength)
    let got = leading.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard got >= 0 else { throw .unreadable(String(cString: strerror(errno)).lowercased()) }
    leading.removeLast(leading.count - got)
    return FileFacts(byteCount: Int(info.st_size), modified: modified, leadingBytes: leading)
}

/// The problem a failed `stat` or `open` of `path` with `code` means.
private func problem(opening path: String, _ code: Int32) -> PhotoProblem {
    switch code {
    case ENOENT, ENOTDIR:
        var link = stat()
        let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
        return isLink ? .danglingLink : .missing
    case ELOOP: return .symlinkLoop
    case EACCES, EPERM: return .unreadable("permission denied")
    case EISDIR: return .notAFile(.folder)
    default: return .unreadable(String(cString: strerror(code)).lowercased())
    }
}
