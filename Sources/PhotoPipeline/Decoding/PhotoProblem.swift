#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be shown as a photo, with a short reason a person can read.
public enum PhotoProblem: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Nothing at that path.
    case missing
    /// A zero-byte file.
    case emptyFile
    /// A folder, device, FIFO or socket, even if named like a photo (or reached through a link).
    case notAFile(FileKind)
    /// A chain of symbolic links that never ends.
    case symlinkLoop
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// The system refused to open it; the associated text is the reason ("permission denied").
    case unreadable(String)
    /// No libvips loader recognises its contents (e.g. a text file named `.jpg`).
    case notAnImage
    /// An image format this pipeline does not open (e.g. an SVG or PDF named `.jpg`); the
    /// associated text is libvips' short name for it.
    case unsupportedFormat(String)
    /// The file ends before the image does.
    case truncated
    /// A recognised format whose data libvips could not decode; the first line of its error.
    case corrupt(String)
    /// Dimensions outside the stated limits (see `PhotoHeader.maxSide`, `.maxPixels`).
    case tooLarge(width: Int, height: Int)
    /// libvips could not be loaded or did not start; the associated text says which and why
    /// ("libvips could not be loaded: libvips.so.42: cannot open shared object file: …").
    case decoderUnavailable(String)
    /// How a missing libvips' reason begins (`Vips`' message), so it can be said once.
    public static let libvipsMissingPrefix = "libvips could not be loaded"
    /// A preview was asked for and the file embeds no thumbnail (not a problem with the
    /// photo: it is then shown when its real decode arrives).
    case noEmbeddedPreview

    /// The short human reason, e.g. "truncated" or "unreadable: permission denied".
    public var reason: String {
        switch self {
        case .missing: "no such file"
        case .emptyFile: "empty file"
        case .notAFile(let kind): "\(kind.name), not a photo file"
        case .symlinkLoop: "symbolic link loop"
        case .danglingLink: "symbolic link to a missing file"
        case .unreadable(let why): "unreadable: \(why)"
        case .notAnImage: "not an image"
        case .unsupportedFormat(let format): "unsupported format: \(format)"
        case .truncated: "truncated"
        case .corrupt(let why): "corrupt: \(why)"
        case .tooLarge(let w, let h): "too large: \(w)×\(h) pixels"
        case .decoderUnavailable(let why): why
        case .noEmbeddedPreview: "no embedded thumbnail"
        }
    }

    public var description: String { reason }

    /// Sorts a failed libvips load of `path` into a problem. Truncation is recognised first
    /// by the file's own ending (see `FileEnding`), then by the phrases libjpeg, libnsgif,
    /// libheif and libvips' readers use for it.
    static func fromVips(_ message: String, path: String, format: PhotoFormat) -> PhotoProblem {
        switch FileEnding.isTruncated(path: path, format: format) {
        case true?: return .truncated
        case false?: return fromCorruptMessage(message)
        case nil: break
        }
        let lower = message.lowercased()
        let truncationPhrases = [
            "premature end", "truncated", "unexpected end", "out of data", "not enough data",
            "end of file",
        ]
        if truncationPhrases.contains(where: lower.contains) { return .truncated }
        return fromCorruptMessage(message)
    }

    /// A corrupt-file problem carrying the first line of libvips' message.
    static func fromCorruptMessage(_ message: String) -> PhotoProblem {
        let lower = message.lowercased()
        if lower.contains("is not a known file format") || lower.contains("not a known format") {
            return .notAnImage
        }
        let firstLine = message.split(separator: "\n").first.map(String.init) ?? "unknown error"
        // Keep the reason short: a person reads it under a grey placeholder.
        return .corrupt(String(firstLine.prefix(120)))
    }
}

/// What a path that is not a regular file is, for a reason a person can read.
public enum FileKind: Equatable, Hashable, Sendable {
    case folder, fifo, characterDevice, blockDevice, socket, other

    /// The kind of the file whose `st_mode` is `mode`.
    init(mode: UInt32) {
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFDIR): self = .folder
        case UInt32(S_IFIFO): self = .fifo
        case UInt32(S_IFCHR): self = .characterDevice
        case UInt32(S_IFBLK): self = .blockDevice
        case UInt32(S_IFSOCK): self = .socket
        default: self = .other
        }
    }

    var name: String {
        switch self {
        case .folder: "a folder"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .other: "a special file"
        }
    }
}
