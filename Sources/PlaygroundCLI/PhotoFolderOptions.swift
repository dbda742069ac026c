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

    /// The folder's photos by their headers (see `PhotoFolderContents.load`), or nil without
    /// `--photos`. A folder that cannot be scanned, or in which no file can be read, is an
    /// input error (exit status 2).
    func load(waitingForAll: Bool = true, startingAt startName: String? = nil) throws -> PhotoFolderContents? {
        guard let photos else { return nil }
        let folder: PhotoFolder
        do {
            folder = try PhotoFolder.scan(photos, recursive: recursive, order: sort == .date ? .dateTaken : .name)
        } catch {
            throw InputError(message: "--photos: \(error)")
        }
        var contents = PhotoFolderContents.load(folder, waitingForAll: waitingForAll, startingAt: startName)
        if sort == .date {
            // The scrubber's label names the month on the wall clock here (the zone then).
            contents.dates = folder.entries.map { entry in
                entry.date.map { $0.timeIntervalSince1970 + Double(TimeZone.current.secondsFromGMT(for: $0)) }
            }
        }
        if contents.nothingReadable {
            throw InputError(message: "--photos: none of the \(folder.entries.count) image file(s) in '\(photos)' could be read (\(contents.firstProblem))")
        }
        return contents
    }
}

enum PhotoSortOrder: String, ExpressibleByArgument, CaseIterable {
    case name, date
}

extension PhotoFolderContents {
    /// The folder's photos as the model lays them out.
    var photos: PhotoSet { PhotoSet(aspectRatios: aspectRatios, titles: titles) }
}
