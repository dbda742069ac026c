import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import Rendering
import SDLBackend

/// A folder or photo dropped onto the window: the window shows that folder from
/// then on, as if it had been given on the command line, without reopening.
extension PlaygroundApp {
    /// Shows `contents` in place of the photos shown: the model's items, the photo pipeline
    /// and the headers still to arrive are replaced; scene, strategy, overlay and window stay.
    /// False when the window shows no photo pipeline (nothing changes).
    public func showFolder(_ contents: PhotoFolderContents, diskCaches: PhotoDiskCaches) -> Bool {
        guard let currentPipeline = executor.images.pipeline else { return false }
        let pipeline = PhotoTextures(renderer: renderer, paths: contents.paths, headers: contents.headers,
                                     knownProblems: contents.problems, settings: currentPipeline.settings,
                                     loader: PhotoLoader(workers: PhotoLoader.oneWorkerPerCore, caches: diskCaches),
                                     warn: printWarning)
        executor.images.replacePhotoPipeline(pipeline)
        playground.replacePhotos(PhotoSet(aspectRatios: contents.aspectRatios, titles: contents.titles,
                                           sectionLength: PhotoSet.folderSectionLength))
        playground.photoDates = contents.dates
        if let start = contents.startIndex { playground.scroll(toItem: start) }
        headerScan = HeaderArrivals(contents: contents)
        return true
    }
}
