import FileOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a recording is encoded before it is complete, and how it is put in place: the
/// `AtomicFile` pattern. A file format goes to a hidden temporary file beside `--out`, renamed
/// over it at the end; a PNG sequence goes to a hidden temporary folder beside its files,
/// whose files are renamed into place one by one at the end. Any failure or interruption
/// removes the temporary file or folder, so no partial recording is left.
final class RecordingOutput {
    let path: String
    let format: VideoFormat
    /// The file ffmpeg writes: the temporary file, or the pattern inside the temporary folder.
    let encoderDestination: String
    /// The GIF's palette from the first pass (a temporary PNG beside `path`).
    let palettePath: String
    private let folder: String
    private let temporaryFolder: String?
    private var done = false

    /// Claims the temporary file or folder now, so an unwritable destination fails before
    /// anything is rendered.
    init(path: String, format: VideoFormat) throws {
        self.path = path
        self.format = format
        let url = URL(fileURLWithPath: path)
        folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError(message: "--out '\(path)': no folder '\(folder)' to write into")
        }
        palettePath = folder + "/.\(url.deletingPathExtension().lastPathComponent).palette-\(getpid()).png"
        if format == .pngSequence {
            // The pattern's % stays out of the folder's name: ffmpeg expands only the file name.
            let temporary = folder + "/.record-frames.partial-\(getpid())"
            guard mkdir(temporary, 0o755) == 0 else {
                throw InputError(message: "--out '\(path)': cannot write in '\(folder)' (\(String(cString: strerror(errno))))")
            }
            temporaryFolder = temporary
            encoderDestination = temporary + "/" + url.lastPathComponent
        } else {
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                throw InputError(message: "--out '\(path)' is a folder, not a file")
            }
            let temporary = AtomicFile.temporaryPath(beside: path)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else {
                throw InputError(message: "--out '\(path)': cannot write in '\(folder)' (\(String(cString: strerror(errno))))")
            }
            close(fd)
            temporaryFolder = nil
            encoderDestination = temporary
        }
    }

    deinit {
        if !done { discard() }
    }

    /// Puts the finished recording in place: renames the file over `path`, or each numbered
    /// frame into `path`'s folder. Returns the number of files put in place.
    @discardableResult
    func commit() throws -> Int {
        done = true
        unlink(palettePath)
        guard let temporaryFolder else {
            do { try AtomicFile.replace(path, withFileAt: encoderDestination) } catch { throw EncoderError(message: error.message) }
            return 1
        }
        defer { try? FileManager.default.removeItem(atPath: temporaryFolder) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? []).sorted()
        for name in names where rename(temporaryFolder + "/" + name, folder + "/" + name) != 0 {
            throw EncoderError(message: "cannot move frame '\(name)' into '\(folder)': \(String(cString: strerror(errno)))")
        }
        return names.count
    }

    /// Removes everything temporary; `path` (and earlier frames of the same name) stay as they were.
    func discard() {
        done = true
        unlink(palettePath)
        if let temporaryFolder {
            try? FileManager.default.removeItem(atPath: temporaryFolder)
        } else {
            unlink(encoderDestination)
        }
    }

    /// The size of what was written, for the summary line (the temporary file before commit).
    var bytesWritten: Int {
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
