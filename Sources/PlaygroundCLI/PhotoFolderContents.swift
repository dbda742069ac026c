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
    /// A file whose header cannot be read keeps its place, as a "can't show" tile in a 3:2
    /// cell; a folder in which no file can be read is an input error (exit status 2).
    func load() throws -> PhotoFolderContents? {
        guard let photos else { return nil }
        let folder: PhotoFolder
        do {
            folder = try PhotoFolder.scan(photos, recursive: recursive, order: sort == .date ? .dateTaken : .name)
        } catch {
            throw InputError(message: "--photos: \(error)")
        }
        var contents = PhotoFolderContents()
        for entry in folder.entries {
            let title = URL(fileURLWithPath: entry.name).deletingPathExtension().lastPathComponent
            do {
                let header = try PhotoHeader.read(path: entry.path)
                contents.photos.append(aspectRatio: Double(header.displayedWidth) / Double(header.displayedHeight), title: title)
                contents.headers.append(header)
            } catch {
                contents.photos.append(aspectRatio: PhotoFolderContents.unreadableAspectRatio, title: title)
                contents.headers.append(nil)
                contents.problems[contents.paths.count] = error.reason
                printWarning("can't show \(entry.path): \(error.reason)")
            }
            contents.paths.append(entry.path)
        }
        guard contents.problems.count < contents.paths.count else {
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
/// and their files, index for index.
struct PhotoFolderContents {
    var photos = PhotoSet()
    var paths: [String] = []
    /// The headers read for the layout, index for index with `paths` (nil where unreadable).
    var headers: [PhotoHeader?] = []
    /// Why each unreadable file (by index) cannot be shown.
    var problems: [Int: String] = [:]

    /// The shape of a cell whose file cannot be read: a common camera's 3:2.
    static let unreadableAspectRatio = 1.5
}
