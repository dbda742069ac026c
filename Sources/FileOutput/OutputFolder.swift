import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a folder whole: every file goes into a hidden temporary folder beside the
/// destination, which is renamed into place only when complete. A failure, or SIGINT, SIGTERM
/// or SIGHUP while writing, removes the temporary folder and leaves the destination as it was.
///
/// An existing destination that is not empty is refused unless `replacing` is true; then it
/// is moved aside, the new folder renamed in, and the old one removed (each rename is atomic
/// within one file system, so there is never a half-written folder at the destination).
public final class OutputFolder {
    public let path: String
    /// The folder being written, beside `path` so the final rename cannot cross file systems.
    public let temporaryPath: String
    private var finished = false
    private var signalSources: [DispatchSourceSignal] = []
    private var previousHandlers: [(Int32, sig_t?)] = []

    /// The signals that end a command line program early; each removes the temporary folder.
    static let cleanedUpSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Creates the temporary folder; refuses a non-empty destination unless `replacing`.
    public init(path: String, replacing: Bool) throws(OutputError) {
        let manager = FileManager.default
        // A link to a folder stays a link, as `OutputFile` keeps links to files: its target is
        // what gets written (and replaced).
        let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        self.path = url.path
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: self.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw OutputError(kind: .refused, message: "'\(path)' exists and is not a folder")
            }
            let contents = (try? manager.contentsOfDirectory(atPath: self.path)) ?? []
            if !contents.isEmpty && !replacing {
                throw OutputError(kind: .refused, message: "'\(path)' exists and is not empty: choose another folder, or add --force to replace it")
            }
        }
        let parent = url.deletingLastPathComponent().path
        guard manager.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputError(kind: .refused, message: "cannot write '\(path)': the folder '\(parent)' does not exist")
        }
        temporaryPath = parent + "/." + url.lastPathComponent + ".partial-\(getpid())"
        try? manager.removeItem(atPath: temporaryPath)
        guard mkdir(temporaryPath, 0o755) == 0 else {
            throw OutputError(kind: .refused, message: "cannot write in '\(parent)' (\(String(cString: strerror(errno))))")
        }
        removeOnSignals()
    }

    deinit {
        if !finished { discard() }
    }

    /// The path of `relative` inside the folder being written.
    public func file(_ relative: String) -> String { temporaryPath + "/" + relative }

    /// Creates the subfolder `relative` (and the ones above it) inside the folder being written.
    public func makeFolder(_ relative: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: file(relative), withIntermediateDirectories: true)
        } catch {
            throw OutputError(kind: .failed, message: "cannot write '\(path)/\(relative)': \(error.localizedDescription)")
        }
    }

    /// Writes `data` as the file `relative` inside the folder being written.
    public func write(_ data: Data, to relative: String) throws(OutputError) {
        guard FileManager.default.createFile(atPath: file(relative), contents: data) else {
            throw OutputError(kind: .failed, message: "cannot write '\(path)/\(relative)' (\(String(cString: strerror(errno))))")
        }
    }

    public func write(_ text: String, to relative: String) throws(OutputError) {
        try write(Data(text.utf8), to: relative)
    }

    /// Renames the finished folder into place, replacing an existing destination.
    public func commit() throws(OutputError) {
        guard !finished else { throw OutputError(kind: .failed, message: "'\(path)' was already finished") }
        let manager = FileManager.default
        var aside: String?
        if manager.fileExists(atPath: path) {
            // rename(2) replaces only an empty folder: move the old one aside first.
            let old = temporaryPath + ".old"
            try? manager.removeItem(atPath: old)
            guard rename(path, old) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw OutputError(kind: .failed, message: "cannot replace '\(path)': \(reason)")
            }
            aside = old
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let aside { rename(aside, path) }
            discard()
            throw OutputError(kind: .failed, message: "cannot write '\(path)': \(reason)")
        }
        finished = true
        stopWatchingSignals()
        if let aside { try? manager.removeItem(atPath: aside) }
    }

    /// Removes the temporary folder; the destination stays as it was.
    public func discard() {
        finished = true
        stopWatchingSignals()
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }

    /// Handles the signals on a dispatch queue, where removing a folder is safe (a C signal
    /// handler may only make async-signal-safe calls), then exits with 128 + the signal's
    /// number, as the shell reports a process the signal killed.
    private func removeOnSignals() {
        let temporary = temporaryPath
        for number in Self.cleanedUpSignals {
            previousHandlers.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                try? FileManager.default.removeItem(atPath: temporary)
                _exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    private func stopWatchingSignals() {
        for source in signalSources { source.cancel() }
        signalSources.removeAll()
        for (number, handler) in previousHandlers { signal(number, handler) }
        previousHandlers.removeAll()
    }
}
