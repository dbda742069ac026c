import FileOutput
import Foundation
import VideoFormats
#if canImport(Glibc)
import Glibc
#endif

/// Where a recording is encoded before it is complete, and how it is put in place: by
/// `OutputFile`'s rules, like every file the app writes. A file format is encoded into the
/// `OutputFile`'s temporary file (beside `--out`, or a scratch file for a FIFO or a device)
/// and put in place at the end; a PNG sequence goes to a hidden temporary folder beside its
/// files, each moved into place by the same rules at the end. Any failure or interruption
/// removes the temporary file or folder, so no partial recording is left.
public final class RecordingOutput {
    public let path: String
    public let format: VideoFormat
    /// The file ffmpeg writes: the temporary file, or the pattern inside the temporary folder.
    public let encoderDestination: String
    private let folder: String
    private let file: OutputFile?
    private let temporaryFolder: String?
    private var done = false

    /// Claims the temporary file or folder now, so an unwritable destination fails before
    /// anything is rendered.
    public init(path: String, format: VideoFormat) throws {
        self.path = path
        self.format = format
        let url = URL(fileURLWithPath: path)
        folder = url.deletingLastPathComponent().path
        if format == .pngSequence {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw RecordingInputError(message: "--out '\(path)': no folder '\(folder)' to write into")
            }
            // The pattern's % stays out of the folder's name: ffmpeg expands only the file name.
            let temporary = folder + "/.record-frames.partial-\(getpid())"
            guard mkdir(temporary, 0o755) == 0 else {
                throw RecordingInputError(message: "--out '\(path)': cannot write in '\(folder)' (\(String(cString: strerror(errno))))")
            }
            temporaryFolder = temporary
            file = nil
            encoderDestination = temporary + "/" + url.lastPathComponent
        } else {
            let output = try OutputFile(path: path, producer: .path)
            guard let temporary = output.temporaryPath else { throw OutputError(kind: .failed, message: "cannot write '\(path)'") }
            file = output
            temporaryFolder = nil
            encoderDestination = temporary
        }
    }

    deinit {
        if !done { discard() }
    }

    /// Puts the finished recording in place: the file at `path`, or each numbered frame into
    /// `path`'s folder. Returns the number of files put in place.
    @discardableResult
    public func commit() throws -> Int {
        done = true
        guard let temporaryFolder else {
            try file?.commit()
            return 1
        }
        defer { try? FileManager.default.removeItem(atPath: temporaryFolder) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? []).sorted()
        for name in names {
            try OutputFile.move(temporaryFolder + "/" + name, to: folder + "/" + name)
        }
        return names.count
    }

    /// Removes everything temporary; `path` (and earlier frames of the same name) stay as they were.
    public func discard() {
        done = true
        if let temporaryFolder {
            try? FileManager.default.removeItem(atPath: temporaryFolder)
        } else {
            file?.discard()
        }
    }

    /// The size of what was written, for the summary line (the temporary file before commit).
    public var bytesWritten: Int {
        let target = temporaryFolder ?? encoderDestination
        guard let temporaryFolder else {
            return ((try? FileManager.default.attributesOfItem(atPath: target))?[.size] as? Int) ?? 0
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? []
        return names.reduce(0) { total, name in
            total + (((try? FileManager.default.attributesOfItem(atPath: temporaryFolder + "/" + name))?[.size] as? Int) ?? 0)
        }
    }
}
