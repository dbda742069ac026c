#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path the user named for output is, and so how it is written. Decided before any
/// work is done, so that a destination that cannot be written is an input error up front,
/// not a failure after a long render.
///
/// The rules (the same ones coreutils' `install`, vim's `backupcopy=auto` and `sponge` follow):
/// a plain file is replaced whole; a symbolic link keeps being a link and its target is
/// replaced; a FIFO or a character device is written to, never replaced; a folder, a socket,
/// a block device or a read-only file is refused.
public enum OutputDestination: Equatable, Sendable {
    /// `-`: standard output, streamed.
    case standardOutput
    /// A FIFO or a character device (reached through any links): opened and written to,
    /// never replaced. `path` is the name as given, so `/dev/stdout` keeps meaning this
    /// process's standard output.
    case stream(path: String, kind: StreamKind)
    /// A regular file, or a name that does not exist yet, after resolving symbolic links:
    /// written to a temporary file beside `path` and renamed over it. `existing` is what the
    /// old file's permission bits and owner were, kept on the new one.
    case replace(path: String, existing: ExistingFile?)
    /// A regular file that must keep its identity: written whole to a temporary file first,
    /// then copied into the file itself.
    case inPlace(path: String, reason: InPlaceReason)

    /// Which kind of stream.
    public enum StreamKind: String, Equatable, Sendable {
        case fifo = "FIFO"
        case characterDevice = "character device"
    }

    /// Why a regular file is written in place rather than replaced.
    public enum InPlaceReason: Equatable, Sendable {
        /// The file has other hard links; replacing it would leave them holding the old
        /// contents. Writing in place keeps every name on the new contents, as editors do.
        case hardLinks(Int)
        /// The file is writable but its folder is not, so no temporary file can go beside it.
        case folderNotWritable
    }

    /// The mode and owner of a file about to be replaced.
    public struct ExistingFile: Equatable, Sendable {
        /// Permission bits, including set-id and sticky bits (`st_mode & 0o7777`).
        public var permissions: UInt32
        public var owner: UInt32
        public var group: UInt32
    }

    /// The most symbolic links followed in one chain before it counts as a loop (Linux's
    /// `MAXSYMLINKS` is 40).
    static let longestLinkChain = 40

    /// The file that will finally hold the output (after links), or nil for standard output.
    public var finalPath: String? {
        switch self {
        case .standardOutput: nil
        case .stream(let path, _): path
        case .replace(let path, _): path
        case .inPlace(let path, _): path
        }
    }

    /// Decides what `path` is. Throws a `.refused` error naming the path and the reason for
    /// a folder, a socket, a block device, a read-only file, a missing folder, a dangling link
    /// whose target's folder is missing, or a link loop.
    public static func resolve(_ path: String) throws(OutputError) -> OutputDestination {
        guard !path.isEmpty else { throw .refused(path, "an empty name is not a file") }
        if path == "-" { return .standardOutput }
        var entry = stat()
        guard lstat(path, &entry) == 0 else {
            let code = errno
            if code == ENOTDIR { throw .refused(path, "no folder '\(folder(of: path))' to write into (part of that path is a file)") }
            guard code == ENOENT else { throw .refused(path, SystemError.describe(code)) }
            return try newFile(at: path, named: path)
        }
        guard (entry.st_mode & S_IFMT) == S_IFLNK else {
            return try existing(path, entry, named: path)
        }
        var target = stat()
        guard stat(path, &target) == 0 else {
            let code = errno
            switch code {
            case ENOENT:
                let end = try danglingTarget(of: path)
                return try newFile(at: end, named: path)
            case ELOOP: throw .refused(path, "a symbolic link loop")
            default: throw .refused(path, SystemError.describe(code))
            }
        }
        return try existing(path, target, named: path)
    }

    /// An existing path whose `stat` (through links) is `info`.
    private static func existing(_ path: String, _ info: stat, named name: String) throws(OutputError) -> OutputDestination {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let real = realPath(path) ?? path
            // As root, access() grants everything: the mode bits are what the owner said.
            guard access(real, W_OK) == 0, info.st_mode & 0o222 != 0 else {
                throw .refused(name, "a read-only file (mode \(octal(info.st_mode & 0o7777))); make it writable or choose another name")
            }
            if info.st_nlink > 1 { return .inPlace(path: real, reason: .hardLinks(Int(info.st_nlink))) }
            if access(folder(of: real), W_OK | X_OK) != 0 { return .inPlace(path: real, reason: .folderNotWritable) }
            return .replace(path: real, existing: ExistingFile(
                permissions: UInt32(info.st_mode & 0o7777), owner: UInt32(info.st_uid), group: UInt32(info.st_gid)))
        case S_IFIFO:
            return .stream(path: path, kind: .fifo)
        case S_IFCHR:
            guard access(path, W_OK) == 0 else { throw .refused(name, "a character device this user may not write") }
            return .stream(path: path, kind: .characterDevice)
        case S_IFDIR:
            throw .refused(name, "a folder, not a file")
        case S_IFSOCK:
            throw .refused(name, "a socket, not a file")
        case S_IFBLK:
            throw .refused(name, "a block device (a disk); refusing to write to it")
        default:
            throw .refused(name, "not a regular file")
        }
    }

    /// A name that does not exist yet: its folder must exist and take a new file.
    private static func newFile(at path: String, named name: String) throws(OutputError) -> OutputDestination {
        let parent = folder(of: path)
        let through = path == name ? "" : " (the target of the link '\(name)')"
        var info = stat()
        guard stat(parent, &info) == 0 else {
            throw .refused(name, "no folder '\(parent)' to write '\(path)' into\(through)")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .refused(name, "'\(parent)' is not a folder\(through)")
        }
        guard access(parent, W_OK | X_OK) == 0 else {
            throw .refused(name, "cannot create files in '\(parent)' (\(SystemError.describe(errno)))\(through)")
        }
        return .replace(path: path, existing: nil)
    }

    /// Follows a chain of links that ends in a missing name, and returns that name.
    private static func danglingTarget(of link: String) throws(OutputError) -> String {
        var current = link
        for _ in 0..<longestLinkChain {
            guard let destination = readLink(current) else {
                throw .refused(link, "cannot read the symbolic link '\(current)' (\(SystemError.describe(errno)))")
            }
            current = destination.hasPrefix("/") ? destination : folder(of: current) + "/" + destination
            var entry = stat()
            if lstat(current, &entry) != 0 || (entry.st_mode & S_IFMT) != S_IFLNK { return current }
        }
        throw .refused(link, "a symbolic link loop")
    }

    /// The folder a path's last component lives in ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func octal(_ mode: mode_t) -> String {
        "0" + String(mode, radix: 8)
    }
}

/// An output that could not be written. `refused` is the user's choice of path (an input
/// error: status 2, reported before any work); `failed` is the writing itself (status 1).
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The path cannot take output (a folder, a read-only file, a missing folder…).
        case refused
        /// Writing failed (a full disk, a closed pipe, a rename refused).
        case failed
    }

    public var kind: Kind
    /// Names the path and says why.
    public var message: String
    public var description: String { message }

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    static func refused(_ path: String, _ reason: String) -> OutputError {
        OutputError(kind: .refused, message: "cannot write \(displayName(path)): \(reason)")
    }

    static func failed(_ path: String, _ reason: String) -> OutputError {
        OutputError(kind: .failed, message: "cannot write \(displayName(path)): \(reason)")
    }

    static func displayName(_ path: String) -> String {
        path == "-" ? "standard output" : "'\(path)'"
    }
}

/// The system's words for an errno value, in lower case as the rest of a message.
enum SystemError {
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
