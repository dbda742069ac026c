import Foundation

/// The images directly in a folder of the app's own images (the bundled photos and covers):
/// the files named .png, .jpg or .jpeg, sorted by name, hidden files left out. (A folder the
/// user opens goes through `PhotoFolder`, which reads many more formats and sorts naturally.)
public enum ImageFolderListing {
    /// Why a folder gives no images, in words for an error message.
    public static let unreadable = "cannot read the directory"
    public static let noImageFiles = "no .png, .jpg or .jpeg files"

    /// One name in the folder that looks like an image.
    public struct Entry: Sendable, Equatable {
        public var path: String
        /// A folder named like an image: listed, so the caller can name it, never loaded.
        public var isFolder: Bool
    }

    /// The entries of `directory` named like images, sorted by name; nil when the directory
    /// cannot be read.
    public static func entries(in directory: String) -> [Entry]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        return names.filter(isImageName).sorted().map { name in
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            return Entry(path: path, isFolder: exists && isFolder.boolValue)
        }
    }

    /// Hidden files include macOS's "._name.png" metadata, which only look like images.
    static func isImageName(_ name: String) -> Bool {
        !name.hasPrefix(".") && ["png", "jpg", "jpeg"].contains(URL(fileURLWithPath: name).pathExtension.lowercased())
    }
}
