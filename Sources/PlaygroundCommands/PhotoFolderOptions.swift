import ArgumentParser
import DesktopSettings
import Foundation
import ParallaxKit
import PhotoPipeline

/// `--photos DIR` and how to read it: which folder, whether to descend, in what order. The
/// three options are declared in `PlaygroundModelOptions` (see `folder` there), not as an
/// option group of their own inside it: ArgumentParser's debug build checks each option group
/// again for every level it is nested in.
package struct PhotoFolderOptions: Sendable {
    package var photos: String?
    package var recursive: Bool
    package var sort: PhotoSortOrder

    package init(photos: String? = nil, recursive: Bool = false, sort: PhotoSortOrder = .name) {
        self.photos = photos
        self.recursive = recursive
        self.sort = sort
    }

    /// The folder's photos by their headers (see `PhotoFolderContents.load`), or nil without
    /// `--photos`. A folder that cannot be scanned, or in which no file can be read, is an
    /// input error (exit status 2).
    package func load(waitingForAll: Bool = true, startingAt startName: String? = nil) throws -> PhotoFolderContents? {
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

extension PhotoFolderOptions {
    /// Starts reading the folder for a window: listing and headers on threads of their own
    /// (`LibraryScan`), or with `waitingForAll` every header read before `contents()` returns
    /// (`--preload-photos`). Nil without `--photos`.
    package func opening(waitingForAll: Bool, startingAt startName: String? = nil) -> FolderOpening? {
        guard photos != nil else { return nil }
        return FolderOpening(options: self, waitingForAll: waitingForAll, startName: startName)
    }
}

/// A folder being opened while SDL starts: what the window shows at its first frame.
package final class FolderOpening: Sendable {
    private let options: PhotoFolderOptions
    private let whole: BackgroundAnswer<Result<PhotoFolderContents?, any Error>>?
    private let library: LibraryScan?

    package init(options: PhotoFolderOptions, waitingForAll: Bool, startName: String?) {
        self.options = options
        if waitingForAll || options.photos == nil {
            whole = BackgroundAnswer { Result { try options.load(waitingForAll: true, startingAt: startName) } }
            library = nil
        } else {
            whole = nil
            library = LibraryScan(root: options.photos ?? "", recursive: options.recursive,
                                  order: options.sort == .date ? .dateTaken : .name, startingAt: startName)
        }
    }

    /// The folder's contents as far as they are known now (see `PhotoFolderContents.start`);
    /// a folder that cannot be listed, or of which nothing could be read, is an input error.
    package func contents() throws -> PhotoFolderContents? {
        if let whole { return try whole.value.get() }
        guard let library, let photos = options.photos else { return nil }
        let contents: PhotoFolderContents
        do {
            // A small folder's listing and first screen are read while SDL starts (40–150 ms)
            // and need no more. Not read by then, they are waited for as long as a window ever
            // waits for a first screen, so a folder of which nothing is readable is an error
            // before the window opens, whatever the machine's load: on a loaded machine a
            // small folder's scan may not have run yet (with 20 ms, a folder of one unreadable
            // file opened a window at three tests at once on two cores). A large folder is
            // not waited for: its listing says so at `LibraryScan.largeListing` names.
            contents = try PhotoFolderContents.start(library, waitingUntil: Date().addingTimeInterval(PhotoFolderContents.firstScreenWait),
                                                     indexFile: PhotoIndex.defaultFile())
        } catch {
            throw InputError(message: "--photos: \(error)")
        }
        if contents.nothingReadable {
            throw InputError(message: "--photos: none of the \(contents.paths.count) image file(s) in '\(photos)' could be read (\(contents.firstProblem))")
        }
        return contents
    }
}

package enum PhotoSortOrder: String, ExpressibleByArgument, CaseIterable, Sendable {
    case name, date
}

extension PhotoFolderContents {
    /// The folder's photos as the model lays them out.
    package var photos: PhotoSet { PhotoSet(aspectRatios: aspectRatios, titles: titles, sectionLength: PhotoSet.folderSectionLength) }
}
