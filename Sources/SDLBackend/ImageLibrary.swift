import Foundation
import ParallaxKit

/// The photos and album covers the scenes draw, looked up by `ImageRef`.
public final class ImageLibrary {
    public let photos: [Texture]
    public let covers: [Texture]

    public init(photos: [Texture], covers: [Texture]) {
        self.photos = photos
        self.covers = covers
    }

    /// Loads `<resources>/photos` and `<resources>/covers` (see `loadDirectory`).
    public convenience init(renderer: Renderer, resourcesDirectory: String) throws(SDLError) {
        let root = URL(fileURLWithPath: resourcesDirectory)
        self.init(
            photos: try Self.loadDirectory(root.appendingPathComponent("photos").path, renderer: renderer),
            covers: try Self.loadDirectory(root.appendingPathComponent("covers").path, renderer: renderer))
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

    /// Every PNG and JPEG file directly in `directory`, sorted by file name, as textures.
    /// Throws when the directory is missing or holds none.
    public static func loadDirectory(_ directory: String, renderer: Renderer) throws(SDLError) -> [Texture] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .noImages(directory: directory, reason: "cannot read the directory")
        }
        // Hidden files include macOS's "._name.png" metadata, which only look like images.
        let imageNames = names
            .filter { !$0.hasPrefix(".") }
            .filter { ["png", "jpg", "jpeg"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted()
        guard !imageNames.isEmpty else {
            throw .noImages(directory: directory, reason: "no .png, .jpg or .jpeg files")
        }
        var textures: [Texture] = []
        for name in imageNames {
            textures.append(try renderer.loadTexture(path: URL(fileURLWithPath: directory).appendingPathComponent(name).path))
        }
        return textures
    }
}
