import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the app writes a file a user or the app named: by the rules of
/// `OutputDestination`. A plain file appears whole or not at all (a temporary file beside it,
/// flushed, renamed over it, the folder flushed); a link stays a link; a FIFO, a device or
/// standard output is written to, never replaced; a file with other hard links is written in
/// place once its contents are complete.
///
/// Two kinds of writer use it. Swift code calls `write(_:)` (`Producer.chunks`): to a stream
/// the bytes go out at once, elsewhere into the temporary file. A C library or a child
/// process that wants a path of its own (`Producer.path`) writes `temporaryPath`, and
/// `commit()` puts that file in place by the same rules.
public final class OutputFile {
    /// Who writes the bytes.
    public enum Producer: Sendable {
        /// Swift code, through `write(_:)`.
        case chunks
        /// Something that writes a file by name: it gets `temporaryPath`.
        case path
    }

    /// How hard a commit works to survive a power cut.
    public enum Durability: Sendable {
        /// `fsync` the file and its folder before and after the rename: the user's files.
        case synced
        /// No `fsync`: for caches, where a lost or empty file after a crash is only a miss.
        case cache
    }

    /// The path as the user named it.
    public let path: String
    public let destination: OutputDestination
    /// The file a `.path` producer writes (and where `.chunks` go unless streamed); nil while
    /// chunks stream straight to their destination.
    public let temporaryPath: String?
    private let producer: Producer
    private let durability: Durability
    /// Where `write(_:)` goes: the temporary file or the stream; -1 once finished.
    private var descriptor: Int32 = -1
    private var finished = false

    /// Resolves `path` and claims what writing it needs (the temporary file, or the open
    /// stream). A path that cannot take output throws a `.refused` error now, before any work.
    public init(path: String, producer: Producer = .chunks, durability: Durability = .synced) throws(OutputError) {
        self.path = path
        self.producer = producer
        self.durability = durability
        destination = try OutputDestination.resolve(path)
        switch (destination, producer) {
        case (.standardOutput, .chunks):
            temporaryPath = nil
            descriptor = STDOUT_FILENO
        case (.stream(let streamPath, _), .chunks):
            temporaryPath = nil
            descriptor = try Self.openStream(streamPath, named: path)
        case (.replace(let target, let existing), _):
            let (name, fd) = try Self.createTemporary(beside: target, named: path)
            temporaryPath = name
            descriptor = fd
            if let existing { Self.adopt(existing, descriptor: fd) }
        case (.inPlace(let target, _), _):
            let folder = OutputDestination.folder(of: target)
            let (name, fd) = try Self.createTemporary(in: access(folder, W_OK | X_OK) == 0 ? folder : Self.scratchFolder,
                                                      base: target, named: path)
            temporaryPath = name
            descriptor = fd
        case (.standardOutput, .path), (.stream, .path):
            // The producer may need to seek (an MP4's index, a PNG's CRC): it writes a scratch
            // file, which is copied into the stream when complete.
            let (name, fd) = try Self.createTemporary(in: Self.scratchFolder, base: path == "-" ? "stdout" : path, named: path)
            temporaryPath = name
            descriptor = fd
        }
        if producer == .path {
            // The producer opens the file itself; keeping it open here would only hold a descriptor.
            closeDescriptor()
        }
    }

    deinit {
        // Never committed: leave nothing behind.
        if !finished { discard() }
    }

    /// Appends `data`: to the stream at once, else to the temporary file.
    public func write(_ data: Data) throws(OutputError) {
        guard !finished, descriptor >= 0 else { throw .failed(path, "already finished") }
        do throws(OutputError) {
            try Self.writeAll(data, to: descriptor, named: path)
        } catch {
            discard()
            throw error
        }
    }

    public func write(_ text: String) throws(OutputError) {
        try write(Data(text.utf8))
    }

