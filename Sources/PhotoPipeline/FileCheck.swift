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
/// first gives each case one short reason. The file is opened with O_NONBLOCK so a FIFO
/// named like a photo cannot block the caller, and closed at once.
func checkFile(_ path: String) throws(PhotoProblem) -> FileFacts {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if fd < 0 {
        switch errno {
        case ENOENT, ENOTDIR: throw .missing
        case ELOOP: throw .symlinkLoop
        case EACCES, EPERM: throw .unreadable("permission denied")
        case EISDIR: throw .notAFile
        default: throw .unreadable(String(cString: strerror(errno)).lowercased())
        }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
        throw .unreadable(String(cString: strerror(errno)).lowercased())
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notAFile }
    guard info.st_size > 0 else { throw .emptyFile }
    let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    var leading = [UInt8](repeating: 0, count: PhotoFormat.signatureLength)
    let got = leading.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard got >= 0 else { throw .unreadable(String(cString: strerror(errno)).lowercased()) }
    leading.removeLast(leading.count - got)
    return FileFacts(byteCount: Int(info.st_size), modified: modified, leadingBytes: leading)
}
