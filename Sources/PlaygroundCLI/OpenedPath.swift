import Foundation
import PlaygroundCommands

/// What `parallax-playground PATH` opens, as a file manager's "Open With" or a drop hands it
/// over: a folder of photos as it is, or a photo as its folder, started at that photo.
struct OpenedPath: Equatable {
    /// The folder to show (what `--photos` would name).
    var folder: String
    /// The photo to start at: its name inside `folder`, for a file given.
    var photoName: String?

    /// Looks at what is at `path`; nothing there is an input error (status 2).
    init(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw InputError(message: "no such folder or photo: '\(path)'")
        }
        if isFolder.boolValue {
            folder = path
            photoName = nil
        } else {
            let file = URL(fileURLWithPath: path)
            folder = file.deletingLastPathComponent().path
            photoName = file.lastPathComponent
        }
    }
}
