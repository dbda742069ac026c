import ArgumentParser
import Foundation
import ParallaxKit
import PhotoPipeline

/// `--photos DIR` and how to read it: which folder, whether to descend, in what order.
struct PhotoFolderOptions: ParsableArguments {
    @Option(help: "A folder of photos to show instead of the bundled ones (JPEG, PNG, WebP, TIFF, GIF, HEIC/AVIF where libvips reads them); each item shows one photo, in its own shape.")
    var photos: String?

    @Flag(help: "With --photos: also the photos in its subfolders.")
    var recursive = false

    @Option(help: "With --photos: order by file 'name' (natural: IMG_2 before IMG_10) or by 'date' taken (EXIF, else the file's time).")
    var sort: PhotoSortOrder = .name

    /// The folder's photos by their headers (nothing decoded), or nil without `--photos`.
    /// Headers are read on a thread of their own, answered from the index of earlier visits
    /// where it can. With `waitingForAll` false, this returns once the first screen's worth
    /// (`firstScreenHeaders`) is read and the rest arrives through `contents.scanner`.
    /// A file whose header cannot be read keeps its place, as a "can't show" tile in a 3:2
    /// cell; a folder in which no file can be read is an input error (exit status 2).
    /// With `startingAt` (a file name in the folder: a photo given on the command line), the
    /// contents name its index and the wait covers a first screen from it.
    func load(waitingForAll: Bool = true, startingAt startName: String? = nil) throws -> PhotoFolderContents? {
        guard let photos else { return nil }
        let folder: PhotoFolder
        do {
            folder = try PhotoFolder.scan(photos, recursive: recursive, order: sort == .date ? .dateTaken : .name)
        } catch {
            throw InputError(message: "--photos: \(error)")
        }
        let indexFile = PhotoIndex.defaultFile()
        var contents = PhotoFolderContents(indexFile: indexFile)
        if let startName {
            contents.startIndex = folder.entries.firstIndex { $0.name == startName }
            if contents.startIndex == nil { printWarning("'\(startName)' is not a photo the playground reads; showing its folder from the start") }
        }
        let fromStart = (contents.startIndex ?? 0) + PhotoFolderContents.firstScreenHeaders
        let wanted = waitingForAll ? folder.entries.count : min(folder.entries.count, fromStart)
        let scanner = HeaderScanner(entries: folder.entries, index: indexFile.map(PhotoIndex.load(from:)) ?? PhotoIndex(),
                                    awaited: wanted)
        scanner.waitUntilReady(count: wanted, timeout: waitingForAll ? 365 * 86_400 : PhotoFolderContents.firstScreenWait)
        contents.add(scanner.takeReady())
        if scanner.isFinished && contents.paths.count == folder.entries.count {
            contents.saveIndex(of: scanner)
        } else {
            contents.scanner = scanner
        }
        // Without libvips every header fails alike: the folder still opens, its photos as
        // tiles that say why (the warning said it once).
        if contents.scanner == nil, contents.problems.count == contents.paths.count, contents.vipsMissing == nil {
            let first = contents.problems.sorted { $0.key < $1.key }.first.map { "\(contents.paths[$0.key]): \($0.value)" } ?? ""
            throw InputError(message: "--photos: none of the \(folder.entries.count) image file(s) in '\(photos)' could be read (\(first))")
        }
        return contents
    }
}

enum PhotoSortOrder: String, ExpressibleByArgument, CaseIterable {
    case name, date
}

/// A photo folder as the model and the image library need it: the photos' shapes and titles,
/// and their files, index for index; with a scanner while headers are still arriving.
struct PhotoFolderContents {
    var photos = PhotoSet()
    var paths: [String] = []
    /// The headers read for the layout, index for index with `paths` (nil where unreadable).
    var headers: [PhotoHeader?] = []
    /// Why each unreadable file (by index) cannot be shown.
    var problems: [Int: String] = [:]
    /// Still reading the rest of the folder's headers.
    var scanner: HeaderScanner?
    /// Where the index of headers lives, if anywhere.
    var indexFile: String?
    /// The photo to start at (one given by its path), by index.
    var startIndex: Int?
    /// Why libvips cannot be loaded, once a header has failed for that reason (said once,
    /// not once a file).
    var vipsMissing: String?

    /// The shape of a cell whose file cannot be read: a common camera's 3:2.
    static let unreadableAspectRatio = 1.5
    /// Headers a window waits for before its first frame: a first screen of the photos
    /// scene (six to ten cells at 1280 × 800) several times over. Reading one from a file
    /// costs 2–3 ms, so waiting for a screen of the quilt's smallest tiles on a large window
    /// (about 120) would hold the first frame for a third of a second; those arrive within
    /// the next few frames instead.
    static let firstScreenHeaders = 32
    /// The longest a window waits for them, in seconds (a slow network folder).
    static let firstScreenWait = 2.0

    init(indexFile: String? = nil) {
        self.indexFile = indexFile
    }

    /// Appends scanned files in order, naming each unreadable one on standard error.
    mutating func add(_ scanned: [HeaderScanner.Scanned]) {
        for file in scanned {
            let title = URL(fileURLWithPath: file.name).deletingPathExtension().lastPathComponent
            switch file.header {
            case .success(let header):
                photos.append(aspectRatio: Double(header.displayedWidth) / Double(header.displayedHeight), title: title)
                headers.append(header)
            case .failure(let problem):
                photos.append(aspectRatio: Self.unreadableAspectRatio, title: title)
                headers.append(nil)
                problems[paths.count] = problem.reason
                if case .decoderUnavailable(let why) = problem {
                    if vipsMissing == nil { printWarning("can't show the folder's photos: \(why)") }
                    vipsMissing = why
                } else {
                    printWarning("can't show \(file.path): \(problem.reason)")
                }
            }
            paths.append(file.path)
        }
    }

    /// Writes the scanner's index for the next visit, when it read anything new; a failure
    /// only costs that visit its speed, so it is a warning.
    func saveIndex(of scanner: HeaderScanner) {
        guard let indexFile, scanner.filesRead > 0 else { return }
        do { try scanner.updatedIndex().save(to: indexFile) } catch { printWarning("could not save the photo index: \(error)") }
    }
}
