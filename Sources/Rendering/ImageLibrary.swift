import SDLBackend
import Foundation
import ParallaxKit
import PhotoPipeline

/// The photos and album covers the scenes draw, looked up by `ImageRef`.
///
/// Images come one of two ways: through photo pipelines (`pipeline` for photos and
/// `coverPipeline` for covers: decoded off the frame, at the size each is drawn; the window,
/// `shot` and `record`), or as textures loaded up front (`photos` and `covers`: every frame
/// draws the same pixels from the first, which frame-for-frame comparisons and tests need).
public final class ImageLibrary {
    public let photos: [Texture]
    public let covers: [Texture]
    /// When set, photos are drawn from here and `photos` is unused.
    public private(set) var pipeline: PhotoTextures?
    /// When set, covers are drawn from here and `covers` is unused.
    public let coverPipeline: PhotoTextures?

    public init(photos: [Texture], covers: [Texture]) {
        self.photos = photos
        self.covers = covers
        pipeline = nil
        coverPipeline = nil
    }

    /// Photos and covers through pipelines of their own (the covers' holds twelve small
    /// squares; keeping them apart keeps photos from pushing them out).
    public init(pipeline: PhotoTextures, coverPipeline: PhotoTextures) {
        photos = []
        covers = []
        self.pipeline = pipeline
        self.coverPipeline = coverPipeline
    }

    /// Draws photos from `pipeline` from now on (another folder opened in the window); the one
    /// before stops its decoders and frees its textures as it goes.
    public func replacePhotoPipeline(_ pipeline: PhotoTextures) {
        self.pipeline = pipeline
    }

    /// The image files of `directory` that `loadDirectory` would load, in its order, without
    /// loading them (the bundled photos, handed to the pipeline).
    /// A folder named like an image is named to `skipped` and left out.
    public static func imagePaths(in directory: String, skipped: (String) -> Void = { _ in }) throws(SDLError) -> [String] {
        guard let entries = ImageFolderListing.entries(in: directory) else {
            throw .noImages(directory: directory, reason: ImageFolderListing.unreadable)
        }
        let paths = entries.filter { entry in
            if entry.isFolder { skipped("\(entry.path): a folder, not an image file") }
            return !entry.isFolder
        }.map(\.path)
        guard !paths.isEmpty else { throw .noImages(directory: directory, reason: ImageFolderListing.noImageFiles) }
        return paths
    }

    /// Loads `<resources>/photos` and `<resources>/covers` (see `loadDirectory`); each file
    /// that cannot be shown is skipped and named to `skipped` with the reason.
    public convenience init(renderer: Renderer, resourcesDirectory: String, skipped: (String) -> Void = { _ in }) throws(SDLError) {
        let root = URL(fileURLWithPath: resourcesDirectory)
        self.init(
            photos: try Self.loadDirectory(root.appendingPathComponent("photos").path, renderer: renderer, skipped: skipped),
            covers: try Self.loadDirectory(root.appendingPathComponent("covers").path, renderer: renderer, skipped: skipped))
    }

    /// The texture for `ref`; indices wrap around the set, so any index shows some image.
    /// Nil only when that set is empty.
    public func texture(for ref: ImageRef) -> Texture? {
        switch ref {
        case .photo(let index): Self.wrapped(photos, index)
        case .cover(let index): Self.wrapped(covers, index)
        }
    }

    private static func wrapped(_ textures: [Texture], _ index: Int) -> Texture? {
        guard !textures.isEmpty else { return nil }
        let count = textures.count
        return textures[((index % count) + count) % count]
    }

    /// The longest side an image is decoded to: the bundled photos are 960 pixels wide, a
    /// cell is at most a window wide, and a 12,000-pixel photo then costs 16 MB, not 576.
    public static let largestSide = 2048

    /// Every PNG and JPEG file directly in `directory`, sorted by file name, as textures.
    /// A file that cannot be read or decoded (or a folder named like an image) is skipped, and
    /// `skipped` hears "path: reason"; throws when the directory is missing or no image loads.
    public static func loadDirectory(_ directory: String, renderer: Renderer, skipped: (String) -> Void = { _ in }) throws(SDLError) -> [Texture] {
        guard let entries = ImageFolderListing.entries(in: directory) else {
            throw .noImages(directory: directory, reason: ImageFolderListing.unreadable)
        }
        guard !entries.isEmpty else {
            throw .noImages(directory: directory, reason: ImageFolderListing.noImageFiles)
        }
        var textures: [Texture] = []
        var problems: [String] = []
        for entry in entries {
            if entry.isFolder {
                problems.append("\(entry.path): a folder, not an image file")
                continue
            }
            do {
                textures.append(try renderer.loadPhotoTexture(path: entry.path, maxSide: Self.largestSide))
            } catch {
                problems.append("\(entry.path): \(error.reason)")
            }
        }
        problems.forEach(skipped)
        guard !textures.isEmpty else {
            throw .noImages(directory: directory, reason: "none of its \(entries.count) image file(s) could be read: " + (problems.first ?? ""))
        }
        return textures
    }
}
