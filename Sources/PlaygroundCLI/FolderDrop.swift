import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import SDLBackend

/// A folder or photo dropped onto the window (issue 22): the window shows that folder from
/// then on, as if it had been given on the command line, without reopening.
extension PlaygroundApp {
    /// Opens `path` (a folder, or a photo: its folder at it) in place of the photos shown:
    /// the model's items, the photo pipeline and the headers still to arrive are replaced;
    /// scene, strategy, overlay and window stay. Returns the folder now shown, or nil when
    /// `path` cannot be opened (nothing there, no readable photo), which is one warning and
    /// leaves everything as it was.
    func openDropped(_ path: String, display: DisplayOptions, diskCache: DiskThumbnailCache?) -> String? {
        guard let currentPipeline = executor.images.pipeline else { return nil }
        let contents: PhotoFolderContents
        let opened: OpenedPath
        do {
            opened = try OpenedPath(path)
            var folderOptions = display.model.folder
            folderOptions.photos = opened.folder
            guard let loaded = try folderOptions.load(waitingForAll: false, startingAt: opened.photoName) else { return nil }
            contents = loaded
        } catch {
            printWarning("cannot open the dropped '\(path)': \(error)")
            return nil
        }
        let pipeline = PhotoTextures(renderer: renderer, paths: contents.paths, headers: contents.headers,
                                     knownProblems: contents.problems, settings: currentPipeline.settings,
                                     loader: PhotoLoader(diskCache: diskCache), warn: printWarning)
        executor.images.replacePhotoPipeline(pipeline)
        playground.replacePhotos(contents.photos)
        if let start = contents.startIndex { playground.scroll(toItem: start) }
        headerScan = HeaderArrivals(contents: contents)
        return opened.folder
    }
}

/// The folder the window shows, as drops change it: what the settings remember at exit.
final class ShownFolder {
    var path: String?
    init(_ path: String?) { self.path = path }
}
