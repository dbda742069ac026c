import FileOutput
import Foundation

/// A photo folder as the model and the image library need it: the photos' shapes and titles,
/// and their files, index for index; with a scanner while headers are still arriving.
public struct PhotoFolderContents: Sendable {
    /// Width over height of each photo as shown (EXIF orientation applied), as read: the model
    /// keeps them within its own range.
    public var aspectRatios: [Double] = []
    /// Each photo's file name without its extension.
    public var titles: [String] = []
    public var paths: [String] = []
    /// The headers read for the layout, index for index with `paths` (nil where unreadable).
    public var headers: [PhotoHeader?] = []
    /// Why each unreadable file (by index) cannot be shown.
    public var problems: [Int: String] = [:]
    /// Still reading the rest of the folder's headers (`load`'s, waiting for the first screen).
    public var scanner: HeaderScanner?
    /// Still listing the folder or reading its headers (a window's, see `LibraryScan`).
    public var library: LibraryScan?
    /// Where the index of headers lives, if anywhere.
    public var indexFile: String?
    /// The photo to start at (one given by its path), by index.
    public var startIndex: Int?
    /// When each photo was taken, index for index with the folder's entries, as seconds since
    /// 1970 on this machine's wall clock; nil unless the folder is sorted by date.
    public var dates: [Double?]?

    /// The shape of a cell whose file cannot be read: a common camera's 3:2.
    public static let unreadableAspectRatio = 1.5
    /// Headers a window waits for before its first frame: a first screen of the photos
    /// scene (six to ten cells at 1280 × 800) several times over. Reading one from a file
    /// costs 2–3 ms, so waiting for a screen of the quilt's smallest tiles on a large window
    /// (about 120) would hold the first frame for a third of a second; those arrive within
    /// the next few frames instead.
    public static let firstScreenHeaders = 32
    /// The longest a window waits for them, in seconds (a slow network folder).
    public static let firstScreenWait = 2.0

    public init(indexFile: String? = nil) {
        self.indexFile = indexFile
    }

    /// `folder`'s photos by their headers (nothing decoded). Headers are read on a thread of
    /// their own, answered from the index of earlier visits where it can. With `waitingForAll`
    /// false, this returns once the first screen's worth (`firstScreenHeaders`) is read and the
    /// rest arrives through `scanner`. A file whose header cannot be read keeps its place, as a
    /// "can't show" tile in a 3:2 cell, and is named in a warning. With `startingAt` (a file
    /// name in the folder: a photo given on the command line), the contents name its index and
    /// the wait covers a first screen from it. `indexFile` is where the index of headers is
    /// read from and saved to (nil: nowhere).
    public static func load(_ folder: PhotoFolder, waitingForAll: Bool = true, startingAt startName: String? = nil,
                            indexFile: String? = PhotoIndex.defaultFile()) -> PhotoFolderContents {
        var contents = PhotoFolderContents(indexFile: indexFile)
        if let startName {
            contents.startIndex = folder.entries.firstIndex { $0.name == startName }
            if contents.startIndex == nil { printWarning("'\(startName)' is not a photo the playground reads; showing its folder from the start") }
        }
        let fromStart = (contents.startIndex ?? 0) + firstScreenHeaders
        let wanted = waitingForAll ? folder.entries.count : min(folder.entries.count, fromStart)
        let scanner = HeaderScanner(entries: folder.entries, index: indexFile.map(PhotoIndex.load(from:)) ?? PhotoIndex(),
                                    awaited: wanted)
        scanner.waitUntilReady(count: wanted, timeout: waitingForAll ? 365 * 86_400 : firstScreenWait)
        contents.add(scanner.takeReady())
        if scanner.isFinished && contents.paths.count == folder.entries.count {
            contents.saveIndex(of: scanner)
        } else {
            contents.scanner = scanner
        }
        return contents
    }

    /// Why libvips cannot be loaded, once a header has failed for that reason (said once,
    /// not once a file).
    public var vipsMissing: String?

    /// True when every header has been read and none could be: a folder with nothing to show.
    /// Without libvips every header fails alike, yet the folder still opens, its photos as
    /// tiles that say why (the warning said it once).
    public var nothingReadable: Bool {
        scanner == nil && library == nil && !paths.isEmpty && problems.count == paths.count && vipsMissing == nil
    }

    /// The first unreadable file and why, for a message ("" when every file was read).
    public var firstProblem: String {
        problems.sorted { $0.key < $1.key }.first.map { "\(paths[$0.key]): \($0.value)" } ?? ""
    }

    /// Appends scanned files in order, naming each unreadable one on standard error.
    public mutating func add(_ scanned: [HeaderScanner.Scanned]) {
        for file in scanned {
            let title = URL(fileURLWithPath: file.name).deletingPathExtension().lastPathComponent
            switch file.header {
            case .success(let header):
                aspectRatios.append(Double(header.displayedWidth) / Double(header.displayedHeight))
                headers.append(header)
            case .failure(let problem):
                aspectRatios.append(Self.unreadableAspectRatio)
                headers.append(nil)
                problems[paths.count] = problem.reason
                if case .decoderUnavailable(let why) = problem {
                    if vipsMissing == nil { printWarning("can't show the folder's photos: \(why)") }
                    vipsMissing = why
                } else {
                    printWarning("can't show \(file.path): \(problem.reason)")
                }
            }
            titles.append(title)
            paths.append(file.path)
        }
    }

    /// Writes the scanner's index for the next visit, when it read anything new; a failure
    /// only costs that visit its speed, so it is a warning.
    public func saveIndex(of scanner: HeaderScanner) {
        guard let indexFile, scanner.filesRead > 0 else { return }
        do { try scanner.updatedIndex().save(to: indexFile) } catch { printWarning("could not save the photo index: \(error)") }
    }
}
