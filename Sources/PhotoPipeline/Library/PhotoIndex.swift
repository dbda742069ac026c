import FileOutput
import Foundation

/// Photo headers remembered between launches, so a folder seen before is laid out before the
/// first frame without opening any file: one line per photo, keyed by its absolute path and
/// valid while its byte size and modification time are unchanged.
///
/// The file is text, a version line and then tab-separated fields; every number read back is
/// range-checked like a header from a file, and a line that fails is skipped. It is written
/// whole (`OutputFile`: a temporary file, then a rename), so a crash mid-write leaves the
/// previous index as it was.
public struct PhotoIndex: Sendable {
    /// The first line; another version is read as empty.
    static let versionLine = "parallax-playground photo index 1"
    /// An index file larger than this is not read (about 600,000 entries): it is not ours.
    static let largestFileBytes = 64 << 20
    /// At most this many entries are written; the ones used or read in this run are kept
    /// first, so the folders a person actually opens stay remembered.
    static let entryLimit = 200_000

    struct Entry: Sendable {
        var byteCount: Int
        var modified: Double
        var header: PhotoHeader
        /// Looked up or stored in this run.
        var usedNow: Bool
    }

    var entries: [String: Entry] = [:]

    public init() {}

    /// How many photos it remembers.
    public var count: Int { entries.count }

    /// `$XDG_CACHE_HOME/parallax-playground/photo-index` (XDG_CACHE_HOME when absolute, else
    /// `$HOME/.cache`), or nil when neither gives a folder.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        DiskThumbnailCache.defaultFolder(environment: environment).map {
            ($0 as NSString).deletingLastPathComponent + "/photo-index"
        }
    }

    /// The index in `file`; empty when it is missing, too large, of another version or unreadable.
    /// Read as bytes, field by field (`PhotoIndex+Reading`): 100,000 lines are parsed in the
    /// time a window takes to open, where splitting them into strings took half a second.
    public static func load(from file: String) -> PhotoIndex {
        guard let handle = FileHandle(forReadingAtPath: file) else { return PhotoIndex() }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: largestFileBytes + 1), data.count <= largestFileBytes else { return PhotoIndex() }
        return data.withUnsafeBytes { parse(UnsafeBufferPointer(start: $0.bindMemory(to: UInt8.self).baseAddress, count: $0.count)) }
    }

    /// The header stored for `path` if its size and time still match.
    mutating func record(for path: String, facts: FileFacts) -> Result<PhotoHeader, PhotoProblem>? {
        guard var entry = entries[path], entry.byteCount == facts.byteCount, entry.modified == facts.modified else { return nil }
        entry.usedNow = true
        entries[path] = entry
        return .success(entry.header)
    }

    /// The header stored for `path`, unchecked against the file (see `LibraryScan`).
    public func uncheckedHeader(for path: String) -> PhotoHeader? { entries[path]?.header }

    /// The date taken stored for `path`, unchecked against the file: an order to list by
    /// before the file is looked at (`--sort date`).
    public func dateTaken(for path: String) -> Date? { entries[path]?.header.dateTaken }

    /// Remembers a header read from the file at `path` (failures are not kept: a bad file is
    /// read again next time, and may have been fixed).
    mutating func store(_ outcome: Result<PhotoHeader, PhotoProblem>, for path: String, facts: FileFacts) {
        guard case .success(let header) = outcome, Self.isStorable(path) else { return }
        entries[path] = Entry(byteCount: facts.byteCount, modified: facts.modified, header: header, usedNow: true)
    }

    /// Writes the index to `file`, merged with what is there now (another window may have
    /// added other folders' photos); entries used in this run win and are kept first.
    public func save(to file: String) throws {
        var merged = Self.load(from: file).entries
        for (path, entry) in entries where entry.usedNow || merged[path] == nil { merged[path] = entry }
        let kept = merged.sorted { a, b in a.value.usedNow != b.value.usedNow ? a.value.usedNow : a.key < b.key }
            .prefix(Self.entryLimit)
        var text = Self.versionLine + "\n"
        for (path, entry) in kept { text += Self.line(path, entry) }
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try OutputFile.write(Data(text.utf8), to: file)
    }

    /// Paths with a tab or a line break would break the format; they are not remembered.
    private static func isStorable(_ path: String) -> Bool {
        !path.contains("\t") && !path.contains("\n") && !path.contains("\r")
    }

    private static func line(_ path: String, _ entry: Entry) -> String {
        let h = entry.header
        let date = h.dateTaken.map { String($0.timeIntervalSince1970) } ?? "-"
        return [path, String(entry.byteCount), String(entry.modified), String(h.width), String(h.height),
                String(h.orientation), h.format.rawValue, h.hasColourProfile ? "1" : "0", date]
            .joined(separator: "\t") + "\n"
    }
}