    /// Puts the output in place: renames the temporary file over the destination, copies it
    /// into a stream or a hard-linked file, or (for streamed chunks) closes the stream.
    public func commit() throws(OutputError) {
        guard !finished else { throw .failed(path, "already finished") }
        finished = true
        defer { if let temporaryPath { unlink(temporaryPath) } }
        do throws(OutputError) {
            try place()
        } catch {
            closeDescriptor()
            throw error
        }
    }

    /// Drops what was written: the temporary file goes, the destination stays as it was.
    /// (Bytes already streamed to a FIFO or a device cannot be taken back.)
    public func discard() {
        finished = true
        closeDescriptor()
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// Writes `data` to `path` by the rules above.
    public static func write(_ data: Data, to path: String, durability: Durability = .synced) throws(OutputError) {
        let file = try OutputFile(path: path, durability: durability)
        try file.write(data)
        try file.commit()
    }

    /// Lets `produce` write a file by name (a C library's save call), then puts it at `path`.
    /// An error from `produce` leaves `path` as it was and is rethrown.
    public static func produce(_ path: String, durability: Durability = .synced,
                               _ produce: (String) throws -> Void) throws {
        let file = try OutputFile(path: path, producer: .path, durability: durability)
        guard let temporary = file.temporaryPath else { throw OutputError.failed(path, "no temporary file") }
        do {
            try produce(temporary)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// Puts the complete file at `source` at `path` by the rules above (a rename where it can,
    /// a copy into a stream or a hard-linked file); `source` is gone afterwards either way.
    public static func move(_ source: String, to path: String, durability: Durability = .synced) throws(OutputError) {
        defer { unlink(source) }
        let file = try OutputFile(path: path, producer: .path, durability: durability)
        guard let temporary = file.temporaryPath else { throw .failed(path, "no temporary file") }
        if rename(source, temporary) != 0 {
            // Another file system (a scratch folder for a stream): copy instead.
            let out = open(temporary, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard out >= 0 else { throw .failed(path, SystemError.describe(errno)) }
            defer { close(out) }
            try copy(from: source, to: out, named: path)
        }
        try file.commit()
    }

    // MARK: - Putting it in place

    private func place() throws(OutputError) {
        switch destination {
        case .standardOutput, .stream:
            guard let temporaryPath else {
                // Chunks went straight out; a stream has nothing to flush but the kernel's buffer.
                closeDescriptor()
                return
            }
            let streamPath = destination.finalPath
            let out = try streamPath.map { (p: String) throws(OutputError) -> Int32 in try Self.openStream(p, named: path) } ?? STDOUT_FILENO
            defer { if out != STDOUT_FILENO { close(out) } }
            try Self.copy(from: temporaryPath, to: out, named: path)
        case .replace(let target, let existing):
            guard let temporaryPath else { return }
            let fd = producer == .path ? open(temporaryPath, O_RDWR | O_CLOEXEC) : descriptor
            guard fd >= 0 else { throw .failed(path, "the temporary file went away (\(SystemError.describe(errno)))") }
            // A producer that recreated its file lost the mode given at creation: set it again.
            if producer == .path, let existing { Self.adopt(existing, descriptor: fd) }
            if durability == .synced, fsync(fd) != 0 {
                let code = errno
                if fd != descriptor { close(fd) }
                throw .failed(path, SystemError.describe(code))
            }
            if fd != descriptor { close(fd) }
            closeDescriptor()
            guard rename(temporaryPath, target) == 0 else { throw .failed(path, SystemError.describe(errno)) }
            if durability == .synced { Self.syncFolder(OutputDestination.folder(of: target)) }
        case .inPlace(let target, _):
            guard let temporaryPath else { return }
            closeDescriptor()
            let out = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard out >= 0 else { throw .failed(path, SystemError.describe(errno)) }
            defer { close(out) }
            try Self.copy(from: temporaryPath, to: out, named: path)
            if durability == .synced, fsync(out) != 0 { throw .failed(path, SystemError.describe(errno)) }
        }
    }

    private func closeDescriptor() {
        if descriptor >= 0, descriptor != STDOUT_FILENO { close(descriptor) }
        descriptor = -1
    }
}
