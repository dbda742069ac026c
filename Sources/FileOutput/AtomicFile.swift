import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files whole: everything goes to a temporary file in the destination's folder, which
/// is renamed over the destination only when complete. A crash, a full disk or a kill in the
/// middle leaves the previous file as it was (rename within one file system is atomic on
/// POSIX), and never a truncated one.
public final class AtomicFile {
    public let path: String
    /// The temporary file, beside `path`: same folder, so the final rename cannot cross file systems.
    public let temporaryPath: String
    private var handle: FileHandle?

    /// Creates the temporary file; fails with a readable message when the folder cannot take it.
    public init(path: String) throws(AtomicFileError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw AtomicFileError(message: "'\(path)' is a folder, not a file")
        }
        temporaryPath = folder + "/." + url.lastPathComponent + ".partial-\(getpid())"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporaryPath)
        else {
            throw AtomicFileError(message: "cannot write in '\(folder)' (\(String(cString: strerror(errno))))")
        }
        self.handle = handle
    }

    deinit {
        // Never committed: leave nothing behind.
        if handle != nil { discard() }
    }

    /// Appends `data` to the temporary file.
    public func write(_ data: Data) throws(AtomicFileError) {
        guard let handle else { throw AtomicFileError(message: "'\(path)' was already finished") }
        do {
            try handle.write(contentsOf: data)
        } catch {
            discard()
            throw AtomicFileError(message: "cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    public func write(_ text: String) throws(AtomicFileError) {
        try write(Data(text.utf8))
    }

    /// Flushes the temporary file to disk and renames it over `path`.
    public func commit() throws(AtomicFileError) {
        guard let handle else { throw AtomicFileError(message: "'\(path)' was already finished") }
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            discard()
            throw AtomicFileError(message: "cannot write '\(path)': \(error.localizedDescription)")
        }
        self.handle = nil
        try Self.replace(path, withFileAt: temporaryPath)
    }

    /// Removes the temporary file; `path` stays as it was.
    public func discard() {
        try? handle?.close()
        handle = nil
        unlink(temporaryPath)
    }

    /// Writes `data` to `path` whole.
    public static func write(_ data: Data, to path: String) throws(AtomicFileError) {
        let file = try AtomicFile(path: path)
        try file.write(data)
        try file.commit()
    }

    /// Renames `temporary` over `path` (both in one folder); removes `temporary` on failure.
    public static func replace(_ path: String, withFileAt temporary: String) throws(AtomicFileError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AtomicFileError(message: "cannot write '\(path)': \(reason)")
        }
    }

    /// A temporary path beside `path` for a writer that must write the file itself (a C
    /// library); hand it to `replace(_:withFileAt:)` when done.
    public static func temporaryPath(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".partial-\(getpid())"
    }
}

/// A file that could not be written; `message` names it and says why.
public struct AtomicFileError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
