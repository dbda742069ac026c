import FileOutput
import Foundation
import PhotoPipeline
import PlaygroundCommands
import PlaygroundWindow

extension PlaygroundApp {
    /// Opens `path` (a folder, or a photo: its folder at it), dropped onto the window, in
    /// place of the photos shown (see `showFolder`), read as `display`'s `--photos` options
    /// say. Returns the folder now shown, or nil when `path` cannot be opened (nothing there,
    /// no readable photo), which is one warning and leaves everything as it was.
    func openDropped(_ path: String, display: DisplayOptions, diskCaches: PhotoDiskCaches) -> String? {
        guard executor.images.pipeline != nil else { return nil }
        let contents: PhotoFolderContents
        let opened: OpenedPath
        do {
            opened = try OpenedPath(path)
            var folderOptions = display.model.folder
            folderOptions.photos = opened.folder
            guard let loaded = try folderOptions.opening(waitingForAll: false, startingAt: opened.photoName)?.contents() else { return nil }
            contents = loaded
        } catch {
            printWarning("cannot open the dropped '\(path)': \(error)")
            return nil
        }
        return showFolder(contents, diskCaches: diskCaches) ? opened.folder : nil
    }
}

/// The folder the window shows, as drops change it: what the settings remember at exit.
final class ShownFolder {
    var path: String?
    init(_ path: String?) { self.path = path }
}
