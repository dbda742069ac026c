import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls `OutputFile` makes, each with its failure named, and the scratch files
/// the app keeps for itself (a child's output, ffmpeg's log), made the same careful way.
extension OutputFile {

    /// Where scratch files go when the destination's own folder is not for them (`/dev`,
    /// a pipe): `$TMPDIR`, else `/tmp`.
    static var scratchFolder: String {
        if let folder = ProcessInfo.processInfo.environment["TMPDIR"], !folder.isEmpty { return folder }
        return "/tmp"
    }

    static func createTemporary(beside target: String, named name: String) throws(OutputError) -> (String, Int32) {
        try createTemporary(in: OutputDestination.folder(of: target), base: target, named: name)
    }

    /// A new hidden file `.<base's last component>.partial-<pid>-<random>[.<extension>]` in
    /// `folder`, made with O_EXCL so it never opens something already there. It keeps the
    /// base's extension, since some producers (libvips' savers) choose a format by it.
    static func createTemporary(in folder: String, base: String, named name: String) throws(OutputError) -> (String, Int32) {
        let last = base.split(separator: "/").last.map(String.init) ?? "output"
        let suffix = last.split(separator: ".").count > 1 ? last.split(separator: ".").last.map { "." + $0 } ?? "" : ""
        let kept = suffix.count <= 6 && suffix.dropFirst().allSatisfy { $0.isLetter || $0.isNumber } ? suffix : ""
        for _ in 0..<8 {
            let candidate = folder + "/." + last + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" + kept
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (candidate, fd) }
            guard errno == EEXIST else {
                throw .refused(name, "cannot create a temporary file in '\(folder)' (\(SystemError.describe(errno)))")
            }
        }
        throw .refused(name, "cannot create a temporary file in '\(folder)'")
    }

    /// Opens a FIFO or a device for writing. A FIFO's open waits for a reader, as `cat > fifo` does.
    static func openStream(_ streamPath: String, named name: String) throws(OutputError) -> Int32 {
        while true {
            let fd = open(streamPath, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            throw .refused(name, SystemError.describe(errno))
        }
    }

    /// Gives the new file the old one's permission bits, and its owner where this process may.
    static func adopt(_ existing: OutputDestination.ExistingFile, descriptor fd: Int32) {
        if getuid() == 0 || geteuid() == 0 {
            _ = fchown(fd, uid_t(existing.owner), gid_t(existing.group))
        }
        _ = fchmod(fd, mode_t(existing.permissions))
    }

    static func writeAll(_ data: Data, to fd: Int32, named name: String) throws(OutputError) {
        let failure: Int32? = data.withUnsafeBytes { raw -> Int32? in
            guard var at = raw.baseAddress else { return nil }
            var left = raw.count
            while left > 0 {
                let written = systemWrite(fd, at, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                at += written
                left -= written
            }
            return nil
        }
        if let failure { throw .failed(name, SystemError.describe(failure)) }
    }

    /// Copies the whole file at `source` into `fd`, a megabyte at a time.
    static func copy(from source: String, to fd: Int32, named name: String) throws(OutputError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .failed(name, "the temporary file went away (\(SystemError.describe(errno)))") }
        defer { close(input) }
        var buffer = Data(count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(name, "reading the temporary file: \(SystemError.describe(errno))")
            }
            if count == 0 { return }
            try writeAll(buffer.prefix(count), to: fd, named: name)
        }
    }

    /// Flushes a folder's entries, so a rename survives a power cut.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// A new, empty scratch file of this process's own in `scratchFolder`, made with O_EXCL
    /// (so never a link or a FIFO someone left there) and open for writing. The caller removes
    /// it when done.
    public static func scratchFile(prefix: String) throws(OutputError) -> (path: String, handle: FileHandle) {
        let (path, fd) = try createTemporary(in: scratchFolder, base: prefix, named: scratchFolder + "/" + prefix)
        return (path, FileHandle(fileDescriptor: fd, closeOnDealloc: true))
    }
}

/// `write(2)` from the C library (Glibc on Linux, Darwin on macOS), named apart from the
/// `write` methods of the types that call it; -1 with `errno` set on failure.
public func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
    #else
    Darwin.write(fd, bytes, count)
    #endif
}
