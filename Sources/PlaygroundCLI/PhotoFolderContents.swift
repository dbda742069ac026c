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
    /// Files whose header cannot be read are skipped, each with one warning.
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
            do {
                let header = try PhotoHeader.read(path: entry.path)
                let title = URL(fileURLWithPath: entry.name).deletingPathExtension().lastPathComponent
                contents.photos.append(aspectRatio: Double(header.displayedWidth) / Double(header.displayedHeight), title: title)
                contents.paths.append(entry.path)
            } catch {
                printWarning("skipping \(entry.path): \(error.reason)")
            }
        }
        guard !contents.paths.isEmpty else {
            throw InputError(message: "--photos: none of the \(folder.entries.count) image file(s) in '\(photos)' could be read")
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
}
